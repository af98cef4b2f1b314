"""The openai backend without a server: request shapes and the unreachable-endpoint error."""

from __future__ import annotations

import asyncio
import os
import socket
import time

import pytest

from fmrepair.serving import ChatMessage, ModelError, get_model
from fmrepair.serving.openai_backend import OpenAIChatModel
from fmrepair.serving.toolcall import DEMO_TOOL_SCHEMA

pytest.importorskip("httpx")

USER = [ChatMessage(role="user", content="hi")]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed once we return: connections are refused


def test_unreachable_endpoint_fails_clearly_after_bounded_retries() -> None:
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    model = get_model("local-vllm", base_url=url, max_retries=2, backoff=0.01, connect_timeout=1.0)
    started = time.monotonic()
    with pytest.raises(ModelError) as info:
        model.chat(USER, DEMO_TOOL_SCHEMA)
    assert time.monotonic() - started < 10
    message = str(info.value)
    assert "after 3 attempts" in message and url in message and "ConnectError" in message
    with pytest.raises(ModelError, match="after 3 attempts"):
        asyncio.run(model.achat(USER))


def test_api_key_from_env_and_never_in_repr(monkeypatch) -> None:
    monkeypatch.setenv("FMREPAIR_TEST_KEY", "sk-secret-123")
    model = OpenAIChatModel("http://127.0.0.1:1/v1", "m", api_key_env="FMREPAIR_TEST_KEY", max_retries=0)
    assert model._headers()["Authorization"] == "Bearer sk-secret-123"
    assert "sk-secret" not in repr(model)
    with pytest.raises(ModelError) as info:
        model.chat(USER)
    assert "sk-secret" not in str(info.value)
    monkeypatch.delenv("FMREPAIR_TEST_KEY")
    with pytest.raises(ModelError, match="FMREPAIR_TEST_KEY"):
        model.chat(USER)


@pytest.mark.parametrize("mode", ["structured_outputs", "response_format", "tools", "json_object"])
def test_request_body_per_structured_mode(mode: str) -> None:
    model = OpenAIChatModel("http://x/v1", "m", structured_output=mode)
    body = model.build_body(USER, DEMO_TOOL_SCHEMA, model.default_sampling)
    assert body["temperature"] == 0.2
    key = {
        "structured_outputs": "structured_outputs",
        "response_format": "response_format",
        "tools": "tool_choice",
        "json_object": "response_format",
    }[mode]
    assert key in body


def test_tools_reply_is_parsed_from_tool_call_arguments() -> None:
    model = OpenAIChatModel("http://x/v1", "m", structured_output="tools", prices=(5.0, 15.0))
    args = '{"name": "run_alloy_analyzer", "arguments": {"spec": "sig A {}", "command": "run {}"}}'
    data = {
        "choices": [
            {
                "message": {"content": None, "tool_calls": [{"function": {"arguments": args}}]},
                "finish_reason": "tool_calls",
            }
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 20},
    }
    result = model._result(data, DEMO_TOOL_SCHEMA, time.perf_counter())
    assert result.first.parsed["arguments"]["command"] == "run {}"
    assert result.cost_usd == pytest.approx((10 * 5 + 20 * 15) / 1e6)


def test_hosted_entry_needs_key(monkeypatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    model = get_model("gpt-4o", max_retries=0)
    with pytest.raises(ModelError, match="OPENAI_API_KEY"):
        model.chat(USER)
    assert os.environ.get("OPENAI_API_KEY") is None


def test_retry_after_is_honoured(monkeypatch) -> None:
    import httpx

    from fmrepair.serving import openai_backend

    assert openai_backend.retry_after("7") == 7.0 and openai_backend.retry_after(None) is None
    assert openai_backend.retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # a date in the past: now
    assert openai_backend.retry_after("soon") is None
    answers = iter([httpx.Response(429, headers={"Retry-After": "7"}, text="slow down"),
                    httpx.Response(200, json={"choices": [{"message": {"content": "hi"}}], "usage": {}})])
    slept: list[float] = []
    monkeypatch.setattr(openai_backend.time, "sleep", slept.append)
    model = OpenAIChatModel("http://127.0.0.1:1/v1", "m", max_retries=2, backoff=0.01, max_backoff=5.0)
    model._server_window = 4096  # no /v1/models probe
    model._client = httpx.Client(transport=httpx.MockTransport(lambda r: next(answers)))
    model.chat(USER)
    assert len(slept) == 1 and slept[0] == 7.0  # the server's wait, not the 0.01 s backoff
