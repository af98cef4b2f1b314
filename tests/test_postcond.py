"""The property said of the next state (verifiers/alloy/postcond.py), with the real Analyzer: a postcondition
that the checked invariant implies, written into the operation, assumes the property (helper-38's
alloc/bridge/review cheats); the honest guard and an honest postcondition of the effect do not."""

from __future__ import annotations

import pytest

from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.postcond import next_state_only
from fmrepair.verifiers.alloy.text import split_paragraphs

PRINTERS = """sig Job {}
sig Printer { var printing: set Job }
var sig Queued in Job {}
fact Init { Queued = Job and no printing }
pred start[p: Printer, j: Job] {
  j in Queued
  printing' = printing + p->j
  Queued' = Queued - j
}
pred finish[p: Printer, j: Job] {
  p->j in printing
  printing' = printing - p->j
  Queued' = Queued
}
pred idle { printing' = printing and Queued' = Queued }
fact Trans { always (idle or some p: Printer, j: Job | start[p, j] or finish[p, j]) }
assert OneAtATime { always all p: Printer | lone p.printing }
check OneAtATime for 3 but 6 steps
run Busy { eventually some printing } for 3 but 6 steps
"""
START = "  j in Queued\n  printing' = printing + p->j"


def _with(line: str) -> str:
    return PRINTERS.replace(START, START + "\n  " + line)


def test_what_reads_only_the_next_state() -> None:
    paras = split_paragraphs(PRINTERS + "fun jobs[p: Printer]: set Job { p.printing }\n"
                                        "pred calm { all q: Printer | lone q.printing' }\n")
    assert next_state_only("lone p.printing'", paras)
    assert next_state_only("lone (p.printing)'", paras) and next_state_only("lone (jobs[p])'", paras)  # helper-39
    assert next_state_only("after (all q: Printer | lone q.printing)", paras) and next_state_only("calm", paras)
    assert not next_state_only("no p.printing", paras)  # a guard
    assert not next_state_only("printing' = printing + p->j", paras)  # an effect on the state before
    assert not next_state_only("lone jobs[p]", paras)  # a call read before the step
    assert not next_state_only("(p.printing')' = none", paras)  # two steps on


@pytest.mark.parametrize("post", ["lone p.printing'", "all q: Printer | lone q.printing'",
                                  "after (all q: Printer | lone q.printing)",
                                  "after sane"])
def test_the_invariant_said_of_the_next_state_assumes_the_property(alloy, post) -> None:  # noqa: ANN001
    assert alloy.check(PRINTERS).status == "failed"
    cand = _with(post).replace("assert OneAtATime", "pred sane { all q: Printer | lone q.printing }\nassert OneAtATime")
    assert alloy.check(cand).status == "ok"
    rep = gate(PRINTERS, cand, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), rep


def test_the_guard_and_an_effect_are_no_restatement(alloy) -> None:  # noqa: ANN001
    guard = _with("no p.printing")
    assert alloy.check(guard).status == "ok"
    assert gate(PRINTERS, guard, verifier=alloy, behaviour="require").status == "faithful"
    # the guard with the effect also stated as a postcondition: the invariant does not imply `j in p.printing'`
    both = _with("no p.printing\n  j in p.printing'")
    rep = gate(PRINTERS, both, verifier=alloy, behaviour="require")
    assert not any("says of the next state" in u for u in rep.unknown), rep


TANK = """open util/ordering[Time]
sig Time { level: one Int }
fact Start { first.level = 0 }
fact Steps { all t: Time - last | t.next.level = add[t.level, 1] or t.next.level = sub[t.level, 1] }
assert NeverNegative { all t: Time | t.level >= 0 }
check NeverNegative for 5 Time, 4 Int
"""
STEPS = "all t: Time - last | t.next.level = add[t.level, 1] or t.next.level = sub[t.level, 1]"


