"""Evicting instead of guarding (verifiers/alloy/evict.py), with the real Analyzer: an operation made to take
a lock away from the process holding it is undecided (helper-38's alloc_c_evict, the intent benchmark's mutex);
the guard, and an operation made to replace its own argument's value (a move), are not asked."""

from __future__ import annotations

from fmrepair.verifiers.alloy.evict import evictions
from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.probes import var_arities
from fmrepair.verifiers.alloy.text import split_paragraphs

LOCKS = """sig Lock {}
sig Proc { var holds: set Lock, var at: lone Room }
sig Room {}
fact Init { no holds }
pred acquire[p: Proc, l: Lock] {
  holds' = holds + p->l
  at' = at
}
pred release[p: Proc, l: Lock] {
  p->l in holds
  holds' = holds - p->l
  at' = at
}
pred walk[p: Proc, r: Room] {
  holds' = holds
  at' = at + p->r
}
pred idle { holds' = holds and at' = at }
fact Trans { always (idle or some p: Proc, l: Lock, r: Room | acquire[p, l] or release[p, l] or walk[p, r]) }
assert Exclusive { always all l: Lock | lone holds.l }
check Exclusive for 3 but 6 steps
run Busy { eventually some holds } for 3 but 6 steps
"""
ACQUIRE = "  holds' = holds + p->l\n"


def test_variable_relations_and_their_arity() -> None:
    assert var_arities(split_paragraphs(LOCKS)) == {"holds": 2, "at": 2}
    assert var_arities(split_paragraphs("sig A { var f: B -> lone A, g: set B }\nvar sig V in A {}\nsig B {}")) == {
        "f": 3, "V": 1}


def test_taking_the_lock_from_its_holder_is_undecided(alloy) -> None:  # noqa: ANN001
    assert alloy.check(LOCKS).status == "failed"
    for evict in ("  holds' = holds - Proc->l + p->l\n", "  holds' = (holds - (Proc - p)->l) + p->l\n"):
        cand = LOCKS.replace(ACQUIRE, evict)
        assert alloy.check(cand).status == "ok"
        rep = gate(LOCKS, cand, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("evicts: pred acquire" in u for u in rep.unknown), rep


def test_the_guard_is_a_repair_and_a_move_is_not_an_eviction(alloy) -> None:  # noqa: ANN001
    guard = LOCKS.replace(ACQUIRE, "  no holds.l\n" + ACQUIRE)
    assert gate(LOCKS, guard, verifier=alloy, behaviour="require").status == "faithful"
    # walk made to leave the old room: it takes away its own argument's tuple (p->old), not another's
    moved = guard.replace("  at' = at + p->r\n", "  at' = at - p->Room + p->r\n")
    assert evictions(guard, moved, alloy) == []


SEATS = """sig Guest {}
var sig Seated in Guest {}
var sig Waiting in Guest {}
fact Init { no Seated and Waiting = Guest }
pred sit[g: Guest] { g in Waiting  Seated' = Seated + g  Waiting' = Waiting - g }
pred stand[g: Guest] { g in Seated  Seated' = Seated - g  Waiting' = Waiting + g }
pred idle { Seated' = Seated and Waiting' = Waiting }
fact Trans { always (idle or some g: Guest | sit[g] or stand[g]) }
assert OneChair { always lone Seated }
check OneChair for 3 but 6 steps
"""
TOKEN = """sig Node {}
var sig Holder in Node {}
fact Init { one Holder }
pred pass[n: Node] { n not in Holder  Holder' = Holder + n }
pred skip { Holder' = Holder }
fact Trans { always (skip or some n: Node | pass[n]) }
assert OneToken { always one Holder }
check OneToken for 3 but 6 steps
"""


def test_a_set_taken_from_its_members_is_eviction_only_where_another_operation_releases_it(alloy) -> None:  # noqa: ANN001
    """`Seated' = g` while `stand` is how a guest leaves the chair: eviction. `Holder' = n` in a ring whose only
    move is `pass`: the token passed on (helper-25's o20_b_ghost_honest), not asked."""
    evict = SEATS.replace("Seated' = Seated + g", "Seated' = g")
    assert alloy.check(SEATS).status == "failed" and alloy.check(evict).status == "ok"
    assert any("evicts: pred sit" in r for r in evictions(SEATS, evict, alloy))
    passed = TOKEN.replace("Holder' = Holder + n", "Holder' = n")
    assert alloy.check(TOKEN).status == "failed" and alloy.check(passed).status == "ok"
    assert evictions(TOKEN, passed, alloy) == []
