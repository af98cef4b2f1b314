"""Train the search ranker (issue 18.4): an L2-regularized logistic regression in numpy over the
description features of every checked candidate (``fmrepair.agents.mutation.rank.features``), labelled by
whether it was the task's faithful repair. Each task weighs the same, and positives as much as negatives.

``fmrepair train ranker --runs RUN... --out ranker.json`` writes a ``LinearRankerFile``: feature list,
weights, the training rows' SHA-256, the runs it came from, and an offline check (leave one family out:
where, among the candidates a task really checked, its fix would have come under the ranker's order
versus the logged order; localization is not in the logs, so this check ignores it).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from fmrepair.agents.mutation.rank import LinearRankerFile
from fmrepair.train.ranker_data import RankerRow, build_rows, rows_sha256


class RankerTrainConfig(BaseModel):
    runs: list[str] = Field(description="run folders of the development split (bench run --strategy mutate)")
    out: str = Field(description="the ranker file to write (JSON)")
    l2: float = Field(1.0, ge=0, description="L2 penalty on the weights (not the bias)")
    min_count: int = Field(3, ge=1, description="keep features seen in at least this many rows")
    loc_weight: float = Field(1.0, ge=0, description="search order key = localization score + this x probability")


def _vocab(rows: list[RankerRow], min_count: int) -> list[str]:
    counts: dict[str, int] = defaultdict(int)
    for r in rows:
        for k in r.features:
            counts[k] += 1
    return ["bias"] + sorted(k for k, c in counts.items() if c >= min_count and k != "bias")


def _matrix(rows: list[RankerRow], names: list[str]) -> np.ndarray:
    index = {k: i for i, k in enumerate(names)}
    x = np.zeros((len(rows), len(names)))
    for i, r in enumerate(rows):
        for k, v in r.features.items():
            if k in index:
                x[i, index[k]] = v
    return x


def _weights(rows: list[RankerRow]) -> np.ndarray:
    """Each task weighs the same; then positives and negatives weigh the same in total."""
    per_task: dict[tuple[str, str], int] = defaultdict(int)
    for r in rows:
        per_task[(r.run, r.task_id)] += 1
    w = np.array([1.0 / per_task[(r.run, r.task_id)] for r in rows])
    y = np.array([r.label for r in rows])
    if y.any() and (~y).any():
        w[y] *= 0.5 / w[y].sum()
        w[~y] *= 0.5 / w[~y].sum()
    return w * len(rows)


def fit(rows: list[RankerRow], names: list[str], l2: float = 1.0, iters: int = 50) -> np.ndarray:
    """Weights by Newton's method (IRLS) on the weighted, L2-penalized log-loss."""
    x = _matrix(rows, names)
    y = np.array([float(r.label) for r in rows])
    sw = _weights(rows)
    beta = np.zeros(len(names))
    pen = np.full(len(names), l2)
    pen[0] = 0.0
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ beta, -30, 30)))
        grad = x.T @ (sw * (p - y)) + pen * beta
        hess = (x * (sw * p * (1 - p))[:, None]).T @ x + np.diag(pen + 1e-6)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-8:
            break
    return beta


def fix_positions(rows: list[RankerRow], names: list[str], beta: np.ndarray) -> dict[str, list[int]]:
    """Per fixed task: the 1-based position of its fix among the candidates it checked, in logged order and
    in the ranker's order (ties in logged order)."""
    by_task: dict[tuple[str, str], list[RankerRow]] = defaultdict(list)
    for r in rows:
        by_task[(r.run, r.task_id)].append(r)
    logged, ranked = [], []
    for task_rows in by_task.values():
        if not any(r.label for r in task_rows):
            continue
        task_rows.sort(key=lambda r: r.iteration)
        scores = _matrix(task_rows, names) @ beta
        fix = next(i for i, r in enumerate(task_rows) if r.label)
        order = sorted(range(len(task_rows)), key=lambda i: (-scores[i], i))
        logged.append(fix + 1)
        ranked.append(order.index(fix) + 1)
    return {"logged": logged, "ranked": ranked}


def _summary(xs: list[int]) -> dict[str, float]:
    if not xs:
        return {}
    s = sorted(xs)
    return {
        "tasks": len(s),
        "median": float(statistics.median(s)),
        "p90": float(s[min(len(s) - 1, int(0.9 * len(s)))]),
        "mean": round(statistics.fmean(s), 2),
    }


def leave_family_out(rows: list[RankerRow], cfg: RankerTrainConfig) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for fam in sorted({r.family for r in rows}):
        train = [r for r in rows if r.family != fam]
        test = [r for r in rows if r.family == fam]
        if not any(r.label for r in train) or not any(r.label for r in test):
            continue
        names = _vocab(train, cfg.min_count)
        pos = fix_positions(test, names, fit(train, names, cfg.l2))
        out[fam] = {"logged": _summary(pos["logged"]), "ranked": _summary(pos["ranked"])}
    return out


def train_ranker(cfg: RankerTrainConfig) -> LinearRankerFile:
    sources, rows = build_rows([Path(r) for r in cfg.runs])
    if not any(r.label for r in rows) or all(r.label for r in rows):
        raise ValueError("the runs hold no accepted repair (or nothing else): nothing to learn from")
    names = _vocab(rows, cfg.min_count)
    beta = fit(rows, names, cfg.l2)
    spec = LinearRankerFile(
        features=names,
        weights=[round(float(b), 6) for b in beta],
        loc_weight=cfg.loc_weight,
        data_sha256=rows_sha256(rows),
        runs=[s.model_dump() for s in sources],
        metrics={
            "rows": len(rows),
            "positives": sum(r.label for r in rows),
            "tasks": len({(r.run, r.task_id) for r in rows}),
            "l2": cfg.l2,
            "min_count": cfg.min_count,
            "leave_family_out": leave_family_out(rows, cfg),
        },
    )
    Path(cfg.out).parent.mkdir(parents=True, exist_ok=True)
    Path(cfg.out).write_text(spec.model_dump_json(indent=1) + "\n", encoding="utf-8")
    return spec
