"""Connectives and whole formulas in Alloy text, read from tokens as the Analyzer's grammar binds them
(``and``/``&&`` tighter than ``implies``/``=>``, tighter than ``iff``/``<=>``, tighter than ``or``/``||``;
quantifier bodies and ``let`` reach as far right as they can; juxtaposed lines of a block are
conjuncts). Used to find what a candidate adds (``pieces.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.text import Token, is_name, tokens


def join(toks: Sequence[Token], k: int) -> tuple[str, int]:
    """("and" or "or", its token count) of a connective starting at k (``and``, ``&&``, ``or``, ``||``: the
    lexer gives ``&&`` as two tokens, so ``P && Q`` was no piece, found 2026-12-05); ("", 0) otherwise."""
    if not 0 <= k < len(toks):
        return "", 0
    t = toks[k].text
    if t in ("and", "or"):
        return t, 1
    if t == ";":  # Alloy 6's sequence: ``A ; B`` is ``A and after B`` (A is a conjunct: an outside attack)
        return "and", 1
    if t in ("&", "|") and k + 1 < len(toks) and toks[k + 1].text == t and toks[k + 1].start == toks[k].end:
        return ("and" if t == "&" else "or"), 2
    if t == "implies":
        return t, 1
    if t == "=" and k + 1 < len(toks) and toks[k + 1].text == ">" and toks[k + 1].start == toks[k].end and not (
            k > 0 and toks[k - 1].text == "<" and toks[k - 1].end == toks[k].start):  # ``=>``, not ``<=>``
        return "implies", 2
    return "", 0


def join_end(toks: Sequence[Token], k: int) -> tuple[str, int]:
    """The connective that ends at k, as ``join``."""
    if 0 <= k < len(toks) and toks[k].text in ("and", "or", "implies", ";"):
        return ("and" if toks[k].text == ";" else toks[k].text), 1
    kind, n = join(toks, k - 1)
    return (kind, n) if n == 2 else ("", 0)


def iff_len(toks: Sequence[Token], k: int) -> int:
    """The token count of an ``iff`` or ``<=>`` starting at k (0: none)."""
    if not 0 <= k < len(toks):
        return 0
    if toks[k].text == "iff":
        return 1
    if k + 2 < len(toks) and [t.text for t in toks[k : k + 3]] == ["<", "=", ">"] and (
            toks[k + 1].start == toks[k].end and toks[k + 2].start == toks[k + 1].end):
        return 3
    return 0


def arrow(toks: Sequence[Token], m: int) -> bool:
    """Is toks[m] an ``implies``, or the ``>`` of ``=>`` (not of ``<=>``)?"""
    return toks[m].text == "implies" or toks[m].text == ">" and m > 0 and join(toks, m - 1)[0] == "implies"


LOWER = {"or", "implies", "iff", "else", "|", ">", "let"}  # bind more loosely than ``and`` (``>``: => and <=>)
INFIX = {"and", "or", "implies", "iff", "else", "in", "for", "but", "until", "releases", "since", "triggered"}


def split_formulas(body: str, toks: Sequence[Token], a: int, b: int, kind: str) -> list[tuple[int, int]]:
    """The formulas of the run toks[a..b]: cut at its own level at each ``kind`` connective (when nothing
    binds more loosely there: ``A implies B and C`` stays whole) and, for conjuncts, at each line break
    between a formula's end and another's start (juxtaposed lines of a block). A wrong cut only yields a
    reading that does not compile or is not implied, which is not asked (``assumed``)."""
    level = toks[a].depth
    at = [m for m in range(a, b + 1) if toks[m].depth == level]
    def looser(m: int) -> bool:
        if toks[m].text == "|":  # a quantifier's bar, or half of ``||``
            return not (kind == "or" and (join(toks, m)[0] == "or" or join(toks, m - 1)[0] == "or"))
        if toks[m].text == ">":  # ``=>`` and ``<=>``; not the ``>`` of ``->`` or ``>=`` (a body with an arrow was
            # never cut at its ``and``s: a frame condition weakened and joined to another line by ``and`` was
            # never put back alone, helper-32's clinic_c_waiting_frame_weak)
            return m > 0 and toks[m - 1].text == "=" and toks[m - 1].end == toks[m].start
        return toks[m].text in LOWER and toks[m].text != kind

    loose = any(looser(m) for m in at)
    parts: list[tuple[int, int]] = []
    start = m = a
    while m <= b:
        got = join(toks, m)
        if not loose and toks[m].depth == level and got[0] == kind and m > start:
            parts.append((start, m - 1))
            start = m = m + got[1]
            continue
        if kind == "and" and m > start and toks[m].depth == level and line_cut(body, toks, m):
            parts.append((start, m - 1))
            start = m
        m += 1
    parts.append((start, b))
    if any(i > j or not balanced(toks[i : j + 1]) for i, j in parts):
        return [(a, b)]
    return parts


def conjunct_spans(body: str) -> list[tuple[int, int]]:
    """Character spans of ``body``'s top-level conjuncts (``and``, or formulas on lines of their own)."""
    toks = tokens(body)
    if not toks:
        return []
    return [(toks[i].start, toks[j].end) for i, j in split_formulas(body, toks, 0, len(toks) - 1, "and")]


