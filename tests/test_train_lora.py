"""A tiny real LoRA run on SmolLM2-135M (CPU, a few steps, short examples): the adapter weights change,
the run resumes from its checkpoint, and the adapter reloads in-process (AdapterChatModel) and through
peft with the saved weights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("peft")
pytest.importorskip("trl")

from fmrepair.serving.embedded import is_converted, parts_available  # noqa: E402
from fmrepair.train.build import save_jsonl  # noqa: E402
from fmrepair.train.config import LoraTrainConfig  # noqa: E402
from fmrepair.train.lora import (  # noqa: E402
    CONFIG_FILE,
    LOSS_FILE,
    TrainError,
    build_trainer,
    latest_checkpoint,
    load_split,
    train_lora,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (is_converted("smollm2-135m") or parts_available("smollm2-135m")),
        reason="embedded smollm2-135m not installed (scripts/install_models.sh)",
    ),
]


def tiny_data(folder: Path) -> Path:
    folder.mkdir()
    rows = [
        {
            "prompt": [{"role": "user", "content": f"Fix pred inv{i} in sig S{i}."}],
            "completion": [{"role": "assistant", "content": json.dumps({"paragraph": f"pred inv{i}", "body": "no S"})}],
        }
        for i in range(4)
    ]
    save_jsonl(rows, folder / "train.jsonl")
    save_jsonl([], folder / "heldout.jsonl")
    return folder


def adapter_tensors(folder: Path) -> dict:
    from safetensors.torch import load_file

    return load_file(str(folder / "adapter_model.safetensors"))


def test_lora_trains_resumes_and_reloads(tmp_path):
    data, out = tiny_data(tmp_path / "data"), tmp_path / "adapter"
    cfg = LoraTrainConfig(
        base="smollm2-135m", data=str(data), out=str(out), rank=4, alpha=8, lr=1e-3, lr_scheduler="constant",
        max_steps=2, save_steps=2, max_length=128, threads=1,
    )  # fmt: skip
    first = train_lora(cfg)
    assert first["metrics"]["global_step"] == 2 and first["resumed_from"] is None
    assert first["metrics"]["tokens"] > 0 and first["metrics"]["tokens_per_second"] > 0  # throughput is reported
    saved = adapter_tensors(out)
    b = [v for k, v in saved.items() if "lora_B" in k]
    assert b and any(float(v.abs().sum()) > 0 for v in b), "lora_B starts at zero: training must move it"
    config = json.loads((out / CONFIG_FILE).read_text())
    assert config["config"]["rank"] == 4 and config["base_dir"].endswith("smollm2-135m")
    assert json.loads((out / "adapter_config.json").read_text())["r"] == 4
    losses = [json.loads(x) for x in (out / LOSS_FILE).read_text().splitlines()]
    assert [r["step"] for r in losses if "loss" in r] == [1, 2]
    assert latest_checkpoint(out).name == "checkpoint-2"

    with pytest.raises(TrainError, match="already holds an adapter"):
        train_lora(cfg)
    resumed = train_lora(LoraTrainConfig(**{**vars(cfg), "max_steps": 3, "resume": True}))
    assert resumed["resumed_from"].endswith("checkpoint-2") and resumed["metrics"]["global_step"] == 3
    losses = [json.loads(x) for x in (out / LOSS_FILE).read_text().splitlines()]
    assert [r["step"] for r in losses if "loss" in r] == [1, 2, 3]  # step 3 only: 1-2 were not redone
    after = adapter_tensors(out)
    assert any(not after[k].equal(saved[k]) for k in saved), "the resumed step must change the adapter"

    # reload: peft sees the saved weights; the in-process ChatModel merges them into the base
    import torch
    from peft import PeftModel
    from transformers import AutoModelForCausalLM

    from fmrepair.train.adapter import AdapterChatModel
    from fmrepair.train.lora import base_model_dir

    base = AutoModelForCausalLM.from_pretrained(base_model_dir("smollm2-135m"), dtype=torch.float32)
    ids = torch.tensor([[1, 2, 3, 4, 5]])
    with torch.no_grad():
        plain = base(ids).logits
    peft_model = PeftModel.from_pretrained(base, str(out))
    state = {k: v for k, v in peft_model.state_dict().items() if "lora_" in k}
    assert len(state) == len(after) and all(any(v.equal(w) for w in after.values()) for v in state.values())
    chat = AdapterChatModel.from_registry("smollm2-135m", out)
    chat._load()
    with torch.no_grad():
        merged = chat._model(ids).logits
    assert not torch.allclose(plain, merged, atol=1e-6), "the adapter must change the model's outputs"


def test_packed_examples_attend_to_themselves_only(tmp_path):
    """--packing: the four examples share one block without padding, and each one's logits in the block are
    its logits alone (restarted position ids give a block-diagonal mask; without it, later examples would
    attend to earlier ones)."""
    import torch

    data = tiny_data(tmp_path / "data")
    cfg = LoraTrainConfig(base="smollm2-135m", data=str(data), out=str(tmp_path / "a"), rank=4, packing=True,
                          max_length=512, threads=1)
    trainer = build_trainer(cfg, load_split(data, "train.jsonl"))
    batch = next(iter(trainer.get_train_dataloader()))
    ids, pos = batch["input_ids"].cpu(), batch["position_ids"].cpu()
    starts = (pos[0] == 0).nonzero().flatten().tolist()
    assert ids.shape[0] == 1 and len(starts) == 4, "four short examples fit one block"
    model = trainer.model.eval()
    with torch.no_grad():
        packed = model(input_ids=ids, position_ids=pos, use_cache=False).logits[0]
        for a, b in zip(starts, [*starts[1:], ids.shape[1]], strict=True):
            alone = model(input_ids=ids[:, a:b], use_cache=False).logits[0]
            assert torch.allclose(packed[a:b], alone, atol=1e-3)


@pytest.mark.long
def test_qlora_trains_on_a_4bit_base(tmp_path):
    """--qlora: the frozen base is loaded in 4-bit NF4 (bitsandbytes; its CPU path here, CUDA on a node), the
    adapter trains on top, and what is saved is a plain LoRA adapter (served on the unquantized base)."""
    pytest.importorskip("bitsandbytes")
    data, out = tiny_data(tmp_path / "data"), tmp_path / "adapter"
    res = train_lora(LoraTrainConfig(base="smollm2-135m", data=str(data), out=str(out), rank=4, alpha=8, lr=1e-3,
                                     max_steps=1, save_steps=5, max_length=128, qlora=True))  # fmt: skip
    assert res["config"]["qlora"] and res["metrics"]["global_step"] == 1
    saved = adapter_tensors(out)
    assert saved and all(v.dtype.is_floating_point for v in saved.values())  # LoRA A/B only, no 4-bit weights
    assert any(float(v.abs().sum()) > 0 for k, v in saved.items() if "lora_B" in k)
    assert "quantization" not in json.loads((out / "adapter_config.json").read_text())
