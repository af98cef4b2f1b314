"""`fmrepair acsl ...`: Frama-C/WP checks with goals and annotation statuses, the ACSL gate, the
removal-schema benchmark and the annotation loop. Light imports only; Frama-C runs inside commands.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

acsl_app = typer.Typer(help="ACSL proof annotations (Frama-C/WP): check, gate, bench, annotate.", no_args_is_help=True)
JSON = typer.Option(False, "--json", help="Print JSON.")


def _read(path: str) -> str:
    from fmrepair.inputs import InputError, read_spec

    try:
        return read_spec(path)
    except InputError as e:
        sys.stderr.write(f"error: {e}\n")
        raise typer.Exit(2) from None


@acsl_app.command("check")
def check_cmd(path: str = typer.Argument(..., help="An annotated C file."),
              timeout: float = typer.Option(300.0, "--timeout", help="Seconds for the whole Frama-C run."),
              goal_timeout: float = typer.Option(10.0, "--goal-timeout", help="Seconds per prover call."),
              no_rte: bool = typer.Option(False, "--no-rte", help="Do not add run-time-error guards."),
              as_json: bool = JSON) -> None:
    """Frama-C/WP on one file: every goal and every annotation's status (exit 0 all proved, 1 not)."""
    from fmrepair.verifiers.acsl import AcslVerifier
    from fmrepair.verifiers.base import CheckOptions

    result = AcslVerifier(rte=not no_rte, goal_timeout_s=goal_timeout).run(_read(path), CheckOptions(timeout_s=timeout))
    if as_json:
        typer.echo(json.dumps(result.to_json_dict(path), indent=1))
    else:
        v = result.verdict
        typer.echo(f"{path}: {v.status} ({sum(c.met for c in v.commands)}/{len(v.commands)} goals proved)")
        for e in v.errors:
            typer.echo(f"  {e.line or '?'}: {e.message}")
        for g in result.unproved():
            typer.echo(f"  {g.outcome}: {g.label}" + (f"  [{g.prove}]" if g.prove else ""))
    raise typer.Exit(0 if result.verdict.ok else 1)


def gate_cmd(original: str = typer.Argument(..., help="The program as given (.c)."),
             candidate: str = typer.Argument(..., help="The annotated candidate (.c)."),
             no_framac: bool = typer.Option(False, "--no-framac", help="Token comparison only."),
             as_json: bool = JSON) -> None:
    """ACSL faithfulness gate: same code, contracts and assertions unchanged, no escapes (exit 0/1)."""
    from fmrepair.verifiers.acsl.gate import gate

    report = gate(_read(original), _read(candidate), use_framac=not no_framac)
    if as_json:
        typer.echo(json.dumps(report.to_dict()))
    else:
        typer.echo("faithful" if report.faithful else "NOT faithful")
        for r in report.reasons:
            typer.echo(f"  - {r}")
        for n in report.notes:
            typer.echo(f"  note: {n}")
    raise typer.Exit(0 if report.faithful else 1)


acsl_app.command("gate")(gate_cmd)


@acsl_app.command("bench")
def bench_cmd(out: str = typer.Option(..., "--out", help="Output folder."),
              sources: str = typer.Option("examples/acsl", "--sources", help="Folder of proved .c programs."),
              workers: int = typer.Option(2, "--workers", min=1),
              goal_timeout: float = typer.Option(10.0, "--goal-timeout")) -> None:
    """Build the removal-schema benchmark (keeps only variants Frama-C fails on)."""
    from fmrepair.eval.acsl_bench import build

    summary = build(sorted(Path(sources).glob("*.c")), Path(out), workers=workers, goal_timeout_s=goal_timeout)
    keys = ("programs", "proved", "generated", "kept", "kept_total")
    typer.echo(json.dumps({k: summary[k] for k in keys} | {"not_proved": list(summary["not_proved"])}, indent=1))


@acsl_app.command("annotate")
def annotate_cmd(bench: str = typer.Option(..., "--bench", help="A built benchmark folder."),
                 model: str = typer.Option(..., "--model", help="Model name (fmrepair models list)."),
                 out: str = typer.Option(..., "--out", help="Run folder (attempts.jsonl, results.jsonl)."),
                 samples: int = typer.Option(2, "-n", help="Chains per task."),
                 retries: int = typer.Option(1, "-r", help="Feedback rounds per chain."),
                 schema: str | None = typer.Option(None, "--schema"),
                 limit: int | None = typer.Option(None, "--limit", min=1),
                 mode: str = typer.Option("insert", "--mode", help="insert | whole"),
                 max_new_tokens: int = typer.Option(384, "--max-new-tokens")) -> None:
    """Annotation-only completion with verifier feedback; prints pass@k raw vs faithful per schema."""
    from fmrepair.agents.annotate import AnnotateConfig, annotate_task
    from fmrepair.eval.acsl_bench import load_tasks
    from fmrepair.eval.acsl_bench.metrics import summarize
    from fmrepair.runlog import RunLog
    from fmrepair.serving import get_model
    from fmrepair.verifiers.acsl import AcslVerifier

    tasks = load_tasks(Path(bench), schema)[:limit]
    log = RunLog(out)
    done = log.finished_ids()
    cfg = AnnotateConfig(samples=samples, retries=retries, mode=mode, max_new_tokens=max_new_tokens)  # type: ignore[arg-type]
    chat = get_model(model)
    verifier = AcslVerifier()
    for t in tasks:
        if t.id in done:
            continue
        r = annotate_task(t, chat, verifier, cfg, log=log)
        typer.echo(f"{t.id}: raw={r.repaired} faithful={r.faithful} answers={r.attempts}")
    typer.echo(json.dumps(summarize(log.results(), samples), indent=1))


def register(app: typer.Typer) -> None:
    """Add `fmrepair acsl ...` to the root app."""
    app.add_typer(acsl_app, name="acsl")
