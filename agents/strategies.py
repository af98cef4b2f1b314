"""Repair strategies: a Protocol, a registry, and the strategies of seeds 000, 001 and 004."""

from __future__ import annotations

from typing import Protocol

from fmrepair.agents.conversation import Conversation
from fmrepair.agents.feedback import (
    analyzer_report,
    generic_feedback,
    immediate_feedback,
    instructor_feedback,
    no_feedback,
)
from fmrepair.agents.prompting import render
from fmrepair.agents.session import RepairSession, StepResult
from fmrepair.agents.toolcall import numbered
from fmrepair.registry import LazyRegistry


class Strategy(Protocol):
    name: str

    def run(self, session: RepairSession) -> None:
        """Run until the session raises Repaired or LimitsExceeded, or the strategy gives up."""
        ...


STRATEGIES: LazyRegistry[type[Strategy]] = LazyRegistry(
    "strategy",
    {
        "single-nf": "fmrepair.agents.strategies:SingleNoFeedback",
        "single-gf": "fmrepair.agents.strategies:SingleGenericFeedback",
        "dual-af": "fmrepair.agents.strategies:DualAutoFeedback",
        "sample": "fmrepair.agents.strategies:SampleRetry",
        "gated": "fmrepair.agents.strategies:EvidenceGated",
        "mutate": "fmrepair.agents.mutation.strategy:MutateStrategy",
        "hybrid": "fmrepair.agents.mutation.strategy:HybridStrategy",
    },
)


def get_strategy(name: str) -> Strategy:
    return STRATEGIES.load(name)()


def new_conversation(session: RepairSession, spec: str) -> Conversation:
    cfg = session.config
    tool = render(f"tool_{cfg.edit_mode}", editable=session.editable)
    system = render(
        "repair_system",
        iterations=cfg.budget.iterations,
        frozen_names=[f.name for f in session.task.frozen],
    )
    shown = numbered(spec) if cfg.edit_mode == "patch" else spec
    return Conversation(system=system + "\n\n" + tool, task=render("task", spec=shown))


class _Chain:
    """A single conversation of up to k iterations; subclasses choose the feedback."""

    name = "chain"

    def feedback(self, session: RepairSession, step: StepResult, chain: int, iteration: int) -> str:
        raise NotImplementedError

    def run_chain(self, session: RepairSession, chain: int, iterations: int) -> None:
        base = session.task.visible
        conv = new_conversation(session, base)
        for it in range(1, iterations + 1):
            step = session.step(session._fit(conv.messages), base, chain, it, self.name)
            fb = self.feedback(session, step, chain, it)
            step.record.feedback = fb
            session.record(step.record)
            conv.add_answer(step.record.raw)
            conv.add_feedback(fb)

    def run(self, session: RepairSession) -> None:
        self.run_chain(session, 0, session.config.budget.iterations)


class SingleNoFeedback(_Chain):
    name = "single-nf"

    def feedback(self, session: RepairSession, step: StepResult, chain: int, iteration: int) -> str:
        return no_feedback(step)


class SingleGenericFeedback(_Chain):
    name = "single-gf"

    def feedback(self, session: RepairSession, step: StepResult, chain: int, iteration: int) -> str:
        return generic_feedback(step)


class DualAutoFeedback(_Chain):
    name = "dual-af"

    def feedback(self, session: RepairSession, step: StepResult, chain: int, iteration: int) -> str:
        return instructor_feedback(session, step, chain, iteration, self.name)


class SampleRetry(SingleGenericFeedback):
    """n samples x r retries under a fixed total of answers (seed 004)."""

    name = "sample"

    def run(self, session: RepairSession) -> None:
        b = session.config.budget
        total = session.total_answers
        r = max(1, b.iterations)
        n = max(1, -(-total // r))
        for chain in range(n):
            self.run_chain(session, chain, min(r, total - chain * r))


class EvidenceGated:
    """Keep a rewrite only if the weighted count of errors and failing commands strictly drops and no
    previously met command fails (seed 001); unfaithful rewrites are never kept."""

    name = "gated"

    def run(self, session: RepairSession) -> None:
        base = session.task.visible
        current = session.evaluator.evaluate(base)
        conv = new_conversation(session, base)
        cfg = session.config
        for it in range(1, cfg.budget.iterations * cfg.budget.samples + 1):
            step = session.step(session._fit(conv.messages), base, 0, it, self.name)
            fb = immediate_feedback(step)
            ev = step.evaluation
            if fb is None and ev is not None and step.candidate is not None:
                lost = sorted(set(current.met_keys) - set(ev.met_keys))
                faithful_so_far = bool(ev.gate.get("faithful", False))
                accepted = ev.weight < current.weight and not lost and faithful_so_far
                step.record.gated = {
                    "accepted": accepted,
                    "weight_before": current.weight,
                    "weight_after": ev.weight,
                    "regressions": lost,
                    "faithful": faithful_so_far,
                }
                report = analyzer_report(ev.verdict)
                if accepted:
                    base, current = step.candidate, ev
                    shown = numbered(base) if cfg.edit_mode == "patch" else base
                    fb = render("feedback_generic", report=report) + (
                        "\nYour change was KEPT: it reduced the errors. The current specification is now:\n" + shown
                    )
                else:
                    why = "it broke a check that held before" if lost else "it did not reduce the errors"
                    if not faithful_so_far:
                        why = "it changed frozen parts: " + "; ".join(ev.gate.get("reasons", []))
                    fb = render("feedback_generic", report=report) + f"\nYour change was REJECTED: {why}."
            assert fb is not None
            step.record.feedback = fb
            session.record(step.record)
            conv.add_answer(step.record.raw)
            conv.add_feedback(fb)
