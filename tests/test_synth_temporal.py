"""Temporal synthesis (agents/mutation/synth.py: primed ``var`` sigs and fields, ``always``/``eventually``/
``after`` wrappers): synthesized nodes are evaluated in Python like the analyzer evaluates their text on
lasso traces, nothing temporal is built for a static model, and a hidden-oracle task (written here) whose
fix is a formula over the next state is repaired by synthesis, and is not without the temporal grammar."""

from __future__ import annotations

import itertools

import pytest
from alloy_tasks import config, decided_like_the_analyzer, formulas_decided_like_the_analyzer, gate, hidden_task

from fmrepair.agents.mutation import search as search_mod
from fmrepair.agents.mutation.operators import Context, mutations, scopes
from fmrepair.agents.mutation.synth import Grammar
from fmrepair.agents.runner import repair_task
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.verifiers.alloy.instance import Unknown, holds, parse_witness

MAIL = """sig Mail { var tag: lone Label }
sig Label {}
var sig Trash in Mail {}
fact { always (Trash' in Trash + Mail) }
"""


def _grammar(client, text: str) -> tuple[object, Grammar]:
    model = client.parse(text)
    ctx = Context(text, model)
    cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
    return model, Grammar(model, ctx.top, cols, set(), frozenset(ctx.var_names))


def test_static_models_get_no_temporal_formulas(client):
    text = "sig A { f: set A }\nsig B in A {}\n"
    _, g = _grammar(client, text)
    for size in range(2, 6):
        for f in g.formulas({}, size):
            assert "'" not in f.node.text and not f.atoms & {"ALWAYS", "EVENTUALLY", "AFTER", "PRIME"}


