"""Context from the server (issue 37, item 2): the client reads `max_model_len` from the endpoint's
`/v1/models` and trims to it; a context-length 400 leads to a trimmed retry, never a failed repair."""

from __future__ import annotations

import json

import httpx
import pytest

from fmrepair.agents.session import chat_within_context, trim_to_context
from fmrepair.serving.base import ChatMessage, ChatResult, Completion, ContextTooLong, Sampling, Usage
from fmrepair.serving.openai_backend import OpenAIChatModel


def _model(handler) -> OpenAIChatModel:  # noqa: ANN001
    m = OpenAIChatModel("http://server/v1", "qwen3-coder", context_window=262_144, max_retries=0)
    m._client = httpx.Client(transport=httpx.MockTransport(handler))
    return m


def test_the_servers_max_model_len_caps_the_registrys_context() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        assert request.url.path == "/v1/models"
        return httpx.Response(200, json={"data": [{"id": "qwen3-coder", "max_model_len": 32_768}]})

    assert _model(handler).context_window == 32_768


def test_a_server_that_does_not_say_leaves_the_registrys_context() -> None:
    assert _model(lambda r: httpx.Response(404, text="no")).context_window == 262_144


def test_a_context_length_400_is_its_own_error_with_the_stated_limit() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/models":
            return httpx.Response(200, json={"data": []})
        body = {"error": {"message": "This model's maximum context length is 8192 tokens. However, you requested "
                                     "9000 tokens."}}
        return httpx.Response(400, text=json.dumps(body))

    m = _model(handler)
    with pytest.raises(ContextTooLong) as e:
        m.chat([ChatMessage(role="user", content="x")])
    assert e.value.limit == 8192 and m.context_window == 8192


def _msgs(n: int) -> list[dict[str, str]]:
    return [{"role": "system", "content": "s"}, {"role": "user", "content": "task"}] + [
        {"role": "assistant" if i % 2 == 0 else "user", "content": "x" * 400} for i in range(n)]


def test_trimming_drops_the_oldest_exchanges_and_keeps_the_task_and_the_latest_feedback() -> None:
    msgs = _msgs(5)
    out = trim_to_context(msgs, 250, 50, None)
    assert out is not None and out[:2] == msgs[:2] and out[-1] == msgs[-1] and len(out) == 3
    assert trim_to_context(msgs[:3], 10, 50, None) is None  # nothing left to drop


class _Refuses:
    """A scripted model (loop logic only): refuses the first, long prompt, answers the trimmed one."""

    context_window = 100_000

    def __init__(self) -> None:
        self.seen: list[int] = []

    def count_tokens(self, text: str) -> int:
        return len(text) // 4

    def chat(self, messages, schema=None, sampling=None) -> ChatResult:  # noqa: ANN001
        self.seen.append(len(messages))
        if len(messages) > 3:
            raise ContextTooLong("too long", limit=250)
        return ChatResult(model="m", completions=[Completion(text="{}")], usage=Usage(), seconds=0.0)


def test_the_session_retries_with_a_trimmed_history() -> None:
    model = _Refuses()
    result = chat_within_context(model, _msgs(5), {}, Sampling(max_tokens=50))  # type: ignore[arg-type]
    assert result.completions[0].text == "{}" and model.seen == [7, 3]
