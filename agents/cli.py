"""`fmrepair strategies` (`repair` is `bench run` on one file: eval/run/repair_cli.py)."""

from __future__ import annotations

import typer


def strategies() -> None:
    """One line per strategy: what it does, the task kinds it runs on, whether it needs a model."""
    from fmrepair.agents.strategies import all_strategy_info

    for name, info in all_strategy_info().items():
        model = "model" if info.needs_model else "no model"
        typer.echo(f"{name:<12} {'/'.join(info.kinds):<17} {model:<8} {info.help}")


def register(app: typer.Typer) -> None:
    app.command("strategies")(strategies)
