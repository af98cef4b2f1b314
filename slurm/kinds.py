"""The job kinds of `fmrepair slurm render|submit`: their command-line options and how each becomes
a ``Job`` (cluster settings, resources, paths). Light at import: ``.jobs`` is imported inside."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any, NoReturn, Protocol

import typer

from fmrepair.registry import LazyRegistry
from fmrepair.slurm.config import Resources, SlurmConfig
from fmrepair.slurm.render import Job
from fmrepair.slurm.shard import Selection

# options every job kind takes
ConfigOpt = Annotated[Path | None, typer.Option("--config", help="Cluster settings (default $FMREPAIR_SLURM).")]
RunDirOpt = Annotated[Path, typer.Option("--run-dir", help="Folder for this job's logs, scripts and outputs.")]
PartitionOpt = Annotated[str | None, typer.Option("--partition", help="Override the config's partition.")]
AccountOpt = Annotated[str | None, typer.Option("--account", help="Override the config's account.")]
QosOpt = Annotated[str | None, typer.Option("--qos", help="Override the config's QOS.")]
TimeOpt = Annotated[str | None, typer.Option("--time", help="Wall-time limit (default: the config's).")]
GpusOpt = Annotated[int | None, typer.Option("--gpus", min=0, help="GPUs; 0 renders the --gres line disabled.")]
CpusOpt = Annotated[int | None, typer.Option("--cpus", min=1, help="CPUs per task.")]
MemOpt = Annotated[str | None, typer.Option("--mem", help="Memory per node, e.g. 32G.")]
DependencyOpt = Annotated[str | None, typer.Option("--dependency", help="SLURM dependency, e.g. afterok:1234.")]
# which tasks a benchmark covers
RootOpt = Annotated[str | None, typer.Option("--root", help="Benchmark root laid out like the suite's folder.")]
ModeOpt = Annotated[str | None, typer.Option("--mode", help="frozen | hidden (ARepair).")]
FamilyOpt = Annotated[list[str] | None, typer.Option("--family", help="Only these families (repeatable).")]
LimitOpt = Annotated[int | None, typer.Option("--limit", help="Only the first N tasks.")]
IdsOpt = Annotated[list[str] | None, typer.Option("--ids", help="Only these task ids (repeatable).")]


def fail(msg: str, code: int = 2) -> NoReturn:
    typer.echo(f"fmrepair slurm: {msg}", err=True)
    raise typer.Exit(code)


def cluster_config(config: Path | None, partition: str | None, account: str | None, qos: str | None) -> SlurmConfig:
    from fmrepair.slurm.config import load_config

    try:
        cfg = load_config(config)
    except (OSError, ValueError) as e:
        fail(str(e))
    overrides = {"partition": partition, "account": account, "qos": qos}
    return cfg.model_copy(update={k: v for k, v in overrides.items() if v is not None})


def _setup(
    kind: str,
    config: Path | None,
    partition: str | None,
    account: str | None,
    qos: str | None,
    time: str | None,
    gpus: int | None,
    cpus: int | None,
    mem: str | None,
) -> tuple[SlurmConfig, Resources]:
    """The cluster settings and one job kind's resources, with the command line's overrides."""
    from fmrepair.slurm.jobs import resources

    cfg = cluster_config(config, partition, account, qos)
    return cfg, resources(cfg, kind, time=time, gpus=gpus, cpus=cpus, mem=mem)


def make_selection(
    suite: str, root: str | None, mode: str | None, family: list[str] | None, limit: int | None, ids: list[str] | None
) -> Selection:
    return Selection(suite=suite, root=root, mode=mode, family=family or [], limit=limit, ids=ids or [])


def check_engine(model: str, gpus: int, served: bool) -> None:
    """Warn when array tasks would load a GPU-only model without GPUs."""
    if served or gpus:
        return
    try:
        from fmrepair.serving.config import resolve

        backend = resolve(model).backend
    except Exception:  # noqa: BLE001 - an unknown name is the bench run's error to report
        return
    if backend == "vllm":
        typer.echo(
            f"warning: model {model} runs on vLLM but the array tasks get no GPU: "
            "pass --gpus N (own engine) or serve it (--serve-job / submit-bench --serve)",
            err=True,
        )


def absolute_path(path: Path) -> Path:
    return Path(os.path.abspath(path.expanduser()))


# --- the job kinds: each returns (job, cluster config); `render` prints it, `submit` sbatches it ---


def serve_kind(
    model: Annotated[str, typer.Option("--model", help="Registry name with local weights.")],
    run_dir: RunDirOpt,
    port: Annotated[int, typer.Option("--port", help="0: a free port on the node.")] = 0,
    lora: Annotated[list[str] | None, typer.Option("--lora", help="Adapter NAME=PATH (repeatable).")] = None,
    max_model_len: Annotated[int | None, typer.Option("--max-model-len")] = None,
    vllm_arg: Annotated[list[str] | None, typer.Option("--vllm-arg", help="Extra vLLM argument (repeatable).")] = None,
    health_timeout: Annotated[int, typer.Option("--health-timeout", help="Seconds to wait for health.")] = 1800,
    config: ConfigOpt = None,
    partition: PartitionOpt = None,
    account: AccountOpt = None,
    qos: QosOpt = None,
    time: TimeOpt = None,
    gpus: GpusOpt = None,
    cpus: CpusOpt = None,
    mem: MemOpt = None,
    dependency: DependencyOpt = None,
) -> tuple[Job, SlurmConfig]:
    """A vLLM server on the node's GPUs; writes its endpoint to RUN_DIR/endpoint once healthy."""
    from fmrepair.slurm.jobs import serve_job

    cfg, res = _setup("serve", config, partition, account, qos, time, gpus, cpus, mem)
    rdir = absolute_path(run_dir)
    return serve_job(cfg, res, rdir, model, port, lora, max_model_len, vllm_arg, health_timeout, dependency), cfg


