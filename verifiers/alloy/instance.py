"""Counterexamples as Python instances, and a small Alloy evaluator over them (for pruning).

`parse_witness` reads the verifier's rendered counterexample (``Sig = {A$0, ...}``, ``field =
{A$0->B$1}``); `InstanceEvaluator` computes a (mutated) expression's value on it. Anything it does not cover
(integers inside relations, large set-valued quantifiers) raises `Unknown`, and the
caller then does not prune: pruning is only a filter in front of the real analyzer, never a verdict.
Functions of opened modules (util/ordering's ``first``, ``next``, ``lt``, ...) are evaluated from their own
bodies over the module's sigs and fields as the witness lists them (``ordering/Ord``, ``First``, ``Next``).
"""

from __future__ import annotations

import itertools
from typing import Any

from fmrepair.verifiers.alloy.structure import depth_step, free_step, structure
from fmrepair.verifiers.alloy.syntax import Model, Node
from fmrepair.verifiers.alloy.witness import INT_ATOMS, MAX_INT, Instance, Rel, Unknown, counted, parse_witness

__all__ = [
    "INT_ATOMS",
    "InstanceEvaluator",
    "Instance",
    "Unknown",
    "facts_hold",
    "holds",
    "parse_witness",
    "same_values",
    "trace_values",
]

Value = Any  # Rel | bool | int


def _join(a: Rel, b: Rel) -> Rel:
    index: dict[str, list[tuple[str, ...]]] = {}
    for t in b:
        index.setdefault(t[0], []).append(t[1:])
    return frozenset(x[:-1] + y for x in a for y in index.get(x[-1], ()))


def _closure(r: Rel) -> Rel:
    if any(len(t) != 2 for t in r):
        raise Unknown("closure of a non-binary relation")
    result = set(r)
    while True:
        new = {(a, d) for (a, b) in result for (c, d) in result if b == c} - result
        if not new:
            return frozenset(result)
        result |= new


TEMPORAL = ("PRIME", "AFTER", "ALWAYS", "EVENTUALLY", "BEFORE", "HISTORICALLY", "ONCE")
TEMPORAL_BIN = ("UNTIL", "RELEASES", "SINCE", "TRIGGERED")
_CMP = {"LT": lambda a, b: a < b, "LTE": lambda a, b: a <= b, "GT": lambda a, b: a > b, "GTE": lambda a, b: a >= b}
MAX_SUBSETS = 256


