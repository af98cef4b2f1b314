"""Mutation operators over the Alloy syntax tree.

Each `Mutation` replaces one node: a span of the source gets new text, and a synthesized `Node` stands
in for the old one when candidates are evaluated on counterexamples (no re-parse). New text is built
from the children's source text, parenthesized where precedence could change the parse.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from fmrepair.agents.mutation.library import library, library_mutations
from fmrepair.verifiers.alloy.syntax import Model, Node, next_node_id, sig_leaf

QUANT = {"ALL": "all", "SOME": "some", "NO": "no", "LONE": "lone", "ONE": "one"}
MULT = {"NO": "no", "SOME": "some", "LONE": "lone", "ONE": "one"}
REL_CMP = {"IN": "in", "NOT_IN": "!in", "EQUALS": "=", "NOT_EQUALS": "!="}
INT_CMP = {"EQUALS": "=", "NOT_EQUALS": "!=", "LT": "<", "LTE": "=<", "GT": ">", "GTE": ">="}
LOGIC = {"AND": "and", "OR": "or", "IMPLIES": "implies", "IFF": "iff"}
SETOP = {"PLUS": "+", "MINUS": "-", "INTERSECT": "&", "PLUSPLUS": "++"}
CLOS = {"CLOSURE": "^", "RCLOSURE": "*", "TRANSPOSE": "~"}
# Alloy 6 temporal connectives (future first, then past)
TEMPORAL = {
    "ALWAYS": "always",
    "EVENTUALLY": "eventually",
    "AFTER": "after",
    "HISTORICALLY": "historically",
    "ONCE": "once",
    "BEFORE": "before",
}
# connectives a boolean node gets wrapped in (``once``/``historically``: meaningful under a future one)
WRAP_INSERT = ("ALWAYS", "EVENTUALLY", "AFTER", "ONCE", "HISTORICALLY")
TEMPORAL_BIN = {"UNTIL": "until", "RELEASES": "releases", "SINCE": "since", "TRIGGERED": "triggered"}
LEAF_KINDS = ("ExprVar", "PrimSig", "SubsetSig", "Field")


@dataclass
class Mutation:
    target: Node
    new: Node
    desc: str
    operator: str

    @property
    def span(self) -> tuple[int, int]:
        return self.target.s, self.target.e


class Context:
    """The source, the model, and what replacements are type-plausible."""

    def __init__(self, source: str, model: Model) -> None:
        self.source = source
        self.model = model
        self.top = {s["name"]: self._top(s["name"]) for s in model.sigs}
        self.temporal = model.temporal  # declares a `var` sig or field (Model.temporal)
        self.var_names = set(re.findall(r"\bvar\s+(?:(?:abstract|one|lone|some)\s+)*sig\s+(\w+)", source))
        self.var_names |= set(re.findall(r"\bvar\s+(\w+)\s*:", source))
        self.fields = [
            Node("Field", -1, -1, name=f["name"], owner=sig["name"], ar=f["ar"], ty=f["ty"])
            for sig in model.sigs
            for f in sig["fields"]
        ]
        self.lib = library(model, self.top, source)
        self.libs = {f.name: f for f in self.lib}
        for _, body in [*((f.name, f.body) for f in model.funcs.values()), *model.facts]:
            for x in body.walk():
                close_brackets(x, source)

    def _top(self, name: str, depth: int = 0) -> str:
        sig = next((s for s in self.model.sigs if s["name"] == name), None)
        if sig is None or not sig["parents"] or depth > 20:
            return name
        return self._top(sig["parents"][0], depth + 1)

    def text(self, n: Node) -> str:
        return n.text or self.source[n.s : n.e]

    def par(self, n: Node) -> str:
        t = self.text(n)
        if n.leaf or n.k == "ExprCall" or (t.startswith("(") and t.endswith(")") and balanced(t[1:-1])):
            return t
        return f"({t})"

    def cols(self, ty: str) -> list[str]:
        first = ty.strip("{}").split(",")[0].strip()
        return [self.top.get(c.removeprefix("this/"), c.removeprefix("this/")) for c in first.split("->")]


DECL_MULT = ("ONEOF", "SETOF", "LONEOF", "SOMEOF", "EXACTLYOF")


def close_brackets(n: Node, source: str) -> None:
    """Alloy's span of a call ``lt[a, b]`` (or of a formula ending in one) stops before the ``]``: extend it."""
    if n.s < 0 or n.e <= n.s:
        return
    depth = source.count("[", n.s, n.e) - source.count("]", n.s, n.e)
    e = n.e
    while depth > 0 and e < len(source):
        if source[e] == "]":
            depth -= 1
        elif not source[e].isspace():
            return
        e += 1
    if depth == 0:
        n.e = e


