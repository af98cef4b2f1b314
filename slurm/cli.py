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
from typing import Annotated, Any

import typer

from fmrepair.eval.run.options import FROM_OPTIONS, with_config_options
from fmrepair.slurm.config import SITE_FIELDS, SlurmConfig
from fmrepair.slurm.kinds import (
    CLUSTER_PANEL,
    JOB_KINDS,
    ConfigOpt,
    OverridesArg,
    RunConfigOpt,
    RunDirOpt,
    SetOpt,
    absolute_path,
    bench_options,
    check_engine,
    cluster_config,
    fail,
    job_resources,
    run_config,
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
        for line in job.notices:
            typer.echo(line, err=True)
        try:
            job_id = submit(job, cfg, _command_line())
        except SubmitError as e:
            fail(str(e), 1)
        typer.echo(job_id)

    render_app.command(name, context_settings=settings)(render_cmd)
    submit_app.command(name, context_settings=settings)(submit_cmd)


for _name in JOB_KINDS.names():
    _register_kind(_name, JOB_KINDS.load(_name))


@slurm_app.command("submit-bench")
@with_config_options(SlurmConfig, param="site", fields=SITE_FIELDS, panel=CLUSTER_PANEL)
@bench_options
def submit_bench(
    shards: Annotated[int, typer.Option("--shards", min=1, help="Array tasks.")],
    run_dir: RunDirOpt,
    overrides: OverridesArg = None,
    run_config_file: RunConfigOpt = None,
    set_: SetOpt = None,
    serve: Annotated[bool, typer.Option("--serve/--no-serve", help="Start a vLLM server job for the model.")] = False,
    serve_gpus: Annotated[int | None, typer.Option("--serve-gpus", min=0, help="GPUs of the server job.")] = None,
    max_running: Annotated[int | None, typer.Option("--max-running", help="At most N array tasks at once.")] = None,
    gpus: Annotated[int | None, typer.Option("--gpus", min=0, help="GPUs per array task (own engine).")] = None,
    config: ConfigOpt = None,
    wait: Annotated[bool, typer.Option("--wait", help="Return when the merge job has ended.")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    bench: dict[str, Any] = FROM_OPTIONS,
    site: dict[str, Any] = FROM_OPTIONS,
) -> None:
    """Submit the benchmark DAG: a vLLM server (with --serve), an array of shards, a merge job.
    Prints the job ids. The run config (--run-config FILE, the `fmrepair bench run` options, KEY=VALUE)
    goes into the array job's script; every shard runs `fmrepair bench run --config` with it."""
    from fmrepair.slurm.jobs import bench_array_job, merge_job, serve_job
    from fmrepair.slurm.submit import SubmitError, submit

    cfg = cluster_config(config, site)
    rdir = absolute_path(run_dir)
    run = run_config(run_config_file, bench, [*(overrides or []), *(set_ or [])])
    if serve and not run.model:
        fail("--serve needs the model's name: give --model (or model: in the run config)")
    command = _command_line()
    ids_out: dict[str, str] = {}
    try:
        if serve:
            sjob = serve_job(cfg, job_resources(cfg, "serve", {"gpus": serve_gpus}), rdir, str(run.model))
            ids_out["serve"] = submit(sjob, cfg, command)
        bres = job_resources(cfg, "bench-array", {"gpus": gpus})
        check_engine(run.model, bres.gpus, served=serve)
        bjob = bench_array_job(cfg, bres, rdir, run, shards, ids_out.get("serve"), max_running=max_running)
        ids_out["bench"] = submit(bjob, cfg, command)
        mjob = merge_job(cfg, job_resources(cfg, "merge"), rdir, ids_out.get("serve"), f"afterany:{ids_out['bench']}")
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


@slurm_app.command("run-shard")
@bench_options
def run_shard(
    shard: Annotated[int, typer.Option("--shard", min=0, help="This shard's index (SLURM_ARRAY_TASK_ID).")],
    shards: Annotated[int, typer.Option("--shards", min=1, help="Number of shards.")],
    out: Annotated[Path, typer.Option("--out", help="This shard's run folder (resumed if it exists).")],
    overrides: OverridesArg = None,
    config: Annotated[Path | None, typer.Option("--config", help="The whole run's run config file (YAML).")] = None,
    bench: dict[str, Any] = FROM_OPTIONS,
) -> None:
    """Run (or resume) one shard of a benchmark: write the run config narrowed to tasks SHARD,
    SHARD+SHARDS, ... into OUT/run.yaml and run `fmrepair bench run --config OUT/run.yaml --out OUT`.
    Options and KEY=VALUE override the --config file. Used by bench-array jobs."""
    from fmrepair.slurm.shard import Selection, bench_command, prepare, shard_config, write_run_config

    if shard >= shards:
        fail(f"--shard {shard} is not below --shards {shards}")
    run = run_config(config, bench, overrides)
    try:
        record = prepare(Selection.of(run), shard, shards, out)
    except ValueError as e:
        fail(str(e))
    if not record.ids:
        typer.echo(f"shard {shard} of {shards} has no tasks", err=True)
        return
    typer.echo(f"shard {shard} of {shards}: {len(record.ids)} tasks -> {out}", err=True)
    cmd = bench_command(write_run_config(out, shard_config(run, record)), out)
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


@slurm_app.command("stage")
def stage_cmd(
    out: Annotated[Path | None, typer.Option("--out", help="Bundle folder to write.")] = None,
    model: Annotated[list[str] | None, typer.Option("--model", help="Stage this model's weights (repeatable).")] = None,
    cuda: Annotated[str | None, typer.Option("--cuda", help="CUDA version of the node (e.g. 12.8): torch from "
                                             "that PyTorch index; default PyPI's Linux build.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan (commands, sizes) only.")] = False,
    check: Annotated[Path | None, typer.Option("--check", help="Verify a staged bundle offline against its "
                                               "manifest (sha256 of every file).")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """An offline bundle for an air-gapped cluster: wheelhouses (fmrepair with the train extra and CUDA
    torch; vLLM), model weights, the source, and a sha256 manifest (docs/slurm.md)."""
    from fmrepair.slurm.stage import check_bundle, describe, execute, make_plan

    if check is not None:
        problems = check_bundle(check)
        if as_json:
            typer.echo(json.dumps({"bundle": str(check), "ok": not problems, "problems": problems}, indent=2))
        else:
            typer.echo("\n".join(problems) if problems else f"{check}: bundle intact")
        raise typer.Exit(1 if problems else 0)
    if out is None:
        fail("give --out DIR (the bundle to write) or --check DIR")
    repo = Path(__file__).resolve().parents[1]
    if not (repo / ".git").exists():
        fail(f"stage runs from a git checkout of fmrepair; {repo} is not one")
    try:
        plan = make_plan(out, repo, model or [], cuda)
    except (ValueError, KeyError) as e:
        fail(str(e))
    if dry_run:
        typer.echo(plan.model_dump_json(indent=2) if as_json else describe(plan))
        return
    if out.exists() and any(out.iterdir()):
        fail(f"{out} exists and is not empty: stage into a new folder")
    try:
        manifest = execute(plan, progress=lambda m: typer.echo(m, err=True))
    except RuntimeError as e:
        fail(str(e), 1)
    typer.echo(f"staged {len(manifest.files)} files into {out}; verify there with: fmrepair slurm stage --check {out}")


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
    from fmrepair.eval.run.cli import bench_app

    app.add_typer(slurm_app, name="slurm")
    if not any(c.name == "merge" for c in bench_app.registered_commands):
        bench_app.command("merge")(merge_command)
