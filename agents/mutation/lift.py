"""Repairs read off a visible property that defines an editable predicate (issue 18, frozen mode).

A property the task shows (an assertion in the visible text; in ARepair's frozen mode the repair may not
edit it) often states what a predicate must mean: ``all l: List | Sorted[l] <=> F``. Then ``Sorted``'s
body becomes ``F`` with the quantified variables renamed to the predicate's parameters. Only definitions: an implication
(``P[x] implies G``) would be met by building ``G`` into ``P``, which makes the property hold by
construction rather than check the model, and a predicate that a fact calls is part of the model
(lifting into it would copy the property into the facts), so neither is lifted.

Only text the search is given is read: in hidden mode the property is not in the text, so nothing is
lifted. Every lifted candidate is checked like any other (analyzer, hidden oracle, faithfulness gate) and
costs a candidate; its description starts with ``lift:`` so that fix kinds can be counted apart.
"""

from __future__ import annotations

from collections.abc import Iterator

from fmrepair.agents.mutation.operators import Context, Mutation
from fmrepair.verifiers.alloy.reach import reached, roots_of
from fmrepair.verifiers.alloy.syntax import Func, Model, Node
from fmrepair.verifiers.alloy.text import split_paragraphs


def _strip(n: Node) -> Node:
    while n.k == "ExprUnary" and n.op == "NOOP" and n.c:
        n = n.c[0]
    return n


def _conjuncts(n: Node) -> Iterator[Node]:
    n = _strip(n)
    if n.k == "ExprList" and n.op == "AND" or n.k == "ExprBinary" and n.op == "AND":
        for c in n.c:
            yield from _conjuncts(c)
    else:
        yield n


def _definitions(n: Node, bound: tuple[str, ...] = ()) -> Iterator[tuple[list[str], Node]]:
    """The ``F <=> G`` parts of an assertion body with the variables of the ``all`` quantifiers around
    them: conjuncts split at every level, ``all a, b: S | all c: T | ...`` peeled."""
    for part in _conjuncts(n):
        if part.k == "ExprQt" and part.op == "ALL" and part.c:
            yield from _definitions(part.c[0], bound + tuple(v for names, _, _ in part.decls for v in names))
        elif part.k == "ExprBinary" and part.op == "IFF" and len(part.c) == 2:
            yield list(bound), part


def _call(n: Node) -> Node | None:
    n = _strip(n)
    return n if n.k == "ExprCall" else None


def _renamed(n: Node, names: dict[str, str]) -> Node:
    """A copy of ``n`` whose free variables ``names`` maps are renamed (spans kept for the text)."""
    return Node(
        n.k, n.s, n.e, [_renamed(c, names) for c in n.c], op=n.op, os=n.os, oe=n.oe, ar=n.ar, ty=n.ty,
        bool_=n.bool_, name=names.get(n.name, n.name) if n.k == "ExprVar" else n.name, owner=n.owner,
        num=n.num, builtin=n.builtin, decls=[(v, d, _renamed(b, names)) for v, d, b in n.decls],
    )  # fmt: skip


def _end(source: str, s: int, e: int) -> int:
    """Where ``source[s:e]`` really ends: a call's span stops before its ``]``, so the text is extended
    over the closers it lacks."""
    stack: list[str] = []
    i = s
    while i < len(source) and (i < e or stack):
        ch = source[i]
        if ch in "([{":
            stack.append({"(": ")", "[": "]", "{": "}"}[ch])
        elif stack and ch == stack[-1]:
            stack.pop()
        elif ch in ")]}" and i >= e:
            return e  # a closer that is not ours: give up on extending
        i += 1
    return i


def _text(n: Node, source: str, names: dict[str, str]) -> str:
    """The source text of ``n`` (up to its own closing brackets) with its variables ``names`` maps renamed."""
    out = source[n.s : _end(source, n.s, n.e)]
    vars_ = sorted((v for v in n.walk() if v.k == "ExprVar" and v.name in names and v.s >= 0), key=lambda v: -v.s)
    for v in vars_:
        out = out[: v.s - n.s] + names[v.name] + out[v.e - n.s :]
    return out


