"""`fmrepair formalize`: run zero-shot, self-review and gated formalization on a suite slice and print
the comparison (accuracy, transitions against zero-shot, exact McNemar). Light imports only."""

from __future__ import annotations

import typer

# formalize suites: name -> (Suite class path, benchmark folder under the shared benchmarks)
FORMALIZE_SUITES = {
    "folio": ("fmrepair.eval.suites.folio:FolioSuite", "folio"),
    "cpbench": ("fmrepair.eval.suites.cpbench:CpBenchSuite", "cp-bench"),
    "planetarium-gen": ("fmrepair.eval.suites.planetarium_gen:PlanetariumGenSuite", "planetarium"),
}


def formalize(
    suite: str = typer.Option("folio", "--suite", help="folio | cpbench | planetarium-gen."),
    model: str = typer.Option("qwen2.5-coder-0.5b", "--model", help="Model registry name."),
    out: str = typer.Option(..., "--out", help="Run folder (resumable)."),
    start: int = typer.Option(0, "--start", help="First task index."),
    limit: int = typer.Option(10, "--limit", help="Number of tasks."),
    rounds: int = typer.Option(1, "--rounds", help="Repair rounds."),
    max_tokens: int = typer.Option(700, "--max-tokens", help="Completion token cap per call."),
    root: str | None = typer.Option(None, "--root", help="Benchmark root (default: shared benchmarks)."),
    workers: int = typer.Option(1, "--workers", min=1, help="Tasks in parallel (a served model batches them)."),
) -> None:
    """NL -> formal spec with zero-shot, LLM self-review and evidence-gated repair (seed 001)."""
    from fmrepair.agents.formalize.loop import FormalizeConfig
    from fmrepair.eval.formalize.runner import format_report, run
    from fmrepair.eval.suites import get_suite, resolve_root
    from fmrepair.serving import Sampling, get_model

    if suite in FORMALIZE_SUITES:
        import importlib

        path, folder = FORMALIZE_SUITES[suite]
        module, cls = path.split(":")
        tasks = getattr(importlib.import_module(module), cls)().tasks(resolve_root(folder, root))
    else:
        tasks = get_suite(suite).tasks(resolve_root(suite, root))
    chosen = tasks[start : start + limit]
    config = FormalizeConfig(rounds=rounds, sampling=Sampling(temperature=0.0, max_tokens=max_tokens))
    report = run(chosen, get_model(model), out, config, suite=suite, workers=workers, progress=True)
    typer.echo(format_report(report))


def formalize_report(
    runs: list[str] = typer.Argument(..., help="Formalize run folders (pooled per model and benchmark)."),
    fmt: str = typer.Option("md", "--format", help="md | json."),
    out: str | None = typer.Option(None, "--out", help="Write here instead of stdout."),
) -> None:
    """Seed 001 Table 1: accuracy per model and benchmark, fixes/breaks against zero-shot, McNemar."""
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
    app.command("formalize")(formalize)
    app.command("formalize-report")(formalize_report)
