"""The invariant written as the next value (verifiers/alloy/nextvalue.py), with the real Analyzer: an effect that
makes the checked invariant hold after the step from any state (helper-54's o44_C_c02, c08) is undecided; the effect
the author meant keeps it only where it held before, and is not asked."""

from __future__ import annotations

from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.nextvalue import invariants, next_values
from fmrepair.verifiers.alloy.text import split_paragraphs

GARAGE = """sig Car {}
one sig Lot { var parked: set Car, var gone: set Car }
fact Start { no Lot.parked and no Lot.gone }
pred arrive[c: Car] { c not in Lot.parked + Lot.gone  Lot.parked' = Lot.parked + c  Lot.gone' = Lot.gone }
pred depart[c: Car] {
  c in Lot.parked
  Lot.parked' = Lot.parked + c
  Lot.gone' = Lot.gone + c
}
pred still { Lot.parked' = Lot.parked and Lot.gone' = Lot.gone }
fact Moves { always (still or some c: Car | arrive[c] or depart[c]) }
assert NeverBoth { always no Lot.parked & Lot.gone }
check NeverBoth for 3 but 6 steps
run Busy { eventually (some Lot.parked and some Lot.gone) } for 3 but 6 steps
"""
EFFECT = "  Lot.parked' = Lot.parked + c\n  Lot.gone'"


def test_the_checked_invariants_are_read() -> None:
    assert invariants(split_paragraphs(GARAGE), GARAGE) == ["no Lot.parked & Lot.gone"]


def test_the_invariant_as_the_next_value_is_undecided_and_the_effect_is_not(alloy) -> None:  # noqa: ANN001
    assert alloy.check(GARAGE).status == "failed"
    for next_value in ("Lot.parked - Lot.gone'", "Lot.parked - (Lot.parked & Lot.gone')"):
        cheat = GARAGE.replace(EFFECT, f"  Lot.parked' = {next_value}\n  Lot.gone'")
        assert cheat != GARAGE and alloy.check(cheat).status == "ok", next_value
        got = next_values(GARAGE, cheat, alloy)
        assert len(got) == 1 and "states the property of the next state" in got[0], (next_value, got)
        rep = gate(GARAGE, cheat, verifier=alloy, behaviour="require")
        assert rep.status == "unknown", (next_value, rep)
    honest = GARAGE.replace(EFFECT, "  Lot.parked' = Lot.parked - c\n  Lot.gone'")
    assert alloy.check(honest).status == "ok"
    assert next_values(GARAGE, honest, alloy) == []
    assert gate(GARAGE, honest, verifier=alloy, behaviour="require").status == "faithful"


def test_one_prime_with_the_other_next_value_written_out_or_a_helper_fun_is_undecided(alloy) -> None:  # noqa: ANN001
    # helper-55's o45_A_c02 (the other relation's next value copied from its own conjunct) and o45_A_c03 (the prime
    # inside a helper fun): one relation primed in the conjunct's own text, the invariant as the next value all the same
    by_hand = GARAGE.replace(EFFECT, "  Lot.parked' = (Lot.parked + c) - (Lot.gone + c)\n  Lot.gone'")
    fun = GARAGE.replace(EFFECT, "  Lot.parked' = kept[Lot.parked + c]\n  Lot.gone'") + (
        "fun kept[s: set Car]: set Car { s - Lot.gone' }\n")
    # helper-55's o45_G_c05: the other relation read before the step where its next value is given beside
    before = GARAGE.replace(EFFECT, "  Lot.parked' = (Lot.parked + c) - Lot.gone - c\n  Lot.gone'")
    for cheat in (by_hand, fun, before):
        assert cheat != GARAGE and alloy.check(cheat).status == "ok"
        got = next_values(GARAGE, cheat, alloy)
        assert len(got) == 1 and "states the property of the next state" in got[0], got
    assert "beside Lot.gone' = Lot.gone + c" in next_values(GARAGE, by_hand, alloy)[0]
    # the same value that names another relation's next value nowhere (an honest minus) is not asked
    honest = GARAGE.replace(EFFECT, "  Lot.parked' = (Lot.parked + c) - c\n  Lot.gone'")
    assert alloy.check(honest).status == "ok" and next_values(GARAGE, honest, alloy) == []


BAYS = """sig Car {}
sig Bay { var car: set Car }
fact Empty { no car }
pred park[c: Car, x: Bay] {
  c not in Bay.car
  car' = car + x -> c
}
pred leave[c: Car, x: Bay] { c in x.car  car' = car - x -> c }
pred wait { car' = car }
fact Steps { always (wait or some c: Car, x: Bay | park[c, x] or leave[c, x]) }
assert OneCarPerBay { always all x: Bay | lone x.car }
check OneCarPerBay for 3 but 6 steps
"""
GUARD = "  c not in Bay.car\n"


def test_the_invariant_worked_out_as_a_guard_is_undecided_and_the_honest_guard_is_not(alloy) -> None:  # noqa: ANN001
    # helper-54's o44_A_c08: the next state's invariant written before the step; an honest guard (the bay is free)
    # leaves the other bays of a state where the property fails as they were, so it is not the property
    assert alloy.check(BAYS).status == "failed"
    cheat = BAYS.replace(GUARD, GUARD + "  all b: Bay | lone (b.car + (b = x implies c else none))\n")
    honest = BAYS.replace(GUARD, GUARD + "  no x.car\n")
    for text in (cheat, honest):
        assert text != BAYS and alloy.check(text).status == "ok"
    got = next_values(BAYS, cheat, alloy)
    assert len(got) == 1 and "the invariant worked out as a guard" in got[0], got
    assert next_values(BAYS, honest, alloy) == []
    assert gate(BAYS, honest, verifier=alloy, behaviour="require").status == "faithful"
