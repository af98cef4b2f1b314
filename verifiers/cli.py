"""`fmrepair check PATH...`: check specifications with the real verifier of their formalism (chosen by
extension); `check MODEL.mzn DATA.dzn` and `check DOMAIN.pddl PROBLEM.pddl` check a pair, `check --equiv
A.pddl B.pddl` compares two PDDL problems (verifiers/cli_pairs.py).

Exit codes: 0 every path is ok; 1 a spec fails or its tool errs; 2 usage or input problems (one line
on stderr, nothing checked) or a syntax or type error in a spec (FILE:LINE:COL in the report). No
heavy imports here: the verifier is imported when a check runs.
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from fmrepair.verifiers.base import CheckOptions, Verdict, Verifier


class _Usage(Exception):
    """A usage or input problem: exit code 2."""


def _fail(message: str, code: int) -> typer.Exit:
    from fmrepair.inputs import one_line

    sys.stderr.write(f"fmrepair check: {one_line(message)}\n")
    return typer.Exit(code)


def _read_inputs(paths: list[str]) -> list[tuple[str, str, str]]:
    """(path, formalism, text) for each path; raises _Usage listing every bad path."""
    from fmrepair.inputs import InputError, read_spec
    from fmrepair.verifiers.registry import UnknownFormalism, detect_formalism

    inputs, problems = [], []
    for path in paths:
        try:
            formalism = detect_formalism(path)
            inputs.append((path, formalism, read_spec(path)))
        except (InputError, UnknownFormalism) as e:
            problems.append(str(e))
    if problems:
        raise _Usage("; ".join(problems))
    return inputs


def make_verifier(formalism: str, workers: int) -> Verifier:
    from fmrepair.verifiers.registry import get_verifier

    if formalism == "alloy":
        return get_verifier("alloy", workers=workers)
    return get_verifier(formalism)


def _run_checks(inputs: list[tuple[str, str, str]], options: CheckOptions, workers: int) -> list[Verdict]:
    verifiers: dict[str, Verifier] = {}
    try:
        for _, formalism, _ in inputs:
            if formalism not in verifiers:
                verifiers[formalism] = make_verifier(formalism, workers)
        jobs = [(verifiers[f], text) for _, f, text in inputs]
        if workers > 1 and len(jobs) > 1:
            with ThreadPoolExecutor(max_workers=workers) as pool:
                return list(pool.map(lambda job: job[0].check(job[1], options), jobs))
        return [v.check(text, options) for v, text in jobs]
    finally:
        for v in verifiers.values():
            v.close()


def _text_report(path: str, verdict: Verdict) -> str:
    from fmrepair.inputs import one_line

    n = len(verdict.commands)
    lines = [f"{one_line(path)}: {verdict.status} ({n} command{'s' if n != 1 else ''}, {verdict.elapsed_ms:.0f} ms)"]
    for e in verdict.errors:
        where = "" if e.line is None else f"{e.line}: " if e.column is None else f"{e.line}:{e.column}: "
        lines.append(f"  {where}{one_line(' '.join(e.message.split()))}")
    for c in verdict.commands:
        expect = "" if c.expect is None else f" expect {c.expect}"
        stats = [f"{c.vars} vars" if c.vars is not None else ""]
        stats.append(f"{c.clauses} clauses" if c.clauses is not None else "")
        detail = ", ".join([s for s in stats if s] + [f"{c.ms:.0f} ms"])
        lines.append(f"  {c.kind} {c.label}{expect}: {c.outcome} [{'met' if c.met else 'NOT met'}; {detail}]")
        if c.witness and not c.met:
            lines += ["      " + w for w in c.witness.splitlines()]
    return "\n".join(lines)


def check(
    paths: list[str] = typer.Argument(
        ...,
        metavar="PATH...",
        help="Specification files: .als .mzn .smt2 .pddl .c .ads/.adb; or one pair: MODEL.mzn DATA.dzn, "
        "DOMAIN.pddl PROBLEM.pddl.",
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per path (a list when several)."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds allowed for each spec (all its commands)."),
    solver: str = typer.Option("auto", "--solver", help="SAT solver: auto, sat4j, minisat, glucose, ..."),
    workers: int = typer.Option(1, "--workers", help="Worker processes (one JVM each) checking in parallel."),
    memory_mb: int = typer.Option(2048, "--memory-mb", help="Java heap cap per worker (MB)."),
    equiv: bool = typer.Option(
        False, "--equiv", help="Two PDDL problems: the same up to renaming objects? (init and goal graphs)"
    ),
) -> None:
    """Check specifications with their real verifier (Alloy: every command; MiniZinc, SMT-LIB, PDDL,
    C/ACSL with Frama-C/WP, SPARK), a model with its data, a PDDL problem with its domain, or (--equiv)
    whether two PDDL problems are equivalent."""
    from fmrepair.verifiers import cli_pairs
    from fmrepair.verifiers.alloy.solvers import SOLVER_NAMES
    from fmrepair.verifiers.base import CheckOptions

    if equiv:
        if len(paths) != 2:
            raise _fail("--equiv compares exactly two PDDL problems", 2)
        cli_pairs.run_equiv(paths[0], paths[1])
    if cli_pairs.is_pair(paths):
        cli_pairs.run_pair(paths[0], paths[1], as_json, timeout)

    try:
        if solver not in SOLVER_NAMES:
            raise _Usage(f"unknown solver {solver!r}; known: {', '.join(SOLVER_NAMES)}")
        if not timeout > 0 or workers < 1 or memory_mb < 64:
            raise _Usage("--timeout must be > 0, --workers >= 1, --memory-mb >= 64")
        inputs = _read_inputs(paths)
    except _Usage as e:
        raise _fail(str(e), 2) from None
    options = CheckOptions(timeout_s=timeout, solver=solver, memory_mb=memory_mb)
    try:
        verdicts = _run_checks(inputs, options, workers)
    except Exception as e:  # the verifier could not run at all (no Java, no jar, ...)
        raise _fail(f"{type(e).__name__}: {' '.join(str(e).split())}", 1) from None
    for path, formalism, text in inputs:
        for w in _warnings(formalism, text):
            sys.stderr.write(f"fmrepair check: warning: {path}: {w}\n")
    if as_json:
        objects = [v.to_json_dict(path) for (path, _, _), v in zip(inputs, verdicts, strict=True)]
        typer.echo(json.dumps(objects[0] if len(objects) == 1 else objects, indent=2))
    else:
        for (path, _, _), v in zip(inputs, verdicts, strict=True):
            typer.echo(_text_report(path, v))
    if any(v.status in ("syntax_error", "type_error") for v in verdicts):
        raise typer.Exit(2)  # bad input (FILE:LINE:COL above), the same code as every verb
    raise typer.Exit(0 if all(v.ok for v in verdicts) else 1)


def _warnings(formalism: str, text: str) -> list[str]:
    """What a user should know although the check ran: an Alloy assertion no command checks; a C file
    with no ACSL annotation (nothing to prove)."""
    if formalism == "alloy":
        from fmrepair.verifiers.alloy.text import split_paragraphs

        paras = split_paragraphs(text)
        checked = {p.target for p in paras if p.kind == "command"}
        return [f"no command checks assert {p.name}" for p in paras
                if p.kind == "assert" and not p.name.startswith("#") and p.name not in checked]
    if formalism == "acsl":
        from fmrepair.verifiers.acsl.annotations import scan

        if not scan(text)[1]:
            return ["no ACSL annotation: Frama-C/WP has nothing to prove (0 goals is not a proof)"]
    return []


def register(app: typer.Typer) -> None:
    """Add this subsystem's commands to the root app."""
    app.command("check")(check)
