"""`tasks verify`: the faulty visible spec + hidden oracle must fail, the reference + oracle must pass;
and the not-faulty check of a benchmark run (a faulty text that already meets every command)."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal

from fmrepair.eval.suites.base import SuiteLoad
from fmrepair.task import Task
from fmrepair.verifiers.base import CheckOptions, Verdict, Verifier


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


FaultyState = Literal["fails", "passes", "unknown"]


def faulty_state(verdict: Verdict) -> FaultyState:
    """The faulty text (+ hidden oracle) fails (a failing command, a syntax or type error), passes (every
    command met: the task is not faulty), or could not be decided (timeout, tool error)."""
    if verdict.status in ("failed", "syntax_error", "type_error"):
        return "fails"
    if verdict.status == "ok":
        return "passes" if all(c.met for c in verdict.commands) else "fails"
    return "unknown"


def _cache_dir() -> Path:
    base = os.environ.get("FMREPAIR_CACHE")
    return (Path(base) if base else Path.home() / ".cache" / "fmrepair") / "not_faulty"


def _cache_key(task: Task, verifier: Verifier) -> str:
    ident = f"{type(verifier).__name__}\0{task.formalism}\0{combined(task.visible, task)}"
    return hashlib.sha256(ident.encode("utf-8")).hexdigest()


def check_faulty(task: Task, verifier: Verifier, timeout_s: float = 30.0, cache: bool = True) -> FaultyState:
    """One verifier call on the faulty text + hidden oracle; a decided answer is cached by content hash
    under ``~/.cache/fmrepair/not_faulty`` (``$FMREPAIR_CACHE``). Sets ``task.meta["not_faulty"]``
    (True / False; absent when undecided)."""
    path = _cache_dir() / f"{_cache_key(task, verifier)}.json"
    state: FaultyState | None = None
    if cache and path.is_file():
        try:
            state = json.loads(path.read_text(encoding="utf-8"))["state"]
        except (OSError, ValueError, KeyError):
            state = None
    if state not in ("fails", "passes"):
        state = faulty_state(verifier.check(combined(task.visible, task), CheckOptions(timeout_s=timeout_s)))
        if cache and state != "unknown":
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"task": task.id, "state": state}), encoding="utf-8")
            os.replace(tmp, path)
    if state != "unknown":
        task.meta["not_faulty"] = state == "passes"
    return state  # type: ignore[return-value]


def verify_task(task: Task, verifier: Verifier) -> dict[str, Any]:
    faulty = verifier.check(combined(task.visible, task))
    state = faulty_state(faulty)
    row: dict[str, Any] = {
        "id": task.id,
        "family": task.meta.get("family"),
        "faulty_fails": state == "fails",
        "not_faulty": state == "passes",
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
        if r.get("not_faulty"):
            errors.append(
                {"id": r["id"], "what": "not faulty (meets every command; left out of rates)", "detail": r["faulty"]}
            )
        elif not r["faulty_fails"]:
            errors.append({"id": r["id"], "what": "faulty check undecided", "detail": r["faulty"]})
        if r["has_reference"] and not r["reference_passes"]:
            errors.append({"id": r["id"], "what": "reference does not pass", "detail": r["reference"]})
    return {
        "suite": suite,
        "tasks": len(rows),
        "faulty_fails": sum(int(r["faulty_fails"]) for r in rows),
        "not_faulty": sorted(r["id"] for r in rows if r.get("not_faulty")),
        "references": sum(int(r["has_reference"]) for r in rows),
        "reference_passes": sum(int(bool(r["reference_passes"])) for r in rows),
        "defects_repaired": dict(load.defects),
        "duplicates": len(load.duplicates),
        "families": families,
        "errors": errors,
    }