def _whole_body(f: Func, bodies: list[tuple[int, int]]) -> Node | None:
    """A stand-in for ``f``'s body spanning all the text between its braces (an empty body included; a
    call's own span stops before its ``]``), with the body's id so that the Python evaluator's override
    still finds it; None when the body is not editable."""
    if f.span is None:
        return None
    for a, b in bodies:
        if f.span[0] <= a and b <= f.span[1]:
            n = f.body
            return Node(n.k, a, b, n.c, op=n.op, ar=n.ar, ty=n.ty, bool_=n.bool_, decls=n.decls, id=n.id)
    return None


def lifted(model: Model, ctx: Context, bodies: list[tuple[int, int]]) -> list[Mutation]:
    """Candidate edits of editable predicate bodies (``bodies``: the editable paragraphs' text between
    braces) read off the model's assertions: one per definition ``all x | P[x] <=> F``."""
    paras = split_paragraphs(ctx.source)
    by_facts = reached(paras, roots_of(paras, ("fact", "sig")))  # preds whose meaning is part of the model
    fact_spans = [(p.start, p.end) for p in paras if p.key in by_facts]
    preds: dict[str, tuple[Func, Node]] = {}
    for name, f in model.funcs.items():
        if not f.pred or f.span is None or any(a <= f.span[0] < b for a, b in fact_spans):
            continue  # by span, not by name: a receiver pred `List.ok` has the key `pred List.ok`
        whole = _whole_body(f, bodies)
        if whole is not None:
            preds[name] = (f, whole)
    out: list[Mutation] = []
    seen: set[tuple[str, str]] = set()
    for aname, body in model.asserts.items():
        for bound, core in _definitions(body):
            for ci in (0, 1):
                call, other = _call(core.c[ci]), core.c[1 - ci]
                if call is None or call.name not in preds:
                    continue
                f, whole = preds[call.name]
                args = [_strip(a) for a in call.c]
                if len(args) != len(f.params) or any(a.k != "ExprVar" or a.name not in bound for a in args):
                    continue
                names = {a.name: p for a, p in zip(args, f.params, strict=True)}
                if len(names) != len(args) or not _definition(other, f, bound, names):
                    continue
                g = _renamed(other, names)
                g.text = _text(other, ctx.source, names)
                if other.k == "ExprList" and other.op == "AND":  # conjuncts on lines: a block, not parens
                    g.text = "{ " + g.text + "\n}"  # the newline ends a `//` comment on the last line
                if (f.name, g.text) in seen:
                    continue
                seen.add((f.name, g.text))
                desc = f"lift: body of `{f.name.split('/')[-1]}` := the definition in `{aname.split('/')[-1]}`"
                out.append(Mutation(whole, g, desc, "lift"))
    return out


def _definition(other: Node, f: Func, bound: list[str], names: dict[str, str]) -> bool:
    """Whether ``other`` can stand for ``f``'s body: its only free quantified variables are the arguments,
    it binds or uses no name of a parameter (no capture, either way), it does not call ``f`` (recursion)
    and it has no ``let`` (whose keyword the span leaves out)."""
    nodes = list(other.walk())
    if any(n.k == "ExprLet" or (n.k == "ExprCall" and n.name == f.name) for n in nodes):
        return False
    free = {n.name for n in nodes if n.k == "ExprVar"}
    inner = {v for n in nodes for names_, _, _ in n.decls for v in names_}
    used = {n.name.split("/")[-1] for n in nodes if n.k in ("ExprCall", "PrimSig", "SubsetSig", "Field")}
    params = set(f.params)
    return not ((set(bound) - set(names)) & free or inner & (params | set(names)) or used & params)
