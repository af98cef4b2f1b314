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
