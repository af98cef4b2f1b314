"""A frame equation written as several conjuncts (verifiers/alloy/frames.py), with the real Analyzer: taken as
one change when the conjuncts together determine the relations the author's conjunct updated, so the put-back
rule does not read half of an honest fix as a change no command needs (helper-37's o30_library_h_fix_pointwise);
a frame that leaves room beside the fix is still asked conjunct by conjunct."""

from __future__ import annotations

from fmrepair.verifiers.alloy.frames import one_update, pred_params, primed
from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.preserve import command_scopes
from fmrepair.verifiers.alloy.text import split_paragraphs

GARAGE = """sig Car {}
sig Spot { var parked: lone Car }
var sig Banned in Car {}
fact Init { no parked and no Banned }
pred park[s: Spot, c: Car] {
  no s.parked
  c not in Spot.parked + Banned
  parked' = parked + s -> c
  Banned' = Banned
}
pred ban[s: Spot, c: Car] {
  c in s.parked
  Banned' = Banned + c
  parked' = parked
}
pred idle { parked' = parked and Banned' = Banned }
fact Trans { always (idle or some s: Spot, c: Car | park[s, c] or ban[s, c]) }
assert BannedNotParked { always no Spot.parked & Banned }
check BannedNotParked for 3 but 6 steps
run Parking { eventually some parked } for 3 but 6 steps
"""
FAULT = "  parked' = parked\n}\npred idle"
SPLIT = GARAGE.replace(FAULT, "  s.parked' = s.parked - c\n  all t: Spot - s | t.parked' = t.parked\n}\npred idle")
LOOSE = GARAGE.replace(FAULT, "  s.parked' = s.parked - c\n  all t: Spot - s | t.parked' in t.parked\n}\npred idle")


def test_what_a_conjunct_primes() -> None:
    assert primed("s.parked' = s.parked - c") == {"parked"}
    assert primed("parked' = parked and Banned' = Banned") == {"parked", "Banned"}
    assert primed("no s.parked") == set()
    assert primed("(s.parked)' = none") is None  # an expression primed: not read, so never grouped
    assert primed("s.parked' = none // Banned' = Banned") == {"parked"}  # a comment is not code


def test_a_preds_parameters_are_read_or_refused() -> None:
    paras = {p.name: p for p in split_paragraphs(GARAGE + "pred Spot.clear { no this.parked' }\n")}
    assert pred_params(paras["ban"]) == ("s: Spot, c: Car", ["s", "c"])
    assert pred_params(paras["idle"]) == ("", [])
    assert pred_params(paras["Spot.clear"]) is None  # a receiver: not read


def test_one_update_is_decided_by_the_analyzer(alloy) -> None:  # noqa: ANN001
    paras = split_paragraphs(SPLIT)
    ban = next(p for p in paras if p.name == "ban")
    scopes = command_scopes(paras)
    both = ["s.parked' = s.parked - c", "all t: Spot - s | t.parked' = t.parked"]
    assert one_update(SPLIT, paras, ban, both, {"parked"}, scopes, alloy, 60)
    loose = ["s.parked' = s.parked - c", "all t: Spot - s | t.parked' in t.parked"]
    assert not one_update(SPLIT, paras, ban, loose, {"parked"}, scopes, alloy, 60)
    assert not one_update(SPLIT, paras, ban, both[:1], {"parked"}, scopes, alloy, 60)  # the other spots free


def test_an_honest_frame_in_two_conjuncts_is_a_repair_and_a_loose_one_is_not(alloy) -> None:  # noqa: ANN001
    split = gate(GARAGE, SPLIT, verifier=alloy, behaviour="require")
    assert split.status == "faithful", split.reasons + split.unknown
    loose = gate(GARAGE, LOOSE, verifier=alloy, behaviour="require")
    assert loose.status == "unknown" and any("a change no command needs" in u for u in loose.unknown), loose.unknown
