"""Assuming the property in so many words: a constraint the candidate changed (a fact, an appended sig
fact, a pred, fun or ``let`` a fact reaches) that now holds a checked assertion's formula, or what is left
of it under its leading ``always``, ``all x |`` and braces, as mostly new text. Read one way: operators
spelled one way, the assertion's bound variables up to renaming, ``@f`` as ``f``, whole formulas only.
The entailment test for added constraints is ``assume.py``.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from fmrepair.verifiers.alloy.preserve import checked_assertions
from fmrepair.verifiers.alloy.reach import reached, roots_of
from fmrepair.verifiers.alloy.text import canonical, closing_bracket, in_order, split_paragraphs, tokens

_SAME = {"=>": "implies", "&&": "and", "||": "or", "<=>": "iff"}  # one word per operator
_ENDS = {"and", "or", "implies", "iff", "else", "}", ")", "|"}  # what may follow a whole formula
_STARTS = {"and", "or", "implies", "iff", "else", "{", "(", "|", "not", "always", "after", "eventually"}


def _words_and_breaks(text: str) -> tuple[list[str], set[int]]:
    """The words of a text with each operator spelled one way (``=>`` is ``implies``, ``!`` before
    anything but ``=`` is ``not``, ``&&`` ``and``, ``||`` ``or``, ``<=>`` ``iff``), and the indices of the
    words that start a line."""
    toks = tokens(text)
    words: list[str] = []
    breaks: set[int] = set()
    i = 0
    while i < len(toks):
        if i and any(c in "\r\n" for c in text[toks[i - 1].end : toks[i].start]):
            breaks.add(len(words))
        glued = toks[i].text
        j = i + 1
        while j < len(toks) and toks[j].start == toks[j - 1].end and glued + toks[j].text in ("=>", "<=", "<=>",
                                                                                              "&&", "||"):
            glued += toks[j].text
            j += 1
        if glued == "<=":  # less-or-equal, not the start of <=>
            glued, j = "<", i + 1
        if glued == "!" and not (j < len(toks) and toks[j].text == "=" and toks[j].start == toks[i].end):
            glued = "not"
        if glued != "@":  # @f is the field f
            words.append(_SAME.get(glued, glued))
        i = j
    return words, breaks


def _words(text: str) -> list[str]:
    return _words_and_breaks(text)[0]


def cores(body: str) -> list[tuple[list[str], bool]]:
    """(the words of an assertion body, or of what is left of it after each leading ``always``, ``all
    decls |`` and pair of braces is taken off (at least three words each), whether an ``always`` was
    taken off on the way)."""
    out: list[tuple[list[str], bool]] = []
    text, timed = body, False
    while True:
        toks = tokens(text)
        if len(toks) < 3:
            return out
        words = _words(text)
        if all(words != w for w, _ in out):
            out.append((words, timed))
        first = toks[0].text
        if first in ("{", "(") and closing_bracket(toks, 0) == len(toks) - 1:
            text = text[toks[0].end : toks[-1].start]
        elif first in ("always", "historically"):
            text, timed = text[toks[0].end :], True
        elif first == "all" and any(t.text == "|" and t.depth == toks[0].depth for t in toks):
            bar = next(t for t in toks if t.text == "|" and t.depth == toks[0].depth)
            text = text[bar.end :]
        else:
            return out


_BINDERS = {"all", "some", "no", "one", "lone", "let", "sum", "disj"}


def _bound(text: str) -> set[str]:
    """The names a formula binds (``all x, y: T``, ``let x = e``, ``some disj a, b: T``)."""
    words = _words(text)
    out: set[str] = set()
    for i, w in enumerate(words):
        if w not in _BINDERS:
            continue
        j, names = i + 1, set()
        while j < len(words) and (words[j] in (",", "disj") or words[j][:1].isalpha() or words[j][:1] == "_"):
            names.add(words[j])
            j += 1
        if j < len(words) and words[j] in (":", "=", "|"):  # a declaration, not ``no A & B`` (an outside attack)
            out |= names - {",", "disj"}
    return out


def _same(window: Sequence[str], core: Sequence[str], bound: set[str]) -> bool:
    """Equal word for word, up to a one-to-one renaming of the names the assertion binds (``n`` may be
    ``m`` or ``this`` in the candidate) and ``@`` before a field."""
    if len(window) != len(core):
        return False
    there: dict[str, str] = {}
    back: dict[str, str] = {}
    for w, c in zip(window, core, strict=True):
        if c in bound:
            if not (w[:1].isalpha() or w[:1] == "_") or there.setdefault(c, w) != w or back.setdefault(w, c) != c:
                return False
        elif w != c:
            return False
    return True


def _whole(words: Sequence[str], i: int, j: int, breaks: set[int]) -> bool:
    """Is words[i:j] a whole formula where it stands (not the start of ``lone h + p``)?"""
    return (i == 0 or words[i - 1] in _STARTS or i in breaks) and (j == len(words) or words[j] in _ENDS or j in breaks)


def _moved(words: Sequence[str], k: int, breaks: set[int], old: Sequence[str]) -> bool:
    """Is the line holding words[k] one the original paragraph has word for word (a conjunct moved, not written
    in: the diff's alignment keeps only one order, so a line moved below another read as new text, helper-32's
    kennel_h_reordered)?"""
    a = max((b for b in breaks if b <= k), default=0)
    b = min((b for b in breaks if b > k), default=len(words))
    line = list(words[a:b])
    return bool(line) and any(list(old[i : i + len(line)]) == line for i in range(len(old) - len(line) + 1))


def _defined(words: Sequence[str]) -> set[str]:
    """The fields the author's paragraph defines: a name just before ``=`` (``s.reads = s.team.docs``)."""
    return {words[i - 1] for i, w in enumerate(words) if w == "=" and i and words[i - 1][:1].isalpha()}


