"""`fmrepair slurm render|submit KIND`, `fmrepair slurm submit-bench`, the helpers jobs call
(`run-shard`, `wait-endpoint`), and `fmrepair bench merge`. Light at import."""

from __future__ import annotations

import functools
import inspect
import json
import os
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from fmrepair.slurm.config import SlurmConfig
from fmrepair.slurm.kinds import (
    JOB_KINDS,
    AccountOpt,
    ConfigOpt,
    FamilyOpt,
    IdsOpt,
    LimitOpt,
    ModeOpt,
    PartitionOpt,
    QosOpt,
    RootOpt,
    RunDirOpt,
    absolute_path,
    check_engine,
    cluster_config,
    fail,
    make_selection,
)
from fmrepair.slurm.render import Job

slurm_app = typer.Typer(
    help="SLURM job scripts: a vLLM server, benchmark arrays, merging, LoRA training, adapter evaluation.",
    no_args_is_help=True,
)
render_app = typer.Typer(help="Print a job script (read it, then sbatch it).", no_args_is_help=True)
submit_app = typer.Typer(help="Render a job script into RUN_DIR/slurm and sbatch it.", no_args_is_help=True)
slurm_app.add_typer(render_app, name="render")
slurm_app.add_typer(submit_app, name="submit")

PASS_THROUGH = {"allow_extra_args": True, "ignore_unknown_options": True}


def _command_line() -> str | None:
    """The fmrepair command line that is running, for the script header (None under a test runner)."""
    prog = Path(sys.argv[0]).name
    return shlex.join(["fmrepair", *sys.argv[1:]]) if prog in ("fmrepair", "__main__.py") else None


def _register_kind(name: str, build: Callable[..., tuple[Job, SlurmConfig]]) -> None:
    settings = PASS_THROUGH if "ctx" in inspect.signature(build).parameters else None

    @functools.wraps(build)
    def render_cmd(**kwargs: object) -> None:
        from fmrepair.slurm.render import render

        job, cfg = build(**kwargs)
        sys.stdout.write(render(job, cfg, _command_line()))

    @functools.wraps(build)
    def submit_cmd(**kwargs: object) -> None:
        from fmrepair.slurm.submit import SubmitError, submit

        job, cfg = build(**kwargs)
        try:
            job_id = submit(job, cfg, _command_line())
        except SubmitError as e:
            fail(str(e), 1)
        typer.echo(job_id)

    render_app.command(name, context_settings=settings)(render_cmd)
    submit_app.command(name, context_settings=settings)(submit_cmd)


for _name in JOB_KINDS.names():
    _register_kind(_name, JOB_KINDS.load(_name))


