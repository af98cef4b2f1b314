"""Formula synthesis (ATR-style templates): new formulas over the sigs, fields and variables in scope, to
replace a whole boolean node (the editable body's root included) when the fix is beyond single mutations.

Relational expressions are built bottom-up by size (sigs, variables, fields, the parameterless
functions of opened modules such as util/ordering's ``first``, ``next``, and the first-to-last projection
``{a: A, c: C | some a.r.c}`` of each ternary field; transpose and closures of
homogeneous binary relations; joins that type-check on top-level sigs; ``+``, ``&``, ``-``), then formulas:
``no/some/lone/one e``, ``e1 in e2``, ``e1 = e2``, ``e1 !in e2``, one or two fresh quantifiers (all, some,
no) over any sig, ``all x: S | F implies G``, and conjunctions. In a model that declares ``var`` sigs or
fields (Alloy 6), their primed values (``f'``, size 2) are leaves too, and formulas may be wrapped in
``always``, ``eventually``, ``after`` (size + 1; ``always eventually`` and ``eventually always`` are the only
nestings), as a whole, as a quantifier's body, or as the consequent of its implication (``F implies after G``);
``once`` and ``historically`` wrap the same places where the formula is evaluated after the first state (inside
a future wrapper, or anywhere when the replaced node lies under a temporal operator): at the first state they
mean their operand.
Next to whole formulas, a temporal node grows by one connective whose new operand G is synthesized (an
atomic formula over a variable in scope): ``eventually B`` and ``after B`` become ``G until B``, ``once B``
and ``before B`` become ``G since B``, ``always A`` becomes ``A until G`` and ``historically A`` becomes
``A since G``, and any of them gets a guard, ``G implies X``: the usual shape of "stays so until", "has been
so since" and "whenever G, ...", which no single mutation and no small whole formula reaches (temporal
models only: no static candidate changes). They count at G's size plus one.
They come out in order of size (ties:
formulas that reuse more of the original's sigs and fields first); the search filters them by the
counterexamples seen so far before any is checked by the analyzer. Synthesized nodes carry their text, so
the Python evaluator needs no parse. Given ``examples`` (the instances observed so far, examples.py),
expressions and small atomic formulas are kept one per value on them (observational equivalence).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, replace

from fmrepair.agents.mutation.examples import Examples
from fmrepair.agents.mutation.library import library
from fmrepair.agents.mutation.operators import TEMPORAL, TEMPORAL_BIN
from fmrepair.verifiers.alloy.syntax import Model, Node, next_node_id, sig_leaf

MAX_EXPR = 4  # size of relational expressions
MAX_FORMULA = 8
# with examples, atomic formulas up to this size are kept one per value (they are the parts that quantifier
# bodies, implications and conjunctions combine); larger ones and whole formulas, each used about once,
# are all kept (built from representative expressions): their values would cost more than pruning them
KEYED_ATOMIC = 5
FUTURE_WRAPS = (("ALWAYS", "always"), ("EVENTUALLY", "eventually"), ("AFTER", "after"))
PAST_WRAPS = (("ONCE", "once"), ("HISTORICALLY", "historically"))  # meaningful under a future operator only
WRAPS = FUTURE_WRAPS + PAST_WRAPS
WRAP_OPS = frozenset(op for op, _ in WRAPS)
TIMED = WRAP_OPS | {"PRIME"}  # temporal operators a replaced formula may share with synthesized ones
NESTED = {("ALWAYS", "EVENTUALLY"), ("EVENTUALLY", "ALWAYS")}  # the only wrapper directly around another
# growing a temporal node X B by a synthesized operand G: G first (G until B), or G second (A until G)
UNTIL, SINCE = ("UNTIL", "until"), ("SINCE", "since")
GROW_FIRST = {"EVENTUALLY": UNTIL, "AFTER": UNTIL, "ONCE": SINCE, "BEFORE": SINCE}
GROW_SECOND = {"ALWAYS": UNTIL, "HISTORICALLY": SINCE}
GROWN = frozenset(GROW_FIRST) | frozenset(GROW_SECOND)


@dataclass(frozen=True)
class Ex:
    node: Node
    cols: tuple[str, ...]  # top-level sig of each column
    size: int
    vars: frozenset[str]
    atoms: frozenset[str]  # sig and field names used


def _closed(n: Node) -> bool:
    return n.k == "ExprUnary" and n.op in ("TRANSPOSE", "CLOSURE", "RCLOSURE")


def _p(n: Node) -> str:
    """A node's text as an operand: parenthesized unless a leaf; a field label ``Owner<:field`` (a field
    name two sigs share) too, since ``.`` binds tighter than ``<:``."""
    return n.text if n.leaf and "<:" not in n.text else f"({n.text})"


def _un(op: str, text: str, a: Node, ar: int, bool_: bool = False) -> Node:
    return Node("ExprUnary", -1, -1, [a], op=op, ar=ar, bool_=bool_, text=text)


def _bin(op: str, text: str, a: Node, b: Node, ar: int = 0, bool_: bool = False) -> Node:
    return Node("ExprBinary", -1, -1, [a, b], op=op, ar=ar, bool_=bool_, text=text)


class Grammar:
    def __init__(
        self,
        model: Model,
        top: dict[str, str],
        cols: dict[str, tuple[str, ...]],
        original: set[str],
        var_names: frozenset[str] = frozenset(),
        under: bool = False,
        examples: Examples | None = None,
    ) -> None:
        """``top``: sig -> top-level sig; ``cols``: "Owner<:field" -> column tops; ``original``: sig and
        field names (and temporal operators, e.g. ``ALWAYS``, ``PRIME``) of the formula being replaced
        (preferred on ties); ``var_names``: the model's ``var`` sigs and fields (none: no temporal formulas);
        ``under``: the replaced formula lies under a temporal operator, so it is evaluated at states other
        than the first and a past operator (``once``, ``historically``) may wrap it as a whole; ``examples``: the
        collected counterexamples, on which expressions and atomic formulas up to ``KEYED_ATOMIC`` are kept one
        per value (examples.py; None or empty: every one)."""
        self.model = model
        self.examples = examples if examples else None
        self.var_names = var_names
        self.under = under
        self.top = top
        self.original = original
        self.sigs = [s["name"] for s in model.sigs]
        names = [f["name"] for s in model.sigs for f in s["fields"]]
        self.fields: list[tuple[Node, tuple[str, ...]]] = []
        for s in model.sigs:
            for f in s["fields"]:
                key = f"{s['name']}<:{f['name']}"
                label = f["name"] if names.count(f["name"]) == 1 else key
                leaf = Node("Field", -1, -1, name=f["name"], owner=s["name"], ar=len(cols[key]), text=label)
                self.fields.append((leaf, cols[key]))
        # parameterless functions of opened modules (util/ordering's first, last, next, prev) are leaves too
        self.lib = [
            (Node("ExprCall", -1, -1, name=f.name, ar=len(f.ret), ty=f.ty, text=f.text), f.ret)
            for f in library(model, top)
            if not f.params and 1 <= len(f.ret) <= 2
        ]
        self.reserved = set(self.sigs) | set(names) | set(model.funcs) | {f.text for f, _ in self.lib} | {"this"}
        self._exprs: dict[tuple[tuple[str, str], ...], dict[int, list[Ex]]] = {}
        self._atomic: dict[tuple[tuple[str, str], ...], dict[int, list[Ex]]] = {}  # with examples only
        self._atomic_seen: dict[tuple[tuple[str, str], ...], set[Hashable]] = {}

    def fresh(self, sig: str, taken: set[str]) -> str:
        base = sig[:1].lower() or "x"
        for i in itertools.count():
            v = base if i == 0 else f"{base}{i}"
            if v not in taken and v not in self.reserved:
                return v
        raise AssertionError

    # -- relational expressions ------------------------------------------------------------------
    def exprs(self, scope: dict[str, str]) -> dict[int, list[Ex]]:
        """Expressions of arity 1-2 by size, plus arity-3 fields (size 1) for joins; cached per scope."""
        key = tuple(sorted(scope.items()))
        if key in self._exprs:
            return self._exprs[key]
        by: dict[int, list[Ex]] = {1: []}
        for s in self.sigs:
            sig = sig_leaf(s)
            by[1].append(Ex(sig, (self.top[s],), 1, frozenset(), frozenset([s])))
        for v, top in scope.items():
            by[1].append(Ex(Node("ExprVar", -1, -1, name=v, ar=1, text=v), (top,), 1, frozenset([v]), frozenset()))
        for leaf, cs in self.fields + self.lib:
            by[1].append(Ex(leaf, cs, 1, frozenset(), frozenset([leaf.name])))
        by[1] += self.projections(scope)
        seen: set[Hashable] = set()
        by[1] = self.distinct(by[1], scope, seen, typed=True)
        for size in range(2, MAX_EXPR + 1):
            out: list[Ex] = self.primed(by[1]) if size == 2 else []
            for a in by[size - 1]:  # ~r, ^r, *r of binary relations (closures when homogeneous)
                if len(a.cols) == 2 and not _closed(a.node):
                    out.append(Ex(_un("TRANSPOSE", "~" + _p(a.node), a.node, 2), a.cols[::-1], size, a.vars, a.atoms))
                    if a.cols[0] == a.cols[1]:
                        for op, w in (("CLOSURE", "^"), ("RCLOSURE", "*")):
                            out.append(Ex(_un(op, w + _p(a.node), a.node, 2), a.cols, size, a.vars, a.atoms))
            for i in range(1, size):
                for a, b in itertools.product(by[i], by[size - i]):
                    ar = len(a.cols) + len(b.cols) - 2
                    if 1 <= ar <= 2 and a.cols[-1] == b.cols[0]:
                        node = _bin("JOIN", f"{_p(a.node)}.{_p(b.node)}", a.node, b.node, ar)
                        out.append(Ex(node, a.cols[:-1] + b.cols[1:], size, a.vars | b.vars, a.atoms | b.atoms))
            for i in range(1, size - 1):
                for a, b in itertools.product(by[i], by[size - 1 - i]):
                    if a.cols != b.cols or len(a.cols) > 2 or a.node.text == b.node.text:
                        continue
                    for op, w in (("PLUS", "+"), ("INTERSECT", "&"), ("MINUS", "-")):
                        if op != "MINUS" and a.node.text > b.node.text:
                            continue  # commutative: one order
                        node = _bin(op, f"{_p(a.node)} {w} {_p(b.node)}", a.node, b.node, len(a.cols))
                        out.append(Ex(node, a.cols, size, a.vars | b.vars, a.atoms | b.atoms))
            by[size] = self.distinct(out, scope, seen, typed=True)
        for size in by:
            by[size] = [e for e in by[size] if len(e.cols) <= 2]
        self._exprs[key] = by
        return by

    def distinct(self, items: list[Ex], scope: dict[str, str], seen: set[Hashable], typed: bool = False) -> list[Ex]:
        """With examples: one item per value on them (those sharing more of the original's names first; a value
        already in ``seen``, met at a smaller size, drops the item; ``typed``: relations of different column
        types never merge, so a representative type-checks wherever its class's members do). Items with no
        decided value are all kept. Without examples: ``items`` as they are."""
        if self.examples is None:
            return items
        out: list[Ex] = []
        for e in sorted(items, key=lambda e: -len(e.atoms & self.original)):
            k = self.examples.key(e.node, e.vars, scope)
            if k is not None:
                k = (e.cols, k) if typed else k
                if k in seen:
                    continue
                seen.add(k)
            out.append(e)
        return out

    def projections(self, scope: dict[str, str]) -> list[Ex]:
        """The first-to-last projection of each ternary field ``r: A -> B -> C``, the binary relation
        ``{a: A, c: C | some a.r.c}`` that no join or transpose gives (e.g. the state-to-state steps of a
        labelled transition relation): a leaf, so that closures and joins can use it."""
        out: list[Ex] = []
        for leaf, cs in self.fields:
            if len(cs) != 3:
                continue
            taken = set(scope)
            a = self.fresh(cs[0], taken)
            c = self.fresh(cs[2], taken | {a})
            va = Node("ExprVar", -1, -1, name=a, ar=1, text=a)
            vc = Node("ExprVar", -1, -1, name=c, ar=1, text=c)
            r = _p(leaf)
            step = _bin("JOIN", f"{a}.{r}", va, leaf, 2)
            body = _un("SOME", f"some {a}.{r}.{c}", _bin("JOIN", f"{a}.{r}.{c}", step, vc, 1), 0, True)
            text = f"{{{a}: {cs[0]}, {c}: {cs[2]} | {body.text}}}"
            node = Node("ExprQt", -1, -1, [body], op="COMPREHENSION", ar=2, text=text)
            node.decls = [([a], False, sig_leaf(cs[0]))]
            node.decls.append(([c], False, sig_leaf(cs[2])))
            out.append(Ex(node, (cs[0], cs[2]), 1, frozenset(), frozenset([leaf.name])))
        return out

    def primed(self, leaves: list[Ex]) -> list[Ex]:
        """``S'`` and ``f'`` for the ``var`` sigs and fields among the leaves (the value in the next state)."""
        out: list[Ex] = []
        for e in leaves:
            if e.node.k in ("PrimSig", "SubsetSig", "Field") and e.node.name in self.var_names:
                node = _un("PRIME", f"{_p(e.node)}'", e.node, len(e.cols))
                out.append(Ex(node, e.cols, 2, e.vars, e.atoms | {"PRIME"}))
        return out

    def wrapped(self, fs: Iterator[Ex], past: bool) -> Iterator[Ex]:
        """``always F``, ``eventually F``, ``after F`` (one size more) in a temporal model, and ``once F``,
        ``historically F`` where ``past``: at the first state they mean F itself, so only where the result
        is evaluated later (inside a future operator, or in a formula that lies under one)."""
        if not self.var_names:
            return
        wraps = WRAPS if past else FUTURE_WRAPS
        for f in fs:
            inner = f.node.op if f.node.k == "ExprUnary" else ""
            for op, w in wraps:
                if inner in WRAP_OPS and (op, inner) not in NESTED:
                    continue
                node = _un(op, f"{w} {_p(f.node)}", f.node, 0, True)
                yield Ex(node, (), f.size + 1, f.vars, f.atoms | {op})

    # -- formulas --------------------------------------------------------------------------------
    def atomic(self, scope: dict[str, str], size: int) -> Iterator[Ex]:
        """Multiplicity tests and comparisons of exactly ``size`` (with examples: one per value, smaller first)."""
        if self.examples is None:
            yield from self._atomic_all(scope, size)
            return
        key = tuple(sorted(scope.items()))
        cache = self._atomic.setdefault(key, {})
        seen = self._atomic_seen.setdefault(key, set())
        for s in range(1, size + 1):
            if s not in cache:
                items = list(self._atomic_all(scope, s))
                cache[s] = self.distinct(items, scope, seen) if s <= KEYED_ATOMIC else items
        yield from cache.get(size, [])

    def _atomic_all(self, scope: dict[str, str], size: int) -> Iterator[Ex]:
        by = self.exprs(scope)
        for e in by.get(size - 1, []):
            if _closed(e.node):
                continue  # some/no/lone/one of ~r, ^r, *r: the same as (or trivial next to) r's
            for op, w in (("SOME", "some"), ("NO", "no"), ("LONE", "lone"), ("ONE", "one")):
                yield Ex(_un(op, f"{w} {_p(e.node)}", e.node, 0, True), (), size, e.vars, e.atoms)
        for i in range(1, size - 1):
            for a, b in itertools.product(by.get(i, []), by.get(size - 1 - i, [])):
                if a.cols != b.cols or a.node.text == b.node.text:
                    continue
                for op, w in (("IN", "in"), ("EQUALS", "="), ("NOT_IN", "!in")):
                    if op == "EQUALS" and a.node.text > b.node.text:
                        continue
                    node = _bin(op, f"{_p(a.node)} {w} {_p(b.node)}", a.node, b.node, 0, True)
                    yield Ex(node, (), size, a.vars | b.vars, a.atoms | b.atoms)

    def formulas(
        self, scope: dict[str, str], size: int, quantify: bool = True, under: bool | None = None
    ) -> Iterator[Ex]:
        """Formulas of exactly ``size`` over ``scope`` (var -> top-level sig); ``under``: they will be
        evaluated under a temporal operator (default: where the replaced formula is, ``self.under``), so past
        operators may wrap their parts."""
        past = self.under if under is None else under
        yield from self.atomic(scope, size)
        if not quantify:
            return
        for s in self.sigs:  # one fresh variable
            v = self.fresh(s, set(scope))
            inner = {**scope, v: self.top[s]}
            bound = sig_leaf(s)
            bodies = [f for f in self.atomic(inner, size - 1) if v in f.vars]
            bodies += self.wrapped((f for f in self.atomic(inner, size - 2) if v in f.vars), past)
            for i in range(3, size - 3):  # all v: S | F implies G (G: also after/eventually/always G')
                fs = list(self.atomic(inner, i))
                gs = list(self.atomic(inner, size - 2 - i)) + list(self.wrapped(self.atomic(inner, size - 3 - i), past))
                for f, g in itertools.product(fs, gs):
                    if v in f.vars | g.vars:
                        node = _bin("IMPLIES", f"{_p(f.node)} implies {_p(g.node)}", f.node, g.node, 0, True)
                        bodies.append(Ex(node, (), size - 1, f.vars | g.vars, f.atoms | g.atoms))
            for body in bodies:
                for op, w in (("ALL", "all"), ("SOME", "some"), ("NO", "no")):
                    if op != "ALL" and body.node.op == "IMPLIES":
                        continue
                    yield self._quant(op, w, [(v, bound)], body, size, s)
            for t in self.sigs:  # two fresh variables
                w2 = self.fresh(t, set(inner))
                bound2 = sig_leaf(t)
                for body in self.atomic({**inner, w2: self.top[t]}, size - 1):
                    if v in body.vars and w2 in body.vars:
                        yield self._quant("ALL", "all", [(v, bound), (w2, bound2)], body, size, s + t)
        for i in range(2, size - 2):  # conjunctions of ground formulas
            for f, g in itertools.product(self.atomic(scope, i), self.atomic(scope, size - 1 - i)):
                node = _bin("AND", f"{_p(f.node)} and {_p(g.node)}", f.node, g.node, 0, True)
                yield Ex(node, (), size, f.vars | g.vars, f.atoms | g.atoms)
        if size > 2:  # always F, eventually F, after F (once F, historically F: under a temporal operator)
            yield from self.wrapped(self.formulas(scope, size - 1, quantify, under=True), past)

    def operands(self, scope: dict[str, str], size: int) -> list[Ex]:
        """Atomic formulas of ``size`` that mention a variable in scope (all of them when none is), the new
        operand of a grown temporal node; those sharing more of the original's names first."""
        out = [f for f in self.atomic(scope, size) if f.vars or not scope]
        out.sort(key=lambda e: -len(e.atoms & self.original))
        return out

    def _quant(self, op: str, w: str, decls: list[tuple[str, Node]], body: Ex, size: int, sigs: str) -> Ex:
        text = f"{w} " + ", ".join(f"{v}: {b.text}" for v, b in decls) + f" | {body.node.text}"
        node = Node("ExprQt", -1, -1, [body.node], op=op, bool_=True, text=text)
        node.decls = [([v], False, b) for v, b in decls]
        names = frozenset(b.text for _, b in decls)
        return Ex(node, (), size, body.vars - {v for v, _ in decls}, body.atoms | names)

    def ranked(self, scope: dict[str, str], lo: int = 2, hi: int = MAX_FORMULA, cap: int = 30000) -> Iterator[Ex]:
        """Formulas by increasing size; within a size, those sharing more of the original's names first
        (sorted in chunks of ``cap``, so a huge level streams)."""
        for size in range(lo, hi + 1):
            it = self.formulas(scope, size)
            while chunk := list(itertools.islice(it, cap)):
                chunk.sort(key=lambda e: -len(e.atoms & self.original))
                yield from chunk


def under_temporal(nodes: list[Node]) -> set[int]:
    """Ids of the nodes that lie under a temporal operator of ``nodes`` (so are evaluated at later states)."""
    out: set[int] = set()
    for n in nodes:
        if (n.k == "ExprUnary" and n.op in TEMPORAL) or (n.k == "ExprBinary" and n.op in TEMPORAL_BIN):
            out |= {x.id for c in n.c for x in c.walk()}
    return out


def growable(
    targets: list[tuple[Node, dict[str, str]]], var_names: set[str] | frozenset[str]
) -> list[tuple[Node, dict[str, str]]]:
    """The nodes (with their scopes) that grow: temporal nodes with a source span, and none at all in a
    model that declares no ``var`` (a static model searches as it did before growing existed)."""
    if not var_names:
        return []
    return [(n, env) for n, env in targets if n.k == "ExprUnary" and n.op in GROWN and n.s >= 0]


def grow(n: Node, g: Ex, par: Callable[[Node], str]) -> Iterator[Node]:
    """Temporal node ``n`` (``X B``) grown by operand ``g``: ``G until B`` / ``G since B`` (X: eventually,
    after / once, before), ``B until G`` / ``B since G`` (X: always / historically), and ``G implies X B``.
    The original parts are copies under new ids, so a replacement never contains its own target."""
    if not (n.k == "ExprUnary" and n.op in GROWN and n.c):
        return
    sub = replace(n.c[0], id=next_node_id())
    gt = _p(g.node)
    if n.op in GROW_FIRST:
        op, w = GROW_FIRST[n.op]
        yield Node("ExprBinary", n.s, n.e, [g.node, sub], op=op, bool_=True, text=f"{gt} {w} {par(n.c[0])}")
    else:
        op, w = GROW_SECOND[n.op]
        yield Node("ExprBinary", n.s, n.e, [sub, g.node], op=op, bool_=True, text=f"{par(n.c[0])} {w} {gt}")
    same = replace(n, id=next_node_id())
    yield Node("ExprBinary", n.s, n.e, [g.node, same], op="IMPLIES", bool_=True, text=f"{gt} implies {par(n)}")
