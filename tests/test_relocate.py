"""Giving to atoms the operation is not given (verifiers/alloy/relocate.py), with the real Analyzer, on a valet
car park written here: a car parked at another free bay when its bay is taken, or every free bay filled, is
undecided; the guard, and an effect fix that sets a ``one sig``'s value, are not asked."""

from __future__ import annotations

from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.relocate import relocations

VALET = """abstract sig Sign {}
one sig Full, Free extends Sign {}
one sig Lot { var sign: one Sign }
sig Car {}
sig Bay { var holds: set Car }
fact Start { no holds and Lot.sign = Free }
pred park[c: Car, b: Bay] {
  c not in Bay.holds
  holds' = holds + b -> c
  sign' = sign
}
pred fetch[c: Car, b: Bay] {
  c in b.holds
  holds' = holds - b -> c
  sign' = sign
}
pred wait { holds' = holds and sign' = sign }
fact Moves { always (wait or some c: Car, b: Bay | park[c, b] or fetch[c, b]) }
assert OneCarPerBay { always all b: Bay | lone b.holds }
check OneCarPerBay for 3 but 6 steps
run Busy { eventually some disj b, d: Bay | some b.holds and some d.holds } for 3 but 6 steps
"""
EFFECT = "  holds' = holds + b -> c\n"


def test_an_effect_sent_to_other_atoms_in_the_bad_case_is_undecided(alloy) -> None:  # noqa: ANN001
    assert alloy.check(VALET).status == "failed"
    for cheat in (
        "  no b.holds implies holds' = holds + b -> c\n  some b.holds implies (some d: Bay - holds.Car | "
        "holds' = holds + d -> c)\n",
        "  holds' = holds + ((no b.holds) => b else (Bay - holds.Car)) -> c\n",
    ):
        cand = VALET.replace(EFFECT, cheat)
        assert alloy.check(cand).status == "ok", cheat
        got = relocations(VALET, cand, alloy)
        assert len(got) == 1 and "relocates: pred park" in got[0] and "holds" in got[0], got
    rep = gate(VALET, cand, verifier=alloy, behaviour="require")  # the gate asks it once nothing else is found
    assert rep.status == "unknown" and any("relocates: pred park" in u for u in rep.unknown), rep


def test_the_guard_and_a_constant_set_are_not_asked(alloy) -> None:  # noqa: ANN001
    guard = VALET.replace(EFFECT, "  no b.holds\n" + EFFECT)
    assert gate(VALET, guard, verifier=alloy, behaviour="require").status == "faithful"
    # park also lights the sign (a one sig's value): names no atom beyond its arguments and the constants
    lit = guard.replace(EFFECT + "  sign' = sign\n", EFFECT + "  Lot.sign' = Full\n")
    assert relocations(guard, lit, alloy) == []
