"""The Suite protocol, the loaded-suite record and benchmark-root resolution."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from fmrepair.eval.scoring import Candidate, Scored
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


SuiteKind = str  # a task kind: repair | formalize | annotate, or a plug-in kind (eval/kinds KINDS)
SEED_001 = "zero-shot,self-review,gated"  # the seed 001 comparison: a formalize suite's default strategy set


@runtime_checkable
class Suite(Protocol):
    name: str
    modes: tuple[str, ...]  # first one is the default
    kind: SuiteKind  # what its tasks ask for: repair | formalize | annotate
    data_folder: str  # its folder under the benchmarks root (default_root)
    default_strategy: str  # what `bench run` runs without --strategy (a name or a comma-separated set)
    # optional, read with getattr: ``root_may_be_file`` (--root may name one file; no default root),
    # ``scores_equivalence`` (False: no reference, equivalence never scored), ``with_editable(tasks, names)``
    # (the tasks with those paragraphs left editable: the run config's ``editable``; without it the suite
    # fixes what may change and refuses the setting)

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad: ...

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]: ...

    def unscorable(self, task: Task) -> str | None:
        """Why a task cannot be scored (e.g. a CP-Bench reference that is not definite), else None.
        `bench run` records such tasks as status "unknown" without running a strategy."""
        ...

    def score(self, task: Task, candidate: Candidate) -> Scored:
        """The hidden-reference score of a returned artifact (never shown to a model)."""
        ...


def data_folder(suite: str) -> str:
    """The benchmark folder of a registered suite (its ``data_folder``), else the name itself."""
    return str(_suite_attr(suite, "data_folder", suite))


def default_root(suite: str) -> Path:
    """``$FMREPAIR_BENCHMARKS/<folder>``, else ``../shared/benchmarks/<folder>`` next to the repo."""
    folder = data_folder(suite)
    env = os.environ.get(ENV_ROOT)
    if env:
        return Path(env) / folder
    repo = Path(__file__).resolve().parents[2]
    return repo.parent / "shared" / "benchmarks" / folder


def _suite_attr(suite: str, name: str, default: object) -> object:
    from fmrepair.eval.suites import SUITES

    return getattr(SUITES.load(suite), name, default) if suite in SUITES else default


def resolve_root(suite: str, root: str | Path | None) -> Path:
    """The suite's folder: ``root``, else its default. A suite with ``root_may_be_file`` (``files``: a
    user's own specification) takes a file as well, and has no default."""
    takes_file = bool(_suite_attr(suite, "root_may_be_file", False))
    if takes_file and not root:
        raise InputError(f"suite {suite}: give --root FILE or --root FOLDER (the specifications to repair)")
    path = Path(root) if root else default_root(suite)
    if takes_file and path.is_file():
        return path
    if not path.is_dir():
        what = "no such file or folder" if takes_file else f"benchmark root not found (use --root or ${ENV_ROOT})"
        raise InputError(f"{path}: {what}")
    return path


def check_mode(suite: Suite, mode: str | None) -> str:
    if mode is None:
        return suite.modes[0]
    if mode not in suite.modes:
        raise InputError(f"suite {suite.name} has modes {', '.join(suite.modes)}; not {mode!r}")
    return mode
