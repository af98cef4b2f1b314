"""ScriptedModel: a test double that replays given completions, for tests of loop logic."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any, ClassVar

from fmrepair.serving.base import ChatMessage, ChatResult, ModelError, Sampling, SyncChatModel, Usage
from fmrepair.serving.schema import parse_completion

if TYPE_CHECKING:
    from fmrepair.serving.config import ModelEntry


class ScriptedModel(SyncChatModel):
    """Replays ``outputs`` in order, one per completion (a dict is sent as its JSON text).

    Not a language model: it ignores the prompt. Every call is recorded in ``calls`` so tests can
    check what a loop sent. Raises ModelError when the script runs out (unless ``cycle``).
    A scripted output that does not satisfy the requested schema comes back with ``parse_error``
    set, exactly as a real backend's malformed reply would.
    """

    weights_in_process: ClassVar[bool] = False  # no weights: safe to copy into N worker processes

    def __init__(
        self,
        outputs: list[str | dict[str, Any]],
        name: str = "scripted",
        *,
        cycle: bool = False,
        context_window: int = 1_000_000,
    ) -> None:
        self.name = name
        self.context_window = context_window
        self.outputs = list(outputs)
        self.cycle = cycle
        self.position = 0
        self.calls: list[dict[str, Any]] = []

    @classmethod
    def from_entry(cls, entry: ModelEntry) -> ScriptedModel:
        options = dict(entry.options)
        return cls(options.pop("outputs", []), name=entry.name, **options)

    def _next(self) -> str:
        if self.position >= len(self.outputs):
            if not self.cycle or not self.outputs:
                raise ModelError(f"scripted model {self.name!r} ran out of outputs after {self.position}")
            self.position = 0
        out = self.outputs[self.position]
        self.position += 1
        return out if isinstance(out, str) else json.dumps(out)

    def chat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult:
        started = time.perf_counter()
        sampling = sampling or Sampling()
        self.calls.append({"messages": list(messages), "schema": schema, "sampling": sampling})
        texts = [self._next() for _ in range(sampling.n)]
        prompt = sum(self.count_tokens(m.content) for m in messages)
        completions = [parse_completion(t, schema, "stop") for t in texts]
        usage = Usage(prompt_tokens=prompt, completion_tokens=sum(self.count_tokens(t) for t in texts))
        return ChatResult(model=self.name, completions=completions, usage=usage, seconds=time.perf_counter() - started)

    def count_tokens(self, text: str) -> int:
        return len(text.split())
