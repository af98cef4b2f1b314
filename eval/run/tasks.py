"""The run engine's per-task helpers: resolve a run's settings (the suite's default strategy, the kind's
defaults and checks), the run's shared verifiers, and one task through its kind (eval/kinds: repair,
formalize, annotate, or a plug-in kind) with the rows no kind writes itself.

A task the suite cannot score (``Suite.unscorable``: a CP-Bench reference that is not definite, a SPARK
task without GNATprove) runs no strategy: it gets a result line per strategy with status ``unknown`` and
``stop_reason`` ``not_scorable: ...``, counted on its own row, never correct. A task whose run raises gets
status ``error`` lines (run again on resume).
"""

from __future__ import annotations

import inspect
import threading
from pathlib import Path
from typing import Any

from fmrepair.eval.kinds import RunSetupError, get_kind, with_kind_defaults
from fmrepair.eval.kinds.base import bare_results
from fmrepair.faults import InfrastructureError
from fmrepair.runlog import RunLog, TaskResult
from fmrepair.serving.nomodel import NoModel
from fmrepair.task import Task

DEFAULT_MODEL = "qwen2.5-coder-0.5b"


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
    if getattr(cfg, "constraint", None):
        from fmrepair.serving.constraints import CONSTRAINTS

        CONSTRAINTS.load(cfg.constraint)  # an unknown name: UnknownName with "did you mean"
    resolved = with_kind_defaults(cfg.model_copy(update=update), kind)
    get_kind(kind).configure(resolved)
    return resolved, kind


def load_model(cfg: Any) -> Any:
    """The run's model (``none``: a stand-in that refuses to be called)."""
    if cfg.model == "none":
        return NoModel()
    from fmrepair.serving import get_model

    return get_model(cfg.model, **({"constraint": cfg.constraint} if getattr(cfg, "constraint", None) else {}))


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


def run_task(kind: str, task: Task, cfg: Any, model: Any, verifiers: Verifiers, log: RunLog, suite: Any,
             root: Path | None) -> list[TaskResult]:
    """Run one task through its kind; returns its result lines (already written to ``log``)."""
    try:
        why = suite.unscorable(task)
        if why is None:
            return get_kind(kind).run(task, cfg, model, verifiers, log, suite, root)
        rows = bare_results(task, cfg, "unknown", f"not_scorable: {why}", skipped=why)
    except Exception as e:  # noqa: BLE001 - recorded on its own row, never as a success
        rows = bare_results(task, cfg, "error", f"error: {type(e).__name__}", error=f"{type(e).__name__}: {e}"[:2000])
        for r in rows:
            r.infrastructure = isinstance(e, InfrastructureError)
    for r in rows:
        log.append_result(r)
    return rows
