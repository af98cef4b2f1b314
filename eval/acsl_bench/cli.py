"""`fmrepair acsl bench` (build the removal-schema benchmark) and `fmrepair acsl annotate` (the annotation
loop on it, through `bench run`'s runner: suite ``acsl-removal``, strategy ``annotate``). They live here,
not in verifiers/acsl/cli.py, because a verifier package may not import eval/ or agents/; `register` adds
them to the `fmrepair acsl` group. Light imports only; Frama-C runs inside commands."""

from __future__ import annotations

import json
from pathlib import Path

import typer


def bench_cmd(out: str = typer.Option(..., "--out", help="Output folder."),
              sources: str = typer.Option("examples/acsl", "--sources", help="Folder of proved .c programs."),
              workers: int = typer.Option(2, "--workers", min=1),
              goal_timeout: float = typer.Option(10.0, "--goal-timeout")) -> None:
    """Build the removal-schema benchmark (keeps only variants Frama-C fails on)."""
    from fmrepair.eval.acsl_bench import build

    summary = build(sorted(Path(sources).glob("*.c")), Path(out), workers=workers, goal_timeout_s=goal_timeout)
    keys = ("programs", "proved", "generated", "kept", "kept_total")
    typer.echo(json.dumps({k: summary[k] for k in keys} | {"not_proved": list(summary["not_proved"])}, indent=1))


def annotate_cmd(bench: str = typer.Option(..., "--bench", help="A built benchmark folder."),
                 model: str = typer.Option(..., "--model", help="Model name (fmrepair models list)."),
                 out: str = typer.Option(..., "--out", help="Run folder (manifest, attempts.jsonl, results.jsonl)."),
                 samples: int = typer.Option(2, "-n", help="Chains per task."),
                 retries: int = typer.Option(1, "-r", help="Feedback rounds per chain."),
                 schema: str | None = typer.Option(None, "--schema"),
                 limit: int | None = typer.Option(None, "--limit", min=1),
                 mode: str = typer.Option("insert", "--mode", help="insert | whole"),
                 max_new_tokens: int = typer.Option(384, "--max-new-tokens")) -> None:
    """Annotation-only completion with verifier feedback; prints pass@k raw vs faithful per schema. The same
    as `fmrepair bench run --suite acsl-removal --root BENCH --samples N --k R+1`."""
    from fmrepair.eval.acsl_bench.metrics import summarize
    from fmrepair.eval.bench import BenchConfig, ConfigMismatch, run_bench
    from fmrepair.eval.kinds import RunSetupError
    from fmrepair.inputs import InputError
    from fmrepair.runlog import RunLog

    cfg = BenchConfig(suite="acsl-removal", root=bench, mode=schema, strategy="annotate", model=model,
                      samples=samples, k=retries + 1, edit_mode=mode, max_new_tokens=max_new_tokens, limit=limit)
    try:
        run_bench(cfg, Path(out))
    except (InputError, ConfigMismatch, RunSetupError) as e:
        typer.echo(f"fmrepair acsl annotate: {e}", err=True)
        raise typer.Exit(2) from None
    results = RunLog(out).results()
    for r in results:
        typer.echo(f"{r.task_id}: raw={r.repaired} faithful={r.faithful} answers={r.attempts}")
    typer.echo(json.dumps(summarize(results, samples), indent=1))


def register(app: typer.Typer) -> None:
    """Add `acsl bench` and `acsl annotate` to the `fmrepair acsl` group."""
    from fmrepair.verifiers.acsl.cli import acsl_app

    acsl_app.command("bench")(bench_cmd)
    acsl_app.command("annotate")(annotate_cmd)
