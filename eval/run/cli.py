"""`fmrepair bench run | report | compare | archive | view` (`merge` is added by slurm/cli.py)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import typer

from fmrepair.eval.config import BenchConfig
from fmrepair.eval.report.viewer.cli import view
from fmrepair.eval.run.options import FROM_OPTIONS, with_config_options

bench_app = typer.Typer(help="Benchmark runs: run a suite, report, compare runs.", no_args_is_help=True)


def _fail(msg: str) -> None:
    typer.echo(f"fmrepair bench: {msg}", err=True)
    raise typer.Exit(2)


@bench_app.command("run")
@with_config_options(BenchConfig)
def run(
    overrides: list[str] | None = typer.Argument(
        None, metavar="[KEY=VALUE]...", help="Run config overrides, applied last (e.g. k=3 search_prune=false)."
    ),
    out: Path | None = typer.Option(None, help="Run folder; an existing one is resumed. Required."),
    config: Path | None = typer.Option(
        None, "--config", help="Run config file (YAML, keys as below); options and KEY=VALUE given here override it."
    ),
    set_: list[str] | None = typer.Option(None, "--set", help="KEY=VALUE run config override (repeatable)."),
    print_config: bool = typer.Option(
        False,
        help="Print the resolved run config (YAML: the suite's strategy and its kind's defaults filled in) "
        "and exit; runs nothing.",
    ),
    allow_code_change: bool = typer.Option(
        False, help="Resume a run made by another code version (recorded in the manifest's resumes)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the score card as JSON."),
    explain_: bool = typer.Option(False, "--explain", help="Print every option's full description and exit."),
    settings: dict[str, Any] = FROM_OPTIONS,
) -> None:
    """Run (or resume) a benchmark; prints the score card. Every setting is a run config key (docs/bench.md):
    defaults < --config FILE < options < KEY=VALUE; the manifest records the resolved config. An on/off
    option --x also takes the form --no-x."""
    from fmrepair.eval.config import ConfigError, build_config, dump_config
    from fmrepair.eval.kinds import RunSetupError
    from fmrepair.eval.report.tables import markdown, run_summary
    from fmrepair.eval.run.engine import ConfigMismatch, run_bench
    from fmrepair.eval.run.options import given
    from fmrepair.eval.run.procs import UnfinishedTasks
    from fmrepair.eval.run.tasks import resolve_config
    from fmrepair.inputs import InputError
    from fmrepair.registry import UnknownName

    if explain_:
        from fmrepair.eval.run.options import explain

        sys.stdout.write(explain(BenchConfig))
        return
    try:
        cfg = build_config(config, given(settings or {}), [*(overrides or []), *(set_ or [])])
    except ConfigError as e:
        _fail(str(e))
        return
    if print_config:
        try:
            resolved, _ = resolve_config(cfg)
        except (InputError, UnknownName, RunSetupError) as e:
            _fail(str(e))
            return
        sys.stdout.write(dump_config(resolved))
        return
    if out is None:
        _fail("--out is required: the run folder (an existing one is resumed)")
        return
    try:  # the strategy (set) is checked against the suite's kind by run_bench (eval/run/tasks.py)
        command = shlex.join(["fmrepair", *sys.argv[1:]])
        run_bench(cfg, out, command=command, allow_code_change=allow_code_change)
    except (InputError, UnknownName, ConfigMismatch, UnfinishedTasks, RunSetupError) as e:
        _fail(str(e))
    except KeyboardInterrupt:  # every finished task is already in the run log
        from fmrepair.runlog import RunLog

        log = RunLog(out, readonly=True)
        done = len(log.finished_ids()) if (out / RunLog.RESULTS).exists() else 0
        manifest = log.read_manifest()
        total = (manifest.config.get("tasks") if manifest else None) or "?"
        total = len(total) if isinstance(total, list) else total
        sys.stderr.write(f"\ninterrupted: {done} of {total} tasks saved in {out}; rerun the same command to resume\n")
        raise typer.Exit(130) from None
    summary = run_summary(out)
    sys.stdout.write(json.dumps(summary, indent=2) + "\n" if as_json else markdown(summary))


@bench_app.command("report")
def report(
    rundirs: list[Path] = typer.Argument(..., help="One or more run folders or archives (any kind)."),
    fmt: str = typer.Option(
        "md",
        "--format",
        help="md | html | json (any runs); table1 (formalize runs: seed 001 Table 1); table5 | table7 "
        "(repair or annotate runs: seed 000 Tables 5 and 7); table6 (repair runs counted by files, duplicates "
        "included, beside the best peer of seed 000).",
    ),
    out: Path | None = typer.Option(None, help="Write the report to this file (default: stdout)."),
    root: Path | None = typer.Option(
        None, help="table6: the suite's folder, when the root the run recorded is not on this machine."
    ),
) -> None:
    """Reports of runs of any kind: score cards (Correct@k raw/faithful/equivalent per family, pass@k,
    resources, taxonomy) for repair and annotate runs, seed 001 Table 1 for formalize runs; every outcome
    (not faulty, error, infrastructure, unknown) on its own row. Reads only: a missing folder is an error."""
    from fmrepair.eval.report.tables import ReportError, report_text

    try:
        text = report_text(rundirs, fmt, root)
    except (FileNotFoundError, ReportError) as e:
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
    strategy: str | None = typer.Option(
        None, help="Compare only this strategy's results (default: every task x strategy of a formalize run)."
    ),
    fmt: str = typer.Option("md", "--format", help="md | json"),
    allow_mismatch: bool = typer.Option(False, "--allow-mismatch", help="Compare runs whose budgets or sampling "
                                        "differ (listed in the report)."),
) -> None:
    """Paired comparison of two runs of one kind on their common tasks (task x strategy for formalize
    runs): transitions, exact McNemar, bootstrap CI. Not-faulty tasks and infrastructure faults are out."""
    from fmrepair.eval.report.compare import compare_runs
    from fmrepair.eval.report.tables import ReportError

    try:
        res = compare_runs(run_a, run_b, level, strategy, allow_mismatch)
    except (FileNotFoundError, ReportError) as e:
        _fail(str(e))
        return
    if fmt == "json":
        sys.stdout.write(json.dumps(res, indent=2) + "\n")
        return
    t = res["transitions"]
    what = f"{res['tasks']} common {'task x strategy pairs' if res['pairs'] != 'task' else 'tasks'}"
    what += f" of strategy {strategy}" if strategy else ""
    outcomes = sorted(set(res["outcomes"]["a"]) | set(res["outcomes"]["b"]))
    sys.stdout.write(
        f"A = {run_a} ({res['a_rate']}%), B = {run_b} ({res['b_rate']}%), {res['kind']} runs, {what}, {level}\n\n"
        "| wrong->right | right->wrong | both | neither | McNemar p (exact) | B-A (pp) | 95% CI (bootstrap) |\n"
        "|---:|---:|---:|---:|---:|---:|---|\n"
        f"| {t['wrong_to_right']} | {t['right_to_wrong']} | {t['both']} | {t['neither']} | {res['mcnemar_p']:.4g} | "
        f"{res['diff_pp']} | [{res['ci95_pp'][0]}, {res['ci95_pp'][1]}] |\n\n"
        "| outcome (result lines) | A | B |\n|---|---:|---:|\n"
        + "".join(f"| {o} | {res['outcomes']['a'].get(o, 0)} | {res['outcomes']['b'].get(o, 0)} |\n" for o in outcomes)
        + "\n| paired cost (common tasks) | A | B |\n|---|---:|---:|\n"
        + "".join(f"| {k} | {res['cost']['a'][k]:g} | {res['cost']['b'][k]:g} |\n" for k in res["cost"]["a"])
        + "".join(f"\nsettings differ (--allow-mismatch): {m}" for m in res["mismatched_settings"])
        + ("\n" if res["mismatched_settings"] else "")
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
    from fmrepair.eval.report.archive import ArchiveError, archive, load_tasks
    from fmrepair.eval.report.tables import load_manifest
    from fmrepair.inputs import InputError

    try:
        tasks = load_tasks(load_manifest(run_dir).settings, root)
        info = archive(run_dir, out, tasks, command=command, force=force)
    except (FileNotFoundError, InputError, ArchiveError, KeyError) as e:
        _fail(str(e))
        return
    typer.echo(f"archived {info['results']} results (of {info['expected_tasks']} tasks) to {info['archive']}")


def register(app: typer.Typer) -> None:
    bench_app.command("view")(view)
    app.add_typer(bench_app, name="bench")
