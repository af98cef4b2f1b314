"""Grown temporal nodes (agents/mutation/synth.py ``grow``): a temporal node keeps its operand and gains a
synthesized one (``G until B``, ``A until G``, ``G since B``, ``A since G``, ``G implies X B``). The
override trees are evaluated in Python like the analyzer evaluates their text on lasso traces, and a
hidden-oracle task written here ("a trashed message stays in the trash until it is restored", the
development split's shape) is repaired by a grown node and is not without them at the same budget."""

from __future__ import annotations

from alloy_tasks import config, decided_like_the_analyzer, hidden_task, repaired_by

from fmrepair.agents.mutation import search as search_mod
from fmrepair.agents.mutation.operators import Context, render, scopes
from fmrepair.agents.mutation.synth import GROWN, Grammar, grow, growable
from fmrepair.verifiers.alloy.instance import holds

BOX = """sig Mail { var tag: lone Label }
sig Label {}
var sig Inbox in Mail {}
var sig Trash in Mail {}
pred base {
  always all m: Mail | (eventually m in Inbox) and (after m in Trash) and (once some m.tag)
    and (always m in Trash) and (historically no m.tag)
}
"""


def test_grown_nodes_are_evaluated_like_the_analyzer(client, verifier):
    model = client.parse(BOX)
    ctx = Context(BOX, model)
    cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
    body = model.funcs["base"].body
    nodes = [(n, env) for n, env in scopes(body, {}) if n.k == "ExprUnary" and n.op in GROWN]
    assert {n.op for n, _ in nodes} == {"EVENTUALLY", "AFTER", "ONCE", "ALWAYS", "HISTORICALLY"}
    picked = []  # (target, replacement) pairs: every form, over a few operands each
    for n, env in nodes:
        scope = {v: ctx.cols(ty)[0] for v, ty in env.items() if ty}
        g = Grammar(model, ctx.top, cols, set(), frozenset(ctx.var_names))
        operands = g.operands(scope, 3) + g.operands(scope, 4)
        assert operands and all("m" in f.vars for f in operands if scope)  # about the variable in scope
        for f in operands[:: max(1, len(operands) // 3)][:3]:
            picked += [(n, new) for new in grow(n, f, ctx.par)]
    ops = {new.op for _, new in picked}
    assert ops == {"UNTIL", "SINCE", "IMPLIES"}
    texts = [BOX[body.s : n.s] + render(new, ctx) + BOX[n.e : body.e] for n, new in picked]
    src = BOX + "".join(f"pred p{i} {{\n  {t}\n}}\n" for i, t in enumerate(texts))
    cmds = "check c{0} {{ p{0} }} for 3 but 1..4 steps\nrun r{0} {{ p{0} }} for 3 but 1..4 steps\n"
    src += "".join(cmds.format(i) for i in range(len(texts)))
    full = client.parse(src)  # every grown text compiles in place
    base = full.funcs["base"].body
    by_span = {(n.s, n.e): n for n in base.walk()}

    def value(i: int, inst) -> bool:
        n, new = picked[i]
        target = by_span[(n.s, n.e)]  # the same node in this parse: the override tree, not the text
        return holds(full, inst, base, {target.id: new})

    decided, _ = decided_like_the_analyzer(verifier, src, full, value)
    assert decided >= len(picked)


SPEC = """sig Mail {}
var sig Inbox in Mail {}
var sig Trash in Mail {}
pred restore {
  always all m: Trash | eventually m in Inbox
}
"""
ORACLE = """
pred restore_OK { always all m: Trash | m in Trash until m in Inbox }
assert restore_Repaired { restore[] iff restore_OK[] }
check restore_Repaired expect 0
"""


def test_a_stays_until_fix_needs_a_grown_node(verifier, monkeypatch):
    """``eventually B`` for ``G until B``: no single mutation reaches it and the whole-formula grammar
    has no ``until``; the search repairs it with a grown node, and does not when growing is off."""
    task = hidden_task("restore", SPEC, ORACLE, "restore")
    cfg = config("mutate", candidates=40)
    cfg.budget.proposals = 20000  # without growing, the proposals run out (after 30 checks): keep it short
    accepted, out = repaired_by(
        verifier, task, cfg, lambda: monkeypatch.setattr(search_mod, "grow", lambda *a: iter(()))
    )  # the same search, nothing grown
    assert accepted.startswith("synth:") and "until" in accepted, accepted
    assert not out.result.faithful, out.candidate
    assert out.result.stop_reason.startswith(("proposals", "candidates")), out.result.stop_reason


def test_a_static_model_grows_nothing(client):
    """No ``var``, nothing grows, even around a temporal operator; the same body with a ``var`` sig does."""
    static = "sig State { next: set State }\npred p {\n  always all s: State | eventually s in s.next\n}\n"
    for text, expected in ((static, 0), ("var " + static, 2)):
        model = client.parse(text)
        ctx = Context(text, model)
        targets = list(scopes(model.funcs["p"].body, {}))
        assert len(growable(targets, ctx.var_names)) == expected
