"""`fmrepair train build-data | lora | eval`. Light at import: torch, peft and TRL load inside commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from fmrepair.train.config import BuildDataConfig as B
from fmrepair.train.config import LoraTrainConfig as L
from fmrepair.train.config import TrainEvalConfig as E
from fmrepair.train.config import help_of

train_app = typer.Typer(
    help="Fine-tune on faithful verifier-accepted repairs: build data, train LoRA, evaluate the adapter.",
    no_args_is_help=True,
)


def _fail(msg: str) -> None:
    typer.echo(f"fmrepair train: {msg}", err=True)
    raise typer.Exit(2)


def _csv(values: list[str] | None) -> list[str]:
    return [x.strip() for v in values or [] for x in v.split(",") if x.strip()]


@train_app.command("build-data")
def build_data_cmd(
    runs: list[Path] = typer.Argument(..., help=help_of(B, "runs")),
    out: Path = typer.Option(..., help=help_of(B, "out")),
    split: str = typer.Option("family", help=help_of(B, "split")),
    cutoff: str | None = typer.Option(None, help=help_of(B, "cutoff")),
    holdout: list[str] | None = typer.Option(None, help=help_of(B, "holdout") + " Comma-separated or repeated."),
    seed: int = typer.Option(0, help=help_of(B, "seed")),
    heldout_fraction: float = typer.Option(0.2, help=help_of(B, "heldout_fraction")),
    group_by: str = typer.Option("family", help=help_of(B, "group_by")),
    include_search: bool = typer.Option(True, help=help_of(B, "include_search")),
    require_equivalent: bool = typer.Option(True, help=help_of(B, "require_equivalent")),
    min_reference_chars: int = typer.Option(16, help=help_of(B, "min_reference_chars")),
    prompt_view: str = typer.Option("full", help=help_of(B, "prompt_view")),
) -> None:
    """SFT examples (prompt = messages as sent, target = the accepted tool call) with a held-out split,
    a leakage check that fails loudly, and a data card."""
    import os

    from fmrepair.inputs import InputError
    from fmrepair.registry import UnknownName
    from fmrepair.train.build import build_data
    from fmrepair.train.data import DataError
    from fmrepair.train.leakage import LeakageError
    from fmrepair.train.splits import SplitError

    os.environ.setdefault("HF_DATASETS_DISABLE_PROGRESS_BARS", "1")
    if split not in ("temporal", "family", "random") or group_by not in ("family", "exercise", "task"):
        _fail("--split must be temporal | family | random and --group-by family | exercise | task")
    if prompt_view not in ("full", "compact"):
        _fail("--prompt-view must be full | compact")
    cfg = B(
        runs=[str(r) for r in runs],
        out=str(out),
        split=split,  # type: ignore[arg-type]
        cutoff=cutoff,
        holdout=_csv(holdout),
        seed=seed,
        heldout_fraction=heldout_fraction,
        group_by=group_by,  # type: ignore[arg-type]
        include_search=include_search,
        require_equivalent=require_equivalent,
        min_reference_chars=min_reference_chars,
        prompt_view=prompt_view,  # type: ignore[arg-type]
    )
    try:
        card = build_data(cfg)
    except (DataError, SplitError, LeakageError, InputError, UnknownName, FileNotFoundError) as e:
        _fail(str(e))
        return
    sys.stdout.write((out / "README.md").read_text(encoding="utf-8"))
    typer.echo(f"wrote {out} ({card['counts']['train_examples']} train examples)", err=True)


@train_app.command("lora")
def lora_cmd(
    base: str = typer.Option(..., help=help_of(L, "base")),
    data: Path = typer.Option(..., help=help_of(L, "data")),
    out: Path = typer.Option(..., help=help_of(L, "out")),
    rank: int = typer.Option(16, help=help_of(L, "rank")),
    alpha: int = typer.Option(32, help=help_of(L, "alpha")),
    dropout: float = typer.Option(0.05, help=help_of(L, "dropout")),
    target_modules: str = typer.Option("all-linear", help=help_of(L, "target_modules")),
    lr: float = typer.Option(2e-4, help=help_of(L, "lr")),
    lr_scheduler: str = typer.Option("linear", help=help_of(L, "lr_scheduler")),
    epochs: float = typer.Option(1.0, help=help_of(L, "epochs")),
    max_steps: int = typer.Option(-1, help=help_of(L, "max_steps")),
    batch_size: int = typer.Option(1, help=help_of(L, "batch_size")),
    grad_accum: int = typer.Option(1, help=help_of(L, "grad_accum")),
    max_length: int = typer.Option(2048, help=help_of(L, "max_length")),
    save_steps: int = typer.Option(50, help=help_of(L, "save_steps")),
    logging_steps: int = typer.Option(1, help=help_of(L, "logging_steps")),
    seed: int = typer.Option(0, help=help_of(L, "seed")),
    threads: int | None = typer.Option(None, help=help_of(L, "threads")),
    gradient_checkpointing: bool = typer.Option(False, help=help_of(L, "gradient_checkpointing")),
    packing: bool = typer.Option(False, help=help_of(L, "packing")),
    qlora: bool = typer.Option(False, help=help_of(L, "qlora")),
    resume: bool = typer.Option(False, "--resume", help=help_of(L, "resume")),
    eval_heldout: bool = typer.Option(False, help=help_of(L, "eval_heldout")),
) -> None:
    """Train a LoRA adapter (CPU for small models; `accelerate launch -m fmrepair.train lora ...` for GPUs)."""
    from fmrepair.train.lora import TrainError, train_lora

    cfg = L(
        base=base,
        data=str(data),
        out=str(out),
        rank=rank,
        alpha=alpha,
        dropout=dropout,
        target_modules=target_modules,
        lr=lr,
        lr_scheduler=lr_scheduler,
        epochs=epochs,
        max_steps=max_steps,
        batch_size=batch_size,
        grad_accum=grad_accum,
        max_length=max_length,
        save_steps=save_steps,
        logging_steps=logging_steps,
        seed=seed,
        threads=threads,
        gradient_checkpointing=gradient_checkpointing,
        packing=packing,
        qlora=qlora,
        resume=resume,
        eval_heldout=eval_heldout,
    )
    try:
        resolved = train_lora(cfg)
    except (TrainError, FileNotFoundError) as e:
        _fail(str(e))
        return
    sys.stdout.write(json.dumps(resolved["metrics"], indent=2, default=str) + "\n")
    typer.echo(f"adapter in {out} (config: {out / 'train_config.json'}, losses: {out / 'loss.jsonl'})", err=True)


@train_app.command("eval")
def eval_cmd(
    base: str = typer.Option(..., help=help_of(E, "base")),
    adapter: Path = typer.Option(..., help=help_of(E, "adapter")),
    suite: str = typer.Option(..., help=help_of(E, "suite")),
    out: Path = typer.Option(..., help=help_of(E, "out")),
    root: str | None = typer.Option(None, help=help_of(E, "root")),
    mode: str | None = typer.Option(None, help=help_of(E, "mode")),
    ids_from: str | None = typer.Option(None, help=help_of(E, "ids_from")),
    ids: list[str] | None = typer.Option(None, "--ids", help=help_of(E, "ids")),
    limit: int | None = typer.Option(None, help=help_of(E, "limit")),
    strategy: str = typer.Option("single-gf", help=help_of(E, "strategy")),
    k: int = typer.Option(1, min=1, help=help_of(E, "k")),
    temperature: float = typer.Option(0.0, help=help_of(E, "temperature")),
    max_new_tokens: int = typer.Option(200, help=help_of(E, "max_new_tokens")),
    prompt_view: str = typer.Option("full", help=help_of(E, "prompt_view")),
    seed: int = typer.Option(0, help=help_of(E, "seed")),
    workers: int = typer.Option(1, min=1, help=help_of(E, "workers")),
    timeout: float = typer.Option(30.0, help=help_of(E, "timeout")),
    fmt: str = typer.Option("md", "--format", help="md | json"),
) -> None:
    """Bench base and base+adapter on the same held-out tasks; print the paired comparison."""
    from fmrepair.train.evaluate import evaluate, markdown

    cfg = E(
        base=base,
        adapter=str(adapter),
        suite=suite,
        out=str(out),
        root=root,
        mode=mode,
        ids_from=ids_from,
        ids=list(ids or []),
        limit=limit,
        strategy=strategy,
        k=k,
        temperature=temperature,
        max_new_tokens=max_new_tokens,
        prompt_view=prompt_view,  # type: ignore[arg-type]
        seed=seed,
        workers=workers,
        timeout=timeout,
    )
    try:
        report = evaluate(cfg)
    except (ValueError, KeyError, FileNotFoundError) as e:
        _fail(str(e))
        return
    if fmt == "json":
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(markdown(report["comparison"], str(out / "base"), str(out / "adapter")))


@train_app.command("ranker")
def ranker_cmd(
    runs: list[Path] = typer.Option(..., "--runs", help="development-split run folders (repeatable)"),
    out: Path = typer.Option(..., help="the ranker file to write (JSON)"),
    l2: float = typer.Option(1.0, help="L2 penalty"),
    loc_weight: float = typer.Option(1.0, help="search order key = localization score + this x probability"),
) -> None:
    """The search ranker (docs/train.md "Search ranker"): logistic regression over checked candidates."""
    from fmrepair.train.ranker import RankerTrainConfig, train_ranker
    from fmrepair.train.ranker_data import HeldOutRunError

    try:
        spec = train_ranker(RankerTrainConfig(runs=[str(r) for r in runs], out=str(out), l2=l2, loc_weight=loc_weight))
    except (HeldOutRunError, FileNotFoundError, ValueError) as e:
        _fail(str(e))
        return
    sys.stdout.write(json.dumps(spec.metrics, indent=1) + "\n")
    typer.echo(f"wrote {out} ({len(spec.features)} features, data {spec.data_sha256[:12]})", err=True)


def register(app: typer.Typer) -> None:
    app.add_typer(train_app, name="train")
