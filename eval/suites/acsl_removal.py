"""The ACSL removal-schema benchmark (seed 004 technique 7) as an annotate suite.

The data folder is what ``fmrepair tasks build-acsl --out DIR`` writes (``index.jsonl``, ``cases/``, and the
proved originals under ``hidden_*`` paths); :func:`fmrepair.eval.acsl_bench.build.load_tasks` turns it
into tasks. Modes: ``all`` or one schema. A task is scored by Frama-C/WP plus the ACSL faithfulness
gate: correct when every goal is proved and the gate passes (the annotate loop applies the same two
checks to every candidate, so the runner takes its verdict instead of checking twice).
"""

from __future__ import annotations

from pathlib import Path

from fmrepair.eval.acsl_bench.schemata import SCHEMATA
from fmrepair.eval.suites.base import Candidate, Scored, SuiteLoad, check_mode
from fmrepair.task import Task


class AcslRemovalSuite:
    name = "acsl-removal"
    modes = ("all", *SCHEMATA)
    kind = "annotate"
    data_folder = "acsl-removal"
    default_strategy = "annotate"

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        from fmrepair.eval.acsl_bench.build import load_tasks
        from fmrepair.inputs import InputError

        mode = check_mode(self, mode)
        if not (Path(root) / "index.jsonl").is_file():
            raise InputError(f"{root}: no index.jsonl; build it with `fmrepair tasks build-acsl --out {root}`")
        return SuiteLoad(tasks=load_tasks(Path(root), None if mode == "all" else mode))

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def unscorable(self, task: Task) -> str | None:
        return None

    def score(self, task: Task, candidate: Candidate) -> Scored:
        """Frama-C/WP proves every goal of the candidate and the ACSL gate finds it faithful."""
        from fmrepair.verifiers.acsl import AcslVerifier
        from fmrepair.verifiers.acsl.gate import gate

        verifier = candidate.verifier if isinstance(candidate.verifier, AcslVerifier) else AcslVerifier()
        raw = verifier.check(candidate.artifact).status == "ok"
        report = gate(task.visible, candidate.artifact)
        faithful = raw and report.faithful
        return Scored(correct=faithful, raw=raw, faithful=faithful, detail={"gate": report.reasons})
