"""Repair strategies: a Protocol, a registry, and the strategies of seeds 000, 001 and 004."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol

from fmrepair.agents.conversation import Conversation
from fmrepair.agents.edits import numbered
from fmrepair.agents.feedback import (
    analyzer_report,
    generic_feedback,
    immediate_feedback,
    instructor_feedback,
    no_feedback,
)
from fmrepair.agents.prompting import redact_comments, render
from fmrepair.agents.session import RepairSession, StepResult
from fmrepair.registry import LazyRegistry, UnknownName

StrategyKind = str  # a task kind: repair | formalize | annotate, or a plug-in kind (eval/kinds KINDS)


@dataclass(frozen=True)
class StrategyInfo:
    """What a strategy is, read before it runs: the task kinds it runs on, whether it calls a model
    (a strategy without one builds every candidate by search alone: no prompt, the oracle never in view;
    the gate then records a verbatim reference body as a rediscovery, docs/gate.md), whether its tasks run
    in worker processes (CPU-bound Python search), and one line on what it does."""

    kinds: tuple[StrategyKind, ...]
    needs_model: bool = True
    processes: bool = False
    help: str = ""

    @property
    def search(self) -> bool:
        """A candidate search (its budget is candidates checked, not model answers per iteration)."""
        return self.processes


class Strategy(Protocol):
    """A strategy class carries its facts (``info``); ``run`` is called for repair tasks. Formalize and
    annotate strategies are run by their kind's loop (agents/formalize, agents/annotate) and register
    here for their facts and names."""

    name: str
    info: ClassVar[StrategyInfo]

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
        "zero-shot": "fmrepair.agents.formalize.methods:ZeroShot",
        "self-review": "fmrepair.agents.formalize.methods:SelfReview",
        "annotate": "fmrepair.agents.annotate.strategy:Annotate",
    },
    group="fmrepair.strategies",
)


def get_strategy(name: str) -> Strategy:
    return STRATEGIES.load(name)()


def strategy_info(name: str) -> StrategyInfo:
    """The facts of the strategy called ``name`` (a built-in or a plug-in), from its class."""
    cls = STRATEGIES.load(name)  # an unknown name: UnknownName with a did-you-mean (fmrepair/registry.py)
    info = getattr(cls, "info", None)
    if not isinstance(info, StrategyInfo):
        target = STRATEGIES.target(name)
        raise UnknownName(f"strategy {name!r} ({target}) has no `info: StrategyInfo` (agents/strategies.py)")
    return info


def all_strategy_info() -> dict[str, StrategyInfo]:
    """Every registered strategy's facts, built-ins and plug-ins (imports each one)."""
    return {n: strategy_info(n) for n in STRATEGIES.names()}


def strategy_names(spec: str) -> tuple[str, ...]:
    """The strategies of a ``--strategy`` value: one name or a comma-separated set (``zero-shot,gated``),
    each known, none twice."""
    names = tuple(x.strip() for x in spec.split(",") if x.strip())
    if not names:
        raise UnknownName("no strategy given")
    for n in names:
        strategy_info(n)
    if len(set(names)) != len(names):
        raise UnknownName(f"strategy {spec!r} names one strategy twice")
    return names


def strategy_kind(spec: str, suite_kind: str) -> StrategyKind:
    """The kind a strategy (set) runs as on a suite of ``suite_kind``; a mismatch is a clear error."""
    names = strategy_names(spec)
    for n in names:
        info = strategy_info(n)
        if suite_kind not in info.kinds:
            fitting = ", ".join(m for m, i in all_strategy_info().items() if suite_kind in i.kinds)
            raise StrategyMismatch(
                f"strategy {n!r} is a {'/'.join(info.kinds)} strategy; the suite's tasks are {suite_kind} "
                f"tasks (its strategies: {fitting})"
            )
    if len(names) > 1 and suite_kind != "formalize":
        raise StrategyMismatch("a strategy set (a,b,...) runs only on formalize suites (one shared zero-shot start)")
    return suite_kind  # type: ignore[return-value]


def needs_model(spec: str) -> bool:
    return any(strategy_info(n).needs_model for n in strategy_names(spec))


class StrategyMismatch(ValueError):
    """A strategy run on a suite of another kind."""


def new_conversation(session: RepairSession, spec: str) -> Conversation:
    cfg = session.config
    spec = redact_comments(spec, session.task.secrets(), session.task.formalism)
    if cfg.prompt_view == "compact":  # short instructions and a view of the text (paragraph edits only)
        from fmrepair.verifiers.alloy.excerpt import excerpt

        system = render("repair_system_compact", iterations=cfg.budget.iterations, editable=session.editable)
        return Conversation(system=system, task=render("task", spec=excerpt(spec, session.editable)))
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
    info: ClassVar[StrategyInfo]

    def feedback(self, session: RepairSession, step: StepResult, chain: int, iteration: int) -> str:
        raise NotImplementedError

    def run_chain(self, session: RepairSession, chain: int, iterations: int) -> None:
        base = session.task.visible
        conv = new_conversation(session, base)
        for it in range(1, iterations + 1):
            step = session.step(session.fit_history(conv.messages), base, chain, it, self.name)
            fb = self.feedback(session, step, chain, it)
            step.record.feedback = fb
            session.record(step.record)
            conv.add_answer(step.record.raw)
            conv.add_feedback(fb)

    def run(self, session: RepairSession) -> None:
        self.run_chain(session, 0, session.config.budget.iterations)


class SingleNoFeedback(_Chain):
    name = "single-nf"
    info = StrategyInfo(("repair",), help="one model chain, no feedback (seed 000's baseline)")

    def feedback(self, session: RepairSession, step: StepResult, chain: int, iteration: int) -> str:
        return no_feedback(step)


class SingleGenericFeedback(_Chain):
    name = "single-gf"
    info = StrategyInfo(("repair",), help="one model chain, told only which commands fail (seed 000)")

    def feedback(self, session: RepairSession, step: StepResult, chain: int, iteration: int) -> str:
        return generic_feedback(step)


class DualAutoFeedback(_Chain):
    name = "dual-af"
    info = StrategyInfo(("repair",), help="one model chain, a second 'instructor' model explains the "
                        "counterexample (seed 000)")

    def feedback(self, session: RepairSession, step: StepResult, chain: int, iteration: int) -> str:
        return instructor_feedback(session, step, chain, iteration, self.name)


class SampleRetry(SingleGenericFeedback):
    """n samples x r retries under a fixed total of answers (seed 004)."""

    name = "sample"
    info = StrategyInfo(("repair",), help="n independent model chains x r retries under a fixed answer budget")

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
    # both kinds: Alloy repair (this class) and NL -> formal (seed 001, agents/formalize/loop.py)
    info = StrategyInfo(("repair", "formalize"), help="keep a model rewrite only if the verifier's evidence "
                        "strictly improves (seed 001)")

    def run(self, session: RepairSession) -> None:
        base = session.task.visible
        current = session.evaluator.evaluate(base)
        conv = new_conversation(session, base)
        cfg = session.config
        for it in range(1, cfg.budget.iterations * cfg.budget.samples + 1):
            step = session.step(session.fit_history(conv.messages), base, 0, it, self.name)
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