def test_synthesized_temporal_nodes_evaluated_like_the_analyzer(client, verifier):
    model, g = _grammar(client, MAIL)
    picked = []
    for size in (3, 4, 5):
        timed = [f for f in g.formulas({}, size) if f.atoms & {"ALWAYS", "EVENTUALLY", "AFTER", "PRIME"}]
        picked += timed[:: max(1, len(timed) // 6)][:6]
    assert any("'" in f.node.text for f in picked) and any("always" in f.node.text for f in picked)
    decided, _ = formulas_decided_like_the_analyzer(client, verifier, MAIL, model, [f.node for f in picked])
    assert decided >= len(picked)


SPEC = """sig Mail {}
var sig Trash in Mail {}
var sig Inbox in Mail {}
pred keep {
  some Inbox
}
"""
ORACLE = """
pred keep_OK { always Trash in Trash' }
assert keep_Repaired { keep[] iff keep_OK[] }
check keep_Repaired expect 0
"""


@pytest.mark.parametrize("temporal", [True, False])
def test_a_next_state_formula_is_synthesized(verifier, monkeypatch, temporal):
    """Nothing in the faulty body is near the fix; the oracle (hidden) needs a prime and ``always``."""
    if not temporal:  # the same search with the temporal grammar switched off
        real = search_mod.Grammar

        def static(*args, **kw):
            return real(*args[:4])

        monkeypatch.setattr(search_mod, "Grammar", static)
    task = hidden_task("keep", SPEC, ORACLE, "keep")
    out = repair_task(task, ScriptedModel([]), verifier, config("mutate", candidates=40), gate=gate)
    if temporal:
        assert out.result.faithful, out.result.stop_reason
        assert "Trash'" in out.candidate, out.candidate
    else:
        assert not out.result.faithful


def test_wrappers_nest_only_as_always_eventually(client):
    _, g = _grammar(client, MAIL)
    seen = [f.node.text for size in (3, 4) for f in itertools.islice(g.formulas({}, size), 200000)]
    assert "always (eventually (some Trash))" in seen and "eventually (always (some Trash))" in seen
    assert "after (some Trash)" in seen and "always ((Trash') in Trash)" not in seen  # size 5, not 4
    assert not any(t.startswith(("always (always", "after (always", "eventually (eventually")) for t in seen)


def test_until_operands_are_swapped(client):
    text = MAIL + "pred kept { always all m: Mail | m in Trash until some m.tag }\n"
    model = client.parse(text)
    ctx = Context(text, model)
    texts = {m.new.text for n, env in scopes(model.funcs["kept"].body, {}) for m in mutations(n, ctx, env)}
    assert "(some m.tag) until (m in Trash)" in texts, sorted(texts)
    client.parse(text.replace("m in Trash until some m.tag", "(some m.tag) until (m in Trash)"))


def test_before_in_a_static_model_is_not_guessed(client, verifier):
    """Without ``var`` the analyzer solves statically and leaves ``before F`` unconstrained: here it reports
    a counterexample to ``p iff ok`` on an instance where ``ok`` is false, so it took ``before (some State)``
    as true at the first state, where a trace has no state before. The evaluator answers Unknown there (no
    pruning, no observation), and still evaluates ``before`` in a model with a ``var`` field."""
    src = (
        "sig State { succ: set State }\npred p {\n  before (some State)\n}\n"
        "pred ok { all s: State | s !in s.^succ }\nassert a { p[] iff ok[] }\ncheck a for 3\n"
    )
    cmd = verifier.check(src).commands[0]
    assert cmd.outcome == "counterexample" and cmd.witness
    model = client.parse(src)
    inst = parse_witness(cmd.witness, model)
    assert inst is not None and holds(model, inst, model.funcs["ok"].body) is False
    with pytest.raises(Unknown):
        holds(model, inst, model.funcs["p"].body)
    temporal = src.replace("sig State { succ", "sig State { var succ")
    m2 = client.parse(temporal)
    inst2 = parse_witness(cmd.witness, m2)
    assert inst2 is not None and holds(m2, inst2, m2.funcs["p"].body) is False


SUBSET_VARIES = """sig Seg { succ: lone Seg }
var sig Busy in Seg {}
var sig Guest {}
pred c1 { some (Busy.*succ) - Busy }
pred c2 { Busy.*succ = Seg }
pred c3 { always (Busy' in Busy.*succ) }
pred c4 { some (univ - Seg) & Busy }
pred c5 { eventually (Seg - Busy) in Seg.iden.succ }
pred g1 { some Guest.*(Guest->Guest) }
"""


def test_univ_on_a_trace_where_only_a_subset_sig_varies(client, verifier):
    """univ (behind `*r`, `iden`, `univ`) is the union of every sig's atoms. A `var` subset sig that varies
    (`var sig Busy in Seg`) leaves it the same in every state, so the evaluator decides these formulas on
    traces; a `var` top-level sig that gains or loses atoms still leaves them Unknown."""
    model = client.parse(SUBSET_VARIES)
    preds = ["c1", "c2", "c3", "c4", "c5"]
    src = SUBSET_VARIES + "\n".join(
        f"check c{i} {{ (always no Guest) implies {p} }} for 3 but 2..4 steps\n"
        f"run r{i} {{ {p} and always some Busy and (some Busy implies after Busy != Busy') and always no Guest }} "
        "for 3 but 2..4 steps"
        for i, p in enumerate(preds)
    )

    varied = []

    def value(i: int, inst) -> bool:
        varied.append(any(s.sigs["Busy"] != inst.sigs["Busy"] for s in inst.states))
        return holds(model, inst, model.funcs[preds[i]].body)

    decided, undecided = decided_like_the_analyzer(verifier, src, model, value)
    assert decided >= 8 and undecided == 0 and sum(varied) >= 4
    guest = parse_witness(
        "trace of 2 states, looping back to state 1\nstate 0:\n  Seg = {Seg$0}\n  Busy = {}\n  Guest = {}\n"
        "  succ = {}\nstate 1:\n  Seg = {Seg$0}\n  Busy = {Seg$0}\n  Guest = {Guest$0}\n  succ = {}",
        model,
    )
    assert guest is not None and guest.varying
    with pytest.raises(Unknown):
        holds(model, guest, model.funcs["g1"].body)  # univ changes with the states: not guessed
