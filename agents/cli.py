"""`fmrepair repair`: repair one specification file with a model and a strategy."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import typer


def _fail(msg: str) -> None:
    typer.echo(f"fmrepair repair: {msg}", err=True)
    raise typer.Exit(2)


def _progress(rec: Any) -> None:
    if rec.role == "instructor":
        typer.echo(f"  instructor ({rec.completion_tokens} tokens)", err=True)
        return
    if rec.candidate is None:
        what = f"no usable tool call ({(rec.candidate_error or 'unparsable')[:80]})"
    elif rec.repeated:
        what = "repeated the specification"
    else:
        v = rec.verdict or {}
        failing = [c["label"] for c in v.get("commands", []) if not c.get("met")]
        what = v.get("status", "?")
        if failing:
            what += f"; failing: {', '.join(failing[:4])}"
        if rec.raw_ok and not rec.faithful:
            what += "; REJECTED as unfaithful: " + "; ".join((rec.gate or {}).get("reasons", [])[:2])
        elif rec.faithful:
            what += "; faithful repair"
        if rec.gated is not None:
            what += "; kept" if rec.gated.get("accepted") else "; not kept"
    if rec.role == "search":
        typer.echo(f"  search candidate {rec.iteration}: {what} [{rec.raw[:70]}]", err=True)
        return
    typer.echo(
        f"  model answer {rec.chain}.{rec.iteration}: {what} ({rec.completion_tokens} tok, {rec.seconds:.1f} s)",
        err=True,
    )


def repair(
    path: Path = typer.Argument(..., help="The faulty specification (.als)."),
    strategy: str = typer.Option(
        "single-gf", help="single-nf | single-gf | dual-af | sample | gated | mutate | hybrid"
    ),
    model: str = typer.Option("qwen2.5-coder-0.5b", help="A model name from `fmrepair models list`."),
    iterations: int = typer.Option(6, "--iterations", "-k", min=1, help="Iterations per chain (k)."),
    samples: int = typer.Option(1, min=1, help="Chains (n) for the `sample` strategy."),
    edit_mode: str = typer.Option("paragraph", help="paragraph | patch | whole (the tool call's form)."),
    temperature: float = typer.Option(0.2, min=0.0, max=2.0),
    seed: int = typer.Option(0),
    max_new_tokens: int = typer.Option(400, min=16, help="Tokens per model answer."),
    wall_seconds: float | None = typer.Option(None, help="Wall-time budget in seconds."),
    timeout: float = typer.Option(30.0, help="Verifier timeout per check, seconds."),
    instructor: str | None = typer.Option(None, help="dual-af: the instructor's model (default: --model)."),
    out: Path | None = typer.Option(None, help="Where to write the repair (default PATH.fixed.als)."),
    log: Path | None = typer.Option(None, help="Run-log folder (default runs/repair-<time>-<name>)."),
    editable: list[str] = typer.Option(
        [], "--editable", help="A pred/fun an assertion or command reaches that the repair may change (repeatable)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON summary."),
) -> None:
    """Repair a faulty specification; writes the repair only when it is faithful (exit 0), else exit 1."""
    from fmrepair.agents.config import Budget, RepairConfig
    from fmrepair.agents.strategies import STRATEGIES
    from fmrepair.inputs import InputError, read_spec
    from fmrepair.registry import UnknownName
    from fmrepair.verifiers.registry import UnknownFormalism, detect_formalism

    try:
        if detect_formalism(path) != "alloy":
            _fail(f"{path}: only Alloy (.als) repair is supported so far")
        text = read_spec(path)
        if strategy not in STRATEGIES:
            raise UnknownName(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES.names())}")
        if edit_mode not in ("paragraph", "patch", "whole"):
            _fail(f"unknown edit mode {edit_mode!r}; known: paragraph, patch, whole")
        config = RepairConfig(
            strategy=strategy,
            edit_mode=edit_mode,  # type: ignore[arg-type]
            budget=Budget(iterations=iterations, samples=samples, wall_seconds=wall_seconds),
            temperature=temperature,
            seed=seed,
            max_new_tokens=max_new_tokens,
            check_timeout_s=timeout,
            instructor_model=instructor,
        )
    except (InputError, UnknownFormalism, UnknownName) as e:
        _fail(str(e))
        return
    _run(path, text, config, model, out, log, as_json, editable)


def _run(
    path: Path,
    text: str,
    config: Any,
    model_name: str,
    out: Path | None,
    log: Path | None,
    as_json: bool,
    editable: list[str] | None = None,
) -> None:
    from fmrepair.agents.runner import default_gate, repair_task, task_from_user_file
    from fmrepair.manifest import build_manifest
    from fmrepair.registry import UnknownName
    from fmrepair.runlog import RunLog
    from fmrepair.serving import get_model
    from fmrepair.verifiers.alloy import AlloyVerifier

    task = task_from_user_file(str(path), text, editable or [])
    log_dir = log or Path("runs") / f"repair-{time.strftime('%Y%m%d-%H%M%S')}-{path.stem}"
    try:
        typer.echo(f"loading model {model_name} ...", err=True)
        model = get_model(model_name)
        instr = get_model(config.instructor_model) if config.instructor_model else None
    except (UnknownName, KeyError) as e:
        _fail(str(e))
        return
    runlog = RunLog(log_dir)
    runlog.write_manifest(build_manifest(config.model_dump(), {"name": model_name}))
    typer.echo(f"repairing {path} with {config.strategy} ({config.edit_mode} edits); log: {log_dir}", err=True)
    with AlloyVerifier(workers=1) as verifier:
        outcome = repair_task(
            task,
            model,
            verifier,
            config,
            gate=default_gate(verifier),
            instructor=instr,
            log=runlog,
            on_attempt=_progress,
        )
    r = outcome.result
    written: str | None = None
    if outcome.candidate is not None:
        target = out or path.with_name(path.name.removesuffix(".als") + ".fixed.als")
        target.write_text(outcome.candidate, encoding="utf-8")
        written = str(target)
    summary = {
        "repaired": r.faithful,
        "faithful": r.faithful,
        "raw_repaired": r.repaired,
        "iterations": r.iterations,
        "strategy": config.strategy,
        "model": model_name,
        "tokens": {"prompt": r.prompt_tokens, "completion": r.completion_tokens},
        "seconds": round(r.seconds, 2),
        "out": written,
        "log": str(log_dir),
        "unfaithful_rejected": r.unfaithful_rejected,
        "stop_reason": r.stop_reason,
    }
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
    else:
        state = f"repaired -> {written}" if written else "NOT repaired"
        typer.echo(f"{path}: {state} ({r.iterations} iterations, {r.seconds:.1f} s; {r.stop_reason})")
    raise typer.Exit(0 if written else 1)


def register(app: typer.Typer) -> None:
    app.command("repair")(repair)
