"""The ChatModel protocol and the types every backend returns."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field


class ChatMessage(BaseModel):
    role: str  # "system" | "user" | "assistant"
    content: str


class Sampling(BaseModel):
    temperature: float = 0.2
    top_p: float = 1.0
    max_tokens: int = 512
    seed: int | None = None
    n: int = 1


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0


class Completion(BaseModel):
    text: str  # raw completion text
    parsed: Any | None = None  # the parsed JSON object when a schema was given
    parse_error: str | None = None
    finish_reason: str | None = None


class ChatResult(BaseModel):
    model: str
    completions: list[Completion] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    seconds: float = 0.0

    @property
    def first(self) -> Completion:
        return self.completions[0]


class ModelError(RuntimeError):
    """A backend failed (unreachable endpoint, bad response, out of retries)."""


@runtime_checkable
class ChatModel(Protocol):
    name: str
    context_window: int

    def chat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult: ...

    async def achat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult: ...

    def count_tokens(self, text: str) -> int: ...