def _depths(words: Sequence[str]) -> list[int]:
    out, d = [], 0
    for w in words:
        d -= w in (")", "}", "]")
        out.append(d)
        d += w in ("(", "{", "[")
    return out


def _filters(words: Sequence[str], k: int, n: int, fields: set[str]) -> bool:
    """Is words[k:k+n] (the property's formula) the filter of a definition of a field the author's paragraph
    defined: the whole body of a comprehension it is set to (``s.reads = {o: s.team.docs | lte[...]}``), or the
    right side of ``iff`` after ``x in s.f`` (a conjunct of it in brackets: ``o in s.reads iff (o in s.team.docs
    and lte[...])``)? Such a fix defines the relation as the property requires, which is what the fault lacked
    (helper-40's o33_D_h01, h04); the property added beside the definition (``s.reads = s.team.docs and
    lte[...]``) or around it is still read as written in."""
    if not fields:
        return False
    depth = _depths(words)
    d, end = depth[k], k + n
    closes = end < len(words) and words[end] in (")", "}") and depth[end] == d - 1
    opener = max((i for i in range(k) if depth[i] == d - 1 and words[i] in ("(", "{")), default=None)
    if closes and opener is not None and words[opener] == "{":  # a comprehension's body, whole
        bar = [i for i in range(opener + 1, k) if words[i] == "|" and depth[i] == d]
        return (bool(bar) and bar[-1] == k - 1 and opener >= 2 and words[opener - 1] == "="
                and words[opener - 2] in fields)
    if k and words[k - 1] == "iff" and (end == len(words) or words[end] in (")", "}") and depth[end] == d - 1):
        return k >= 2 and words[k - 2] in fields
    if closes and opener is not None and words[opener] == "(" and opener and words[opener - 1] == "iff":
        inside = [words[i] for i in range(opener + 1, end) if depth[i] == d and not k <= i < end]
        return (k - 1 > opener and words[k - 1] == "and" and not any(w in ("or", "implies", "iff", "else")
                                                                       for w in inside)
                and opener >= 2 and words[opener - 2] in fields)
    return False


def restated(original: str, candidate: str) -> list[str]:
    """Constraints the candidate changed (facts, appended facts, preds and funs a fact reaches) into which
    it wrote a checked assertion's formula, or what is left of it under its leading ``always`` and ``all``
    quantifiers, token for token: the property written in as an axiom. The formula must be mostly new
    tokens (inserted or rewritten), so a fix that changes a constant and thereby reads like the property
    (``#m.loans <= 3`` to ``<= 2``) is not counted; whether such a fix assumes the property is left to
    the entailment test (``assumed``)."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    asserts = {p.name: p for p in cpar if p.kind == "assert"}
    names, blocks = checked_assertions(cpar)
    wanted = [(n, c) for n in names if n in asserts for c in cores(asserts[n].body or "")]
    wanted += [("the checked block", c) for b in blocks for c in cores(b)]
    bound = set().union(*(_bound(asserts[n].body or "") for n in names if n in asserts), *map(_bound, blocks))
    if not wanted:
        return []
    from_facts = reached(cpar, roots_of(cpar, ("fact", "sig")))
    out = []
    for p, was in in_order(opar, cpar):
        if p.kind not in ("fact", "sig") and not (p.kind in ("pred", "fun", "let") and p.key in from_facts):
            continue
        mine, lines = _words_and_breaks(p.text)
        old = _words(was.text) if was is not None else []
        if mine == old:
            continue
        kept = set()
        for blk in difflib.SequenceMatcher(a=old, b=mine, autojunk=False).get_matching_blocks():
            kept.update(range(blk.b, blk.b + blk.size))
        for what, (core, timed) in wanted:
            hit = next((k for k in range(len(mine) - len(core) + 1) if _same(mine[k : k + len(core)], core, bound)
                        and 2 * sum(j not in kept for j in range(k, k + len(core))) >= len(core)
                        and _whole(mine, k, k + len(core), lines)
                        and (not timed or any(w in ("always", "after") for w in mine[:k]))
                        and not _moved(mine, k, lines, old)), None)
            if hit is not None and _filters(mine, hit, len(core), _defined(old)):
                continue  # the relation the author defined, now defined by a filter that is the property
            if hit is not None:
                text = canonical(" ".join(core))[:120]
                out.append(f"assumes the property: {p.key} now contains the formula of {what} ('{text}'), "
                           "written in as new text: an axiom where a fix was due")
                break
    return out
