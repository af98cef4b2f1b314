"""Per-model sampling profiles (serving/models.yaml): every backend sends the whole profile, so a vLLM
server never fills a field from the model's generation config and the served and in-process paths sample
alike; the in-process sampler applies top-k, min-p and the repetition penalty as vLLM does."""

from __future__ import annotations

import pytest

from fmrepair.serving import ChatMessage, Sampling
from fmrepair.serving.base import NEUTRAL, complete
from fmrepair.serving.config import resolve
from fmrepair.serving.openai_backend import OpenAIChatModel

USER = [ChatMessage(role="user", content="hi")]


def test_the_registry_holds_the_model_cards_profiles() -> None:
    qwen = resolve("qwen3-coder-30b-a3b").default_sampling()
    assert (qwen.temperature, qwen.top_p, qwen.top_k, qwen.repetition_penalty) == (0.7, 0.8, 20, 1.05)
    gemma = resolve("gemma-3-27b").default_sampling()
    assert (gemma.top_p, gemma.top_k) == (0.95, 64)
    small = resolve("qwen2.5-coder-0.5b").default_sampling()  # what every archived run used
    assert {k: getattr(small, k) for k in NEUTRAL} == NEUTRAL and small.temperature == 0.2
    assert "model card" in resolve("qwen3-coder-30b-a3b").sampling_source


def test_a_request_takes_the_profile_where_it_leaves_a_field_unset() -> None:
    profile = resolve("qwen3-coder-30b-a3b").default_sampling()
    s = complete(Sampling(temperature=0.2, max_tokens=99, top_p=0.5), profile)
    assert (s.temperature, s.max_tokens, s.top_p, s.top_k, s.repetition_penalty) == (0.2, 99, 0.5, 20, 1.05)
    assert complete(None, profile) == profile
    bare = complete(Sampling(), Sampling())  # no profile at all: vLLM's own neutral values
    assert {k: getattr(bare, k) for k in NEUTRAL} == NEUTRAL


def test_a_vllm_server_is_sent_every_field_and_a_hosted_api_only_what_it_knows() -> None:
    entry = resolve("qwen3-coder-30b-a3b")
    served = OpenAIChatModel("http://x/v1", "m", structured_output="structured_outputs",
                             default_sampling=entry.default_sampling())
    body = served.build_body(USER, None, Sampling(temperature=0.2, max_tokens=50))
    assert (body["temperature"], body["top_p"], body["top_k"], body["min_p"], body["repetition_penalty"]) == (
        0.2, 0.8, 20, 0.0, 1.05)
    neutral = OpenAIChatModel("http://x/v1", "m", structured_output="structured_outputs")
    assert neutral.build_body(USER, None, Sampling())["top_k"] == -1  # sent even when neutral
    hosted = OpenAIChatModel("http://x/v1", "m", structured_output="response_format")
    body = hosted.build_body(USER, None, Sampling())
    assert body["top_p"] == 1.0 and "top_k" not in body and "repetition_penalty" not in body


def test_the_served_command_leaves_nothing_to_the_generation_config() -> None:
    from fmrepair.serving.server import ServerConfig

    cmd = ServerConfig(model_path="/m", served_name="m").command("python")
    assert cmd[cmd.index("--generation-config") + 1] == "vllm"


def _row(**kw):  # noqa: ANN003, ANN202
    from fmrepair.serving.row_processors import RowSpec

    return RowSpec(None, 8, **kw)


def test_the_in_process_sampler_applies_top_k_min_p_and_the_repetition_penalty() -> None:
    torch = pytest.importorskip("torch")
    from fmrepair.serving.row_processors import RowLogitsProcessor

    logits = torch.tensor([[0.0, 3.0, 2.9, 2.8, -1.0]])
    for seed in range(20):  # top_k 1: always the likeliest token, whatever the seed
        proc = RowLogitsProcessor([_row(temperature=1.0, top_k=1, seed=seed)], None, set(), 0)
        out = proc(torch.tensor([[0]]), logits.clone())
        assert int(out[0].argmax()) == 1 and torch.isinf(out[0]).sum() == 4
    picked = set()
    for seed in range(40):  # min_p 0.5: tokens 1 to 3 stay possible, 0 and 4 never
        proc = RowLogitsProcessor([_row(temperature=1.0, min_p=0.5, seed=seed)], None, set(), 0)
        picked.add(int(proc(torch.tensor([[0]]), logits.clone())[0].argmax()))
    assert picked <= {1, 2, 3} and len(picked) > 1
    # the repetition penalty: seen tokens' positive logits divided, negative ones multiplied; pads skipped
    proc = RowLogitsProcessor([_row(temperature=0.0, repetition_penalty=2.0, start=1)], None, set(), 0)
    out = proc(torch.tensor([[2, 1, 4]]), logits.clone())
    assert out[0].tolist() == pytest.approx([0.0, 1.5, 2.9, 2.8, -2.0])  # token 2 is a pad (before start)
