"""The Suite protocol, the loaded-suite record and benchmark-root resolution."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

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


@dataclass
class Candidate:
    """What a suite's ``score`` judges: the artifact a strategy returned, and what scoring may use.
    ``answer``: a formalize strategy's solver answer for the artifact (FOLIO: True/False/Uncertain);
    ``verifier``: the run's verifier for the task's formalism (repair suites check with it);
    ``root``: the suite's benchmark folder (ARepair reads its AUnit tests from there);
    ``model_free``: the artifact was built by a search alone (the gate's setting, docs/gate.md)."""

    artifact: str
    answer: str | None = None
    verifier: Any = None
    root: Path | None = None
    model_free: bool = False


class Scored(BaseModel):
    """A hidden-reference score. ``correct`` is the suite's headline: formalize, the artifact's answer
    matches the reference; repair, equivalent to the reference; annotate, proved and faithful. None:
    it could not be decided (logged as status "unknown", never correct)."""

    correct: bool | None
    raw: bool | None = None  # repair/annotate: every check met (before the faithfulness gate)
    faithful: bool | None = None  # repair/annotate: raw and the gate passed
    equivalent: bool | None = None  # repair: equal to the reference, where one is known
    detail: dict[str, Any] = Field(default_factory=dict)
    note: str = ""


@runtime_checkable
class Suite(Protocol):
    name: str
    modes: tuple[str, ...]  # first one is the default
    kind: SuiteKind  # what its tasks ask for: repair | formalize | annotate
    data_folder: str  # its folder under the benchmarks root (default_root)
    default_strategy: str  # what `bench run` runs without --strategy (a name or a comma-separated set)

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
    from fmrepair.eval.suites import SUITES

    if suite in SUITES:
        return str(getattr(SUITES.load(suite), "data_folder", suite))
    return suite


def default_root(suite: str) -> Path:
    """``$FMREPAIR_BENCHMARKS/<folder>``, else ``../shared/benchmarks/<folder>`` next to the repo."""
    folder = data_folder(suite)
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