def render(n: Node, ctx: Context) -> str:
    """A replacement node's text for a span replacement: parenthesized unless atomic (a leaf, a call,
    already parenthesized) or a declaration bound with a multiplicity (``x: set S`` cannot take parens)."""
    if n.k == "ExprUnary" and n.op in DECL_MULT:
        return ctx.text(n)
    return ctx.par(n)


def balanced(t: str) -> bool:
    d = 0
    for ch in t:
        d += ch == "("
        d -= ch == ")"
        if d < 0:
            return False
    return d == 0


def synth(like: Node, text: str, **changes: object) -> Node:
    return dataclasses.replace(like, text=text, id=next_node_id(), **changes)  # type: ignore[arg-type]


def clone(n: Node) -> Node:
    """The same node under a new id (a wrapper's child must not be replaced by the wrapper again)."""
    return dataclasses.replace(n, id=next_node_id())


def valid(n: Node, ctx: Context) -> bool:
    if n.s < 0 or n.e <= n.s:
        return False
    if n.k in LEAF_KINDS:
        return (n.text or ctx.source[n.s : n.e]) == n.name
    return True


def mut(n: Node, new: Node, op: str, ctx: Context) -> Mutation:
    return Mutation(n, new, f"{op}: `{ctx.text(n)}` -> `{new.text}`", op)


