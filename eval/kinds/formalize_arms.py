"""Run zero-shot, self-review and gated on the same tasks (both repairs start from the same zero-shot
artifact), log every call to a run folder, and compare against zero-shot (transitions, McNemar).

Scoring happens only here, after each method has returned its artifact: FOL answers are compared with
``meta["hidden_label"]``; MiniZinc (CP-Bench) by status and objective against the sandboxed reference run
of the CPMpy script; PDDL by equivalence with the gold problem. The loop never sees any of them. Tasks
whose reference is not definite (CP-Bench reference timed out or failed) are skipped and listed. A killed
run resumes: finished tasks are skipped.
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fmrepair.agents.formalize.loop import FormalizeConfig, Formalizer, TaskOutcome
from fmrepair.eval.stats import compare
from fmrepair.runlog import AttemptRecord, RunLog, RunManifest, TaskResult
from fmrepair.serving.base import ChatModel
from fmrepair.task import Task

METHODS = ("zero-shot", "self-review", "gated")
# the suite whose score() judges a formalism's artifacts (for tasks given without their suite)
FORMALISM_SUITE = {"smtlib": "folio", "minizinc": "cp-bench", "pddl": "planetarium-gen"}


def _suite_for(task: Task) -> Any:
    from fmrepair.eval.suites import get_suite

    if task.formalism not in FORMALISM_SUITE:
        raise NotImplementedError(f"no scorer for {task.formalism}")
    return get_suite(FORMALISM_SUITE[task.formalism])


def scorable(task: Task) -> bool:
    """Whether the task has a definite reference (only CP-Bench references can fail to be definite)."""
    return _suite_for(task).unscorable(task) is None


def score(task: Task, outcome: TaskOutcome, suite: Any = None) -> tuple[bool | None, dict[str, Any]]:
    """(correct, detail): the suite's hidden-reference score of the returned artifact (``Suite.score``);
    correct is None when it could not be checked (a CP-Bench assignment): logged as status "unknown",
    never correct."""
    from fmrepair.eval.suites.base import Candidate

    scored = (suite or _suite_for(task)).score(task, Candidate(outcome.artifact, answer=outcome.diagnosis.answer))
    return scored.correct, scored.detail


def _log(
    log: RunLog,
    task: Task,
    outcome: TaskOutcome,
    model: str,
    scored: tuple[bool | None, dict[str, Any]],
    start_correct: bool | None,
) -> TaskResult:
    correct, detail = scored
    for i, c in enumerate(outcome.calls, 1):
        log.append_attempt(
            AttemptRecord(
                task_id=task.id,
                strategy=outcome.method,
                iteration=i,
                role=c.role,
                source="model",
                model=model,
                messages=c.messages,
                raw=c.raw,
                parsed=c.parsed,
                prompt_tokens=c.prompt_tokens,
                completion_tokens=c.completion_tokens,
                seconds=c.seconds,
                gated=outcome.decisions[-1] if outcome.decisions and c.role == "rewrite" else None,
            )
        )
    d = outcome.diagnosis
    result = TaskResult(
        task_id=task.id,
        strategy=outcome.method,
        model=model,
        status="unknown" if correct is None else "ran",  # could not be checked: never correct
        repaired=correct is True,
        faithful=correct is True,
        iterations=len(outcome.decisions),
        attempts=len(outcome.calls),
        candidate=outcome.artifact,
        prompt_tokens=sum(c.prompt_tokens for c in outcome.calls),
        completion_tokens=sum(c.completion_tokens for c in outcome.calls),
        seconds=sum(c.seconds for c in outcome.calls),
        extra={
            "answer": d.answer,
            "label": task.meta.get("hidden_label"),
            "potential": list(d.potential),
            "findings": [f.model_dump() for f in d.findings],
            "decisions": outcome.decisions,
            "zero_shot_correct": start_correct,
            "score": detail,
            "family": task.meta.get("family"),
        },
    )
    log.append_result(result)
    return result


def run_task(
    task: Task,
    model: ChatModel,
    log: RunLog,
    config: FormalizeConfig | None = None,
    methods: list[str] | tuple[str, ...] = METHODS,
    suite: Any = None,
    done: set[tuple[str, str]] | None = None,
) -> list[TaskResult]:
    """One task through zero-shot and the repairs in ``methods`` (each from the same zero-shot artifact),
    scored by the suite; writes the attempts and one result line per method not in ``done``."""
    done = done or set()
    f = Formalizer(model, config)
    start = f.zero_shot(task)
    start_scored = score(task, start, suite)
    outcomes = {"zero-shot": start}
    if "self-review" in methods:
        outcomes["self-review"] = f.self_review(task, start)
    if "gated" in methods:
        outcomes["gated"] = f.gated(task, start)
    return [
        _log(log, task, outcomes[m], model.name, start_scored if m == "zero-shot" else score(task, outcomes[m], suite),
             start_scored[0])
        for m in methods
        if (task.id, m) not in done
    ]


def run(
    tasks: list[Task],
    model: ChatModel,
    out: str | Path,
    config: FormalizeConfig | None = None,
    methods: tuple[str, ...] = METHODS,
    suite: str | None = None,
    workers: int = 1,
    progress: bool = False,
) -> dict[str, Any]:
    log = RunLog(out)
    if log.read_manifest() is None:
        log.write_manifest(
            RunManifest(
                config={
                    "methods": list(methods),
                    "rounds": (config or FormalizeConfig()).rounds,
                    "tasks": [t.id for t in tasks],
                    "suite": suite,
                },
                model={"name": model.name},
            )
        )
    done = {(r.task_id, r.strategy) for r in log.results()}
    unscorable: list[str] = []

    def one(task: Task) -> None:
        if all((task.id, m) in done for m in methods):
            return
        if not scorable(task):
            unscorable.append(task.id)
            return
        run_task(task, model, log, config, methods, done=done)
        if progress:
            finished.append(task.id)
            print(f"formalize [{len(finished)}/{len(tasks)}] {task.id}", file=sys.stderr, flush=True)

    finished: list[str] = []
    if workers <= 1:
        for task in tasks:
            one(task)
    else:  # tasks in parallel threads: a served model batches the requests (each task's log lines stay whole)
        with ThreadPoolExecutor(workers) as pool:
            for fut in [pool.submit(one, t) for t in tasks]:
                fut.result()
    report = summarize(log)
    if unscorable:
        report["unscorable"] = unscorable
    return report


def summarize(log: RunLog) -> dict[str, Any]:
    per: dict[str, dict[str, bool]] = {}
    unknown: dict[str, int] = {}  # scores that could not be decided: not correct, counted on their own
    for r in log.results():
        per.setdefault(r.strategy, {})[r.task_id] = r.faithful
        unknown[r.strategy] = unknown.get(r.strategy, 0) + (r.status == "unknown")
    report: dict[str, Any] = {
        m: {"tasks": len(v), "correct": sum(v.values()), "unknown": unknown[m]} for m, v in per.items()
    }
    base = per.get("zero-shot", {})
    for m in ("self-review", "gated"):
        if m in per and base:
            report[f"{m}_vs_zero-shot"] = compare(base, per[m])
    if "self-review" in per and "gated" in per:
        report["gated_vs_self-review"] = compare(per["self-review"], per["gated"])
    return report


