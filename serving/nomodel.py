"""A stand-in model for strategies that need none (the mutation search): it refuses to be called."""

from __future__ import annotations

from typing import Any, ClassVar


class NoModel:
    """For search-only strategies: a model that must never be called."""

    name = "none"
    context_window = 0
    weights_in_process: ClassVar[bool] = False

    def chat(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("this strategy needs a model: pass --model NAME")

    async def achat(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("this strategy needs a model: pass --model NAME")

    def count_tokens(self, text: str) -> int:
        return len(text) // 4