def bench_array_kind(
    ctx: typer.Context,
    suite: Annotated[str, typer.Option("--suite", help="Suite name (fmrepair tasks list).")],
    shards: Annotated[int, typer.Option("--shards", min=1, help="Array tasks; shard i runs tasks i, i+N, ...")],
    run_dir: RunDirOpt,
    model: Annotated[str, typer.Option("--model", help="Registry name.")] = "qwen2.5-coder-0.5b",
    strategy: Annotated[str, typer.Option("--strategy")] = "single-gf",
    serve_job: Annotated[
        str | None, typer.Option("--serve-job", help="Job id of a serve job: use its endpoint, start after it.")
    ] = None,
    endpoint_file: Annotated[
        Path | None, typer.Option("--endpoint-file", help="Use the server announced in this file.")
    ] = None,
    max_running: Annotated[int | None, typer.Option("--max-running", help="At most N array tasks at once.")] = None,
    root: RootOpt = None,
    mode: ModeOpt = None,
    family: FamilyOpt = None,
    limit: LimitOpt = None,
    ids: IdsOpt = None,
    config: ConfigOpt = None,
    partition: PartitionOpt = None,
    account: AccountOpt = None,
    qos: QosOpt = None,
    time: TimeOpt = None,
    gpus: GpusOpt = None,
    cpus: CpusOpt = None,
    mem: MemOpt = None,
    dependency: DependencyOpt = None,
) -> tuple[Job, SlurmConfig]:
    """One array task per shard of a suite, each with its own run log. Other `fmrepair bench run` options
    (--k, --samples, --temperature, ...) are passed through to every shard."""
    from fmrepair.slurm.jobs import bench_array_job

    cfg, res = _setup("bench-array", config, partition, account, qos, time, gpus, cpus, mem)
    sel = make_selection(suite, root, mode, family, limit, ids)
    endpoint = absolute_path(endpoint_file) if endpoint_file else None
    check_engine(model, res.gpus, served=bool(serve_job or endpoint))
    job = bench_array_job(
        cfg, res, absolute_path(run_dir), sel, shards, model, strategy, list(ctx.args), serve_job, endpoint,
        max_running=max_running, dependency=dependency,
    )  # fmt: skip
    return job, cfg


def merge_kind(
    run_dir: RunDirOpt,
    stop_job: Annotated[str | None, typer.Option("--stop-job", help="Cancel this job (the server) first.")] = None,
    config: ConfigOpt = None,
    partition: PartitionOpt = None,
    account: AccountOpt = None,
    qos: QosOpt = None,
    time: TimeOpt = None,
    gpus: GpusOpt = None,
    cpus: CpusOpt = None,
    mem: MemOpt = None,
    dependency: DependencyOpt = None,
) -> tuple[Job, SlurmConfig]:
    """Merge RUN_DIR/shards/* into RUN_DIR/merged and write RUN_DIR/report.md."""
    from fmrepair.slurm.jobs import merge_job

    cfg, res = _setup("merge", config, partition, account, qos, time, gpus, cpus, mem)
    return merge_job(cfg, res, absolute_path(run_dir), stop_job, dependency), cfg


