"""PDDL verifier (unified-planning + Fast Downward + VAL) and our problem-equivalence check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytest.importorskip("unified_planning")
pytest.importorskip("up_fast_downward")
from fmrepair.verifiers.pddl.equiv import equivalent, problem_facts  # noqa: E402
from fmrepair.verifiers.pddl.verifier import PddlVerifier, split_pddl, val_binary  # noqa: E402

EX = Path(__file__).resolve().parent.parent / "examples" / "formalize"
DOMAIN = (EX / "blocks_domain.pddl").read_text()
PROBLEM = (EX / "blocks_problem.pddl").read_text()


@pytest.fixture(scope="module")
def ver() -> PddlVerifier:
    return PddlVerifier(domain_dirs=[str(EX.parent / "none")])


def test_combined_file_plans_and_validates(ver: PddlVerifier) -> None:
    v = ver.check((EX / "blocks_two.pddl").read_text())
    assert v.status == "ok", v.errors
    plan, val = v.commands
    assert (plan.kind, plan.outcome, plan.met) == ("plan", "sat", True)
    assert plan.witness == "(pickup a)\n(stack a b)"
    if val_binary() is not None:
        assert (val.kind, val.outcome, val.met) == ("validate", "proved", True)


def test_problem_with_domain_text_and_unsolvable(ver: PddlVerifier) -> None:
    assert ver.check(PROBLEM, domain=DOMAIN).ok
    cyclic = PROBLEM.replace("(on b c))", "(on b c) (on c a))")
    v = ver.check(cyclic, domain=DOMAIN)
    assert v.status == "failed" and v.commands[0].outcome == "unsat" and len(v.commands) == 1


def test_domain_found_in_domain_dirs(tmp_path: Path) -> None:
    (tmp_path / "blocksworld.pddl").write_text(DOMAIN)
    assert PddlVerifier(domain_dirs=[str(tmp_path)]).check(PROBLEM).ok
    v = PddlVerifier(domain_dirs=[]).check(PROBLEM)
    assert v.status == "error" and "no domain" in v.errors[0].message


def test_errors_with_locations(ver: PddlVerifier) -> None:
    v = ver.check(PROBLEM.replace("(on-table a)", "(ontable a)"), domain=DOMAIN)
    assert v.status == "type_error" and v.errors[0].line == 4 and "ontable" in v.errors[0].message
    v = ver.check(PROBLEM.replace("(on c a)", "(on c a a)"), domain=DOMAIN)
    assert v.status == "type_error" and "arity" in v.errors[0].message
    v = ver.check(PROBLEM.replace("(clear c))", "(clear c)"), domain=DOMAIN)
    assert v.status == "syntax_error" and v.errors[0].line == 1
    two = (EX / "blocks_two.pddl").read_text().replace("(on a b)))", "(on a d)))")
    v = ver.check(two)
    assert v.status == "type_error" and v.errors[0].line == 22  # line in the combined file


def test_domain_only_parses(ver: PddlVerifier) -> None:
    v = ver.check(DOMAIN)
    assert v.ok and v.commands == []
    assert split_pddl(DOMAIN + "\n" + PROBLEM).problem_line == DOMAIN.count("\n") + 2


def test_equivalence_up_to_renaming() -> None:
    renamed = (EX / "blocks_problem_renamed.pddl").read_text()
    assert equivalent(PROBLEM, renamed).equivalent
    swapped_goal = renamed.replace("(on y x) (on x z)", "(on x y) (on x z)")
    assert not equivalent(PROBLEM, swapped_goal).equivalent
    fewer = PROBLEM.replace("(and (on a b) (on b c))", "(on a b)")
    assert not equivalent(PROBLEM, fewer).equivalent
    moved = PROBLEM.replace("(on c a)", "(on c b)").replace("(clear b) (clear c)", "(clear a) (clear c)")
    assert not equivalent(PROBLEM, moved).equivalent  # same counts, different structure
    facts = problem_facts(PROBLEM)
    assert len(facts.objects) == 3 and len(facts.goal) == 2 and facts.goal_form_ok


def test_cli_check_and_pairs() -> None:
    from fmrepair.cli import app

    runner = CliRunner()
    r = runner.invoke(app, ["check", str(EX / "blocks_two.pddl"), "--json"])
    assert r.exit_code == 0, r.stdout
    assert json.loads(r.stdout)["commands"][0]["outcome"] == "sat"
    pair = [str(EX / "blocks_domain.pddl"), str(EX / "blocks_problem.pddl")]
    r = runner.invoke(app, ["check", *pair, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["status"] == "ok"
    renamed = [str(EX / "blocks_problem.pddl"), str(EX / "blocks_problem_renamed.pddl")]
    r = runner.invoke(app, ["check", "--equiv", *renamed])
    assert r.exit_code == 0 and json.loads(r.stdout)["equivalent"] is True
    # two problems without --equiv are two one-file checks (each finds its domain beside it)
    r = runner.invoke(app, ["check", *renamed, "--json"])
    assert r.exit_code in (0, 1) and [v["formalism"] for v in json.loads(r.stdout)] == ["pddl", "pddl"]
