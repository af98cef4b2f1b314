"""Ada/SPARK with GNAT: legality checks and run-time contract checks (GNATprove is not available here)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fmrepair.eval.suites import default_root
from fmrepair.verifiers.spark import SparkVerifier, split_files

pytestmark = pytest.mark.skipif(shutil.which("gnatmake") is None, reason="GNAT is not installed (apt-get install gnat)")
EXAMPLE = Path(__file__).parent.parent / "examples" / "spark" / "sum_to.adb"
BASELINE = default_root("marmaragan") / "Marmaragan" / "benchmarks" / "baseline-programs"


def test_main_program_contracts_hold_at_run_time():
    v = SparkVerifier().check(EXAMPLE.read_text())
    assert v.status == "ok", v
    assert [c.outcome for c in v.commands] == ["compiled", "passed"]


def test_a_wrong_invariant_is_a_contract_violation():
    bad = EXAMPLE.read_text().replace("S = I * (I + 1) / 2", "S = I * I")
    v = SparkVerifier().check(bad)
    assert v.status == "failed"
    run = v.commands[-1]
    assert run.kind == "run" and run.outcome == "contract_violated" and not run.met
    assert "sum_to.adb:10" in (run.witness or "").lower()  # GNAT names the failing pragma's line


def test_syntax_and_type_errors_have_lines():
    text = EXAMPLE.read_text()
    v = SparkVerifier().check(text.replace("return S;", "retrn S;"))
    assert v.status == "syntax_error" and v.errors[0].line == 12
    v = SparkVerifier().check(text.replace("S := S + I;", "S := S + Undefined_Name;"))
    assert v.status == "type_error" and any(e.line == 9 and "Undefined_Name" in e.message for e in v.errors)


@pytest.mark.skipif(not BASELINE.is_dir(), reason="../shared/benchmarks/marmaragan is missing")
def test_marmaragan_baseline_bundles_compile_and_lines_map_back():
    text = (BASELINE / "10-linear_search.txt").read_text()
    files = split_files(text)
    assert {f.name for f in files} == {"linear_search.adb", "linear_search.ads"}
    assert SparkVerifier().check(text).status == "ok"
    broken = text.replace("return", "retrn", 1)
    v = SparkVerifier().check(broken)
    line = next(i for i, t in enumerate(broken.splitlines(), 1) if "retrn" in t)
    assert v.status == "syntax_error" and any(abs((e.line or 0) - line) <= 1 for e in v.errors)
