"""Serving an adapter back in process: the transformers backend with a LoRA adapter merged in at load.

``AdapterChatModel.from_registry(BASE, ADAPTER)`` is the base's registry entry (context window, sampling,
constraint engine) with the registry option ``adapter`` set: the backend merges
``PeftModel.from_pretrained(base, adapter)`` into the weights in the dtype they were loaded in. Through
vLLM the adapter folder itself is served (``fmrepair serve --lora NAME=ADAPTER``, or the registry options
``lora``/``default_lora`` of a vllm entry); `train eval` uses whichever the base's backend is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fmrepair.serving.transformers_backend import TransformersChatModel


class AdapterChatModel(TransformersChatModel):
    """The transformers backend over a base model with a LoRA adapter merged in at load."""

    @classmethod
    def from_registry(cls, base: str, adapter: str | Path, **overrides: Any) -> AdapterChatModel:
        """Base model ``base`` from the registry (same context window, sampling and constraint) plus
        ``adapter``."""
        from fmrepair.serving.config import resolve

        entry = resolve(base, **overrides)
        entry = entry.with_overrides(options={**entry.options, "adapter": str(adapter)},
                                     name=f"{entry.name}+{Path(adapter).name}")
        if entry.backend != "transformers":
            raise ValueError(f"{base}: an in-process adapter needs a transformers base, not {entry.backend}")
        return cls.from_entry(entry)  # type: ignore[return-value]
