"""Loop logic of the repair strategies, with a SCRIPTED model (a test double replaying given tool calls)
and the real Alloy Analyzer."""

from __future__ import annotations

from pathlib import Path

import pytest

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.agents.prompting import PromptGuard, PromptLeak, render
from fmrepair.agents.runner import default_gate, repair_task, task_from_user_file
from fmrepair.runlog import RunLog
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.task import Task

EXAMPLE = Path(__file__).parent.parent / "examples" / "list_acyclic_faulty.als"
FIX = {"request": "run_alloy_analyzer", "paragraph": "fact Acyclic", "body": "all n: Node | n !in n.^next"}
SAME = {"request": "run_alloy_analyzer", "paragraph": "fact Acyclic", "body": "all n: Node | n in n.^next"}
WRONG = {"request": "run_alloy_analyzer", "paragraph": "fact Reachable", "body": "all n: Node | n in List.head.^next"}
# "fixes" the spec by weakening both assertions: raw-correct, but edits frozen parts
CHEAT = {
    "request": "run_alloy_analyzer",
    "specification": EXAMPLE.read_text()
    .replace("no n: Node | n = n.next", "no n: Node | n = n.next and n != n.next")
    .replace("no n: Node | n.next = List.head", "no n: Node | n.next = List.head and no List"),
}

HIDDEN = """
assert SecretNoCycleProp {
  all n: Node | n !in n.^next
}
check SecretNoCycleProp for 4
"""


@pytest.fixture(scope="module")
def verifier():
    from fmrepair.verifiers.alloy import AlloyVerifier

    with AlloyVerifier(workers=1) as v:
        yield v


def user_task() -> Task:
    return task_from_user_file(str(EXAMPLE), EXAMPLE.read_text())


def hidden_task() -> Task:
    """The example with its property hidden: the model sees neither the assertion nor its name."""
    visible = EXAMPLE.read_text()
    fixed = visible.replace("n in n.^next", "n !in n.^next")
    base = task_from_user_file("hidden-demo", visible)
    return base.model_copy(
        update={
            "id": "hidden-demo",
            "hidden_oracle": HIDDEN,
            "reference": fixed,
            "meta": {"hidden_reference_names": ["SecretNoCycleProp"]},
        }
    )


def run(task, outputs, verifier, tmp_path=None, **cfg):
    budget = cfg.pop("budget", Budget(iterations=cfg.pop("iterations", 6)))
    config = RepairConfig(budget=budget, **cfg)
    model = ScriptedModel(outputs, cycle=True)
    log = RunLog(tmp_path) if tmp_path else None
    out = repair_task(task, model, verifier, config, gate=default_gate(verifier), log=log)
    return out, model


def user_messages(model: ScriptedModel) -> list[str]:
    return [m.content for call in model.calls for m in call["messages"] if m.role != "assistant"]


def test_repeated_spec_gets_table2_message_then_fix(verifier, tmp_path):
    out, model = run(user_task(), [SAME, FIX], verifier, tmp_path, strategy="single-gf")
    assert out.result.faithful and out.result.first_success == 2
    second_prompt = model.calls[1]["messages"][-1].content
    assert second_prompt == render("feedback_repeated")
    assert "IDENTICAL" in second_prompt
    attempts = RunLog(tmp_path).attempts()
    assert [a.repeated for a in attempts] == [True, False]
    assert attempts[0].verdict is None and attempts[1].faithful


def test_bad_json_gets_tool_fallback(verifier):
    out, model = run(user_task(), ["I think the bug is in Acyclic", FIX], verifier, strategy="single-nf")
    assert out.result.faithful
    assert "CORRECT format" in model.calls[1]["messages"][-1].content


def test_no_feedback_hides_the_report(verifier):
    out, model = run(user_task(), [WRONG], verifier, strategy="single-nf", iterations=2)
    assert not out.result.faithful and out.result.attempts == 2
    msg = model.calls[1]["messages"][-1].content
    assert msg == "The proposed specification DID NOT fix the bug."


def test_generic_feedback_carries_counterexample(verifier):
    _, model = run(user_task(), [WRONG], verifier, strategy="single-gf", iterations=2)
    msg = model.calls[1]["messages"][-1].content
    assert msg.startswith("Below are the results from the Alloy Analyzer")
    assert "NoSelfLoop" in msg and "counterexample" in msg and "next =" in msg


