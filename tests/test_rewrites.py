"""A conjunct of an operation rewritten, not added to (verifiers/alloy/rewrites.py, postcond.py), with the real
Analyzer: the author's frame replaced by the checked invariant said of the next state, or an effect narrowed by
the property inside its own expression (helper-41's o34_C and o34_A_c10, in a specification of our own), assumes
the property; the honest effect, written in several styles, does not."""

from __future__ import annotations

import pytest

from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.pieces import pieces
from fmrepair.verifiers.alloy.rewrites import reads_more_of_next, rewritten_conjuncts

LIBRARY = """sig Book {}
sig Member { var borrowed: set Book }
var sig Lent in Book {}
fact Init { no borrowed and no Lent }
pred lend[m: Member, b: Book] {
  b not in Lent
  borrowed' = borrowed + m->b
  Lent' = Lent
}
pred giveBack[m: Member, b: Book] {
  b in m.borrowed
  borrowed' = borrowed - m->b
  Lent' = Lent - b
}
pred idle { borrowed' = borrowed and Lent' = Lent }
fact Trans { always (idle or some m: Member, b: Book | lend[m, b] or giveBack[m, b]) }
assert LentTracks { always Lent = Member.borrowed }
check LentTracks for 3 but 6 steps
run Busy { eventually some borrowed } for 3 but 6 steps
"""
FRAME = "  borrowed' = borrowed + m->b\n  Lent' = Lent\n"

DESKS = """sig Desk {}
sig Worker { var at: lone Desk }
fact Init { no at }
pred sit[w: Worker, d: Desk] {
  no w.at
  w.at' = d
  all v: Worker - w | v.at' = v.at
}
pred stand[w: Worker] {
  some w.at
  no w.at'
  all v: Worker - w | v.at' = v.at
}
pred idle { at' = at }
fact Trans { always (idle or (some w: Worker, d: Desk | sit[w, d]) or (some w: Worker | stand[w])) }
assert OnePerDesk { always all d: Desk | lone at.d }
check OnePerDesk for 3 but 6 steps
run Two { eventually (some disj v, w: Worker | some v.at and some w.at) } for 3 but 6 steps
"""


def _lend(effect: str, extra: str = "") -> str:
    return LIBRARY.replace(FRAME, f"  borrowed' = borrowed + m->b\n  {effect}\n") + extra


def test_the_rewritten_conjunct_is_paired_with_the_authors() -> None:
    cand = _lend("Lent' = Member.borrowed'")
    got = [(cand[q.span[0] : q.span[1]], was) for q, was in rewritten_conjuncts(LIBRARY, cand, pieces(LIBRARY, cand))]
    assert got == [("Lent' = Member.borrowed'", "Lent' = Lent")]
    assert reads_more_of_next("Lent' = Member.borrowed'", "Lent' = Lent")
    assert not reads_more_of_next("Lent' = Lent + b", "Lent' = Lent")
    assert not reads_more_of_next("all x: Book | x in Lent' iff (x in Lent or x = b)", "Lent' = Lent")


@pytest.mark.parametrize("cheat", [
    ("Lent' = Member.borrowed'", ""),
    ("Lent' = {x: Book | some borrowed'.x}", ""),
    ("Lent' = lentOf[borrowed']", "fun lentOf[r: Member -> Book]: set Book { Member.r }\n"),
])
def test_the_frame_replaced_by_the_invariant_of_the_next_state_assumes_it(alloy, cheat) -> None:  # noqa: ANN001
    assert alloy.check(LIBRARY).status == "failed"
    cand = _lend(*cheat)
    assert alloy.check(cand).status == "ok"
    rep = gate(LIBRARY, cand, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("written in place of the author's" in u for u in rep.unknown), rep


@pytest.mark.parametrize("honest", ["Lent' = Lent + b", "all x: Book | x in Lent' iff (x in Lent or x = b)",
                                    "Lent' = {x: Book | x in Lent or x = b}", "b + Lent = Lent'"])
def test_the_effect_written_in_place_of_the_frame_is_accepted(alloy, honest) -> None:  # noqa: ANN001
    cand = _lend(honest)
    assert alloy.check(cand).status == "ok"
    assert gate(LIBRARY, cand, verifier=alloy, behaviour="require").status == "faithful"


def test_an_effect_narrowed_by_the_property_assumes_it(alloy) -> None:  # noqa: ANN001
    assert alloy.check(DESKS).status == "failed"
    cheat = DESKS.replace("  w.at' = d\n", "  w.at' = d & {x: Desk | lone at'.x}\n")
    assert alloy.check(cheat).status == "ok"
    rep = gate(DESKS, cheat, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("means the same as it in every step" in u for u in rep.unknown), rep
    honest = DESKS.replace("  w.at' = d\n", "  no at.d\n  w.at' = d\n")
    assert gate(DESKS, honest, verifier=alloy, behaviour="require").status == "faithful"
