"""fmrepair.serving: one ChatModel interface over local and hosted models.

Importing this package is light (pydantic, yaml): backends import torch, transformers, vllm or httpx
only when a model of theirs is built by ``get_model``.
"""

from fmrepair.serving.base import (
    ChatMessage,
    ChatModel,
    ChatResult,
    Completion,
    ModelError,
    Sampling,
    Usage,
)
from fmrepair.serving.factory import get_model
from fmrepair.serving.scripted import ScriptedModel

__all__ = [
    "ChatMessage",
    "ChatModel",
    "ChatResult",
    "Completion",
    "ModelError",
    "Sampling",
    "ScriptedModel",
    "Usage",
    "get_model",
]
