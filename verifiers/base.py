"""Core verifier types: the Verifier and Gate protocols, Verdict, CommandResult, Message.

Everything here is JSON-serializable (pydantic) and shared by every formalism.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from fmrepair.task import Task

Status = Literal["ok", "failed", "syntax_error", "type_error", "timeout", "error"]
ILL_FORMED: tuple[Status, ...] = ("syntax_error", "type_error")  # the compiler rejected the text: nothing solved
Outcome = Literal[
    "counterexample",
    "no_counterexample",
    "instance",
    "no_instance",
    "timeout",
    "error",
    # non-Alloy formalisms (proof goals, plans, models) reuse the shape:
    "proved",
    "unproved",
    "sat",
    "unsat",
    "unknown",
    # Ada/SPARK without GNATprove: compiled, and run-time contract checks of a main program
    "compiled",
    "passed",
    "contract_violated",
]


class Message(BaseModel):
    """A diagnostic from the tool, with a 1-based line and column where known."""

    line: int | None = None
    column: int | None = None
    message: str
    severity: Literal["error", "warning", "info"] = "error"


class CommandResult(BaseModel):
    """The result of one command (Alloy check/run, a proof goal, ...)."""

    label: str
    kind: str  # "check" | "run" for Alloy; "goal" for proofs
    expect: int | None = None
    outcome: Outcome
    met: bool
    vars: int | None = None
    clauses: int | None = None
    ms: float = 0.0
    witness: str | None = None  # compact counterexample / instance text
    index: int | None = None  # position among the spec's commands
    solver: str | None = None  # the SAT solver that decided it, where there is one


class Verdict(BaseModel):
    """What a verifier says about one specification."""

    formalism: str
    status: Status
    commands: list[CommandResult] = Field(default_factory=list)
    errors: list[Message] = Field(default_factory=list)
    elapsed_ms: float = 0.0
    cached: bool = False
    raw: str | None = None  # raw tool output where there is one

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def failing(self) -> list[CommandResult]:
        return [c for c in self.commands if not c.met]

    def to_json_dict(self, path: str | None = None) -> dict:
        """The public JSON shape of `fmrepair check --json`."""
        d = {
            "path": path,
            "formalism": self.formalism,
            "ok": self.ok,
            "status": self.status,
            "commands": [
                c.model_dump(include={"label", "kind", "expect", "outcome", "met", "vars", "clauses", "ms", "witness"})
                for c in self.commands
            ],
            "errors": [e.model_dump(include={"line", "column", "message"}) for e in self.errors],
            "elapsed_ms": round(self.elapsed_ms, 3),
        }
        return d


class CheckOptions(BaseModel):
    """Options that change a verdict (part of the cache key)."""

    timeout_s: float = 30.0
    solver: str = "auto"
    memory_mb: int = 2048


@runtime_checkable
class Verifier(Protocol):
    """One formal tool behind a uniform interface. ``extensions``: the file suffixes it reads (``.als``),
    so `fmrepair check FILE` finds it, a plug-in's too (verifiers/registry.py ``detect_formalism``)."""

    formalism: str
    extensions: ClassVar[tuple[str, ...]]

    def check(self, source: str, options: CheckOptions | None = None) -> Verdict:
        """Check one specification given as text."""
        ...

    def close(self) -> None:
        """Release workers / processes."""
        ...


class Gate(Protocol):
    """A formalism's faithfulness gate: judges ``candidate`` against what ``task`` gave the model (its
    frozen regions, editable part, hidden names). Returns the report as a JSON-able dict holding at least
    ``faithful`` (bool) and ``reasons`` (list of str). ``verifier`` runs the semantic probes where the
    gate has some (Alloy); without it only the text checks run. ``model_free``: the candidate was built
    by a search alone (no model, no prompt), so a verbatim hidden reference body is a rediscovery, not
    a leak (docs/gate.md); a gate without hidden bodies ignores it."""

    def __call__(
        self, task: Task, candidate: str, verifier: Verifier | None = None, *, model_free: bool = False
    ) -> dict[str, Any]: ...
