"""The command line's verbs: `fmrepair --help` lists only the consistent verbs, the old names still work
as hidden aliases (one release), and importing the CLI loads no heavy backend (``--help`` stays instant)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import typer

VERBS = {"check", "gate", "repair", "strategies", "serve", "models", "tasks", "bench", "train", "slurm"}
# old name -> what replaces it (docs/cli.md)
ALIASES = {
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


def test_old_names_are_hidden_aliases() -> None:
    commands = _commands()
    for old in ALIASES:
        assert old in commands, f"the old name {old!r} must keep working for one release"
        assert commands[old].hidden, old  # type: ignore[attr-defined]


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
