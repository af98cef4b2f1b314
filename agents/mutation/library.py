"""The library vocabulary of the mutation search (issue 18.2): the functions and predicates of the modules
a specification opens (util/ordering's ``first``, ``next``, ``nexts``, ``lt``, ...; util/relation,
util/boolean, ...), instantiated with their types, and the operators that use them (a call replaced by
another of the same module and type, arguments swapped, ``x.next`` <-> ``nexts[x]``, a comparison's
one-step version ``lte[a, b]`` -> ``a in b + b.prev``, insertion of ``x.next``, ``nexts[x]``, ``first``).
The vocabulary has no dependency on the operators; the operators build on agents/mutation/operators.py."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fmrepair.verifiers.alloy.syntax import Model, Node

if TYPE_CHECKING:
    from fmrepair.agents.mutation.operators import Context, Mutation


@dataclass(frozen=True)
class LibFunc:
    """A function or predicate of an opened module (util/ordering's ``next``, ``lt``, ...), instantiated."""

    name: str  # as the analyzer names it in calls: ``ordering/next``
    text: str  # as a candidate writes it: ``next``, or ``ord/next`` when the source qualifies that module
    params: tuple[tuple[str, ...], ...]  # top-level sig of each column, per parameter
    ret: tuple[str, ...]  # columns of the value; () for a predicate
    ty: str

    @property
    def alias(self) -> str:
        return self.name.rsplit("/", 1)[0]


def columns(ty: str, top: dict[str, str]) -> tuple[str, ...]:
    first = ty.strip("{}").split(",")[0].strip()
    if not first or first == "PrimitiveBoolean":
        return ()
    return tuple(top.get(c.removeprefix("this/"), c.removeprefix("this/")) for c in first.split("->"))


def library(model: Model, top: dict[str, str], source: str = "") -> list[LibFunc]:
    """The public functions/predicates of explicitly opened modules whose types are the model's sigs
    (util/integer, opened implicitly and over Int, is left out): the search's library vocabulary."""
    out: list[LibFunc] = []
    for name, (params, ret, private) in model.lib_types.items():
        alias, _, short = name.rpartition("/")
        if private or alias == "integer" or "$" in short:
            continue
        cols = [columns(p, top) for p in params]
        rcols = columns(ret, top)
        if any(c not in top for c in (*itertools.chain(*cols), *rcols)):
            continue  # over Int, or a module's own private sigs
        out.append(LibFunc(name, short, tuple(cols), rcols, ret))
    for i, f in enumerate(out):
        clash = sum(g.text == f.text for g in out) > 1
        if clash or f"{f.alias}/" in source:
            out[i] = dataclasses.replace(f, text=f.name)
    return out


def call_node(f: LibFunc, args: list[Node], like: Node, ctx: Context) -> Node:
    text = f.text if not args else f"{f.text}[{', '.join(ctx.text(a) for a in args)}]"
    return Node("ExprCall", like.s, like.e, list(args), name=f.name, ar=len(f.ret), ty=f.ty, bool_=not f.ret, text=text)


def dot_node(like: Node, a: Node, g: LibFunc, ctx: Context) -> Node:
    """``a.g`` for a parameterless binary library function ``g`` (``x.next``), standing in for ``like``."""
    rel = call_node(g, [], Node("ExprCall", -1, -1), ctx)
    text = f"{ctx.par(a)}.{g.text}"
    return Node("ExprBinary", like.s, like.e, [a, rel], op="JOIN", ar=1, ty=like.ty, text=text)


def library_mutations(n: Node, ctx: Context, scope: dict[str, str]) -> Iterator[Mutation]:
    """Library-aware operators (util/ordering and other opened modules): a call replaced by another of the
    same module and type (``first``/``last``, ``next``/``prev``, ``nexts``/``prevs``, ``lt``/``gt``/
    ``lte``/``gte``, ``max``/``min``), arguments swapped, ``x.next`` <-> ``nexts[x]``, and insertion:
    ``x`` -> ``x.next``, ``nexts[x]``, ``first`` (a unary expression of the ordered sig)."""
    from fmrepair.agents.mutation.operators import LEAF_KINDS, clone, mut, valid

    k = n.k
    cols = ctx.cols(n.ty) if n.ty else []
    f = ctx.libs.get(n.name) if k == "ExprCall" else None
    if f is not None and all(valid(a, ctx) for a in n.c):
        for g in ctx.lib:
            if g.name != f.name and g.alias == f.alias and g.params == f.params and g.ret == f.ret:
                yield mut(n, call_node(g, n.c, n, ctx), "library", ctx)
            same = g.alias == f.alias and g.params == f.params and g.ret == f.ret
            if same and len(n.c) == 2 and f.params[0] == f.params[1]:
                yield mut(n, call_node(g, n.c[::-1], n, ctx), "library", ctx)
        if len(n.c) == 1 and len(f.ret) == 1 and f.params[0] == f.ret:
            a = n.c[0]
            for g in ctx.lib:  # nexts[x] -> x.next, x.prev
                if not g.params and g.ret == f.ret * 2:
                    yield mut(n, dot_node(n, a, g, ctx), "library", ctx)
        if not f.params and len(f.ret) == 1:  # first -> a variable of that sig
            for v, ty in scope.items():
                if v != "this" and ty and ctx.cols(ty)[:1] == list(f.ret):
                    yield mut(n, Node("ExprVar", n.s, n.e, name=v, ar=1, ty=ty, text=v), "library", ctx)
    if f is not None and len(n.c) == 2 and all(valid(a, ctx) for a in n.c):
        yield from _one_step(n, f, ctx)
    if k == "ExprBinary" and n.op == "JOIN" and len(n.c) == 2 and valid(n.c[0], ctx):
        a, r = n.c
        g = ctx.libs.get(r.name) if r.k == "ExprCall" and not r.c else None
        if g is not None and len(g.ret) == 2 and g.ret[0] == g.ret[1]:
            for h in ctx.lib:  # x.next -> nexts[x], prevs[x]
                if len(h.params) == 1 and h.params[0] == g.ret[:1] and h.ret == g.ret[:1]:
                    yield mut(n, call_node(h, [a], n, ctx), "library", ctx)
    if n.ar == 1 and not n.bool_ and len(cols) == 1 and f is None:
        for g in ctx.lib:
            if not g.params and g.ret == (cols[0], cols[0]):  # x -> x.next
                yield mut(n, dot_node(n, clone(n), g, ctx), "library", ctx)
            elif len(g.params) == 1 and g.params[0] == (cols[0],) and g.ret == (cols[0],):  # x -> nexts[x]
                new = call_node(g, [clone(n)], n, ctx)
                new.text = f"{g.text}[{ctx.text(n)}]"
                yield mut(n, new, "library", ctx)
            elif not g.params and g.ret == (cols[0],) and n.k in LEAF_KINDS:  # x -> first, last
                yield mut(n, call_node(g, [], n, ctx), "library", ctx)


# util/ordering's comparisons and the step relation of their one-step versions: ``lt[a, b]`` is ``a in
# prevs[b]``, and its one-step version ``a in b.prev``; the ``-e`` forms keep ``b`` itself
ONE_STEP = {"lt": ("prev", False), "gt": ("next", False), "lte": ("prev", True), "gte": ("next", True)}


def _one_step(n: Node, f: LibFunc, ctx: Context) -> Iterator[Mutation]:
    """``lt[a, b]`` -> ``a in b.prev``, ``lte[a, b]`` -> ``a in b + b.prev`` (``gt``, ``gte``: ``next``): "at
    most one step" where the comparison allows any number, the predicate counterpart of ``nexts[x]`` ->
    ``x.next`` (a train moves to the same or the next segment, not to any later one)."""
    from fmrepair.agents.mutation.operators import mut

    step = ONE_STEP.get(f.name.rsplit("/", 1)[-1])
    g = ctx.libs.get(f"{f.alias}/{step[0]}") if step else None
    if step is None or g is None or f.params[0] != f.params[1] or g.ret != f.params[0] * 2:
        return
    a, b = n.c
    one = dot_node(Node("ExprBinary", -1, -1, ty=b.ty), b, g, ctx)  # b.prev, a new node
    if step[1]:
        text = f"{ctx.par(b)} + {one.text}"
        one = Node("ExprBinary", -1, -1, [b, one], op="PLUS", ar=1, ty=b.ty, text=text)
    new = Node("ExprBinary", n.s, n.e, [a, one], op="IN", bool_=True, text=f"{ctx.par(a)} in {one.text}")
    yield mut(n, new, "library", ctx)
