"""A hidden check is confirmed at a larger scope than its own (``confirm_scope``): a candidate that meets the
oracle at its scope only is not a pass; the oracle text is rewritten as the Analyzer reads commands."""

from __future__ import annotations

from alloy_tasks import config, gate, hidden_task

from fmrepair.agents.evaluate import Evaluator
from fmrepair.agents.runner import repair_task
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.verifiers.alloy.text import commands, widen_checks

SPEC = "sig Node {}\n\npred small {\n  #Node < 3\n}\n"
# equivalent to the faulty pred's mutant `#Node <= 3` at the default scope 3, not at 5 (four nodes)
ORACLE = (
    "\npred small_OK {\n  #Node < 5\n}\nassert small_Repaired { small[] iff small_OK[] }\n"
    "check small_Repaired expect 0\n"
)


def test_checks_are_widened_and_runs_left_alone() -> None:
    src = (
        "run show for 2\ncheck a expect 0\ncheck b for 2 but 3 Int expect 0\ncheck c for 7\n"
        "check d for 3 Node, 2 Edge\nc2: check { no Node } -- for 9\n"
    )
    got = {p.label: p.scope for p in commands(widen_checks(src, 5))}
    assert got == {"show": "2", "a": "5", "b": "5 but 3 Int", "c": "7", "d": "5 but 3 Node,2 Edge", "c2": "5"}
    assert [p.expect for p in commands(widen_checks(src, 5))] == [None, 0, 0, None, None, None]


def test_a_candidate_equivalent_at_the_oracles_scope_only_does_not_pass(verifier) -> None:
    task = hidden_task("confirm", SPEC, ORACLE, "small")
    cand = SPEC.replace("#Node < 3", "#Node <= 3")
    plain = Evaluator(task, verifier, gate).evaluate(cand)
    assert plain.raw and plain.faithful and not plain.unconfirmed
    ev = Evaluator(task, verifier, gate, confirm_scope=5)
    wide = ev.evaluate(cand)
    assert not wide.raw and not wide.faithful and wide.unconfirmed and ev.unconfirmed == 1
    hidden = [c for c in wide.verdict.commands if not c.met]
    assert [c.label for c in hidden] == ["hidden_property_1"]  # masked as any hidden command
    assert "small_OK" not in (hidden[0].witness or "") and "Repaired" not in (hidden[0].witness or "")
    assert ev.evaluate(SPEC.replace("#Node < 3", "#Node < 5")).faithful  # the reference itself passes both


def test_the_search_goes_on_past_a_repair_that_holds_at_the_oracles_scope_only(verifier) -> None:
    task = hidden_task("confirm", SPEC, ORACLE, "small")
    cfg = config("mutate", candidates=40)
    cfg.confirm_scope = 0
    loose = repair_task(task, ScriptedModel([]), verifier, cfg, gate=gate)
    assert loose.result.faithful and loose.result.extra["unconfirmed"] == 0
    cfg.confirm_scope = 5
    strict = repair_task(task, ScriptedModel([]), verifier, cfg, gate=gate)
    assert strict.result.extra["unconfirmed"] >= 1
    if strict.candidate is not None:  # whatever it accepts holds at scope 5 as well
        assert Evaluator(task, verifier, gate, confirm_scope=5).evaluate(strict.candidate).faithful
    assert strict.candidate != loose.candidate
