"""The change guard (operators.change_guard): ``all x: T | b`` -> ``x.f' != x.f implies b`` for a ``var``
field f of T, in models that declare ``var``. The guarded trees are evaluated in Python like the analyzer
evaluates their text on lasso traces, a static model gets none, and a hidden-oracle task written here (a
lamp may only be switched while its switch is unlocked) is repaired by the guard and is not without it."""

from __future__ import annotations

from alloy_tasks import edits_decided_like_the_analyzer, hidden_task, mutations_only, repaired_by

from fmrepair.agents.mutation import operators as operators_mod
from fmrepair.agents.mutation.operators import Context, mutations, render, scopes

ROOM = """sig Level {}
sig Lamp { var level: one Level, var owner: lone User }
sig User {}
var sig Locked in Lamp {}
pred base {
  always all l: Lamp | l not in Locked and some l.owner
}
"""


def guards(text: str, client) -> tuple[object, Context, list]:
    model = client.parse(text)
    ctx = Context(text, model)
    body = model.funcs["base"].body
    singles = [m for n, env in scopes(body, {}) for m in mutations(n, ctx, env)]
    return model, ctx, [m for m in singles if m.operator == "change"]


def test_change_guards_are_evaluated_like_the_analyzer(client, verifier):
    _, ctx, found = guards(ROOM, client)
    assert sorted(m.desc for m in found) == [
        "guard: `l.level' != l.level implies ...`",
        "guard: `l.owner' != l.owner implies ...`",
    ]
    edits = [(m.target, m.new, ROOM[: m.target.s] + render(m.new, ctx) + ROOM[m.target.e :]) for m in found]
    decided, undecided = edits_decided_like_the_analyzer(client, verifier, ROOM, edits)
    assert decided == 2 * len(found) and undecided == 0


def test_a_static_model_gets_no_change_guard(client):
    static = ROOM.replace("var ", "")
    assert guards(static, client)[2] == []


SPEC = """sig Level {}
sig Lamp { var level: one Level }
var sig Unlocked in Lamp {}
pred switching {
  always all l: Lamp | l in Unlocked
}
"""
ORACLE = """
pred switching_OK { always all l: Lamp | l.level' != l.level implies l in Unlocked }
assert switching_Repaired { switching[] iff switching_OK[] }
check switching_Repaired expect 0
"""


def test_a_whenever_it_changes_fix_needs_the_change_guard(verifier, monkeypatch):
    task = hidden_task("switching", SPEC, ORACLE, "switching")
    cfg = mutations_only(40)  # synthesis would spend these proposals first
    accepted, out = repaired_by(
        verifier, task, cfg, lambda: monkeypatch.setattr(operators_mod, "change_guard", lambda *a: iter(()))
    )  # the same search, no change guard
    assert accepted == "guard: `l.level' != l.level implies ...`", accepted
    assert not out.result.faithful, out.candidate
