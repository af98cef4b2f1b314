"""`fmrepair train lora`: peft LoRA with TRL's SFTTrainer on a build-data folder.

CPU path for small models (float32, optional thread count); on GPUs bf16, and several GPUs through
accelerate (``accelerate launch -m fmrepair.train lora ...``: the Trainer picks up the distributed
state). Checkpoints land in ``OUT/checkpoints`` (``--resume`` continues from the newest), every logged
step is appended to ``OUT/loss.jsonl``, and ``OUT/train_config.json`` holds the resolved configuration.
Offline: models load from local folders only, ``HF_HUB_OFFLINE=1``.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from fmrepair.train.config import LoraTrainConfig, as_dict

CONFIG_FILE, LOSS_FILE, CKPT_DIR = "train_config.json", "loss.jsonl", "checkpoints"


class TrainError(ValueError):
    pass


def base_model_dir(name: str) -> Path:
    """The local weights folder of a registry model (embedded models are built once) or a folder."""
    from fmrepair.serving.config import resolve

    entry = resolve(name)
    if entry.embedded:
        from fmrepair.serving.embedded import ensure_embedded

        return ensure_embedded(entry.embedded)
    path = entry.resolved_path()
    if path is None or not path.is_dir():
        raise TrainError(f"model {name!r} has no local weights folder ({path}); LoRA needs local weights")
    return path


def latest_checkpoint(out: Path) -> Path | None:
    ckpts = [p for p in (out / CKPT_DIR).glob("checkpoint-*") if p.name.split("-")[-1].isdigit()]
    return max(ckpts, key=lambda p: int(p.name.split("-")[-1])) if ckpts else None


def load_split(data: Path, name: str) -> Any:
    from datasets import Dataset

    path = data / name
    if not path.is_file():
        raise TrainError(f"{path} missing: run `fmrepair train build-data` first")
    if path.stat().st_size == 0:
        return None
    return Dataset.from_json(str(path)).select_columns(["prompt", "completion"])


def _callback(out: Path, total_hint: int) -> Any:
    from transformers import TrainerCallback

    class LossLog(TrainerCallback):
        """Append every log event to loss.jsonl and print one progress line (main process only)."""

        def __init__(self) -> None:
            self.started = time.monotonic()
            self.tokens = 0.0  # tokens trained on so far (the Trainer's running num_tokens)

        def on_train_begin(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
            self.started = time.monotonic()

        def on_log(self, args: Any, state: Any, control: Any, logs: dict[str, Any] | None = None, **kw: Any) -> None:
            if not state.is_world_process_zero or not logs:
                return
            row = {"step": state.global_step, "epoch": state.epoch, "time": time.time(), **logs}
            with open(out / LOSS_FILE, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            total = state.max_steps or total_hint
            loss = logs.get("loss", logs.get("eval_loss"))
            shown = f"loss {loss:.4f}" if isinstance(loss, float) else ", ".join(f"{k} {v}" for k, v in logs.items())
            el = time.monotonic() - self.started
            self.tokens = float(logs.get("num_tokens", self.tokens))
            rate = f", {self.tokens / el:.0f} tokens/s" if self.tokens and el > 0 else ""
            sys.stderr.write(f"[train] step {state.global_step}/{total} {shown} ({el:.0f} s{rate})\n")
            sys.stderr.flush()

    return LossLog()


def _versions() -> dict[str, str]:
    import importlib.metadata as md

    out = {}
    for pkg in ("fmrepair", "torch", "transformers", "peft", "trl", "datasets", "accelerate"):
        try:
            out[pkg] = md.version(pkg)
        except md.PackageNotFoundError:
            out[pkg] = "-"
    return out


def train_lora(cfg: LoraTrainConfig) -> dict[str, Any]:
    """Train (or resume) an adapter; returns the resolved config with the training metrics."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    out, data = Path(cfg.out), Path(cfg.data)
    ckpt = latest_checkpoint(out) if cfg.resume else None
    if cfg.resume and ckpt is None:
        raise TrainError(f"--resume: no checkpoint in {out / CKPT_DIR}")
    if not cfg.resume and (out / "adapter_model.safetensors").exists():
        raise TrainError(f"{out} already holds an adapter; use another --out or --resume")
    train_ds = load_split(data, "train.jsonl")
    if train_ds is None:
        raise TrainError(f"{data / 'train.jsonl'} is empty: no faithful repairs on the train side")
    eval_ds = load_split(data, "heldout.jsonl") if cfg.eval_heldout else None

    out.mkdir(parents=True, exist_ok=True)
    trainer = build_trainer(cfg, train_ds, eval_ds)
    steps_hint = cfg.max_steps if cfg.max_steps > 0 else int(len(train_ds) * cfg.epochs / cfg.batch_size)
    log = _callback(out, steps_hint)
    trainer.add_callback(log)
    started = time.monotonic()
    result = trainer.train(resume_from_checkpoint=str(ckpt) if ckpt else None)
    runtime = float(result.metrics.get("train_runtime") or 0)
    trainer.save_model(str(out))  # adapter_config.json + adapter_model.safetensors (what vLLM loads)
    resolved = {
        "config": as_dict(cfg),
        "base_dir": str(base_model_dir(cfg.base)),
        "resumed_from": str(ckpt) if ckpt else None,
        "device": "cpu" if trainer.args.use_cpu else "cuda",
        "world_size": trainer.args.world_size,
        "train_examples": len(train_ds),
        "data_card": _card_summary(data),
        "metrics": {
            **result.metrics,
            "global_step": result.global_step,
            "wall_s": time.monotonic() - started,
            "tokens": log.tokens,  # prompt and completion tokens trained on (padding excluded)
            "tokens_per_second": round(log.tokens / runtime, 1) if runtime else None,
        },
        "versions": _versions(),
    }
    if trainer.is_world_process_zero():
        (out / CONFIG_FILE).write_text(json.dumps(resolved, indent=2, default=str), encoding="utf-8")
    return resolved


