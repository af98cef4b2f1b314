"""Observational equivalence in synthesis (agents/mutation/examples.py, ``Grammar(examples=...)``): on the
collected instances, synthesis keeps one expression and one small atomic formula per value. Checked here:
every value a formula of the full grammar takes on the instances is still taken by a kept formula no larger
(so a prune can tell them apart no better than before: nothing the search could reach is lost), keys agree
with the evaluator's own verdicts, the kept grammar is much smaller, and on a trace (primes, positions)
the same holds."""

from __future__ import annotations

import itertools

from fmrepair.agents.mutation.examples import Examples
from fmrepair.agents.mutation.operators import Context
from fmrepair.agents.mutation.synth import Grammar
from fmrepair.verifiers.alloy.instance import Instance, InstanceEvaluator, Unknown, holds, trace_values

STATIC = """sig A { r: set A }
sig B { s: set A }
pred p { all a: A | some a.r }
"""
TEMPORAL = """sig Slot {}
var sig Used in Slot {}
sig Job { var at: lone Slot }
pred p { always some Used }
"""


def _rel(*tuples: str) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(t.split("->")) for t in tuples)


def _static_instances() -> list[Instance]:
    a = _rel("A$0", "A$1", "A$2")
    return [
        Instance({"A": a, "B": _rel("B$0")}, {"A<:r": _rel("A$0->A$1"), "B<:s": _rel("B$0->A$0")}),
        Instance({"A": a, "B": _rel("B$0", "B$1")}, {"A<:r": _rel("A$2->A$1"), "B<:s": _rel("B$1->A$2", "B$0->A$0")}),
        Instance({"A": a, "B": _rel("B$0", "B$1")}, {"A<:r": _rel("A$0->A$0", "A$1->A$2"), "B<:s": _rel()}),
        Instance({"A": _rel("A$0"), "B": _rel()}, {"A<:r": _rel(), "B<:s": _rel()}),
    ]


def _trace() -> Instance:
    slots = _rel("Slot$0", "Slot$1")
    jobs = _rel("Job$0")
    states = [
        Instance({"Slot": slots, "Used": _rel(), "Job": jobs}, {"Job<:at": _rel()}),
        Instance({"Slot": slots, "Used": _rel("Slot$0"), "Job": jobs}, {"Job<:at": _rel("Job$0->Slot$0")}),
        Instance({"Slot": slots, "Used": _rel("Slot$1"), "Job": jobs}, {"Job<:at": _rel("Job$0->Slot$1")}),
    ]
    first = states[0]
    first.states, first.loop = states, 1
    return first


def _grammars(client, spec: str, insts: list[Instance]) -> tuple[object, Grammar, Grammar, Examples]:
    model = client.parse(spec)
    ctx = Context(spec, model)
    cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
    examples = Examples(model, ctx.top)
    for inst in insts:
        examples.add(inst)
    plain = Grammar(model, ctx.top, cols, set(), frozenset(ctx.var_names))
    kept = Grammar(model, ctx.top, cols, set(), frozenset(ctx.var_names), examples=examples)
    return model, plain, kept, examples


def _truth(model, insts: list[Instance], node, scope: dict[str, str]) -> tuple | None:
    """The formula's values, computed here apart from examples.py: a fresh evaluator per instance and
    binding of the scope's variables (every atom of their sig in any state), at every position of the
    lasso that decides it (trace_values); None where the evaluator cannot decide it."""
    names = sorted(scope)
    out = []
    try:
        for inst in insts:
            atoms = {v: sorted({a for st in inst.states for a in st.sigs.get(scope[v], ())}) for v in names}
            for combo in itertools.product(*(atoms[v] for v in names)):
                env = {v: frozenset([a]) for v, a in zip(names, combo, strict=True)}
                ev = InstanceEvaluator(model, inst)
                out.append(tuple(ev.at(q, node, env) for q in ev.future(node)))
    except Unknown:
        return None
    return tuple(out)


def _every_value_kept(
    model, insts: list[Instance], plain: Grammar, kept: Grammar, sizes: range, scope: dict[str, str]
) -> tuple[int, int]:
    """Every value a full-grammar formula over ``scope`` takes on the instances is the value of a kept
    formula of no larger size."""
    have: dict[object, int] = {}
    n_kept = 0
    for size in sizes:
        for f in kept.formulas(scope, size):
            n_kept += 1
            have.setdefault(_truth(model, insts, f.node, scope), size)
    n_plain = 0
    for size in sizes:
        for f in plain.formulas(scope, size):
            n_plain += 1
            t = _truth(model, insts, f.node, scope)
            assert t is None or have.get(t, size + 1) <= size, f.node.text
    return n_plain, n_kept


def test_static_every_value_is_kept_and_the_grammar_shrinks(client):
    insts = _static_instances()
    model, plain, kept, _ = _grammars(client, STATIC, insts)
    for scope in ({}, {"a": "A"}, {"b": "B", "a": "A"}):  # free variables: values under every binding
        n_plain, n_kept = _every_value_kept(model, insts, plain, kept, range(2, 6), scope)
        assert n_kept * 4 < n_plain  # the instances tell few formulas apart: most are dropped


def test_keys_agree_with_the_evaluator(client):
    """Formulas with one key have one truth value on each instance, as a fresh evaluator computes it."""
    insts = _static_instances()
    model, plain, _, examples = _grammars(client, STATIC, insts)
    by: dict[object, list[object]] = {}
    for f in itertools.islice(plain.formulas({}, 4), 3000):
        k = examples.key(f.node, f.vars, {})
        if k is not None:
            by.setdefault(k, []).append(f.node)
    assert len(by) > 5
    merged = 0
    for nodes in by.values():
        values = {tuple(holds(model, inst, n) for inst in insts) for n in nodes}
        assert len(values) == 1
        merged += len(nodes) > 1
    assert merged > 0


def test_trace_every_value_is_kept(client):
    """On a lasso (primes, var sigs and fields, temporal wrappers) keys cover every position that decides a
    formula: formulas with one key have the same values at every position, and every value is kept."""
    trace = _trace()
    model, plain, kept, examples = _grammars(client, TEMPORAL, [trace])
    for scope in ({}, {"j": "Job"}):
        n_plain, n_kept = _every_value_kept(model, [trace], plain, kept, range(2, 6), scope)
        assert n_kept < n_plain
    by: dict[object, set[tuple[bool, ...]]] = {}
    for f in itertools.islice(plain.formulas({}, 5), 5000):
        k = examples.key(f.node, f.vars, {})
        if k is not None:
            by.setdefault(k, set()).add(trace_values(model, trace, f.node))
    assert by and all(len(v) == 1 for v in by.values())


def test_no_examples_is_the_plain_grammar(client):
    model, plain, _, _ = _grammars(client, STATIC, [])
    ctx = Context(STATIC, model)
    cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
    empty = Grammar(model, ctx.top, cols, set(), frozenset(), examples=Examples(model, ctx.top))
    for size in range(2, 5):
        assert [f.node.text for f in plain.formulas({}, size)] == [f.node.text for f in empty.formulas({}, size)]
