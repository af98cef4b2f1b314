"""Relations the author's facts define, and a constraint that squeezes their inputs instead of fixing them.

A static model often defines a relation from others: ``all f: File | f.canRead = f.owner + f.group.~memberOf``.
Where the definition is wrong (a group member reads a secret file), a candidate can leave it as it is and add a
fact on its inputs that makes the wrong definition meet the property: high files' groups hold cleared users
only; every class redeclares its grandparent's methods (helper-40's ``o33_D_*``, helper-41's ``o34_D_*``,
helper-42's ``o35_D_*``). Such a fact is the property said through the definition: it holds in every good
instance of the author's file, and beside the definition it entails the property. Read here, as text: the
relations a fact of the author's defines by an equation (``x.R = E`` under an ``all``, or ``R = E``, where ``E``
does not name ``R``; in a fact or a sig's appended fact: helper-44's ``o37_B``), or by cases (``all x: S | C
implies x.R = E``, helper-43's ``o36_D``, ``o36_G``), that the candidate keeps word for word, named by a checked
assertion and not by the added constraint. The Analyzer's question (does the constraint exclude only instances
where a checked property fails) is ``assume._restated``'s.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def defined_by(conjunct: str) -> str | None:
    """The relation the conjunct defines (an equation, or one case of a definition by cases), if it is one."""
    return _defined(tokens(conjunct))


def definitions(text: str, paras: Sequence[Paragraph] | None = None) -> dict[str, set[str]]:
    """Relation name -> the canonical texts of the conjuncts of facts that define it (one, or its cases)."""
    out: dict[str, set[str]] = {}
    for p in paras if paras is not None else split_paragraphs(text):
        # a fact's body, or a sig's appended fact (`feed = follows.~author` of each Person: helper-44's o37_B)
        span = (p.body_start, p.body_end) if p.kind == "fact" else fact_span(p) if p.kind == "sig" else None
        if span is None or span[0] is None or span[1] is None:
            continue
        for a, b in conjunct_spans_in(text, span[0], span[1]):
            name = _defined(tokens(text[a:b]))
            if name is not None:
                out.setdefault(name, set()).add(canonical(text[a:b]))
    return out


def squeezed_through(original: str, candidate: str, piece: str, asserted: Sequence[str]) -> list[str]:
    """The relations the author defines, that the candidate defines word for word the same, that a checked
    assertion (``asserted``: their bodies) names and the added constraint ``piece`` does not: the definitions it
    may squeeze (see the module). [] when there are none."""
    theirs, mine = definitions(original), definitions(candidate)
    named = {t.text for body in asserted for t in tokens(body)}
    said = {t.text for t in tokens(piece)}
    return sorted(r for r, d in theirs.items() if d <= mine.get(r, set()) and r in named and r not in said)
