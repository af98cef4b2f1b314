"""A repair conversation and the history control that keeps it inside the model's context window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Conversation:
    """System + task message, then (assistant answer, user feedback) exchanges."""

    system: str
    task: str
    exchanges: list[tuple[str, str]] = field(default_factory=list)
    pending_answer: str | None = None

    def add_answer(self, text: str) -> None:
        self.pending_answer = text

    def add_feedback(self, text: str) -> None:
        self.exchanges.append((self.pending_answer or "", text))
        self.pending_answer = None

    def messages(
        self,
        budget_tokens: int | None = None,
        count: Callable[[str], int] | None = None,
        max_turns: int | None = None,
    ) -> list[dict[str, str]]:
        """The messages to send. Old exchanges are dropped (oldest first) to fit ``budget_tokens``
        and ``max_turns``; the system and task messages and the latest feedback always stay."""
        head = [{"role": "system", "content": self.system}, {"role": "user", "content": self.task}]
        kept = list(self.exchanges)
        if max_turns is not None:
            kept = kept[len(kept) - max_turns :] if max_turns > 0 else []
        if budget_tokens is not None and count is not None:
            base = sum(count(m["content"]) + 4 for m in head)
            while len(kept) > 1 and base + sum(count(a) + count(f) + 8 for a, f in kept) > budget_tokens:
                kept.pop(0)
        body: list[dict[str, str]] = []
        for answer, feedback in kept:
            body.append({"role": "assistant", "content": answer})
            body.append({"role": "user", "content": feedback})
        return head + body
