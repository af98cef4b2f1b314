"""Finding, Diagnosis and the lexicographic potential (execution rank, blocking weight)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

RAN, GAVE_UP, NOT_EXECUTED = 0, 1, 2


class Finding(BaseModel):
    kind: str  # e.g. "inconsistent_premises", "unreachable_goal_atom"
    location: str = ""  # a line, an assertion name, a goal atom ...
    weight: int = 1
    blocking: bool = True  # False: advisory (shown to the model, never enough to ask for a rewrite)
    evidence: str = ""  # what the deterministic probe saw
    axis: str = ""  # contract | consistency | entailment | alignment | solver | lexical


class Diagnosis(BaseModel):
    formalism: str
    exec_rank: int = RAN
    findings: list[Finding] = Field(default_factory=list)
    answer: Any = None  # the artifact's answer (FOL label, MiniZinc status/objective, PDDL plan found)
    facts: dict[str, Any] = Field(default_factory=dict)  # counts the conservatism checks compare

    @property
    def blocking(self) -> list[Finding]:
        return [f for f in self.findings if f.blocking]

    @property
    def weight(self) -> int:
        return sum(f.weight for f in self.blocking)

    @property
    def potential(self) -> tuple[int, int]:
        return potential(self)

    def axes(self) -> set[str]:
        return {f.axis for f in self.blocking}

    def render(self) -> str:
        """Findings as lines for a repair prompt."""
        if not self.findings:
            return "No findings."
        lines = []
        for f in self.findings:
            tag = f"BLOCKING w={f.weight}" if f.blocking else "advisory"
            where = f" at {f.location}" if f.location else ""
            lines.append(f"- [{tag}] {f.kind}{where}: {f.evidence}")
        return "\n".join(lines)


def potential(d: Diagnosis) -> tuple[int, int]:
    """Lexicographic: execution rank first, then the weighted blocking findings."""
    return (d.exec_rank, d.weight)
