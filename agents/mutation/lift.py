"""Repairs read off a visible property that defines an editable predicate (issue 18, frozen mode).

A property the task shows (an assertion in the text, frozen: the repair may not edit it) often states what
a predicate must mean: ``all l: List | Sorted[l] <=> F``. Then ``Sorted``'s body becomes ``F`` with the
quantified variables renamed to the predicate's parameters. Weaker shapes give weaker edits:
``P[x] implies G`` adds ``G`` as a conjunct of ``P``'s body, ``G implies P[x]`` adds it as a disjunct.

Only text the search is given is read: in hidden mode the property is not in the text, so nothing is
lifted. Every lifted candidate is checked like any other (analyzer, hidden oracle, faithfulness gate) and
costs a candidate; its description starts with ``lift:`` so that fix kinds can be counted apart.
"""

from __future__ import annotations

from collections.abc import Iterator

from fmrepair.agents.mutation.operators import Context, Mutation
from fmrepair.verifiers.alloy.syntax import Func, Model, Node


def _conjuncts(n: Node) -> Iterator[Node]:
    if n.k == "ExprList" and n.op == "AND":
        for c in n.c:
            yield from _conjuncts(c)
    elif n.k == "ExprUnary" and n.op == "NOOP" and n.c:
        yield from _conjuncts(n.c[0])
    else:
        yield n


def _peel(n: Node) -> tuple[list[str], Node]:
    """``all a, b: S | all c: T | F`` -> ([a, b, c], F); NOOP wrappers dropped."""
    bound: list[str] = []
    while True:
        if n.k == "ExprUnary" and n.op == "NOOP" and n.c:
            n = n.c[0]
        elif n.k == "ExprQt" and n.op == "ALL" and n.c:
            bound += [v for names, _, _ in n.decls for v in names]
            n = n.c[0]
        else:
            return bound, n


def _call(n: Node) -> Node | None:
    while n.k == "ExprUnary" and n.op == "NOOP" and n.c:
        n = n.c[0]
    return n if n.k == "ExprCall" else None


def _renamed(n: Node, names: dict[str, str]) -> Node:
    """A copy of ``n`` whose free variables ``names`` maps are renamed (spans kept for the text)."""
    return Node(
        n.k, n.s, n.e, [_renamed(c, names) for c in n.c], op=n.op, os=n.os, oe=n.oe, ar=n.ar, ty=n.ty,
        bool_=n.bool_, name=names.get(n.name, n.name) if n.k == "ExprVar" else n.name, owner=n.owner,
        num=n.num, builtin=n.builtin, decls=[(v, d, _renamed(b, names)) for v, d, b in n.decls],
    )  # fmt: skip


def _text(n: Node, source: str, names: dict[str, str]) -> str:
    """The source text of ``n`` with its variables ``names`` maps renamed."""
    out = source[n.s : n.e]
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
    braces) read off the model's assertions, definitions first."""
    preds: dict[str, tuple[Func, Node]] = {}
    for name, f in model.funcs.items():
        whole = _whole_body(f, bodies) if f.pred else None
        if whole is not None:
            preds[name.split("/")[-1]] = (f, whole)
    out: list[tuple[int, Mutation]] = []  # (0: a definition, 1: a conjunct or disjunct)
    seen: set[tuple[str, str]] = set()
    for aname, body in model.asserts.items():
        for part in _conjuncts(body):
            bound, core = _peel(part)
            if core.k != "ExprBinary" or core.op not in ("IFF", "IMPLIES") or len(core.c) != 2:
                continue
            for ci, oi in ((0, 1), (1, 0)):
                call = _call(core.c[ci])
                if call is None or call.name.split("/")[-1] not in preds:
                    continue
                f, whole = preds[call.name.split("/")[-1]]
                args = [_call(a) or a for a in call.c]
                if len(args) != len(f.params) or any(a.k != "ExprVar" or a.name not in bound for a in args):
                    continue
                names = {a.name: p for a, p in zip(args, f.params, strict=True)}
                if len(names) != len(args):  # P[x, x]: not a definition
                    continue
                other = core.c[oi]
                free = {v.name for v in other.walk() if v.k == "ExprVar"}
                inner = {v for n in other.walk() for names_, _, _ in n.decls for v in names_}
                if (set(bound) - set(names)) & free or inner & (set(f.params) | set(names)):
                    continue  # another quantified variable, or a capture: not a definition of P
                g = _renamed(other, names)
                g.text = _text(other, ctx.source, names)
                if other.k == "ExprList" and other.op == "AND":  # conjuncts on lines: a block, not parens
                    g.text = "{ " + g.text + " }"
                old = "{ " + ctx.source[whole.s : whole.e].strip() + " }"  # `{ }` when empty: true
                rank = 1
                if core.op == "IFF":
                    new, how, rank = g, "the property's definition", 0
                elif ci == 0:  # P implies G: P must be at least as strong as G
                    new = Node("ExprBinary", -1, -1, [f.body, g], op="AND", bool_=True, text=f"{old} and ({g.text})")
                    how = "a conjunct the property requires"
                else:  # G implies P
                    new = Node("ExprBinary", -1, -1, [f.body, g], op="OR", bool_=True, text=f"{old} or ({g.text})")
                    how = "a disjunct the property requires"
                key = (f.name, new.text)
                if key in seen:
                    continue
                seen.add(key)
                desc = f"lift: body of `{f.name.split('/')[-1]}` := {how} in `{aname.split('/')[-1]}`"
                out.append((rank, Mutation(whole, new, desc, "lift")))
    return [m for _, m in sorted(out, key=lambda x: x[0])]
