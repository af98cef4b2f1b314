"""SMT-LIB2 verifier: z3 in-process (fresh context per script), cvc5 as second parser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytest.importorskip("z3")
from fmrepair.verifiers.base import CheckOptions  # noqa: E402
from fmrepair.verifiers.smtlib.verifier import SmtVerifier, run_script  # noqa: E402

EX = Path(__file__).resolve().parent.parent / "examples" / "formalize"


def test_expectations_models_and_cores() -> None:
    script = (
        "(set-option :produce-unsat-cores true)\n(declare-const x Int)\n(assert (! (> x 2) :named a1))\n"
        "(set-info :status sat)\n(check-sat)\n(get-model)\n(assert (! (< x 1) :named a2))\n"
        "(set-info :status unsat)\n(check-sat)\n(get-unsat-core)\n"
    )
    v = SmtVerifier().check(script)
    assert v.status == "ok", v.errors
    first, second = v.commands
    assert (first.outcome, first.expect, first.met) == ("sat", 1, True) and "define-fun x" in (first.witness or "")
    assert (second.outcome, second.expect, second.met) == ("unsat", 0, True) and second.witness == "(a1 a2)"


def test_unmet_expectation_fails() -> None:
    v = SmtVerifier().check(
        "(declare-const p Bool)\n(assert p)\n(assert (not p))\n(set-info :status sat)\n(check-sat)\n"
    )
    assert v.status == "failed" and v.commands[0].outcome == "unsat" and not v.commands[0].met


def test_fresh_context_per_script() -> None:
    ver = SmtVerifier()
    assert ver.check("(declare-const y Int)\n(assert (> y 1))\n(check-sat)\n").ok
    v = ver.check("(assert (> y 1))\n(check-sat)\n")  # y is not known from the previous script
    assert v.status == "type_error" and (v.errors[0].line, v.errors[0].column) == (1, 12)


def test_errors_and_second_opinion() -> None:
    v = SmtVerifier().check("(declare-const x Int)\n(assert (and (> x 1) (+ x 1)))\n(check-sat)\n")
    assert v.status == "type_error" and v.errors[0].line == 2
    assert any(e.severity == "warning" and e.message.startswith("cvc5:") for e in v.errors)
    v = SmtVerifier().check("(declare-const x Int)\n(assert (> x 1)\n(check-sat)\n")
    assert v.status == "syntax_error" and v.errors[0].line == 2
    # z3 accepts a nonstandard form cvc5 rejects: warning by default, an error when strict
    nonstd = "(declare-const x Int)\n(assert (> x 1))\n(check-sat)\n(foo)\n"  # z3 skips (foo); cvc5 rejects it
    lenient = SmtVerifier().check(nonstd)
    assert lenient.ok and {e.severity for e in lenient.errors} == {"warning"}
    assert any(e.message.startswith("cvc5:") for e in lenient.errors)
    assert SmtVerifier(strict=True).check(nonstd).status == "syntax_error"


def test_timeout_is_reported() -> None:
    hard = "(declare-const a Int)(declare-const b Int)(declare-const c Int)\n"
    hard += "(assert (and (> a 0) (> b 0) (> c 0) (= (+ (* a a a) (* b b b)) (* c c c))))\n(check-sat)\n"
    v = SmtVerifier().check(hard, CheckOptions(timeout_s=0.3))
    assert v.commands and v.commands[0].outcome in ("timeout", "unknown") and not v.ok


def test_run_script_answers() -> None:
    run = run_script("(declare-const p Bool)(assert p)(check-sat)(assert (not p))(check-sat)")
    assert run.answers == ["sat", "unsat"] and run.errors == []


def test_fmrepair_check_json() -> None:
    from fmrepair.cli import app

    r = CliRunner().invoke(app, ["check", str(EX / "syllogism.smt2"), "--json"])
    assert r.exit_code == 0, r.stdout
    out = json.loads(r.stdout)
    assert out["formalism"] == "smtlib" and [c["outcome"] for c in out["commands"]] == ["sat", "unsat"]
