"""The probe formulas of the Alloy gate (``verifiers/alloy/probes.py``): pure text, no Analyzer. What they
decide is in the gate cases (``benchmarks/gate_cases/alloy``, run by test_gate_adversarial)."""

from __future__ import annotations

from fmrepair.verifiers.alloy.probes import callable_probes, global_probes, operation_probes, state_changes
from fmrepair.verifiers.alloy.text import split_paragraphs

RING = ("sig R { next: one R, var mark: set R }\nvar sig H in R {}\nfact Init { no H }\n"
        "pred hand[r: R] { r in H and H' = H - r + r.next }\npred ok[r: R] { r in H }\n")


def test_a_var_sig_is_asked_to_be_inhabited_at_some_time_in_the_model_probe() -> None:
    (model,) = [p for p in global_probes(split_paragraphs(RING)) if p.kind == "model"]
    assert model.formula == "some R and eventually some H"  # Init empties H: not in the first state


def test_an_operation_with_parameters_is_asked_whether_taken_it_can_change_the_state() -> None:
    paras = split_paragraphs(RING + "pred idle { H' = H }\npred via[r: R] { r in H and idle }\n")
    assert state_changes(paras) == "H' != H or (R <: mark)' != (R <: mark)"
    ops = operation_probes(paras, ["pred hand", "pred ok", "pred idle", "pred via"])
    # `ok` has no prime; `idle` has no parameters (an idle step changes nothing by design); `via` reaches one
    assert [p.key for p in ops] == ["pred hand (changes the state)", "pred via (changes the state)"]
    assert ops[0].formula == "eventually (some r: R | hand[r] and (H' != H or (R <: mark)' != (R <: mark)))"
    assert not [p for p in callable_probes(paras) if p.kind == "noop"]
    static = split_paragraphs("sig N { f: set N }\npred p[n: N] { n in n.f }\n")
    assert operation_probes(static, ["pred p"]) == []
    # asked of two versions: only what is var in both (a field the candidate removed would not compile)
    fewer = split_paragraphs(RING.replace(", var mark: set R", ""))
    assert state_changes(paras, also_in=fewer) == "H' != H"
