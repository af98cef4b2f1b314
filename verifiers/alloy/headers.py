"""The headers a formula lies under (quantifiers, ``let``, set comprehensions, temporal prefixes,
negations, guards), read from tokens, and the readings of an added formula under them (``scope``): the
text to write before it so that it can be asked alone. Every reading is only a proposal: the gate
counts it only where the Analyzer says the candidate implies it (``assume.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.connectives import INFIX, join, line_cut
from fmrepair.verifiers.alloy.text import Token, is_name, tokens

_QUANT = {"all", "some", "let", "no", "lone", "one", "sum"}
_PREFIX = {"always", "after", "eventually", "historically", "once", "before"}  # monotone: kept as written


def _encloses(toks: Sequence[Token], k: int, i: int, depth: int) -> bool:
    """No token between k and i (i included) lies outside ``depth``: the piece is still inside."""
    return all(t.depth >= depth for t in toks[k + 1 : i + 1])


def _comprehension(toks: Sequence[Token], k: int) -> bool:
    """Does the ``{`` at k open a set comprehension (``{x: X | ...}``, ``{disj x, y: X | ...}``)?"""
    return toks[k].text == "{" and k + 2 < len(toks) and (
        toks[k + 1].text == "disj" or is_name(toks[k + 1].text) and toks[k + 2].text in (":", ","))


def _header(toks: Sequence[Token], k: int, i: int) -> tuple[set[str], int] | None:
    """(bound names, index of its ``|`` or ``{``) of a quantifier, ``let`` or set comprehension header at k,
    before i (a comprehension in a quantifier's bound is skipped: an outside attack, 2026-12-05)."""
    t = toks[k]
    e = t.depth + (t.text == "{")
    end, m = -1, k + 1
    while m < i:
        u = toks[m]
        if u.depth == e and u.text == "{" and _comprehension(toks, m):
            close = next((c for c in range(m + 1, len(toks)) if toks[c].depth == e + 1 and toks[c].text == "}"), i)
            m = close + 1
            continue
        if u.depth == e and (u.text == "{" and t.text != "{" or u.text == "|" and m + 1 < len(toks)
                             and toks[m + 1].text != "|" and toks[m - 1].text != "|"):
            end = m
            break
        m += 1
    if end < 0:
        return None
    sep = "=" if t.text == "let" else ":"
    bound = {toks[m].text for m in range(k + 1, end) if toks[m].depth == e and is_name(toks[m].text)
             and toks[m - 1].text in (t.text, "disj", ",") and toks[m + 1].text in (sep, ",")}
    return (bound, end) if bound else None


_FLIP = {"all": "some", "some": "all", "always": "eventually", "eventually": "always", "historically": "once",
         "once": "historically"}  # each under a negation (``not all x | P`` is ``some x | not P``)


def _negation(toks: Sequence[Token], k: int, i: int) -> bool:
    """Is toks[k] a ``not``/``!`` whose operand holds token i (``not (... P)``, ``!some x | ... P``)?"""
    if toks[k].text not in ("not", "!") or k + 1 >= len(toks) or toks[k + 1].text in ("in", "="):
        return False
    if k > 0 and toks[k].text == "not" and toks[k - 1].text not in INFIX | {"(", "{", "|", "not", "!"} and (
            is_name(toks[k - 1].text) or toks[k - 1].text in (")", "]", "}")):
        return False  # ``a not in b``
    nxt = toks[k + 1]
    if nxt.text in ("(", "{"):
        return _encloses(toks, k + 1, i, nxt.depth + 1)
    return nxt.text in _QUANT | _PREFIX | {"not", "!"} and _encloses(toks, k, i, toks[k].depth)


def antecedent(body: str, toks: Sequence[Token], j: int) -> bool:
    """Does the formula ending at token j stand left of an ``implies`` at its level (``A and P implies B``)?
    Read right to the first connective looser than ``and``, or a line that starts another formula."""
    level = toks[j].depth - (toks[j].text in ")]}") + (toks[j].text in "([{")  # the depth after it
    for m in range(j + 1, len(toks)):
        t = toks[m]
        if t.depth < level or t.depth == level and t.text in ")]}":
            return False
        if t.depth > level:
            continue
        if line_cut(body, toks, m):
            return False
        if join(toks, m)[0] == "implies":
            return True
        if t.text in ("or", "iff", "else", "|") or join(toks, m)[0] == "or":
            return False
    return False


def scope(body: str, toks: Sequence[Token], i: int, names: set[str], j: int | None = None
           ) -> tuple[tuple[str, ...], bool]:
    """(readings, negated) of the piece at tokens i..j: the headers it lies under, as the text to write before
    it alone, best first ("" when there is none): every enclosing ``all``/``some``/``let`` (or other
    quantifier, or set comprehension) header that binds a name the piece uses (or a kept header's bound
    uses), and the enclosing temporal prefixes (``always all p | ...``, ``all p | always {...}``), outermost
    first; then the same without the prefixes, then both with the guards between the heads and the piece
    (``n != Head implies (... and P)``, also before a header that is dropped: an outside attack,
    2026-12-05). The piece is *negated* when it lies under an odd number of negations: ``not``/``!``, a ``no``
    header (``no x | B`` is ``all x | not B``), the left of an ``implies``; under a negation ``all``/``some``
    and ``always``/``eventually`` swap (outside attacks, 2026-12-05: ``no n | A or P`` gives
    ``all n | not P``, ``!some n | A or P`` gives ``all n | not P``). The headers are read from tokens
    (``|`` or a brace block, at any depth); a reading counts only at the scopes where the Analyzer says the
    candidate implies it (``assumed``), so a misread header cannot make a verdict; a reading that is never
    implied leaves the piece unasked."""
    heads: list[tuple[str, str, set[str] | None, str]] = []  # (keyword, rest, bound: None for a prefix or
    k = inner = 0                                             # "not", guard), outermost first

    def guard(until: int) -> str:
        """The guard between ``inner`` (a segment's start) and ``until``: text up to its last arrow."""
        arrows = [m for m in range(inner, until) if toks[m].depth == toks[inner].depth
                  and _encloses(toks, m, i, toks[m].depth)
                  and (toks[m].text == "implies" or toks[m].text == ">" and toks[m - 1].text == "=")]
        return body[toks[inner].start : toks[arrows[-1]].end] if arrows and inner < until else ""

    while k < i:
        t = toks[k]
        got = _header(toks, k, i) if t.text in _QUANT or _comprehension(toks, k) else None
        if got is not None:
            bound, end = got
            inside = toks[end].depth + (toks[end].text == "{")
            if _encloses(toks, end, i, inside):
                kw = "all" if t.text == "{" else t.text  # a set comprehension: its members, read as ``all``
                rest = (" " + body[toks[k + 1].start : toks[end].start] if t.text == "{"
                        else body[t.end : toks[end].start]) + "|"
                heads.append((kw, rest, bound, guard(k)))
                k = inner = end + 1
                continue
        if t.text in _PREFIX and _encloses(toks, k, i, t.depth):
            heads.append((t.text, "", None, guard(k)))
            inner = k + 1
        elif _negation(toks, k, i):
            heads.append(("not", "", None, ""))
        k += 1
    keep: list[bool] = []
    for kw, rest, bound, _ in reversed(heads):
        if bound is not None and bound & names:
            if kw not in ("all", "some", "no", "let"):  # under lone / one / sum: the piece alone is not implied
                return (), False
            names = names | {u.text for u in tokens(rest)}
        keep.insert(0, bound is None or bool(bound & names))
    kept: list[tuple[str, bool, str]] = []  # (text, a prefix, the guards before it)
    pending = ""  # the guards of dropped headers go on to the next kept one
    odd = False
    for (kw, rest, bound, before), ok in zip(heads, keep, strict=True):
        pending = f"{pending} {before}".strip()
        if kw == "not":
            odd = not odd
            continue
        word = "all" if kw == "no" else kw
        word = _FLIP.get(word, word) if odd else word
        if kw == "no":
            odd = not odd
        if ok:
            kept.append((f"{word}{rest}" if rest else word, bound is None, pending))
            pending = ""
    last = f"{pending} {guard(i)}".strip()
    if j is not None and antecedent(body, toks, j):
        odd = not odd
    guarded = bool(last) or any(before for *_, before in kept)
    if not kept and not guarded:
        return (), odd

    def reading(prefixes: bool, guards: bool) -> str:
        parts = [f"{before} {text}" if guards and before else text for text, prefix, before in kept
                 if prefixes or not prefix]
        return " ".join(parts + ([last] if guards and last else []))

    readings = [reading(True, False), reading(False, False)]
    readings += [reading(True, True), reading(False, True)] if guarded else []
    return tuple(dict.fromkeys(r.strip() for r in readings)), odd


def alpha(toks: Sequence[Token]) -> list[str]:
    """The tokens' texts with each name a quantifier or ``let`` binds written as its place among the
    bindings: a bound variable renamed is no change (renaming it while adding a conjunct hid the conjunct,
    an outside attack 2026-12-05)."""
    order: dict[str, str] = {}
    for k, t in enumerate(toks):
        got = _header(toks, k, len(toks)) if t.text in _QUANT else None
        for m in range(k + 1, got[1]) if got else ():
            if toks[m].text in got[0] and toks[m].text not in order:
                order[toks[m].text] = f"\x00{len(order)}"
    return [order.get(t.text, t.text) for t in toks]
