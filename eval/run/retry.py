"""Resuming a run redoes its ``error`` tasks: an error (an infrastructure fault above all: the model
endpoint or a verifier worker lost, fmrepair/faults.py) says nothing about the model, so a resume drops
those result lines and runs the tasks again (their attempts go with them: eval/run/engine.py
``compact_unfinished``)."""

from __future__ import annotations

from typing import Any

from fmrepair.runlog import RunLog, TaskResult, read_jsonl, rewrite_jsonl

__all__ = ["drop_errors", "warn_errors"]


def drop_errors(log: RunLog) -> list[str]:
    """Remove the result lines with ``status: "error"`` from ``results.jsonl`` (atomically: a kill leaves
    the old or the new file); returns the ids of the tasks that will run again."""
    path = log.folder / RunLog.RESULTS
    if not path.exists():
        return []
    keep: list[dict[str, Any]] = []
    dropped: list[str] = []
    for d in read_jsonl(path):
        if d.get("status") == "error":
            dropped.append(str(d.get("task_id")))
        else:
            keep.append(d)
    if dropped:
        rewrite_jsonl(path, keep)
    return dropped


def warn_errors(results: list[TaskResult], stream: Any) -> None:
    """Say which tasks ended in error (infrastructure faults counted apart): a rerun retries them."""
    errors = [r for r in results if r.status == "error"]
    if not errors:
        return
    infra = [r for r in errors if r.infrastructure]
    why = next((str(r.extra.get("error", r.stop_reason)) for r in infra or errors), "")
    stream.write(
        f"{len(errors)} task(s) ended in error ({len(infra)} infrastructure fault(s), out of every rate), e.g. "
        f"{why[:200]}; rerun the same command to run them again: {', '.join(r.task_id for r in errors[:5])}\n"
    )
