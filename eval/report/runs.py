"""Run folders and archives as reports read them: the Run record (a run's manifest and results, upgraded to
the current format), the outcome labels and the outcome rows every report table ends with. Readers open
runs read-only (RunLog.open): a path that is not a run folder is an error and nothing is created."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fmrepair.eval.metrics import OUTCOMES, outcome
from fmrepair.runlog import RunLog, RunManifest, TaskResult


class ReportError(ValueError):
    """Runs that a report or comparison cannot be made of (wrong kind, nothing in common)."""


# what each outcome row says (eval/metrics.py: outcome)
OUTCOME_LABELS = {
    "faithful": "faithful repair",
    "unfaithful": "raw repair, rejected by the gate (unfaithful)",
    "gate_unknown": "raw repair, gate could not decide (unknown; not faithful)",
    "unrepaired": "not repaired",
    "score_unknown": "score could not be decided (unknown; not correct)",
    "error": "error (the task's run raised; not correct)",
    "infrastructure": "infrastructure fault: endpoint or verifier lost (out of every rate; rerun to retry)",
    "not_faulty": "not faulty: the faulty text already passes (out of every rate)",
}


# what each outcome row says in a formalize run (correct = faithful: the artifact's answer was right)
FORMALIZE_LABELS = {
    "faithful": "correct",
    "unfaithful": "wrong",
    "gate_unknown": "wrong",
    "unrepaired": "wrong",
    "score_unknown": "score could not be checked (unknown; not correct)",
    "error": "error (the task's run raised; not correct)",
    "infrastructure": OUTCOME_LABELS["infrastructure"],
    "not_faulty": "not scored (out of every rate)",
}


@dataclass
class Run:
    """A run folder or archive, read (upgraded to the current format)."""

    folder: Path
    manifest: RunManifest
    results: list[TaskResult]

    @property
    def kind(self) -> str:
        return self.manifest.kind

    @property
    def settings(self) -> dict[str, Any]:
        return self.manifest.settings

    @property
    def model(self) -> str:
        return str(self.settings.get("model") or self.manifest.model.get("name") or "?")

    @property
    def strategies(self) -> list[str]:
        return list(dict.fromkeys(r.strategy for r in self.results))  # in the run's order

    @property
    def label(self) -> str:
        strategy = self.settings.get("strategy") or ",".join(self.strategies) or "?"
        return f"{strategy} / {self.model}"


def open_run(folder: Path | str) -> Run:
    """Read a run folder or archive; RunNotFound (a FileNotFoundError) when it is not one. Creates nothing."""
    log = RunLog.open(folder)
    manifest = log.read_manifest()
    assert manifest is not None  # RunLog.open checked it
    return Run(Path(folder), manifest, log.results())


def load_manifest(folder: Path) -> RunManifest:
    """The manifest of a run folder or of an archive (``manifest.json`` + ``results.jsonl.gz``)."""
    manifest = RunLog.open(folder).read_manifest()
    assert manifest is not None
    return manifest


def load_run(folder: Path) -> tuple[dict[str, Any], list[TaskResult]]:
    run = open_run(folder)
    return run.manifest.config, run.results


def outcome_rows(runs: list[Run], by_strategy: bool = False) -> str:
    """Every outcome as its own row, one column per run (per run and strategy with ``by_strategy``):
    correct/faithful, rejected, not repaired or wrong, and the tasks outside the rates (not faulty,
    infrastructure) or never correct (error, unknown score)."""
    cols: list[tuple[str, list[TaskResult]]] = []
    for i, run in enumerate(runs, 1):
        if by_strategy:
            cols += [(f"{i}: {st}", [r for r in run.results if r.strategy == st]) for st in run.strategies]
        else:
            cols.append((f"{i}", run.results))
    labels = FORMALIZE_LABELS if by_strategy else OUTCOME_LABELS
    counts = [Counter(labels[outcome(r)] for r in rs) for _, rs in cols]
    order = list(dict.fromkeys(labels[o] for o in OUTCOMES))
    lines = ["| outcome | " + " | ".join(c for c, _ in cols) + " |", "|---|" + "---:|" * len(cols)]
    lines += [f"| {lbl} | " + " | ".join(str(c[lbl]) for c in counts) + " |" for lbl in order]
    return "\n".join(lines) + "\n"


def of_kind(folders: list[Path], kinds: tuple[str, ...], fmt: str) -> list[Run]:
    runs = [open_run(f) for f in folders]
    wrong = [f"{r.folder} ({r.kind})" for r in runs if r.kind not in kinds]
    if wrong:
        raise ReportError(f"--format {fmt} reads {' and '.join(kinds)} runs; not: {', '.join(wrong)}")
    return runs
