"""One repair session on one task: budgets, model calls, candidate building, evaluation and logging.

Strategies (strategies.py) decide what to send and what to keep; this module does each step and
records it. Control flow uses two exceptions, as in mini-swe-agent: :class:`Repaired` and
:class:`LimitsExceeded`.
"""

from __future__ import annotations

import difflib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fmrepair.agents.config import RepairConfig
from fmrepair.agents.edits import ToolCallError, apply_call, tool_schema
from fmrepair.agents.evaluate import Evaluation, Evaluator
from fmrepair.agents.prompting import PromptGuard
from fmrepair.runlog import AttemptRecord, RunLog, gate_unknown
from fmrepair.serving.base import ChatMessage, ChatModel, ChatResult, ContextTooLong, Sampling
from fmrepair.task import Task


class Repaired(Exception):  # noqa: N818 - control flow, not an error
    def __init__(self, candidate: str, attempt: AttemptRecord):
        super().__init__("repaired")
        self.candidate = candidate
        self.attempt = attempt


class LimitsExceeded(Exception):  # noqa: N818
    """A budget is spent; ``reason`` is the stop code (agents/runner.py STOP_CODES)."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason


def _norm(text: str) -> str:
    return " ".join(text.split())


def edit_size(before: str, after: str) -> int:
    """Tokens changed between two texts (a syntactic distance that breaks ties between repairs)."""
    a, b = before.split(), after.split()
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in
               difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if tag != "equal")


def trim_to_context(messages: list[dict[str, str]], limit: int | None, max_tokens: int,
                    count: Callable[[str], int] | None) -> list[dict[str, str]] | None:
    """The messages without their oldest exchanges (keeping the first two and the last one) so that they
    and ``max_tokens`` fit in ``limit`` (one exchange fewer when the limit is unknown); None when nothing
    is left to drop."""
    msgs = list(messages)
    counter = count or (lambda t: len(t) // 4)

    def size(ms: list[dict[str, str]]) -> int:
        return sum(counter(m.get("content", "")) + 4 for m in ms)

    dropped = False
    while len(msgs) > 3 and (limit is None and not dropped or limit is not None and size(msgs) + max_tokens > limit):
        del msgs[2 : 4 if len(msgs) > 4 else 3]
        dropped = True
    return msgs if dropped else None


@dataclass
class StepResult:
    record: AttemptRecord
    candidate: str | None
    evaluation: Evaluation | None
    repeated: bool = False
    call_error: str | None = None


def chat_within_context(model: ChatModel, messages: list[dict[str, str]], schema: dict[str, Any],
                        sampling: Sampling) -> ChatResult:
    """model.chat; when the server says the prompt is longer than its context, the oldest exchanges are
    dropped (the system message, the task and the latest feedback stay) until it fits, and the call is
    made again: a context-length refusal is never a failed repair."""
    msgs = list(messages)
    while True:
        try:
            return model.chat([ChatMessage(**m) for m in msgs], schema=schema, sampling=sampling)
        except ContextTooLong as e:
            trimmed = trim_to_context(msgs, e.limit, sampling.max_tokens or 0, getattr(model, "count_tokens", None))
            if trimmed is None:
                raise
            msgs = trimmed


@dataclass
class RepairSession:
    task: Task
    model: ChatModel
    evaluator: Evaluator
    config: RepairConfig
    editable: list[str]
    instructor: ChatModel | None = None
    log: RunLog | None = None
    on_attempt: Callable[[AttemptRecord], None] | None = None
    started: float = field(default_factory=time.monotonic)
    answers: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    unfaithful_rejected: int = 0  # raw-correct candidates the gate rejected
    gate_unknown: int = 0  # raw-correct candidates the gate could not decide (never faithful)
    proposals: int = 0  # search proposals so far (pruned or checked: the Python work), over every search
    sketch_evals: int = 0  # atom-bindings the sketches asked for (sketch.py), over every search: work not in proposals
    timeouts: int = 0  # wall-clock timeouts outside verdicts (e.g. an unsat core): results may depend on load
    attempts: list[AttemptRecord] = field(default_factory=list)
    model_texts: list[str] = field(default_factory=list)  # what the model wrote (not a leak if echoed)
    # raw-correct, faithful text, but losing good instances (a user's file): (lost scopes, diff size, text, rec)
    narrowing: list[tuple[int, int, str, AttemptRecord]] = field(default_factory=list)
    repairs: list[tuple[str, AttemptRecord]] = field(default_factory=list)  # faithful repairs found so far

    def __post_init__(self) -> None:
        names = list(self.task.meta.get("hidden_reference_names", []))
        self.guard = PromptGuard(self.task.secrets(), self.task.visible, names)

    # -- budgets -------------------------------------------------------------------------------
    @property
    def total_answers(self) -> int:
        b = self.config.budget
        return b.total_answers or b.samples * b.iterations

    def check_limits(self) -> None:
        b = self.config.budget
        if self.answers >= self.total_answers:
            raise LimitsExceeded(f"answer budget spent ({self.answers})", "answers")
        if b.max_tokens is not None and self.prompt_tokens + self.completion_tokens >= b.max_tokens:
            raise LimitsExceeded(f"token budget spent ({self.prompt_tokens + self.completion_tokens})", "tokens")
        if b.wall_seconds is not None and time.monotonic() - self.started >= b.wall_seconds:
            raise LimitsExceeded(f"wall-time cap hit ({b.wall_seconds:g} s)", "wall_cap")
        if b.verifier_calls is not None and self.evaluator.calls >= b.verifier_calls:
            raise LimitsExceeded(f"verifier-call budget spent ({self.evaluator.calls})", "verifier_calls")

    # -- model calls ---------------------------------------------------------------------------
    def fit_history(self, conv_messages: Callable[..., list[dict[str, str]]]) -> list[dict[str, str]]:
        window = getattr(self.model, "context_window", 0) or 0
        budget = window - self.config.max_new_tokens if window else None
        count = getattr(self.model, "count_tokens", None)
        return conv_messages(budget_tokens=budget, count=count, max_turns=self.config.history_turns)

    def call(
        self, model: ChatModel, messages: list[dict[str, str]], schema: dict[str, Any], seed: int | None
    ) -> ChatResult:
        self.guard.check_messages(messages, self.model_texts)  # nothing hidden ever leaves
        sampling = Sampling(
            temperature=self.config.temperature,
            top_p=self.config.top_p,
            max_tokens=self.config.max_new_tokens,
            seed=seed,
        )
        result = chat_within_context(model, messages, schema, sampling)
        self.prompt_tokens += result.usage.prompt_tokens
        self.completion_tokens += result.usage.completion_tokens
        self.cost_usd += float(getattr(result, "cost_usd", 0.0) or 0.0)
        return result

    def new_record(
        self,
        result: ChatResult,
        messages: list[dict[str, str]],
        strategy: str,
        chain: int,
        iteration: int,
        role: str = "repair",
    ) -> AttemptRecord:
        """The log record of one model answer (verdict and gate are filled in by the caller)."""
        comp = result.first
        return AttemptRecord(
            task_id=self.task.id,
            strategy=strategy,
            chain=chain,
            iteration=iteration,
            role=role,
            model=result.model,
            messages=messages,
            raw=comp.text,
            parsed=comp.parsed,
            parse_error=comp.parse_error,
            prompt_tokens=result.usage.prompt_tokens,
            completion_tokens=result.usage.completion_tokens,
            seconds=result.seconds,
        )

    def count_rejected(self, gate: dict[str, Any] | None) -> None:
        """A raw-correct candidate that is not faithful: undecided gates are counted on their own; one that
        narrows (faithful text, good instances lost) is kept by ``record`` as a fallback, not counted."""
        if (gate or {}).get("status") == "narrows":
            return
        if gate_unknown(gate):
            self.gate_unknown += 1
        else:
            self.unfaithful_rejected += 1

    def accept(self, candidate: str, rec: AttemptRecord) -> None:
        """A repair: raise Repaired once ``config.alternatives`` distinct ones are in hand (the first is
        the result); before that, keep it and let the search go on."""
        if all(_norm(candidate) != _norm(c) for c, _ in self.repairs):
            self.repairs.append((candidate, rec))
        if len(self.repairs) >= max(self.config.alternatives, self.config.weakest_of):
            raise Repaired(*self.repairs[0])

    def record(self, rec: AttemptRecord) -> None:
        self.attempts.append(rec)
        gate = rec.gate or {}
        if rec.raw_ok and not rec.faithful and gate.get("status") == "narrows" and rec.candidate is not None:
            lost = len({w.split(":", 1)[0] for w in gate.get("lost", [])})
            self.narrowing.append((lost, edit_size(self.task.visible, rec.candidate), rec.candidate, rec))
        if self.log is not None:
            self.log.append_attempt(rec)
        if self.on_attempt is not None:
            self.on_attempt(rec)

    # -- one repair step -----------------------------------------------------------------------
    def step(self, messages: list[dict[str, str]], base: str, chain: int, iteration: int, strategy: str) -> StepResult:
        """Ask for one tool call, build the candidate from ``base``, evaluate it. Raises Repaired."""
        self.check_limits()
        mode = self.config.edit_mode
        schema = tool_schema(mode, base, self.editable)
        seed = None if self.config.seed is None else self.config.seed + 1000 * chain + iteration
        t0 = time.monotonic()
        result = self.call(self.model, messages, schema, seed)
        self.answers += 1
        comp = result.first
        self.model_texts.append(comp.text)
        rec = self.new_record(result, messages, strategy, chain, iteration)
        candidate: str | None = None
        evaluation: Evaluation | None = None
        repeated = False
        call_error = comp.parse_error if comp.parsed is None else None
        if comp.parsed is not None:
            try:
                candidate = apply_call(mode, base, comp.parsed, self.editable)
            except ToolCallError as e:
                call_error = str(e)
        if candidate is not None:
            self.model_texts.append(candidate)
            rec.candidate = candidate
            repeated = _norm(candidate) == _norm(base) or _norm(candidate) == _norm(self.task.visible)
            rec.repeated = repeated
            if not repeated:
                evaluation = self.evaluator.evaluate(candidate)
                rec.verdict = evaluation.verdict.model_dump(exclude={"raw"})
                rec.gate = evaluation.gate
                rec.raw_ok = evaluation.raw
                rec.faithful = evaluation.faithful
                if evaluation.raw and not evaluation.faithful:
                    self.count_rejected(evaluation.gate)
        rec.candidate_error = call_error
        rec.seconds = time.monotonic() - t0
        rec.cost_usd = float(getattr(result, "cost_usd", 0.0) or 0.0)
        step = StepResult(rec, candidate, evaluation, repeated, call_error)
        if evaluation is not None and evaluation.faithful and candidate is not None:
            self.record(rec)
            self.accept(candidate, rec)
        return step
