"""Fuzz every input path of `fmrepair check` (one file, a pair, `--equiv`) with generated malformed
inputs (issue 19 item 5): all six formalisms, ~350 cases from a fixed seed.

Contract for every case: exit 1 or 2 (0 only where the mutation may leave a valid input, e.g. CRLF line
ends or a symlink to a good file), the reason on one line, never a Python traceback, never a hang (each
case runs under a deadline far past `--timeout`). Exit 2: nothing on stdout, one line on stderr, or the
report of a spec with a syntax or type error (bad input, FILE:LINE:COL); warnings on stderr are allowed.
Exit 1: either one line on stderr (the verifier could not run) or the report: `--json` with a status
other than ok and, for error statuses, at least one message, each message a single line; text mode with
the `PATH: STATUS (...)` line first and every further line indented (a multi-line message breaks it).

The corpus (seeds and cases) is built in tests/fuzz_corpus.py. Cases run in-process through typer's
CliRunner (one Alloy JVM shared by all Alloy cases, else every case would start its own); a sample per
formalism runs through the real `fmrepair` process to catch crashes of the JVM and native solvers that
in-process runs would share with pytest.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest
from fuzz_corpus import CASES, DIR, ERROR_STATUSES, FIFO, LANGS, STATUS_LINE, TIMEOUT, Case, Link

pytestmark = pytest.mark.timeout(240)  # the hang guard: far past --timeout, for a loaded machine


def test_corpus_size_and_spread() -> None:
    assert len(CASES) >= 200
    assert len({c.id for c in CASES}) == len(CASES)
    per = {lang.name: sum(c.id.startswith(lang.name) for c in CASES) for lang in LANGS}
    assert min(per.values()) >= 40, per
    assert sum(c.command != "check" for c in CASES) >= 30


# -- running a case -----------------------------------------------------------------------------------
def _tool_missing(formalism: str) -> str | None:
    def which(*names: str) -> str | None:
        gone = [n for n in names if shutil.which(n) is None]
        return f"{', '.join(gone)} not installed" if gone else None

    if formalism == "alloy":
        from fmrepair.verifiers.alloy.jvm import AlloyUnavailable, alloy_jar

        try:
            alloy_jar()
        except AlloyUnavailable as e:
            return str(e)
        return which("java")
    if formalism in ("smtlib", "pddl"):
        mods = ["z3", "cvc5"] if formalism == "smtlib" else ["unified_planning", "up_fast_downward", "networkx"]
        gone = [m for m in mods if importlib.util.find_spec(m) is None]
        return f"python packages missing: {', '.join(gone)}" if gone else None
    if formalism == "acsl":
        from fmrepair.verifiers.acsl import env

        return None if env.available() else "Frama-C/why3/provers not installed"
    return which("minizinc") if formalism == "minizinc" else which("gcc", "gnatmake")


def _skip_missing_tools(case: Case) -> None:
    for f in case.tools:
        reason = _tool_missing(f)
        if reason:
            pytest.skip(f"{f}: {reason}")


def _materialize(case: Case, folder: Path) -> list[str]:
    for name, content in case.files.items():
        p = folder / name
        if isinstance(content, Link):
            p.symlink_to(content.target)
        elif content == DIR:
            p.mkdir()
        elif content == FIFO:
            os.mkfifo(p)
        elif isinstance(content, bytes):
            p.write_bytes(content)
    return [a if a.startswith("/") or a == "-" else str(folder / a) for a in case.args]


def _argv(case: Case, paths: list[str], as_json: bool) -> list[str]:
    if case.command == "equiv":
        return ["check", "--equiv", *paths]
    argv = ["check", *paths, "--timeout", case.timeout] + (["--json"] if as_json else [])
    if case.command == "check":
        argv += ["--memory-mb", "512"]
    return argv


def _bad_input_report(out: str) -> bool:
    """A report whose spec has a syntax or type error: exit 2 with the report (FILE:LINE:COL) on stdout."""
    return bool(re.search(r"\bsyntax_error\b|\btype_error\b", out))


def _assert_contract(case: Case, code: int, out: str, err: str, as_json: bool) -> None:
    shown = f"exit {code}\n--- stdout ---\n{out[-3000:]}\n--- stderr ---\n{err[-3000:]}"
    assert "Traceback (most recent call last)" not in out + err, shown
    assert code in case.allowed, shown
    err_lines = [ln for ln in err.strip().splitlines() if not ln.startswith("fmrepair check: warning: ")]
    if (code == 2 and not _bad_input_report(out)) or not out.strip():
        assert code != 0, shown
        assert out.strip() == "" and len(err_lines) == 1 and err_lines[0].strip(), shown
        return
    if case.command == "equiv":
        lines = out.strip().splitlines()
        assert len(lines) == 1 and set(json.loads(lines[0])) == {"equivalent", "reason"}, shown
        return
    assert err_lines == [], shown  # a report on stdout: nothing else on stderr
    if as_json:
        objects = json.loads(out)
        for obj in objects if isinstance(objects, list) else [objects]:
            assert code != 0 or obj["status"] == "ok", shown
            if obj["status"] in ERROR_STATUSES:
                assert obj["errors"], f"{obj['status']} without a reason\n{shown}"
            for m in obj["errors"]:
                assert m["message"].strip() and "\n" not in m["message"] and "\r" not in m["message"], shown
        return
    lines = out.rstrip("\n").split("\n")
    if code in (1, 2):
        status = STATUS_LINE.match(lines[0])
        assert status, shown
        assert len(lines) >= 2 or status.group(1) not in ERROR_STATUSES, f"no reason after the status line\n{shown}"
    assert all(line.startswith("  ") for line in lines[1:]), f"a report line is not indented\n{shown}"


class _KeptOpen:
    """The shared Alloy verifier for in-process cases: `fmrepair check` closes it after each call."""

    formalism = "alloy"

    def __init__(self, inner: object) -> None:
        self.inner = inner

    def check(self, source: str, options: object) -> object:
        return self.inner.check(source, options)  # type: ignore[attr-defined]

    def close(self) -> None:
        return None


@pytest.fixture(scope="module")
def shared_alloy() -> Iterator[object]:
    from fmrepair.verifiers.alloy import AlloyVerifier

    verifier = AlloyVerifier(workers=1, memory_mb=512)
    yield verifier
    verifier.close()


# Native solvers run inside the CLI process: a regression here would kill pytest, so these run only
# through the real process below (cvc5 overflowed its stack and took the process with it).
NOT_IN_PROCESS = {"smtlib-deep_balanced"}
IN_PROCESS = [c for c in CASES if c.id not in NOT_IN_PROCESS]


@pytest.mark.parametrize("case", IN_PROCESS, ids=[c.id for c in IN_PROCESS])
def test_malformed_input_in_process(
    case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared_alloy: object
) -> None:
    from typer.testing import CliRunner

    import fmrepair.verifiers.cli as check_cli
    from fmrepair.cli import app

    _skip_missing_tools(case)
    original = check_cli.make_verifier
    monkeypatch.setattr(
        check_cli, "make_verifier", lambda f, w: _KeptOpen(shared_alloy) if f == "alloy" else original(f, w)
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))  # a verifier's private folders go here
    (tmp_path / "tmp").mkdir()
    paths = _materialize(case, tmp_path)
    made = set(os.listdir(tmp_path))
    as_json = IN_PROCESS.index(case) % 2 == 0
    result = CliRunner().invoke(app, _argv(case, paths, as_json))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        tb = "".join(traceback.format_exception(result.exception))
        pytest.fail(f"uncaught exception (a traceback for the user):\n{tb}")
    _assert_contract(case, result.exit_code, result.stdout, result.stderr, as_json)
    assert set(os.listdir(tmp_path)) == made, "a check wrote next to its private folder"


# -- the real process: a sample per formalism, several paths per call ----------------------------------
SAMPLE = {
    "alloy": ["deep_balanced", "deep_open_braces", "huge_token", "random_ascii_0"],
    "minizinc": ["deep_balanced", "huge_token", "unterminated_block_comment"],
    "smtlib": ["deep_balanced", "deep_open_parens", "unterminated_pipe_symbol"],
    "pddl": ["deep_balanced", "truncated_60", "huge_token"],
    "acsl": ["deep_balanced", "unterminated_block_comment", "control_chars"],
    "spark": ["deep_balanced", "deep_open_parens", "unterminated_string"],
}


def _fmrepair(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [sys.executable, "-m", "fmrepair", *argv], capture_output=True, text=True, timeout=600, cwd=cwd
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`fmrepair {' '.join(argv)[:200]}` hung (killed after 600 s)")


@pytest.mark.parametrize("formalism", list(SAMPLE))
def test_sample_through_real_process(formalism: str, tmp_path: Path) -> None:
    """Several malformed files of one formalism in one `fmrepair check --json` call (one JVM / tool
    start), then one input error in text mode: exit codes, JSON shape, one-line reasons."""
    reason = _tool_missing(formalism)
    if reason:
        pytest.skip(f"{formalism}: {reason}")
    by_id = {c.id: c for c in CASES}
    cases = [by_id[f"{formalism}-{name}"] for name in SAMPLE[formalism]]
    paths = []
    for i, case in enumerate(cases):
        folder = tmp_path / str(i)
        folder.mkdir()
        paths += _materialize(case, folder)
    r = _fmrepair(["check", *paths, "--json", "--timeout", TIMEOUT, "--memory-mb", "512"], tmp_path)
    shown = f"exit {r.returncode}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    assert r.returncode in (0, 1, 2) and "Traceback" not in r.stdout + r.stderr, shown
    objects = json.loads(r.stdout)
    assert [o["path"] for o in objects] == paths, shown
    bad_input = any(o["status"] in ("syntax_error", "type_error") for o in objects)
    assert r.returncode == (2 if bad_input else 0 if all(o["status"] == "ok" for o in objects) else 1), shown
    for case, obj in zip(cases, objects, strict=True):
        assert obj["status"] == "ok" or obj["status"] in ERROR_STATUSES | {"failed", "timeout"}, shown
        assert 0 in case.allowed or obj["status"] != "ok", shown
        for m in obj["errors"]:
            assert m["message"].strip() and "\n" not in m["message"], shown
    bad = by_id[f"{formalism}-nul_middle"]
    r = _fmrepair(["check", *_materialize(bad, tmp_path)], tmp_path)
    _assert_contract(bad, r.returncode, r.stdout, r.stderr, as_json=False)


@pytest.mark.parametrize(
    "case_id",
    ["pair-mzn-dzn-wrong_type", "pair-pddl-garbage_problem", "pddl-equiv-unbalanced", "pair-mzn-dzn-missing"],
)
def test_pairs_through_real_process(case_id: str, tmp_path: Path) -> None:
    case = next(c for c in CASES if c.id == case_id)
    _skip_missing_tools(case)  # a skip with the reason, never a pass that checked nothing
    folder = tmp_path / case_id
    folder.mkdir()
    r = _fmrepair(_argv(case, _materialize(case, folder), as_json=False), folder)
    _assert_contract(case, r.returncode, r.stdout, r.stderr, as_json=False)
