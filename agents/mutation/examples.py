"""Observational equivalence on the collected counterexamples: the value of a synthesized expression or
formula on every instance the search has seen, under every binding of its free variables, at every
position that decides it (a static instance: its one state; a trace: `InstanceEvaluator.future` from the first).

Two nodes with equal values here are interchangeable for every prune the search can make now: a formula
built from one is refuted by an observation exactly when the same formula built from the other is. So
bottom-up synthesis keeps one representative per value (`synth.Grammar`, ``examples``), the classic
reduction of example-guided enumeration. It is a filter in front of the analyzer, never a verdict: a node
the evaluator cannot decide on some instance (`Unknown`) has no value and is always kept. The search extends
the table with each new observation and builds its grammars again at the start of each size (search.py),
so members of a class that a later counterexample splits come back.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from fmrepair.verifiers.alloy.instance import Instance, InstanceEvaluator, Unknown
from fmrepair.verifiers.alloy.syntax import Model, Node

Key = tuple[tuple[str, ...], tuple[Hashable, ...]]
MEMO_CAP = 1_000_000  # memo entries an instance's evaluator keeps before it starts afresh (bounded memory)


class Examples:
    """Values of synthesized nodes on the instances observed so far (one evaluator per instance). A node's
    values are kept by its text and the sigs of its free variables, so the same expression met in another
    scope, or in the grammars built again at the next size, is evaluated only on instances added since."""

    def __init__(self, model: Model, top: dict[str, str]) -> None:
        self.model = model
        self.top = top
        self.insts: list[Instance] = []
        self.evs: list[InstanceEvaluator] = []
        # the atoms a variable of each top-level sig may take, over all states (a superset of any bound)
        self.domains: list[dict[str, list[frozenset[tuple[str, ...]]]]] = []
        self.values: dict[tuple[str, tuple[tuple[str, str], ...]], list[tuple[Hashable, ...] | None]] = {}

    def __bool__(self) -> bool:
        return bool(self.insts)

    def add(self, inst: Instance) -> None:
        by: dict[str, set[tuple[str, ...]]] = {}
        for st in inst.states:
            for sig, atoms in st.sigs.items():
                if sig in self.top:
                    by.setdefault(self.top[sig], set()).update(atoms)
        self.insts.append(inst)
        self.evs.append(InstanceEvaluator(self.model, inst))
        self.domains.append({t: [frozenset([a]) for a in sorted(atoms)] for t, atoms in by.items()})

    def key(self, node: Node, free: frozenset[str], scope: dict[str, str]) -> Key | None:
        """The node's values (its free variables ``free``, each of the top-level sig ``scope`` gives), or None
        where some instance does not decide it; the variable names are part of the key."""
        names = tuple(sorted(free))
        if any(v not in scope for v in names):
            return None
        got = self.values.setdefault((node.text, tuple((v, scope[v]) for v in names)), [])
        for i in range(len(got), len(self.insts)):
            got.append(self.on(i, node, names, scope))
        if any(v is None for v in got):
            return None
        return names, tuple(got)

    def on(self, i: int, node: Node, names: tuple[str, ...], scope: dict[str, str]) -> tuple[Hashable, ...] | None:
        """The node's values on instance ``i``: every binding of ``names``, every position that decides it."""
        ev, dom = self.evs[i], self.domains[i]
        if len(ev.memo) > MEMO_CAP or len(ev.fv) > MEMO_CAP:
            ev.forget()
        out: list[Hashable] = []
        try:
            ev.pos = 0
            positions = ev.future(node)
            for combo in itertools.product(*(dom.get(scope[v], []) for v in names)):
                env = dict(zip(names, combo, strict=True))
                for q in positions:
                    ev.pos = q
                    out.append(ev.ev(node, env))
        except (Unknown, RecursionError, ValueError, KeyError, TypeError, IndexError):
            return None
        finally:
            ev.pos = 0
        return tuple(out)
