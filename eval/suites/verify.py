"""`tasks verify`: the faulty visible spec + hidden oracle must fail, the reference + oracle must pass."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fmrepair.task import Task
from fmrepair.verifiers.base import Verdict, Verifier

from .base import SuiteLoad


def combined(candidate: str, task: Task) -> str:
    """What the verifier sees for a candidate: the candidate with the hidden oracle appended."""
    if not task.hidden_oracle:
        return candidate
    return candidate.rstrip() + "\n" + task.hidden_oracle


def _summary(v: Verdict) -> str:
    if v.errors:
        e = v.errors[0]
        return f"{v.status} at {e.line}:{e.column}: {e.message[:200]}"
    bad = [f"{c.label}={c.outcome}" for c in v.failing()]
    return f"{v.status} {' '.join(bad[:4])}".strip()


def verify_task(task: Task, verifier: Verifier) -> dict[str, Any]:
    faulty = verifier.check(combined(task.visible, task))
    row: dict[str, Any] = {
        "id": task.id,
        "family": task.meta.get("family"),
        "faulty_fails": faulty.status == "failed",
        "faulty": _summary(faulty),
        "has_reference": task.reference is not None,
        "reference_passes": None,
    }
    if task.reference is not None:
        ref = verifier.check(combined(task.reference, task))
        row["reference_passes"] = ref.status == "ok"
        row["reference"] = _summary(ref)
    return row


def verify(
    suite: str, load: SuiteLoad, verifier: Verifier, workers: int = 1, progress: Callable[[str], None] | None = None
) -> dict[str, Any]:
    progress = progress or (lambda s: sys.stderr.write(s))
    rows: list[dict[str, Any]] = []
    t0 = time.time()
    n = len(load.tasks)
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        for i, row in enumerate(pool.map(lambda t: verify_task(t, verifier), load.tasks), 1):
            rows.append(row)
            if i % 25 == 0 or i == n:
                progress(f"\r[tasks verify] {i}/{n} tasks, {time.time() - t0:.0f}s")
    if n:
        progress("\n")
    return report(suite, load, rows)


def report(suite: str, load: SuiteLoad, rows: list[dict[str, Any]]) -> dict[str, Any]:
    errors: list[dict[str, Any]] = [{"id": p.split(":", 1)[0], "what": "load", "detail": p} for p in load.problems]
    families: dict[str, dict[str, int]] = {}
    for r in rows:
        zero = {"tasks": 0, "faulty_fails": 0, "references": 0, "reference_passes": 0}
        fam = families.setdefault(r["family"] or "", zero)
        fam["tasks"] += 1
        fam["faulty_fails"] += int(r["faulty_fails"])
        fam["references"] += int(r["has_reference"])
        fam["reference_passes"] += int(bool(r["reference_passes"]))
        if not r["faulty_fails"]:
            errors.append({"id": r["id"], "what": "faulty does not fail", "detail": r["faulty"]})
        if r["has_reference"] and not r["reference_passes"]:
            errors.append({"id": r["id"], "what": "reference does not pass", "detail": r["reference"]})
    return {
        "suite": suite,
        "tasks": len(rows),
        "faulty_fails": sum(int(r["faulty_fails"]) for r in rows),
        "references": sum(int(r["has_reference"]) for r in rows),
        "reference_passes": sum(int(bool(r["reference_passes"])) for r in rows),
        "defects_repaired": dict(load.defects),
        "duplicates": len(load.duplicates),
        "families": families,
        "errors": errors,
    }