def train_kind(
    ctx: typer.Context,
    base: Annotated[str, typer.Option("--base", help="Base model (registry name).")],
    data: Annotated[Path, typer.Option("--data", help="Dataset from `fmrepair train build-data`.")],
    adapter: Annotated[Path, typer.Option("--out", help="Adapter folder (resumed if it exists).")],
    run_dir: RunDirOpt,
    mixed_precision: Annotated[str, typer.Option("--mixed-precision", help="no | fp16 | bf16")] = "bf16",
    config: ConfigOpt = None,
    partition: PartitionOpt = None,
    account: AccountOpt = None,
    qos: QosOpt = None,
    time: TimeOpt = None,
    gpus: GpusOpt = None,
    cpus: CpusOpt = None,
    mem: MemOpt = None,
    dependency: DependencyOpt = None,
) -> tuple[Job, SlurmConfig]:
    """LoRA fine-tuning with accelerate, one process per GPU. Other `fmrepair train lora` options
    (--rank, --lr, --epochs, ...) are passed through."""
    from fmrepair.slurm.jobs import train_job

    cfg, res = _setup("train", config, partition, account, qos, time, gpus, cpus, mem)
    job = train_job(
        cfg, res, absolute_path(run_dir), base, absolute_path(data), absolute_path(adapter), list(ctx.args),
        mixed_precision, dependency,
    )  # fmt: skip
    return job, cfg


def eval_adapter_kind(
    ctx: typer.Context,
    base: Annotated[str, typer.Option("--base", help="Base model (registry name).")],
    adapter: Annotated[Path, typer.Option("--adapter", help="Adapter folder.")],
    suite: Annotated[str, typer.Option("--suite")],
    run_dir: RunDirOpt,
    out: Annotated[Path | None, typer.Option("--out", help="Output folder (default RUN_DIR/eval).")] = None,
    root: RootOpt = None,
    ids_from: Annotated[str | None, typer.Option("--ids-from", help="DATA:heldout")] = None,
    config: ConfigOpt = None,
    partition: PartitionOpt = None,
    account: AccountOpt = None,
    qos: QosOpt = None,
    time: TimeOpt = None,
    gpus: GpusOpt = None,
    cpus: CpusOpt = None,
    mem: MemOpt = None,
    dependency: DependencyOpt = None,
) -> tuple[Job, SlurmConfig]:
    """The benchmark with and without an adapter on held-out tasks (`fmrepair train eval`). Other
    options are passed through."""
    from fmrepair.slurm.jobs import eval_adapter_job

    cfg, res = _setup("eval-adapter", config, partition, account, qos, time, gpus, cpus, mem)
    job = eval_adapter_job(
        cfg,
        res,
        absolute_path(run_dir),
        base,
        absolute_path(adapter),
        suite,
        absolute_path(out) if out else None,
        root,
        ids_from,
        list(ctx.args),
        dependency,
    )
    return job, cfg


def formalize_kind(
    ctx: typer.Context,
    model: Annotated[str, typer.Option("--model", help="Model registry name (vllm backend, or a served one).")],
    suite: Annotated[str, typer.Option("--suite", help="folio | cpbench | planetarium-gen")],
    run_dir: RunDirOpt,
    out: Annotated[Path | None, typer.Option("--out", help="Run folder (default RUN_DIR/formalize).")] = None,
    config: ConfigOpt = None,
    partition: PartitionOpt = None,
    account: AccountOpt = None,
    qos: QosOpt = None,
    time: TimeOpt = None,
    gpus: GpusOpt = None,
    cpus: CpusOpt = None,
    mem: MemOpt = None,
    dependency: DependencyOpt = None,
) -> tuple[Job, SlurmConfig]:
    """`fmrepair formalize` (zero-shot, self-review, gated) and its Table 1 report. Other `fmrepair
    formalize` options (--start, --limit, --workers, --rounds, --root, ...) are passed through."""
    from fmrepair.slurm.jobs import formalize_job

    cfg, res = _setup("formalize", config, partition, account, qos, time, gpus, cpus, mem)
    job = formalize_job(
        cfg, res, absolute_path(run_dir), model, suite, absolute_path(out) if out else None, list(ctx.args), dependency
    )
    return job, cfg


class JobKind(Protocol):
    """A job kind: a function whose typer-annotated parameters are its command-line options (``fmrepair
    slurm render|submit NAME``; a ``ctx`` parameter passes extra arguments through) and which returns
    the Job and the cluster settings it was made with."""

    def __call__(self, *args: Any, **kwargs: Any) -> tuple[Job, SlurmConfig]: ...


JOB_KINDS: LazyRegistry[JobKind] = LazyRegistry(
    "job kind",
    {
        "serve": "fmrepair.slurm.kinds:serve_kind",
        "bench-array": "fmrepair.slurm.kinds:bench_array_kind",
        "merge": "fmrepair.slurm.kinds:merge_kind",
        "train": "fmrepair.slurm.kinds:train_kind",
        "eval-adapter": "fmrepair.slurm.kinds:eval_adapter_kind",
        "formalize": "fmrepair.slurm.kinds:formalize_kind",
    },
    group="fmrepair.slurm_kinds",
)
