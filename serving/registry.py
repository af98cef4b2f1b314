"""Backend registry: backend name -> ChatModel class (serving.base.ChatModel, with a ``from_entry``
classmethod), imported only when a model of that backend is made."""

from __future__ import annotations

from fmrepair.registry import LazyRegistry

BACKENDS: LazyRegistry[type] = LazyRegistry(
    "backend",
    {
        "openai": "fmrepair.serving.openai_backend:OpenAIChatModel",
        "transformers": "fmrepair.serving.transformers_backend:TransformersChatModel",
        "vllm": "fmrepair.serving.vllm_backend:VLLMChatModel",
        "scripted": "fmrepair.serving.scripted:ScriptedModel",
    },
    group="fmrepair.backends",
)