@slurm_app.command("submit-bench", context_settings=PASS_THROUGH)
def submit_bench(
    ctx: typer.Context,
    suite: Annotated[str, typer.Option("--suite", help="Suite name (fmrepair tasks list).")],
    shards: Annotated[int, typer.Option("--shards", min=1, help="Array tasks.")],
    run_dir: RunDirOpt,
    model: Annotated[str, typer.Option("--model", help="Registry name.")] = "qwen2.5-coder-0.5b",
    strategy: Annotated[str, typer.Option("--strategy")] = "single-gf",
    serve: Annotated[bool, typer.Option("--serve/--no-serve", help="Start a vLLM server job for the model.")] = False,
    serve_gpus: Annotated[int | None, typer.Option("--serve-gpus", min=0, help="GPUs of the server job.")] = None,
    max_running: Annotated[int | None, typer.Option("--max-running", help="At most N array tasks at once.")] = None,
    root: RootOpt = None,
    mode: ModeOpt = None,
    family: FamilyOpt = None,
    limit: LimitOpt = None,
    ids: IdsOpt = None,
    gpus: Annotated[int | None, typer.Option("--gpus", min=0, help="GPUs per array task (own engine).")] = None,
    config: ConfigOpt = None,
    partition: PartitionOpt = None,
    account: AccountOpt = None,
    qos: QosOpt = None,
    wait: Annotated[bool, typer.Option("--wait", help="Return when the merge job has ended.")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Submit the benchmark DAG: a vLLM server (with --serve), an array of shards, a merge job.
    Prints the job ids. Other `fmrepair bench run` options are passed through to every shard."""
    from fmrepair.slurm.jobs import bench_array_job, merge_job, resources, serve_job
    from fmrepair.slurm.submit import SubmitError, submit

    cfg = cluster_config(config, partition, account, qos)
    rdir = absolute_path(run_dir)
    sel = make_selection(suite, root, mode, family, limit, ids)
    command = _command_line()
    ids_out: dict[str, str] = {}
    try:
        if serve:
            sjob = serve_job(cfg, resources(cfg, "serve", gpus=serve_gpus), rdir, model)
            ids_out["serve"] = submit(sjob, cfg, command)
        bres = resources(cfg, "bench-array", gpus=gpus)
        check_engine(model, bres.gpus, served=serve)
        bjob = bench_array_job(
            cfg, bres, rdir, sel, shards, model, strategy, list(ctx.args), ids_out.get("serve"),
            max_running=max_running,
        )  # fmt: skip
        ids_out["bench"] = submit(bjob, cfg, command)
        mjob = merge_job(cfg, resources(cfg, "merge"), rdir, ids_out.get("serve"), f"afterany:{ids_out['bench']}")
        if not as_json:
            _print_ids(ids_out)
        if wait:
            typer.echo(f"waiting for the merge job; logs in {rdir / 'logs'}", err=True)
        ids_out["merge"] = submit(mjob, cfg, command, wait=wait)
    except SubmitError as e:
        if as_json:
            typer.echo(json.dumps({**ids_out, "run_dir": str(rdir)}))
        elif "bench" not in ids_out:
            _print_ids(ids_out)  # the server, if it was submitted: cancel it
        fail(str(e), 1)
    if as_json:
        typer.echo(json.dumps({**ids_out, "run_dir": str(rdir)}))
    else:
        _print_ids({"merge": ids_out["merge"]})


def _print_ids(ids: dict[str, str]) -> None:
    for key, value in ids.items():
        typer.echo(f"{key:6} {value}" + ("  (array)" if key == "bench" else ""))


@slurm_app.command("run-shard", context_settings=PASS_THROUGH)
def run_shard(
    ctx: typer.Context,
    shard: Annotated[int, typer.Option("--shard", min=0, help="This shard's index (SLURM_ARRAY_TASK_ID).")],
    shards: Annotated[int, typer.Option("--shards", min=1, help="Number of shards.")],
    out: Annotated[Path, typer.Option("--out", help="This shard's run folder (resumed if it exists).")],
    suite: Annotated[str, typer.Option("--suite")],
    root: RootOpt = None,
    mode: ModeOpt = None,
    family: FamilyOpt = None,
    limit: LimitOpt = None,
    ids: IdsOpt = None,
) -> None:
    """Run (or resume) one shard of a benchmark: `fmrepair bench run` on tasks SHARD, SHARD+SHARDS, ...
    Every other option goes to `fmrepair bench run` unchanged. Used by bench-array jobs."""
    from fmrepair.slurm.shard import bench_command, prepare

    if shard >= shards:
        fail(f"--shard {shard} is not below --shards {shards}")
    try:
        record = prepare(make_selection(suite, root, mode, family, limit, ids), shard, shards, out)
    except ValueError as e:
        fail(str(e))
    if not record.ids:
        typer.echo(f"shard {shard} of {shards} has no tasks", err=True)
        return
    typer.echo(f"shard {shard} of {shards}: {len(record.ids)} tasks -> {out}", err=True)
    cmd = bench_command(record, out, list(ctx.args))
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(cmd[0], cmd)  # the bench run takes over this process (and SLURM's signals)


@slurm_app.command("wait-endpoint")
def wait_endpoint_cmd(
    path: Annotated[Path, typer.Argument(help="File a serve job writes its endpoint into.")],
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds.")] = 3600.0,
    poll: Annotated[float, typer.Option("--poll", help="Seconds between checks.")] = 10.0,
) -> None:
    """Wait until a served model answers; print its base URL. Used by bench-array jobs."""
    from fmrepair.slurm.submit import wait_endpoint

    try:
        typer.echo(wait_endpoint(path, timeout, poll))
    except TimeoutError as e:
        fail(str(e), 1)


def merge_command(
    shards: Annotated[list[Path], typer.Argument(help="Shard run folders (e.g. RUN/shards/*).")],
    out: Annotated[Path, typer.Option("--out", help="The merged run folder.")],
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Join shard run folders into one run, as if one process had run them all. Refuses shards of
    different configurations, missing shards and unfinished ones."""
    from fmrepair.slurm.merge import MergeError, merge_runs

    try:
        summary = merge_runs(shards, out)
    except MergeError as e:
        typer.echo(f"fmrepair bench merge: {e}", err=True)
        raise typer.Exit(2) from None
    text = f"merged {summary['shards']} shards, {summary['tasks']} tasks -> {out}"
    typer.echo(json.dumps(summary) if as_json else text)


def register(app: typer.Typer) -> None:
    """`fmrepair slurm ...`, and `merge` in the `fmrepair bench` group."""
    from fmrepair.eval.bench_cli import bench_app

    app.add_typer(slurm_app, name="slurm")
    if not any(c.name == "merge" for c in bench_app.registered_commands):
        bench_app.command("merge")(merge_command)
