"""`fmrepair bench run | report | compare | archive`."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import typer

bench_app = typer.Typer(help="Benchmark runs: run a suite, report, compare runs.", no_args_is_help=True)


def _fail(msg: str) -> None:
    typer.echo(f"fmrepair bench: {msg}", err=True)
    raise typer.Exit(2)


@bench_app.command("run")
def run(
    suite: str = typer.Option(..., help="Suite name (fmrepair tasks list)."),
    out: Path = typer.Option(..., help="Run folder; an existing one is resumed."),
    root: str | None = typer.Option(None, help="Benchmark root laid out like the suite's folder."),
    mode: str | None = typer.Option(None, help="frozen | hidden (ARepair)."),
    strategy: str = typer.Option("single-gf"),
    model: str = typer.Option("qwen2.5-coder-0.5b", help="Model name, or 'none' for search-only strategies."),
    k: int = typer.Option(6, min=1, help="Iterations per chain."),
    samples: int = typer.Option(1, min=1),
    independent_samples: bool = typer.Option(False, help="Run all samples (unbiased pass@k)."),
    edit_mode: str = typer.Option("paragraph"),
    temperature: float = typer.Option(0.2),
    seed: int = typer.Option(0),
    max_new_tokens: int = typer.Option(400),
    wall_seconds: float | None = typer.Option(
        None,
        help="Safety cap on wall time per task (default: none for model strategies, 1800 s for search). A task "
        "it cuts short says stop_reason wall_cap: that result depends on machine load.",
    ),
    candidates: int | None = typer.Option(
        None, help="Search: checked candidates per task (default 3000); the budget that decides results."
    ),
    proposals: int | None = typer.Option(
        None, help="Search: distinct candidates proposed per task, pruned in Python or checked (default 200000)."
    ),
    timeout: float = typer.Option(30.0, help="Verifier timeout per check."),
    limit: int | None = typer.Option(None),
    ids: list[str] | None = typer.Option(None, "--ids", help="Only these task ids (repeatable, or comma-separated)."),
    family: list[str] | None = typer.Option(
        None, "--family", help="Only these families (repeatable, or comma-separated)."
    ),
    workers: int = typer.Option(
        1, min=1, help="Tasks in parallel: processes for search strategies (mutate, hybrid), else threads."
    ),
    allow_code_change: bool = typer.Option(
        False, help="Resume a run made by another code version (recorded in the manifest's resumes)."
    ),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Run (or resume) a benchmark; prints the score card."""
    from fmrepair.eval.bench import BenchConfig, ConfigMismatch, run_bench
    from fmrepair.eval.bench_procs import UnfinishedTasks
    from fmrepair.eval.report import markdown, run_summary
    from fmrepair.inputs import InputError
    from fmrepair.registry import UnknownName

    cfg = BenchConfig(
        suite=suite,
        root=root,
        mode=mode,
        strategy=strategy,
        model=model,
        k=k,
        samples=samples,
        independent_samples=independent_samples,
        edit_mode=edit_mode,
        temperature=temperature,
        seed=seed,
        max_new_tokens=max_new_tokens,
        wall_seconds=wall_seconds,
        candidates=candidates,
        proposals=proposals,
        check_timeout_s=timeout,
        limit=limit,
        ids=[x for v in ids or [] for x in re.split(r"[,\s]+", v) if x],
        family=[x for v in family or [] for x in re.split(r"[,\s]+", v) if x],
        workers=workers,
    )
    try:
        from fmrepair.agents.strategies import STRATEGIES

        if strategy not in STRATEGIES:
            raise UnknownName(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES.names())}")
        command = shlex.join(["fmrepair", *sys.argv[1:]])
        run_bench(cfg, out, command=command, allow_code_change=allow_code_change)
    except (InputError, UnknownName, ConfigMismatch, UnfinishedTasks) as e:
        _fail(str(e))
    summary = run_summary(out)
    sys.stdout.write(json.dumps(summary, indent=2) + "\n" if as_json else markdown(summary))


