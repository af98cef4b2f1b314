"""Paired statistics for comparing two runs on the same tasks: transitions, exact McNemar, bootstrap CI."""

from __future__ import annotations

import random
from math import comb
from typing import Any


def mcnemar_exact(b: int, c: int) -> float:
    """Exact two-sided McNemar p-value from the discordant counts b (A right, B wrong) and c."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    tail = sum(comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def paired_bootstrap(a: list[bool], b: list[bool], iters: int = 10_000, seed: int = 0) -> tuple[float, float, float]:
    """Difference of success rates (B - A) in percentage points with a paired bootstrap 95% CI."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    n = len(a)
    if n == 0:
        return 0.0, 0.0, 0.0
    diffs = [int(y) - int(x) for x, y in zip(a, b, strict=True)]
    point = 100.0 * sum(diffs) / n
    rng = random.Random(seed)
    stats = sorted(100.0 * sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(iters))
    lo = stats[int(0.025 * iters)]
    hi = stats[min(iters - 1, int(0.975 * iters))]
    return point, lo, hi


def compare(a: dict[str, bool], b: dict[str, bool]) -> dict[str, Any]:
    """Compare per-task outcomes of two runs on their common tasks."""
    common = sorted(set(a) & set(b))
    xa = [a[t] for t in common]
    xb = [b[t] for t in common]
    both = sum(1 for x, y in zip(xa, xb, strict=True) if x and y)
    neither = sum(1 for x, y in zip(xa, xb, strict=True) if not x and not y)
    a_only = sum(1 for x, y in zip(xa, xb, strict=True) if x and not y)  # right -> wrong
    b_only = sum(1 for x, y in zip(xa, xb, strict=True) if not x and y)  # wrong -> right
    point, lo, hi = paired_bootstrap(xa, xb)
    return {
        "tasks": len(common),
        "only_in_a": len(set(a) - set(b)),
        "only_in_b": len(set(b) - set(a)),
        "a_rate": round(100.0 * sum(xa) / len(common), 2) if common else None,
        "b_rate": round(100.0 * sum(xb) / len(common), 2) if common else None,
        "transitions": {"wrong_to_right": b_only, "right_to_wrong": a_only, "both": both, "neither": neither},
        "mcnemar_p": mcnemar_exact(a_only, b_only),
        "diff_pp": round(point, 2),
        "ci95_pp": [round(lo, 2), round(hi, 2)],
    }
