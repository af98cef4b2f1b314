"""The evaluator's structure facts (free variables, past-operator depth) are kept per model and shared by
evaluators (verifiers/alloy/structure.py); an evaluator with overrides shares them only where no override
reaches. Sharing must change no value: every mutant evaluated with overrides on a model whose structure
facts are warm (the plain ones and earlier mutants') gets the values of its own tree, copied with the
replacements in place, on a fresh model without overrides."""

from __future__ import annotations

import dataclasses
import itertools

from fmrepair.agents.mutation.operators import Context
from fmrepair.agents.mutation.synth import Grammar
from fmrepair.verifiers.alloy.instance import Unknown, parse_witness, trace_values
from fmrepair.verifiers.alloy.structure import structure
from fmrepair.verifiers.alloy.syntax import Model, Node, next_node_id

MAIL = """sig Mail {}
var sig Trash in Mail {}
var sig Inbox in Mail {}
pred seen[m: Mail] { once m in Inbox }
pred base { always (all m: Mail | seen[m] or (some Trash and no Inbox)) }
run w1 { base } for 3 but 1..4 steps
run w2 { not base } for 3 but 1..4 steps
run w3 { eventually some Trash and not base } for 3 but 1..4 steps
run w4 { always some Inbox } for 3 but 1..4 steps
run w5 { some m: Mail | m in Trash and m not in Inbox and some Mail - Trash } for 3 but 1..4 steps
run w6 { #Mail = 3 and #Trash = 2 and eventually no Inbox } for 3 but 1..4 steps
run w7 { no Inbox and after (some Inbox and after (no Inbox and after (some Inbox and some Trash))) }
  for 3 but 1..4 steps
run w8 { #Mail = 2 and after always (Inbox' != Inbox) and eventually some Trash } for 3 but 1..4 steps
"""


def _values(model, instances, body: Node, over: dict[int, Node]) -> list[object]:
    out: list[object] = []
    for inst in instances:
        try:
            out.append(trace_values(model, inst, body, over))
        except Unknown:
            out.append("unknown")
    return out


def _substituted(model: Model, over: dict[int, Node]) -> Model:
    """The mutant as a model of its own: every function body copied with the replacements in place."""

    def copy(n: Node) -> Node:
        n = over.get(n.id, n)
        decls = [(names, disj, copy(b)) for names, disj, b in n.decls]
        return dataclasses.replace(n, c=[copy(x) for x in n.c], decls=decls, id=next_node_id())

    funcs = {k: dataclasses.replace(f, body=copy(f.body)) for k, f in model.funcs.items()}
    return dataclasses.replace(model, funcs=funcs)


def test_shared_structure_facts_change_no_value(client, verifier):
    model = client.parse(MAIL)
    instances = [parse_witness(c.witness, model) for c in verifier.check(MAIL).commands if c.witness]
    assert len(instances) >= 3
    ctx = Context(MAIL, model)
    g = Grammar(model, ctx.top, {}, set(), frozenset(ctx.var_names), under=True)
    body, inner = model.funcs["base"].body, model.funcs["seen"].body
    sites = [n for n in [*body.walk(), *inner.walk()] if n.ar == 0 and n.k != "ExprVar"]
    scope = {"m": "Mail"}
    pool = [f for size in (3, 4, 5) for f in itertools.islice(g.formulas(scope, size), 4000)]
    past = [f.node for f in pool if f.atoms & {"ONCE", "HISTORICALLY"}]  # deeper past operators
    free = [f.node for f in pool if "m" in f.vars]  # a free variable the replaced node may lack
    assert len(past) >= 8 and len(free) >= 8
    news = [f.node for f in pool[::200]] + past[:: len(past) // 8] + free[:: len(free) // 8]
    overrides: list[dict[int, Node]] = []
    for site, new in itertools.product(sites, news):
        overrides.append({site.id: new})
    # nested: a replacement that contains a node of the model's trees with an overridden node under it
    inside = [n for n in sites if any(n is x for x in body.c[0].c[0].walk())]  # under `all m`
    chains = [  # the middle one without the variable the replacement brings
        (a, b, c)
        for a, b, c in itertools.permutations(sites, 3)
        if a in inside
        and any(n is b for n in a.walk())
        and any(n is c for n in b.walk())
        and "m" not in {n.name for n in b.walk()}
    ]
    assert chains
    for outer, mid, deeper in chains[:3]:
        wrap = Node("ExprUnary", -1, -1, c=[mid], op="NOT")
        overrides += [{outer.id: wrap, deeper.id: new} for new in news]
    # an override keyed by a synthesized node (not in the model's trees)
    overrides.append({news[0].id: news[1], sites[0].id: news[0]})
    _values(model, instances, body, {})  # the plain facts, warm
    warm = [_values(model, instances, body, over) for over in overrides]
    assert len(structure(model).fv) > 0
    own = [(m := _substituted(model, over), _values(m, instances, m.funcs["base"].body, {}))[1] for over in overrides]
    assert warm == own
    assert len({tuple(map(str, w)) for w in warm}) > 5  # the mutants do differ
