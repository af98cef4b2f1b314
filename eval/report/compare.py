"""Paired comparison of two runs of one kind (`bench compare`): over their common tasks (task x strategy for
runs with several strategies), transitions, exact McNemar and a bootstrap CI (eval/stats.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from fmrepair.eval.metrics import LEVELS, is_correct, outcome
from fmrepair.eval.report.runs import ReportError, Run, open_run


def paired_outcomes(run: Run, level: str, strategy: str | None = None, by_strategy: bool = False) -> dict[str, bool]:
    """task (task x strategy with ``by_strategy``) -> correct at ``level``, over one ``strategy`` or all;
    not-faulty tasks and infrastructure faults are out, errors and unknown scores are not correct."""
    out: dict[str, bool] = {}
    for r in run.results:
        if r.counted and (strategy is None or r.strategy == strategy):
            out.setdefault(f"{r.task_id} x {r.strategy}" if by_strategy else r.task_id, is_correct(r, level))
    return out


# settings that must match for a paired comparison to mean what it says (the arm's own variable, e.g. the
# model or an adapter, is allowed to differ); budgets decide results, sampling decides what is sampled
MATCHED = ("k", "samples", "independent_samples", "temperature", "max_new_tokens", "seed", "edit_mode",
           "candidates", "proposals", "sketch_evals", "wall_seconds", "check_timeout_s", "mode", "confirm_scope",
           "prompt_view")


def mismatched_settings(ra: Run, rb: Run) -> list[str]:
    """Settings in MATCHED that both runs recorded and that differ ("k: 6 vs 3"); a setting one run did not
    record (a format-1 run) is not compared, unless LEGACY_VALUES says what runs without it ran with."""
    from fmrepair.eval.config import LEGACY_VALUES

    a, b = ({**LEGACY_VALUES, **run.settings} for run in (ra, rb))
    return [f"{key}: {a.get(key)!r} vs {b.get(key)!r}" for key in MATCHED
            if a.get(key) is not None and b.get(key) is not None and a.get(key) != b.get(key)]


def compare_runs(a: Path, b: Path, level: str = "faithful", strategy: str | None = None,
                 allow_mismatch: bool = False) -> dict[str, Any]:
    """Paired comparison of two runs of the same kind (bench compare): over their common tasks, or task x
    strategy for runs with several strategies (formalize), or the tasks of one chosen strategy."""
    from fmrepair.eval.stats import compare as paired

    if level not in LEVELS:
        raise ReportError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    ra, rb = open_run(a), open_run(b)
    if ra.kind != rb.kind:
        raise ReportError(f"{a} is a {ra.kind} run and {b} a {rb.kind} run: compare runs of one kind")
    differ = mismatched_settings(ra, rb)
    if differ and not allow_mismatch:
        raise ReportError(f"{a} and {b} differ in settings that decide results ({'; '.join(differ)}): a paired "
                          "comparison would mix them with the arm being compared (--allow-mismatch to compare anyway; "
                          "the report then lists them)")
    for run in (ra, rb):
        if strategy is not None and strategy not in run.strategies:
            raise ReportError(f"{run.folder}: no results of strategy {strategy!r} (has: {', '.join(run.strategies)})")
    # pairs: tasks, or task x strategy when a run has several strategies (formalize) and none is chosen
    several = strategy is None and max(len(ra.strategies), len(rb.strategies)) > 1
    xa, xb = (paired_outcomes(run, level, strategy, several) for run in (ra, rb))
    if not set(xa) & set(xb):
        raise ReportError(f"{a} and {b} have no {'task x strategy' if several else 'task'} in common")
    res = paired(xa, xb)
    res.update({"a": str(a), "b": str(b), "level": level, "kind": ra.kind, "strategy": strategy,
                "mismatched_settings": differ})
    res["cost"] = {side: _cost(run, set(xa) & set(xb), several) for side, run in (("a", ra), ("b", rb))}
    res["pairs"] = "task x strategy" if several else "task"
    res["outcomes"] = {
        "a": dict(Counter(outcome(r) for r in ra.results)),
        "b": dict(Counter(outcome(r) for r in rb.results)),
    }
    return res


def _cost(run: Run, keys: set[str], several: bool) -> dict[str, float]:
    """Paired cost over the common tasks: tokens, verifier calls and seconds summed (seconds depend on load)."""
    rows = [r for r in run.results if r.counted and (f"{r.task_id} x {r.strategy}" if several else r.task_id) in keys]
    return {
        "prompt_tokens": float(sum(r.prompt_tokens for r in rows)),
        "completion_tokens": float(sum(r.completion_tokens for r in rows)),
        "verifier_calls": float(sum(r.verifier_calls for r in rows)),
        "seconds": round(sum(r.seconds for r in rows), 1),
        "cost_usd": round(sum(r.cost_usd for r in rows), 4),
    }
