"""Nested pairs (agents/mutation/nested.py) and the step union (``a.r`` -> ``a + a.r``), in models that declare
``var``: the composed override trees are evaluated in Python like the analyzer evaluates their text on lasso
traces, a static model gets neither, and a hidden-oracle task written here (a reader that moves one slot
forward or stays: the frame condition of a trace) is repaired by a nested pair and is not without them
at the same budget."""

from __future__ import annotations

from alloy_tasks import edits_decided_like_the_analyzer, hidden_task, mutations_only, repaired_by

from fmrepair.agents.mutation import operators as operators_mod
from fmrepair.agents.mutation import search as search_mod
from fmrepair.agents.mutation.nested import nested_pairs
from fmrepair.agents.mutation.operators import Context, mutations, render, scopes
from fmrepair.verifiers.alloy.syntax import ParseError

TAPE = """sig Slot { succ: lone Slot }
sig Reader { var at: lone Slot }
var sig Busy in Reader {}
pred base {
  always all r: Reader | (r in Busy and some r.at') implies r.at' = r.at.succ
}
"""


def _singles(text: str, client) -> tuple[object, Context, list]:
    model = client.parse(text)
    ctx = Context(text, model)
    body = model.funcs["base"].body
    return model, ctx, [m for n, env in scopes(body, {}) for m in mutations(n, ctx, env)]


def test_nested_pairs_are_evaluated_like_the_analyzer(client, verifier):
    _, ctx, singles = _singles(TAPE, client)
    assert any(m.operator == "union" and m.new.text == "(r.at) + (r.at.succ)" for m in singles)
    pairs = list(nested_pairs(singles, ctx))
    kinds = {(a.operator, b.operator) for _, a, b in pairs}
    assert ("comparison", "union") in kinds and ("comparison", "join") in kinds
    wanted = [p for p in pairs if (p[1].operator, p[2].operator) in {("comparison", "union"), ("comparison", "join")}]
    picked, texts = [], []
    for both, a, b in wanted + pairs[:: max(1, len(pairs) // 40)]:
        assert both.new.text != a.new.text and render(b.new, ctx) in both.new.text
        text = TAPE[: a.target.s] + render(both.new, ctx) + TAPE[a.target.e :]
        try:
            client.parse(text)
        except ParseError:
            continue  # ill-typed (the analyzer rejects it; the search counts it apart)
        picked.append((both, a, b))
        texts.append(text)
    assert len(picked) >= 12
    edits = [(a.target, both.new, text) for (both, a, _), text in zip(picked, texts, strict=True)]
    decided, _ = edits_decided_like_the_analyzer(client, verifier, TAPE, edits)
    assert decided >= len(picked)


def test_a_static_model_gets_no_union_or_nested_pairs(client):
    static = TAPE.replace("var ", "").replace("r.at'", "r.at")
    model, ctx, singles = _singles(static, client)
    assert not ctx.temporal and not any(m.operator == "union" for m in singles)
    combos = list(search_mod.combos(singles[:40], 2, {}, ctx))
    assert combos and all(len(c) == 2 for c in combos)  # disjoint pairs only


SPEC = """open util/ordering[Slot]
sig Slot {}
sig Reader { var at: lone Slot }
pred moves {
  always all r: Reader | (some r.at and some r.at') implies r.at' = r.at.next
}
"""
ORACLE = """
pred moves_OK { always all r: Reader | (some r.at and some r.at') implies r.at' in r.at + r.at.next }
assert moves_Repaired { moves[] iff moves_OK[] }
check moves_Repaired expect 0
"""


def test_a_move_or_stay_fix_needs_a_nested_pair(verifier, monkeypatch):
    """``r.at' = r.at.next`` for ``r.at' in r.at + r.at.next``: the comparison and its right operand both
    change, which pairs at disjoint nodes cannot do; the search repairs it with a nested pair, and does not
    when nested pairs are off."""
    task = hidden_task("moves", SPEC, ORACLE, "moves")
    # the change guard reaches the same fix another way (`r.at' != r.at implies ...`): off in both searches
    monkeypatch.setattr(operators_mod, "change_guard", lambda *a: iter(()))
    cfg = mutations_only(40)  # synthesis would spend these proposals first
    accepted, out = repaired_by(
        verifier, task, cfg, lambda: monkeypatch.setattr(search_mod, "nested_pairs", lambda *a: iter(()))
    )  # the same search, no nested pairs
    assert "; inside it " in accepted, accepted
    assert not out.result.faithful, out.candidate
    assert out.result.stop_reason.startswith(("proposals", "candidates", "exhausted")), out.result.stop_reason
