"""The Suite protocol, the loaded-suite record and benchmark-root resolution."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from fmrepair.inputs import InputError
from fmrepair.task import Task

ENV_ROOT = "FMREPAIR_BENCHMARKS"


@dataclass
class SuiteLoad:
    """Tasks plus what preprocessing found (reported by `tasks verify`)."""

    tasks: list[Task]
    duplicates: dict[str, str] = field(default_factory=dict)  # task id -> id of its first copy
    defects: dict[str, int] = field(default_factory=dict)  # defect kind -> number of tasks repaired
    problems: list[str] = field(default_factory=list)  # files that could not be turned into tasks


def finish_load(tasks: list[Task], raw: list[tuple[str, str]], problems: list[str]) -> SuiteLoad:
    """Count each task's defects, find seed 000 duplicates over ``raw`` (id, text), mark them."""
    from fmrepair.eval.suites.preprocess import find_duplicates

    defects: dict[str, int] = {}
    for task in tasks:
        for d in task.meta.get("defects", []):
            defects[d] = defects.get(d, 0) + 1
    dups = find_duplicates(raw)
    for t in tasks:
        if t.id in dups:
            t.meta["duplicate_of"] = dups[t.id]
    return SuiteLoad(tasks, dups, defects, problems)


@runtime_checkable
class Suite(Protocol):
    name: str
    modes: tuple[str, ...]  # first one is the default

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad: ...

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]: ...


# suites whose data lives in a folder of another name
DATA_FOLDERS = {"planetarium-gen": "planetarium", "cpbench": "cp-bench"}


def default_root(suite: str) -> Path:
    """``$FMREPAIR_BENCHMARKS/<folder>``, else ``../shared/benchmarks/<folder>`` next to the repo."""
    folder = DATA_FOLDERS.get(suite, suite)
    env = os.environ.get(ENV_ROOT)
    if env:
        return Path(env) / folder
    repo = Path(__file__).resolve().parents[2]
    return repo.parent / "shared" / "benchmarks" / folder


def resolve_root(suite: str, root: str | Path | None) -> Path:
    path = Path(root) if root else default_root(suite)
    if not path.is_dir():
        raise InputError(f"{path}: benchmark root not found (use --root or ${ENV_ROOT})")
    return path


def check_mode(suite: Suite, mode: str | None) -> str:
    if mode is None:
        return suite.modes[0]
    if mode not in suite.modes:
        raise InputError(f"suite {suite.name} has modes {', '.join(suite.modes)}; not {mode!r}")
    return mode