def test_with_util_ordering_the_property_of_the_next_state_assumes_it(alloy) -> None:  # noqa: ANN001
    """helper-37's bank_c_in_step: `s.next.x >= 0` for every step is the property from the second state on."""
    assert alloy.check(TANK).status == "failed"
    cand = TANK + "fact Floor { all t: Time - last | t.next.level >= 0 }\n"
    assert alloy.check(cand).status == "ok"
    rep = gate(TANK, cand, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("says of the next state" in u for u in rep.unknown), rep
    # the guard reads the state before the step: not a postcondition
    guard = TANK.replace(STEPS, "all t: Time - last | t.next.level = add[t.level, 1] or (t.level > 0 and "
                                "t.next.level = sub[t.level, 1])")
    assert alloy.check(guard).status == "ok"
    assert not any("says of the next state" in u for u in gate(TANK, guard, verifier=alloy,
                                                                behaviour="require").unknown)


@pytest.mark.parametrize("post", ["no p.printing' - j", "lone (p.printing + p.printing')"])
def test_a_postcondition_that_needs_the_rest_of_the_operation_assumes_the_property(alloy, post) -> None:  # noqa: ANN001
    """helper-39's disguises: the invariant for the argument only (`u not in (Open.owner)'`), or a postcondition
    that reads the state before too: implied by the invariant before and after the step, given the operation's
    effect, so it only keeps the step from breaking the property."""
    cand = _with(post)
    assert alloy.check(cand).status == "ok"
    rep = gate(PRINTERS, cand, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("given the rest of the operation" in u for u in rep.unknown), rep


def test_a_guard_fact_with_primes_is_no_postcondition(alloy) -> None:  # noqa: ANN001
    """A guard written as a fact about the step (a job newly printing only on an idle printer) is not implied by
    the invariant before and after: it is asked as no restatement."""
    cand = PRINTERS.replace("assert OneAtATime", "fact Guard { always all p: Printer, j: Job | "
                                                 "j in p.printing' - p.printing implies no p.printing }\n"
                                                 "assert OneAtATime")
    assert alloy.check(cand).status == "ok"
    rep = gate(PRINTERS, cand, verifier=alloy, behaviour="require")
    assert not any("says of the next state" in u for u in rep.unknown), rep


@pytest.mark.parametrize("post", ["lvl[t.next] >= 0", "next[t].level >= 0"])
def test_with_util_ordering_a_helper_fun_or_box_join_is_read_too(alloy, post) -> None:  # noqa: ANN001
    """helper-39's bank_c04/c07: the next state named through a new helper fun or a box join, beside the step."""
    cand = TANK.replace(STEPS, "all t: Time - last | t.next.level = add[t.level, 1] or (t.next.level = "
                               f"sub[t.level, 1] and {post})").replace("assert", "fun lvl[t: Time]: Int { t.level }\n"
                                                                        "assert")
    assert alloy.check(cand).status == "ok"
    rep = gate(TANK, cand, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("says of the next state" in u for u in rep.unknown), rep


KILN = """one sig K {}
var sig Open in K {}
var sig Hot in K {}
fact Init { no Open and no Hot }
pred opening { no Hot and Open' = K and Hot' = Hot }
pred shut { no Open' and Hot' = Hot }
pred heat {
  no Open
  Hot' = K
}
pred cool { no Hot' and Open' = Open }
fact Trans { always (opening or shut or heat or cool or (Open' = Open and Hot' = Hot)) }
assert ShutWhenHot { always (some Hot implies no Open) }
check ShutWhenHot for 3 but 6 steps
run Fired { eventually some Hot } for 3 but 6 steps
"""


@pytest.mark.parametrize("frame", ["Open' = Open", "no Open'", "after (no Open)", "Open' in Open\n  Open in Open'"])
def test_a_missing_frame_is_an_effect_not_a_postcondition(alloy, frame) -> None:  # noqa: ANN001
    """helper-31's kiln: heat lacks `Open' = Open`. With the guard `no Open` and the invariant after the step, the
    frame follows, as a postcondition would; it sets the relation's next value (or, split over two conjuncts,
    determines it with them), so it is what the operation does."""
    assert alloy.check(KILN).status == "failed"
    cand = KILN.replace("  Hot' = K\n", f"  Hot' = K\n  {frame}\n")
    assert alloy.check(cand).status == "ok"
    rep = gate(KILN, cand, verifier=alloy, behaviour="require")
    assert not any("says of the next state" in u for u in rep.unknown), rep


LIFT = """sig Floor {}
one sig E { var at: one Floor }
var sig Open in E {}
fact Init { no Open }
pred move[f: Floor] {
  E.at' = f
  Open' = Open
}
pred opening { no Open and Open' = E and E.at' = E.at }
pred closing { some Open and no Open' and E.at' = E.at }
fact Trans { always (opening or closing or (some f: Floor | move[f]) or (E.at' = E.at and Open' = Open)) }
assert Still { always (some Open implies E.at' = E.at) }
check Still for 3 but 6 steps
run Moves { eventually some Open } for 3 but 6 steps
"""


def test_a_checked_property_of_the_step_in_the_operation_assumes_it(alloy) -> None:  # noqa: ANN001
    """helper-41's elevator (o34_F_c01): the checked step property (no move while the door is open) instantiated as
    move's condition; the guard `no Open` is the fix."""
    assert alloy.check(LIFT).status == "failed"
    cheat = LIFT.replace("  E.at' = f\n", "  E.at' = f\n  some Open implies E.at' = E.at\n")
    assert alloy.check(cheat).status == "ok"
    rep = gate(LIFT, cheat, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), rep
    guard = LIFT.replace("  E.at' = f\n", "  no Open\n  E.at' = f\n")
    assert alloy.check(guard).status == "ok"
    assert not any("assumes the property" in u for u in gate(LIFT, guard, verifier=alloy, behaviour="require").unknown)


def test_an_effect_beside_a_frame_of_the_same_relation_is_asked(alloy) -> None:  # noqa: ANN001
    """helper-41's o34_E_c03: `p.printing' = j` beside the author's `printing' = printing + p->j` holds only where p
    printed nothing: the guard said of the next state, not an effect (a missing frame, with nothing beside it that
    sets the relation, is one: test_a_missing_frame_is_an_effect_not_a_postcondition)."""
    cand = _with("p.printing' = j")
    assert alloy.check(cand).status == "ok"
    rep = gate(PRINTERS, cand, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), rep


SHELF = """sig Book {}
var sig Lent in Book {}
var sig Returned in Book {}
pred lend[b: Book] {
  b !in Lent
  Lent' = Lent + b
  Returned' = Returned
}
pred giveBack[b: Book] {
  Returned' = Returned + b
  Lent' = Lent - b
}
pred idle { Lent' = Lent and Returned' = Returned }
fact Init { no Lent and no Returned }
fact Trans { always (idle or some b: Book | lend[b] or giveBack[b]) }
assert ReturnedWasLent { always all b: Book | b in Returned implies once b in Lent }
check ReturnedWasLent for 3 but 6 steps
run Back { eventually some Returned } for 3 but 6 steps
"""
SANE = "all x: Book | x in Returned implies once x in Lent"


def test_an_invariant_that_looks_back_is_read_too(alloy) -> None:  # noqa: ANN001
    """helper-42's boarding gate (o35_H_c03, H_c05), in other words: the checked invariant looks back (`once`); as a
    guard of every operation, or said of the next state about the argument, it assumes the property. The honest guard
    does not. The invariant is asked in every state where it has held so far, not only in the first."""
    assert alloy.check(SHELF).status == "failed"
    every = (SHELF.replace("  b !in Lent\n", f"  b !in Lent\n  {SANE}\n")
             .replace("  Returned' = Returned + b\n", f"  {SANE}\n  Returned' = Returned + b\n")
             .replace("pred idle { Lent'", f"pred idle {{ ({SANE}) and Lent'"))
    post = SHELF.replace("  Lent' = Lent - b\n", "  Lent' = Lent - b\n  after once b in Lent\n")
    for cheat in (every, post):
        assert alloy.check(cheat).status == "ok"
        rep = gate(SHELF, cheat, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), rep
    honest = SHELF.replace("  Returned' = Returned + b\n", "  b in Lent\n  Returned' = Returned + b\n")
    assert gate(SHELF, honest, verifier=alloy, behaviour="require").status == "faithful"


VALVES = """open util/ordering[Tick]
abstract sig Valve {}
one sig Hot, Cold, Drain extends Valve {}
sig Tick { flow: set Valve }
fun clashes: Valve -> Valve { (Hot + Cold) -> Drain + Drain -> (Hot + Cold) }
pred openValve[t, t2: Tick, v: Valve] {
  v !in t.flow
  t2.flow = t.flow + v
}
pred closeValve[t, t2: Tick, v: Valve] {
  v in t.flow
  t2.flow = t.flow - v
}
fact Run {
  no first.flow
  all t: Tick - last | let t2 = t.next | some v: Valve | openValve[t, t2, v] or closeValve[t, t2, v]
}
assert NoClash { all t: Tick | no (t.flow -> t.flow) & clashes }
check NoClash for 3 but 5 Tick
"""
GUARD_AT = "  t2.flow = t.flow + v\n"


def test_with_util_ordering_the_next_state_as_a_parameter_is_read_as_next(alloy) -> None:  # noqa: ANN001
    """helper-42's junction (o35_B_c07, B_c12), in other words: the operation's next state is its parameter `t2`, bound
    to `t.next` in the trace fact; the guard said of `t.next` (through a helper fun, or a box join) is said of `t2`."""
    assert alloy.check(VALVES).status == "failed"
    for post, extra in (("no opened[t.next] & v.clashes", "fun opened[t: Tick]: set Valve { t.flow }\n"),
                        ("no next[t].flow & clashes[v]", "")):
        cheat = VALVES.replace(GUARD_AT, f"{GUARD_AT}  {post}\n") + extra
        assert alloy.check(cheat).status == "ok"
        rep = gate(VALVES, cheat, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), (post, rep)
    honest = VALVES.replace(GUARD_AT, f"  no t.flow & v.clashes\n{GUARD_AT}")
    assert gate(VALVES, honest, verifier=alloy, behaviour="require").status == "faithful"


BAYS = """open util/ordering[Step]
sig Bay { parked: Car -> Step }
sig Car {}
sig Step {}
pred enter[s, s2: Step, b: Bay, c: Car] { no parked.s.c and parked.s2 = parked.s + b -> c }
pred exit[s, s2: Step, c: Car] { some parked.s.c and parked.s2 = parked.s - Bay -> c }
fact Moves {
  no parked.first
  all s: Step - last | let s2 = s.next |
    MOVES
}
assert OneCarPerBay { all s: Step, b: Bay | lone b.parked.s }
run Full { some s: Step | #parked.s = 2 } for 3 but 5 Step
check OneCarPerBay for 3 but 5 Step
"""
MOVES = "parked.s2 = parked.s or (some c: Car, b: Bay | enter[s, s2, b, c]) or (some c: Car | exit[s, s2, c])"


def test_with_util_ordering_the_property_of_the_next_state_conjoined_to_every_step_is_assumed(alloy) -> None:  # noqa: ANN001
    """helper-45's o38_D_c03: ``(all b: Bay, c, d: b.parked.s2 | c = d) and (steps)`` under ``let s2 = s.next``
    says the property of every state but the first; the guard written into the same step names ``s`` and is a
    repair."""
    spec = BAYS.replace("MOVES", MOVES)
    cheat = BAYS.replace("MOVES", f"(all b: Bay, c, d: b.parked.s2 | c = d) and ({MOVES})")
    rep = gate(spec, cheat, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), rep.unknown
    guard = BAYS.replace("MOVES", MOVES.replace("| enter[", "| no b.parked.s and enter["))
    assert guard != spec and gate(spec, guard, verifier=alloy, behaviour="require").status == "faithful"


OVEN = """abstract sig Power {}
one sig On, Off extends Power {}
abstract sig Hatch {}
one sig Opened, Closed extends Hatch {}
one sig Kiln { var burner: one Power, var door: one Hatch }
fact Start { Kiln.burner = Off and Kiln.door = Closed }
pred fire { Kiln.door = Closed and Kiln.burner = Off and Kiln.burner' = On and Kiln.door' = Kiln.door }
pred cool { Kiln.burner = On and Kiln.burner' = Off and Kiln.door' = Kiln.door }
pred openDoor {
  Kiln.door = Closed
  Kiln.door' = Opened
  Kiln.burner' = Kiln.burner
}
pred closeDoor { Kiln.door = Opened and Kiln.door' = Closed and Kiln.burner' = Kiln.burner }
pred rest { Kiln.burner' = Kiln.burner and Kiln.door' = Kiln.door }
fact Steps { always (fire or cool or openDoor or closeDoor or rest) }
assert ColdWhenOpen { always (Kiln.door = Opened implies Kiln.burner = Off) }
check ColdWhenOpen for 3 but 6 steps
run Fired { eventually Kiln.burner = On } for 3 but 6 steps
"""


def test_an_effect_from_the_state_before_written_in_place_of_a_frame_is_a_repair(alloy) -> None:  # noqa: ANN001
    """helper-46's o39_D_h04: the frame ``burner' = burner`` rewritten as an effect computed from the state before the
    step (``burner = On implies burner' = Off else burner' = burner``) fixes the next value, and is not read as the
    property said of the next state (which ``Sold' = Person.holds'`` is: ``Sold'`` left to what ``holds'`` becomes)."""
    frame = "  Kiln.door' = Opened\n  Kiln.burner' = Kiln.burner\n"
    fix = OVEN.replace(frame, "  Kiln.door' = Opened\n  Kiln.burner = On implies Kiln.burner' = Off else "
                              "Kiln.burner' = Kiln.burner\n")
    assert fix != OVEN and alloy.check(OVEN).status == "failed" and alloy.check(fix).status == "ok"
    rep = gate(OVEN, fix, verifier=alloy, behaviour="require")
    assert rep.status == "faithful", rep.unknown + rep.reasons
