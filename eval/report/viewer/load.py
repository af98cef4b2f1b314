"""What the viewer reads: run folders (fmrepair/runlog.py) and, for the faulty specs and the hidden-text
guard, the suite's tasks. Attempts are optional (an archived run keeps only ``results.jsonl.gz``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fmrepair.runlog import AttemptRecord, RunLog, RunManifest, TaskResult
from fmrepair.task import Task

OUTCOMES = ("fixed", "unfixed", "unfaithful-rejected", "error", "unknown", "infrastructure", "not-faulty")


class ViewerInputError(ValueError):
    """A run folder or suite the viewer cannot read."""


@dataclass
class RunData:
    folder: Path
    manifest: RunManifest
    results: list[TaskResult]
    attempts: dict[str, list[AttemptRecord]] = field(default_factory=dict)  # task id -> attempts, in order
    has_attempts: bool = False

    @property
    def settings(self) -> dict[str, Any]:
        return self.manifest.settings

    @property
    def kind(self) -> str:
        return self.manifest.kind

    @property
    def suite(self) -> str | None:
        return self.settings.get("suite")

    @property
    def label(self) -> str:
        s = self.settings
        strategy = s.get("strategy") or ",".join(s.get("methods") or []) or "?"
        model = s.get("model") or self.manifest.model.get("name") or "?"
        return f"{strategy} / {model} ({self.folder.name})"

    @property
    def k(self) -> int | None:
        return self.settings.get("k")

    def priced(self) -> bool:
        return any(r.cost_usd > 0 for r in self.results)


def load_run(folder: Path) -> RunData:
    """Read a run folder or archive (read-only: a missing folder is a FileNotFoundError, nothing is created)."""
    folder = Path(folder)
    log = RunLog.open(folder)
    manifest = log.read_manifest()
    assert manifest is not None
    attempts: dict[str, list[AttemptRecord]] = {}
    has = (folder / RunLog.ATTEMPTS).is_file()
    for a in log.attempts() if has else []:
        attempts.setdefault(a.task_id, []).append(a)
    return RunData(folder=folder, manifest=manifest, results=log.results(), attempts=attempts, has_attempts=has)


def load_tasks(runs: list[RunData], root: str | None = None) -> dict[str, Task]:
    """The tasks of every run's suite, by id (the run's recorded suite, root and mode)."""
    from fmrepair.eval.suites import get_suite, resolve_root
    from fmrepair.inputs import InputError
    from fmrepair.registry import UnknownName

    tasks: dict[str, Task] = {}
    seen: set[tuple[Any, ...]] = set()
    for run in runs:
        s = run.settings
        if not run.suite and run.manifest.kind == "repair":
            continue  # a `fmrepair repair` log of one user file: no suite, its pages come from the attempts
        key = (run.suite, root or s.get("root"), s.get("mode"))
        if key in seen:
            continue
        seen.add(key)
        if not run.suite:
            raise ViewerInputError(f"{run.folder}: the manifest names no suite; pass --no-tasks")
        try:
            suite = get_suite(run.suite)
            load = suite.load(resolve_root(run.suite, key[1]), s.get("mode"))
        except (UnknownName, InputError, OSError) as e:
            msg = f"{run.folder}: cannot load suite {run.suite!r}: {e}; pass --root or --no-tasks"
            raise ViewerInputError(msg) from e
        wanted = {r.task_id for r in run.results}
        tasks |= {t.id: t for t in load.tasks if t.id in wanted}
    return tasks


def outcome(r: TaskResult, attempts: list[AttemptRecord] | None = None) -> str:
    """fixed (faithful) | not-faulty (out of every rate) | infrastructure (the endpoint or a verifier was
    lost: out of every rate) | unknown (the score could not be decided: never a success) | error (errors,
    timeouts, undecided gates: never a success) | unfaithful-rejected (a raw-correct candidate the gate
    refused) | unfixed."""
    status = getattr(r, "status", "ran")
    if status == "not_faulty":
        return "not-faulty"
    if r.faithful and status == "ran":
        return "fixed"
    if status == "error" and getattr(r, "infrastructure", False):
        return "infrastructure"
    if status == "unknown":
        return "unknown"
    if status == "error" or getattr(r, "gate_unknown", 0):
        return "error"
    if r.repaired or r.unfaithful_rejected:
        return "unfaithful-rejected"
    checked = [a.verdict for a in attempts or [] if a.verdict]
    if checked and all(v.get("status") in ("timeout", "error") for v in checked):
        return "error"  # the verifier decided nothing
    return "unfixed"
