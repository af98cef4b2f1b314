"""Repair one task end to end: build the session, run the strategy, score, log the result."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fmrepair.agents.config import RepairConfig
from fmrepair.agents.evaluate import Evaluator, GateFn
from fmrepair.agents.session import LimitsExceeded, Repaired, RepairSession
from fmrepair.agents.strategies import get_strategy
from fmrepair.runlog import AttemptRecord, RunLog, TaskResult, reached_edits
from fmrepair.serving.base import ChatModel
from fmrepair.task import Task
from fmrepair.verifiers.base import ILL_FORMED, CheckOptions, Verifier

EDITABLE_KINDS = ("fact", "pred", "fun", "sig")

# ``TaskResult.stop_reason`` is "CODE" or "CODE: detail"; CODE says why the task stopped. Counted budgets:
# candidates, proposals, ill_formed (the allowance of candidates the compiler rejects), verifier_calls, answers,
# tokens; "wall_cap": the wall-time safety cap cut the task short
# (that result depends on machine load); "exhausted": the strategy ran out of things to try.
STOP_CODES = (
    "fixed",
    "candidates",
    "proposals",
    "ill_formed",
    "verifier_calls",
    "answers",
    "tokens",
    "wall_cap",
    "exhausted",
    "not_faulty",
    "error",
)


def stop_code(stop_reason: str) -> str:
    """The code of a ``stop_reason`` ("" for one written before codes existed)."""
    code = stop_reason.split(":", 1)[0].strip()
    return code if code in STOP_CODES else ""


@dataclass
class RepairOutcome:
    result: TaskResult
    candidate: str | None  # the faithful repair, when one was found
    attempts: list[AttemptRecord] = field(default_factory=list)
    # no repair kept every good instance: the passing, faithful candidate that loses the fewest (the witnesses
    # are in its gate report); never written as a repair by default
    narrowing: str | None = None
    narrowing_gate: dict | None = None
    alternatives: list[str] = field(default_factory=list)  # further distinct repairs (config.alternatives)

    @property
    def outcome(self) -> str:
        """repaired | narrows | unfaithful (only unfaithful or undecided passing candidates) | not_repaired."""
        if self.candidate is not None:
            return "repaired"
        if self.narrowing is not None:
            return "narrows"
        if self.result.repaired:
            return "unfaithful"
        return "not_repaired"


def _iteration_index(attempts: list[AttemptRecord], upto: int) -> int:
    """Correct@k counts model iterations: the number of model answers up to attempt ``upto`` (1 for a
    pure search, whose whole run is one iteration)."""
    return max(1, sum(1 for a in attempts[:upto] if a.role == "repair"))


def _timeouts(session: RepairSession) -> int:
    """Checks cut short by a wall-clock timeout (verdicts, unsat cores): the one way load can still
    change a result at a counted budget, so each task says how many it had."""
    timed_out = sum(1 for a in session.attempts if (a.verdict or {}).get("status") == "timeout")
    return timed_out + session.timeouts


def _ill_formed(session: RepairSession) -> int:
    """Search candidates the analyzer's compiler rejected (not counted as checked candidates)."""
    return sum(1 for a in session.attempts if a.role == "search" and (a.verdict or {}).get("status") in ILL_FORMED)


def editable_paragraphs(task: Task) -> list[str]:
    """Paragraphs a model may edit: the task's own list, else every non-frozen fact/pred/fun/sig."""
    if task.meta.get("editable"):
        return list(task.meta["editable"])
    from fmrepair.verifiers.alloy.text import split_paragraphs

    frozen = {f.name for f in task.frozen}
    names: list[str] = []
    paras = [p for p in split_paragraphs(task.visible) if p.kind in EDITABLE_KINDS and p.body_start is not None]
    paras.sort(key=lambda p: EDITABLE_KINDS.index(p.kind))  # constraints first, signatures last
    for p in paras:
        if p.key not in frozen and p.key not in names:
            names.append(p.key)
    return names


def task_from_user_file(path: str, text: str, editable: Sequence[str] = (), task_id: str | None = None) -> Task:
    """A user's own file (the ``files`` suite, eval/suites/files.py): nothing hidden; assertions, commands,
    opens and every pred/fun they reach are frozen, except the reached paragraphs the user names editable."""
    from fmrepair.verifiers.alloy.gate import default_frozen

    frozen = default_frozen(text, editable)
    # a user has no oracle: a candidate that loses behaviour the file allows is not a repair (the gate's
    # behaviour "require"; benchmark tasks only record it, their oracle decides)
    meta = {"path": path, "behaviour": "require"}
    return Task(id=task_id or path, suite="files", visible=text, frozen=frozen, meta=meta)


class RegisteredGate:
    """The task formalism's faithfulness gate from the GATES registry (verifiers/registry.py), as the loop
    calls it; with a verifier it also runs the semantic probes where the gate has some (Alloy).
    ``model_free``: every candidate comes from the search alone (a verbatim reference body is then a
    rediscovery, docs/gate.md); the loop's text-only gate takes the same setting."""

    def __init__(self, verifier: Verifier | None, model_free: bool = False) -> None:
        self.verifier, self.model_free = verifier, model_free

    def __call__(self, task: Task, candidate: str) -> dict:
        from fmrepair.verifiers.registry import GATES

        return GATES.load(task.formalism)(task, candidate, self.verifier, model_free=self.model_free)


def default_gate(verifier: Verifier | None, model_free: bool = False) -> GateFn:
    """The task formalism's registered gate, with the verifier's probes."""
    return RegisteredGate(verifier, model_free)


def text_gate(model_free: bool = False) -> GateFn:
    """The registered gate's text checks only (no verifier calls)."""
    return RegisteredGate(None, model_free)


