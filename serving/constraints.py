"""Grammar engines that constrain in-process generation to a JSON schema, one per backend name.

The in-process sampler (row_processors.py) asks a ``ConstraintEngine`` to compile a schema once, to make
one matcher per row, to fill the rows' token bitmasks (int32 words, 32 tokens each, the layout the three
libraries share) and to feed each row's sampled token to its matcher. ``CONSTRAINTS`` names them:
``llguidance`` (the default: the best measured, docs/serving.md "Constraint backends"), ``xgrammar`` and
``outlines`` (outlines-core's regex index). Each emits compact JSON (``", "`` and ``": "`` separators);
outlines-core cannot forbid other whitespace, so it allows one optional space.

The served path picks the same engine by name in the vLLM server (``--structured-outputs-config``, where
llguidance is called ``guidance``): `fmrepair serve --constraint NAME` and the registry's ``constraint``.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from fmrepair.registry import LazyRegistry

# vLLM's name for each engine (StructuredOutputsConfig.backend)
VLLM_NAMES = {"llguidance": "guidance", "xgrammar": "xgrammar", "outlines": "outlines"}


class ConstraintError(ValueError):
    """A schema the engine cannot compile."""


class RowMatcher(Protocol):
    def consume(self, token: int) -> bool:
        """Advance by one sampled token; False if the grammar rejects it."""
        ...

    def error(self) -> str | None: ...


class ConstraintEngine(Protocol):
    name: str

    def compile(self, schema: dict[str, Any]) -> Any:
        """The compiled grammar of a JSON schema (raises ConstraintError)."""
        ...

    def matcher(self, compiled: Any) -> RowMatcher: ...

    def allocate(self, rows: int) -> Any:
        """A zeroed bitmask tensor for ``rows`` rows."""
        ...

    def fill(self, bitmask: Any, live: list[tuple[RowMatcher, int]]) -> None:
        """Fill row ``i`` of ``bitmask`` with the tokens each live ``(matcher, i)`` allows next."""
        ...


def _compact(schema: dict[str, Any]) -> str:
    return json.dumps(schema)


# -- llguidance ------------------------------------------------------------------------------------


class _LLGMatcher:
    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self._error: str | None = inner.get_error() if inner.is_error() else None

    def consume(self, token: int) -> bool:
        if self._error is None and not self.inner.consume_token(token):
            self._error = self.inner.get_error() or f"token {token} rejected"
        return self._error is None

    def error(self) -> str | None:
        return self._error


class LLGuidanceEngine:
    """llguidance: token masks built lazily, so a long ``maxLength`` costs little to compile."""

    name = "llguidance"

    def __init__(self, hf_tokenizer: Any, stop_id: int) -> None:
        import llguidance
        import llguidance.hf

        self._llg = llguidance
        self.tokenizer = llguidance.hf.from_tokenizer(hf_tokenizer, eos_token=stop_id)
        self._executor = llguidance.LLExecutor()

    def compile(self, schema: dict[str, Any]) -> Any:
        from fmrepair.serving.row_processors import json_schema_grammar

        try:
            grammar = json_schema_grammar(schema)
        except ValueError as exc:
            raise ConstraintError(str(exc)) from exc
        is_error, messages = self._llg.LLMatcher.validate_grammar_with_warnings(grammar, self.tokenizer)
        if is_error:
            raise ConstraintError(messages[0])
        return grammar

    def matcher(self, compiled: Any) -> RowMatcher:
        return _LLGMatcher(self._llg.LLMatcher(self.tokenizer, compiled, log_level=0))

    def allocate(self, rows: int) -> Any:
        import llguidance.torch

        return llguidance.torch.allocate_token_bitmask(rows, self.tokenizer.vocab_size)

    def fill(self, bitmask: Any, live: list[tuple[RowMatcher, int]]) -> None:
        import llguidance.torch

        llguidance.torch.fill_next_token_bitmask_par(
            self._executor, [(m.inner, i) for m, i in live], bitmask  # type: ignore[attr-defined]
        )


# -- xgrammar --------------------------------------------------------------------------------------


class _XGMatcher:
    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self._error: str | None = None

    def consume(self, token: int) -> bool:
        if self._error is None and not self.inner.accept_token(token):
            self._error = f"token {token} rejected"
        return self._error is None

    def error(self) -> str | None:
        return self._error


class XGrammarEngine:
    """xgrammar: a compiled pushdown automaton with precomputed token masks."""

    name = "xgrammar"

    def __init__(self, hf_tokenizer: Any, stop_id: int) -> None:
        import xgrammar

        self._xgr = xgrammar
        self.info = xgrammar.TokenizerInfo.from_huggingface(hf_tokenizer, stop_token_ids=[stop_id])
        self._compiler = xgrammar.GrammarCompiler(self.info)

    def compile(self, schema: dict[str, Any]) -> Any:
        try:
            return self._compiler.compile_json_schema(
                _compact(schema), any_whitespace=False, separators=(", ", ": "), strict_mode=True
            )
        except (RuntimeError, ValueError) as exc:
            raise ConstraintError(str(exc)) from exc

    def matcher(self, compiled: Any) -> RowMatcher:
        return _XGMatcher(self._xgr.GrammarMatcher(compiled))

    def allocate(self, rows: int) -> Any:
        return self._xgr.allocate_token_bitmask(rows, self.info.vocab_size)

    def fill(self, bitmask: Any, live: list[tuple[RowMatcher, int]]) -> None:
        for m, i in live:
            m.inner.fill_next_token_bitmask(bitmask, i)  # type: ignore[attr-defined]


# -- outlines (outlines-core) ----------------------------------------------------------------------


class _OutlinesMatcher:
    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self._error: str | None = None

    def consume(self, token: int) -> bool:
        if self._error is None:
            if self.inner.is_finished():
                return True  # the stop token after a finished reply
            try:
                self.inner.advance(token)
            except ValueError as exc:
                self._error = f"token {token} rejected: {exc}"
        return self._error is None

    def error(self) -> str | None:
        return self._error


class OutlinesEngine:
    """outlines-core: the schema as a regex, compiled into a token-level index (eager: a long
    ``maxLength`` makes the index large and slow to build)."""

    name = "outlines"
    WHITESPACE = r"[ ]?"  # compact JSON's single space after ':' and ','; nothing else

    def __init__(self, hf_tokenizer: Any, stop_id: int) -> None:
        from outlines.backends.outlines_core import OutlinesCoreBackend
        from outlines.models.transformers import TransformerTokenizer

        wrapped = TransformerTokenizer(hf_tokenizer)
        eos = hf_tokenizer.convert_ids_to_tokens(stop_id)
        self.vocabulary = OutlinesCoreBackend.create_outlines_core_vocabulary(
            hf_tokenizer.get_vocab(), stop_id, eos, wrapped.convert_token_to_string
        )
        self.vocab_size = max(hf_tokenizer.get_vocab().values()) + 1

    def compile(self, schema: dict[str, Any]) -> Any:
        from outlines_core import Index
        from outlines_core.json_schema import build_regex_from_schema

        try:
            return Index(build_regex_from_schema(_compact(schema), self.WHITESPACE), self.vocabulary)
        except (RuntimeError, ValueError, TypeError) as exc:
            raise ConstraintError(str(exc)) from exc

    def matcher(self, compiled: Any) -> RowMatcher:
        from outlines_core import Guide

        return _OutlinesMatcher(Guide(compiled))

    def allocate(self, rows: int) -> Any:
        import torch

        return torch.zeros(rows, (self.vocab_size + 31) // 32, dtype=torch.int32)

    def fill(self, bitmask: Any, live: list[tuple[RowMatcher, int]]) -> None:
        from outlines_core.kernels.torch import fill_next_token_bitmask

        for m, i in live:
            row = bitmask[i : i + 1]
            row.zero_()
            fill_next_token_bitmask(m.inner, row)  # type: ignore[attr-defined]


CONSTRAINTS: LazyRegistry[type[ConstraintEngine]] = LazyRegistry(
    "constraint backend",
    {
        "llguidance": "fmrepair.serving.constraints:LLGuidanceEngine",
        "xgrammar": "fmrepair.serving.constraints:XGrammarEngine",
        "outlines": "fmrepair.serving.constraints:OutlinesEngine",
    },
    group="fmrepair.constraints",
)
DEFAULT = "llguidance"
INSTALL = {  # what makes each engine importable (scripts/install_models.sh installs all three)
    "llguidance": "pip install 'fmrepair[local]'",
    "outlines": "pip install 'fmrepair[local]'",
    "xgrammar": "pip install --no-deps xgrammar==0.2.8 apache-tvm-ffi==0.1.15.post2",
}


def make_engine(name: str, hf_tokenizer: Any, stop_id: int) -> ConstraintEngine:
    return CONSTRAINTS.load(name)(hf_tokenizer, stop_id)


def vllm_config(name: str) -> dict[str, Any]:
    """vLLM's ``structured_outputs_config`` for engine ``name`` (the offline engine and the server). vLLM
    0.32 reads compact JSON (``disable_any_whitespace``) from this engine-wide config only, not from a
    request; outlines cannot do it there."""
    CONSTRAINTS.load(name)  # an unknown name: the registry's did-you-mean error
    if name not in VLLM_NAMES:
        raise ValueError(f"constraint backend {name!r} has no vLLM engine (vLLM has: {', '.join(VLLM_NAMES)})")
    return {"backend": VLLM_NAMES[name], "disable_any_whitespace": name != "outlines"}