@bench_app.command("report")
def report(
    rundirs: list[Path] = typer.Argument(..., help="One or more run folders."),
    fmt: str = typer.Option("md", "--format", help="md | html | json"),
    out: Path | None = typer.Option(None, help="Write the report to this file (default: stdout)."),
) -> None:
    """Score cards of runs: per family Correct@k raw/faithful/equivalent, pass@k, resources, taxonomy."""
    from fmrepair.eval.report import html_report, json_report, markdown

    if fmt not in ("md", "html", "json"):
        _fail(f"unknown format {fmt!r}; known: md, html, json")
    try:
        if fmt == "json":
            text = json.dumps(json_report(rundirs), indent=2) + "\n"
        elif fmt == "html":
            text = html_report(rundirs)
        else:
            text = markdown(rundirs)
    except FileNotFoundError as e:
        _fail(str(e))
        return
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {out}", err=True)


@bench_app.command("compare")
def compare(
    run_a: Path = typer.Argument(...),
    run_b: Path = typer.Argument(...),
    level: str = typer.Option("faithful", help="raw | faithful | equivalent"),
    fmt: str = typer.Option("md", "--format", help="md | json"),
) -> None:
    """Paired comparison of two runs on their common tasks: transitions, exact McNemar, bootstrap CI."""
    from fmrepair.eval.metrics import LEVELS, is_correct
    from fmrepair.eval.report import load_run
    from fmrepair.eval.stats import compare as paired

    try:
        (_, ra), (_, rb) = load_run(run_a), load_run(run_b)
    except FileNotFoundError as e:
        _fail(str(e))
        return

    if level not in LEVELS:
        _fail(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    # not-faulty tasks are out of the comparison; errors and unknown scores count as not correct
    res = paired(
        {r.task_id: is_correct(r, level) for r in ra if r.counted},
        {r.task_id: is_correct(r, level) for r in rb if r.counted},
    )
    res.update({"a": str(run_a), "b": str(run_b), "level": level})
    if fmt == "json":
        sys.stdout.write(json.dumps(res, indent=2) + "\n")
        return
    t = res["transitions"]
    sys.stdout.write(
        f"A = {run_a} ({res['a_rate']}%), B = {run_b} ({res['b_rate']}%), {res['tasks']} common tasks, {level}\n\n"
        "| wrong->right | right->wrong | both | neither | McNemar p (exact) | B-A (pp) | 95% CI (bootstrap) |\n"
        "|---:|---:|---:|---:|---:|---:|---|\n"
        f"| {t['wrong_to_right']} | {t['right_to_wrong']} | {t['both']} | {t['neither']} | {res['mcnemar_p']:.4g} | "
        f"{res['diff_pp']} | [{res['ci95_pp'][0]}, {res['ci95_pp'][1]}] |\n"
    )


@bench_app.command("archive")
def archive_cmd(
    run_dir: Path = typer.Argument(..., help="A finished run folder."),
    out: Path = typer.Option(..., help="The archive folder, e.g. docs/results/NAME."),
    command: str | None = typer.Option(None, help="The command that made the run (default: from the manifest)."),
    root: str | None = typer.Option(None, help="Benchmark root (default: the run's), to check for hidden text."),
    force: bool = typer.Option(False, help="Overwrite a non-empty --out."),
) -> None:
    """Write a run's compact form (manifest.json, results.jsonl.gz, command.txt; no attempts log) after
    checking that no hidden oracle text is in any result line. `bench report` reads it like a run."""
    from fmrepair.eval.archive import ArchiveError, archive, load_tasks
    from fmrepair.eval.report import load_manifest
    from fmrepair.inputs import InputError

    try:
        tasks = load_tasks(load_manifest(run_dir).config, root)
        info = archive(run_dir, out, tasks, command=command, force=force)
    except (FileNotFoundError, InputError, ArchiveError, KeyError) as e:
        _fail(str(e))
        return
    typer.echo(f"archived {info['results']} results (of {info['expected_tasks']} tasks) to {info['archive']}")


def register(app: typer.Typer) -> None:
    app.add_typer(bench_app, name="bench")
