"""``get_model(name, **overrides)``: the one way agents obtain a ChatModel."""

from __future__ import annotations

from typing import Any

from fmrepair.serving.base import ChatModel
from fmrepair.serving.config import resolve
from fmrepair.serving.registry import BACKENDS


def get_model(name: str, **overrides: Any) -> ChatModel:
    """Build the model registered as ``name`` (see ``fmrepair models list``).

    ``overrides`` replace registry fields (``backend``, ``base_url``, ``temperature``, ``max_tokens``,
    ``path``...); other keywords go to the backend (e.g. ``outputs=[...]`` for ``scripted``,
    ``lora={"name": path}`` for ``vllm``, ``timeout``/``max_retries`` for ``openai``).
    """
    entry = resolve(name, **overrides)
    backend = BACKENDS.load(entry.backend)
    return backend.from_entry(entry)
