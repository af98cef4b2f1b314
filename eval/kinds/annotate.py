"""The annotate kind (C/ACSL, seed 004's loop): n chains of k answers of annotation edits, checked by
Frama-C/WP (agents/annotate)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fmrepair.eval.kinds.base import RunSetupError
from fmrepair.runlog import RunLog, TaskResult
from fmrepair.task import Task


class AnnotateKind:
    name = "annotate"
    # k: answers per chain (1 + feedback rounds); samples: chains; edit_mode insert | whole
    defaults: dict[str, Any] = {
        "k": 2, "samples": 2, "temperature": 0.7, "max_new_tokens": 384, "check_timeout_s": 300.0,
        "edit_mode": "insert",
    }

    def configure(self, cfg: Any) -> None:
        if cfg.edit_mode not in ("insert", "whole"):
            raise RunSetupError("annotate edit modes: insert | whole")

    def run(
        self, task: Task, cfg: Any, model: Any, verifiers: Any, log: RunLog, suite: Any, root: Path | None
    ) -> list[TaskResult]:
        return [annotate(task, cfg, model, verifiers.get(task.formalism), log)]

    def summarize(self, log: RunLog, summary: dict[str, Any], strategies: tuple[str, ...]) -> None:
        """pass@k raw and faithful per removal schema, and the inflation the gate removes."""
        from fmrepair.eval.acsl_bench.metrics import summarize as per_schema

        results = log.results()
        chains = max((len(r.extra.get("chains", [])) for r in results), default=0)
        if chains:
            summary["schemata"] = per_schema(results, chains)


def annotate(task: Task, cfg: Any, model: Any, verifier: Any, log: RunLog) -> TaskResult:
    """The annotation loop on one task (n = samples chains of k answers); its result line is written."""
    from fmrepair.agents.annotate import AnnotateConfig, annotate_task

    config = AnnotateConfig(
        samples=cfg.samples,
        retries=cfg.k - 1,
        mode=cfg.edit_mode,
        temperature=cfg.temperature,
        max_new_tokens=cfg.max_new_tokens,
        seed=cfg.seed,
        check_timeout_s=cfg.check_timeout_s,
    )
    return annotate_task(task, model, verifier, config, log=log)
