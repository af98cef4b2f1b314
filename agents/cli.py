"""`fmrepair repair`: repair one specification file with a model and a strategy."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import typer

EXIT = {"repaired": 0, "not_repaired": 1, "unfaithful": 1, "bad_input": 2, "unknown": 3, "narrows": 4,
        "interrupted": 130}
EXIT_HELP = ("Exit 0 repaired (checks pass, faithful, every good instance of the original kept), 1 not "
             "repaired, 2 bad input, 3 undecided (the gate could not decide a passing candidate), 4 narrows "
             "(checks pass but the repair loses behaviour the original allows: the witness is shown; nothing "
             "written unless --keep-narrowing), 130 interrupted.")


def _fail(msg: str) -> None:
    typer.echo(f"fmrepair repair: error: {msg}", err=True)
    raise typer.Exit(EXIT["bad_input"])


class _Progress:
    """One live line on stderr (candidates checked of the budget, model answers, best so far, elapsed);
    with ``verbose`` one line per candidate instead."""

    def __init__(self, budget: int | None, verbose: bool) -> None:
        self.budget, self.verbose, self.t0 = budget, verbose, time.monotonic()
        self.checked = self.answers = self.passing = 0
        self.best: int | None = None
        self.live = sys.stderr.isatty() and not verbose

    def __call__(self, rec: Any) -> None:
        if rec.role == "search":
            if (rec.verdict or {}).get("status") in ("ok", "failed"):
                self.checked += 1  # as the budget counts: a candidate the compiler rejects is not a checked one
        elif rec.role != "instructor":
            self.answers += 1
        failing = [c for c in (rec.verdict or {}).get("commands", []) if not c.get("met")]
        if rec.verdict and rec.verdict.get("status") in ("ok", "failed"):
            self.best = len(failing) if self.best is None else min(self.best, len(failing))
        self.passing += int(bool(rec.raw_ok))
        if self.verbose:
            _describe(rec)
        elif self.live:
            of = f" of {self.budget}" if self.budget and rec.role == "search" else ""
            best = "-" if self.best is None else str(self.best)
            line = (f"\r  checked {self.checked}{of} candidates, {self.answers} model answers; fewest failing "
                    f"commands {best}; passing {self.passing}; {time.monotonic() - self.t0:.0f} s")
            sys.stderr.write(line[:110].ljust(110))
            sys.stderr.flush()

    def done(self) -> None:
        if self.live:
            sys.stderr.write("\r" + " " * 110 + "\r")
            sys.stderr.flush()


def _describe(rec: Any) -> None:
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
        if rec.raw_ok and (rec.gate or {}).get("status") == "narrows":
            what += "; passes but narrows (kept as a fallback)"
        elif rec.raw_ok and not rec.faithful:
            what += "; REJECTED as unfaithful: " + "; ".join((rec.gate or {}).get("reasons", [])[:2])
        elif rec.faithful:
            what += "; faithful repair"
        if rec.gated is not None:
            what += "; kept" if rec.gated.get("accepted") else "; not kept"
    if rec.role == "search":
        desc = " ".join(rec.raw.split())
        typer.echo(f"  search candidate {rec.iteration}: {what} [{desc if len(desc) <= 100 else desc[:97] + '...'}]",
                   err=True)
        return
    typer.echo(
        f"  model answer {rec.chain}.{rec.iteration}: {what} ({rec.completion_tokens} tok, {rec.seconds:.1f} s)",
        err=True,
    )


def repair(
    path: Path = typer.Argument(..., help="The faulty specification (.als)."),
    strategy: str = typer.Option(
        "mutate", help="mutate (bounded search, no model; the default: it repairs most on a CPU, README) | hybrid "
        "(model + search) | single-nf | single-gf | dual-af | sample | gated (model only); `fmrepair strategies`",
        rich_help_panel="Search"),
    model: str | None = typer.Option(
        None, help="A model from `fmrepair models list`, or none (default: none for mutate, else "
        "qwen2.5-coder-0.5b).", rich_help_panel="Model"),
    candidates: int | None = typer.Option(
        None, min=1, help="Search budget: candidate specifications checked (default 3000).", rich_help_panel="Budget"),
    iterations: int = typer.Option(6, "--iterations", "-k", min=1, help="Model answers per chain (k).",
                                   rich_help_panel="Budget"),
    samples: int = typer.Option(1, min=1, help="Chains (n) for the `sample` strategy.", rich_help_panel="Budget"),
    wall_seconds: float | None = typer.Option(None, help="Safety cap on wall time, seconds (results then depend on "
                                              "machine load).", rich_help_panel="Budget"),
    timeout: float = typer.Option(30.0, help="Verifier timeout per check, seconds.", rich_help_panel="Budget"),
    edit_mode: str = typer.Option("paragraph", help="paragraph | patch | whole (the model's edit form).",
                                  rich_help_panel="Model"),
    temperature: float = typer.Option(0.2, min=0.0, max=2.0, rich_help_panel="Model"),
    seed: int = typer.Option(0, rich_help_panel="Model"),
    max_new_tokens: int = typer.Option(400, min=16, help="Tokens per model answer.", rich_help_panel="Model"),
    instructor: str | None = typer.Option(None, help="dual-af: the instructor's model (default: --model).",
                                          rich_help_panel="Model"),
    alternatives: int = typer.Option(1, min=1, help="Keep searching until N distinct repairs are found; print "
                                     "each with what it changes.", rich_help_panel="Search"),
    editable: list[str] = typer.Option(
        [], "--editable", help="A pred/fun an assertion reaches that the repair may change (repeatable).",
        rich_help_panel="Search"),
    out: Path | None = typer.Option(None, help="Where to write the repair (default PATH.fixed.als).",
                                    rich_help_panel="Output"),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing output file.", rich_help_panel="Output"),
    dry_run: bool = typer.Option(False, "--dry-run", help="Write nothing (no repair file, no run log).",
                                 rich_help_panel="Output"),
    keep_narrowing: bool = typer.Option(False, "--keep-narrowing", help="Also write a repair that narrows.",
                                        rich_help_panel="Output"),
    log: Path | None = typer.Option(None, help="Run-log folder (default runs/repair-<time>-<name>).",
                                    rich_help_panel="Output"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="One line per candidate.", rich_help_panel="Output"),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON summary (docs/cli.md).",
                                 rich_help_panel="Output"),
) -> None:
    """Repair a faulty specification. "Repaired" means: every command meets its expectation, the gate finds
    nothing changed that is checked, and the Analyzer finds no instance of your file that meets its facts
    and checked assertions that the repair excludes. Writes PATH.fixed.als only for such a repair."""
    from fmrepair.agents.config import Budget, RepairConfig
    from fmrepair.agents.strategies import STRATEGIES, needs_model
    from fmrepair.inputs import InputError, read_spec
    from fmrepair.registry import UnknownName, did_you_mean
    from fmrepair.verifiers.registry import UnknownFormalism, detect_formalism

    try:
        if detect_formalism(path) != "alloy":
            _fail(f"{path}: only Alloy (.als) repair is supported so far")
        text = read_spec(path)
        if strategy not in STRATEGIES:
            raise UnknownName(did_you_mean("strategy", strategy, STRATEGIES.names()))
        if edit_mode not in ("paragraph", "patch", "whole"):
            _fail(f"unknown edit mode {edit_mode!r}; known: paragraph, patch, whole")
        model = model or ("qwen2.5-coder-0.5b" if needs_model(strategy) else "none")
        if model == "none" and needs_model(strategy):
            _fail(f"strategy {strategy!r} needs a model: pass --model NAME (`fmrepair models list`)")
        config = RepairConfig(
            strategy=strategy,
            edit_mode=edit_mode,  # type: ignore[arg-type]
            budget=Budget(iterations=iterations, samples=samples, wall_seconds=wall_seconds, candidates=candidates),
            temperature=temperature,
            seed=seed,
            max_new_tokens=max_new_tokens,
            check_timeout_s=timeout,
            instructor_model=instructor,
            alternatives=alternatives,
        )
    except (InputError, UnknownFormalism, UnknownName) as e:
        _fail(str(e))
        return
    target = out or path.with_name(path.name.removesuffix(".als") + ".fixed.als")
    if target.exists() and not force and not dry_run:
        _fail(f"{target} exists; pass --force to overwrite it or --out PATH")
    opts = _Options(out=target, log=None if dry_run else log, as_json=as_json, verbose=verbose, dry_run=dry_run,
                    keep_narrowing=keep_narrowing)
    _run(path, text, config, model, opts, editable)


class _Options:
    def __init__(self, **kw: Any) -> None:
        self.__dict__.update(kw)


def _input_problem(path: Path, text: str, verifier: Any) -> tuple[str | None, str | None]:
    """(an error that makes the input unrepairable, a warning) from one check of the input."""
    from fmrepair.verifiers.alloy.text import split_paragraphs
    from fmrepair.verifiers.base import CheckOptions

    v = verifier.check(text, CheckOptions(timeout_s=60))
    if v.status in ("syntax_error", "type_error"):
        e = v.errors[0] if v.errors else None
        where = f"{path}:{e.line or '?'}:{e.column or '?'}" if e else str(path)
        return f"{where}: {v.status.replace('_', ' ')}: {e.message if e else ''}".rstrip(": "), None
    if v.status == "ok" and all(c.met for c in v.commands):
        return "", None
    paras = split_paragraphs(text)
    checked = {p.target for p in paras if p.kind == "command"}
    unchecked = [p.name for p in paras if p.kind == "assert" and p.name not in checked and not p.name.startswith("#")]
    warn = f"warning: no command checks assert {', '.join(unchecked)}" if unchecked else None
    return None, warn


def _run(path: Path, text: str, config: Any, model_name: str, opts: _Options, editable: list[str]) -> None:
    from fmrepair.agents.runner import default_gate, repair_task, task_from_user_file
    from fmrepair.manifest import build_manifest
    from fmrepair.registry import UnknownName
    from fmrepair.runlog import RunLog
    from fmrepair.serving import get_model
    from fmrepair.serving.nomodel import NoModel
    from fmrepair.verifiers.alloy import AlloyVerifier

    task = task_from_user_file(str(path), text, editable or [])
    with AlloyVerifier(workers=1) as verifier:
        problem, warning = _input_problem(path, text, verifier)
        if warning:
            typer.echo(warning, err=True)
        if problem:
            _fail(problem)
        if problem == "":
            typer.echo(f"{path}: nothing to repair: every command already meets its expectation")
            raise typer.Exit(EXIT["not_repaired"])
        try:
            if model_name != "none":
                typer.echo(f"loading model {model_name} ...", err=True)
            model = NoModel() if model_name == "none" else get_model(model_name)
            instr = get_model(config.instructor_model) if config.instructor_model else None
        except (UnknownName, KeyError) as e:
            _fail(str(e))
            return
        runlog = None
        log_dir = opts.log or Path("runs") / f"repair-{time.strftime('%Y%m%d-%H%M%S')}-{path.stem}"
        if not opts.dry_run:
            runlog = RunLog(log_dir)
            runlog.write_manifest(build_manifest(config.model_dump(), {"name": model_name}))
        budget = config.budget.candidates or 3000
        typer.echo(f"repairing {path} with {config.strategy}"
                   + (f" (budget {budget} candidates)" if config.strategy in ("mutate", "hybrid") else "")
                   + (f"; log: {log_dir}" if runlog else ""), err=True)
        progress = _Progress(budget if config.strategy in ("mutate", "hybrid") else None, opts.verbose)
        try:
            outcome = repair_task(task, model, verifier, config, gate=default_gate(verifier), instructor=instr,
                                  log=runlog, on_attempt=progress)
        except KeyboardInterrupt:
            progress.done()
            typer.echo(f"interrupted after {progress.checked} candidates; nothing written", err=True)
            raise typer.Exit(EXIT["interrupted"]) from None
        progress.done()
    _report(path, text, outcome, config, model_name, opts, progress, None if runlog is None else log_dir)


def _report(path: Path, text: str, outcome: Any, config: Any, model_name: str, opts: _Options, progress: _Progress,
            log_dir: Path | None) -> None:
    """The end of a repair: the outcome, a diff against the input, what changed in behaviour, the cost."""
    import difflib

    r = outcome.result
    kind = outcome.outcome
    if kind == "not_repaired" and r.gate_unknown:
        kind = "unknown"
    final = outcome.candidate or outcome.narrowing
    gate = (outcome.narrowing_gate if outcome.candidate is None else None) or {}
    written: str | None = None
    if final is not None and (kind == "repaired" or (kind == "narrows" and opts.keep_narrowing)) and not opts.dry_run:
        opts.out.write_text(final, encoding="utf-8")
        written = str(opts.out)
    def udiff(after: str) -> str:
        return "".join(difflib.unified_diff(text.splitlines(keepends=True), after.splitlines(keepends=True),
                                            str(path), f"{path} ({'repaired' if kind == 'repaired' else kind})",
                                            n=1))

    diff = "" if final is None else udiff(final)
    others = [udiff(a) for a in outcome.alternatives]
    summary = {
        "outcome": kind,
        "repaired": kind == "repaired",
        "file": str(path),
        "out": written,
        "candidate": final,
        "diff": diff,
        "lost": gate.get("lost", []),
        "alternatives": others,
        "strategy": config.strategy,
        "model": model_name,
        "iterations": r.iterations,
        "candidates_checked": progress.checked,
        "model_answers": progress.answers,
        "unfaithful_rejected": r.unfaithful_rejected,
        "gate_unknown": r.gate_unknown,
        "narrowing_candidates": r.extra.get("narrowing_candidates", 0),
        "tokens": {"prompt": r.prompt_tokens, "completion": r.completion_tokens},
        "seconds": round(r.seconds, 2),
        "stop_reason": r.stop_reason,
        "log": None if log_dir is None else str(log_dir),
    }
    if opts.as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
        raise typer.Exit(EXIT[kind])
    head = {
        "repaired": "repaired: checks pass, faithful, every good instance kept -> "
                    + (written or "(dry run: not written)"),
        "narrows": "NARROWS: this candidate passes the checks but loses behaviour your file allows "
                   + (f"(written to {written})" if written else "(not written; --keep-narrowing writes it)"),
        "unfaithful": "not repaired: every passing candidate changed what is checked (unfaithful)",
        "unknown": "undecided: the gate could not decide the passing candidates (never a repair)",
        "not_repaired": "not repaired",
    }[kind]
    typer.echo(f"{path}: {head}")
    if diff:
        lines = diff.splitlines()
        typer.echo("\n".join(lines[:24] + ([f"... ({len(lines) - 24} more diff lines)"] if len(lines) > 24 else [])))
    for i, d in enumerate(others, 2):
        changed = [ln for ln in d.splitlines()[2:] if ln[:1] in "+-"]
        typer.echo(f"alternative {i} (also repaired):\n" + "\n".join(changed[:8]))
    for w in summary["lost"][:1]:
        typer.echo("lost (an instance of your file that meets its facts and checked assertions, excluded by the "
                   f"repair) {' '.join(w.split())[:400]}")
    typer.echo(f"{progress.checked} candidates checked, {progress.answers} model answers, {r.seconds:.1f} s; "
               f"stop: {r.stop_reason}" + (f"; log {log_dir}" if log_dir else ""))
    raise typer.Exit(EXIT[kind])


def strategies() -> None:
    """One line per strategy: what it does, the task kinds it runs on, whether it needs a model."""
    from fmrepair.agents.strategies import all_strategy_info

    for name, info in all_strategy_info().items():
        model = "model" if info.needs_model else "no model"
        typer.echo(f"{name:<12} {'/'.join(info.kinds):<17} {model:<8} {info.help}")


def register(app: typer.Typer) -> None:
    app.command("repair", epilog=EXIT_HELP)(repair)
    app.command("strategies")(strategies)
