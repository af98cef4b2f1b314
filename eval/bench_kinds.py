"""What `bench run` does per task kind: the suite's kind picks the path, the strategy must match it.

- repair: :func:`fmrepair.eval.bench.run_one` (the faulty-text check, the strategy, the hidden-reference
  equivalence), with the verifier of the task's formalism from the verifier registry.
- formalize: the seed 001 methods (``zero-shot``, ``self-review``, ``gated``, or a comma-separated set
  of them) through :func:`fmrepair.eval.formalize.runner.run_task`: one zero-shot artifact per task,
  every repair starting from it, one result line per strategy.
- annotate: the annotation loop of :mod:`fmrepair.agents.annotate` (strategy ``annotate``).

A task the suite cannot score (``Suite.unscorable``: a CP-Bench reference that is not definite, a SPARK
task without GNATprove) runs no strategy: it gets a result line per strategy with status ``unknown`` and
``stop_reason`` ``not_scorable: ...``, counted on its own row, never correct. A task whose run raises gets
status ``error`` lines (run again on resume), as in a repair run.
"""

from __future__ import annotations

import inspect
import threading
from pathlib import Path
from typing import Any

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.faults import InfrastructureError
from fmrepair.runlog import RunLog, TaskResult
from fmrepair.task import Task

KINDS = ("repair", "formalize", "annotate")
DEFAULT_MODEL = "qwen2.5-coder-0.5b"

# run settings a run leaves unset take its kind's default (the settings of seed 000 repair, of seed 001
# formalization and of the seed 004 annotation loop); the manifest records the resolved values
KIND_DEFAULTS: dict[str, dict[str, Any]] = {
    # repair: the defaults of the repair settings themselves (agents/config.py), not a second list
    "repair": {
        "k": Budget().iterations, "samples": Budget().samples, "temperature": RepairConfig().temperature,
        "max_new_tokens": RepairConfig().max_new_tokens, "check_timeout_s": RepairConfig().check_timeout_s,
        "edit_mode": RepairConfig().edit_mode,
    },
    # k: repair rounds after the zero-shot artifact; check_timeout_s: solver time per diagnosis probe
    "formalize": {
        "k": 1, "samples": 1, "temperature": 0.0, "max_new_tokens": 700, "check_timeout_s": 10.0,
        "edit_mode": "whole",
    },
    # k: answers per chain (1 + feedback rounds); samples: chains; edit_mode insert | whole
    "annotate": {
        "k": 2, "samples": 2, "temperature": 0.7, "max_new_tokens": 384, "check_timeout_s": 300.0,
        "edit_mode": "insert",
    },
}


class RunSetupError(ValueError):
    """A run that cannot start as configured (a strategy of another kind, a missing model, ...)."""


def resolve_config(cfg: Any) -> tuple[Any, str]:
    """``cfg`` with the suite's default strategy and the kind's defaults filled in, and the run's kind.
    Raises RunSetupError for a strategy of another kind than the suite's or a model-less model strategy."""
    from fmrepair.agents.strategies import StrategyMismatch, needs_model, strategy_kind
    from fmrepair.eval.suites import get_suite

    suite = get_suite(cfg.suite)
    kind = suite.kind
    strategy = cfg.strategy or suite.default_strategy
    try:
        strategy_kind(strategy, kind)
    except StrategyMismatch as e:
        raise RunSetupError(f"suite {cfg.suite!r}: {e}") from None
    update: dict[str, Any] = {"strategy": strategy}
    if not needs_model(strategy):
        update["model"] = "none"  # never loaded (a --model given to a model-less strategy is ignored)
    elif cfg.model in (None, ""):
        update["model"] = DEFAULT_MODEL
    elif cfg.model == "none":
        raise RunSetupError(f"strategy {strategy!r} needs a model: pass --model NAME")
    resolved = with_kind_defaults(cfg.model_copy(update=update), kind)
    if kind == "formalize" and resolved.samples != 1:
        raise RunSetupError("formalize strategies take one sample per task (--samples 1)")
    if kind == "annotate" and resolved.edit_mode not in ("insert", "whole"):
        raise RunSetupError("annotate edit modes: insert | whole")
    return resolved, kind


def with_kind_defaults(cfg: Any, kind: str) -> Any:
    """``cfg`` with every unset setting of KIND_DEFAULTS[kind] filled in (a copy; ``cfg`` when none is unset)."""
    update = {k: v for k, v in KIND_DEFAULTS[kind].items() if getattr(cfg, k, None) is None}
    return cfg.model_copy(update=update) if update else cfg


class Verifiers:
    """The run's verifiers, one per formalism, made from the verifier registry on first use and shared by
    the run's threads (``workers`` goes to verifiers that take it: the Alloy analyzer pool)."""

    def __init__(self, workers: int = 1, **kwargs: Any) -> None:
        self.kwargs = {"workers": workers, **kwargs}
        self._made: dict[str, Any] = {}
        self._lock = threading.Lock()

    def get(self, formalism: str) -> Any:
        with self._lock:
            if formalism not in self._made:
                self._made[formalism] = make_verifier(formalism, **self.kwargs)
            return self._made[formalism]

    def close(self) -> None:
        for v in self._made.values():
            close = getattr(v, "close", None)
            if close is not None:
                close()
        self._made.clear()

    def __enter__(self) -> Verifiers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def make_verifier(formalism: str, **kwargs: Any) -> Any:
    """The registry's verifier for ``formalism``, given those of ``kwargs`` its constructor takes."""
    from fmrepair.verifiers.registry import VERIFIERS

    cls = VERIFIERS.load(formalism)
    params = inspect.signature(cls.__init__).parameters
    return cls(**{k: v for k, v in kwargs.items() if k in params and v is not None})


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


def run_task(kind: str, task: Task, cfg: Any, model: Any, verifiers: Verifiers, log: RunLog, suite: Any,
             root: Path | None) -> list[TaskResult]:
    """Run one task of a non-process run; returns its result lines (already written to ``log``)."""
    if kind == "repair":
        from fmrepair.eval.bench import run_one

        return [run_one(task, cfg, model, verifiers.get(task.formalism), log)]
    try:
        why = suite.unscorable(task)
        if why is not None:
            rows = bare_results(task, cfg, "unknown", f"not_scorable: {why}", skipped=why)
        elif kind == "formalize":
            from fmrepair.eval.formalize.runner import run_task as formalize_task

            return formalize_task(task, model, log, formalize_config(cfg), cfg.strategy.split(","), suite=suite)
        elif kind == "annotate":
            return [annotate(task, cfg, model, verifiers.get(task.formalism), log)]
        else:
            raise RunSetupError(f"unknown task kind {kind!r}")
    except Exception as e:  # noqa: BLE001 - recorded on its own row, never as a success
        rows = bare_results(task, cfg, "error", f"error: {type(e).__name__}", error=f"{type(e).__name__}: {e}"[:2000])
        for r in rows:
            r.infrastructure = isinstance(e, InfrastructureError)
    for r in rows:
        log.append_result(r)
    return rows


def formalize_config(cfg: Any) -> Any:
    from fmrepair.agents.formalize.loop import FormalizeConfig
    from fmrepair.serving.base import Sampling

    return FormalizeConfig(
        rounds=cfg.k,
        sampling=Sampling(temperature=cfg.temperature, max_tokens=cfg.max_new_tokens, seed=cfg.seed),
        timeout_s=cfg.check_timeout_s,
    )


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
