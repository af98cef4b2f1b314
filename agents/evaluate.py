"""Checking a candidate against its task: the verifier (visible + hidden oracle), the faithfulness gate,
and the masking of hidden command labels before anything is reported back to a model."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fmrepair.verifiers.base import CheckOptions, CommandResult, Verdict, Verifier
from pydantic import BaseModel, Field

from fmrepair.task import Task

GateFn = Callable[[Task, str], dict[str, Any]]

_CMD = re.compile(r"^\s*(?:\w+\s*:\s*)?(check|run)\b", re.M)
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*|--[^\n]*", re.S)

ERROR_WEIGHT = 100.0  # a syntax or type error outweighs any number of failing commands


class Evaluation(BaseModel):
    verdict: Verdict  # hidden command labels masked
    gate: dict[str, Any] = Field(default_factory=lambda: {"faithful": True, "reasons": []})
    raw: bool = False
    faithful: bool = False
    weight: float = 0.0  # weighted count of errors and failing commands (lower is better)
    met_keys: list[str] = Field(default_factory=list)  # keys of met commands (for the evidence gate)


def count_commands(source: str) -> int:
    return len(_CMD.findall(_COMMENT.sub(" ", source)))


def mask_hidden(verdict: Verdict, n_visible: int) -> Verdict:
    """Rename the commands that come from the hidden oracle, so no hidden name reaches a prompt."""
    commands: list[CommandResult] = []
    h = 0
    for i, c in enumerate(verdict.commands):
        if i >= n_visible:
            h += 1
            c = c.model_copy(update={"label": f"hidden_property_{h}"})
        commands.append(c)
    errors = verdict.errors
    return verdict.model_copy(update={"commands": commands, "errors": errors})


def weight_of(verdict: Verdict) -> float:
    if verdict.status in ("syntax_error", "type_error", "error"):
        return ERROR_WEIGHT + len(verdict.errors)
    return float(sum(1 for c in verdict.commands if not c.met))


def met_keys(verdict: Verdict) -> list[str]:
    return [f"{i}:{c.label}" for i, c in enumerate(verdict.commands) if c.met]


class Evaluator:
    """Evaluates candidates for one task. Counts verifier calls and cache hits."""

    def __init__(self, task: Task, verifier: Verifier, gate: GateFn | None, options: CheckOptions | None = None):
        self.task = task
        self.verifier = verifier
        self.gate = gate
        self.options = options or CheckOptions()
        self.calls = 0
        self.cache_hits = 0

    def evaluate(self, candidate: str) -> Evaluation:
        full = candidate if not self.task.hidden_oracle else candidate.rstrip("\n") + "\n\n" + self.task.hidden_oracle
        verdict = self.verifier.check(full, self.options)
        self.calls += 1
        self.cache_hits += int(verdict.cached)
        n_visible = count_commands(candidate)
        if verdict.errors and self.task.hidden_oracle:
            # an error located inside the hidden oracle must not reveal its text; keep line numbers only
            n_lines = len(candidate.splitlines())
            errors = [
                e if (e.line or 0) <= n_lines else e.model_copy(update={"message": "error in a hidden check"})
                for e in verdict.errors
            ]
            verdict = verdict.model_copy(update={"errors": errors})
        verdict = mask_hidden(verdict, n_visible).model_copy(update={"raw": None})
        raw = verdict.status == "ok" and all(c.met for c in verdict.commands)
        parsed = verdict.status in ("ok", "failed")
        gate = self.gate(self.task, candidate) if (parsed and self.gate is not None) else None
        if gate is None:
            gate = {"faithful": parsed, "reasons": [] if parsed else ["not checked: the candidate does not compile"]}
        faithful = raw and bool(gate.get("faithful"))
        return Evaluation(
            verdict=verdict,
            gate=gate,
            raw=raw,
            faithful=faithful,
            weight=weight_of(verdict),
            met_keys=met_keys(verdict),
        )