def mutations(n: Node, ctx: Context, scope: dict[str, str]) -> Iterator[Mutation]:
    """Every single mutation of node ``n`` (``scope``: variable name -> type, for replacements)."""
    if not valid(n, ctx):
        return
    t = ctx.text(n)
    k, op = n.k, n.op
    if k == "ExprQt" and op in QUANT and not n.text and ctx.source[n.os : n.oe] == QUANT[op]:
        for o, w in QUANT.items():
            if o != op:
                yield mut(n, synth(n, ctx.source[n.s : n.os] + w + ctx.source[n.oe : n.e], op=o), "quantifier", ctx)
    if k == "ExprQt" and op == "ALL" and n.c and valid(n.c[0], ctx):
        yield from _distinct(n, ctx)
        if ctx.temporal:
            yield from change_guard(n, ctx)
    if k == "ExprUnary" and op in MULT and n.c and valid(n.c[0], ctx):
        for o, w in MULT.items():
            if o != op:
                yield mut(n, synth(n, f"{w} {ctx.par(n.c[0])}", op=o), "multiplicity", ctx)
        yield from _cover(n, ctx)
    if k == "ExprUnary" and op == "NOT" and valid(n.c[0], ctx):
        yield Mutation(n, synth(n.c[0], ctx.par(n.c[0])), f"negation-removal: `{t}`", "negation")
    if k == "ExprUnary" and op in CLOS and valid(n.c[0], ctx):
        sub = n.c[0]
        yield Mutation(n, synth(sub, ctx.par(sub)), f"drop {CLOS[op]}: `{t}`", "closure")
        for o, w in CLOS.items():
            if o != op:
                yield mut(n, synth(n, w + ctx.par(sub), op=o), "closure", ctx)
    if k == "ExprUnary" and op in TEMPORAL and n.c and valid(n.c[0], ctx):
        sub = n.c[0]
        yield Mutation(n, synth(sub, ctx.par(sub)), f"drop {TEMPORAL[op]}: `{t}`", "temporal")
        for o, w in TEMPORAL.items():
            if o != op:
                yield mut(n, synth(n, f"{w} {ctx.par(sub)}", op=o), "temporal", ctx)
    if k == "ExprUnary" and op == "PRIME" and n.c and valid(n.c[0], ctx):
        yield Mutation(n, synth(n.c[0], ctx.par(n.c[0])), f"drop prime: `{t}`", "temporal")
    if k in ("Field", "PrimSig", "SubsetSig") and n.name in ctx.var_names and valid(n, ctx):
        yield mut(
            n, Node("ExprUnary", n.s, n.e, [clone(n)], op="PRIME", ar=n.ar, ty=n.ty, text=f"{t}'"), "temporal", ctx
        )
    if k == "ExprBinary" and op in TEMPORAL_BIN and len(n.c) == 2 and all(valid(c, ctx) for c in n.c):
        a, b = n.c
        for o, w in TEMPORAL_BIN.items():
            if o != op:
                yield mut(n, synth(n, f"{ctx.par(a)} {w} {ctx.par(b)}", op=o), "temporal", ctx)
        yield mut(n, synth(n, f"{ctx.par(b)} {TEMPORAL_BIN[op]} {ctx.par(a)}", c=[b, a]), "temporal", ctx)
        for side in (a, b):
            yield Mutation(n, side, f"delete-operand: `{t}` -> `{ctx.text(side)}`", "delete")
    if ctx.temporal and n.bool_ and not (k == "ExprUnary" and op in TEMPORAL):
        for o in WRAP_INSERT:
            new = Node("ExprUnary", n.s, n.e, [clone(n)], op=o, bool_=True, text=f"{TEMPORAL[o]} {ctx.par(n)}")
            yield mut(n, new, "temporal", ctx)
    if k == "ExprBinary" and len(n.c) == 2 and all(valid(c, ctx) for c in n.c):
        yield from _binary(n, ctx)
    if k == "ExprList" and op in ("AND", "OR") and len(n.c) >= 2 and all(valid(c, ctx) for c in n.c):
        other = "OR" if op == "AND" else "AND"
        yield mut(n, synth(n, f" {LOGIC[other]} ".join(ctx.par(c) for c in n.c), op=other), "logical", ctx)
        if len(n.c) == 2:
            yield from _list_to_binary(n, ctx)
        for i in range(len(n.c)):
            rest = n.c[:i] + n.c[i + 1 :]
            yield mut(n, synth(n, f" {LOGIC[op]} ".join(ctx.par(c) for c in rest), c=rest), "delete-conjunct", ctx)
    if n.bool_ and k not in ("ExprConstant",) and not (k == "ExprUnary" and op == "NOT"):
        yield mut(
            n, Node("ExprUnary", n.s, n.e, [clone(n)], op="NOT", bool_=True, text=f"not {ctx.par(n)}"), "negation", ctx
        )
    if n.ar == 2 and not n.bool_ and not (k == "ExprUnary" and op in CLOS):
        for o, w in CLOS.items():
            yield mut(
                n, Node("ExprUnary", n.s, n.e, [clone(n)], op=o, ar=2, ty=n.ty, text=w + ctx.par(n)), "closure", ctx
            )
    if n.ar == 2 and not n.bool_:
        yield from _symmetric(n, ctx)
    if n.ar >= 1 and not n.bool_:
        yield from _joins(n, ctx, scope)
    if ctx.temporal and k == "ExprBinary" and op == "JOIN" and len(n.c) == 2 and valid(n.c[0], ctx):
        yield from _step_union(n, ctx)
    if k in LEAF_KINDS:
        yield from _replace_leaf(n, ctx, scope)
    if ctx.lib:
        yield from library_mutations(n, ctx, scope)
    if k == "ExprConstant" and op == "NUMBER":
        for v in sorted({n.num - 1, n.num + 1, 0, 1} - {n.num}):
            yield mut(n, synth(n, str(v), num=v), "constant", ctx)


def _list_to_binary(n: Node, ctx: Context) -> Iterator[Mutation]:
    """A two-operand conjunction or disjunction (the parser's list form of ``a and b``) gets the
    binary connectives a binary ``and`` gets: ``a implies b``, ``b implies a``, ``a iff b``."""
    a, b = n.c
    for o, left, right in (("IMPLIES", a, b), ("IMPLIES", b, a), ("IFF", a, b)):
        text = f"{ctx.par(left)} {LOGIC[o]} {ctx.par(right)}"
        yield mut(n, synth(n, text, k="ExprBinary", op=o, c=[left, right]), "logical", ctx)


