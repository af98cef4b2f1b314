"""`bench compare` refuses runs whose budgets or sampling differ: the paired figure would mix them with the
arm being compared (issue 37, item 8)."""

from __future__ import annotations

from types import SimpleNamespace

from fmrepair.eval.report.compare import mismatched_settings


def _run(**settings: object) -> SimpleNamespace:
    return SimpleNamespace(settings=settings)


def test_differing_budgets_and_sampling_are_listed() -> None:
    a = _run(k=6, temperature=0.2, candidates=100, model="base")
    b = _run(k=3, temperature=0.2, candidates=1000, model="adapter")
    assert mismatched_settings(a, b) == ["k: 6 vs 3", "candidates: 100 vs 1000"]  # the model is the arm


def test_a_setting_one_run_did_not_record_is_not_compared() -> None:
    assert mismatched_settings(_run(k=None, temperature=0.2), _run(k=1, temperature=0.2)) == []


def test_a_run_made_before_the_confirmation_existed_ran_without_it() -> None:
    old, new = _run(k=1), _run(k=1, confirm_scope=5)
    assert mismatched_settings(old, new) == ["confirm_scope: 0 vs 5"]
    assert mismatched_settings(_run(k=1, confirm_scope=5), new) == []


def test_runs_that_show_a_model_different_views_are_not_paired() -> None:
    old, compact = _run(k=1), _run(k=1, prompt_view="compact")  # a run before prompt_view saw it all
    assert mismatched_settings(old, compact) == ["prompt_view: 'full' vs 'compact'"]
    assert mismatched_settings(_run(k=1, prompt_view="full"), old) == []