def build_trainer(cfg: LoraTrainConfig, train_ds: Any, eval_ds: Any = None) -> Any:
    """TRL's SFTTrainer over the base with a LoRA config, as ``cfg`` says (the model loaded, nothing trained)."""
    import torch
    from peft import LoraConfig
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from trl import SFTConfig, SFTTrainer

    cuda = torch.cuda.is_available()
    if not cuda and cfg.threads:
        torch.set_num_threads(cfg.threads)
    base_dir = base_model_dir(cfg.base)
    tokenizer = AutoTokenizer.from_pretrained(base_dir, local_files_only=True)
    dtype = torch.bfloat16 if cuda else torch.float32
    model = AutoModelForCausalLM.from_pretrained(base_dir, dtype=dtype, local_files_only=True, **_quantized(cfg, dtype))
    if cfg.qlora:  # frozen 4-bit base: layer norms in float32, inputs that carry gradients (QLoRA)
        from peft import prepare_model_for_kbit_training

        model = prepare_model_for_kbit_training(model, use_gradient_checkpointing=cfg.gradient_checkpointing)
    targets: str | list[str] = cfg.target_modules
    if targets != "all-linear":
        targets = [t.strip() for t in targets.split(",") if t.strip()]
    peft_config = LoraConfig(
        r=cfg.rank, lora_alpha=cfg.alpha, lora_dropout=cfg.dropout, target_modules=targets, task_type="CAUSAL_LM"
    )
    args = SFTConfig(
        output_dir=str(Path(cfg.out) / CKPT_DIR),
        per_device_train_batch_size=cfg.batch_size,
        gradient_accumulation_steps=cfg.grad_accum,
        learning_rate=cfg.lr,
        lr_scheduler_type=cfg.lr_scheduler,
        num_train_epochs=cfg.epochs,
        max_steps=cfg.max_steps,
        max_length=cfg.max_length,
        packing=cfg.packing,
        logging_steps=cfg.logging_steps,
        save_strategy="steps",
        save_steps=cfg.save_steps,
        save_total_limit=cfg.save_total_limit,
        eval_strategy="epoch" if eval_ds is not None else "no",
        seed=cfg.seed,
        use_cpu=not cuda,
        bf16=cuda,
        activation_checkpointing=cfg.gradient_checkpointing,
        report_to="none",
        disable_tqdm=True,
        dataloader_num_workers=0,
    )
    return SFTTrainer(
        model=model,
        args=args,
        train_dataset=train_ds,
        eval_dataset=eval_ds,
        processing_class=tokenizer,
        peft_config=peft_config,
    )


def _quantized(cfg: LoraTrainConfig, dtype: Any) -> dict[str, Any]:
    """``from_pretrained`` arguments that load the base in 4-bit NF4 with double quantization (QLoRA,
    bitsandbytes), each process on its own device; none without ``qlora``."""
    if not cfg.qlora:
        return {}
    import torch
    from transformers import BitsAndBytesConfig

    quant = BitsAndBytesConfig(
        load_in_4bit=True, bnb_4bit_quant_type="nf4", bnb_4bit_use_double_quant=True, bnb_4bit_compute_dtype=dtype
    )
    device: int | str = int(os.environ.get("LOCAL_RANK", "0")) if torch.cuda.is_available() else "cpu"
    return {"quantization_config": quant, "device_map": {"": device}}


def _card_summary(data: Path) -> dict[str, Any]:
    from fmrepair.train.card import read_card

    card = read_card(data)
    return {k: card.get(k) for k in ("split_rule", "counts", "files")} if card else {}
