"""The headers a formula lies under (quantifiers, ``let``, set comprehensions, temporal prefixes,
negations, guards), read from tokens, and the readings of an added formula under them (``scope``): the
text to write before it so that it can be asked alone. Every reading is only a proposal: the gate
counts it only where the Analyzer says the candidate implies it (``assume.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.connectives import arrow, iff_len, join, line_cut
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


_COMPARE = {"in", "=", "<", ">"}  # ``a not in b``, ``a != b``, ``a !< b``: a negated comparison, not a negation
_BINARY = {"iff", "else", "until", "releases", "since", "triggered"}  # with and/or/implies/;: end a unary operand


def _unary_end(toks: Sequence[Token], k: int) -> int:
    """The last token of the operand of the unary ``not``/``!`` or temporal prefix at k, as the Analyzer's
    grammar binds it: a quantifier or ``let`` reaches as far right as it can; anything else ends before the
    first connective at its level (``not some X and P`` is ``(not some X) and P``: an outside attack)."""
    n = k + 1
    if n >= len(toks):
        return k
    t = toks[n]
    if t.text in ("not", "!") or t.text in _PREFIX:
        return _unary_end(toks, n)
    d = t.depth
    reach = t.text in _QUANT and _header(toks, n, len(toks)) is not None
    for m in range(n, len(toks)):
        u = toks[m]
        if u.depth < d or u.depth == d and u.text in ")]}":
            return m - 1
        if reach or u.depth > d or m == n:
            continue
        if u.text in _BINARY or join(toks, m)[1] or iff_len(toks, m):
            return m - 1
    return len(toks) - 1


def _negation(toks: Sequence[Token], k: int, i: int) -> bool:
    """Is toks[k] a ``not``/``!`` whose operand holds token i (``not (... P)``, ``!some x | ... P``; not
    ``not some X and P``)? A ``not`` after a name is a negation too unless a comparison follows (a ``not`` at
    the start of a line, or after ``always``, was read as ``a not in b``: outside attacks, 2026-12-05)."""
    if toks[k].text not in ("not", "!") or k + 1 >= len(toks) or toks[k + 1].text in _COMPARE:
        return False
    return k < i <= _unary_end(toks, k)


def _implication(body: str, toks: Sequence[Token], j: int) -> int | None:
    """The ``implies``/``=>`` that the formula ending at token j stands left of (``A and P implies B``), or the
    parenthesized group holding it does (``(A or P) implies B``: an outside attack, 2026-12-05); read right to
    the first connective looser than ``and``, or a line that starts another formula."""
    level = toks[j].depth - (toks[j].text in ")]}") + (toks[j].text in "([{")  # the depth after it
    for m in range(j + 1, len(toks)):
        t = toks[m]
        if t.depth < level:
            return None
        if t.depth == level and t.text in ")]}":
            if t.text != ")":
                return None
            level -= 1  # the group's formula goes on after it
            continue
        if t.depth > level:
            continue
        if line_cut(body, toks, m):
            return None
        if join(toks, m)[0] == "implies":
            return m
        if t.text in ("or", "iff", "else", "|") or join(toks, m)[0] == "or" or iff_len(toks, m):
            return None
    return None


def antecedent(body: str, toks: Sequence[Token], j: int) -> bool:
    """Does the formula ending at token j stand left of an ``implies`` (``_implication``)?"""
    return _implication(body, toks, j) is not None


def _stops(body: str, toks: Sequence[Token], m: int) -> bool:
    """Does a side of a connective looser than ``implies`` end before toks[m] (at its level)?"""
    return line_cut(body, toks, m) or toks[m].text in ("else", ";") or join(toks, m)[0] == "or" or bool(
        iff_len(toks, m))


def consequent(body: str, toks: Sequence[Token], j: int) -> str:
    """The text of the consequent that the formula ending at j implies as an antecedent ("" when none)."""
    m = _implication(body, toks, j)
    if m is None:
        return ""
    n = m + join(toks, m)[1]
    level, end = toks[m].depth, None
    for q in range(n, len(toks)):
        t = toks[q]
        if t.depth < level or t.depth == level and (t.text in ")]}" or q > n and _stops(body, toks, q)):
            break
        end = q
    return body[toks[n].start : toks[end].end] if end is not None else ""


def _iff_other(body: str, toks: Sequence[Token], i: int, j: int) -> str:
    """The other side of the ``iff``/``<=>`` that the formula at tokens i..j is a conjunct of one side of
    ("" when none): ``X and P iff Q`` gives ``Q`` (under ``Q``, P holds: an outside attack, 2026-12-05)."""
    level = toks[i].depth

    def side(a: int, step: int) -> str:
        """The side that starts (step 1) or ends (step -1) at token a."""
        b, m = a, a
        while 0 <= m < len(toks):
            t = toks[m]
            if t.depth < level or t.depth == level and t.text in (")]}" if step > 0 else "([{"):
                break
            if t.depth == level and (t.text == "|" or (_stops(body, toks, m) if step > 0 else
                                                          _stops(body, toks, m + 1) or join(toks, m)[0] == "or")):
                break
            b, m = m, m + step
        lo, hi = sorted((a, b))
        return body[toks[lo].start : toks[hi].end] if lo <= hi else ""

    for m in range(j + 1, len(toks)):
        t = toks[m]
        if t.depth < level or t.depth == level and t.text in ")]}":
            break
        if t.depth > level:
            continue
        if n := iff_len(toks, m):
            return side(m + n, 1) if m + n < len(toks) else ""
        if line_cut(body, toks, m) or t.text in ("or", "else", "|", ";") or join(toks, m)[0] in ("or", "implies"):
            break
    for m in range(i - 1, -1, -1):
        t = toks[m]
        if t.depth < level:
            break
        if t.depth > level:
            continue
        start = m if iff_len(toks, m) else m - 2 if t.text == ">" and iff_len(toks, m - 2) == 3 else -1
        if start >= 0:
            return side(start - 1, -1) if start > 0 else ""
        if line_cut(body, toks, m + 1) or t.text in ("or", "else", "|", ";") or arrow(toks, m) or (
                join(toks, m)[0] == "or"):
            break
    return ""


def scope(body: str, toks: Sequence[Token], i: int, names: set[str], j: int | None = None, odd: bool = False
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
        """The guard between ``inner`` (a segment's start) and ``until``: text up to its last arrow; in the
        ``else`` branch of ``A implies B else C``, ``(not (A)) implies`` (an outside attack, 2026-12-05)."""
        marks = [m for m in range(inner, until) if toks[m].depth == toks[inner].depth
                 and _encloses(toks, m, i, toks[m].depth) and (arrow(toks, m) or toks[m].text == "else")]
        if not marks or inner >= until:
            return ""
        if toks[marks[-1]].text == "else":
            arrows = [m for m in marks if toks[m].text != "else"]
            if not arrows:
                return ""
            first = arrows[-1] - (toks[arrows[-1]].text == ">")
            return f"(not ({body[toks[inner].start : toks[first].start]})) implies" if first > inner else ""
        return body[toks[inner].start : toks[marks[-1]].end]

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
        elif t.text in ("releases", "triggered") and _encloses(toks, k, i, t.depth):
            # ``X releases P``: P holds always where X never does (an outside attack: ``no Proc releases P``)
            heads.append(("always" if t.text == "releases" else "historically", "", None, guard(k)))
            inner = k + 1
        elif _negation(toks, k, i):
            heads.append(("not", "", None, ""))
        k += 1
    keep: list[bool] = []
    for kw, rest, bound, _ in reversed(heads):
        if bound is not None and bound & names:
            if kw not in ("all", "some", "no", "let", "one"):  # under lone / sum: the piece alone is not implied
                return (), False
            names = names | {u.text for u in tokens(rest)}
        keep.insert(0, bound is None or bool(bound & names))
    kept: list[tuple[str, bool, str]] = []  # (text, a prefix, the guards before it)
    pending = ""  # the guards of dropped headers go on to the next kept one
    for (kw, rest, bound, before), ok in zip(heads, keep, strict=True):
        pending = f"{pending} {before}".strip()
        if kw == "not":
            odd = not odd
            continue
        if kw == "one" and odd and ok:
            return (), False  # ``not one x | B`` says nothing of B
        word = "all" if kw == "no" else "some" if kw == "one" else kw  # ``one x | B`` implies ``some x | B``
        word = _FLIP.get(word, word) if odd else word
        if kw == "no":
            odd = not odd
        if ok:
            kept.append((f"{word}{rest}" if rest else word, bound is None, pending))
            pending = ""
    last = f"{pending} {guard(i)}".strip()
    tails = [last]
    if j is not None:
        if cons := consequent(body, toks, j):  # ``(A or P) implies C``: not C implies not P
            tails.append(f"{last} (not ({cons})) implies".strip())
        if other := _iff_other(body, toks, i, j):  # ``X and P iff Q``: Q implies P
            tails.append(f"{last} ({other}) implies".strip())
        if antecedent(body, toks, j):
            odd = not odd
    guarded = any(tails) or any(before for *_, before in kept)
    if not kept and not guarded:
        return (), odd

    def reading(prefixes: bool, guards: bool, tail: str) -> str:
        parts = [f"{before} {text}" if guards and before else text for text, prefix, before in kept
                 if prefixes or not prefix]
        return " ".join(parts + ([tail] if guards and tail else []))

    readings = [reading(True, False, ""), reading(False, False, "")]
    for tail in tails if guarded else ():
        readings += [reading(True, True, tail), reading(False, True, tail)]
    return tuple(dict.fromkeys(r.strip() for r in readings)), odd


_LEVELS = ({";"}, {"or"}, {"iff"}, {"implies", "else"}, {"until", "releases", "since", "triggered"}, {"and"})


def leaves(body: str, toks: Sequence[Token], a: int = 0, b: int | None = None) -> list[tuple[int, int]]:
    """The smallest formulas of toks[a..b] (a formula tree's leaves, as token spans): cut at the loosest
    connective at its level first (``;``, ``or``, ``iff``, ``implies``/``else``, the binary temporal ones,
    ``and`` and juxtaposed lines), a quantifier's or ``let``'s body reaching to the end, prefixes, negations
    and brackets around a formula read through."""
    b = len(toks) - 1 if b is None else b
    if a > b:
        return []
    level = toks[a].depth
    stop = next((m for m in range(a, b + 1) if toks[m].depth == level and toks[m].text in _QUANT
                 and (got := _header(toks, m, b + 1)) is not None and got[1] <= b), b + 1)
    for kinds in _LEVELS:
        cuts: list[tuple[int, int]] = []
        for m in range(a + 1, stop):
            if toks[m].depth != level:
                continue
            word = join(toks, m)
            n = (word[1] if word[0] in kinds else iff_len(toks, m) if "iff" in kinds else 0) or (
                1 if toks[m].text in kinds else 0)
            if n == 0 and "and" in kinds and line_cut(body, toks, m):
                cuts.append((m, 0))
            elif n and not (join(toks, m - 1)[1] == 2 or toks[m - 1].text == "<"):
                cuts.append((m, n))
        if cuts:
            out, start = [], a
            for m, n in cuts:
                out += leaves(body, toks, start, m - 1)
                start = m + n
            return out + leaves(body, toks, start, b)
    p = a
    while p <= b and (toks[p].text in _PREFIX or toks[p].text in ("not", "!")):
        p += 1
    if p == stop:
        got = _header(toks, p, b + 1)
        p = got[1] + (toks[got[1]].text == "|") if got else p
    if p != a:
        return leaves(body, toks, p, b)
    if toks[a].text in "({" and toks[b].text in ")}" and toks[b].depth == level + 1 and all(
            t.depth > level for t in toks[a + 1 : b]):
        return leaves(body, toks, a + 1, b - 1)
    return [(a, b)]


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
