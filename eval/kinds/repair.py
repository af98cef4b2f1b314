"""The repair kind: the faulty-text check, the strategy (a repair session, or independent chains), the
faithfulness gate of the task's formalism and the suite's own equivalence check with the hidden reference."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.eval.config import BenchConfig
from fmrepair.faults import InfrastructureError
from fmrepair.runlog import RunLog, TaskResult
from fmrepair.task import Task


class RepairKind:
    name = "repair"
    # the defaults of the repair settings themselves (agents/config.py), not a second list
    defaults: dict[str, Any] = {
        "k": Budget().iterations, "samples": Budget().samples, "temperature": RepairConfig().temperature,
        "max_new_tokens": RepairConfig().max_new_tokens, "check_timeout_s": RepairConfig().check_timeout_s,
        "edit_mode": RepairConfig().edit_mode,
    }

    def configure(self, cfg: Any) -> None:
        pass

    def run(
        self, task: Task, cfg: Any, model: Any, verifiers: Any, log: RunLog, suite: Any, root: Path | None
    ) -> list[TaskResult]:
        return [run_one(task, cfg, model, verifiers.get(task.formalism), log)]

    def summarize(self, log: RunLog, summary: dict[str, Any], strategies: tuple[str, ...]) -> None:
        pass


def _repair_config(cfg: BenchConfig, seed: int, samples: int) -> Any:
    return cfg.repair_config(seed=seed, samples=samples)  # derived from the run config (eval/config.py)


def equivalence_scorer(
    suite: Any, verifier: Any, root: str | None, model_free: bool = False
) -> Callable[[Task, str], bool | None]:
    """Whether a repair is the reference's equal, by the suite's own ``score`` (its ``correct``:
    Alloy4Fun, the hidden iff oracle; ARepair, the family's AUnit tests); ``model_free`` as the run's gate."""
    from fmrepair.eval.suites.base import Candidate

    where = Path(root) if root else None
    return lambda task, candidate: suite.score(
        task, Candidate(candidate, verifier=verifier, root=where, model_free=model_free)
    ).correct


def _bare_result(task: Task, cfg: BenchConfig, status: str, stop: str, **extra: Any) -> TaskResult:
    """The result line of a task no strategy ran on (not faulty) or whose run raised (error)."""
    from fmrepair.eval.kinds.base import bare_results

    return bare_results(task, cfg, status, stop, **extra)[0]


def run_one(task: Task, cfg: BenchConfig, model: Any, verifier: Any, log: RunLog) -> TaskResult:
    """Run one task and append its result line: a not-faulty task (its faulty text already meets every
    command, hidden oracle included) gets a ``not_faulty`` line and no strategy; a task whose run raises
    gets an ``error`` line (never counted as repaired)."""
    from fmrepair.eval.kinds import with_kind_defaults
    from fmrepair.eval.suites.verify import check_faulty

    cfg = with_kind_defaults(cfg, "repair")  # a caller's unresolved config: the repair defaults
    try:
        if check_faulty(task, verifier, cfg.check_timeout_s) == "passes":
            why = "not_faulty: the faulty text is not faulty (it already meets every command)"
            result = _bare_result(task, cfg, "not_faulty", why)
            log.append_result(result)
            return result
        return _run_strategy(task, cfg, model, verifier, log)
    except Exception as e:  # noqa: BLE001 - recorded on its own row, never as a repair
        result = _bare_result(task, cfg, "error", f"error: {type(e).__name__}", error=f"{type(e).__name__}: {e}"[:2000])
        result.infrastructure = isinstance(e, InfrastructureError)  # out of every rate (fmrepair/faults.py)
        log.append_result(result)
        return result


@functools.cache
def instructor_model(name: str) -> Any:
    """dual-af's instructor (``instructor_model``), loaded once per process and shared by its tasks."""
    from fmrepair.serving import get_model

    return get_model(name)


def outcome_detail(out: Any) -> dict[str, Any]:
    """What a user is shown beyond the kept repair (`fmrepair repair`): the outcome, the narrowing
    candidate and the instances of the original it loses (no repair kept them all), further repairs."""
    detail: dict[str, Any] = {"outcome": out.outcome}
    if out.narrowing is not None:
        detail["narrowing"] = out.narrowing
        detail["lost"] = list((out.narrowing_gate or {}).get("lost", []))[:3]
    if out.alternatives:
        detail["alternatives"] = list(out.alternatives)
    return detail


def _rediscovered(attempts: list[Any]) -> bool:
    """A faithful attempt holds the hidden reference body verbatim, built by the search alone (docs/gate.md)."""
    return any(a.faithful and (a.gate or {}).get("rediscovered") for a in attempts)


def _run_strategy(task: Task, cfg: BenchConfig, model: Any, verifier: Any, log: RunLog) -> TaskResult:
    from fmrepair.agents.runner import default_gate, repair_task
    from fmrepair.agents.strategies import strategy_info
    from fmrepair.eval.suites import get_suite, resolve_root

    search_only = not strategy_info(cfg.strategy).needs_model  # no model, no prompt: the oracle never in view
    gate = default_gate(verifier, model_free=search_only)
    root = str(resolve_root(cfg.suite, cfg.root))
    suite = get_suite(cfg.suite)
    eq = equivalence_scorer(suite, verifier, root, model_free=search_only) if getattr(
        suite, "scores_equivalence", True) else None  # a user's file has no reference: equivalence stays None
    instructor = instructor_model(cfg.instructor_model) if cfg.instructor_model else None
    from fmrepair.eval.taxonomy import taxonomy

    if not cfg.independent_samples:
        rc = _repair_config(cfg, cfg.seed, cfg.samples)
        out = repair_task(task, model, verifier, rc, gate=gate, instructor=instructor, log=log, score_equivalent=eq,
                          write_result=False)
        result = out.result
        result.extra["taxonomy"] = taxonomy(task, out.attempts, verifier) if not result.faithful else {}
        if _rediscovered(out.attempts):
            result.extra["rediscovered"] = True
        result.extra.update(outcome_detail(out))
        log.append_result(result)
        return result
    chains: list[dict[str, Any]] = []
    parts: list[TaskResult] = []
    all_attempts = []
    for s in range(cfg.samples):
        rc = _repair_config(cfg, cfg.seed + 7919 * s, 1)
        out = repair_task(task, model, verifier, rc, gate=gate, instructor=instructor, log=log, score_equivalent=eq,
                          write_result=False)
        parts.append(out.result)
        all_attempts += out.attempts
        chains.append(
            {"raw": out.result.repaired, "faithful": out.result.faithful, "equivalent": out.result.equivalent}
        )
    best = next((p for p in parts if p.faithful), parts[0])
    merged = best.model_copy(
        update={
            "repaired": any(p.repaired for p in parts),
            "faithful": any(p.faithful for p in parts),
            "equivalent": any(bool(p.equivalent) for p in parts)
            if any(p.equivalent is not None for p in parts)
            else None,
            "attempts": sum(p.attempts for p in parts),
            "prompt_tokens": sum(p.prompt_tokens for p in parts),
            "completion_tokens": sum(p.completion_tokens for p in parts),
            "seconds": sum(p.seconds for p in parts),
            "cost_usd": sum(p.cost_usd for p in parts),
            "verifier_calls": sum(p.verifier_calls for p in parts),
            "cache_hits": sum(p.cache_hits for p in parts),
            "unfaithful_rejected": sum(p.unfaithful_rejected for p in parts),
            "gate_unknown": sum(p.gate_unknown for p in parts),
            "extra": {
                **best.extra,
                # counts over every chain, like attempts (the rest of extra is the best chain's)
                "timeouts": sum(int(p.extra.get("timeouts") or 0) for p in parts),
                "ill_formed": sum(int(p.extra.get("ill_formed") or 0) for p in parts),
                "unconfirmed": sum(int(p.extra.get("unconfirmed") or 0) for p in parts),
                "chains": chains,
                "taxonomy": taxonomy(task, all_attempts, verifier) if not any(p.faithful for p in parts) else {},
                **({"rediscovered": True} if _rediscovered(all_attempts) else {}),
            },
        }
    )
    log.append_result(merged)
    return merged