def conjunct_spans_in(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """Spans of the top-level conjuncts of ``text[a:b]`` (`_conjuncts`'s reading: a body that is one ``all``
    quantifier, or one braced block, gives those of its formula)."""
    body = text[a:b]
    toks = tokens(body)
    if not toks:
        return []
    parts = [(a + x, a + y) for x, y in conjunct_spans(body)]
    if len(parts) == 1:
        inner: tuple[int, int] | None = None
        if toks[0].text == "{" and toks[-1].text == "}" and toks[-1].depth == toks[0].depth and len(toks) > 2:
            inner = (a + toks[1].start, a + toks[-2].end)
        elif toks[0].text == "all":
            bar = next((k for k, t in enumerate(toks) if t.text == "|" and t.depth == toks[0].depth), None)
            if bar is not None and bar + 1 < len(toks):
                inner = (a + toks[bar + 1].start, a + toks[-1].end)
        if inner is not None and len(got := conjunct_spans_in(text, *inner)) > 1:
            return got
    return parts


def line_cut(body: str, toks: Sequence[Token], m: int) -> bool:
    """Whitespace before toks[m] that ends one formula and starts another (formulas juxtaposed in a block, on
    lines of their own or on one line: ``{ p in Waiting  Critical' = Critical + p }`` is two conjuncts to the
    Analyzer; one line was read as one conjunct until helper-34, 2026-12-06): the token before ends in a name, a
    number, a prime or a closing bracket; the next starts with a name, a number (a line starting with one was
    read as the formula before's continuation: an outside attack), a prefix or an opening bracket; neither is a
    keyword that joins (``until``, ``not in``, ``!in``, ``int x``)."""
    p, t = toks[m - 1], toks[m]
    if not body[p.end : t.start]:
        return False
    ends = p.text in (")", "}", "]", "'") or (is_name(p.text) or p.text[0].isdigit()) and p.text not in INFIX | {
        "not", "no", "some", "all", "lone", "one", "set", "seq", "disj", "let", "always", "after", "eventually",
        "historically", "once", "before", "int", "sum"}
    nxt = toks[m + 1].text if m + 1 < len(toks) else ""
    if t.text in ("lone", "one", "some", "set", "seq") and nxt == "-":
        return False  # an arrow's multiplicity (`Member lone -> Book`), not a formula (helper-56's o46_A_c05)
    starts = (is_name(t.text) and t.text not in INFIX and not (t.text == "not" and nxt in ("in", "="))) or (
        t.text[0].isdigit() or t.text in ("(", "{", "#", "~", "^", "*", "@")) or (t.text == "!" and nxt not in (
            "=", "in"))
    return ends and starts


def whole_formula(body: str, toks: Sequence[Token], i: int, j: int, starts: bool = True, ends: bool = True) -> bool:
    """Is tokens[i..j] a whole formula (a conjunct), not a piece of an expression? It starts the body, a
    line, a block or a quantifier's body (after ``|``) or follows ``and``, and ends the body, a line or a
    block or precedes ``and``. Under an operator or a quantifier, ``assumed`` asks whether it is implied."""
    def gap(a: int, b: int) -> bool:  # formulas juxtaposed, on lines of their own or on one line (helper-35)
        return "\n" in body[toks[a].end : toks[b].start] or "\r" in body[toks[a].end : toks[b].start] or (
            line_cut(body, toks, b))

    p = toks[i - 1] if i > 0 else None
    before = p is None or join_end(toks, i - 1)[1] > 0 or p.text in ("{", "(", "iff", "else") or gap(i - 1, i) or (
        p.text == "|" and i >= 2 and toks[i - 2].text != "|" and toks[i].text != "|") or (
        p.text == ">" and iff_len(toks, i - 3) == 3)
    after = j == len(toks) - 1 or join(toks, j + 1)[1] > 0 or toks[j + 1].text in ("}", ")", "iff", "else") or gap(
        j, j + 1) or iff_len(toks, j + 1) > 0  # a side of ``iff`` too (an outside attack, 2026-12-05)
    return (before or not starts) and (after or not ends)


def balanced(run: Sequence[Token]) -> bool:
    depth = 0
    for t in run:
        depth += t.text in "([{"
        depth -= t.text in ")]}"
        if depth < 0:
            return False
    return depth == 0


def disjuncts_dropped(text: str, most: int = 4) -> list[str]:
    """The formula with one of its outermost disjuncts left out, for each (at most ``most``): an escape
    clause the other facts make false hides what the rest says (``P or some i | #holds.i > 1``: an outside
    attack, o_t17). Asked only where the candidate implies it, like every reading."""
    toks = tokens(text)
    ors = [(m, n) for m in range(len(toks)) if (n := join(toks, m)[1]) and join(toks, m)[0] == "or"
           and not (m > 0 and join(toks, m - 1)[0] == "or" and join(toks, m - 1)[1] == 2)]
    if not ors:
        return []
    level = min(toks[m].depth for m, _ in ors)
    ors = [(m, n) for m, n in ors if toks[m].depth == level]
    start = next(m for m, _ in ors)
    head = start  # where the disjunction begins: after the last ``|`` or opening bracket before it at its level
    while head > 0 and not (toks[head - 1].depth < level or toks[head - 1].text == "|" and toks[head - 1].depth == level
                            and join(toks, head - 2)[0] != "or" and join(toks, head - 1)[0] != "or"):
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
        if balanced(tokens(dropped)):
            out.append(" ".join(dropped.split()))
    return out


def _closes(toks: Sequence[Token], k: int) -> int:
    """The index of the bracket that closes the one at k (-1: none)."""
    bal = 0
    for j in range(k, len(toks)):
        bal += toks[j].text in "([{"
        bal -= toks[j].text in ")]}"
        if bal == 0:
            return j
    return -1


def _around(toks: Sequence[Token], m: int, n: int) -> tuple[int, int]:
    """The formula around the connective toks[m : m + n]: from after the last ``|`` or unmatched opening bracket
    before it, to before the first unmatched closing bracket after it (token indexes, the end exclusive)."""
    head, bal = m, 0
    while head > 0:
        t = toks[head - 1].text
        if t in ")]}":
            bal += 1
        elif t in "([{":
            if bal == 0:
                break
            bal -= 1
        elif t == "|" and bal == 0 and join(toks, head - 2)[0] != "or" and join(toks, head - 1)[0] != "or":
            break
        head -= 1
    stop, bal = len(toks), 0
    for k in range(m + n, len(toks)):
        if toks[k].text in "([{":
            bal += 1
        elif toks[k].text in ")]}":
            if bal == 0:
                stop = k
                break
            bal -= 1
    return head, stop


def consequents_dropped(text: str) -> list[str]:
    """Readings of ``text`` with a part the other facts may decide left out: ``A implies B`` (also with ``else``)
    read as ``not (A)``; ``A iff B`` as ``not (A)`` and as ``not (B)``; ``no x | A and B``, ``not some x | A and B``
    and ``not (A and B)`` with one conjunct left out (the outermost one, under its quantifiers and brackets). The
    counterpart of `disjuncts_dropped` for a consequent, a side or a negated conjunct that the other facts make
    false or true (``e in e.^boss implies e.boss.dept != e.dept`` beside a fact that a boss shares the department:
    acyclicity assumed; helper-34 and helper-35, 2026-12-06). Asked only where the candidate implies it, like
    every reading."""
    toks = tokens(text)
    out: list[str] = []

    def keep(dropped: str) -> None:
        if balanced(tokens(dropped)):
            out.append(" ".join(dropped.split()))

    arrows = [(m, n) for m in range(len(toks)) if (n := join(toks, m)[1] if join(toks, m)[0] == "implies"
                                                       else iff_len(toks, m))]
    if arrows:
        level = min(toks[m].depth for m, _ in arrows)
        m, n = next((m, n) for m, n in arrows if toks[m].depth == level)
        head, stop = _around(toks, m, n)
        iff = join(toks, m)[0] != "implies"
        looser = any(toks[k].depth == level and (toks[k].text == "let" or join(toks, k)[0] == "or"
                     or (iff_len(toks, k) and k != m) or toks[k].text == "else" and (iff or k < m))
                     for k in range(head, stop))
        if head < m and m + n < stop and not looser:
            a, b, c = toks[head].start, toks[m - 1].end, toks[stop - 1].end
            keep(f"{text[:a]}not ({text[a:b]}){text[c:]}")
            if iff:
                keep(f"{text[:a]}not ({text[toks[m + n].start : c]}){text[c:]}")
    # a negated conjunction: ``no x | ...``, ``not some x | ...``, ``not (...)``, ``!(...)`` over the rest
    k = 0
    while k < len(toks) and toks[k].text in ("not", "!") and k + 1 < len(toks) and toks[k + 1].text != "=":
        k += 1
    if k < len(toks) and (toks[k].text == "no" or k > 0 and toks[k].text == "some"):
        bar = next((j for j in range(k, len(toks)) if toks[j].text == "|" and toks[j].depth == toks[k].depth
                    and join(toks, j)[0] != "or" and join(toks, j - 1)[0] != "or"), None)
        inner = (toks[bar + 1].start, len(text)) if bar is not None and bar + 1 < len(toks) else None
    elif 0 < k < len(toks) and toks[k].text == "(" and _closes(toks, k) == len(toks) - 1:
        inner = (toks[k].end, toks[-1].start)
    else:
        inner = None
    if inner is not None:
        body = text[inner[0] : inner[1]]
        spans = conjunct_spans(body)
        if 1 < len(spans) <= 4:
            for i in range(len(spans)):
                kept = " and ".join(f"({body[a:b]})" for j, (a, b) in enumerate(spans) if j != i)
                keep(f"{text[: inner[0]]}{kept}{text[inner[1] :]}")
    return out
