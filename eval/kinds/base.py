"""A task kind (repair, formalize, annotate, or a plug-in's): what the run engine asks of it.

The engine (eval/run/engine.py, eval/run/tasks.py, eval/run/procs.py) resolves a run's settings, loads the
tasks, and hands each task to its kind; it has no branch on a kind's name. A kind declares the defaults
of the run settings a run leaves unset, refuses settings it cannot run, runs one task (writing its result
lines), and may add to the run's score card.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from fmrepair.runlog import RunLog, TaskResult
from fmrepair.task import Task


class RunSetupError(ValueError):
    """A run that cannot start as configured (a strategy of another kind, a missing model, ...)."""


class KindSpec(Protocol):
    name: str
    # run settings (eval/config.py BenchConfig fields) a run leaves unset take these; the manifest records
    # the resolved values
    defaults: dict[str, Any]

    def configure(self, cfg: Any) -> None:
        """Raise RunSetupError for resolved settings this kind cannot run (before anything is written)."""
        ...

    def run(
        self, task: Task, cfg: Any, model: Any, verifiers: Any, log: RunLog, suite: Any, root: Path | None
    ) -> list[TaskResult]:
        """Run one task and write its result lines to ``log`` (one per strategy of the run); a task it
        cannot finish gets ``error`` lines, never a success. ``verifiers.get(formalism)`` gives the run's
        shared verifier of a formalism."""
        ...

    def summarize(self, log: RunLog, summary: dict[str, Any], strategies: tuple[str, ...]) -> None:
        """Add this kind's parts to the run's score card (``summary``), in place."""
        ...


def bare_results(task: Task, cfg: Any, status: str, stop: str, **extra: Any) -> list[TaskResult]:
    """One result line per strategy of the run for a task no strategy ran on."""
    from fmrepair.agents.strategies import strategy_names

    return [
        TaskResult(
            task_id=task.id,
            strategy=name,
            model=cfg.model,
            status=status,  # type: ignore[arg-type]
            repaired=False,
            faithful=False,
            equivalent=None,
            iterations=0,
            attempts=0,
            stop_reason=stop,
            extra={"family": task.meta.get("family"), **extra},
        )
        for name in strategy_names(cfg.strategy)
    ]