def test_unfaithful_fix_is_rejected_and_never_accepted(verifier, tmp_path):
    out, model = run(user_task(), [CHEAT], verifier, tmp_path, strategy="single-gf", iterations=3, edit_mode="whole")
    assert out.candidate is None and not out.result.faithful
    assert out.result.repaired  # raw-correct ...
    assert out.result.unfaithful_rejected == 3  # ... and rejected every time, and counted
    assert "rejected" in model.calls[1]["messages"][-1].content
    reasons = RunLog(tmp_path).attempts()[0].gate["reasons"]
    assert any("NoSelfLoop" in r for r in reasons) and any("HeadHasNoPredecessor" in r for r in reasons)


def test_budget_stops_the_loop(verifier):
    out, model = run(user_task(), [WRONG], verifier, strategy="single-gf", iterations=3)
    assert out.result.attempts == 3 and len(model.calls) == 3
    out, model = run(user_task(), [WRONG], verifier, strategy="single-gf", budget=Budget(iterations=6, total_answers=2))
    assert out.result.attempts == 2 and "answer budget" in out.result.stop_reason
    out, model = run(
        user_task(), [WRONG], verifier, strategy="single-gf", budget=Budget(iterations=6, verifier_calls=2)
    )
    assert out.result.attempts == 2 and "verifier-call" in out.result.stop_reason


def test_sample_strategy_splits_answers_into_fresh_chains(verifier):
    out, model = run(user_task(), [WRONG], verifier, strategy="sample", budget=Budget(iterations=2, samples=3))
    assert len(model.calls) == 6
    # each chain starts again from the system + task messages
    assert [len(c["messages"]) for c in model.calls] == [2, 4, 2, 4, 2, 4]


def test_gated_rejects_a_regression(verifier, tmp_path):
    # 1: breaks `run {}` vacuity? no: WRONG keeps errors equal (not kept); 2: a change that makes a met command
    # fail is never kept even if the count drops; 3: the fix.
    regress = {"request": "run_alloy_analyzer", "paragraph": "fact Reachable", "body": "some Node and no Node.next"}
    out, model = run(user_task(), [WRONG, regress, FIX], verifier, tmp_path, strategy="gated")
    attempts = [a for a in RunLog(tmp_path).attempts()]
    gated = [a.gated for a in attempts if a.gated is not None]
    assert gated and not any(g["accepted"] for g in gated)
    assert all(g["weight_after"] >= g["weight_before"] or g["regressions"] for g in gated)
    assert out.result.faithful
    assert "REJECTED" in model.calls[1]["messages"][-1].content


@pytest.mark.parametrize("strategy", ["single-nf", "single-gf", "dual-af", "sample", "gated"])
def test_nothing_hidden_reaches_any_message(verifier, strategy):
    task = hidden_task()
    instructor = {"instruction": "Make Acyclic forbid a node reaching itself."}
    outputs = [WRONG, instructor, SAME, instructor, "garbage", instructor, FIX]
    out, model = run(task, outputs, verifier, strategy=strategy, iterations=4)
    texts = user_messages(model)
    assert texts, "the model was never called"
    for t in texts:
        assert "SecretNoCycleProp" not in t
        assert "all n: Node | n !in n.^next" not in t
    if strategy != "single-nf":
        # the hidden check's verdict does come back, under a neutral name
        assert any("hidden_property_1" in t for t in texts)


def test_hidden_check_decides_success(verifier):
    # WRONG-but-visible-ok candidates are judged by the hidden property too
    task = hidden_task().model_copy(update={"visible": EXAMPLE.read_text().replace("check NoSelfLoop for 5\n", "")})
    task = task.model_copy(update={"frozen": task_from_user_file("x", task.visible).frozen})
    out, _ = run(task, [WRONG, FIX], verifier, strategy="single-gf")
    assert out.result.first_success == 2


def test_guard_catches_a_leak():
    task = hidden_task()
    guard = PromptGuard(task.secrets(), task.visible, ["SecretNoCycleProp"])
    with pytest.raises(PromptLeak):
        guard.check("here is a hint: " + HIDDEN)
    with pytest.raises(PromptLeak):
        guard.check("check SecretNoCycleProp failed")
    guard.check(task.visible)  # the visible text itself is fine
    guard.check("SecretNoCycleProp", model_texts=["pred SecretNoCycleProp {}"])  # the model's own words are not
    with pytest.raises(PromptLeak):
        guard.check("skolem SecretNoCycleProp_n = {Node$1}")  # skolems carry the command's name
