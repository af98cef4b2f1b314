"""Relations the author's facts define, and a constraint that squeezes their inputs instead of fixing them.

A static model often defines a relation from others: ``all f: File | f.canRead = f.owner + f.group.~memberOf``.
Where the definition is wrong (a group member reads a secret file), a candidate can leave it as it is and add a
fact on its inputs that makes the wrong definition meet the property: high files' groups hold cleared users
only; every class redeclares its grandparent's methods (helper-40's ``o33_D_*``, helper-41's ``o34_D_*``,
helper-42's ``o35_D_*``). Such a fact is the property said through the definition: it holds in every good
instance of the author's file, and beside the definition it entails the property. Read here, as text: the
relations a fact of the author's defines by an equation (``x.R = E`` under an ``all``, or ``R = E``, where ``E``
does not name ``R``; in a fact or a sig's appended fact: helper-44's ``o37_B``), or by cases (``all x: S | C
implies x.R = E``, helper-43's ``o36_D``, ``o36_G``), or point by point (``all x: A, y: B | y in x.R iff E``, in a
fact or in a pred a fact calls as a whole conjunct: helper-44's ``o37_F``), that the candidate keeps word for word
(a union's terms in any order: ``normal``), named by a checked assertion and not by the added constraint, or by
it too where the definition is one equation (a kept equation fixes the relation from its inputs: ``f.group.members
in f.canRead & Cleared``, helper-44's ``o37_A_c05``). A constraint written beside the definition inside the
candidate's rewrite of it (a case's consequent, a branch of an ``if-then-else``: ``o37_A_c06``, ``c07``) is read by
``case_squeezes``. The Analyzer's question (does the constraint exclude only instances where a checked property
fails) is ``assume._restated``'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.cases import implies_at
from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.text import Paragraph, Token, canonical, fact_span, split_paragraphs, tokens


def _defined(toks: Sequence[Token]) -> str | None:
    """The relation a conjunct defines (``all v: S | v.R = E``, ``all v: S | E = v.R``, ``R = E``, or one case of
    it: ``all v: S | C implies v.R = E``), if it is one."""
    words = [t.text for t in toks]
    if not words:
        return None
    start = 0
    if words[0] == "all":
        bar = next((k for k, t in enumerate(toks) if t.text == "|" and t.depth == toks[0].depth), None)
        if bar is None or bar + 1 >= len(words):
            return None
        start = bar + 1
        case = [k for k in range(start, len(toks)) if toks[k].depth == toks[0].depth and toks[k].text == "implies"]
        if len(case) == 1:
            start = case[0] + 1  # one case of a definition by cases: its consequent
    body = toks[start:]
    if not body:
        return None
    if words[0] == "all" and (r := _pointwise(toks, body)) is not None:
        return r
    eq = [k for k, t in enumerate(body) if t.text == "=" and t.depth == body[0].depth]
    if len(eq) != 1 or any(t.text in ("!", "<", ">", "and", "or", "implies", "iff", "else", "|") for t in body
                           if t.depth == body[0].depth):
        return None
    left, right = [t.text for t in body[: eq[0]]], [t.text for t in body[eq[0] + 1 :]]
    for side, other in ((left, right), (right, left)):
        name = None
        if words[0] == "all" and len(side) == 3 and side[0] == words[1] and side[1] == ".":
            name = side[2]  # v.R, with v the first bound name
        elif words[0] != "all" and len(side) == 1:
            name = side[0]
        if name is not None and name.isidentifier() and name not in other:
            return name
    return None


def _bound(toks: Sequence[Token]) -> set[str]:
    """The names an ``all`` header binds (``all s: Staff, d: Door |``: s, d)."""
    bar = next((k for k, t in enumerate(toks) if t.text == "|" and t.depth == toks[0].depth), len(toks))
    return {toks[k].text for k in range(1, bar) if k + 1 < bar and toks[k + 1].text in (":", ",")
            and toks[k].text.isidentifier()}


def _pointwise(toks: Sequence[Token], body: Sequence[Token]) -> str | None:
    """The relation a pointwise definition defines: ``all x: A, y: B | y in x.R iff E`` or ``x -> y in R iff E``
    (either side), ``E`` not naming ``R`` (helper-44's ``o37_F``: ``d in s.opens iff d.into in s.clearance +
    Lobby``)."""
    at = [k for k, t in enumerate(body) if t.text == "iff" and t.depth == body[0].depth]
    if len(at) != 1 or any(t.text in ("and", "or", "implies", "else", "|", "=>", "&&", "||") for t in body
                           if t.depth == body[0].depth):
        return None
    bound = _bound(toks)
    left, right = [t.text for t in body[: at[0]]], [t.text for t in body[at[0] + 1 :]]
    for side, other in ((left, right), (right, left)):
        name = None
        if len(side) == 5 and side[1] == "in" and side[3] == "." and {side[0], side[2]} <= bound:
            name = side[4]
        elif len(side) == 6 and side[1:3] == ["-", ">"] and side[4] == "in" and {side[0], side[3]} <= bound:
            name = side[5]
        if name is not None and name.isidentifier() and name not in other:
            return name
    return None


def called_by_facts(paras: Sequence[Paragraph], text: str) -> list[Paragraph]:
    """The preds with no parameters a fact calls as a whole conjunct (``fact Access { accessRule }``): their bodies
    are facts too."""
    calls: set[str] = set()
    for p in paras:
        if p.kind == "fact" and p.body_start is not None and p.body_end is not None:
            calls |= {"".join(text[a:b].split()).removesuffix("[]") for a, b in
                      conjunct_spans_in(text, p.body_start, p.body_end)}
    return [p for p in paras if p.kind == "pred" and p.name in calls and p.body_start is not None
            and "[" not in text[p.start : p.body_start]]


def defined_by(conjunct: str) -> str | None:
    """The relation the conjunct defines (an equation, or one case of a definition by cases), if it is one."""
    return _defined(tokens(conjunct))


def _terms(text: str, toks: Sequence[Token], d: int) -> list[str] | None:
    """The canonical terms of a union ``A + B + C`` (its tokens ``toks`` at depth ``d``, of ``text``); None where
    a ``-`` at that depth makes the order matter (``A + B - C`` is ``(A + B) - C``)."""
    cuts, out, lo = [], [], 0
    for k, t in enumerate(toks):
        if t.depth != d:
            continue
        if t.text == "-" and not (k + 1 < len(toks) and toks[k + 1].text == ">" and toks[k + 1].start == t.end):
            return None
        doubled = (k + 1 < len(toks) and toks[k + 1].text == "+" and toks[k + 1].start == t.end) or (
            k > 0 and toks[k - 1].text == "+" and toks[k - 1].end == t.start)  # `++`: an override, not a union
        if t.text == "+" and not doubled:
            cuts.append(k)
    for k in [*cuts, len(toks)]:
        if k == lo:
            return None
        out.append(canonical(text[toks[lo].start : toks[k - 1].end]))
        lo = k + 1
    return sorted(out)


def normal(conjunct: str) -> str:
    """A definition's canonical text with the terms of a union on either side of its equation in one order (the
    author's ``d.owner + d.shared.~groups + E`` written ``E + d.shared.~groups + d.owner``, helper-45's
    ``o38_C_c05``, is the same definition kept); other texts: their canonical text."""
    toks = tokens(conjunct)
    if not toks:
        return canonical(conjunct)
    d = toks[0].depth
    heads = [j for j in range(len(toks)) if toks[j].depth == d and (toks[j].text in ("|", "implies")
                                                                      or implies_at(toks, j))]
    lo = heads[-1] + (2 if heads and toks[heads[-1]].text == "=" else 1) if heads else 0
    eqs = [k for k in range(lo, len(toks)) if toks[k].text == "=" and toks[k].depth == d and not implies_at(toks, k)
           and (toks[k - 1].text not in ("!", "<", ">", "=") or toks[k - 1].end != toks[k].start)]
    if len(eqs) != 1:
        return canonical(conjunct)
    k = eqs[0]
    left, right = _terms(conjunct, toks[lo:k], d), _terms(conjunct, toks[k + 1 :], d)
    if left is None or right is None or lo >= k:
        return canonical(conjunct)
    head = canonical(conjunct[: toks[lo].start]) if lo else ""
    head += " " if head[-1:].isalnum() else ""  # `... implies d.readers`
    return f"{head}{'+'.join(left)}={'+'.join(right)}"


def definitions(text: str, paras: Sequence[Paragraph] | None = None) -> dict[str, set[str]]:
    """Relation name -> the canonical texts of the conjuncts of facts that define it (one, or its cases)."""
    out: dict[str, set[str]] = {}
    paras = paras if paras is not None else split_paragraphs(text)
    called = called_by_facts(paras, text)
    for p in paras:
        # a fact's body, a sig's appended fact (`feed = follows.~author` of each Person: helper-44's o37_B), or the
        # body of a pred a fact calls (`fact Access { accessRule }`, o37_F)
        span = (p.body_start, p.body_end) if p.kind == "fact" or p in called else fact_span(p) if p.kind == "sig" \
            else None
        if span is None or span[0] is None or span[1] is None:
            continue
        for a, b in conjunct_spans_in(text, span[0], span[1]):
            name = _defined(tokens(text[a:b]))
            if name is not None:
                out.setdefault(name, set()).add(normal(text[a:b]))
    return out


def squeezed_through(original: str, candidate: str, piece: str, asserted: Sequence[str]) -> list[str]:
    """The relations the author defines, that the candidate defines word for word the same, that a checked
    assertion (``asserted``: their bodies) names and the added constraint ``piece`` does not: the definitions it
    may squeeze (see the module). [] when there are none."""
    theirs, mine = definitions(original), definitions(candidate)
    named = {t.text for body in asserted for t in tokens(body)}
    said = {t.text for t in tokens(piece)}
    return sorted(r for r, d in theirs.items() if d <= mine.get(r, set()) and r in named and (
        r not in said or _complete(d)))


def _complete(defs: set[str]) -> bool:
    """Is the relation defined by one equation (not by cases, which may leave atoms undefined)? A kept equation
    fixes it from its inputs, so a constraint that names it constrains them (``members in f.canRead & Cleared``
    beside ``f.canRead = f.owner + f.group.members``: helper-44's ``o37_A_c05``)."""
    toks = tokens(next(iter(defs))) if len(defs) == 1 else []
    return bool(toks) and not any(implies_at(toks, k) for k in range(len(toks)))


def _unwrapped(text: str, a: int, b: int) -> tuple[int, int]:
    """``text[a:b]`` without the parentheses or braces around all of it (``(A and B)``, ``{ A  B }``)."""
    toks = tokens(text[a:b])
    while len(toks) > 2 and (toks[0].text, toks[-1].text) in (("(", ")"), ("{", "}")) and all(
            t.depth > toks[0].depth for t in toks[1:-1]):
        a, b = a + toks[1].start, a + toks[-2].end
        toks = tokens(text[a:b])
    return a, b


def _branches(text: str, a: int, b: int) -> tuple[str, list[tuple[int, int]]]:
    """The header (``all f: File |``, or nothing) of the conjunct ``text[a:b]`` and the spans its definition would
    sit in: the consequent of ``C implies B``, both branches of ``C implies B else B2``, or the whole body."""
    toks = tokens(text[a:b])
    start, head = 0, ""
    if toks and toks[0].text == "all":
        bar = next((k for k, t in enumerate(toks) if t.text == "|" and t.depth == toks[0].depth), None)
        if bar is None:
            return "", []
        start, head = bar + 1, text[a : a + toks[bar].end]
    if start >= len(toks):
        return head, []
    d = toks[start].depth
    imp = [k for k in range(start, len(toks)) if toks[k].depth == d and implies_at(toks, k)]
    els = [k for k in range(start, len(toks)) if toks[k].depth == d and toks[k].text == "else"]
    if len(imp) > 1 or len(els) > 1 or els and not imp:
        return head, []
    if not imp:
        return head, [(a + toks[start].start, b)]
    first = imp[0] + (1 if toks[imp[0]].text == "implies" else 2)
    if first >= len(toks) or els and els[0] <= first:
        return head, []
    if not els:
        return head, [(a + toks[first].start, b)]
    return head, [(a + toks[first].start, a + toks[els[0] - 1].end), (a + toks[els[0] + 1].start, b)]


def case_squeezes(original: str, candidate: str, asserted: Sequence[str]) -> list[tuple[str, str]]:
    """Constraints written beside a definition inside the candidate's rewrite of it (a case's consequent or a
    branch of an ``if-then-else``: ``f.level = High implies (f.canRead = f.owner + f.group.members and
    f.group.members in Cleared)``, helper-44's ``o37_A_c06``, ``c07``), for a relation the author defines and a
    checked assertion (``asserted``: their bodies) names: (the constraint, the candidate with it made ``no none``),
    one per conjunct beside the definition that does not name the relation. Each is asked as a squeeze through the
    definition (``assume._restated``): the case's condition still covers the atoms the squeeze is said of."""
    theirs = set(definitions(original))
    named = {t.text for body in asserted for t in tokens(body)}
    wanted = theirs & named
    out: list[tuple[str, str]] = []
    if not wanted:
        return out
    for p in split_paragraphs(candidate):
        span = (p.body_start, p.body_end) if p.kind == "fact" else fact_span(p) if p.kind == "sig" else None
        if span is None or span[0] is None or span[1] is None:
            continue
        for a, b in conjunct_spans_in(candidate, span[0], span[1]):
            head, branches = _branches(candidate, a, b)
            for x, y in branches:
                parts = conjunct_spans_in(candidate, *_unwrapped(candidate, x, y))
                defs = [(c, d) for c, d in parts if _defined(tokens(f"{head} {candidate[c:d]}")) in wanted]
                if len(parts) < 2 or len(defs) != 1:
                    continue
                r = _defined(tokens(f"{head} {candidate[defs[0][0]:defs[0][1]]}"))
                for c, d in parts:
                    if (c, d) != defs[0] and r not in {t.text for t in tokens(candidate[c:d])}:
                        said = " ".join(f"{head} {candidate[c:d]}".split())
                        out.append((said, candidate[:c] + "(no none)" + candidate[d:]))
    return out
