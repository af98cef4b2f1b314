"""In-process backend: transformers with per-row JSON-schema constraints (serving/constraints.py), batched across
threads."""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fmrepair.serving.base import ChatMessage, ChatResult, ModelError, Sampling, SyncChatModel, Usage, complete
from fmrepair.serving.batching import GatherBatcher
from fmrepair.serving.schema import parse_completion

if TYPE_CHECKING:
    from fmrepair.serving.config import ModelEntry


@dataclass
class _Request:
    """One chat call, tokenized, waiting for its batch."""

    prompt_ids: list[int]
    grammar: Any
    sampling: Sampling


class TransformersChatModel(SyncChatModel):
    """A local model directory (safetensors + tokenizer) run with ``transformers.generate``.

    With a schema, a JSON-schema matcher of the ``constraint`` engine (llguidance, xgrammar, outlines;
    serving/constraints.py) constrains every token of that reply (compact JSON), so the reply always
    parses unless it is cut at ``max_tokens`` (give free-text fields a ``maxLength``). Calls from several
    threads are gathered for up to ``batch_window_ms`` into one left-padded ``generate`` call of at most
    ``max_batch`` rows, each row with its own schema, budget and sampling (``row_processors.py``);
    ``max_batch=1`` runs calls one at a time. The model loads once, on first use, under a lock. On CPU one
    torch thread is used unless ``threads`` says otherwise.
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
        batch_window_ms: float = 20.0,
        max_batch: int = 16,
        constraint: str = "llguidance",
        adapter: str | Path | None = None,
    ) -> None:
        self.path = Path(path)
        self.name = name or self.path.name
        self.context_window = context_window
        self.device = device
        self.threads = threads
        self.dtype = dtype
        self.default_sampling = default_sampling or Sampling()
        self._load_lock = threading.Lock()
        self._tok_lock = threading.Lock()  # a fast tokenizer must not be used from two threads at once
        self._model: Any = None
        self._tokenizer: Any = None
        self.constraint = constraint
        self.adapter = Path(adapter) if adapter else None  # a LoRA adapter folder merged in at load
        if self.adapter is not None and not (self.adapter / "adapter_config.json").is_file():
            raise ModelError(f"{self.adapter}: no adapter_config.json (not a LoRA adapter folder)")
        self._engine_obj: Any = None
        self._grammars: dict[str, Any] = {}
        self.batcher: GatherBatcher[_Request, list[list[int]]] = GatherBatcher(
            self._run_batch, window_s=batch_window_ms / 1000, max_batch=max_batch, name=f"batcher-{self.name}"
        )

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
            batch_window_ms=entry.batch_window_ms,
            max_batch=entry.max_batch,
            constraint=entry.constraint,
            adapter=opts.get("adapter"),
        )

    # -- loading -------------------------------------------------------------------------------
    def _ensure_loaded(self) -> None:
        """Load once: concurrent first calls wait for one load (two at once crash in transformers)."""
        if self._model is not None:
            return
        with self._load_lock:
            if self._model is None:
                self._load()

    def _load(self) -> None:
        os.environ["HF_HUB_OFFLINE"] = "1"  # never reach a hub
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            hint = "pip install 'fmrepair[local]'"
            raise ModelError(f"transformers backend needs the 'local' extra: {hint} ({exc})") from exc
        device = self.device or ("cuda" if torch.cuda.is_available() else "cpu")
        if device == "cpu" and self.threads:
            torch.set_num_threads(self.threads)
        dtype = getattr(torch, self.dtype) if self.dtype else (torch.float32 if device == "cpu" else torch.bfloat16)
        tokenizer = AutoTokenizer.from_pretrained(self.path, local_files_only=True)
        tokenizer.padding_side = "left"
        if tokenizer.pad_token_id is None:
            tokenizer.pad_token_id = tokenizer.eos_token_id
        model = AutoModelForCausalLM.from_pretrained(self.path, dtype=dtype, local_files_only=True)
        model = self._prepare(model.to(device).eval())
        self._tokenizer = tokenizer
        self._model = model  # last: other threads test it without the lock

    def _prepare(self, model: Any) -> Any:
        """The loaded model, with the ``adapter`` (registry option ``adapter``) merged into its weights in
        the dtype it was loaded in (no float32 copy on a GPU, nothing written to disk)."""
        if self.adapter is None:
            return model
        try:
            from peft import PeftModel
        except ImportError as exc:
            raise ModelError(f"a LoRA adapter needs peft: pip install 'fmrepair[train]' ({exc})") from exc
        return PeftModel.from_pretrained(model, str(self.adapter), is_trainable=False).merge_and_unload().eval()

    def _engine(self) -> Any:
        """The constraint engine (serving/constraints.py), made once from the tokenizer."""
        if self._engine_obj is None:
            from fmrepair.serving.constraints import INSTALL, make_engine

            with self._load_lock:
                if self._engine_obj is None:
                    try:
                        self._engine_obj = make_engine(self.constraint, self._tokenizer, self._stop_id())
                    except ImportError as exc:
                        hint = INSTALL.get(self.constraint, "see docs/serving.md")
                        raise ModelError(f"constraint backend {self.constraint!r} is not installed: {hint} ({exc})"
                                         ) from exc
        return self._engine_obj

    def _grammar(self, schema: dict[str, Any]) -> Any:
        from fmrepair.serving.constraints import ConstraintError

        key = json.dumps(schema, sort_keys=True)
        if key not in self._grammars:
            try:
                self._grammars[key] = self._engine().compile(schema)
            except ConstraintError as exc:
                raise ModelError(f"{self.name}: schema not usable for constrained generation: {exc}") from exc
        return self._grammars[key]

    # -- tokens --------------------------------------------------------------------------------
    def count_tokens(self, text: str) -> int:
        self._ensure_loaded()
        with self._tok_lock:
            return len(self._tokenizer(text, add_special_tokens=False)["input_ids"])

    def _eos_ids(self) -> set[int]:
        eos = self._model.generation_config.eos_token_id
        ids = set(eos if isinstance(eos, list) else [eos] if eos is not None else [])
        if self._tokenizer.eos_token_id is not None:
            ids.add(self._tokenizer.eos_token_id)
        return ids

    def _stop_id(self) -> int:
        if self._tokenizer.eos_token_id is not None:
            return int(self._tokenizer.eos_token_id)
        return min(self._eos_ids())

    def _row_stats(self, row: list[int]) -> tuple[int, str]:
        eos = self._eos_ids()
        for i, tok in enumerate(row):
            if tok in eos:
                return i + 1, "stop"
        return len(row), "length"

    # -- generation ----------------------------------------------------------------------------
    def _run_batch(self, requests: list[_Request]) -> list[list[list[int]]]:
        """One left-padded ``generate`` call for all requests; each gets its rows' generated ids."""
        import torch
        from transformers import LogitsProcessorList

        from fmrepair.serving.row_processors import RowLogitsProcessor, RowSpec, row_seed

        rows: list[RowSpec] = []
        prompts: list[list[int]] = []
        owners: list[int] = []
        for k, req in enumerate(requests):
            s = req.sampling
            samples = s.n if s.temperature > 0 else 1  # greedy decoding gives n equal sequences: run it once
            for j in range(samples):
                seed = row_seed(s.seed, j) if s.seed is not None else None
                rows.append(RowSpec(req.grammar, s.max_tokens, s.temperature, s.top_p or 1.0, seed, top_k=s.top_k or -1,
                                    min_p=s.min_p or 0.0, repetition_penalty=s.repetition_penalty or 1.0))
                prompts.append(req.prompt_ids)
                owners.append(k)
        pad = self._tokenizer.pad_token_id
        width = max(len(p) for p in prompts)
        for row, prompt in zip(rows, prompts, strict=True):
            row.start = width - len(prompt)
        device = self._model.device
        input_ids = torch.tensor([[pad] * (width - len(p)) + p for p in prompts], device=device)
        attention = torch.tensor([[0] * (width - len(p)) + [1] * len(p) for p in prompts], device=device)
        eos = self._eos_ids()
        engine = self._engine() if any(r.grammar is not None for r in rows) else None
        processor = RowLogitsProcessor(rows, engine, eos, self._stop_id())
        with torch.inference_mode():
            out = self._model.generate(
                input_ids=input_ids,
                attention_mask=attention,
                max_new_tokens=max(r.max_new_tokens for r in rows),
                do_sample=False,
                temperature=None,
                top_p=None,
                top_k=None,
                logits_processor=LogitsProcessorList([processor]),
                pad_token_id=pad,
                eos_token_id=sorted(eos),
            )
        generated = out[:, width:].tolist()
        results: list[list[list[int]]] = [[] for _ in requests]
        for i, row in enumerate(generated):
            results[owners[i]].append(row[: rows[i].max_new_tokens])
        for req, ids in zip(requests, results, strict=True):
            if len(ids) < req.sampling.n:
                ids.extend([list(ids[0]) for _ in range(req.sampling.n - len(ids))])
        return results

    def chat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult:
        s = complete(sampling, self.default_sampling)
        started = time.perf_counter()
        self._ensure_loaded()
        dicts = [{"role": m.role, "content": m.content} for m in messages]
        with self._tok_lock:
            prompt_text = self._tokenizer.apply_chat_template(dicts, tokenize=False, add_generation_prompt=True)
            prompt_ids = self._tokenizer(prompt_text)["input_ids"]
        prompt_tokens = self.count_tokens(prompt_text)
        if prompt_tokens + s.max_tokens > self.context_window:
            raise ModelError(
                f"{self.name}: prompt ({prompt_tokens} tokens) + max_tokens ({s.max_tokens}) exceeds "
                f"the context window ({self.context_window})"
            )
        grammar = self._grammar(schema) if schema is not None else None
        rows = self.batcher.submit(_Request(list(prompt_ids), grammar, s))
        outs = []
        for row in rows:
            count, finish = self._row_stats(row)
            with self._tok_lock:
                text = self._tokenizer.decode(row[:count], skip_special_tokens=True)
            outs.append((text, count, finish))
        completions = [parse_completion(text, schema, finish) for text, _, finish in outs]
        usage = Usage(prompt_tokens=prompt_tokens, completion_tokens=sum(c for _, c, _ in outs))
        return ChatResult(model=self.name, completions=completions, usage=usage, seconds=time.perf_counter() - started)

    def close(self) -> None:
        self.batcher.close()
