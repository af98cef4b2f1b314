"""Feedback messages of seed 000 Table 2, the analyzer report, and the instructor agent."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fmrepair.agents.edits import INSTRUCTOR_SCHEMA
from fmrepair.agents.prompting import render
from fmrepair.verifiers.base import Verdict

if TYPE_CHECKING:
    from fmrepair.agents.session import RepairSession, StepResult

MAX_WITNESS_CHARS = 1200


def analyzer_report(verdict: Verdict) -> str:
    commands = []
    for c in verdict.commands:
        w = c.witness
        if w and len(w) > MAX_WITNESS_CHARS:
            w = w[:MAX_WITNESS_CHARS] + "\n..."
        commands.append({**c.model_dump(), "witness": w})
    return render(
        "analyzer_report",
        errors=[e.model_dump() for e in verdict.errors],
        commands=commands,
        status=verdict.status,
    )


def immediate_feedback(step: StepResult) -> str | None:
    """Feedback that does not depend on the strategy: bad call, repeated spec, unfaithful fix."""
    if step.candidate is None:
        return render("feedback_tool_fallback", reason=step.call_error or "")
    if step.repeated:
        return render("feedback_repeated")
    ev = step.evaluation
    if ev is not None and ev.raw and not ev.faithful:
        return render("feedback_unfaithful", reasons=ev.gate.get("reasons", []))
    return None


def no_feedback(step: StepResult) -> str:
    return immediate_feedback(step) or render("feedback_none")


def generic_feedback(step: StepResult) -> str:
    fixed = immediate_feedback(step)
    if fixed is not None:
        return fixed
    assert step.evaluation is not None
    return render("feedback_generic", report=analyzer_report(step.evaluation.verdict))


def instructor_feedback(session: RepairSession, step: StepResult, chain: int, iteration: int, strategy: str) -> str:
    """Dual agent: the instructor sees the analyzer report and the candidate, and writes the next prompt."""
    fixed = immediate_feedback(step)
    if fixed is not None:
        return fixed
    assert step.evaluation is not None and step.candidate is not None
    model = session.instructor or session.model
    messages = [
        {"role": "system", "content": render("instructor_system")},
        {
            "role": "user",
            "content": render("instructor_user", report=analyzer_report(step.evaluation.verdict), spec=step.candidate),
        },
    ]
    result = session.call(model, messages, INSTRUCTOR_SCHEMA, seed=None)
    comp = result.first
    instruction = (comp.parsed or {}).get("instruction") if isinstance(comp.parsed, dict) else None
    session.record(session.new_record(result, messages, strategy, chain, iteration, role="instructor"))
    if not instruction:
        return render("feedback_generic", report=analyzer_report(step.evaluation.verdict))
    return render("feedback_instructor", instruction=instruction)
