"""The formalize kind (NL -> MiniZinc / SMT-LIB2 / PDDL, seed 001): the methods ``zero-shot``,
``self-review``, ``gated`` or a comma-separated set of them through eval/kinds/formalize_arms.py: one zero-shot
artifact per task, every repair starting from it, one result line per strategy; a set's score card gets
per-strategy transitions against zero-shot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fmrepair.eval.kinds.base import RunSetupError
from fmrepair.runlog import RunLog, TaskResult
from fmrepair.task import Task


class FormalizeKind:
    name = "formalize"
    # k: repair rounds after the zero-shot artifact; check_timeout_s: solver time per diagnosis probe
    defaults: dict[str, Any] = {
        "k": 1, "samples": 1, "temperature": 0.0, "max_new_tokens": 700, "check_timeout_s": 10.0,
        "edit_mode": "whole",
    }

    def configure(self, cfg: Any) -> None:
        if cfg.samples != 1:
            raise RunSetupError("formalize strategies take one sample per task (--samples 1)")

    def run(
        self, task: Task, cfg: Any, model: Any, verifiers: Any, log: RunLog, suite: Any, root: Path | None
    ) -> list[TaskResult]:
        from fmrepair.eval.kinds.formalize_arms import run_task as formalize_task

        return formalize_task(task, model, log, formalize_config(cfg), cfg.strategy.split(","), suite=suite)

    def summarize(self, log: RunLog, summary: dict[str, Any], strategies: tuple[str, ...]) -> None:
        if len(strategies) > 1:  # the seed 001 comparison: per strategy, transitions against zero-shot
            from fmrepair.eval.kinds.formalize_arms import summarize as per_strategy

            summary["strategies"] = per_strategy(log)


def formalize_config(cfg: Any) -> Any:
    from fmrepair.agents.formalize.loop import FormalizeConfig
    from fmrepair.serving.base import Sampling

    return FormalizeConfig(
        rounds=cfg.k,
        sampling=Sampling(temperature=cfg.temperature, max_tokens=cfg.max_new_tokens, seed=cfg.seed),
        timeout_s=cfg.check_timeout_s,
    )
