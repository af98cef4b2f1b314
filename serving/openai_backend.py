"""Any OpenAI-compatible chat endpoint (a vLLM server, hosted APIs) over httpx.

Structured output, per registry entry (``structured_output``):
- ``structured_outputs``: vLLM's ``{"structured_outputs": {"json": schema}}`` (grammar-constrained);
- ``response_format``: ``{"type": "json_schema", "json_schema": {...}}`` (vLLM and newer hosted models);
- ``tools``: one function whose parameters are the schema, forced with a named ``tool_choice``;
- ``json_object``: JSON mode plus the schema in a system note (older hosted models).
Replies are always parsed and validated here, whatever the server promised.
The API key is read from the variable named by ``api_key_env`` and never logged or put in errors.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import time
from typing import TYPE_CHECKING, Any, ClassVar

from fmrepair.serving.base import (
    NEUTRAL,
    ChatMessage,
    ChatResult,
    Completion,
    ContextTooLong,
    EndpointUnavailable,
    ModelError,
    Sampling,
    Usage,
    complete,
)
from fmrepair.serving.schema import parse_completion

if TYPE_CHECKING:
    import httpx

    from fmrepair.serving.config import ModelEntry

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
# vLLM: "This model's maximum context length is 32768 tokens. However, you requested ..."; OpenAI alike
_CONTEXT_LIMIT = re.compile(r"maximum context length is (\d+)|max_model_len[^0-9]{0,20}(\d+)", re.I)
_CONTEXT_WORDS = re.compile(r"context length|context window|max_model_len|too many tokens|prompt is too long", re.I)
TOOL_NAME = "reply"


class OpenAIChatModel:
    """Chat completions against ``base_url`` with bounded retries and exponential backoff."""

    weights_in_process: ClassVar[bool] = False  # served: N worker processes share the endpoint

    def __init__(
        self,
        base_url: str,
        model_id: str,
        name: str | None = None,
        *,
        api_key_env: str | None = None,
        structured_output: str = "structured_outputs",
        context_window: int = 4096,
        timeout: float = 120.0,
        connect_timeout: float = 5.0,
        max_retries: int = 3,
        backoff: float = 1.0,
        max_backoff: float = 20.0,
        default_sampling: Sampling | None = None,
        prices: tuple[float, float] = (0.0, 0.0),
        extra_body: dict[str, Any] | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model_id = model_id
        self.name = name or model_id
        self.api_key_env = api_key_env
        self.structured_output = structured_output
        self._configured_window = context_window
        self._server_window: int | None | bool = False  # False: not asked yet; None: the server did not say
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.default_sampling = default_sampling or Sampling()
        self.prices = prices
        self.extra_body = dict(extra_body or {})
        self._client: httpx.Client | None = None

    @classmethod
    def from_entry(cls, entry: ModelEntry) -> OpenAIChatModel:
        base_url = entry.resolved_base_url()
        if not base_url:
            raise ModelError(f"model {entry.name!r}: openai backend needs 'base_url'")
        opts = entry.options
        return cls(
            base_url,
            entry.model_id or entry.name,
            entry.name,
            api_key_env=entry.api_key_env,
            structured_output=entry.structured_output,
            context_window=entry.context_window,
            default_sampling=entry.default_sampling(),
            prices=(entry.price_input_per_1m, entry.price_output_per_1m),
            **{k: v for k, v in opts.items() if k in _OPTION_KEYS},
        )

    # -- the context the server allows -----------------------------------------------------------------
    @property
    def context_window(self) -> int:
        """The registry's context, capped by what the server reports for this model (``max_model_len`` in
        vLLM's ``/v1/models``), asked once; a server that does not say leaves the registry's figure."""
        if self._server_window is False:
            self._server_window = self._ask_server_window()
        server = self._server_window
        return min(self._configured_window, server) if isinstance(server, int) and server > 0 else \
            self._configured_window

    @context_window.setter
    def context_window(self, value: int) -> None:
        self._configured_window = value

    def _ask_server_window(self) -> int | None:
        import httpx

        try:
            if self._client is None:
                self._client = httpx.Client(timeout=self._timeout())
            r = self._client.get(f"{self.base_url}/models", headers=self._headers(), timeout=self.connect_timeout)
            if r.status_code != 200:
                return None
            for m in r.json().get("data", []):
                if m.get("id") in (self.model_id, self.name) and isinstance(m.get("max_model_len"), int):
                    return int(m["max_model_len"])
        except (httpx.HTTPError, ValueError, AttributeError, ModelError):
            return None
        return None

    # -- request building ---------------------------------------------------------------------------
    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.api_key_env:
            key = os.environ.get(self.api_key_env)
            if not key:
                raise ModelError(f"{self.name}: set the API key in environment variable {self.api_key_env}")
            headers["Authorization"] = f"Bearer {key}"
        return headers

    def build_body(self, messages: list[ChatMessage], schema: dict[str, Any] | None, s: Sampling) -> dict[str, Any]:
        s = complete(s, self.default_sampling)
        msgs = [{"role": m.role, "content": m.content} for m in messages]
        body: dict[str, Any] = {
            "model": self.model_id,
            "messages": msgs,
            "temperature": s.temperature,
            "top_p": s.top_p,
            "max_tokens": s.max_tokens,
            "n": s.n,
        }
        extended = {"top_k": s.top_k, "min_p": s.min_p, "repetition_penalty": s.repetition_penalty}
        if self.structured_output == "structured_outputs" or any(extended[k] != NEUTRAL[k] for k in extended):
            body.update(extended)  # a vLLM server: every field sent, none left to the model's generation config
        if s.seed is not None:
            body["seed"] = s.seed
        if schema is not None:
            mode = self.structured_output
            if mode == "structured_outputs":
                # compact JSON: small models otherwise loop on the whitespace the grammar allows
                body["structured_outputs"] = {"json": schema, "disable_any_whitespace": True}
            elif mode == "response_format":
                body["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {"name": TOOL_NAME, "schema": schema, "strict": False},
                }
            elif mode == "tools":
                body["tools"] = [
                    {"type": "function", "function": {"name": TOOL_NAME, "parameters": _as_object(schema)}}
                ]
                body["tool_choice"] = {"type": "function", "function": {"name": TOOL_NAME}}
            elif mode == "json_object":
                body["response_format"] = {"type": "json_object"}
                note = "Reply with one JSON object that satisfies this JSON schema:\n" + json.dumps(schema)
                body["messages"] = [{"role": "system", "content": note}, *msgs]
            else:
                raise ModelError(f"{self.name}: unknown structured_output mode {mode!r}")
        return body | self.extra_body

    def parse_response(self, data: dict[str, Any], schema: dict[str, Any] | None) -> tuple[list[Completion], Usage]:
        completions = []
        for choice in data.get("choices") or []:
            message = choice.get("message") or {}
            text = message.get("content") or ""
            calls = message.get("tool_calls") or []
            if schema is not None and self.structured_output == "tools" and calls:
                text = calls[0].get("function", {}).get("arguments") or ""
                if "properties" not in schema or schema.get("type") != "object":
                    text = _unwrap(text)
            strict = self.structured_output in ("structured_outputs", "response_format")
            completions.append(parse_completion(text, schema, choice.get("finish_reason"), strict=strict))
        if not completions:
            raise ModelError(f"{self.name}: response without choices: {str(data)[:300]}")
        usage = data.get("usage") or {}
        return completions, Usage(
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
        )

    # -- transport ----------------------------------------------------------------------------------
    def _timeout(self) -> httpx.Timeout:
        import httpx

        return httpx.Timeout(self.timeout, connect=self.connect_timeout)

    def _delay(self, attempt: int, response: httpx.Response | None = None) -> float:
        """Jittered exponential backoff; a server's ``Retry-After`` (seconds or an HTTP date) is honoured,
        capped at ``max_backoff`` times four so that a broken header cannot stall a run for hours."""
        wait = min(self.max_backoff, self.backoff * 2**attempt) * (0.5 + random.random() / 2)
        asked = retry_after(response.headers.get("retry-after") if response is not None else None)
        return max(wait, min(asked, 4 * self.max_backoff)) if asked is not None else wait

    def _url(self) -> str:
        return f"{self.base_url}/chat/completions"

    def _check(self, response: httpx.Response) -> dict[str, Any] | None:
        """The JSON body on success; None when the status is worth retrying; raise otherwise."""
        if response.status_code == 200:
            try:
                return response.json()
            except ValueError as exc:
                raise ModelError(f"{self.name}: non-JSON response from {self._url()}: {exc}") from None
        if response.status_code in RETRY_STATUS:
            return None
        text = response.text[:500]
        if response.status_code == 400 and _CONTEXT_WORDS.search(text):
            m = _CONTEXT_LIMIT.search(text)
            limit = int(next(g for g in m.groups() if g)) if m else None
            if limit:
                self._server_window = limit
            raise ContextTooLong(f"{self.name}: the prompt is longer than the server's context: {text}", limit)
        raise ModelError(f"{self.name}: HTTP {response.status_code} from {self._url()}: {text}")

    def _give_up(self, attempts: int, last: str) -> EndpointUnavailable:
        return EndpointUnavailable(
            f"{self.name}: no response from {self._url()} after {attempts} attempts "
            f"(max_retries={self.max_retries}); last error: {last}"
        )

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        import httpx

        if self._client is None:
            self._client = httpx.Client(timeout=self._timeout())
        headers = self._headers()
        last = ""
        for attempt in range(self.max_retries + 1):
            response = None
            try:
                response = self._client.post(self._url(), json=body, headers=headers)
                data = self._check(response)
                if data is not None:
                    return data
                last = f"HTTP {response.status_code}: {response.text[:200]}"
            except httpx.TransportError as exc:  # connect errors, timeouts, resets
                last = f"{type(exc).__name__}: {exc}"
            if attempt < self.max_retries:
                time.sleep(self._delay(attempt, response))
        raise self._give_up(self.max_retries + 1, last)

    async def _apost(self, body: dict[str, Any]) -> dict[str, Any]:
        import httpx

        headers = self._headers()
        last = ""
        async with httpx.AsyncClient(timeout=self._timeout()) as client:
            for attempt in range(self.max_retries + 1):
                response = None
                try:
                    response = await client.post(self._url(), json=body, headers=headers)
                    data = self._check(response)
                    if data is not None:
                        return data
                    last = f"HTTP {response.status_code}: {response.text[:200]}"
                except httpx.TransportError as exc:
                    last = f"{type(exc).__name__}: {exc}"
                if attempt < self.max_retries:
                    await asyncio.sleep(self._delay(attempt, response))
        raise self._give_up(self.max_retries + 1, last)

    # -- ChatModel ----------------------------------------------------------------------------------
    def _result(self, data: dict[str, Any], schema: dict[str, Any] | None, started: float) -> ChatResult:
        completions, usage = self.parse_response(data, schema)
        cost = (usage.prompt_tokens * self.prices[0] + usage.completion_tokens * self.prices[1]) / 1e6
        return ChatResult(
            model=self.name,
            completions=completions,
            usage=usage,
            seconds=time.perf_counter() - started,
            cost_usd=cost,
        )

    def chat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult:
        started = time.perf_counter()
        data = self._post(self.build_body(messages, schema, complete(sampling, self.default_sampling)))
        return self._result(data, schema, started)

    async def achat(
        self,
        messages: list[ChatMessage],
        schema: dict[str, Any] | None = None,
        sampling: Sampling | None = None,
    ) -> ChatResult:
        started = time.perf_counter()
        data = await self._apost(self.build_body(messages, schema, complete(sampling, self.default_sampling)))
        return self._result(data, schema, started)

    def count_tokens(self, text: str) -> int:
        return max(1, len(text) // 4)  # estimate; servers report exact usage per request

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def __repr__(self) -> str:  # never shows the key
        return f"OpenAIChatModel(name={self.name!r}, base_url={self.base_url!r}, model_id={self.model_id!r})"


_OPTION_KEYS = {"timeout", "connect_timeout", "max_retries", "backoff", "max_backoff", "extra_body"}


def retry_after(value: str | None) -> float | None:
    """Seconds a ``Retry-After`` header asks for (delta-seconds or an HTTP date); None when absent or
    unreadable."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    from email.utils import parsedate_to_datetime

    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    import datetime as _dt

    if when.tzinfo is None:
        when = when.replace(tzinfo=_dt.UTC)
    return max(0.0, (when - _dt.datetime.now(_dt.UTC)).total_seconds())


def _as_object(schema: dict[str, Any]) -> dict[str, Any]:
    """Function parameters must be an object: wrap other schemas as ``{"value": schema}``."""
    if schema.get("type") == "object" and "properties" in schema:
        return schema
    return {"type": "object", "properties": {"value": schema}, "required": ["value"]}


def _unwrap(arguments: str) -> str:
    try:
        return json.dumps(json.loads(arguments)["value"])
    except (ValueError, KeyError, TypeError):
        return arguments