def repair_task(
    task: Task,
    model: ChatModel,
    verifier: Verifier,
    config: RepairConfig,
    gate: GateFn | None = None,
    instructor: ChatModel | None = None,
    log: RunLog | None = None,
    on_attempt: Callable[[AttemptRecord], None] | None = None,
    score_equivalent: Callable[[Task, str], bool | None] | None = None,
    write_result: bool = True,
) -> RepairOutcome:
    t0 = time.monotonic()
    texts = text_gate(getattr(gate, "model_free", False)) if gate else None  # the run gate's setting
    evaluator = Evaluator(task, verifier, gate, CheckOptions(timeout_s=config.check_timeout_s), text_gate=texts,
                          confirm_scope=config.confirm_scope)
    session = RepairSession(
        task=task,
        model=model,
        evaluator=evaluator,
        config=config,
        editable=editable_paragraphs(task) if config.edit_mode == "paragraph" else [],
        instructor=instructor,
        log=log,
        on_attempt=on_attempt,
    )
    strategy = get_strategy(config.strategy)
    candidate: str | None = None
    first_success: int | None = None
    accepted_gate: dict | None = None
    stop = "exhausted: the strategy finished without a repair"
    try:
        strategy.run(session)
    except Repaired as done:
        candidate, accepted_gate = done.candidate, done.attempt.gate
        at = next((i for i, a in enumerate(session.attempts, 1) if a is done.attempt), len(session.attempts))
        first_success = _iteration_index(session.attempts, at)
        stop = "fixed"
    except LimitsExceeded as e:
        stop = f"{e.reason}: {e}" if e.reason else str(e)
    want = max(config.alternatives, config.weakest_of)
    if candidate is None and session.repairs:  # fewer repairs than alternatives asked for: the first counts
        candidate, accepted_gate = session.repairs[0][0], session.repairs[0][1].gate
        at = next((i for i, a in enumerate(session.attempts, 1) if a is session.repairs[0][1]), len(session.attempts))
        first_success = _iteration_index(session.attempts, at)
        stop = f"fixed ({len(session.repairs)} of {want} repairs asked for; {stop})"
    if config.weakest_of > 1 and len(session.repairs) > 1 and task.formalism == "alloy":
        from fmrepair.agents.weakest import weakest

        k = weakest([c for c, _ in session.repairs], verifier, config.check_timeout_s)
        if k:  # another repair allows more: it is the result, the first is an alternative
            session.repairs.insert(0, session.repairs.pop(k))
            candidate, accepted_gate = session.repairs[0][0], session.repairs[0][1].gate
            stop = f"{stop}; the weakest of {len(session.repairs)} repairs (number {k + 1} found)"
    narrowing = None
    if candidate is None and session.narrowing:
        from fmrepair.agents.weakest import weakest_narrowing

        compare = config.narrowing_compare if task.formalism == "alloy" else 1
        narrowing = weakest_narrowing(session.narrowing, verifier, config.check_timeout_s, compare)
    equivalent: bool | None = None
    if score_equivalent is not None:
        equivalent = score_equivalent(task, candidate) if candidate is not None else False
    repair_attempts = [a for a in session.attempts if a.role != "instructor"]
    raw_at = next((i for i, a in enumerate(session.attempts, 1) if a.raw_ok), None)
    first_raw = _iteration_index(session.attempts, raw_at) if raw_at else None
    result = TaskResult(
        task_id=task.id,
        strategy=config.strategy,
        model=getattr(model, "name", "?"),
        repaired=any(a.raw_ok for a in repair_attempts),
        faithful=candidate is not None,
        equivalent=equivalent,
        iterations=max((a.iteration for a in repair_attempts), default=0),
        attempts=len(repair_attempts),
        first_success=first_success,
        candidate=candidate,
        prompt_tokens=session.prompt_tokens,
        completion_tokens=session.completion_tokens,
        seconds=time.monotonic() - t0,
        cost_usd=session.cost_usd,
        verifier_calls=evaluator.calls,
        cache_hits=evaluator.cache_hits,
        unfaithful_rejected=session.unfaithful_rejected,
        gate_unknown=session.gate_unknown,
        reached_edits=reached_edits(accepted_gate),
        stop_reason=stop,
        extra={
            "first_raw": first_raw,
            "family": task.meta.get("family"),
            "timeouts": _timeouts(session),
            "ill_formed": _ill_formed(session),
            # behaviour preservation of the kept candidate (verifiers/alloy/preserve.py); "narrows" rows
            # are counted on their own by reports, whatever the oracle says
            "behaviour": (accepted_gate or {}).get("behaviour") if candidate is not None else (
                "narrows" if narrowing else None),
            "narrowing_candidates": len(session.narrowing),
            # the frames the author's operations leave out, put in to read the good instances the repair keeps
            # (verifiers/alloy/implicit.py): a missing frame fixed
            "implicit_frames": list((accepted_gate or {}).get("implicit_frames", [])) if candidate is not None else [],
            "unconfirmed": evaluator.unconfirmed,  # met every command at the oracle's scope only
            # search proposals up to the end (at the repair when fixed): what a smaller proposal budget would
            # have fixed can be read off a run, since the budget is counted
            "proposals": session.proposals,
            "sketch_evals": session.sketch_evals,  # the sketches' atom-bindings (Budget.sketch_evals), at the end
        },
    )
    if log is not None and write_result:
        log.append_result(result)
    return RepairOutcome(result=result, candidate=candidate, attempts=list(session.attempts),
                         alternatives=[c for c, _ in session.repairs[1:]],
                         narrowing=narrowing[2] if narrowing else None,
                         narrowing_gate=narrowing[3].gate if narrowing else None)
