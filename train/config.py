"""Config dataclasses for `fmrepair train` (TRL style: every field carries its help text).

Light at import: no torch, transformers or datasets here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

SplitRule = Literal["temporal", "family", "random"]


def _f(default: Any, help: str, **kw: Any) -> Any:  # noqa: A002 - TRL's field name
    if isinstance(default, list):
        return field(default_factory=lambda: list(default), metadata={"help": help, **kw})
    return field(default=default, metadata={"help": help, **kw})


@dataclass
class BuildDataConfig:
    """`fmrepair train build-data`: SFT examples from run logs, split into train and held-out tasks."""

    runs: list[str] = _f([], "Run folders written by `fmrepair bench run` (or `repair` with a log).")
    out: str = _f("", "Output folder: train.jsonl, heldout.jsonl, card.json, README.md.")
    split: SplitRule = _f("family", "temporal (needs dated tasks) | family (--holdout) | random (grouped).")
    cutoff: str | None = _f(None, "temporal: ISO date; tasks dated on or after it are held out.")
    holdout: list[str] = _f([], "family: the families held out (never trained on).")
    seed: int = _f(0, "random: seed of the group shuffle.")
    heldout_fraction: float = _f(0.2, "random: fraction of tasks (whole groups) held out.")
    group_by: Literal["family", "exercise", "task"] = _f(
        "family",
        "random: unit of assignment. Alloy4Fun tasks of one family share the model text, so finer groups "
        "usually put reference text on both sides and the leakage check refuses them.",
    )
    include_search: bool = _f(
        True,
        "Also use faithful repairs found by search (mutate/hybrid), whose attempts carry no messages: the "
        "prompt is the agent's first-turn prompt re-rendered for the task, the target the paragraph-form "
        "tool call rebuilt from the candidate (provenance 'search-synthesized').",
    )
    require_equivalent: bool = _f(True, "Drop faithful repairs scored as not equivalent (unscored ones stay).")
    prompt_view: Literal["full", "compact"] = _f(
        "full",
        "What search-synthesized prompts show of the specification, as the run config's prompt_view: full | "
        "compact (declarations, facts, the editable paragraphs and what they use). Evaluate with the same view.",
    )
    min_reference_chars: int = _f(16, "Leakage check: shortest normalized reference body searched for.")


@dataclass
class LoraTrainConfig:
    """`fmrepair train lora`: peft LoRA on the SFT data with TRL's SFTTrainer (accelerate-aware)."""

    base: str = _f("smollm2-135m", "Base model: a registry name (embedded or local path) or a weights folder.")
    data: str = _f("", "Folder written by `train build-data` (its train.jsonl is used).")
    out: str = _f("", "Adapter folder: adapter weights, train_config.json, loss.jsonl, checkpoints/.")
    rank: int = _f(16, "LoRA rank r (vLLM serves up to --max-lora-rank, 16 by default).")
    alpha: int = _f(32, "LoRA alpha (scaling alpha / r).")
    dropout: float = _f(0.05, "LoRA dropout.")
    target_modules: str = _f("all-linear", "Modules to adapt: 'all-linear' or a comma-separated list.")
    lr: float = _f(2e-4, "Learning rate.")
    lr_scheduler: str = _f("linear", "Learning-rate schedule (transformers name: linear, cosine, constant, ...).")
    epochs: float = _f(1.0, "Epochs over train.jsonl (ignored when --max-steps > 0).")
    max_steps: int = _f(-1, "Stop after this many optimizer steps (-1: use --epochs).")
    batch_size: int = _f(1, "Examples per device per step.")
    grad_accum: int = _f(1, "Gradient accumulation steps.")
    max_length: int = _f(2048, "Truncate examples to this many tokens.")
    save_steps: int = _f(50, "Checkpoint every this many steps (for --resume).")
    save_total_limit: int = _f(2, "Keep at most this many checkpoints.")
    logging_steps: int = _f(1, "Log loss every this many steps (loss.jsonl).")
    seed: int = _f(0, "Training seed.")
    threads: int | None = _f(None, "CPU: torch threads (default: torch's choice).")
    gradient_checkpointing: bool = _f(False, "Trade compute for memory (useful on GPUs for big bases).")
    packing: bool = _f(
        False,
        "Pack examples into blocks of --max-length tokens (best-fit decreasing, no padding); restarted position ids "
        "keep each example attending to itself only. --batch-size then counts blocks.",
    )
    qlora: bool = _f(
        False,
        "QLoRA: load the frozen base in 4-bit NF4 (bitsandbytes) and train the LoRA adapter on top; a 30B-class "
        "base then fits one GPU. The adapter is a plain LoRA adapter, served on the unquantized base.",
    )
    resume: bool = _f(False, "Continue from the newest checkpoint in OUT/checkpoints.")
    eval_heldout: bool = _f(False, "Also report the loss on heldout.jsonl (examples of held-out tasks).")


@dataclass
class TrainEvalConfig:
    """`fmrepair train eval`: the same bench with and without the adapter, then the paired comparison."""

    base: str = _f("qwen2.5-coder-0.5b", "Base model registry name.")
    adapter: str = _f("", "Adapter folder written by `train lora`.")
    suite: str = _f("alloy4fun", "Suite to evaluate on.")
    out: str = _f("", "Output folder: base/ and adapter/ run logs, merged/ weights, comparison.json/.md.")
    root: str | None = _f(None, "Benchmark root (default: the suite's).")
    mode: str | None = _f(None, "Suite mode.")
    ids_from: str | None = _f(None, "DATA:heldout: the held-out task ids of a build-data folder.")
    ids: list[str] = _f([], "Explicit task ids (instead of or on top of --ids-from).")
    limit: int | None = _f(None, "Only the first N of the selected ids (sorted).")
    strategy: str = _f("single-gf", "Repair strategy (both runs).")
    k: int = _f(1, "Iterations per task (both runs).")
    temperature: float = _f(0.0, "Sampling temperature (both runs; 0: greedy).")
    max_new_tokens: int = _f(200, "Tokens per answer (both runs).")
    prompt_view: Literal["full", "compact"] = _f(
        "full", "What the model is shown (both runs): full | compact, as the data was built (build-data --prompt-view)."
    )
    seed: int = _f(0, "Seed (both runs).")
    workers: int = _f(1, "Tasks in parallel.")
    timeout: float = _f(30.0, "Verifier timeout per check.")


def as_dict(cfg: Any) -> dict[str, Any]:
    return dataclasses.asdict(cfg)


def help_of(cls: type, name: str) -> str:
    """The help text of a field (used by the CLI so the two never drift apart)."""
    for f in dataclasses.fields(cls):
        if f.name == name:
            return str(f.metadata.get("help", ""))
    raise KeyError(name)
