"""`fmrepair check-pair FIRST SECOND`: a MiniZinc model with its data (``.mzn`` + ``.dzn``) or a PDDL
domain with a problem (``domain.pddl problem.pddl``), with the JSON shape of `fmrepair check`.
`fmrepair pddl-equiv A B`: are two PDDL problems the same up to renaming objects?

Exit codes as `fmrepair check`: 0 ok, 1 failed or error, 2 usage. No heavy imports at module level.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer


def _usage(command: str, message: str) -> typer.Exit:
    from fmrepair.inputs import one_line

    sys.stderr.write(f"fmrepair {command}: {one_line(message)}\n")
    return typer.Exit(2)


def _read(path: str, command: str = "check-pair") -> str:
    from fmrepair.inputs import InputError, read_spec

    try:
        return read_spec(path)
    except InputError as e:
        raise _usage(command, str(e)) from None


def _pddl_part(text: str, path: str, part: str, command: str) -> None:
    """Exit 2 unless `text` holds a ``(define (PART ...))`` form (text that does not parse is left to
    the checker, which reports where)."""
    from fmrepair.inputs import one_line
    from fmrepair.verifiers.pddl.verifier import split_pddl
    from fmrepair.verifiers.sexpr import SExprError

    try:
        parts = split_pddl(text)
    except SExprError:
        if command == "check-pair":
            return
        raise _usage(command, f"{one_line(path)}: not balanced S-expressions") from None
    if getattr(parts, part) is None:
        raise _usage(command, f"{one_line(path)}: holds no (define ({part} ...)) form")


def check_pair(
    first: str = typer.Argument(..., help="model.mzn or domain.pddl"),
    second: str = typer.Argument(..., help="data.dzn or problem.pddl"),
    as_json: bool = typer.Option(False, "--json", help="One JSON object (the shape of `fmrepair check --json`)."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds allowed for the check."),
) -> None:
    """Check a MiniZinc model with its data file, or a PDDL problem against its domain."""
    from fmrepair.inputs import one_line
    from fmrepair.verifiers.base import CheckOptions

    kinds = (Path(first).suffix.lower(), Path(second).suffix.lower())
    if kinds not in ((".mzn", ".dzn"), (".pddl", ".pddl")):
        raise _usage("check-pair", "expected MODEL.mzn DATA.dzn or DOMAIN.pddl PROBLEM.pddl")
    if not timeout > 0:
        raise _usage("check-pair", "--timeout must be > 0")
    a, b = _read(first), _read(second)
    if kinds == (".pddl", ".pddl"):
        _pddl_part(a, first, "domain", "check-pair")
        _pddl_part(b, second, "problem", "check-pair")
    options = CheckOptions(timeout_s=timeout)
    try:
        if kinds == (".mzn", ".dzn"):
            from fmrepair.verifiers.minizinc.verifier import MiniZincVerifier

            verdict = MiniZincVerifier().check(a, options, data=b)
        else:
            from fmrepair.verifiers.pddl.verifier import PddlVerifier

            verdict = PddlVerifier(domain_dirs=[]).check(b, options, domain=a)
    except Exception as e:  # the verifier could not run at all (no minizinc, ...)
        sys.stderr.write(f"fmrepair check-pair: {type(e).__name__}: {one_line(' '.join(str(e).split()))}\n")
        raise typer.Exit(1) from None
    label = one_line(f"{first}+{second}")
    if as_json:
        typer.echo(json.dumps(verdict.to_json_dict(label), indent=2))
    else:
        typer.echo(f"{label}: {verdict.status} ({len(verdict.commands)} commands, {verdict.elapsed_ms:.0f} ms)")
        for e in verdict.errors:
            where = f"{e.line}:{e.column}: " if e.line is not None else ""
            typer.echo(f"  {where}{one_line(' '.join(e.message.split()))}")
        for c in verdict.commands:
            typer.echo(f"  {c.kind} {c.label}: {c.outcome} [{'met' if c.met else 'NOT met'}]")
            if c.witness:
                typer.echo("      " + c.witness.replace("\n", "\n      "))
    raise typer.Exit(0 if verdict.ok else 1)


def pddl_equiv(
    a: str = typer.Argument(..., help="problem.pddl"),
    b: str = typer.Argument(..., help="problem.pddl"),
) -> None:
    """Print whether two PDDL problems are equivalent (init and goal graphs isomorphic); exit 0 if so."""
    from fmrepair.verifiers.pddl.equiv import equivalent

    texts = [_read(a, "pddl-equiv"), _read(b, "pddl-equiv")]
    for text, path in zip(texts, (a, b), strict=True):
        _pddl_part(text, path, "problem", "pddl-equiv")
    result = equivalent(*texts)
    typer.echo(json.dumps({"equivalent": result.equivalent, "reason": result.reason}))
    raise typer.Exit(0 if result.equivalent else 1)


def register(app: typer.Typer) -> None:
    app.command("check-pair")(check_pair)
    app.command("pddl-equiv")(pddl_equiv)
