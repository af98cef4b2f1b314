"""Ada/SPARK with GNAT: legality checks and run-time contract checks (GNATprove is not available here)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fmrepair.eval.suites import default_root
from fmrepair.verifiers.spark.verifier import SparkVerifier, split_files

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


@pytest.mark.skipif(not BASELINE.is_dir(), reason="../shared/benchmarks/marmaragan is missing")
def test_generated_inputs_test_a_library_package_and_catch_a_wrong_postcondition():
    text = (BASELINE / "10-linear_search.txt").read_text()
    v = SparkVerifier(test_inputs=8).check(text)
    tests = [c for c in v.commands if c.kind == "test"]
    assert v.status == "ok" and {c.outcome for c in tests} == {"passed"}
    assert any("Search" in c.label for c in tests) and all("not a proof" in c.label for c in tests)
    assert SparkVerifier().check(text).commands == [c for c in v.commands if c.kind == "compile"]  # off by default
    post = "Post => (if Search'Result.Found then\n                A (Search'Result.At_Index) = Val)"
    assert post in text
    wrong = text.replace(post, post.replace(") = Val)", ") /= Val)"))
    v = SparkVerifier(test_inputs=8).check(wrong)
    search = next(c for c in v.commands if c.label.startswith("test linear_search.Search "))
    assert v.status == "failed" and search.outcome == "contract_violated" and not search.met
    assert "failed postcondition" in (search.witness or "")


def test_subprograms_without_generatable_inputs_are_listed_as_not_tested():
    from fmrepair.verifiers.spark.driver import Types, plan, public_subprograms

    spec = (
        "package P with SPARK_Mode is\n   type R is record X : Integer; end record;\n"
        "   procedure Take (V : R);\n   function Twice (N : Natural) return Natural with Pre => N < 100;\n"
        "   function G (N : Natural) return Boolean with Ghost;\nprivate\n   procedure Hidden;\nend P;\n"
    )
    subs = public_subprograms("p.ads", spec)
    assert [s.name for s in subs] == ["Take", "Twice", "G"]
    vectors = plan(subs, Types(), 6)
    assert "cannot generate a value of type R" in (subs[0].skip or "") and "ghost" in (subs[2].skip or "")
    assert len(next(iter(vectors.values()))) == 6 and subs[1].skip is None


@pytest.mark.skipif(shutil.which("gnatprove") is None, reason="gnatprove is not on PATH (not installable here)")
def test_gnatprove_backend_proves_the_linear_search_baseline():
    v = SparkVerifier(prove=True).check((BASELINE / "10-linear_search.txt").read_text())
    goals = [c for c in v.commands if c.kind == "goal"]
    assert goals and all(c.outcome == "proved" for c in goals), goals


def test_without_gnatprove_prove_says_nothing_was_proved(monkeypatch):
    from fmrepair.verifiers.spark import prove as spark_prove

    monkeypatch.setattr(spark_prove, "available", lambda: False)
    v = SparkVerifier(prove=True).check(EXAMPLE.read_text())
    assert not [c for c in v.commands if c.kind == "goal"]
    assert any("nothing was proved" in e.message and e.severity == "info" for e in v.errors)


def test_gnatprove_brief_output_parses_into_goals():
    from fmrepair.verifiers.spark.prove import parse

    out = (
        "linear_search.adb:21:13: info: loop invariant initialization proved\n"
        "linear_search.ads:30:14: medium: postcondition might fail\n"
        "Summary logged in gnatprove.out\n"
    )
    goals = parse(out, {"linear_search.adb": 0, "linear_search.ads": 40})
    assert [(g.outcome, g.met) for g in goals] == [("proved", True), ("unproved", False)]
    assert goals[1].label.startswith("line 70: ")
