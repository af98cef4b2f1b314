"""A hidden reference body found verbatim in a candidate (verifiers/alloy/gate.py): a leak, or a model
that memorized the answer, so a reason, unless the candidate was built by the mutation search alone
(``model_free``: no model, no prompt, the oracle never in view), which can only have rediscovered it;
then it is recorded (``rediscovered``). Hidden names stay reasons either way. Text checks only."""

from __future__ import annotations

from alloy_tasks import hidden_task

from fmrepair.agents.runner import default_gate
from fmrepair.verifiers.alloy.gate import MIN_LEAK_CHARS, gate_task

SPEC = """sig Mail {}
sig User { inbox: set Mail, trash: set Mail }
pred clean {
  all u: User | some u.inbox
}
"""
REFERENCE = "all u: User | no u.inbox & u.trash and some u.inbox + u.trash"
ORACLE = f"""
pred clean_OK {{ {REFERENCE} }}
assert clean_Repaired {{ clean[] iff clean_OK[] }}
check clean_Repaired expect 0
"""
FIX = SPEC.replace("all u: User | some u.inbox", REFERENCE)


def _task():
    task = hidden_task("clean", SPEC, ORACLE, "clean")
    task.meta["hidden_reference_body"] = REFERENCE
    return task


def test_a_verbatim_reference_is_a_leak_for_a_model_and_a_rediscovery_for_the_search():
    assert len(REFERENCE.replace(" ", "")) >= MIN_LEAK_CHARS
    model_written = gate_task(_task(), FIX)
    assert not model_written.faithful and model_written.reasons == ["hidden reference body present verbatim"]
    assert not model_written.rediscovered
    searched = gate_task(_task(), FIX, model_free=True)
    assert searched.faithful and searched.reasons == [] and searched.rediscovered
    other = gate_task(_task(), SPEC.replace("some u.inbox", "some u.trash"), model_free=True)
    assert other.faithful and not other.rediscovered  # nothing verbatim: nothing recorded


def test_hidden_names_are_reasons_even_for_the_search():
    cheat = FIX.replace("pred clean {", "pred clean_OK { some Mail }\npred clean {")
    report = gate_task(_task(), cheat, model_free=True)
    assert not report.faithful
    assert any("clean_OK" in r for r in report.reasons), report.reasons


def test_the_run_gate_passes_the_flag_through():
    assert default_gate(None, model_free=True)(_task(), FIX)["rediscovered"] is True
    assert default_gate(None)(_task(), FIX)["faithful"] is False


def test_bench_gates_only_the_model_less_strategy_as_model_free():
    """bench.py gates a run as model-free when its strategy's facts say it needs no model: only mutate."""
    from fmrepair.agents.strategies import all_strategy_info

    assert sorted(n for n, info in all_strategy_info().items() if not info.needs_model) == ["mutate"]


def test_archives_refuse_the_reference_body_except_a_recorded_rediscovery():
    from fmrepair.eval.report.archive import leaks

    line = {"task_id": "clean", "candidate": FIX, "faithful": True, "extra": {}}
    assert leaks(line, _task()) == ["hidden reference body"]  # e.g. a model's copy, or a rejected candidate
    line["extra"] = {"rediscovered": True}
    assert leaks(line, _task()) == []
    line["stop_reason"] = f"fixed: {REFERENCE}"  # anywhere else in the line it is still refused
    assert leaks(line, _task()) == ["hidden reference body"]