class InstanceEvaluator:
    """Values of nodes on one instance; ``overrides`` maps node ids to replacement nodes (mutants)."""

    def __init__(self, model: Model, inst: Instance, overrides: dict[int, Node] | None = None) -> None:
        self.model = model
        self.inst = inst
        self.over = overrides or {}
        self.depth = 0
        self.struct = structure(model)
        self.struct.trim()
        # node id -> its free variables (overrides applied); the same sorted (the memo's key); the nesting
        # depth of past operators (past_depth): the model's, shared by every evaluator without overrides;
        # with overrides, the mutant's (Structure.mutant), which take the model's where no override reaches
        if self.over:
            m = self.struct.mutant(self.over)
            self.fv, self.fvt, self.pd, self._reached = m.fv, m.fvt, m.pd, m.reached
        else:
            self.fv, self.fvt, self.pd = self.struct.fv, self.struct.fvt, self.struct.pd
        self.memo: dict[tuple[Any, ...], Value] = {}  # (node id, position, values of its free variables) -> value
        self.pos = 0  # position in the (infinite, lasso-shaped) trace; 0 for a static instance
        self.length = len(inst.states)

    def forget(self) -> None:
        """Drops what is cached (values; structure facts, which are computed again as asked)."""
        self.memo.clear()
        self.fv.clear()
        self.fvt.clear()
        self.pd.clear()

    def _shared(self, n: Node, calls: bool) -> bool:
        """Whether no override reaches node ``n`` (`Structure.reached`; a synthesized node: none of the
        model's nodes under it, `Structure.entries`), so that the model's structure facts hold for it."""
        parents = self.struct.parents(self.model)
        if calls not in self._reached:
            known = all(k in parents for k in self.over)  # else: an override of a synthesized node
            self._reached[calls] = self.struct.reached(self.model, self.over, calls) if known else None
        got = self._reached[calls]
        if got is None:
            return False
        if n.id in parents:
            return n.id not in got
        return not (self.struct.entries(self.model, n) & got)

    def univ(self) -> Rel:
        if self.inst.numeric:
            raise Unknown("univ with integer-valued fields")
        if self.inst.varying:
            raise Unknown("univ of a trace whose sigs vary")
        return self.inst.univ

    def cur(self) -> Instance:
        return self.inst.states[self.inst.state(self.pos)]

    def at(self, pos: int, n: Node, env: dict[str, Value]) -> bool:
        """A formula's value at another position of the trace."""
        saved, self.pos = self.pos, pos
        try:
            return self.formula(n, env)
        finally:
            self.pos = saved

    def future(self, sub: Node) -> range:
        """Positions from the current one that meet every value ``sub`` takes from here on. Without past
        operators a formula's value depends on the state only, so one pass over the loop meets them all;
        with past operators nested ``d`` deep its values repeat with the loop's period only from ``d``
        unrollings of the loop on, so the range runs through those and one more period."""
        period = self.length - self.inst.loop
        stable = self.length + self.past_depth(sub) * period
        return range(self.pos, max(self.pos, stable) + period)

    def past(self) -> range:
        """Positions up to the current one, latest first (positions past the lasso's end are its unrollings)."""
        return range(self.pos, -1, -1)

    def past_depth(self, n: Node) -> int:
        """How deeply past operators nest in ``n`` (overrides applied; called bodies included)."""
        if not self.over:
            return self.struct.past_depth(self.model, n)
        n = self.over.get(n.id, n)
        got = self.pd.get(n.id)
        if got is not None:
            return got
        if self._shared(n, calls=True):
            got = self.pd[n.id] = self.struct.past_depth(self.model, n)
            return got
        self.pd[n.id] = 0  # a recursive call counts as no deeper
        got = self.pd[n.id] = depth_step(self.model, n, self.past_depth)
        return got

    def rel(self, n: Node, env: dict[str, Value]) -> Rel:
        v = self.ev(n, env)
        if not isinstance(v, frozenset):
            raise Unknown("expected a relation")
        return v

    def num(self, n: Node, env: dict[str, Value]) -> int:
        v = self.ev(n, env)
        if isinstance(v, bool) or not isinstance(v, int):
            raise Unknown("expected an integer")
        return v

    def formula(self, n: Node, env: dict[str, Value]) -> bool:
        v = self.ev(n, env)
        if not isinstance(v, bool):
            raise Unknown("expected a formula")
        return v

    def ev(self, n: Node, env: dict[str, Value]) -> Value:
        """The node's value; composite nodes are memoized on the values of their free variables, so a
        subexpression inside nested quantifiers is computed once per binding it depends on."""
        if self.over:
            n = self.over.get(n.id, n)
        k = n.k
        leaf = _LEAVES.get(k)
        if leaf is not None:
            return leaf(self, n, env)
        fv = self.fvt.get(n.id)
        if fv is None:
            fv = self._key_vars(n)
        key = (n.id, self.pos, *[env.get(v) for v in fv]) if fv else (n.id, self.pos)
        got = self.memo.get(key)
        if got is None:
            handler = _COMPOSITE.get(k)
            if handler is None:
                raise Unknown(k)
            got = self.memo[key] = handler(self, n, env)
        return got

    def _key_vars(self, n: Node) -> tuple[str, ...]:
        """The node's free variables, sorted: the memo's key (``n`` with overrides applied)."""
        if not self.over or self._shared(n, calls=False):
            got = self.struct.fvt.get(n.id)
            if got is None:
                got = self.struct.fvt[n.id] = tuple(sorted(self.struct.free(n)))
        else:
            got = tuple(sorted(self.free(n)))
        self.fvt[n.id] = got
        return got

    def free(self, n: Node) -> frozenset[str]:
        if not self.over:
            return self.struct.free(n)
        n = self.over.get(n.id, n)
        got = self.fv.get(n.id)
        if got is None:
            shared = self._shared(n, calls=False)
            got = self.fv[n.id] = self.struct.free(n) if shared else free_step(n, self.free)
        return got

    # -- leaves ---------------------------------------------------------------------------------
    def _ExprConstant(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        if n.op in ("TRUE", "FALSE"):
            return n.op == "TRUE"
        if n.op == "NUMBER":
            return _int(n.num)
        if n.op == "EMPTYNESS":
            return frozenset()
        if n.op == "IDEN":
            return frozenset((t[0], t[0]) for t in self.univ())
        raise Unknown(n.op)

    def _PrimSig(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        if n.builtin:
            if n.name == "univ":
                return self.univ()
            if n.name == "none":
                return frozenset()
            raise Unknown(n.name)
        sigs = self.cur().sigs
        if n.name not in sigs:
            raise Unknown(n.name)
        return sigs[n.name]

    _SubsetSig = _PrimSig

    def _Field(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        key = f"{n.owner}<:{n.name}"
        fields = self.cur().fields
        if key not in fields:
            raise Unknown(key)
        return fields[key]

    def _ExprVar(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        if n.name not in env:
            raise Unknown(n.name)
        return env[n.name]

    # -- operators --------------------------------------------------------------------------------
    def _ExprUnary(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        op, sub = n.op, n.c[0]
        if op in ("NOOP", "ONEOF", "SETOF", "LONEOF", "SOMEOF", "EXACTLYOF"):
            return self.ev(sub, env)
        if op == "NOT":
            return not self.formula(sub, env)
        if op in ("NO", "SOME", "LONE", "ONE"):
            size = len(self.rel(sub, env))  # placeholders: 0, 1 or >= 2 int atoms answer alike
            return {"NO": size == 0, "SOME": size > 0, "LONE": size <= 1, "ONE": size == 1}[op]
        if op == "TRANSPOSE":
            if any(len(t) != 2 for t in self.rel(sub, env)):
                raise Unknown("transpose of a non-binary relation")
            return frozenset(t[::-1] for t in self.rel(sub, env))
        if op == "CLOSURE":
            return _closure(self.rel(sub, env))
        if op == "RCLOSURE":
            return _closure(self.rel(sub, env)) | frozenset((t[0], t[0]) for t in self.univ())
        if op == "CARDINALITY":
            return _int(counted(self.rel(sub, env)))
        if op in TEMPORAL:
            return self._temporal(op, sub, env)
        raise Unknown(op)

    def _temporal(self, op: str, sub: Node, env: dict[str, Value]) -> Value:
        """Alloy 6 on the lasso: prime and after step to the next position, always/eventually range over
        every state to come, historically/once/before over the positions so far."""
        p = self.pos
        if op == "PRIME":
            saved, self.pos = self.pos, p + 1
            try:
                return self.ev(sub, env)
            finally:
                self.pos = saved
        if op == "AFTER":
            return self.at(p + 1, sub, env)
        if op == "ALWAYS":
            return all(self.at(q, sub, env) for q in self.future(sub))
        if op == "EVENTUALLY":
            return any(self.at(q, sub, env) for q in self.future(sub))
        past = self.past()
        if op == "BEFORE":
            if not self.model.temporal:  # solved statically: the analyzer leaves `before F` unconstrained
                raise Unknown("before in a model without var")
            return p > 0 and self.at(p - 1, sub, env)
        if op == "HISTORICALLY":
            return all(self.at(q, sub, env) for q in past)
        return any(self.at(q, sub, env) for q in past)  # ONCE

    def _until(self, op: str, a: Node, b: Node, env: dict[str, Value]) -> bool:
        """``a until b``: b at some position to come and a at every one before it; ``a since b``: b at some
        position so far and a at every one after it. ``releases``/``triggered`` are their duals."""
        deeper = a if self.past_depth(a) >= self.past_depth(b) else b
        order = self.future(deeper) if op in ("UNTIL", "RELEASES") else self.past()
        if op in ("RELEASES", "TRIGGERED"):  # b holds up to and including a position where a holds, or always
            for q in order:
                if not self.at(q, b, env):
                    return False
                if self.at(q, a, env):
                    return True
            return True
        for q in order:
            if self.at(q, b, env):
                return True
            if not self.at(q, a, env):
                return False
        return False

    def _ExprBinary(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        op, (a, b) = n.op, n.c
        if op in TEMPORAL_BIN:
            return self._until(op, a, b, env)
        if op in ("AND", "OR", "IMPLIES", "IFF"):
            x = self.formula(a, env)
            if op == "AND" and not x:
                return False
            if op == "OR" and x:
                return True
            if op == "IMPLIES":
                return (not x) or self.formula(b, env)
            y = self.formula(b, env)
            return x == y if op == "IFF" else y
        if op in _CMP or op.startswith("NOT_L") or op.startswith("NOT_G"):
            base = op.removeprefix("NOT_")
            r = _CMP[base](self.num(a, env), self.num(b, env))
            return r if base == op else not r
        if op in ("EQUALS", "NOT_EQUALS"):
            x, y = self.ev(a, env), self.ev(b, env)
            if isinstance(x, bool) or isinstance(y, bool) or type(x) is not type(y):
                raise Unknown("mixed equality")
            return (x == y) == (op == "EQUALS")
        if op in ("IN", "NOT_IN"):
            return self._in(a, b, env) == (op == "IN")
        if op in ("IPLUS", "IMINUS", "MUL", "DIV", "REM"):
            x, y = self.num(a, env), self.num(b, env)
            if op in ("DIV", "REM") and y == 0:
                raise Unknown("division by zero")
            r = {"IPLUS": x + y, "IMINUS": x - y, "MUL": x * y, "DIV": int(x / y), "REM": x - y * int(x / y)}[op]
            return _int(r)
        x, y = self.rel(a, env), self.rel(b, env)
        if op == "JOIN":
            return _join(x, y)
        if op == "PLUS":
            return x | y
        if op == "MINUS":
            return x - y
        if op == "INTERSECT":
            return x & y
        if op == "DOMAIN":
            return frozenset(t for t in y if (t[0],) in x)
        if op == "RANGE":
            return frozenset(t for t in x if (t[-1],) in y)
        if op == "PLUSPLUS":
            dom = {t[0] for t in y}
            return frozenset(t for t in x if t[0] not in dom) | y
        if "ARROW" in op:
            return frozenset(s + t for s in x for t in y)
        raise Unknown(op)

    def _in(self, a: Node, b: Node, env: dict[str, Value]) -> bool:
        """``a in b``; a right side with multiplicities (``A -> lone B``, ``lone B``) also constrains counts."""
        x = self.rel(a, env)
        b = self.over.get(b.id, b)
        if b.k == "ExprUnary" and b.op in ("ONEOF", "LONEOF", "SOMEOF", "EXACTLYOF"):
            raise Unknown("multiplicity on the right of in")
        if b.k == "ExprBinary" and "ARROW" in b.op and b.op != "ARROW":
            left, right = self.rel(b.c[0], env), self.rel(b.c[1], env)
            if any(len(t) != 1 for t in left | right) or any(len(t) != 2 for t in x):
                raise Unknown("multiplicity arrow of arity > 2")
            if not x <= frozenset(s + t for s in left for t in right):
                return False
            lm, _, rm = b.op.partition("_ARROW_")
            ok = {"ANY": lambda k: True, "SOME": lambda k: k >= 1, "ONE": lambda k: k == 1, "LONE": lambda k: k <= 1}
            if lm not in ok or rm not in ok:
                raise Unknown(b.op)
            return all(ok[rm](sum(1 for t in x if t[0] == s[0])) for s in left) and all(
                ok[lm](sum(1 for t in x if t[1] == u[0])) for u in right
            )
        return x <= self.rel(b, env)

    def _ExprList(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        if n.op == "AND":
            return all(self.formula(c, env) for c in n.c)
        if n.op == "OR":
            return any(self.formula(c, env) for c in n.c)
        if n.op == "DISJOINT":
            sets = [self.rel(c, env) for c in n.c]
            return all(not (p & q) for p, q in itertools.combinations(sets, 2))
        raise Unknown(n.op)

    def _ExprITE(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        return self.ev(n.c[1] if self.formula(n.c[0], env) else n.c[2], env)

    def _ExprLet(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        return self.ev(n.c[1], {**env, n.name: self.ev(n.c[0], env)})

    def _ExprCall(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        f = self.model.funcs.get(n.name) or self.model.lib.get(n.name)  # opened modules: their own bodies
        if f is None or len(f.params) != len(n.c) or self.depth > 30:
            raise Unknown(f"call {n.name}")
        args = {p: self.ev(a, env) for p, a in zip(f.params, n.c, strict=True)}
        self.depth += 1
        try:
            return self.ev(f.body, args)
        finally:
            self.depth -= 1

    # -- quantifiers ----------------------------------------------------------------------------
    def _bindings(self, decls: list[tuple[list[str], bool, Node]], env: dict[str, Value]) -> Any:
        if not decls:
            yield env
            return
        (names, disj, bound), rest = decls[0], decls[1:]
        yield from self._bind_names(names, disj, bound, env, rest, [])

    def _bind_names(
        self, names: list[str], disj: bool, bound: Node, env: dict[str, Value], rest: Any, used: list[Rel]
    ) -> Any:
        if not names:
            yield from self._bindings(rest, env)
            return
        values = self._domain(bound, env)
        for v in values:
            if disj and any(v & u for u in used):
                continue
            yield from self._bind_names(names[1:], disj, bound, {**env, names[0]: v}, rest, used + [v])

    def _domain(self, bound: Node, env: dict[str, Value]) -> list[Rel]:
        bound = self.over.get(bound.id, bound)
        mult = bound.op if bound.k == "ExprUnary" else "ONEOF"
        if mult not in ("ONEOF", "SETOF", "LONEOF", "SOMEOF"):
            mult = "ONEOF"
        r = sorted(self.rel(bound, env))
        if mult == "ONEOF":
            return [frozenset([t]) for t in r]
        if 2 ** len(r) > MAX_SUBSETS:
            raise Unknown("too many subsets")
        lo, hi = (1 if mult == "SOMEOF" else 0), (1 if mult == "LONEOF" else len(r))
        return [frozenset(c) for k in range(lo, hi + 1) for c in itertools.combinations(r, k)]

    def _ExprQt(self, n: Node, env: dict[str, Value]) -> Value:  # noqa: N802
        op = n.op
        body = n.c[0]
        if op == "COMPREHENSION":
            out = set()
            for b in self._bindings(n.decls, env):
                if self.formula(body, b):
                    out.add(sum((next(iter(b[x])) for names, _, _ in n.decls for x in names), ()))
            return frozenset(out)
        if op == "SUM":
            return _int(sum(self.num(body, b) for b in self._bindings(n.decls, env)))
        count = 0
        for b in self._bindings(n.decls, env):
            holds = self.formula(body, b)
            if op == "ALL" and not holds:
                return False
            if op == "SOME" and holds:
                return True
            count += holds
            if op in ("NO", "LONE", "ONE") and count > (0 if op == "NO" else 1):
                return False
        return {"ALL": True, "SOME": False, "NO": count == 0, "LONE": count <= 1, "ONE": count == 1}[op]


_LEAF_KINDS = ("ExprVar", "PrimSig", "SubsetSig", "Field", "ExprConstant")  # Node.leaf
_LEAVES = {k: getattr(InstanceEvaluator, "_" + k) for k in _LEAF_KINDS}
_COMPOSITE = {
    k: getattr(InstanceEvaluator, "_" + k)
    for k in ("ExprUnary", "ExprBinary", "ExprList", "ExprITE", "ExprLet", "ExprCall", "ExprQt")
}


def _int(v: int) -> int:
    if not -MAX_INT - 1 <= v <= MAX_INT:
        raise Unknown("integer outside the default bitwidth")
    return v


def holds(model: Model, inst: Instance, formula: Node, overrides: dict[int, Node] | None = None) -> bool:
    """The formula's truth value on the instance (raises Unknown)."""
    return InstanceEvaluator(model, inst, overrides).formula(formula, {})


def same_values(a: tuple[bool, ...], b: tuple[bool, ...], inst: Instance) -> bool:
    """Two formulas' `trace_values` on ``inst`` agree at every position. They may cover different spans
    (past operators nested to different depths); each repeats with the loop's period after its own, so the
    shorter one is continued by that period up to the longer one's length."""
    period = len(inst.states) - inst.loop

    def spread(v: tuple[bool, ...], n: int) -> list[bool]:
        out = list(v)
        while len(out) < n:
            out.append(out[-period])
        return out

    n = max(len(a), len(b))
    return spread(a, n) == spread(b, n)


def trace_values(
    model: Model, inst: Instance, formula: Node, overrides: dict[int, Node] | None = None
) -> tuple[bool, ...]:
    """The formula's value at each position that decides its value everywhere (raises Unknown): the one
    state of a static instance; on a lasso of n states looping to l, positions 0 .. 2n-l-1 (every state
    once more after the loop), and d more periods of the loop where past operators nest d deep (from there
    on its values repeat with the loop, InstanceEvaluator.future). Two formulas with the same values here agree at
    every position, so any oracle built from them gives both the same verdict."""
    ev = InstanceEvaluator(model, inst, overrides)
    if len(inst.states) == 1:
        return (ev.formula(formula, {}),)
    return tuple(ev.at(q, formula, {}) for q in ev.future(formula))


def facts_hold(model: Model, inst: Instance, overrides: dict[int, Node] | None = None) -> bool:
    """All named facts and sig facts (sig facts quantify the implicit `this`) on the instance."""
    ev = InstanceEvaluator(model, inst, overrides)
    for name, body in model.facts:
        if name.startswith("sig "):
            if len(inst.states) > 1:
                raise Unknown("a sig fact on a trace")  # whether it holds in every state or the first: not decided
            atoms = inst.sigs.get(name[4:])
            if atoms is None:
                raise Unknown(name)
            if not all(ev.formula(body, {"this": frozenset([t])}) for t in atoms):
                return False
        elif not ev.formula(body, {}):
            return False
    return True
