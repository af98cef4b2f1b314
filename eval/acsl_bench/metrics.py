"""pass@k raw and faithful per schema from annotation results, and the inflation the gate removes."""

from __future__ import annotations

from collections import defaultdict
from statistics import fmean
from typing import Any

from fmrepair.eval.metrics import pass_at_k
from fmrepair.runlog import TaskResult


def summarize(results: list[TaskResult], n: int, ks: tuple[int, ...] = (1, 2, 5)) -> dict[str, Any]:
    """Per schema and overall: tasks, pass@k (percent) raw and faithful, relative inflation of raw."""
    groups: dict[str, list[TaskResult]] = defaultdict(list)
    for r in results:
        groups[str(r.extra.get("schema"))].append(r)
        groups["all"].append(r)
    out: dict[str, Any] = {}
    for name, rs in sorted(groups.items()):
        row: dict[str, Any] = {"tasks": len(rs)}
        for k in ks:
            if k > n:
                continue
            for level in ("raw", "faithful"):
                vals = [pass_at_k(len(ch), sum(bool(c[level]) for c in ch), k)
                        for r in rs if len(ch := r.extra.get("chains", [])) >= k]
                row[f"{level}@{k}"] = round(100 * fmean(vals), 2) if vals else None
            raw, faithful = row.get(f"raw@{k}"), row.get(f"faithful@{k}")
            if raw:
                row[f"inflation@{k}"] = round((raw - (faithful or 0.0)) / raw, 4)
        row["unfaithful_rejected"] = sum(r.unfaithful_rejected for r in rs)
        out[name] = row
    return out
