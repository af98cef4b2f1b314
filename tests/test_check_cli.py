"""`fmrepair check`: exit codes, the JSON shape, one-line input errors (real analyzer, real process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FAULTY = EXAMPLES / "grading_policy_faulty.als"
FIXED = EXAMPLES / "grading_policy.als"
COMMAND_KEYS = {"label", "kind", "expect", "outcome", "met", "vars", "clauses", "ms", "witness"}
TOP_KEYS = {"path", "formalism", "ok", "status", "commands", "errors", "elapsed_ms"}


def fmrepair(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fmrepair", *args], capture_output=True, text=True, timeout=300
    )


def test_ok_spec_exits_0() -> None:
    r = fmrepair("check", str(FIXED), "--memory-mb", "512")
    assert r.returncode == 0, r.stderr
    assert f"{FIXED}: ok" in r.stdout


def test_json_for_several_paths_and_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.als"
    bad.write_text("sig A {}\nfact { all a: A | a in }\nrun {}\n", encoding="utf-8")
    r = fmrepair("check", str(FAULTY), str(FIXED), str(bad), "--json", "--timeout", "60", "--solver", "sat4j")
    assert r.returncode == 2, r.stderr  # a syntax error is bad input, for every verb
    out = json.loads(r.stdout)
    assert isinstance(out, list) and len(out) == 3
    for obj in out:
        assert set(obj) == TOP_KEYS
        assert obj["formalism"] == "alloy"
        for cmd in obj["commands"]:
            assert set(cmd) == COMMAND_KEYS
    faulty, fixed, syntax = out
    assert (faulty["path"], faulty["ok"], faulty["status"]) == (str(FAULTY), False, "failed")
    check = faulty["commands"][0]
    assert (check["kind"], check["expect"], check["outcome"], check["met"]) == ("check", None, "counterexample", False)
    assert isinstance(check["vars"], int) and isinstance(check["clauses"], int) and check["ms"] >= 0
    assert "assigned_to" in check["witness"]
    assert (fixed["ok"], fixed["status"]) == (True, "ok")
    assert fixed["commands"][0]["outcome"] == "no_counterexample" and fixed["commands"][0]["witness"] is None
    assert syntax["status"] == "syntax_error" and syntax["commands"] == []
    assert syntax["errors"][0]["line"] == 2 and syntax["errors"][0]["column"] == 24
    assert set(syntax["errors"][0]) == {"line", "column", "message"}


def test_single_path_json_is_an_object() -> None:
    r = fmrepair("check", str(FIXED), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["status"] == "ok"


def _bad_inputs(tmp: Path) -> dict[str, Path]:
    files = {
        "empty": (tmp / "empty.als", b""),
        "binary": (tmp / "binary.als", b"sig A {}\x00\x01\x02\xff" * 10),
        "large": (tmp / "large.als", b"// padding\n" * (5 * 1024 * 1024 // 11)),
        "latin1": (tmp / "latin1.als", "sig Caf\u00e9 {}\nrun {}\n".encode("latin-1")),
        "whitespace": (tmp / "blank.als", b"  \n\t\n"),
    }
    for path, data in files.values():
        path.write_bytes(data)
    return {k: p for k, (p, _) in files.items()} | {
        "missing": tmp / "nope.als",
        "extension": tmp / "spec.xyz",
    }


@pytest.mark.parametrize("kind", ["empty", "binary", "large", "latin1", "whitespace", "missing", "extension"])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, kind: str) -> None:
    paths = _bad_inputs(tmp_path)
    if kind == "extension":
        paths[kind].write_text("sig A {}\n", encoding="utf-8")
    r = fmrepair("check", str(paths[kind]), "--json")
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr
    assert str(paths[kind]) in lines[0]


def test_unknown_solver_exits_2() -> None:
    r = fmrepair("check", str(FIXED), "--solver", "nosuch")
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "unknown solver" in r.stderr


def test_help_is_instant_and_loads_no_jvm() -> None:
    code = (
        "import sys; from typer.testing import CliRunner; from fmrepair.cli import app; "
        "r = CliRunner().invoke(app, ['check', '--help']); assert r.exit_code == 0, r.output; "
        "assert '--solver' in r.output; assert 'jpype' not in sys.modules, 'jpype imported'"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
