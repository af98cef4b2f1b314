"""The job kinds of `fmrepair slurm render|submit`: their command-line options and how each becomes
a ``Job`` (cluster settings, resources, paths). Light at import: ``.jobs`` is imported inside.

The cluster options (--partition, --account, --qos, --time, --gpus, --gpu-type, --cpus, --mem) are
generated from the fields of `SlurmConfig` and `Resources` (slurm/config.py), and the benchmark options of
bench-array from the run config `BenchConfig` (eval/config.py): each is declared once."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Annotated, Any, NoReturn, Protocol

import typer

from fmrepair.eval.config import BenchConfig
from fmrepair.eval.run.options import FROM_OPTIONS, given, with_config_options
from fmrepair.registry import LazyRegistry
from fmrepair.slurm.config import SITE_FIELDS, Resources, SlurmConfig
from fmrepair.slurm.render import Job

# options every job kind takes
ConfigOpt = Annotated[Path | None, typer.Option("--config", help="Cluster settings (default $FMREPAIR_SLURM).")]
RunDirOpt = Annotated[Path, typer.Option("--run-dir", help="Folder for this job's logs, scripts and outputs.")]
DependencyOpt = Annotated[str | None, typer.Option("--dependency", help="SLURM dependency, e.g. afterok:1234.")]
# the run config of a benchmark (bench-array, submit-bench): a file, options (generated), KEY=VALUE
RunConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--run-config", help="Run config file (YAML, the keys of `fmrepair bench run --config`); options override it."
    ),
]
SetOpt = Annotated[list[str] | None, typer.Option("--set", help="KEY=VALUE run config override (repeatable).")]
OverridesArg = Annotated[
    list[str] | None, typer.Argument(metavar="[KEY=VALUE]...", help="Run config overrides, applied last.")
]
CLUSTER_PANEL = "Cluster (defaults: the --config file's, per job kind)"
RUN_PANEL = "Run config (every array task runs `fmrepair bench run --config` with it)"


def cluster_options(func: Any) -> Any:
    """Give a job kind the cluster options, generated from `SlurmConfig` (``site``: partition, account,
    qos) and `Resources` (``resources``: time, gpus, gpu_type, cpus, mem); each is None when not given."""
    func = with_config_options(Resources, param="resources", panel=CLUSTER_PANEL)(func)
    return with_config_options(SlurmConfig, param="site", fields=SITE_FIELDS, panel=CLUSTER_PANEL)(func)


def bench_options(func: Any) -> Any:
    """Give a command the `fmrepair bench run` settings as options (``bench``), generated from BenchConfig."""
    return with_config_options(BenchConfig, param="bench", panel=RUN_PANEL, where="--run-config")(func)


def fail(msg: str, code: int = 2) -> NoReturn:
    typer.echo(f"fmrepair slurm: {msg}", err=True)
    raise typer.Exit(code)


def cluster_config(config: Path | None, site: dict[str, Any] | None = None) -> SlurmConfig:
    """The cluster settings of ``config`` (or $FMREPAIR_SLURM, ...) with the options given in ``site``."""
    from fmrepair.slurm.config import load_config

    try:
        cfg = load_config(config)
    except (OSError, ValueError) as e:
        fail(str(e))
    return cfg.model_copy(update=given(site or {}))


def job_resources(cfg: SlurmConfig, kind: str, overrides: dict[str, Any] | None = None) -> Resources:
    """One job kind's resources from the cluster settings, with the options given in ``overrides``."""
    from pydantic import ValidationError

    from fmrepair.slurm.jobs import resources

    try:
        return resources(cfg, kind, **given(overrides or {}))
    except ValidationError as e:
        fail("; ".join(f"--{'-'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors()).replace("_", "-"))


def _setup(
    kind: str, config: Path | None, site: dict[str, Any], resources: dict[str, Any]
) -> tuple[SlurmConfig, Resources]:
    """The cluster settings and one job kind's resources, with the command line's overrides."""
    cfg = cluster_config(config, site)
    return cfg, job_resources(cfg, kind, resources)


def run_config(file: Path | None, bench: dict[str, Any], overrides: list[str] | None) -> BenchConfig:
    """A benchmark's run config: ``file`` < the options given < KEY=VALUE ``overrides``."""
    from fmrepair.eval.config import ConfigError, build_config

    try:
        return build_config(file, given(bench), overrides)
    except ConfigError as e:
        fail(str(e))


def check_engine(model: str | None, gpus: int, served: bool) -> None:
    """Warn when array tasks would load a GPU-only model without GPUs."""
    if served or gpus or not model:
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
# ``site`` and ``resources`` are filled by @cluster_options, ``bench`` by @bench_options


@cluster_options
def serve_kind(
    model: Annotated[str, typer.Option("--model", help="Registry name with local weights.")],
    run_dir: RunDirOpt,
    port: Annotated[int, typer.Option("--port", help="0: a free port on the node.")] = 0,
    lora: Annotated[list[str] | None, typer.Option("--lora", help="Adapter NAME=PATH (repeatable).")] = None,
    max_model_len: Annotated[int | None, typer.Option("--max-model-len")] = None,
    vllm_arg: Annotated[list[str] | None, typer.Option("--vllm-arg", help="Extra vLLM argument (repeatable).")] = None,
    health_timeout: Annotated[int, typer.Option("--health-timeout", help="Seconds to wait for health.")] = 1800,
    config: ConfigOpt = None,
    dependency: DependencyOpt = None,
    site: dict[str, Any] = FROM_OPTIONS,
    resources: dict[str, Any] = FROM_OPTIONS,
) -> tuple[Job, SlurmConfig]:
    """A vLLM server on the node's GPUs; writes its endpoint to RUN_DIR/endpoint once healthy."""
    from fmrepair.slurm.jobs import serve_job

    cfg, res = _setup("serve", config, site, resources)
    rdir = absolute_path(run_dir)
    return serve_job(cfg, res, rdir, model, port, lora, max_model_len, vllm_arg, health_timeout, dependency), cfg


@cluster_options
@bench_options
def bench_array_kind(
    shards: Annotated[int, typer.Option("--shards", min=1, help="Array tasks; shard i runs tasks i, i+N, ...")],
    run_dir: RunDirOpt,
    overrides: OverridesArg = None,
    run_config_file: RunConfigOpt = None,
    set_: SetOpt = None,
    serve_job: Annotated[
        str | None, typer.Option("--serve-job", help="Job id of a serve job: use its endpoint, start after it.")
    ] = None,
    endpoint_file: Annotated[
        Path | None, typer.Option("--endpoint-file", help="Use the server announced in this file.")
    ] = None,
    max_running: Annotated[int | None, typer.Option("--max-running", help="At most N array tasks at once.")] = None,
    config: ConfigOpt = None,
    dependency: DependencyOpt = None,
    bench: dict[str, Any] = FROM_OPTIONS,
    site: dict[str, Any] = FROM_OPTIONS,
    resources: dict[str, Any] = FROM_OPTIONS,
) -> tuple[Job, SlurmConfig]:
    """One array task per shard of a suite, each with its own run log. The run config (--run-config FILE,
    the `fmrepair bench run` options below, KEY=VALUE) is written into the script, and every array task
    runs `fmrepair bench run --config` with it, narrowed to its shard's tasks."""
    from fmrepair.slurm.jobs import bench_array_job

    cfg, res = _setup("bench-array", config, site, resources)
    run = run_config(run_config_file, bench, [*(overrides or []), *(set_ or [])])
    endpoint = absolute_path(endpoint_file) if endpoint_file else None
    check_engine(run.model, res.gpus, served=bool(serve_job or endpoint))
    try:
        job = bench_array_job(
            cfg, res, absolute_path(run_dir), run, shards, serve_job, endpoint, max_running=max_running,
            dependency=dependency,
        )  # fmt: skip
    except ValueError as e:
        fail(str(e))
    return job, cfg


@cluster_options
def merge_kind(
    run_dir: RunDirOpt,
    stop_job: Annotated[str | None, typer.Option("--stop-job", help="Cancel this job (the server) first.")] = None,
    config: ConfigOpt = None,
    dependency: DependencyOpt = None,
    site: dict[str, Any] = FROM_OPTIONS,
    resources: dict[str, Any] = FROM_OPTIONS,
) -> tuple[Job, SlurmConfig]:
    """Merge RUN_DIR/shards/* into RUN_DIR/merged and write RUN_DIR/report.md."""
    from fmrepair.slurm.jobs import merge_job

    cfg, res = _setup("merge", config, site, resources)
    return merge_job(cfg, res, absolute_path(run_dir), stop_job, dependency), cfg


@cluster_options
def train_kind(
    ctx: typer.Context,
    base: Annotated[str, typer.Option("--base", help="Base model (registry name).")],
    data: Annotated[Path, typer.Option("--data", help="Dataset from `fmrepair train build-data`.")],
    adapter: Annotated[Path, typer.Option("--out", help="Adapter folder (resumed if it exists).")],
    run_dir: RunDirOpt,
    mixed_precision: Annotated[str, typer.Option("--mixed-precision", help="no | fp16 | bf16")] = "bf16",
    fsdp: Annotated[bool, typer.Option("--fsdp/--no-fsdp", help="Shard the base across the GPUs (FSDP) instead "
                                       "of a full copy on each (DDP): for 30B-class bases.")] = False,
    config: ConfigOpt = None,
    dependency: DependencyOpt = None,
    site: dict[str, Any] = FROM_OPTIONS,
    resources: dict[str, Any] = FROM_OPTIONS,
) -> tuple[Job, SlurmConfig]:
    """LoRA fine-tuning with accelerate, one process per GPU. Other `fmrepair train lora` options
    (--rank, --lr, --epochs, ...) are passed through. A memory estimate (slurm/memory.py) is printed,
    and --mem is raised to the estimated host memory when it asks for less."""
    from fmrepair.slurm.jobs import train_job

    cfg, res = _setup("train", config, site, resources)
    notes = _memory_notes(base, res, fsdp, list(ctx.args))
    job = train_job(
        cfg, res, absolute_path(run_dir), base, absolute_path(data), absolute_path(adapter), list(ctx.args),
        mixed_precision, dependency, fsdp, notes,
    )  # fmt: skip
    job.notices = notes  # in the script's header too
    return job, cfg


def _memory_notes(base: str, res: Resources, fsdp: bool, args: list[str]) -> list[str]:
    """The memory estimate's lines for the job (raising ``res.mem`` in place when it asks for less)."""
    from fmrepair.slurm.memory import estimate, mem_gib

    try:
        from fmrepair.serving.config import resolve

        params = resolve(base).parameters_b
    except Exception:  # noqa: BLE001 - a weights folder or an unknown entry: no estimate
        params = None
    if fsdp and res.gpus < 2:
        fail("--fsdp shards the base across GPUs: ask for --gpus 2 or more")
    if params is None:
        return [f"memory estimate: none ({base} gives no parameters_b in the registry)"]
    rank = int(args[args.index("--rank") + 1]) if "--rank" in args[:-1] else 16
    if fsdp and "--qlora" in args:
        fail("--qlora loads a 4-bit base on each GPU; it does not combine with --fsdp here (use one of them)")
    est = estimate(params, res.gpus, fsdp, rank, qlora="--qlora" in args)
    notes = est.lines()
    if mem_gib(res.mem) < est.host_gib:
        notes.append(f"  --mem raised from {res.mem} to {math.ceil(est.host_gib)}G (the host memory estimate)")
        res.mem = f"{math.ceil(est.host_gib)}G"
    return notes


@cluster_options
def eval_adapter_kind(
    ctx: typer.Context,
    base: Annotated[str, typer.Option("--base", help="Base model (registry name).")],
    adapter: Annotated[Path, typer.Option("--adapter", help="Adapter folder.")],
    suite: Annotated[str, typer.Option("--suite")],
    run_dir: RunDirOpt,
    out: Annotated[Path | None, typer.Option("--out", help="Output folder (default RUN_DIR/eval).")] = None,
    root: Annotated[str | None, typer.Option("--root", help="Benchmark root laid out like the suite's folder.")] = None,
    ids_from: Annotated[str | None, typer.Option("--ids-from", help="DATA:heldout")] = None,
    config: ConfigOpt = None,
    dependency: DependencyOpt = None,
    site: dict[str, Any] = FROM_OPTIONS,
    resources: dict[str, Any] = FROM_OPTIONS,
) -> tuple[Job, SlurmConfig]:
    """The benchmark with and without an adapter on held-out tasks (`fmrepair train eval`). Other
    options are passed through."""
    from fmrepair.slurm.jobs import eval_adapter_job

    cfg, res = _setup("eval-adapter", config, site, resources)
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


@cluster_options
def formalize_kind(
    ctx: typer.Context,
    model: Annotated[str, typer.Option("--model", help="Model registry name (vllm backend, or a served one).")],
    suite: Annotated[str, typer.Option("--suite", help="folio | cpbench | planetarium-gen")],
    run_dir: RunDirOpt,
    out: Annotated[Path | None, typer.Option("--out", help="Run folder (default RUN_DIR/formalize).")] = None,
    config: ConfigOpt = None,
    dependency: DependencyOpt = None,
    site: dict[str, Any] = FROM_OPTIONS,
    resources: dict[str, Any] = FROM_OPTIONS,
) -> tuple[Job, SlurmConfig]:
    """`fmrepair bench run` with the seed 001 strategy set (zero-shot, self-review, gated) and its Table 1
    report. Other `bench run` options (--limit, --workers, --k, --root, ...) are passed through."""
    from fmrepair.slurm.jobs import formalize_job

    cfg, res = _setup("formalize", config, site, resources)
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
