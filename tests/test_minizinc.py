"""MiniZinc verifier with the real `minizinc` driver and Gecode."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fmrepair.verifiers.base import CheckOptions
from fmrepair.verifiers.minizinc.verifier import MiniZincVerifier, parse_stream

pytestmark = pytest.mark.skipif(shutil.which("minizinc") is None, reason="apt-get install minizinc")
EX = Path(__file__).resolve().parent.parent / "examples" / "formalize"


@pytest.fixture(scope="module")
def mzn() -> MiniZincVerifier:
    return MiniZincVerifier()


def test_optimum_objective_and_assignment(mzn: MiniZincVerifier) -> None:
    run = mzn.solve((EX / "knapsack.mzn").read_text(), (EX / "knapsack.dzn").read_text())
    assert (run.status, run.mzn_status, run.outcome, run.method) == ("ok", "OPTIMAL_SOLUTION", "sat", "maximize")
    assert run.objective == 90 and run.assignment == {"take": [0, 1, 0, 1]}
    v = mzn.check((EX / "knapsack.mzn").read_text(), data=(EX / "knapsack.dzn").read_text())
    assert v.ok and v.commands[0].met and json.loads(v.commands[0].witness or "{}")["_objective"] == 90


def test_unsat_is_failed_not_ok(mzn: MiniZincVerifier) -> None:
    v = mzn.check((EX / "overconstrained.mzn").read_text())
    assert v.status == "failed" and v.commands[0].outcome == "unsat" and not v.commands[0].met


def test_errors_carry_locations(mzn: MiniZincVerifier) -> None:
    v = mzn.check("var 1..3: x;\nconstraint x > y;\nsolve satisfy;\n")
    assert v.status == "type_error" and v.commands == []
    assert (v.errors[0].line, v.errors[0].column) == (2, 16) and "undefined identifier" in v.errors[0].message
    v = mzn.check("var 1..3: x\nconstraint x > 1;\nsolve satisfy;\n")
    assert v.status == "syntax_error" and v.errors[0].line == 2
    v = mzn.check("int: n;\nvar 1..n: x;\nsolve satisfy;\n")  # missing data
    assert v.status == "type_error" and "must be defined" in v.errors[0].message


def test_time_limit_gives_timeout(mzn: MiniZincVerifier) -> None:
    # pigeonhole 14 -> 13 with a pairwise != decomposition: unsat, but exponential for plain search
    hard = (
        "array[1..14] of var 1..13: x;\nconstraint forall(i, j in 1..14 where i < j)(x[i] != x[j]);\nsolve satisfy;\n"
    )
    v = mzn.check(hard, CheckOptions(timeout_s=0.5))
    assert v.status == "timeout" and v.commands[0].outcome in ("timeout", "unknown") and not v.commands[0].met


def test_parse_stream_ignores_debian_noise() -> None:
    text = '{"type": "warning", "message": "included file \\"count.mzn\\" overrides a global constraint file"}\n'
    text += '{"type": "status", "status": "UNSATISFIABLE"}\n'
    run = parse_stream(text)
    assert run.warnings == [] and run.mzn_status == "UNSATISFIABLE"


def test_fmrepair_check_one_file_and_a_model_with_its_data() -> None:
    from fmrepair.cli import app

    runner = CliRunner()
    r = runner.invoke(app, ["check", str(EX / "overconstrained.mzn"), "--json"])
    out = json.loads(r.stdout)
    assert r.exit_code == 1 and out["formalism"] == "minizinc" and out["commands"][0]["outcome"] == "unsat"
    r = runner.invoke(app, ["check", str(EX / "knapsack.mzn"), str(EX / "knapsack.dzn"), "--json"])
    assert r.exit_code == 0, r.stdout
    assert json.loads(r.stdout)["commands"][0]["outcome"] == "sat"
