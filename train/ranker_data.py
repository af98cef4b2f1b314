"""Rows for the search ranker (issue 18.4): every candidate the mutation search checked in a run, with
its features and whether it was the task's accepted (faithful) repair.

Only development-split runs are read: a run whose suite root is the held-out folder
(``benchmarks/heldout/``), or whose tasks are held-out families, is refused (docs/heldout.md).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import BaseModel, Field

from fmrepair.agents.mutation.rank import features
from fmrepair.runlog import RunLog

HELDOUT_MARK = "benchmarks/heldout"
# the held-out Alloy4Fun-style families (benchmarks/heldout/alloy4fun/), refused whatever the root says
HELDOUT_FAMILIES = frozenset({"versions", "library", "filesystem", "lift"})


class HeldOutRunError(ValueError):
    """A run of the held-out split was given as training data."""


class RankerRow(BaseModel):
    """One checked candidate."""

    run: str
    task_id: str
    family: str
    iteration: int = Field(description="1-based index of the check in its task (the starting point is 1)")
    desc: str = Field(description="the mutation description the search logged (the attempt's raw)")
    features: dict[str, float]
    label: bool = Field(description="the candidate was the task's faithful repair")


class RunSource(BaseModel):
    folder: str
    suite: str
    root: str | None
    git_commit: str | None
    rows: int
    positives: int


def family_of(task_id: str) -> str:
    return task_id.split("/", 1)[0] if "/" in task_id else "arepair"


def check_development(folder: str | Path, suite: str, root: str | None, task_ids: set[str]) -> None:
    """Raise HeldOutRunError if the run read the held-out split."""
    if root and HELDOUT_MARK in Path(root).as_posix():
        raise HeldOutRunError(f"{folder}: its suite root {root} is the held-out split (docs/heldout.md)")
    held = sorted({family_of(t) for t in task_ids} & HELDOUT_FAMILIES) if suite == "alloy4fun" else []
    if held:
        raise HeldOutRunError(f"{folder}: tasks of held-out families {held} (docs/heldout.md)")


def read_run(folder: str | Path) -> tuple[RunSource, list[RankerRow]]:
    """The rows of one run folder (search attempts only; the starting point is not a candidate)."""
    log = RunLog.open(folder)
    manifest = log.read_manifest()
    if manifest is None:
        raise FileNotFoundError(f"{folder}: no manifest.json (not a run folder)")
    settings = manifest.settings
    attempts = [a for a in log.attempts() if a.role == "search"]
    suite = str(settings.get("suite", "?"))
    root = settings.get("root")
    check_development(folder, suite, root, {a.task_id for a in attempts})
    rows = [
        RankerRow(
            run=str(folder),
            task_id=a.task_id,
            family=family_of(a.task_id),
            iteration=a.iteration,
            desc=a.raw,
            features=features(a.raw),
            label=bool(a.faithful),
        )
        for a in attempts
        if a.raw and a.raw != "starting point"
    ]
    source = RunSource(
        folder=str(folder),
        suite=suite,
        root=root,
        git_commit=manifest.git_commit,
        rows=len(rows),
        positives=sum(r.label for r in rows),
    )
    return source, rows


def build_rows(folders: list[str | Path]) -> tuple[list[RunSource], list[RankerRow]]:
    sources, rows = [], []
    for folder in folders:
        source, got = read_run(folder)
        sources.append(source)
        rows += got
    return sources, rows


def rows_sha256(rows: list[RankerRow]) -> str:
    h = hashlib.sha256()
    for r in rows:
        h.update(json.dumps(r.model_dump(), sort_keys=True).encode())
        h.update(b"\n")
    return h.hexdigest()
