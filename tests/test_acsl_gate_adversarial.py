"""The ACSL gate against the adversarial cases of benchmarks/gate_cases/acsl/ (every unfaithful pair
rejected, every faithful repair accepted) and its calibration: each proved program of examples/acsl/ must
pass the gate as a repair of each of its removal-schema variants.

The gate is syntactic; Frama-C only decides when the code tokens differ, which no case but the macro ones
does (asserted), and a changed preprocessor directive is rejected before Frama-C is asked; so these tests
need no Frama-C except two, skipped without it: the macro case through Frama-C's normalized comparison, and
WP's lemma goals being counted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fmrepair.eval.acsl_bench.schemata import variants
from fmrepair.verifiers.acsl.annotations import scan
from fmrepair.verifiers.acsl.gate import gate
from fmrepair.verifiers.acsl.logic_defs import logic_units, recursion_problem
from fmrepair.verifiers.acsl.report import parse_goals

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted(p for p in (ROOT / "benchmarks" / "gate_cases" / "acsl").iterdir() if p.is_dir())
CLASSES = {"faithful", "acsl-contract-weakening", "acsl-logic-redefinition", "acsl-admit", "acsl-assumes",
           "acsl-ghost", "acsl-new-axiom", "acsl-preprocessor"}


def _case(d: Path) -> dict[str, str]:
    return json.loads((d / "case.json").read_text(encoding="utf-8"))


def test_case_set_covers_every_class() -> None:
    meta = [_case(d) for d in CASES]
    assert {m["class"] for m in meta} >= CLASSES
    assert sum(m["expect"] == "reject" for m in meta) >= 15
    assert sum(m["expect"] == "accept" for m in meta) >= 8
    assert all((m["class"] == "faithful") == (m["expect"] == "accept") for m in meta)


@pytest.mark.parametrize("case_dir", CASES, ids=[d.name for d in CASES])
def test_gate_verdict(case_dir: Path) -> None:
    meta = _case(case_dir)
    assert meta["expect"] in ("accept", "reject") and meta["note"]
    if meta.get("known_gap"):
        pytest.xfail(f"known gap: {meta['known_gap']}")
    original = (case_dir / "original.c").read_bytes().decode("utf-8")
    candidate = (case_dir / "candidate.c").read_bytes().decode("utf-8")
    report = gate(original, candidate, use_framac=False)
    # the C code is the same, or a cheat changed it where no normalized print may forgive it (a directive, a
    # declaration outside function bodies: rejected before any Frama-C comparison)
    assert report.code == "tokens" or (meta["expect"] == "reject" and report.code == "differs")
    assert report.faithful == (meta["expect"] == "accept"), report.reasons
    assert bool(report.reasons) != report.faithful
    if meta["class"] == "acsl-logic-redefinition":  # the reason names the definition and who reaches it
        assert any("`" in r and ("the contract of" in r or "the assertion at line" in r) for r in report.reasons)


def test_transitive_reason_names_the_chain() -> None:
    d = ROOT / "benchmarks" / "gate_cases" / "acsl" / "transitive_pred_true"
    r = gate((d / "original.c").read_bytes().decode("utf-8"), (d / "candidate.c").read_bytes().decode("utf-8"),
             use_framac=False)
    assert any("`ordered`" in x and "the contract of is_sorted" in x and "through `sorted`" in x for x in r.reasons)


def test_macro_rejected_even_when_framac_normalizes_the_code_equal() -> None:
    from fmrepair.verifiers.acsl import env

    if not env.framac_path():
        pytest.skip("frama-c is not installed")
    d = ROOT / "benchmarks" / "gate_cases" / "acsl" / "macro_rewrites_predicate"
    r = gate((d / "original.c").read_bytes().decode("utf-8"), (d / "candidate.c").read_bytes().decode("utf-8"))
    assert not r.faithful and any("preprocessor directives changed" in x for x in r.reasons)


def test_originals_pass_as_repairs_of_their_removal_variants() -> None:
    programs = sorted((ROOT / "examples" / "acsl").glob("*.c"))
    assert len(programs) >= 39
    checked, rejected = 0, []
    for p in programs:
        source = p.read_text(encoding="utf-8")
        for v in variants(p.stem, source)[0]:
            report = gate(v.text, source, use_framac=False)
            checked += 1
            if not report.faithful:
                rejected.append((v.case, report.reasons))
    assert checked >= 39
    assert rejected == []


WELL_FOUNDED = [
 "logic integer s{L}(int *a, integer n) = n <= 0 ? 0 : s{L}(a, n - 1) + a[n - 1];",
 "logic integer s(int *a, integer n) = (n <= 0) ? 0 : s(a, n - 1) + a[n - 1];",
 "logic integer r(int *a, integer lo, integer hi) = lo >= hi ? 0 : a[lo] + r(a, lo + 1, hi);",
 "logic integer fib(integer n) = n <= 1 ? n : fib(n - 1) + fib(n - 2);",
 "logic integer g(integer n) = 0 >= n ? 0 : g(n - 1) + 1;",
 "logic integer g2(integer n) = n > 0 ? g2(n - 1) + 1 : 0;",
 "predicate p(int *a, integer n) = n <= 0 || (p(a, n - 1) && a[n - 1] > 0);",
 "predicate p2(int *a, integer n) = n > 0 ==> (p2(a, n - 1) && a[n - 1] > 0);",
 "predicate p3(int *a, integer n) = n > 0 && p3(a, n - 1);",
 "logic integer c(int *a, integer n, integer v) = n <= 0 ? 0 : (a[n - 1] == v ? 1 : 0) + c(a, n - 1, v);",
 # a guard on a difference with a parameter every call passes unchanged (a range's width)
 "logic integer w(int *a, integer lo, integer hi) = hi - lo <= 0 ? 0 : w(a, lo, hi - 1) + a[hi - 1];",
 "logic integer w2(integer lo, integer hi) = lo - hi >= 0 ? 0 : w2(lo + 1, hi) + 1;",
 "logic integer w3(integer lo, integer hi, integer k) = hi - lo - k <= 0 ? 0 : w3(lo, hi - 2, k) + 1;",
]
NOT_EVIDENT = [
 "logic integer b(integer n) = b(n) + 1;",
 "logic integer b(integer n) = n == 0 ? 0 : b(n - 1) * b(n - 1) + 1;",
 "logic integer b(integer n) = n <= 0 ? b(n - 1) : 0;",
 "logic integer b(integer n) = n >= 0 ? 0 : b(n - 1);",
 "logic integer b(integer n, integer m) = n <= m ? 0 : b(n - 1, m + 1);",
 "logic integer b(int n) = n <= 0 ? 0 : b(n - 1);",
 "predicate q(integer n) = n <= 0 || !(\\forall integer n; q(n - 1));",
 "predicate q(integer n) = !q(n - 1);",
 "predicate q(integer n) = n <= 0 || q(n - 1) ==> \\false;",
 "predicate q(integer n) = n > 0 || !q(n - 1);",
 "logic integer b(integer n) = n <= 0 ? 0 : b(n - 1 + 1);",
 "logic integer b(integer n) = n <= 0 ? 0 : b(n + 1);",
 "logic integer b(integer n) = n <= 0 ? 0 : b(n - 1) + b(n + 1);",
 "logic integer b(integer n) = n <= b(0) ? 0 : b(n - 1);",
 "logic integer b(integer lo, integer hi) = hi - lo <= 0 ? 0 : b(lo, hi + 1);",
 "logic integer b(integer lo, integer hi) = hi - lo <= 0 ? 0 : b(lo + 1, hi - 1);",
 "logic integer b(integer lo, integer hi) = hi - hi <= 0 ? 0 : b(lo, hi - 1);",
 "logic integer b(integer lo, integer hi) = (hi - lo) % 4 <= 0 ? 0 : b(lo, hi - 1);",
 "logic integer b(integer lo, integer hi) = hi - lo % 4 <= 0 ? 0 : b(lo, hi - 1);",
]


def _recursion_problem(definition: str) -> str | None:
    units = logic_units(scan(f"/*@ {definition} */\nint x;\n")[1])
    assert len(units) == 1
    return recursion_problem(units[0])


@pytest.mark.parametrize("definition", WELL_FOUNDED)
def test_guarded_recursion_is_accepted(definition: str) -> None:
    assert _recursion_problem(definition) is None


@pytest.mark.parametrize("definition", NOT_EVIDENT)
def test_unguarded_or_non_decreasing_recursion_is_rejected(definition: str) -> None:
    """Each can make WP's axioms inconsistent (or is not shown not to): b(n) = b(n) + 1, no base case,
    base on the wrong side, a bound that moves, a C int parameter (wraps), a rebound parameter, ..."""
    assert _recursion_problem(definition)


LEMMA_OUTPUT = """------------------------------------------------------------
  Global
------------------------------------------------------------

Lemma contra:
Prove: false
Prover Z3 4.8.12 returns Timeout (Qed:1ms) (10s)

------------------------------------------------------------
"""


def test_lemma_goals_are_parsed() -> None:
    """The gate lets a candidate add lemmas because WP proves them: a lemma goal must be seen and counted."""
    goals = parse_goals(LEMMA_OUTPUT)
    assert [(g.description, g.outcome) for g in goals] == [("Lemma contra", "timeout")]


def test_unproved_lemma_fails_the_check(tmp_path: Path) -> None:
    from fmrepair.verifiers.acsl import AcslVerifier, env
    from fmrepair.verifiers.base import CheckOptions

    if not env.framac_path():
        pytest.skip("frama-c is not installed")
    try:
        verdict = AcslVerifier(goal_timeout_s=2).check(
            "/*@ lemma contra: \\false; */\nint f(void) { return 0; }\n", CheckOptions(timeout_s=120)
        )
    except env.FramaCUnavailable as e:
        pytest.skip(str(e))
    assert verdict.status == "failed"
    assert any(c.label.endswith("Lemma contra") and not c.met for c in verdict.commands)
