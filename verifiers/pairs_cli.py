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


def _read(path: str) -> str:
    from fmrepair.inputs import InputError, read_spec

    try:
        return read_spec(path)
    except InputError as e:
        sys.stderr.write(f"fmrepair check-pair: {e}\n")
        raise typer.Exit(2) from None


def check_pair(
    first: str = typer.Argument(..., help="model.mzn or domain.pddl"),
    second: str = typer.Argument(..., help="data.dzn or problem.pddl"),
    as_json: bool = typer.Option(False, "--json", help="One JSON object (the shape of `fmrepair check --json`)."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds allowed for the check."),
) -> None:
    """Check a MiniZinc model with its data file, or a PDDL problem against its domain."""
    from .base import CheckOptions

    kinds = (Path(first).suffix.lower(), Path(second).suffix.lower())
    a, b = _read(first), _read(second)
    options = CheckOptions(timeout_s=timeout)
    if kinds == (".mzn", ".dzn"):
        from .minizinc import MiniZincVerifier

        verdict = MiniZincVerifier().check(a, options, data=b)
    elif kinds == (".pddl", ".pddl"):
        from .pddl import PddlVerifier

        verdict = PddlVerifier(domain_dirs=[]).check(b, options, domain=a)
    else:
        sys.stderr.write("fmrepair check-pair: expected MODEL.mzn DATA.dzn or DOMAIN.pddl PROBLEM.pddl\n")
        raise typer.Exit(2)
    label = f"{first}+{second}"
    if as_json:
        typer.echo(json.dumps(verdict.to_json_dict(label), indent=2))
    else:
        typer.echo(f"{label}: {verdict.status} ({len(verdict.commands)} commands, {verdict.elapsed_ms:.0f} ms)")
        for e in verdict.errors:
            where = f"{e.line}:{e.column}: " if e.line is not None else ""
            typer.echo(f"  {where}{e.message}")
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
    from .pddl_equiv import equivalent

    result = equivalent(_read(a), _read(b))
    typer.echo(json.dumps({"equivalent": result.equivalent, "reason": result.reason}))
    raise typer.Exit(0 if result.equivalent else 1)


def register(app: typer.Typer) -> None:
    app.command("check-pair")(check_pair)
    app.command("pddl-equiv")(pddl_equiv)
