"""The compact prompt view (``prompt_view: compact``): what it keeps of a specification, that it is a view
only (an answer is applied to the whole text), and that it needs paragraph edits."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from pydantic import ValidationError

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.agents.edits import apply_call
from fmrepair.agents.strategies import new_conversation
from fmrepair.verifiers.alloy.excerpt import excerpt

SPEC = """// a small model of rooms
module rooms
sig Room { next : set Room }
/* the doors */
sig Door { opens : one Room }
fact { all d : Door | d.opens in Room }
fun reach [r : Room] : set Room { r.^next }
fun unused [r : Room] : set Room { r.next.next }
/* every room is reachable */
pred connected {
  all r : Room | Room in reach[r]
}
// an unrelated exercise
pred loops {
  some r : Room | r in r.next
}
assert keepsConnected { connected implies some Room }
check keepsConnected for 3
assert other { loops implies some next }
check other for 4
run loops
"""


def test_excerpt_keeps_declarations_the_editable_pred_and_what_uses_it():
    shown = excerpt(SPEC, ["pred connected"])
    for kept in ("// a small model of rooms", "module rooms", "sig Room", "/* the doors */", "sig Door", "fact {",
                 "fun reach", "/* every room is reachable */", "pred connected", "assert keepsConnected",
                 "check keepsConnected for 3"):  # fmt: skip
        assert kept in shown, kept
    for dropped in ("fun unused", "pred loops", "// an unrelated exercise", "assert other", "run loops",
                    "check other"):  # fmt: skip
        assert dropped not in shown, dropped
    # nothing to leave out: the text itself
    assert excerpt(SPEC, ["pred connected", "pred loops", "fun unused"]) == SPEC


def test_compact_prompt_is_a_view_an_answer_applies_to_the_whole_text():
    cfg = RepairConfig(prompt_view="compact", budget=Budget(iterations=2))
    task = SimpleNamespace(frozen=[], formalism="alloy", secrets=lambda: [])
    session = SimpleNamespace(config=cfg, editable=["pred connected", "pred loops"], task=task)
    msgs = new_conversation(session, SPEC).messages()  # type: ignore[arg-type]
    assert "Paragraphs you may change: pred connected, pred loops." in msgs[0]["content"]
    assert "fun unused" not in msgs[1]["content"] and "pred loops" in msgs[1]["content"]
    full = new_conversation(SimpleNamespace(config=RepairConfig(), editable=["pred connected"], task=task), SPEC)
    assert "fun unused" in full.messages()[1]["content"]
    fixed = apply_call("paragraph", SPEC, {"request": "run_alloy_analyzer", "paragraph": "pred connected",
                                           "body": " all r : Room | r in reach[r] "}, ["pred connected"])  # fmt: skip
    assert "fun unused" in fixed and "all r : Room | r in reach[r]" in fixed


def test_compact_view_needs_paragraph_edits():
    with pytest.raises(ValidationError, match="edit_mode paragraph"):
        RepairConfig(prompt_view="compact", edit_mode="patch")


def test_a_commented_out_answer_never_reaches_a_model():
    """Alloy4Fun's graphs `complete` files hold the reference answer as a comment in the body to fix. The
    prompt blanks that comment (line ends kept), and the guard refuses a message that carries it."""
    from fmrepair.agents.prompting import PromptGuard, PromptLeak, redact_comments

    answer = "all n:Node | Node in n.adj"
    spec = (
        f"sig Node {{ adj : set Node }}\n/* every node links to all */\npred complete {{\n-- {answer}\n"
        "  some adj\n}\n"
    )
    secrets = [f"pred completeOK {{ {answer} }}", answer]
    task = SimpleNamespace(frozen=[], formalism="alloy", secrets=lambda: secrets)
    session = SimpleNamespace(config=RepairConfig(), editable=["pred complete"], task=task)
    msgs = new_conversation(session, spec).messages()  # type: ignore[arg-type]
    assert "Node in n.adj" not in msgs[1]["content"] and "/* every node links to all */" in msgs[1]["content"]
    shown = redact_comments(spec, secrets, "alloy")
    assert shown.count("\n") == spec.count("\n") and "some adj" in shown  # lines kept: patch numbers hold
    assert redact_comments(spec, secrets, "acsl") == spec  # annotations are comments there: untouched
    guard = PromptGuard(secrets, spec)
    guard.check(msgs[1]["content"])
    with pytest.raises(PromptLeak, match="inside a comment"):
        guard.check(spec)
    guard.check(spec, model_texts=[f"-- {answer}"])  # the model's own text echoed back is no leak
