"""`fmrepair acsl ...`: the old group, hidden from `fmrepair --help` for one release: `acsl check` is
`fmrepair check FILE.c` and `acsl gate` is `fmrepair gate A.c B.c` (both dispatch on the extension). The
removal-schema benchmark and the annotation loop (`acsl bench`, `acsl annotate`) are added to this group
by eval/acsl_bench/cli.py (a verifier package imports no eval/ or agents/ code). Light imports only.
"""

from __future__ import annotations

import json
import sys

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


def register(app: typer.Typer) -> None:
    """Add `fmrepair acsl ...` to the root app, hidden (old names; see the module docstring)."""
    app.add_typer(acsl_app, name="acsl", hidden=True)
