"""An operation made to do nothing where it would break the property, in place of a guard
(verifiers/alloy/idle.py), with the real Analyzer, on a library written here: the effect filtered by the property
and an ``if-then-else`` whose else branch keeps only the relation the property reads are undecided (one whose
else keeps everything the operation moves is a guard written another way); the guard and an effect that takes other
steps than the author's are not asked."""

from __future__ import annotations

from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.idle import idles

SHED = """sig Tool {}
sig Person { var has: set Tool }
var sig Stored in Tool {}
fact Start { no has and Stored = Tool }
pred take[p: Person, t: Tool] {
  has' = has + p -> t
  Stored' = Stored - t
}
pred putBack[p: Person, t: Tool] {
  t in p.has
  has' = has - p -> t
  Stored' = Stored + t
}
fact Moves {
  always ((has' = has and Stored' = Stored) or some p: Person, t: Tool | take[p, t] or putBack[p, t])
}
assert OneUser { always all t: Tool | lone has.t }
run Used { eventually some has } for 3 but 6 steps
check OneUser for 3 but 6 steps
"""
EFFECT = "  has' = has + p -> t\n"


def test_an_effect_filtered_by_the_property_is_undecided(alloy) -> None:  # noqa: ANN001
    for cheat in ("  has' = has + p -> (t - Person.has)\n",
                  "  has' = has + {q: p, u: t | no has.u}\n"):
        cand = SHED.replace(EFFECT, cheat)
        got = idles(SHED, cand, alloy)
        assert len(got) == 1 and "pred take" in got[0] and "has" in got[0], (cheat, got)
        rep = gate(SHED, cand, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("idles" in u for u in rep.unknown), (cheat, rep.unknown)


def test_an_else_branch_is_asked_unless_it_keeps_everything_the_operation_moves(alloy) -> None:  # noqa: ANN001
    # `else` keeping every relation take moves: a guard written another way, in plain sight (not asked)
    full = SHED.replace(EFFECT + "  Stored' = Stored - t\n",
                        "  no has.t implies { has' = has + p -> t and Stored' = Stored - t }\n"
                        "  else { has' = has and Stored' = Stored }\n")
    assert full != SHED and idles(SHED, full, alloy) == []
    # ... the same with the condition negated, the stutter in `then` (helper-54's o44_D_j02: not asked either)
    flipped = SHED.replace(EFFECT + "  Stored' = Stored - t\n",
                           "  some has.t implies { has' = has and Stored' = Stored }\n"
                           "  else { has' = has + p -> t and Stored' = Stored - t }\n")
    assert flipped != SHED and idles(SHED, flipped, alloy) == []
    # `else` keeping `has` only, the shelf still emptied outside it: the no-op is the effect's (asked)
    part = SHED.replace(EFFECT, "  no has.t implies has' = has + p -> t else has' = has\n")
    assert part != SHED
    got = idles(SHED, part, alloy)
    assert len(got) == 1 and "leaves has as it is" in got[0], got


def test_the_guard_and_an_effect_taking_other_steps_are_not_asked(alloy) -> None:  # noqa: ANN001
    guard = SHED.replace(EFFECT, "  t in Stored\n" + EFFECT)
    assert idles(SHED, guard, alloy) == []
    assert gate(SHED, guard, verifier=alloy, behaviour="require").status == "faithful"
    # an effect that takes other steps than the author's (here: the tool from everyone, then to p): not a no-op
    moved = SHED.replace(EFFECT, "  has' = has - Person -> t + p -> t\n")
    assert idles(SHED, moved, alloy) == []



ROSTER = """open util/ordering[Day]
sig Nurse {}
sig Ward {}
sig Day { duty: Nurse -> Ward }
pred assign[d, e: Day, n: Nurse, w: Ward] {
  no d.duty[n]
  e.duty = d.duty + n -> w
}
fact Schedule {
  no first.duty
  all d: Day - last {
    d.next.duty = d.duty or (some n: Nurse, w: Ward | assign[d, d.next, n, w])
      or (some n: Nurse | release[d, d.next, n])
  }
}
pred release[d, e: Day, n: Nurse] { some d.duty[n] and e.duty = d.duty - n -> Ward }
assert OneNursePerWard { all d: Day, w: Ward | lone d.duty.w }
run Staffed { some d: Day | #d.duty = 2 } for 3 but 5 Day
check OneNursePerWard for 3 but 5 Day
"""
ASSIGN = "  e.duty = d.duty + n -> w\n"


def test_under_util_ordering_a_step_read_from_the_first_two_states(alloy) -> None:  # noqa: ANN001
    # a field of the ordered sig (`d.duty`): the value at a state is read off the state
    cheat = ROSTER.replace(ASSIGN, "  e.duty = d.duty + n -> (w - Nurse.(d.duty))\n")
    got = idles(ROSTER, cheat, alloy)
    assert len(got) == 1 and "pred assign" in got[0] and "leaves duty" in got[0], got
    guard = ROSTER.replace(ASSIGN, "  no d.duty.w\n" + ASSIGN)
    assert idles(ROSTER, guard, alloy) == []
    assert gate(ROSTER, guard, verifier=alloy, behaviour="require").status == "faithful"
