"""The annotation loop: n samples x r retries (seed 004 techniques 3-4), the verifier's unproved goals
with their source lines pre-compiled into the first prompt (technique 2), verifier feedback after each
failed attempt, and every candidate through the ACSL faithfulness gate (seed 003 technique 1).

Each chain records whether it reached a verified candidate (``raw``) and a verified *faithful* one
(``faithful``); ``TaskResult.extra["chains"]`` feeds the unbiased pass@k of eval.metrics.
"""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel, Field

from fmrepair.agents.annotate.edit import AnswerError, EditMode, answer_schema, apply_answer
from fmrepair.agents.edits import numbered
from fmrepair.agents.prompting import PromptGuard, render
from fmrepair.runlog import AttemptRecord, RunLog, TaskResult
from fmrepair.serving.base import ChatMessage, ChatModel, Sampling
from fmrepair.task import Task
from fmrepair.verifiers.acsl import AcslResult, AcslVerifier
from fmrepair.verifiers.acsl.gate import gate
from fmrepair.verifiers.base import CheckOptions

STRATEGY = "annotate"


class AnnotateConfig(BaseModel):
    samples: int = Field(2, ge=1, description="n: independent chains per task")
    retries: int = Field(1, ge=0, description="r: feedback rounds per chain (n*(r+1) answers at most)")
    mode: EditMode = "insert"
    temperature: float = Field(0.7, ge=0.0, le=2.0)
    top_p: float = 0.95
    max_new_tokens: int = Field(384, ge=16)
    seed: int | None = 0
    context_lines: int = Field(2, ge=1, description="source lines shown per unproved goal (the line and the next)")
    max_goals: int = Field(8, ge=1)
    check_timeout_s: float = 300.0


def goal_lines(result: AcslResult, source: str, config: AnnotateConfig) -> list[str]:
    """One line per unproved goal: what, where, the source line(s), what WP had to prove."""
    lines = source.splitlines()
    out: list[str] = []
    for g in result.unproved()[: config.max_goals]:
        where = ""
        if g.line is not None and 0 < g.line <= len(lines):
            shown = [lines[i].strip() for i in range(g.line - 1, min(len(lines), g.line - 1 + config.context_lines))]
            where = f" at line {g.line}: `{' / '.join(s for s in shown if s)}`"
        prove = f"; WP must prove: {g.prove}" if g.prove else ""
        out.append(f"{g.outcome}: {g.description}{where}{prove}")
    extra = len(result.unproved()) - config.max_goals
    if extra > 0:
        out.append(f"... and {extra} more")
    return out


def _errors(result: AcslResult) -> list[str]:
    return [f"line {e.line}: {e.message}" if e.line else e.message for e in result.verdict.errors]


def annotate_task(
    task: Task, model: ChatModel, verifier: AcslVerifier, config: AnnotateConfig, log: RunLog | None = None
) -> TaskResult:
    started = time.monotonic()
    options = CheckOptions(timeout_s=config.check_timeout_s)
    initial = verifier.run(task.visible, options)
    guard = PromptGuard(task.secrets(), task.visible)
    attempts_per_chain = config.retries + 1
    system = render("annotate_system", mode=config.mode, attempts=attempts_per_chain)
    first = render("annotate_task", program=numbered(task.visible), goals=goal_lines(initial, task.visible, config))
    schema = answer_schema(config.mode, len(task.visible.splitlines()))
    chains: list[dict[str, Any]] = []
    model_texts: list[str] = []
    totals = {"prompt": 0, "completion": 0, "calls": 1, "answers": 0, "unfaithful": 0}
    first_success: int | None = None
    accepted: str | None = None
    for chain in range(config.samples):
        messages = [{"role": "system", "content": system}, {"role": "user", "content": first}]
        state = {"raw": False, "faithful": False, "attempts": 0, "gate_rejected": 0}
        for it in range(1, attempts_per_chain + 1):
            guard.check_messages(messages, model_texts)  # nothing hidden ever reaches the model
            seed = None if config.seed is None else config.seed + 1000 * chain + it
            sampling = Sampling(
                temperature=config.temperature, top_p=config.top_p, max_tokens=config.max_new_tokens, seed=seed
            )
            t0 = time.monotonic()
            res = model.chat([ChatMessage(**m) for m in messages], schema=schema, sampling=sampling)
            comp = res.first
            totals["answers"] += 1
            totals["prompt"] += res.usage.prompt_tokens
            totals["completion"] += res.usage.completion_tokens
            model_texts.append(comp.text)
            state["attempts"] = it
            rec = AttemptRecord(
                task_id=task.id,
                strategy=STRATEGY,
                chain=chain,
                iteration=it,
                source="model",
                model=res.model,
                messages=messages,
                raw=comp.text,
                parsed=comp.parsed,
                parse_error=comp.parse_error,
                prompt_tokens=res.usage.prompt_tokens,
                completion_tokens=res.usage.completion_tokens,
            )
            feedback_ctx: dict[str, Any] = {"rejected": [], "errors": [], "goals": [], "candidate": ""}
            try:
                if comp.parsed is None:
                    raise AnswerError(comp.parse_error or "the answer is not valid JSON for the schema")
                candidate = apply_answer(config.mode, task.visible, comp.parsed)
            except AnswerError as e:
                rec.candidate_error = str(e)
                feedback_ctx["errors"] = [f"the answer could not be used: {e}"]
            else:
                model_texts.append(candidate)
                rec.candidate = candidate
                checked = verifier.run(candidate, options)
                totals["calls"] += 1
                report = gate(task.visible, candidate)
                rec.verdict = checked.verdict.model_dump(exclude={"raw"})
                rec.gate = report.to_dict()
                rec.raw_ok = checked.verdict.status == "ok"
                rec.faithful = rec.raw_ok and report.faithful
                state["raw"] = state["raw"] or rec.raw_ok
                if rec.raw_ok and not report.faithful:
                    totals["unfaithful"] += 1
                    state["gate_rejected"] += 1
                feedback_ctx = {
                    "rejected": report.reasons,
                    "errors": _errors(checked),
                    "goals": goal_lines(checked, candidate, config),
                    "candidate": candidate,
                }
            rec.seconds = time.monotonic() - t0
            if rec.faithful:
                state["faithful"] = True
                if first_success is None:
                    first_success, accepted = totals["answers"], rec.candidate
                if log is not None:
                    log.append_attempt(rec)
                break
            rec.feedback = render("annotate_feedback", **feedback_ctx)
            if log is not None:
                log.append_attempt(rec)
            messages = messages + [
                {"role": "assistant", "content": comp.text},
                {"role": "user", "content": rec.feedback},
            ]
        chains.append(state)
    result = TaskResult(
        task_id=task.id,
        strategy=STRATEGY,
        model=getattr(model, "name", "?"),
        repaired=any(c["raw"] for c in chains),
        faithful=any(c["faithful"] for c in chains),
        iterations=attempts_per_chain,
        attempts=totals["answers"],
        first_success=first_success,
        candidate=accepted,
        prompt_tokens=totals["prompt"],
        completion_tokens=totals["completion"],
        seconds=time.monotonic() - started,
        verifier_calls=totals["calls"],
        unfaithful_rejected=totals["unfaithful"],
        stop_reason="faithful" if accepted else "budget",
        extra={
            "chains": chains,
            "schema": task.meta.get("schema"),
            "family": task.meta.get("family", task.meta.get("schema")),
            "initial_unproved": len(initial.unproved()),
        },
    )
    if log is not None:
        log.append_result(result)
    return result
