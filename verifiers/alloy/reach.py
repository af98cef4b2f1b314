"""What a paragraph reaches: the predicates, functions and macros it calls, to any depth.

Pure text (no JVM), over ``split_paragraphs``. A reference is any identifier token of a paragraph's
text that names a pred/fun/let of the same file (receiver forms ``pred Sig.name`` are found by
``name``). Local variables that happen to share a name over-approximate the graph: that freezes more,
never less, which is the safe direction for a faithfulness gate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fmrepair.verifiers.alloy.text import Paragraph, tokens

CALLABLE = ("pred", "fun", "let")


def short_name(p: Paragraph) -> str:
    """``pred Sig.name`` -> ``name``; other paragraphs -> their name."""
    return p.name.rsplit(".", 1)[-1]


def referenced_names(p: Paragraph) -> set[str]:
    """Identifier tokens of a paragraph, minus a callable's own declared name."""
    words = {t.text for t in tokens(p.text) if t.text[:1].isalpha() or t.text[:1] == "_"}
    return words - {short_name(p)} if p.kind in CALLABLE else words


def callables(paras: Sequence[Paragraph]) -> dict[str, list[Paragraph]]:
    """Short name -> the pred/fun/let paragraphs that define it (overloads share a name)."""
    out: dict[str, list[Paragraph]] = {}
    for p in paras:
        if p.kind in CALLABLE and p.name:
            out.setdefault(short_name(p), []).append(p)
    return out


def roots_of(paras: Sequence[Paragraph], kinds: Iterable[str] = ("assert", "command")) -> list[Paragraph]:
    return [p for p in paras if p.kind in set(kinds)]


def reached(paras: Sequence[Paragraph], roots: Sequence[Paragraph]) -> dict[str, tuple[str, list[str]]]:
    """{callable key ("pred acyclic"): (root key, call path)} for every pred/fun/let the roots reach.

    A command that names a pred or assertion (``run p``, ``check A``) reaches it; the path is the
    chain of names from the root, e.g. ["assert A", "acyclic", "reach"]. Breadth-first, so the path
    is a shortest one; the first root (in source order) that reaches a callable is the one named.
    """
    defs = callables(paras)
    by_key = {p.key: p for p in paras}
    out: dict[str, tuple[str, list[str]]] = {}
    for root in roots:
        start = referenced_names(root)
        if root.kind == "command" and root.target:
            start.add(root.target)
        queue: list[tuple[str, list[str]]] = [(n, [root.key, n]) for n in sorted(start) if n in defs]
        seen: set[str] = set()
        while queue:
            name, path = queue.pop(0)
            if name in seen:
                continue
            seen.add(name)
            for d in defs[name]:
                if d.key not in out:
                    out[d.key] = (root.key, path)
                queue += [(n, [*path, n]) for n in sorted(referenced_names(d)) if n in defs and n not in seen]
    # assertions named by a command are roots of their own; they are frozen as assertions already
    return {k: v for k, v in out.items() if k in by_key and by_key[k].kind in CALLABLE}


def describe(path: list[str]) -> str:
    return " -> ".join(path)