def _binary(n: Node, ctx: Context) -> Iterator[Mutation]:
    a, b = n.c
    op = n.op
    ints = a.ar == 0 and not a.bool_
    table = INT_CMP if ints else REL_CMP
    if op in table:
        for o, w in table.items():
            if o != op:
                yield mut(n, synth(n, f"{ctx.text(a)} {w} {ctx.text(b)}", op=o), "comparison", ctx)
        if op == "IN":
            yield mut(n, synth(n, f"{ctx.text(b)} in {ctx.text(a)}", c=[b, a]), "comparison-swap", ctx)
    elif op in LOGIC:
        for o, w in LOGIC.items():
            if o != op:
                yield mut(n, synth(n, f"{ctx.par(a)} {w} {ctx.par(b)}", op=o), "logical", ctx)
        if op == "IMPLIES":
            yield mut(n, synth(n, f"{ctx.par(b)} implies {ctx.par(a)}", c=[b, a]), "logical-swap", ctx)
        for side in (a, b):
            yield Mutation(n, side, f"delete-operand: `{ctx.text(n)}` -> `{ctx.text(side)}`", "delete")
    elif op in SETOP:
        for o, w in SETOP.items():
            if o != op:
                yield mut(n, synth(n, f"{ctx.par(a)} {w} {ctx.par(b)}", op=o), "set-operator", ctx)
        for side in (a, b):
            yield Mutation(n, side, f"delete-operand: `{ctx.text(n)}` -> `{ctx.text(side)}`", "delete")
    elif op == "JOIN":
        for side in (a, b):
            if side.ar >= 1:
                yield Mutation(n, side, f"join-removal: `{ctx.text(n)}` -> `{ctx.text(side)}`", "join")
        yield mut(n, synth(n, f"{ctx.par(b)}.{ctx.par(a)}", c=[b, a]), "join-reverse", ctx)
    elif op == "ARROW":
        for side in (a, b):
            yield Mutation(n, side, f"delete-operand: `{ctx.text(n)}` -> `{ctx.text(side)}`", "delete")
    elif op in ("DOMAIN", "RANGE"):
        o, w = ("RANGE", ":>") if op == "DOMAIN" else ("DOMAIN", "<:")
        yield mut(n, synth(n, f"{ctx.par(a)} {w} {ctx.par(b)}", op=o), "restriction", ctx)


def _distinct(n: Node, ctx: Context) -> Iterator[Mutation]:
    """Guards for a universally quantified pair of one type: ``all x, y: T | body`` -> ``G implies body``
    with G one of ``x != y`` (unless declared ``disj``), ``x.f = y.f`` for a field f of T, or both: a pair
    usually means two different atoms, often ones that agree on some field."""
    body = n.c[0]
    typed: list[tuple[str, str, Node, int]] = []
    for i, (names, disj, bound) in enumerate(n.decls):
        if bound.ar != 1:
            continue
        top = ctx.cols(bound.ty)[:1]
        typed += [(x, top[0] if top else "", bound, i if disj else -1 - len(typed)) for x in names]
    for (x, tx, bx, gx), (y, ty, _, gy) in itertools.combinations(typed, 2):
        if tx != ty:
            continue
        vx = Node("ExprVar", -1, -1, name=x, ar=1, ty=bx.ty, text=x)
        vy = Node("ExprVar", -1, -1, name=y, ar=1, ty=bx.ty, text=y)
        guards: list[Node] = []
        neq = Node("ExprBinary", -1, -1, [vx, vy], op="NOT_EQUALS", bool_=True, text=f"{x} != {y}")
        if not (gx == gy and gx >= 0):  # both in one `disj` declaration: already distinct
            guards.append(neq)
        for f in ctx.fields:
            if f.ar != 2 or ctx.cols(f.ty)[:1] != [tx]:
                continue
            jx, jy = (
                Node("ExprBinary", -1, -1, [v, clone(f)], op="JOIN", ar=1, ty=f.ty, text=f"{v.name}.{f.name}")
                for v in (vx, vy)
            )
            same = Node("ExprBinary", -1, -1, [jx, jy], op="EQUALS", bool_=True, text=f"{jx.text} = {jy.text}")
            guards.append(same)
            if guards[0] is neq:
                both = Node("ExprList", -1, -1, [neq, same], op="AND", bool_=True, text=f"{neq.text} and {same.text}")
                guards.append(both)
        for g in guards:
            text = f"{g.text} implies {ctx.par(body)}"
            new = Node("ExprBinary", body.s, body.e, [g, clone(body)], op="IMPLIES", bool_=True, text=text)
            yield Mutation(body, new, f"guard: `{g.text} implies ...`", "distinct")


