"""Checking a candidate against its task: the verifier (visible + hidden oracle), the faithfulness gate,
and the masking of hidden command labels before anything is reported back to a model."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from fmrepair.task import Task
from fmrepair.verifiers.base import CheckOptions, CommandResult, Verdict, Verifier

GateFn = Callable[[Task, str], dict[str, Any]]


ERROR_WEIGHT = 100.0  # a syntax or type error outweighs any number of failing commands


class Evaluation(BaseModel):
    verdict: Verdict  # hidden command labels masked
    gate: dict[str, Any] = Field(default_factory=lambda: {"faithful": True, "reasons": []})
    raw: bool = False
    faithful: bool = False
    weight: float = 0.0  # weighted count of errors and failing commands (lower is better)
    met_keys: list[str] = Field(default_factory=list)  # keys of met commands (for the evidence gate)
    unconfirmed: bool = False  # met every command at the oracle's scope, not at the confirming one


def count_commands(source: str) -> int:
    from fmrepair.verifiers.alloy.text import commands

    return len(commands(source))


def mask_hidden(verdict: Verdict, n_visible: int, hidden_names: list[str] | None = None) -> Verdict:
    """Rename the commands that come from the hidden oracle (in labels and in witnesses, where skolem
    names carry the command's name), so no hidden name reaches a prompt."""
    commands: list[CommandResult] = []
    h = 0
    names = sorted(set(hidden_names or []), key=len, reverse=True)
    for i, c in enumerate(verdict.commands):
        if i >= n_visible:
            h += 1
            alias = f"hidden_property_{h}"
            witness = c.witness
            if witness:
                for name in [c.label, *names]:
                    if name:
                        witness = re.sub(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9])", alias, witness)
            c = c.model_copy(update={"label": alias, "witness": witness})
        commands.append(c)
    return verdict.model_copy(update={"commands": commands})


def weight_of(verdict: Verdict) -> float:
    if verdict.status in ("syntax_error", "type_error", "error"):
        return ERROR_WEIGHT + len(verdict.errors)
    return float(sum(1 for c in verdict.commands if not c.met))


def passes(verdict: Verdict) -> bool:
    return verdict.status == "ok" and all(c.met for c in verdict.commands)


def met_keys(verdict: Verdict) -> list[str]:
    return [f"{i}:{c.label}" for i, c in enumerate(verdict.commands) if c.met]


class Evaluator:
    """Evaluates candidates for one task. Counts verifier calls and cache hits."""

    def __init__(
        self,
        task: Task,
        verifier: Verifier,
        gate: GateFn | None,
        options: CheckOptions | None = None,
        text_gate: GateFn | None = None,
        confirm_scope: int | None = None,
    ):
        """``gate`` judges raw-correct candidates (it may call the verifier for vacuity checks);
        ``text_gate`` (cheap, no verifier) judges the others, so a search does not pay for vacuity.
        ``confirm_scope``: a candidate that meets every command is checked once more with the hidden
        oracle's ``check`` commands at this scope at least (one more verifier call), and passes only if
        they still hold: a candidate found against bounded counterexamples (a learned guard, a synthesized
        formula) can agree with the reference at the oracle's scope only."""
        self.task = task
        self.verifier = verifier
        self.gate = gate
        self.text_gate = text_gate
        self.options = options or CheckOptions()
        self.calls = 0
        self.cache_hits = 0
        self.unconfirmed = 0  # candidates that met every command and failed a hidden check at confirm_scope
        self.wider: str | None = None  # the hidden oracle with its checks at confirm_scope (None: no such check)
        if confirm_scope and task.hidden_oracle and task.formalism == "alloy":
            from fmrepair.verifiers.alloy.text import widen_checks

            wider = widen_checks(task.hidden_oracle, confirm_scope)
            self.wider = wider if wider != task.hidden_oracle else None

    def check(self, candidate: str, oracle: str | None) -> Verdict:
        """The verifier's verdict on ``candidate`` with ``oracle`` appended, hidden labels and errors masked."""
        full = candidate if not oracle else candidate.rstrip("\n") + "\n\n" + oracle
        verdict = self.verifier.check(full, self.options)
        self.calls += 1
        self.cache_hits += int(verdict.cached)
        # commands past the visible ones come from the hidden oracle (counted by the Alloy reader: only
        # Alloy tasks carry one); without an oracle every command is the task's own
        n_visible = count_commands(candidate) if self.task.hidden_oracle else len(verdict.commands)
        if verdict.errors and self.task.hidden_oracle:
            # an error located inside the hidden oracle must not reveal its text; keep line numbers only
            n_lines = len(candidate.splitlines())
            errors = [
                e if (e.line or 0) <= n_lines else e.model_copy(update={"message": "error in a hidden check"})
                for e in verdict.errors
            ]
            verdict = verdict.model_copy(update={"errors": errors})
        hidden_names = list(self.task.meta.get("hidden_reference_names", []))
        return mask_hidden(verdict, n_visible, hidden_names).model_copy(update={"raw": None})

    def evaluate(self, candidate: str) -> Evaluation:
        verdict = self.check(candidate, self.task.hidden_oracle)
        unconfirmed = False
        if passes(verdict) and self.wider is not None:
            wide = self.check(candidate, self.wider)
            if not passes(wide):  # its counterexample (masked, as any hidden one) is what a search learns from
                verdict, unconfirmed = wide, True
                self.unconfirmed += 1
        raw = passes(verdict)
        parsed = verdict.status in ("ok", "failed")
        judge = self.gate if raw else (self.text_gate or self.gate)
        gate = judge(self.task, candidate) if (parsed and judge is not None) else None
        if gate is None:
            gate = {"faithful": parsed, "reasons": [] if parsed else ["not checked: the candidate does not compile"]}
        if unconfirmed:
            why = "a hidden check fails at a larger scope than its own"
            gate = {**gate, "reasons": [*gate.get("reasons", []), why]}
        faithful = raw and bool(gate.get("faithful"))
        return Evaluation(
            verdict=verdict,
            gate=gate,
            raw=raw,
            faithful=faithful,
            weight=weight_of(verdict),
            met_keys=met_keys(verdict),
            unconfirmed=unconfirmed,
        )
