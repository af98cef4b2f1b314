"""CLI commands of this subsystem (placeholder until implemented)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this subsystem's commands to the root app."""
