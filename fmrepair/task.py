"""The Task: what a model may see, what is frozen, what is hidden."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class FrozenRegion(BaseModel):
    """A named part of the specification that must come back unchanged (normalized)."""

    name: str  # e.g. "assert lookupEndsInAddr" or "command 0"
    kind: str  # "assert" | "command" | "pred" | "code" | ...
    text: str
    note: str = ""  # why it is frozen, when not obvious (e.g. "reached by assert A: A -> acyclic")


class Task(BaseModel):
    id: str
    suite: str
    formalism: str = "alloy"
    kind: str = "repair"  # a task kind: repair | formalize | annotate, or a plug-in kind (eval/kinds)
    visible: str  # everything a model may ever see
    frozen: list[FrozenRegion] = Field(default_factory=list)
    hidden_oracle: str = ""  # appended at check time only; never in a prompt
    reference: str | None = None  # ground truth; never in a prompt
    meta: dict[str, Any] = Field(default_factory=dict)

    def public_view(self) -> dict[str, Any]:
        """What `tasks show` prints: never the hidden oracle or the reference."""
        return {
            "id": self.id,
            "suite": self.suite,
            "formalism": self.formalism,
            "visible": self.visible,
            "frozen": [f.model_dump() for f in self.frozen],
            "meta": {k: v for k, v in self.meta.items() if not k.startswith("hidden")},
        }

    def secrets(self) -> list[str]:
        """Texts that must never reach a prompt (for leak checks)."""
        out = []
        if self.hidden_oracle.strip():
            out.append(self.hidden_oracle)
        if self.reference:
            out.append(self.reference)
        for key, value in self.meta.items():  # hidden meta (reference bodies, fix comments, ...)
            if key.startswith("hidden") and isinstance(value, str) and len(value.strip()) >= 8:
                out.append(value)
        return out
