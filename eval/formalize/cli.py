"""`fmrepair formalize` (hidden alias, kept for one release): `fmrepair bench run` on a formalize suite
with the seed 001 strategy set (zero-shot, self-review, gated), printing the comparison (accuracy,
transitions against zero-shot, exact McNemar). Light imports only."""

from __future__ import annotations

import typer

# the alias's old suite names -> registered suites
SUITE_ALIASES = {"cpbench": "cp-bench"}


def formalize(
    suite: str = typer.Option("folio", "--suite", help="folio | cp-bench | planetarium-gen."),
    model: str = typer.Option("qwen2.5-coder-0.5b", "--model", help="Model registry name."),
    out: str = typer.Option(..., "--out", help="Run folder (resumable)."),
    start: int = typer.Option(0, "--start", help="First task index."),
    limit: int = typer.Option(10, "--limit", help="Number of tasks."),
    rounds: int = typer.Option(1, "--rounds", help="Repair rounds."),
    max_tokens: int = typer.Option(700, "--max-tokens", help="Completion token cap per call."),
    root: str | None = typer.Option(None, "--root", help="Benchmark root (default: shared benchmarks)."),
    workers: int = typer.Option(1, "--workers", min=1, help="Tasks in parallel (a served model batches them)."),
) -> None:
    """NL -> formal spec with zero-shot, LLM self-review and evidence-gated repair (seed 001); the same as
    `fmrepair bench run --suite S --strategy zero-shot,self-review,gated --k ROUNDS`."""
    import json
    import shlex
    import sys
    from pathlib import Path

    from fmrepair.eval.bench import BenchConfig, ConfigMismatch, run_bench, select_tasks
    from fmrepair.eval.kinds import RunSetupError
    from fmrepair.eval.suites.base import SEED_001
    from fmrepair.inputs import InputError
    from fmrepair.registry import UnknownName

    cfg = BenchConfig(
        suite=SUITE_ALIASES.get(suite, suite), root=root, strategy=SEED_001, model=model, k=rounds,
        max_new_tokens=max_tokens, workers=workers, limit=start + limit,
    )
    try:
        if start:  # tasks start .. start+limit-1 of the suite's order
            chosen = select_tasks(cfg)[0][start : start + limit]
            cfg = cfg.model_copy(update={"limit": None, "ids": [t.id for t in chosen]})
        command = shlex.join(["fmrepair", *sys.argv[1:]])
        summary = run_bench(cfg, Path(out), command=command)
    except (InputError, UnknownName, ConfigMismatch, RunSetupError) as e:
        typer.echo(f"fmrepair formalize: {e}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(summary.get("strategies", {}), indent=2))


def formalize_report(
    runs: list[str] = typer.Argument(..., help="Formalize run folders (pooled per model and benchmark)."),
    fmt: str = typer.Option("md", "--format", help="md | json."),
    out: str | None = typer.Option(None, "--out", help="Write here instead of stdout."),
) -> None:
    """Seed 001 Table 1 (hidden alias for one release of `fmrepair bench report --format table1`)."""
    from pathlib import Path

    from fmrepair.eval.formalize.report import report

    try:
        text = report(runs, fmt)
    except (FileNotFoundError, ValueError) as e:
        raise typer.BadParameter(str(e)) from e
    if out:
        Path(out).write_text(text, encoding="utf-8")
        typer.echo(f"wrote {out}")
    else:
        typer.echo(text)


def register(app: typer.Typer) -> None:
    app.command("formalize", hidden=True)(formalize)
    app.command("formalize-report", hidden=True)(formalize_report)  # alias of `bench report --format table1`
