"""The `fmrepair` command line: the application entry, not the core. It sits above every layer (see the
import contract in pyproject.toml) but imports none of them directly: each subsystem adds its commands
through a light `cli` module named here by string (no heavy imports at module level, so `fmrepair
--help` stays instant; tests/test_cli_verbs.py checks that).

Verbs: check, gate, repair, strategies, serve, models, tasks, bench, train, slurm (docs/cli.md).
"""

from __future__ import annotations

import sys

import typer

from fmrepair import __version__

app = typer.Typer(
    name="fmrepair",
    help="Repair and write formal specifications with local language models, checked by real verifiers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_SUBSYSTEMS = [
    "fmrepair.verifiers.cli",
    "fmrepair.eval.cli",
    "fmrepair.serving.cli",
    "fmrepair.agents.cli",
    "fmrepair.eval.run.cli",
    "fmrepair.eval.run.repair_cli",
    "fmrepair.train.cli",
    "fmrepair.slurm.cli",
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"fmrepair {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """fmrepair."""


def _register() -> None:
    import importlib

    for name in _SUBSYSTEMS:
        module = importlib.import_module(name)
        module.register(app)


_register()


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
