"""How far a faulty task is from its answer: token edit distance between the faulty body and the
reference body, and the strata reports use (at most 2, 3 to 5, 6 to 12, more than 12 tokens).

Alloy4Fun: the editable predicate's body against the hidden reference body of the exercise; ARepair
(and any task with a whole reference model): the whole files, comments removed. Tokens are the Alloy
lexer's (verifiers/alloy/text.py). The distance is exact Levenshtein within each region where the two
token sequences differ (regions found by difflib), summed: the exact distance for the short bodies of
Alloy4Fun, and a close upper bound for whole files. Only numbers leave this module: no reference text
reaches a report.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

from fmrepair.task import Task
from fmrepair.verifiers.alloy.text import find_paragraph, tokens

STRATA = ("<=2", "3-5", "6-12", ">12")


def stratum(d: int) -> str:
    return "<=2" if d <= 2 else "3-5" if d <= 5 else "6-12" if d <= 12 else ">12"


def _levenshtein(a: Sequence[str], b: Sequence[str]) -> int:
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def token_distance(a: str, b: str) -> int:
    ta, tb = [t.text for t in tokens(a)], [t.text for t in tokens(b)]
    ops = difflib.SequenceMatcher(a=ta, b=tb, autojunk=False).get_opcodes()
    return sum(_levenshtein(ta[i1:i2], tb[j1:j2]) for tag, i1, i2, j1, j2 in ops if tag != "equal")


def task_distance(task: Task) -> int | None:
    """The task's distance to its answer, or None when it has no reference to compare with."""
    body = task.meta.get("hidden_reference_body")
    pred = task.meta.get("faulty_pred")
    if body and pred:
        para = find_paragraph(task.visible, pred)
        return token_distance(para.body or "", body) if para is not None else None
    if task.reference:
        return token_distance(task.visible, task.reference)
    return None


def distances(tasks: Iterable[Task]) -> dict[str, int]:
    """Task id -> distance for every task (of an Alloy repair suite) that has a reference."""
    out = {}
    for t in tasks:
        d = task_distance(t)
        if d is not None:
            out[t.id] = d
    return out


def strata_table(rows: Sequence[Any], dist: dict[str, int]) -> dict[str, dict[str, dict[str, int]]]:
    """{family or "all": {stratum: {"tasks", "faithful", "equivalent"}}} over counted result rows
    (``rows``: TaskResult-like with task_id, faithful, equivalent, extra.family)."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for r in rows:
        d = dist.get(r.task_id)
        if d is None:
            continue
        for fam in ("all", r.extra.get("family") or "-"):
            cell = out.setdefault(fam, {s: {"tasks": 0, "faithful": 0, "equivalent": 0} for s in STRATA})[stratum(d)]
            cell["tasks"] += 1
            cell["faithful"] += int(bool(r.faithful))
            cell["equivalent"] += int(bool(r.equivalent))
    return out