def change_guard(n: Node, ctx: Context) -> Iterator[Mutation]:
    """``all x: T | body`` -> ``all x: T | x.f' != x.f implies body`` for a ``var`` binary field f of T: a
    property that should hold whenever x's f changes (``t.pos' != t.pos implies ...``: "whenever a train
    moves"), the temporal counterpart of the pair guards. In models that declare ``var`` only."""
    body = n.c[0]
    for names, _, bound in n.decls:
        top = ctx.cols(bound.ty)[:1] if bound.ar == 1 else []
        for x in names if top else []:
            vx = Node("ExprVar", -1, -1, name=x, ar=1, ty=bound.ty, text=x)
            for f in ctx.fields:
                if f.name not in ctx.var_names or f.ar != 2 or ctx.cols(f.ty)[:1] != top:
                    continue
                now = Node("ExprBinary", -1, -1, [vx, clone(f)], op="JOIN", ar=1, ty=f.ty, text=f"{x}.{f.name}")
                primed = Node("ExprUnary", -1, -1, [clone(f)], op="PRIME", ar=2, ty=f.ty, text=f"{f.name}'")
                nxt = Node("ExprBinary", -1, -1, [vx, primed], op="JOIN", ar=1, ty=f.ty, text=f"{x}.{f.name}'")
                g = Node(
                    "ExprBinary", -1, -1, [nxt, now], op="NOT_EQUALS", bool_=True, text=f"{nxt.text} != {now.text}"
                )
                text = f"{g.text} implies {ctx.par(body)}"
                new = Node("ExprBinary", body.s, body.e, [g, clone(body)], op="IMPLIES", bool_=True, text=text)
                yield Mutation(body, new, f"guard: `{g.text} implies ...`", "change")


def _cover(n: Node, ctx: Context) -> Iterator[Mutation]:
    """``some e`` (any multiplicity test of a set) -> ``S in e``, S the top-level sig of e's type (each
    top-level sig where that is univ, as for ``n.*r``): "every S" for "some" (every node reached, not one),
    the commonest quantity slip besides the multiplicity itself."""
    e = n.c[0]
    cols = ctx.cols(e.ty) if e.ar == 1 else []
    tops = sorted(set(ctx.top.values()))
    for top in tops if cols == ["univ"] else [c for c in cols[:1] if c in tops]:  # `*r` types as univ
        sig = sig_leaf(top)
        text = f"{top} in {ctx.par(e)}"
        yield mut(n, Node("ExprBinary", n.s, n.e, [sig, clone(e)], op="IN", bool_=True, text=text), "cover", ctx)


def _step_union(n: Node, ctx: Context) -> Iterator[Mutation]:
    """``a.r`` -> ``a + a.r`` when both have one type: a step that may also stay (``t.pos' in t.pos +
    t.pos.next``, the frame condition of a trace). In models that declare ``var`` only (measured there)."""
    a = n.c[0]
    if a.ar != n.ar or ctx.cols(a.ty) != ctx.cols(n.ty) or not ctx.cols(n.ty):
        return
    text = f"{ctx.par(a)} + {ctx.par(n)}"
    yield mut(
        n, Node("ExprBinary", n.s, n.e, [clone(a), clone(n)], op="PLUS", ar=n.ar, ty=n.ty, text=text), "union", ctx
    )


def _symmetric(n: Node, ctx: Context) -> Iterator[Mutation]:
    """``r`` -> ``r + ~r``, ``^(r + ~r)``, ``*(r + ~r)`` for a homogeneous binary relation: ignoring edge
    direction (reachability in the underlying undirected graph) in one step."""
    cols = ctx.cols(n.ty)
    if len(cols) != 2 or cols[0] != cols[1]:
        return
    if n.k == "ExprBinary" and n.op == "PLUS" and any(c.k == "ExprUnary" and c.op == "TRANSPOSE" for c in n.c):
        return
    t = ctx.par(n)
    tr = Node("ExprUnary", n.s, n.e, [clone(n)], op="TRANSPOSE", ar=2, ty=n.ty, text=f"~{t}")
    sym = Node("ExprBinary", n.s, n.e, [clone(n), tr], op="PLUS", ar=2, ty=n.ty, text=f"{t} + ~{t}")
    yield mut(n, sym, "symmetric", ctx)
    for op, w in (("CLOSURE", "^"), ("RCLOSURE", "*")):
        closed = Node("ExprUnary", n.s, n.e, [sym], op=op, ar=2, ty=n.ty, text=f"{w}({sym.text})")
        yield mut(n, closed, "symmetric", ctx)


