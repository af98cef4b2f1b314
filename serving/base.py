"""The ChatModel protocol and the types every backend returns."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from fmrepair.faults import InfrastructureError


class ChatMessage(BaseModel):
    role: str  # "system" | "user" | "assistant"
    content: str


class Sampling(BaseModel):
    """One request's sampling. The fields left None take the model's sampling profile (the registry's
    ``top_p``, ``top_k``, ``min_p``, ``repetition_penalty``; ``complete``), so every backend samples a model
    the same way and sends every field explicitly: a vLLM server never fills one in from the model's own
    generation config."""

    temperature: float = 0.2
    top_p: float | None = None
    top_k: int | None = None
    min_p: float | None = None
    repetition_penalty: float | None = None
    max_tokens: int = 512
    seed: int | None = None
    n: int = 1


NEUTRAL = {"top_p": 1.0, "top_k": -1, "min_p": 0.0, "repetition_penalty": 1.0}  # off: vLLM's own defaults


def complete(s: Sampling | None, default: Sampling) -> Sampling:
    """The sampling a backend sends: ``s`` (or ``default``) with each field left None taken from
    ``default`` (the model's profile, ModelEntry.default_sampling), else from NEUTRAL."""
    s = s or default
    update = {k: (getattr(default, k) if getattr(default, k) is not None else v) for k, v in NEUTRAL.items()
              if getattr(s, k) is None}
    return s.model_copy(update=update) if update else s


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


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
    cost_usd: float = 0.0  # from the registry's price per 1M tokens; 0 for local models

    @property
    def first(self) -> Completion:
        return self.completions[0]


class ModelError(RuntimeError):
    """A backend failed (unreachable endpoint, bad response, out of retries)."""


class ContextTooLong(ModelError):
    """The server refused the prompt as longer than its context (HTTP 400); ``limit`` is the context it
    stated, when it said. The caller trims the history and retries: never a failed repair."""

    def __init__(self, message: str, limit: int | None = None) -> None:
        super().__init__(message)
        self.limit = limit


class EndpointUnavailable(ModelError, InfrastructureError):
    """The endpoint gave no answer after every retry (connection refused, reset, 5xx, timeouts): an
    infrastructure fault, never a failed repair (fmrepair/faults.py)."""


@runtime_checkable
class ChatModel(Protocol):
    """A model backend. ``weights_in_process`` (a class fact, read before any model is made): the model's
    weights load into this process (transformers, vLLM offline), so a run does not start N worker
    processes with N copies; a served backend (an HTTP endpoint, a script) holds none."""

    name: str
    context_window: int
    weights_in_process: ClassVar[bool]

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


class SyncChatModel:
    """Base for backends whose work is blocking: ``achat`` runs ``chat`` in a worker thread."""

    weights_in_process: ClassVar[bool] = True
    name: str = "model"
    context_window: int = 4096

    def chat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult:
        raise NotImplementedError

    async def achat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult:
        import asyncio

        return await asyncio.to_thread(self.chat, messages, schema, sampling)

    def count_tokens(self, text: str) -> int:
        return max(1, len(text) // 4)  # rough fallback; real backends override

    def close(self) -> None:
        """Release resources (HTTP clients, engines). Safe to call twice."""
