"""Past-time operators in the search (agents/mutation/synth.py ``PAST_WRAPS``, operators.py ``WRAP_INSERT``):
``once`` and ``historically`` wrap a synthesized formula only where it is evaluated after the first state
(inside a future operator, or replacing a formula that lies under one); synthesized past trees are
evaluated in Python like the analyzer evaluates their text, past the lasso's loop too; flip observations
compare values over spans of different lengths; and hidden-oracle tasks written here whose fix needs
``once`` are repaired by the wrap insertion, and by synthesis (not without its past wrappers)."""

from __future__ import annotations

import itertools

import pytest
from alloy_tasks import config, formulas_decided_like_the_analyzer, hidden_task, repaired_by

from fmrepair.agents.mutation import synth as synth_mod
from fmrepair.agents.mutation.operators import Context
from fmrepair.agents.mutation.synth import Grammar
from fmrepair.verifiers.alloy.instance import Instance, same_values

MAIL = """sig Mail {}
var sig Trash in Mail {}
var sig Inbox in Mail {}
fact { always (Trash' in Trash + Inbox) }
"""
PAST = ("once", "historically")


def _grammar(client, under: bool) -> tuple[object, Grammar]:
    model = client.parse(MAIL)
    ctx = Context(MAIL, model)
    return model, Grammar(model, ctx.top, {}, set(), frozenset(ctx.var_names), under=under)


def _formulas(g: Grammar, sizes: tuple[int, ...]) -> list[str]:
    return [f.node.text for size in sizes for f in itertools.islice(g.formulas({}, size), 300000)]


def test_past_wrappers_only_where_evaluated_after_the_first_state(client):
    """At the first state ``once F`` and ``historically F`` mean F: a formula replacing a body that nothing
    temporal encloses gets them only inside a future operator; one under a temporal operator gets them whole."""
    _, top = _grammar(client, under=False)
    seen = _formulas(top, (3, 4, 5, 6))
    assert not any(t.startswith(PAST) for t in seen)
    assert not any(t.startswith(("all", "some", "no")) and f"| {PAST[0]}" in t for t in seen)
    inside = [t for t in seen if t.startswith(("always", "eventually")) and any(w in t for w in PAST)]
    assert "always (all m: Mail | once (m in Trash))" in inside, inside[:20]
    _, under = _grammar(client, under=True)
    seen = _formulas(under, (3, 4, 5))
    assert "once (some Trash)" in seen and "historically (no Inbox)" in seen
    assert "all m: Mail | once (m in Trash)" in seen
    assert not any(t.startswith(("always (once", "once (always", "once (historically")) for t in seen)


def test_synthesized_past_nodes_evaluated_like_the_analyzer(client, verifier):
    model, g = _grammar(client, under=False)
    picked = []
    for size in (5, 6):
        past = [f for f in g.formulas({}, size) if f.atoms & {"ONCE", "HISTORICALLY"}]
        picked += past[:: max(1, len(past) // 8)][:8]
    assert any("once" in f.node.text for f in picked) and any("historically" in f.node.text for f in picked)
    nodes = [f.node for f in picked]
    decided, undecided = formulas_decided_like_the_analyzer(client, verifier, MAIL, model, nodes)
    assert undecided == 0 and decided >= len(picked)


def test_values_over_spans_of_different_lengths():
    """A lasso of 3 states looping to 1 (period 2): values past a span repeat with the period, so a longer
    span agrees with a shorter one exactly when it continues it that way."""
    inst = Instance({}, {})
    inst.states = [inst, Instance({}, {}), Instance({}, {})]
    inst.loop = 1
    short = (True, False, True, False, True)
    assert same_values(short, (True, False, True, False, True, False, True), inst)
    assert same_values((True, False, True, False, True, False, True), short, inst)
    assert not same_values(short, (True, False, True, False, True, True, True), inst)
    assert not same_values(short, (False, False, True, False, True, False, True), inst)


SPEC = """sig Mail {}
var sig Trash in Mail {}
var sig Inbox in Mail {}
pred deleted {
  always all m: Mail | m in Trash implies %s
}
"""
ORACLE = """
pred deleted_OK { always all m: Mail | m in Trash implies once m in Inbox }
assert deleted_Repaired { deleted[] iff deleted_OK[] }
check deleted_Repaired expect 0
"""


def test_a_missing_once_is_inserted(verifier):
    """Mail in the trash must have been in the inbox at some point, not now: one ``once`` inserted. (Without
    the insertion a chain still gets there, ``always`` inserted and then swapped for ``once``.)"""
    task = hidden_task("deleted", SPEC % "m in Inbox", ORACLE, "deleted")
    accepted, _ = repaired_by(verifier, task, config("mutate", candidates=40), lambda: None)
    assert accepted == "temporal: `m in Inbox` -> `once (m in Inbox)`", accepted


@pytest.mark.long  # 37 s (the default suite's time)
def test_a_past_operand_is_synthesized(verifier, monkeypatch):
    """The consequent names neither the variable nor a past operator (``some Inbox``): no mutation or chain
    reaches ``once m in Inbox``; a synthesized past operand does (the sketch's consequent under its
    ``always``, which comes first, or synthesis at the consequent), and neither once past wrappers are
    switched off (at the same budget)."""
    task = hidden_task("deleted", SPEC % "some Inbox", ORACLE, "deleted")

    def switch_off() -> None:
        monkeypatch.setattr(synth_mod, "WRAPS", synth_mod.FUTURE_WRAPS)

    accepted, out = repaired_by(verifier, task, config("mutate", candidates=40), switch_off)
    assert accepted.startswith(("synth: `some Inbox` -> `once", "sketch:")), accepted
    assert "once (m in Inbox)" in accepted or "once m in Inbox" in accepted, accepted
    assert not out.result.faithful, out.candidate
