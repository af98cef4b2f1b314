"""Nested pairs (issue 18.3, coordinated edits at two locations): a mutation at a node together with a mutation at a
node inside it, such as ``t.pos' = t.pos.next`` -> ``t.pos' != t.pos`` (the comparison changes, and so does its
right operand). Pairs of the search's ordinary kind need disjoint spans, so a fix that edits a node and one of its
operands was out of reach of two edits.

The outer mutation's new node keeps the inner node as a descendant (the same object) when its operator rebuilds the
node around its children (a comparison or connective changed, a wrapper added); then the inner replacement goes
into a copy of that tree, and into its text at the inner node's place: inside the child that holds it, whose source
text must occur exactly once in the new text, as a whole term. Any other pair (the outer mutation dropped the inner
node, or its text is ambiguous) is not built."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from fmrepair.agents.mutation.operators import Context, Mutation, render
from fmrepair.verifiers.alloy.syntax import Node, next_node_id

_BEFORE = re.compile(r"[\w.'$/~^*#@\"]")  # a character that would make the match part of a larger term
_AFTER = re.compile(r"[\w.'$/\[\"]")


def substitute(n: Node, old: Node, new: Node) -> Node | None:
    """``n`` with the node ``old`` (by identity) replaced by ``new``, path-copied under fresh ids; None when
    ``old`` is not in ``n``'s tree."""
    if n is old:
        return new
    for i, ch in enumerate(n.c):
        got = substitute(ch, old, new)
        if got is not None:
            return dataclasses.replace(n, c=[*n.c[:i], got, *n.c[i + 1 :]], id=next_node_id())
    for i, (names, disj, bound) in enumerate(n.decls):
        got = substitute(bound, old, new)
        if got is not None:
            decls = [*n.decls[:i], (names, disj, got), *n.decls[i + 1 :]]
            return dataclasses.replace(n, decls=decls, id=next_node_id())
    return None


def _contains(n: Node, x: Node) -> bool:
    return any(y is x for y in n.walk())


def _terms(sub: str, text: str) -> list[int]:
    """Where ``sub`` occurs in ``text`` as a whole term (not inside a longer name, join or prime)."""
    return [
        m.start()
        for m in re.finditer(re.escape(sub), text)
        if not (m.start() > 0 and _BEFORE.match(text[m.start() - 1]))
        and not (m.end() < len(text) and _AFTER.match(text[m.end()]))
    ]


def _offset(outer: Node, inner: Node, ctx: Context) -> int | None:
    """Where the inner node's text sits in the outer new node's text: inside the one child (or bound) that
    holds the inner node, at the inner node's offset in that child's source text; None when that child's
    text is not the source's or does not occur exactly once."""
    text = ctx.text(outer)
    for ch in [b for _, _, b in outer.decls] + outer.c:
        if not _contains(ch, inner):
            continue
        if ch.s < 0 or ch.e > len(ctx.source) or ch.text not in ("", ctx.source[ch.s : ch.e]):
            return None
        hits = _terms(ctx.source[ch.s : ch.e], text)
        if len(hits) != 1:
            return None
        pos = hits[0] + inner.s - ch.s
        return pos if text[pos : pos + inner.e - inner.s] == ctx.source[inner.s : inner.e] else None
    return None


def nested(outer: Mutation, inner: Mutation, ctx: Context) -> Mutation | None:
    """The two mutations as one replacement of the outer node, or None when they do not compose."""
    o, i = outer.target, inner.target
    if i is o or not (o.s <= i.s and i.e <= o.e) or (o.s, o.e) == (i.s, i.e) or i.text:
        return None
    tree = substitute(outer.new, i, inner.new)
    if tree is None:
        return None
    pos = _offset(outer.new, i, ctx)
    if pos is None:
        return None
    text = ctx.text(outer.new)
    new_text = text[:pos] + render(inner.new, ctx) + text[pos + i.e - i.s :]
    return Mutation(o, dataclasses.replace(tree, text=new_text), f"{outer.desc}; inside it {inner.desc}", "nested")


def nested_pairs(pool: list[Mutation], ctx: Context) -> Iterator[tuple[Mutation, Mutation, Mutation]]:
    """(composite, outer, inner) for every pair of ``pool`` that composes."""
    for a in pool:
        for b in pool:
            got = nested(a, b, ctx)
            if got is not None:
                yield got, a, b
