"""Serving an adapter back in-process: a ChatModel over base + LoRA, and a merged weights folder.

``AdapterChatModel`` reuses the transformers backend unchanged (constrained, batched generation) and
only swaps the loaded model for ``PeftModel.from_pretrained(base, adapter).merge_and_unload()``.
``merge_adapter`` writes the same merged model as a plain safetensors folder, which any backend (and
`fmrepair bench run --model`) can load; `train eval` uses it so both arms run through the same bench.
Through vLLM the adapter folder itself is served: ``fmrepair serve --lora NAME=ADAPTER``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from fmrepair.serving.transformers_backend import TransformersChatModel

MARKER = "fmrepair-merged.json"


def adapter_digest(adapter: str | Path) -> str:
    return hashlib.sha256((Path(adapter) / "adapter_model.safetensors").read_bytes()).hexdigest()


def _merged(model: Any, adapter: str | Path) -> Any:
    from peft import PeftModel

    return PeftModel.from_pretrained(model, str(adapter), is_trainable=False).merge_and_unload()


class AdapterChatModel(TransformersChatModel):
    """The transformers backend with a LoRA adapter merged into the base weights at load time."""

    def __init__(self, path: str | Path, adapter: str | Path, name: str | None = None, **kw: Any) -> None:
        super().__init__(path, name or f"{Path(path).name}+{Path(adapter).name}", **kw)
        self.adapter = Path(adapter)
        if not (self.adapter / "adapter_config.json").is_file():
            raise FileNotFoundError(f"{self.adapter}: no adapter_config.json (not a LoRA adapter folder)")

    @classmethod
    def from_registry(cls, base: str, adapter: str | Path, **overrides: Any) -> AdapterChatModel:
        """Base model ``base`` from the registry (same context window and sampling) plus ``adapter``."""
        from fmrepair.serving.config import resolve
        from fmrepair.train.lora import base_model_dir

        entry = resolve(base, **overrides)
        return cls(
            base_model_dir(base),
            adapter,
            f"{entry.name}+{Path(adapter).name}",
            context_window=entry.context_window,
            device=entry.options.get("device"),
            threads=entry.options.get("threads", 1),
            dtype=entry.options.get("dtype"),
            default_sampling=entry.default_sampling(),
        )

    def _prepare(self, model: Any) -> Any:
        return _merged(model, self.adapter).eval()


def merge_adapter(base_dir: str | Path, adapter: str | Path, out: str | Path) -> Path:
    """Write base + adapter merged (float32 safetensors + tokenizer) to ``out``; reused while the adapter
    is unchanged (a marker records its sha256)."""
    out = Path(out)
    digest = adapter_digest(adapter)
    marker = out / MARKER
    if marker.is_file() and json.loads(marker.read_text()).get("adapter_sha256") == digest:
        return out
    os.environ["HF_HUB_OFFLINE"] = "1"
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    model = AutoModelForCausalLM.from_pretrained(base_dir, dtype=torch.float32, local_files_only=True)
    merged = _merged(model, adapter)
    merged.save_pretrained(out, safe_serialization=True)
    AutoTokenizer.from_pretrained(base_dir, local_files_only=True).save_pretrained(out)
    info = {"base_dir": str(base_dir), "adapter": str(Path(adapter).resolve()), "adapter_sha256": digest}
    marker.write_text(json.dumps(info, indent=1))
    return out
