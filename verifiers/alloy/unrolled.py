"""How many times an expression joins one relation to itself, through ``let`` names and the funs it calls.

A transitive closure unrolled to a fixed depth (``c.parent + c.parent.parent + ...``) holds only in instances
smaller than the depth; `above.floor` counts a chain written out, token by token. helper-55 spelled it two other
ways (``o45_F_c04``: ``upto[upto[...[e.manager]]]`` with ``fun upto[x] { x + x.manager }``, eight calls deep;
``o45_F_c05``: ``let r1 = manager + manager.manager, r2 = r1 + r1.r1, ...``, sixteen joins in four squarings).
Here each term is given the number of joins of a relation it holds along one path: a join (``.`` or a box join)
adds its sides, every other operator takes the larger side, a ``let`` name or a fun's parameter stands for what it
is bound to, a fun call for its body with its parameters so bound (two levels of calls at most), and a closure
(``^r``, ``*r``) counts nothing (it is no unrolling). Brackets and braces hold a term of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fmrepair.verifiers.alloy.text import Paragraph, is_name, split_paragraphs, split_top, tokens

_DEPTH = 3  # fun calls within fun calls
_WORDS = {"all", "some", "no", "one", "lone", "set", "disj", "in", "and", "or", "not", "implies", "else", "iff",
          "let", "sum", "always", "eventually", "after", "before", "once", "historically", "until", "since",
          "releases", "triggered", "this", "none", "univ", "iden", "Int", "int", "seq"}


def _close(toks: Sequence[str], i: int) -> int:
    """The index of the bracket closing toks[i]."""
    pair = {"(": ")", "[": "]", "{": "}"}[toks[i]]
    depth = 0
    for j in range(i, len(toks)):
        if toks[j] == toks[i]:
            depth += 1
        elif toks[j] == pair:
            depth -= 1
            if depth == 0:
                return j
    return len(toks) - 1


def _args(toks: Sequence[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    depth = 0
    for t in toks:
        depth += t in "([{" and len(t) == 1
        depth -= t in ")]}" and len(t) == 1
        if t == "," and depth == 0:
            out.append([])
        else:
            out[-1].append(t)
    return [a for a in out if a]


class _Funs:
    def __init__(self, paras: Sequence[Paragraph]) -> None:
        self.funs: dict[str, tuple[list[str], list[str]]] = {}
        for p in paras:
            if p.kind not in ("fun", "pred") or p.body is None or p.name is None or "." in p.name:
                continue
            head = p.text[: p.text.find("{")]
            params: list[str] = []
            if "[" in head and "]" in head:
                inside = head[head.index("[") + 1 : head.rindex("]")]
                for piece in split_top(inside):
                    names = piece.split(":", 1)[0].replace(",", " ").split()
                    params += [n for n in names if is_name(n) and n not in ("disj", "one", "lone", "some", "set")]
            self.funs[p.name] = (params, [t.text for t in tokens(p.body)])


def joins(toks: Sequence[str], rel: str, funs: _Funs, env: Mapping[str, int] | None = None, depth: int = 0,
          inside: frozenset[str] = frozenset()) -> int:
    """The most joins of ``rel`` along one path of the term ``toks`` (see the module); ``inside``: the funs being
    read (a recursive call is read as its arguments only)."""
    env = dict(env or {})
    best = cur = 0
    atom = False  # the last thing read was a term (a new one beside it starts a new path: juxtaposed conjuncts)

    def term(n: int) -> None:
        nonlocal best, cur, atom
        if atom:
            best, cur = max(best, cur), 0
        cur += n
        atom = True

    i = 0
    while i < len(toks):
        t = toks[i]
        if t == "let":  # let a = e, b = f | body
            bar = i + 1
            level = 0
            while bar < len(toks) and not (toks[bar] == "|" and level == 0):
                level += toks[bar] in ("(", "[", "{")
                level -= toks[bar] in (")", "]", "}")
                bar += 1
            for bind in _args(list(toks[i + 1 : bar])):
                if len(bind) > 2 and bind[1] == "=" and is_name(bind[0]):
                    env[bind[0]] = joins(bind[2:], rel, funs, env, depth, inside)
            i = bar + 1
            best, cur, atom = max(best, cur), 0, False
            continue
        if t in ("(", "{"):
            j = _close(toks, i)
            term(joins(toks[i + 1 : j], rel, funs, env, depth, inside))
            i = j + 1
            continue
        if t in ("^", "*"):  # a closure: no unrolling
            i += 1
            if i < len(toks) and toks[i] == "(":
                i = _close(toks, i)
            i += 1
            term(0)
            continue
        if is_name(t) and t not in _WORDS:
            if i + 1 < len(toks) and toks[i + 1] == "[":
                j = _close(toks, i + 1)
                args = _args(list(toks[i + 2 : j]))
                if t in funs.funs and t not in env:
                    params, body = funs.funs[t]
                    if depth < _DEPTH and len(params) == len(args) and t not in inside:
                        bound = {p: joins(a, rel, funs, env, depth, inside) for p, a in zip(params, args, strict=True)}
                        term(joins(body, rel, funs, bound, depth + 1, inside | {t}))
                    else:
                        term(sum(joins(a, rel, funs, env, depth, inside) for a in args))
                else:  # a box join: e[a, b] is b.(a.e)
                    term(env.get(t, int(t == rel)) + sum(joins(a, rel, funs, env, depth, inside) for a in args))
                i = j + 1
                continue
            term(env.get(t, int(t == rel)))
            i += 1
            continue
        if t in (".", "~"):
            atom = False
            i += 1
            continue
        if t == "'":
            i += 1
            continue
        best, cur, atom = max(best, cur), 0, False  # any other operator or keyword ends the path
        i += 1
    return max(best, cur)


def longest(text: str, paras: Sequence[Paragraph], within: Sequence[Paragraph], rels: set[str]) -> int:
    """The most joins of one of ``rels`` along one path in any paragraph of ``within`` (funs read from ``paras``)."""
    funs = _Funs(paras)
    got = 0
    for p in within:
        if p.body is None:
            continue
        body = [t.text for t in tokens(p.body)]
        for r in rels:
            got = max(got, joins(body, r, funs))
    return got


def unrolled(original: str, candidate: str, rels: set[str]) -> int:
    """The atoms a join chain of one relation that the candidate's changed paragraphs hold needs (k joins: k + 2),
    where it is longer than any in the original's paragraphs of the same name; 0 for none."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    mine = {p.key: p for p in opar}
    changed = [p for p in cpar if p.kind in ("fact", "pred", "fun", "assert") and (
        p.key not in mine or " ".join(mine[p.key].text.split()) != " ".join(p.text.split()))]
    if not changed:
        return 0
    theirs = longest(original, opar, [mine[p.key] for p in changed if p.key in mine], rels)
    k = longest(candidate, cpar, changed, rels)
    return k + 2 if k > max(theirs, 2) else 0