def _joins(n: Node, ctx: Context, scope: dict[str, str]) -> Iterator[Mutation]:
    """Join insertion: x -> x.f and x -> f.x for fields whose column types fit; r -> v.r for variables."""
    if n.k == "ExprBinary" and n.op == "JOIN":
        return
    cols = ctx.cols(n.ty)
    if n.ar >= 2:
        for v, ty in scope.items():
            if v != "this" and ty and ctx.cols(ty)[:1] == cols[:1]:
                var = Node("ExprVar", -1, -1, name=v, ar=1, ty=ty, text=v)
                new = Node("ExprBinary", n.s, n.e, [var, clone(n)], op="JOIN", ar=n.ar - 1, text=f"{v}.{ctx.par(n)}")
                yield mut(n, new, "join-insert", ctx)
    seen: set[str] = set()
    for f in ctx.fields:
        key = f"{f.owner}<:{f.name}"
        if key in seen:
            continue
        seen.add(key)
        fc = ctx.cols(f.ty)
        name = f.name if sum(g.name == f.name for g in ctx.fields if g.owner != f.owner) == 0 else key
        leaf = Node("Field", -1, -1, name=f.name, owner=f.owner, ar=f.ar, ty=f.ty, text=name)
        if cols and fc and cols[-1] == fc[0] and n.ar + f.ar - 2 >= 1:
            new = Node(
                "ExprBinary", n.s, n.e, [clone(n), leaf], op="JOIN", ar=n.ar + f.ar - 2, text=f"{ctx.par(n)}.{name}"
            )
            yield mut(n, new, "join-insert", ctx)
        if cols and fc and cols[0] == fc[-1] and n.ar + f.ar - 2 >= 1:
            new = Node(
                "ExprBinary", n.s, n.e, [leaf, clone(n)], op="JOIN", ar=n.ar + f.ar - 2, text=f"{name}.{ctx.par(n)}"
            )
            yield mut(n, new, "join-insert", ctx)


def _replace_leaf(n: Node, ctx: Context, scope: dict[str, str]) -> Iterator[Mutation]:
    if n.ar == 1:  # any unary leaf -> a variable in scope of the same type
        for v, ty in scope.items():
            if v != n.name and ty == n.ty and v != "this":
                yield mut(n, synth(n, v, name=v, k="ExprVar", builtin=False), "variable", ctx)
    if n.k == "ExprVar" and n.ar == 1:  # a variable -> a sig of its hierarchy
        top = ctx.cols(n.ty)[:1]
        for s in ctx.model.sigs:
            if ctx.cols("{this/" + s["name"] + "}")[:1] == top:
                kind = "SubsetSig" if s["subset"] else "PrimSig"
                yield mut(n, synth(n, s["name"], name=s["name"], k=kind, builtin=False), "sig", ctx)
    elif n.k in ("PrimSig", "SubsetSig") and not n.builtin:
        top = ctx.top.get(n.name)
        for s in ctx.model.sigs:
            if s["name"] != n.name and ctx.top.get(s["name"]) == top:
                kind = "SubsetSig" if s["subset"] else "PrimSig"
                yield mut(n, synth(n, s["name"], name=s["name"], k=kind), "sig", ctx)
    elif n.k == "Field":
        cols = ctx.cols(n.ty)
        done = {n.name}
        for f in ctx.fields:
            if f.name not in done and f.ar == n.ar and ctx.cols(f.ty)[:1] == cols[:1]:
                done.add(f.name)
                yield mut(n, synth(n, f.name, name=f.name, owner=f.owner, ty=f.ty), "field", ctx)


def scopes(root: Node, params: dict[str, str]) -> Iterator[tuple[Node, dict[str, str]]]:
    """Each node of a body with the variables in scope there (name -> type)."""
    stack: list[tuple[Node, dict[str, str]]] = [(root, dict(params))]
    while stack:
        n, env = stack.pop()
        yield n, env
        inner = dict(env)
        for names, _, bound in n.decls:
            stack.append((bound, dict(inner)))
            for x in names:
                inner[x] = bound.ty
        if n.k == "ExprLet" and n.c:
            stack.append((n.c[0], dict(env)))
            stack.append((n.c[1], {**env, n.name: n.c[0].ty}))
            continue
        for ch in n.c:
            stack.append((ch, inner))
