"""ScriptedModel, the registry and the factory: fast, no model weights."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from fmrepair.serving import ChatMessage, ModelError, Sampling, ScriptedModel, get_model
from fmrepair.serving.base import ChatModel
from fmrepair.serving.config import load_registry, resolve
from fmrepair.serving.toolcall import DEMO_TOOL_SCHEMA, tools_schema

USER = [ChatMessage(role="user", content="fix it")]
CALL = {"name": "run_alloy_analyzer", "arguments": {"spec": "sig A {}", "command": "run {}"}}


def test_scripted_replays_in_order_and_records_calls() -> None:
    model = ScriptedModel([CALL, "plain text"])
    assert isinstance(model, ChatModel)
    first = model.chat(USER, DEMO_TOOL_SCHEMA)
    assert first.first.parsed == CALL and first.first.parse_error is None
    second = model.chat(USER)
    assert second.first.text == "plain text" and second.first.parsed is None
    assert [c["schema"] for c in model.calls] == [DEMO_TOOL_SCHEMA, None]
    with pytest.raises(ModelError, match="ran out"):
        model.chat(USER)


def test_scripted_reports_schema_violations_like_a_real_backend() -> None:
    model = ScriptedModel(['{"name": "other", "arguments": {}}', "not json"])
    bad = model.chat(USER, DEMO_TOOL_SCHEMA).first
    assert bad.parsed is None and "schema violation" in (bad.parse_error or "")
    broken = model.chat(USER, DEMO_TOOL_SCHEMA).first
    assert broken.parsed is None and "invalid JSON" in (broken.parse_error or "")


def test_scripted_async_and_n() -> None:
    model = ScriptedModel([CALL], cycle=True)
    result = asyncio.run(model.achat(USER, DEMO_TOOL_SCHEMA, Sampling(n=3)))
    assert [c.parsed for c in result.completions] == [CALL] * 3
    assert result.usage.completion_tokens > 0


def test_get_model_scripted_via_registry() -> None:
    model = get_model("scripted", outputs=[CALL])
    assert isinstance(model, ScriptedModel)
    assert model.chat(USER, DEMO_TOOL_SCHEMA).first.parsed == CALL


def test_registry_entries_and_prices() -> None:
    registry = load_registry()
    for name in [
        "qwen2.5-coder-0.5b",
        "smollm2-135m",
        "qwen3-coder-30b-a3b",
        "gemma-3-27b",
        "gpt-4o",
        "gpt-4-turbo",
        "gpt-3.5-turbo",
    ]:
        assert name in registry
        # the GPU models' own temperature follows their model cards (tests/test_sampling_profile.py); a
        # run's temperature is the run's setting either way
        assert registry[name].temperature == {"qwen3-coder-30b-a3b": 0.7, "gemma-3-27b": 1.0}.get(name, 0.2)
    assert (registry["gpt-4o"].price_input_per_1m, registry["gpt-4o"].price_output_per_1m) == (5.0, 15.0)
    assert registry["gpt-3.5-turbo"].context_window == 16385
    assert registry["gpt-4o"].cost(1_000_000, 1_000_000) == pytest.approx(20.0)


def test_user_override_file(tmp_path, monkeypatch) -> None:
    override = tmp_path / "models.yaml"
    override.write_text(
        "models:\n  gpt-4o: {base_url: 'http://example.invalid/v1'}\n"
        "  mine: {backend: openai, base_url: 'http://127.0.0.1:1/v1', model_id: m}\n"
    )
    monkeypatch.setenv("FMREPAIR_MODELS", str(override))
    registry = load_registry()
    assert registry["gpt-4o"].base_url == "http://example.invalid/v1"
    assert registry["gpt-4o"].price_output_per_1m == 15.0  # merged, not replaced
    assert resolve("mine", max_tokens=7).max_tokens == 7


def test_unknown_model_lists_known_names() -> None:
    with pytest.raises(KeyError, match="smollm2-135m"):
        get_model("no-such-model")


def test_tools_schema_union() -> None:
    schema = tools_schema({"a": {"type": "object"}, "b": {"type": "object"}})
    assert len(schema["anyOf"]) == 2


def test_cli_is_light_and_lists_models() -> None:
    code = (
        "import sys, fmrepair.serving, fmrepair.serving.cli;"
        "heavy = [m for m in ('torch', 'transformers', 'outlines', 'vllm', 'httpx') if m in sys.modules];"
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    listed = subprocess.run(
        [sys.executable, "-m", "fmrepair", "models", "list", "--json"], capture_output=True, text=True, check=True
    )
    names = {m["name"] for m in json.loads(listed.stdout)["models"]}
    assert {"smollm2-135m", "gpt-4o"} <= names


def test_embedded_join_rejects_wrong_sha256(tmp_path) -> None:
    from fmrepair.serving.embedded import EmbeddedSpec, join_and_verify

    spec = EmbeddedSpec("fake", (("fmrepair.serving", "models.yaml"),), "0" * 64, "fake.gguf", "n/a")
    with pytest.raises(ModelError, match="sha256 mismatch"):
        join_and_verify(spec, tmp_path / "fake.gguf")
    assert not (tmp_path / "fake.gguf").exists()
