"""Honest metrics over task results: Correct@k (seed 000 Eq. 1), unbiased pass@k (seed 003), per-family
tables, and resource distributions of fixed and unfixed tasks. Every score is raw, faithful, equivalent.

Not-faulty tasks (the faulty text already meets every command) and infrastructure faults (the model
endpoint or a verifier worker was lost: nothing was learnt about the model) are left out of every rate and
counted on their own; tasks whose run raised (error), whose score could not be decided (unknown) or whose only
raw-correct candidates the gate could not decide (gate unknown) stay in the denominator as not correct
and are counted on their own rows."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable
from math import comb
from typing import Any

from fmrepair.runlog import TaskResult

LEVELS = ("raw", "faithful", "equivalent")
# every task falls in exactly one outcome (reported in this order)
OUTCOMES = (
    "faithful", "unfaithful", "gate_unknown", "unrepaired", "score_unknown", "error", "infrastructure", "not_faulty",
)


def outcome(r: TaskResult) -> str:
    """faithful | unfaithful (raw, the gate rejected it) | gate_unknown (raw, the gate could not decide) |
    unrepaired | score_unknown | error | infrastructure (an error caused by a lost endpoint or verifier) |
    not_faulty."""
    if r.status == "not_faulty":
        return "not_faulty"
    if r.status == "error" and r.infrastructure:
        return "infrastructure"
    if r.status == "error":
        return "error"
    if r.status == "unknown":
        return "score_unknown"
    if r.faithful:
        return "faithful"
    if r.gate_unknown:
        return "gate_unknown"
    return "unfaithful" if r.repaired else "unrepaired"


def counted(results: Iterable[TaskResult]) -> list[TaskResult]:
    """The tasks a rate is over: every task but the not-faulty ones and the infrastructure faults."""
    return [r for r in results if r.counted]


def is_correct(r: TaskResult, level: str) -> bool:
    if r.status != "ran":
        return False
    if level == "raw":
        return r.repaired
    if level == "faithful":
        return r.faithful
    return bool(r.equivalent)


def correct_at_k(results: Iterable[TaskResult], k: int | None = None, level: str = "faithful") -> float:
    """Percentage of tasks repaired within k iterations (all iterations when k is None); not-faulty tasks
    are left out."""
    rs = counted(results)
    if not rs:
        return 0.0
    good = 0
    for r in rs:
        if not is_correct(r, level):
            continue
        when = r.first_success if level != "raw" else (r.extra.get("first_raw") or r.first_success)
        if k is None or when is None or when <= k:
            good += 1
    return 100.0 * good / len(rs)


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from n samples of which c are correct: 1 - C(n-c, k) / C(n, k)."""
    if k > n:
        raise ValueError(f"pass@{k} needs at least {k} samples (have {n})")
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def mean_pass_at_k(results: Iterable[TaskResult], k: int, level: str = "faithful") -> float | None:
    """Mean unbiased pass@k over tasks that recorded per-sample outcomes (extra["chains"])."""
    vals = []
    for r in counted(results):
        chains = r.extra.get("chains")
        if not chains or len(chains) < k:
            continue
        c = sum(1 for ch in chains if ch.get(level))
        vals.append(pass_at_k(len(chains), c, k))
    return 100.0 * statistics.fmean(vals) if vals else None


def _dist(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"median": None, "max": None, "total": 0.0}
    return {"median": statistics.median(values), "max": max(values), "total": float(sum(values))}


def resources(results: Iterable[TaskResult]) -> dict[str, Any]:
    """Time, tokens, cost, verifier calls and cache hits for fixed and unfixed tasks (median, max)."""
    groups: dict[str, list[TaskResult]] = {"fixed": [], "unfixed": []}
    for r in counted(results):
        groups["fixed" if r.faithful else "unfixed"].append(r)
    out: dict[str, Any] = {}
    for name, rs in groups.items():
        out[name] = {
            "tasks": len(rs),
            "seconds": _dist([r.seconds for r in rs]),
            "tokens": _dist([float(r.prompt_tokens + r.completion_tokens) for r in rs]),
            "cost_usd": _dist([r.cost_usd for r in rs]),
            "verifier_calls": _dist([float(r.verifier_calls) for r in rs]),
            "cache_hits": _dist([float(r.cache_hits) for r in rs]),
        }
    return out


def summarize(
    results: list[TaskResult], k: int | None = None, families: dict[str, str] | None = None
) -> dict[str, Any]:
    """The whole score card: overall and per family (``families`` maps task id -> family)."""
    fam = families or {}
    by_family: dict[str, list[TaskResult]] = defaultdict(list)
    for r in results:
        by_family[fam.get(r.task_id) or r.extra.get("family") or "-"].append(r)
    scored_eq = [r for r in counted(results) if r.equivalent is not None]

    def card(all_rs: list[TaskResult]) -> dict[str, Any]:
        rs = counted(all_rs)
        kinds = [outcome(r) for r in all_rs]
        return {
            "tasks": len(rs),  # the denominator of every rate (not-faulty tasks are out)
            "raw": sum(is_correct(r, "raw") for r in rs),
            "faithful": sum(is_correct(r, "faithful") for r in rs),
            "equivalent": sum(is_correct(r, "equivalent") for r in rs),
            "outcomes": {o: kinds.count(o) for o in OUTCOMES},
            "not_faulty": kinds.count("not_faulty"),
            "errors": kinds.count("error"),
            "infrastructure": kinds.count("infrastructure"),
            "score_unknown": kinds.count("score_unknown"),
            "gate_unknown": kinds.count("gate_unknown"),
            "faithful_reached_edits": sum(1 for r in rs if is_correct(r, "faithful") and r.reached_edits),
            # behaviour preservation of the kept repair (the oracle still decides correctness): how many
            # faithful rows lose a good instance of the visible file, and how many were decided at all
            "faithful_narrows": sum(
                1 for r in rs if is_correct(r, "faithful") and r.extra.get("behaviour") == "narrows"),
            "faithful_behaviour_checked": sum(
                1 for r in rs if is_correct(r, "faithful") and r.extra.get("behaviour") in ("preserved", "narrows")),
            "unfaithful_rejected": sum(r.unfaithful_rejected for r in rs),  # candidates
            "gate_unknown_candidates": sum(r.gate_unknown for r in rs),
            **{f"correct@{k or 'all'}_{lvl}": round(correct_at_k(rs, k, lvl), 2) for lvl in LEVELS},
        }

    summary: dict[str, Any] = {
        "overall": card(results),
        "families": {f: card(rs) for f, rs in sorted(by_family.items())},
        "equivalence_scored": len(scored_eq),
        "resources": resources(results),
    }
    for kk in (1, 5, 10):
        for lvl in ("raw", "faithful"):
            v = mean_pass_at_k(results, kk, lvl)
            if v is not None:
                summary.setdefault("pass@k", {})[f"pass@{kk}_{lvl}"] = round(v, 2)
    return summary
