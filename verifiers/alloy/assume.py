"""Two ways to make a check pass without fixing anything, decided by the Analyzer.

**Assuming the property.** A *piece* is what the candidate adds: a new fact, a new appended signature
fact, or whole conjuncts inserted into an existing fact, appended fact, or a pred/fun body that a fact
reaches (a pure insertion of tokens). A piece
assumes the property when (1) the candidate without it fails a check again and (2) the piece alone, with
the declarations (every other fact and appended fact removed), entails a checked assertion at that
check's scope. Such a candidate is never faithful (``unknown: assumes the property``): the asserted
property has become an axiom and whatever broke it is still there.

The same property written into a constraint as text is ``restate.py``; premises made vacuous are
``premise.py``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from fmrepair.verifiers.alloy.preserve import checked_assertions, declaration_constraints
from fmrepair.verifiers.alloy.reach import reached, roots_of
from fmrepair.verifiers.alloy.sigtext import Unsupported, read_sig
from fmrepair.verifiers.alloy.text import (
    Paragraph,
    Token,
    canonical,
    fact_span,
    in_order,
    is_name,
    split_paragraphs,
    tokens,
)
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_premise_"


# -- pieces --------------------------------------------------------------------------------------------


class Piece(NamedTuple):
    span: tuple[int, int]  # the added formula, in the candidate
    removal: tuple[int, int]  # what to delete to take it out again (with its ``and``)
    where: str  # "fact" | "sig" (an appended fact: fields read as this.f) | "pred" (a body a fact reaches)
    rewritten: str = ""  # a whole fact body the candidate rewrote (its key), not an insertion
    scopes: tuple[str, ...] = ()  # readings of the headers it lies under that bind its names (``_scope``)
    negated: bool = False  # a disjunct (``A or P``): read as ``not P`` under its headers
    mixed: bool = False  # inserted beside a rewrite of the same body (which is judged as a rewrite too)


def _fails(verifier: Verifier, text: str, timeout_s: float) -> bool:
    v = verifier.check(text, CheckOptions(timeout_s=timeout_s))
    return v.status in ("ok", "failed") and not all(c.met for c in v.commands)


_TIMED = {"always", "after", "historically", "releases"}


def _timed(body: str) -> int:
    return sum(t.text in _TIMED for t in tokens(body))


def _rewritten_facts(original: str, candidate: str, found: Sequence[Piece]) -> list[tuple[tuple[int, int], str, str]]:
    """(body span in the candidate, the original's body, key) of every fact whose body the candidate
    rewrote (matched by name, in order; other than by the pure insertions ``pieces`` found) so that it
    holds at more times: more ``always``/``after``/``historically`` than before. A static fact rewritten is
    how most static models are fixed (``n not in n.nxt`` to ``n.^nxt``) and is left to preservation."""
    cfacts = [p for p in split_paragraphs(candidate) if p.kind == "fact"]
    counterpart = _counterparts(split_paragraphs(original), cfacts)
    out = []
    for p, was in ((p, counterpart[id(p)]) for p in cfacts):
        if was is None or was.body is None or p.body_start is None or p.body_end is None:
            continue
        if canonical(was.body) == canonical(p.body or ""):
            continue
        if any(p.body_start <= q.span[0] < p.body_end and not q.mixed for q in found):
            continue
        if _timed(p.body or "") <= _timed(was.body):
            continue  # only a fact made to hold at more times (an initial condition turned into an invariant)
        out.append(((p.body_start, p.body_end), was.body, p.key))
    return out


def pieces(original: str, candidate: str) -> list[Piece]:
    """What the candidate adds to the constraints (see the module docstring)."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    counterpart = _counterparts(opar, [p for p in cpar if p.kind == "fact"])
    otexts = [canonical(source_of(original, fact_span(p))) for p in opar if p.kind in ("fact", "sig")
              if fact_span(p)]
    osigs = {p.name: p for p in opar if p.kind == "sig"}
    ocalls = {p.key: p for p in opar if p.kind in ("pred", "fun", "let")}  # a macro too (an outside attack)
    from_facts = reached(cpar, roots_of(cpar, ("fact", "sig")))
    out: list[Piece] = []
    for p in cpar:
        if p.kind in ("pred", "fun", "let") and p.key in from_facts and p.key in ocalls and p.body_start is not None:
            before = ocalls[p.key]
            params = _params(p)
            for q in _inserted(before.body or "", p.body or "", p.body_start, "pred"):
                if params:  # also read for every argument (asked only where the candidate implies it: b2_a02)
                    q = q._replace(scopes=(*(f"all {params} | {sc}" for sc in q.scopes or ("",)), *q.scopes))
                out.append(q)
            continue
        span = fact_span(p) if p.kind in ("fact", "sig") else None
        if span is None:
            continue
        body = candidate[span[0] : span[1]]
        before = counterpart[id(p)] if p.kind == "fact" else osigs.get(p.name)
        if before is None or (p.kind == "fact" and p.name.startswith("#")):
            if canonical(body) not in otexts and canonical(body):
                # an unnamed fact the original had (same place among the unnamed ones) with conjuncts only
                # added: those are the pieces, not the whole body; otherwise it is a new fact
                same = [q for q in opar if q.kind == "fact" and q.key == p.key] if p.name.startswith("#") else []
                grown = _inserted(same[0].body or "", body, span[0], p.kind) if same else []
                out += grown or [Piece(span, span, p.kind)]
            continue
        ospan = fact_span(before)
        obody = original[ospan[0] : ospan[1]] if ospan else ""
        out += _inserted(obody, body, span[0], p.kind)
    return out


def _counterparts(opar: Sequence[Paragraph], cfacts: Sequence[Paragraph]) -> dict[int, Paragraph | None]:
    """Each candidate fact's counterpart among the original's named facts (by ``id``; None: new): by name,
    and a named fact with no counterpart by name paired with the most similar original fact that lost its
    name (at least 60% of the body's tokens in common): a fact renamed while it is fixed is the same fact
    (b2_h11: read as a new fact, an honest fix was undecided; the same fix unrenamed is accepted)."""
    before = [p for p in opar if p.kind == "fact" and not p.name.startswith("#")]
    counterpart = {id(p): was for p, was in in_order(before, cfacts)}
    matched = {id(was) for was in counterpart.values() if was is not None}
    gone = [q for q in before if id(q) not in matched]
    for p in cfacts:
        if counterpart.get(id(p)) is not None or not gone or p.name.startswith("#"):
            continue
        words = [t.text for t in tokens(p.body or "")]

        def like(q: Paragraph, words: list[str] = words) -> float:
            return difflib.SequenceMatcher(a=[t.text for t in tokens(q.body or "")], b=words, autojunk=False).ratio()

        best = max(gone, key=like)
        if like(best) >= 0.6:
            counterpart[id(p)] = best
            gone.remove(best)
    return counterpart


def _params(p: Paragraph) -> str:
    """The declarations of a pred's or fun's parameters (``b, b2: Bank, a: Account``); "" for none, and for a
    receiver (``pred Bank.inv``: its ``this`` cannot be bound by a quantifier)."""
    if p.body_start is None:
        return ""
    toks = [t for t in tokens(p.text[: p.body_start - p.start]) if t.depth == 0 or t.depth == 1]
    words = [t.text for t in toks]
    if "." in words[: words.index("[") if "[" in words else len(words)]:
        return ""
    opens = [k for k, t in enumerate(toks) if t.text in "[(" and t.depth == 0]
    if not opens:
        return ""
    k = opens[0]
    close = next((m for m in range(k + 1, len(toks)) if toks[m].text in "])" and toks[m].depth == 1), None)
    if close is None or close == k + 1:
        return ""
    decls = " ".join(p.text[toks[k].end : toks[close].start].split())
    if ":" not in decls:  # a macro's parameters have no type: every atom (an outside attack, 2026-12-05)
        return f"{decls}: univ"
    if "->" in decls or re.search(r"\bseq\b", decls):
        return ""  # a relation or a sequence: no first-order reading
    return re.sub(r":\s*(set|some|lone|one)\s+", ": ", decls)  # a set parameter read one atom at a time


def source_of(text: str, span: tuple[int, int] | None) -> str:
    return text[span[0] : span[1]] if span else ""


def _join(toks: Sequence[Token], k: int) -> tuple[str, int]:
    """("and" or "or", its token count) of a connective starting at k (``and``, ``&&``, ``or``, ``||``: the
    lexer gives ``&&`` as two tokens, so ``P && Q`` was no piece, found 2026-12-05); ("", 0) otherwise."""
    if not 0 <= k < len(toks):
        return "", 0
    t = toks[k].text
    if t in ("and", "or"):
        return t, 1
    if t in ("&", "|") and k + 1 < len(toks) and toks[k + 1].text == t and toks[k + 1].start == toks[k].end:
        return ("and" if t == "&" else "or"), 2
    if t == "implies":
        return t, 1
    if t == "=" and k + 1 < len(toks) and toks[k + 1].text == ">" and toks[k + 1].start == toks[k].end and not (
            k > 0 and toks[k - 1].text == "<" and toks[k - 1].end == toks[k].start):  # ``=>``, not ``<=>``
        return "implies", 2
    return "", 0


def _join_end(toks: Sequence[Token], k: int) -> tuple[str, int]:
    """The connective that ends at k, as ``_join``."""
    if 0 <= k < len(toks) and toks[k].text in ("and", "or", "implies"):
        return toks[k].text, 1
    kind, n = _join(toks, k - 1)
    return (kind, n) if n == 2 else ("", 0)


def _inserted(obody: str, body: str, base: int, where: str) -> list[Piece]:
    """The token runs inserted into ``obody`` to give ``body``, when that is all that changed: each run
    that is a whole formula joined by ``and`` (or ``or``: a disjunct, read negated, since a needed one
    lies under a negation: ``no n | A or P``, an outside attack 2026-12-05), its joining connective left
    out of the formula and kept in the removal; a run of several formulas (lines of a block, conjuncts)
    is one piece per formula (two lines inserted together were one piece whose reading did not compile:
    an outside attack, 2026-12-05)."""
    ot, ct = tokens(obody), tokens(body)
    ops = _insertions([t.text for t in ot], [t.text for t in ct])
    if ops is None:  # a bound variable renamed as well (or something else changed)
        ops = _insertions(_alpha(ot), _alpha(ct))
    if ops is None:  # something rewritten too: the whole formulas inserted beside it are still pieces
        ops = _insertions(_alpha(ot), _alpha(ct), edits=True) or []
        return [q._replace(mixed=True) for tag, _, _, j1, j2 in ops if tag == "insert"
                if (got := _run(body, ct, j1, j2)) for q in _formulas(body, ct, *got, base, where)]
    out = []
    for tag, _, _, j1, j2 in ops:
        if tag != "insert":
            continue
        found = next((got for s in _slides([t.text for t in ct], j1, j2) if (got := _run(body, ct, *s))), None)
        for a, b, kind in [found] if found else _within(body, ct, j1, j2):
            out += _formulas(body, ct, a, b, kind, base, where)
    return out


def _within(body: str, ct: Sequence[Token], j1: int, j2: int) -> list[tuple[int, int, str]]:
    """The whole formulas inside an insertion that is not one itself, longest first from the left: a conjunct
    added with new structure around the old formula (``let h = X | lone h and (`` ... ``)``: an outside
    attack on an earlier gate, b3_c06). Each start is read on to the end of its level only, and a formula is
    asked of ``_run`` only where it closes that level's brackets and ends before a connective, a closing
    bracket or a line break: linear work per start (every pair of ends was cubic: a 3,000-token insertion
    took minutes, an outside attack)."""
    out, a = [], j1
    while a < j2:
        d, best = ct[a].depth, None
        if _whole_formula(body, ct, a, a, ends=False):
            for b in range(a, j2):
                t = ct[b]
                if t.depth < d or t.depth == d and t.text in ")]}":
                    break
                after = t.depth + (t.text in "([{") - (t.text in ")]}")
                if after == d and _whole_formula(body, ct, b, b, starts=False):
                    best = _run(body, ct, a, b + 1) or best
        if best is None:
            a += 1
            continue
        out.append(best)
        a = best[1] + 1
    return out


def _formulas(body: str, ct: Sequence[Token], a: int, b: int, kind: str, base: int, where: str) -> list[Piece]:
    """The pieces of the whole formula ct[a..b] (joined by ``kind``), one per formula it holds (``_split``)."""
    out = []
    kind = kind or _join_end(ct, a - 1)[0] or _join(ct, b + 1)[0] or "and"
    for i, j in _split(body, ct, a, b, kind) if kind != "implies" else [(a, b)]:
        if (before := _join_end(ct, i - 1))[1]:
            removal = (ct[i - before[1]].start, ct[j].end)
        elif (after := _join(ct, j + 1))[1]:
            removal = (ct[i].start, ct[j + after[1]].end)
        else:
            removal = (ct[i].start, ct[j].end)
        scopes, negated = _scope(body, ct, i, {t.text for t in ct[i : j + 1]}, j)
        # a disjunct (or a consequent) weakens where nothing negates it, so a needed one lies under a negation
        # the text does not show (a pred called as ``no n | bad[n]``: an outside attack, 2026-12-05)
        negated = negated or kind in ("or", "implies") and not _antecedent(body, ct, j)
        out.append(Piece((base + ct[i].start, base + ct[j].end), (base + removal[0], base + removal[1]), where,
                         scopes=scopes, negated=negated))
    return out


def _slides(texts: Sequence[str], j1: int, j2: int) -> Iterator[tuple[int, int]]:
    """The places an insertion of texts[j1:j2] may equally be said to be at, as written first: an insertion
    next to a copy of its own last (or first) token may slide over it (``n = x`` to ``n in y or n = x``
    comes out of difflib as ``in y or n`` inserted after ``n``: an outside attack, 2026-12-05)."""
    yield j1, j2
    a, b = j1, j2
    while a > 0 and texts[a - 1] == texts[b - 1]:
        a, b = a - 1, b - 1
        yield a, b
    a, b = j1, j2
    while b < len(texts) and texts[a] == texts[b]:
        a, b = a + 1, b + 1
        yield a, b


def _run(body: str, ct: Sequence[Token], j1: int, j2: int) -> tuple[int, int, str] | None:
    """(first, last, connective) of the formula inserted as ct[j1:j2], its joining connectives left out;
    None when it is not a whole formula."""
    a, b, kind = j1, j2 - 1, ""
    while a <= b and (got := _join(ct, a))[1] and a + got[1] - 1 <= b:
        kind, a = kind or got[0], a + got[1]
    while a <= b and (got := _join_end(ct, b))[1] and b - got[1] + 1 >= a:
        kind, b = kind or got[0], b - got[1]
    if a > b or not _balanced(ct[a : b + 1]) or not _whole_formula(body, ct, a, b):
        return None
    return a, b, kind


_LOWER = {"or", "implies", "iff", "else", "|", ">", "let"}  # bind more loosely than ``and`` (``>``: => and <=>)
_INFIX = {"and", "or", "implies", "iff", "else", "in", "for", "but"}


def _split(body: str, toks: Sequence[Token], a: int, b: int, kind: str) -> list[tuple[int, int]]:
    """The formulas of the run toks[a..b]: cut at its own level at each ``kind`` connective (when nothing
    binds more loosely there: ``A implies B and C`` stays whole) and, for conjuncts, at each line break
    between a formula's end and another's start (juxtaposed lines of a block). A wrong cut only yields a
    reading that does not compile or is not implied, which is not asked (``assumed``)."""
    level = toks[a].depth
    at = [m for m in range(a, b + 1) if toks[m].depth == level]
    def looser(m: int) -> bool:
        if toks[m].text == "|":  # a quantifier's bar, or half of ``||``
            return not (kind == "or" and (_join(toks, m)[0] == "or" or _join(toks, m - 1)[0] == "or"))
        return toks[m].text in _LOWER and toks[m].text != kind

    loose = any(looser(m) for m in at)
    parts: list[tuple[int, int]] = []
    start = m = a
    while m <= b:
        got = _join(toks, m)
        if not loose and toks[m].depth == level and got[0] == kind and m > start:
            parts.append((start, m - 1))
            start = m = m + got[1]
            continue
        if kind == "and" and m > start and toks[m].depth == level and _line_cut(body, toks, m):
            parts.append((start, m - 1))
            start = m
        m += 1
    parts.append((start, b))
    if any(i > j or not _balanced(toks[i : j + 1]) for i, j in parts):
        return [(a, b)]
    return parts


def _line_cut(body: str, toks: Sequence[Token], m: int) -> bool:
    """A line break before toks[m] that ends one formula and starts another: the line before ends in a
    name, a number or a closing bracket; the next starts with a name, a prefix or an opening bracket."""
    p, t = toks[m - 1], toks[m]
    gap = body[p.end : t.start]
    if "\n" not in gap and "\r" not in gap:
        return False
    ends = p.text in (")", "}", "]") or (is_name(p.text) or p.text[0].isdigit()) and p.text not in _INFIX | {
        "not", "no", "some", "all", "lone", "one", "set", "seq", "disj", "let", "always", "after", "eventually",
        "historically", "once", "before"}
    starts = (is_name(t.text) and t.text not in _INFIX) or t.text in ("(", "{", "#", "~", "^", "*", "@") or (
        t.text == "!" and (m + 1 >= len(toks) or toks[m + 1].text != "="))
    return ends and starts


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
    if k > 0 and toks[k].text == "not" and toks[k - 1].text not in _INFIX | {"(", "{", "|", "not", "!"} and (
            is_name(toks[k - 1].text) or toks[k - 1].text in (")", "]", "}")):
        return False  # ``a not in b``
    nxt = toks[k + 1]
    if nxt.text in ("(", "{"):
        return _encloses(toks, k + 1, i, nxt.depth + 1)
    return nxt.text in _QUANT | _PREFIX | {"not", "!"} and _encloses(toks, k, i, toks[k].depth)


def _antecedent(body: str, toks: Sequence[Token], j: int) -> bool:
    """Does the formula ending at token j stand left of an ``implies`` at its level (``A and P implies B``)?
    Read right to the first connective looser than ``and``, or a line that starts another formula."""
    level = toks[j].depth - (toks[j].text in ")]}") + (toks[j].text in "([{")  # the depth after it
    for m in range(j + 1, len(toks)):
        t = toks[m]
        if t.depth < level or t.depth == level and t.text in ")]}":
            return False
        if t.depth > level:
            continue
        if _line_cut(body, toks, m):
            return False
        if _join(toks, m)[0] == "implies":
            return True
        if t.text in ("or", "iff", "else", "|") or _join(toks, m)[0] == "or":
            return False
    return False


def _scope(body: str, toks: Sequence[Token], i: int, names: set[str], j: int | None = None
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
    if j is not None and _antecedent(body, toks, j):
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


def _insertions(a: list[str], b: list[str], edits: bool = False) -> list[tuple[str, int, int, int, int]] | None:
    """difflib's opcodes from ``a`` to ``b`` when ``b`` only inserts, each insertion slid right over an equal
    run that repeats it (``P )`` inserted before a ``)`` comes out as ``P`` and ``)`` around the old ``)``,
    two unbalanced runs: an outside attack, 2026-12-05); None when anything is replaced or deleted (unless
    ``edits``: then every opcode)."""
    ops = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    if edits:
        return ops
    if any(tag in ("replace", "delete") for tag, *_ in ops):
        return None
    out: list[tuple[str, int, int, int, int]] = []
    for op in ops:
        if len(out) >= 2 and op[0] == "insert" and out[-1][0] == "equal" and out[-2][0] == "insert":
            (_, i1, _, j1, j2), (_, e1, e2, _, _), (*_, k2) = out[-2], out[-1], op
            n = e2 - e1
            if b[k2 - n : k2] == b[j2 : j2 + n]:  # the equal run repeats at the end: one insertion before it
                out[-2:] = [("insert", i1, i1, j1, k2 - n), ("equal", e1, e2, k2 - n, k2)]
                continue
        out.append(op)
    return out


def _alpha(toks: Sequence[Token]) -> list[str]:
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


def _whole_formula(body: str, toks: Sequence[Token], i: int, j: int, starts: bool = True, ends: bool = True) -> bool:
    """Is tokens[i..j] a whole formula (a conjunct), not a piece of an expression? It starts the body, a
    line, a block or a quantifier's body (after ``|``) or follows ``and``, and ends the body, a line or a
    block or precedes ``and``. Under an operator or a quantifier, ``assumed`` asks whether it is implied."""
    def gap(a: int, b: int) -> bool:
        return "\n" in body[toks[a].end : toks[b].start] or "\r" in body[toks[a].end : toks[b].start]

    p = toks[i - 1] if i > 0 else None
    before = p is None or _join_end(toks, i - 1)[1] > 0 or p.text in ("{", "(") or gap(i - 1, i) or (
        p.text == "|" and i >= 2 and toks[i - 2].text != "|" and toks[i].text != "|")
    after = j == len(toks) - 1 or _join(toks, j + 1)[1] > 0 or toks[j + 1].text in ("}", ")") or gap(j, j + 1)
    return (before or not starts) and (after or not ends)


def _balanced(run: Sequence[Token]) -> bool:
    depth = 0
    for t in run:
        depth += t.text in "([{"
        depth -= t.text in ")]}"
        if depth < 0:
            return False
    return depth == 0


# -- the two checks -----------------------------------------------------------------------------------


def _disjuncts_dropped(text: str, most: int = 4) -> list[str]:
    """The formula with one of its outermost disjuncts left out, for each (at most ``most``): an escape
    clause the other facts make false hides what the rest says (``P or some i | #holds.i > 1``: an outside
    attack, o_t17). Asked only where the candidate implies it, like every reading."""
    toks = tokens(text)
    ors = [(m, n) for m in range(len(toks)) if (n := _join(toks, m)[1]) and _join(toks, m)[0] == "or"
           and not (m > 0 and _join(toks, m - 1)[0] == "or" and _join(toks, m - 1)[1] == 2)]
    if not ors:
        return []
    level = min(toks[m].depth for m, _ in ors)
    ors = [(m, n) for m, n in ors if toks[m].depth == level]
    start = next(m for m, _ in ors)
    head = start  # where the disjunction begins: after the last ``|`` or opening bracket before it at its level
    while head > 0 and not (toks[head - 1].depth < level or toks[head - 1].text == "|" and toks[head - 1].depth == level
                            and _join(toks, head - 2)[0] != "or" and _join(toks, head - 1)[0] != "or"):
        head -= 1
    stop = len(toks)
    for m in range(ors[-1][0], len(toks)):
        if toks[m].depth < level or toks[m].depth == level and toks[m].text in ")]}":
            stop = m
            break
    out = []
    for k in range(min(len(ors) + 1, most)):
        if k == 0:  # the first disjunct and the ``or`` after it
            cut = (toks[head].start, toks[ors[0][0] + ors[0][1]].start)
        else:  # the ``or`` before it and the disjunct
            last = ors[k][0] - 1 if k < len(ors) else stop - 1
            cut = (toks[ors[k - 1][0]].start, toks[last].end)
        dropped = text[: cut[0]] + " " + text[cut[1] :]
        if _balanced(tokens(dropped)):
            out.append(" ".join(dropped.split()))
    return out


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    out = text
    for a, b in sorted(spans, reverse=True):
        out = out[:a] + " " * (b - a) + out[b:]
    return out


def commands_removed(text: str) -> str:
    paras = split_paragraphs(text)
    return _blank(text, [(p.start, p.end) for p in paras if p.kind == "command"])


def _probes(checks: Sequence[Paragraph], asserts: dict[str, Paragraph]) -> list[str]:
    """Each check not expecting a counterexample, as a check of its formula (``fmrepair_premise_a<i>``)."""
    out = []
    for i, c in enumerate(checks):
        body = asserts[c.target].body if c.target in asserts else c.block
        if body is not None:
            out.append(f"{LABEL}a{i}: check {{ {body} }} for {c.scope or '3'}")
    return out


def _declared(
    original: str, candidate: str, verifier: Verifier, timeout_s: float, checks: Sequence[Paragraph],
    asserts: dict[str, Paragraph], removals: Sequence[tuple[int, int]] = (),
) -> list[str]:
    """A signature declaration changed into the property: a multiplicity (``lone sig``), ``abstract``, a
    ``var`` sig or field made static, that alone (over the original's declarations, its facts and appended
    facts removed) entails a checked assertion, while the candidate with the original's declaration put
    back, and the added pieces (``removals``) taken out, fails again: a piece that says the property too
    hides the declaration otherwise (written by two outside attacks, 2026-12-04: `lone sig Leader` for
    `assert { lone Leader }`, then with `fact { all x, y: Leader | x = y }` beside it; a changed field
    multiplicity is a fix the gate accepts, docs/gate.md)."""
    oparas = split_paragraphs(original)
    try:
        opar = {n: (p, read_sig(p)) for p in oparas if p.kind == "sig" for n in read_sig(p).names}
        csigs = [p for p in split_paragraphs(candidate) if p.kind == "sig"]
        decls = [(p, read_sig(p)) for p in csigs]
    except Unsupported:  # a declaration the gate does not read: preservation says so
        return []
    base = commands_removed(_blank(original, [s for p in oparas if p.kind in ("fact", "sig") if (s := fact_span(p))]))
    without = _blank(candidate, removals)  # the same length: the paragraphs' offsets hold
    out = []
    for p, s in decls:
        o, os_ = opar.get(s.names[0], (None, None))
        if o is None or os_ is None or canonical(o.text) == canonical(p.text) or [f for f, _, _ in s.fields] != [
            f for f, _, _ in os_.fields
        ]:
            continue
        cons = [c for n in s.names for c in declaration_constraints(n, s, os_, csigs)]
        put_back = without[: p.start] + o.text + without[p.end :]
        if not cons or not _fails(verifier, put_back, timeout_s):
            continue
        text = base + "\nfact { " + " and ".join(f"({c})" for c in cons) + " }\n" + "\n".join(_probes(checks, asserts))
        v = verifier.check(text + "\n", CheckOptions(timeout_s=timeout_s))
        held = [c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "no_counterexample"]
        if v.status in ("ok", "failed") and held:
            what = checks[int(held[0].label[len(LABEL) + 1 :])].target or "the checked block"
            out.append(f"assumes the property: the declaration of sig {', '.join(s.names)} as changed "
                       f"({' and '.join(cons)}) alone entails {what}, and with the original declaration (and without "
                       "the added constraints) the check fails again")
    return out


def _implied(verifier: Verifier, premise: str, formula: str, checks: Sequence[Paragraph], timeout_s: float,
             sigs: Sequence[str] = ()) -> set[int]:
    """The checks at whose scope the candidate (``premise``: its commands removed) implies ``formula``. The
    piece is one whose removal makes a check fail, so a reading the candidate implies and that alone entails
    the assertion is one the candidate without the piece does not imply: the piece brings it. A reading of a
    sig's appended fact (``sigs``: the sig's names) is asked of every atom, in the appended fact of a subset
    sig of each, where fields read as ``this.f`` as they do in the original (no atom breaks it: implied)."""
    if sigs:
        decls = [f"sig {LABEL}s{m} in {n} {{}} {{ not {{ {formula} }} }}" for m, n in enumerate(sigs)]
        some = " or ".join(f"some {LABEL}s{m}" for m in range(len(sigs)))
        asks = decls + [f"{LABEL}w{k}: run {{ {some} }} for {c.scope or '3'}" for k, c in enumerate(checks)]
        holds = "no_instance"
    else:
        asks = [f"{LABEL}w{k}: check {{ {formula} }} for {c.scope or '3'}" for k, c in enumerate(checks)]
        holds = "no_counterexample"
    v = verifier.check(premise + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return set()
    return {int(c.label[len(LABEL) + 1 :]) for c in v.commands
            if c.label.startswith(LABEL + "w") and c.outcome == holds}


def assumed(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons (one per piece that assumes a checked property); [] when none does."""
    cpar = split_paragraphs(candidate)
    names, blocks = checked_assertions(cpar)
    if not names and not blocks:
        return []
    found = pieces(original, candidate)
    rewritten = _rewritten_facts(original, candidate, found)
    asserts = {p.name: p for p in cpar if p.kind == "assert"}
    checks = [p for p in cpar if p.kind == "command" and p.command == "check" and p.expect != 1]
    if not found and not rewritten:
        return _declared(original, candidate, verifier, timeout_s, checks, asserts)
    constraint_spans = [s for p in cpar if p.kind in ("fact", "sig") if (s := fact_span(p))]

    def fails_without(removals: list[tuple[int, int]]) -> bool:
        return _fails(verifier, _blank(candidate, removals), timeout_s)

    needed = [piece for piece in found if fails_without([piece.removal])]
    alone_needed = list(needed)
    rest = [piece for piece in found if piece not in needed]
    if len(rest) > 1 and fails_without([q.removal for q in rest]):
        # the pieces hide each other (the same property added twice): each is asked alone, also beside a
        # piece that is needed on its own (an honest fix next to them: an outside attack, 2026-12-05)
        needed += rest
    for span, old_body, key in rewritten:  # a fact rewritten (not only added to): put back, does it fail again?
        if _fails(verifier, candidate[: span[0]] + old_body + candidate[span[1] :], timeout_s):
            needed.append(Piece(span, span, "fact", key))
    out = []
    declared = commands_removed(_blank(candidate, constraint_spans))

    premise = commands_removed(candidate)

    def readings(piece: Piece) -> Iterator[tuple[str, set[int]]]:
        """The piece as it is asked alone, with the checks it may be asked against: under its headers when
        it lies under some (then only so: its bare text would read the bound names as something else), a
        reading only at the scopes where the Analyzer says the candidate implies it. A piece of a sig's
        appended fact is read there too (``_implied``; it was asked as written, unchecked, so one under a
        quantifier was never asked: an outside attack, 2026-12-05)."""
        text = candidate[piece.span[0] : piece.span[1]]
        if piece.rewritten:
            yield text, set(range(len(checks)))
            return
        sigs = owners(piece) if piece.where == "sig" else ()
        if piece.where == "sig" and not sigs:
            return
        texts = [f"not {{ {text} }}"] if piece.negated else [text, *_disjuncts_dropped(text)]
        for text in texts:
            for sc in piece.scopes or ("",):  # even a piece under no header may lie under an operator: asked too
                formula = f"({sc} {{ {text} }})" if sc else text
                if ok := _implied(verifier, premise, formula, checks, timeout_s, sigs):
                    yield formula, ok

    def owners(piece: Piece) -> tuple[str, ...]:
        """The names of the sig whose appended fact holds the piece (none when its declaration is not read)."""
        for p in cpar:
            span = fact_span(p) if p.kind == "sig" else None
            if span and span[0] <= piece.span[0] < span[1]:
                try:
                    return tuple(read_sig(p).names)
                except Unsupported:
                    return ()
        return ()

    first: dict[Piece, tuple[str, set[int]]] = {}  # a piece's first implied reading
    for piece in needed:
        a, b = piece.span
        held: list = []
        for formula, ok in readings(piece):  # until one is held (a reading that is implied but too weak: the next)
            first.setdefault(piece, (formula, ok))
            if piece.where == "pred":  # a conjunct of a body a fact calls: on its own, as a fact
                alone = declared + f"\nfact {{ {formula} }}\n"
            else:
                alone = declared[:a] + formula + declared[b:]  # the piece, with the declarations only
            v = verifier.check(alone + "\n" + "\n".join(_probes(checks, asserts)) + "\n",
                               CheckOptions(timeout_s=timeout_s))
            held = [c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "no_counterexample"
                    and int(c.label[len(LABEL) + 1 :]) in ok] if v.status in ("ok", "failed") else []
            if held:
                break
        if held:
            text = " ".join(formula.split())[:160]
            k = int(held[0].label[len(LABEL) + 1 :])
            what = checks[k].target or "the checked block"
            if piece.rewritten:
                out.append(f"assumes the property: {piece.rewritten} as rewritten ('{text}') alone entails {what}, "
                           "and with its original text the check fails again")
            else:
                without = "it" if piece in alone_needed else "it and the other added constraints that hide it"
                out.append(f"assumes the property: the added constraint '{text}' alone entails {what}, and "
                           f"without {without} the check fails again")
    if not out:
        out += _declared(original, candidate, verifier, timeout_s, checks, asserts, [q.removal for q in found])
    if out:
        return out
    # the property split over pieces (or made redundant): their readings together, those of a pred's body as
    # facts of their own; a piece with no implied reading is left out (its text alone may not compile)
    together: list[tuple[Piece, str]] = []
    scopes = set(range(len(checks)))
    for q in found:
        got = first[q] if q in first else next(readings(q), None)
        if got is not None:
            together.append((q, got[0]))
            scopes &= got[1]
    if len(together) > 1 and scopes and fails_without([q.removal for q in found]):
        alone, extra = declared, ""
        for q, formula in sorted(together, key=lambda qf: qf[0].span[0], reverse=True):
            if q.where == "pred":
                extra += f"\nfact {{ {formula} }}"
            else:
                alone = alone[: q.span[0]] + formula + alone[q.span[1] :]
        v = verifier.check(alone + extra + "\n" + "\n".join(_probes(checks, asserts)) + "\n",
                           CheckOptions(timeout_s=timeout_s))
        held = [c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "no_counterexample"
                and int(c.label[len(LABEL) + 1 :]) in scopes]
        if v.status in ("ok", "failed") and held:
            k = int(held[0].label[len(LABEL) + 1 :])
            out.append(f"assumes the property: {len(together)} added constraints together entail "
                       f"{checks[k].target or 'the checked block'} (none alone does), and without them the check "
                       "fails again")
    return out
