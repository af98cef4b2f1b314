"""In-process backend: transformers + Outlines JsonSchema-constrained generation (CPU or GPU)."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fmrepair.serving.base import ChatMessage, ChatResult, ModelError, Sampling, SyncChatModel, Usage
from fmrepair.serving.schema import parse_completion

if TYPE_CHECKING:
    from fmrepair.serving.config import ModelEntry


COMPACT_JSON = {"key_separator": ": ", "item_separator": ", "}


def _has_llguidance() -> bool:
    import importlib.util

    return importlib.util.find_spec("llguidance") is not None


class TransformersChatModel(SyncChatModel):
    """A local model directory (safetensors + tokenizer) run with ``transformers.generate``.

    With a schema, Outlines' JSON-schema logits processor constrains every token, so the reply always
    parses unless it is cut at ``max_tokens`` (give free-text fields a ``maxLength``). On CPU one
    torch thread is used unless ``threads`` says otherwise. The model loads on first use.
    """

    def __init__(
        self,
        path: str | Path,
        name: str | None = None,
        *,
        context_window: int = 4096,
        device: str | None = None,
        threads: int | None = 1,
        dtype: str | None = None,
        default_sampling: Sampling | None = None,
    ) -> None:
        self.path = Path(path)
        self.name = name or self.path.name
        self.context_window = context_window
        self.device = device
        self.threads = threads
        self.dtype = dtype
        self.default_sampling = default_sampling or Sampling()
        self._lock = threading.Lock()
        self._model: Any = None
        self._tokenizer: Any = None
        self._outlines: Any = None
        self._generators: dict[str, Any] = {}
        self._last_ids: Any = None

    @classmethod
    def from_entry(cls, entry: ModelEntry) -> TransformersChatModel:
        if entry.embedded:
            from fmrepair.serving.embedded import ensure_embedded

            path = ensure_embedded(entry.embedded)
        elif entry.path:
            path = entry.resolved_path()  # type: ignore[assignment]
        else:
            raise ModelError(f"model {entry.name!r}: transformers backend needs 'path' or 'embedded'")
        if not path or not Path(path).is_dir():
            raise ModelError(f"model {entry.name!r}: weights directory {path} not found")
        opts = entry.options
        return cls(
            path,
            entry.name,
            context_window=entry.context_window,
            device=opts.get("device"),
            threads=opts.get("threads", 1),
            dtype=opts.get("dtype"),
            default_sampling=entry.default_sampling(),
        )

    # -- loading -------------------------------------------------------------------------------
    def _load(self) -> None:
        if self._model is not None:
            return
        os.environ["HF_HUB_OFFLINE"] = "1"  # never reach a hub
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        try:
            import outlines
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            hint = "pip install 'fmrepair[local]'"
            raise ModelError(f"transformers backend needs the 'local' extra: {hint} ({exc})") from exc
        device = self.device or ("cuda" if torch.cuda.is_available() else "cpu")
        if device == "cpu" and self.threads:
            torch.set_num_threads(self.threads)
        dtype = getattr(torch, self.dtype) if self.dtype else (torch.float32 if device == "cpu" else torch.bfloat16)
        self._tokenizer = AutoTokenizer.from_pretrained(self.path, local_files_only=True)
        model = AutoModelForCausalLM.from_pretrained(self.path, dtype=dtype, local_files_only=True)
        self._model = model.to(device).eval()
        self._outlines = outlines.from_transformers(self._model, self._tokenizer)
        self._capture_generated_ids()

    def _capture_generated_ids(self) -> None:
        """Record the generated token ids of each call, for exact counts and finish reasons."""
        inner = getattr(self._outlines, "_generate_output_seq", None)
        if inner is None:  # pragma: no cover - other Outlines versions: fall back to re-encoding
            return

        def wrapped(prompts: Any, inputs: Any, **kwargs: Any) -> Any:
            ids = inner(prompts, inputs, **kwargs)
            self._last_ids = ids
            return ids

        self._outlines._generate_output_seq = wrapped

    def _generator(self, schema: dict[str, Any] | None) -> Any:
        import outlines

        key = json.dumps(schema, sort_keys=True) if schema is not None else ""
        if key not in self._generators:
            if schema is None:
                self._generators[key] = outlines.Generator(self._outlines, None)
            elif _has_llguidance():
                # llguidance builds token masks lazily: compiling a schema costs seconds whatever the
                # maxLength of its strings (outlines-core's default DFA took 196 s and 6.4 GB for one
                # maxLength-1500 field here), and compact JSON saves tokens
                compact = {**schema, "x-guidance": {"whitespace_flexible": False, **COMPACT_JSON}}
                output_type = outlines.types.JsonSchema(compact)
                self._generators[key] = outlines.Generator(self._outlines, output_type, backend="llguidance")
            else:
                output_type = outlines.types.JsonSchema(schema)
                self._generators[key] = outlines.Generator(self._outlines, output_type)
        return self._generators[key]

    # -- generation ----------------------------------------------------------------------------
    def count_tokens(self, text: str) -> int:
        self._load()
        return len(self._tokenizer(text, add_special_tokens=False)["input_ids"])

    def _eos_ids(self) -> set[int]:
        eos = self._model.generation_config.eos_token_id
        ids = set(eos if isinstance(eos, list) else [eos] if eos is not None else [])
        if self._tokenizer.eos_token_id is not None:
            ids.add(self._tokenizer.eos_token_id)
        return ids

    def _row_stats(self, row: list[int]) -> tuple[int, str]:
        eos = self._eos_ids()
        for i, tok in enumerate(row):
            if tok in eos:
                return i + 1, "stop"
        return len(row), "length"

    def _generate_once(self, chat_input: Any, schema: dict[str, Any] | None, s: Sampling, n: int) -> list[Any]:
        import torch

        kwargs: dict[str, Any] = {"max_new_tokens": s.max_tokens}
        if s.temperature > 0:
            kwargs |= {"do_sample": True, "temperature": s.temperature, "top_p": s.top_p}
            if n > 1:
                kwargs["num_return_sequences"] = n
        else:
            kwargs |= {"do_sample": False, "temperature": None, "top_p": None, "top_k": None}
        if s.seed is not None:
            torch.manual_seed(s.seed)
        self._last_ids = None
        with torch.inference_mode():
            out = self._generator(schema)(chat_input, **kwargs)
        texts = out if isinstance(out, list) else [out]
        ids = self._last_ids
        rows: list[list[int]] = []
        if ids is not None:
            rows = [ids.tolist()] if ids.dim() == 1 else [r.tolist() for r in ids]
        results = []
        for i, text in enumerate(texts):
            if i < len(rows):
                count, finish = self._row_stats(rows[i])
            else:
                count, finish = self.count_tokens(text), None
            results.append((text, count, finish))
        return results

    def chat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult:
        from outlines.inputs import Chat

        s = sampling or self.default_sampling
        started = time.perf_counter()
        with self._lock:
            self._load()
            dicts = [{"role": m.role, "content": m.content} for m in messages]
            prompt_text = self._tokenizer.apply_chat_template(dicts, tokenize=False, add_generation_prompt=True)
            prompt_tokens = self.count_tokens(prompt_text)
            if prompt_tokens + s.max_tokens > self.context_window:
                raise ModelError(
                    f"{self.name}: prompt ({prompt_tokens} tokens) + max_tokens ({s.max_tokens}) exceeds "
                    f"the context window ({self.context_window})"
                )
            chat_input = Chat(dicts)
            outs = []
            if s.temperature > 0 or s.n == 1:
                outs = self._generate_once(chat_input, schema, s, s.n)
            else:  # greedy decoding cannot return several sequences: repeat it
                for _ in range(s.n):
                    outs += self._generate_once(chat_input, schema, s, 1)
        completions = [parse_completion(text, schema, finish) for text, _, finish in outs]
        usage = Usage(prompt_tokens=prompt_tokens, completion_tokens=sum(c for _, c, _ in outs))
        return ChatResult(model=self.name, completions=completions, usage=usage, seconds=time.perf_counter() - started)
