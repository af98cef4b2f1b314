"""The command line's verbs: `fmrepair --help` lists only the consistent verbs, the old names of 0.1 are gone
(0.2.0, CHANGELOG.md), nothing is hidden, and importing the CLI loads no heavy backend (``--help`` stays
instant)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import typer

VERBS = {"check", "gate", "repair", "strategies", "serve", "models", "tasks", "bench", "train", "slurm"}
# the 0.1 names removed in 0.2.0 -> what replaces them (CHANGELOG.md)
REMOVED = {
    "check-pair": "check MODEL.mzn DATA.dzn | check DOMAIN.pddl PROBLEM.pddl",
    "pddl-equiv": "check --equiv A.pddl B.pddl",
    "acsl": "check FILE.c, gate A.c B.c, bench run --suite acsl-removal",
    "view": "bench view",
    "formalize": "bench run (the seed 001 strategy set)",
    "formalize-report": "bench report --format table1",
}


def _commands() -> dict[str, object]:
    from fmrepair.cli import app

    return typer.main.get_command(app).commands  # type: ignore[attr-defined]


def test_help_lists_only_the_consistent_verbs() -> None:
    shown = {name for name, cmd in _commands().items() if not cmd.hidden}  # type: ignore[attr-defined]
    assert shown == VERBS


def test_the_old_names_are_gone_and_nothing_is_hidden() -> None:
    commands = _commands()
    assert set(REMOVED).isdisjoint(commands)
    assert [name for name, cmd in commands.items() if cmd.hidden] == []  # type: ignore[attr-defined]
    for name in ("formalize-report", "view"):
        done = subprocess.run([sys.executable, "-m", "fmrepair", name], capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and "No such command" in done.stderr, done.stderr


def test_bench_view_is_the_viewer() -> None:
    bench = _commands()["bench"]
    assert "view" in bench.commands and not bench.commands["view"].hidden  # type: ignore[attr-defined]


def test_importing_the_cli_loads_no_heavy_backend() -> None:
    code = (
        "import json, sys; import fmrepair.cli; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('torch', 'jpype', '_jpype', 'vllm', 'transformers', 'outlines', 'z3', 'cvc5', 'peft', 'trl'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd="/")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_bench_run_help_groups_options_in_panels() -> None:
    done = subprocess.run([sys.executable, "-m", "fmrepair", "bench", "run", "--help"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COLUMNS": "120"})
    assert done.returncode == 0
    for panel in ("Tasks", "Search and strategy", "Model and sampling", "Budget (counted", "Run (processes"):
        assert f"─ {panel}" in done.stdout, panel
