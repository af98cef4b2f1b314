"""`fmrepair repair FILE`: `bench run` on one file. The file is the one task of the ``files`` suite
(eval/suites/files.py), run by the same engine (eval/run/engine.py) with the same run config, whose
options are generated from the same fields (eval/config.py ``BenchConfig``); the run log is a bench run
folder, so `bench report`, `bench view` and `bench compare` read it. What this command adds is the
everyday front: one live progress line, the input checked first (a syntax error is FILE:LINE:COL, exit
2, and no run folder), the repair written beside the input, a diff and what changed at the end.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import typer

from fmrepair.eval.config import BenchConfig
from fmrepair.eval.run.options import FROM_OPTIONS, with_config_options

EXIT = {"repaired": 0, "not_repaired": 1, "unfaithful": 1, "bad_input": 2, "unknown": 3, "narrows": 4,
        "interrupted": 130}
EXIT_HELP = ("Exit 0 repaired (checks pass, faithful, every good instance of the original kept), 1 not "
             "repaired, 2 bad input, 3 undecided (the gate could not decide a passing candidate), 4 narrows "
             "(checks pass but the repair loses behaviour the original allows: the witness is shown; nothing "
             "written unless --keep-narrowing), 130 interrupted.")
# the run config fields that make sense for one file (which tasks: the file; processes: one task)
FIELDS = (
    "strategy", "edit_mode", "alternatives", "weakest_of", "narrowing_compare",
    "editable", "search_prune", "search_synth", "search_lift",
    "search_classes", "search_audit", "search_ranker", "model", "instructor_model", "temperature", "seed",
    "max_new_tokens", "constraint", "k", "samples", "candidates", "proposals", "sketch_evals", "wall_seconds",
    "check_timeout_s",
)
NOT_HERE = ("suite", "root", "mode", "family", "ids", "limit", "workers", "verifier_workers")


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
    out: Path | None = typer.Option(None, help="Where to write the repair (default PATH.fixed.als).",
                                    rich_help_panel="Output"),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing output file.", rich_help_panel="Output"),
    dry_run: bool = typer.Option(False, "--dry-run", help="Write nothing (no repair file, no run log).",
                                 rich_help_panel="Output"),
    keep_narrowing: bool = typer.Option(False, "--keep-narrowing", help="Also write a repair that narrows.",
                                        rich_help_panel="Output"),
    log: Path | None = typer.Option(None, help="Run folder (default runs/repair-<time>-<name>; an existing one "
                                    "is resumed, as with `bench run --out`).", rich_help_panel="Output"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="One line per candidate.", rich_help_panel="Output"),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON summary (docs/cli.md).",
                                 rich_help_panel="Output"),
    config: Path | None = typer.Option(
        None, "--config", help="Run config file (YAML, the keys of `bench run`); options given here override it.",
        rich_help_panel="Output"),
    set_: list[str] | None = typer.Option(None, "--set", help="KEY=VALUE run config override (repeatable).",
                                          rich_help_panel="Output"),
    explain_: bool = typer.Option(False, "--explain", help="Print every option's full description and exit.",
                                  rich_help_panel="Output"),
    settings: dict[str, Any] = FROM_OPTIONS,
) -> None:
    """Repair a faulty specification: `bench run` on one file (the suite `files`; default strategy mutate,
    no model). "Repaired" means: every command meets its expectation, the gate finds nothing changed that
    is checked, and the Analyzer finds no instance of your file that meets its facts and checked
    assertions that the repair excludes. Writes PATH.fixed.als only for such a repair. An on/off option
    --x also takes the form --no-x."""
    from fmrepair.eval.config import ConfigError, build_config
    from fmrepair.eval.kinds import RunSetupError
    from fmrepair.eval.run.engine import select_tasks
    from fmrepair.eval.run.options import given
    from fmrepair.eval.run.tasks import resolve_config
    from fmrepair.inputs import InputError, read_spec
    from fmrepair.registry import UnknownName
    from fmrepair.verifiers.registry import UnknownFormalism, detect_formalism

    if explain_:
        from fmrepair.eval.run.options import explain

        sys.stdout.write(explain(BenchConfig, FIELDS))
        raise typer.Exit(0)
    try:
        if detect_formalism(path) != "alloy":
            _fail(f"{path}: only Alloy (.als) repair is supported so far")
        text = read_spec(path)
        root = str(path.resolve())  # recorded in the manifest: `bench view` finds the file from anywhere
        cfg = build_config(config, {**given(settings or {}), "suite": "files", "root": root}, set_ or [])
        moved = [k for k in NOT_HERE if getattr(cfg, k) != getattr(BenchConfig(suite="files", root=root), k)]
        if moved:
            _fail(f"repair takes one file; {', '.join(moved)}: for `fmrepair bench run`")
        cfg, _ = resolve_config(cfg)
        select_tasks(cfg)  # the file as the engine reads it: --editable names checked now
    except (InputError, UnknownFormalism, UnknownName, ConfigError, RunSetupError) as e:
        _fail(str(e))
        return
    target = out or path.with_name(path.name.removesuffix(".als") + ".fixed.als")
    if target.exists() and not force and not dry_run:
        _fail(f"{target} exists; pass --force to overwrite it or --out PATH")
    opts = _Options(out=target, log=log, as_json=as_json, verbose=verbose, dry_run=dry_run,
                    keep_narrowing=keep_narrowing)
    _run(path, text, cfg, opts)


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


def _run(path: Path, text: str, cfg: BenchConfig, opts: _Options) -> None:
    import shutil
    import tempfile

    from fmrepair.agents.config import DEFAULT_SEARCH_CANDIDATES
    from fmrepair.agents.strategies import strategy_info
    from fmrepair.eval.run.engine import ConfigMismatch, run_bench
    from fmrepair.eval.run.tasks import Verifiers
    from fmrepair.inputs import InputError
    from fmrepair.registry import UnknownName
    from fmrepair.runlog import RunLog

    log_dir = opts.log or Path("runs") / f"repair-{time.strftime('%Y%m%d-%H%M%S')}-{path.stem}"
    scratch = Path(tempfile.mkdtemp(prefix="fmrepair-dry-")) if opts.dry_run else None
    folder = scratch / "run" if scratch else log_dir
    search = strategy_info(cfg.strategy or "").search
    budget = cfg.repair_config().budget.candidates or DEFAULT_SEARCH_CANDIDATES
    progress = _Progress(budget if search else None, opts.verbose)
    try:
        with Verifiers(workers=1) as verifiers:
            problem, warning = _input_problem(path, text, verifiers.get("alloy"))
            if warning:
                typer.echo(warning, err=True)
            if problem:
                _fail(problem)
            if problem == "":
                typer.echo(f"{path}: nothing to repair: every command already meets its expectation")
                raise typer.Exit(EXIT["not_repaired"])
            if cfg.model != "none":
                typer.echo(f"loading model {cfg.model} ...", err=True)
            typer.echo(f"repairing {path} with {cfg.strategy}" + (f" (budget {budget} candidates)" if search else "")
                       + ("" if scratch else f"; log: {log_dir}"), err=True)
            try:
                run_bench(cfg, folder, progress=False, command=shlex.join(["fmrepair", *sys.argv[1:]]),
                          verifiers=verifiers, on_attempt=progress)
            except KeyboardInterrupt:
                progress.done()
                typer.echo(f"interrupted after {progress.checked} candidates; nothing written", err=True)
                raise typer.Exit(EXIT["interrupted"]) from None
            except (InputError, UnknownName, ConfigMismatch, KeyError) as e:
                progress.done()
                _fail(str(e))
            progress.done()
        results = RunLog(folder, readonly=True).results()
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    if not results:
        _fail(f"{folder}: the run wrote no result")
    _report(path, text, results[-1], cfg, opts, progress, None if scratch else log_dir)


def _report(path: Path, text: str, r: Any, cfg: BenchConfig, opts: _Options, progress: _Progress,
            log_dir: Path | None) -> None:
    """The end of a repair: the outcome, a diff against the input, what changed in behaviour, the cost."""
    import difflib

    if r.status == "error":
        _fail(f"the run failed: {r.extra.get('error') or r.stop_reason}")
    kind = r.extra.get("outcome") or ("repaired" if r.faithful else "unfaithful" if r.repaired else "not_repaired")
    if kind == "not_repaired" and r.gate_unknown:
        kind = "unknown"
    final = r.candidate or r.extra.get("narrowing")
    written: str | None = None
    if final is not None and (kind == "repaired" or (kind == "narrows" and opts.keep_narrowing)) and not opts.dry_run:
        opts.out.write_text(final, encoding="utf-8")
        written = str(opts.out)
    def udiff(after: str) -> str:
        return "".join(difflib.unified_diff(text.splitlines(keepends=True), after.splitlines(keepends=True),
                                            str(path), f"{path} ({'repaired' if kind == 'repaired' else kind})",
                                            n=1))

    diff = "" if final is None else udiff(final)
    others = [udiff(a) for a in r.extra.get("alternatives", [])]
    summary = {
        "outcome": kind,
        "repaired": kind == "repaired",
        "file": str(path),
        "out": written,
        "candidate": final,
        "diff": diff,
        "lost": [] if r.candidate else r.extra.get("lost", []),
        "implicit_frames": r.extra.get("implicit_frames", []) if r.candidate else [],
        "alternatives": others,
        "strategy": cfg.strategy,
        "model": cfg.model,
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
    if summary["implicit_frames"]:
        typer.echo("every good instance kept, reading your file with the frame its operation leaves out (a step of it "
                   f"may change nothing it does not name): {'; '.join(summary['implicit_frames'])}")
    for w in summary["lost"][:1]:
        typer.echo("lost (an instance of your file that meets its facts and checked assertions, excluded by the "
                   f"repair) {' '.join(w.split())[:400]}")
    typer.echo(f"{progress.checked} candidates checked, {progress.answers} model answers, {r.seconds:.1f} s; "
               f"stop: {r.stop_reason}" + (f"; log {log_dir}" if log_dir else ""))
    raise typer.Exit(EXIT[kind])


def register(app: typer.Typer) -> None:
    app.command("repair", epilog=EXIT_HELP)(with_config_options(BenchConfig, fields=FIELDS)(repair))
