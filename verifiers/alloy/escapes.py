"""Escape disjuncts: an added ``or`` branch that changes nothing where the file looks and opens above it.

A repair can be written to hold only within the checked scope without any count or repeated join for the probe
above the scope (``above.py``) to be triggered by: a guard ``no Critical or (some a: Waiting - p, b: Waiting - p - a,
c: Waiting - p - a - b | ...)`` whose second branch needs more processes than the check's scope gives, or needs
them on top of those the counterexample uses (helper-36's ``o29_*_escape_*``: chains of ``-``, ``!=`` chains, three
``disj`` variables sized from the text to one atom too few). So each disjunct the candidate adds, as a branch of an
added formula or inserted beside an old one, is taken out again and the two versions compared by the Analyzer,
every instance asked (``preservation(candidate, without it, good=False)``): at the file's own scopes, and at the
scopes every signature raised by `above.MOST` (or to what the new text needs, `above.floor`), ``steps`` two up.
The same instances at the file's scopes and different ones above: the branch is an escape the checks cannot see,
**unknown**. A branch that changes nothing at either (a contradiction, or one the facts rule out at any size) is
harmless and passes; a comparison that does not finish is listed as skipped, never a pass or a reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.above import MOST, floor, rescoped
from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.connectives import disjuncts_dropped
from fmrepair.verifiers.alloy.pieces import pieces
from fmrepair.verifiers.alloy.preserve import preservation, temporal
from fmrepair.verifiers.alloy.text import Token, is_name, tokens
from fmrepair.verifiers.base import Verifier

MOST_BRANCHES = 6  # the added disjuncts asked per candidate (two comparisons each)
MOST_TERMS = 4  # the quantified formulas and comprehensions of added text asked per candidate
_QUANTIFIERS = {"some", "all", "no", "lone", "one"}


def branches_dropped(original: str, candidate: str) -> list[tuple[str, str]]:
    """(the branch's text, the candidate without it) for each disjunct the candidate adds: an inserted disjunct
    (``A or P`` where ``A`` was the author's), or a branch of an inserted formula (``no Critical or E``)."""
    out: list[tuple[str, str]] = []
    for piece in pieces(original, candidate):
        a, b = piece.span
        text = candidate[a:b]
        if piece.negated:
            out.append((text, blank(candidate, [piece.removal])))
            continue
        for rest in disjuncts_dropped(text):
            out.append((_gone(text, rest), candidate[:a] + rest + candidate[b:]))
    seen: set[str] = set()
    return [(t, c) for t, c in out if not (c in seen or seen.add(c))][:MOST_BRANCHES]


def _declares(toks: Sequence[Token], j: int) -> bool:
    """Do the tokens from ``j`` start a declaration (``[disj] a, b: ...``)?"""
    if j < len(toks) and toks[j].text == "disj":
        j += 1
    return j + 1 < len(toks) and is_name(toks[j].text) and toks[j + 1].text in (":", ",")


def quantified_terms(text: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """(start, end, constants) of each quantified formula (``some disj a, b, c: Waiting - p | ...``) and set
    comprehension (``{q: Proc | ...}``) in ``text``: what an escape needs many atoms for, each with the constant
    values it is tried at (false and true for a formula, ``none`` for a set)."""
    toks = tokens(text)
    out: list[tuple[int, int, tuple[str, ...]]] = []
    for i, t in enumerate(toks):
        comprehension = t.text == "{" and _declares(toks, i + 1)
        if not (comprehension or (t.text in _QUANTIFIERS and _declares(toks, i + 1))):
            continue
        depth = t.depth + (1 if comprehension else 0)
        bar = next((k for k in range(i + 1, len(toks)) if toks[k].depth == depth and toks[k].text == "|"
                    or toks[k].depth < depth), None)
        if bar is None or toks[bar].text != "|":
            continue
        if comprehension:
            end = next((k for k in range(bar, len(toks)) if toks[k].depth == depth and toks[k].text == "}"), None)
            if end is None:
                continue
            arity = sum(1 for k in range(i + 1, bar) if toks[k].text == ":") or 1
            out.append((t.start, toks[end].end, ("->".join(["none"] * arity),)))
        else:
            end = next((k - 1 for k in range(bar + 1, len(toks)) if toks[k].depth == depth
                        and toks[k].text in ")]}"), len(toks) - 1)
            out.append((t.start, toks[end].end, ("(some none)", "(no none)")))
    return out


def _needs_atoms(term: str) -> bool:
    """Does the term declare two variables or more, or bound one by a difference (``a, b, c: Waiting - p``,
    ``q: Waiting - p``)? Only such a term can stay constant up to a scope and change above it; the others are
    not asked (the comparison above the scope is the costly part of the gate on a user's file)."""
    toks = tokens(term)
    names = sum(1 for k in range(len(toks) - 1) if is_name(toks[k].text) and toks[k + 1].text in (",", ":")
                and (k == 0 or toks[k - 1].text != ":"))
    minus = any(t.text == "-" and any(u.text == ":" for u in toks[:k]) and not any(u.text == "|" for u in toks[:k])
                for k, t in enumerate(toks))
    return names >= 2 or minus


def terms_constant(original: str, candidate: str) -> list[tuple[str, str]]:
    """(the term's text, the candidate with it replaced by a constant) for the quantified formulas and
    comprehensions of what the candidate adds that need atoms (`_needs_atoms`; at most `MOST_TERMS`)."""
    out: list[tuple[str, str]] = []
    terms = 0
    for piece in pieces(original, candidate):
        a, b = piece.span
        for x, y, values in quantified_terms(candidate[a:b]):
            if not _needs_atoms(candidate[a + x : a + y]):
                continue
            if terms >= MOST_TERMS:
                return out
            terms += 1
            out += [(candidate[a + x : a + y], candidate[: a + x] + v + candidate[a + y :]) for v in values]
    return out


def _gone(text: str, rest: str) -> str:
    """What ``rest`` left out of ``text`` (for the message), word by word."""
    words, kept = text.split(), rest.split()
    i = 0
    while i < min(len(words), len(kept)) and words[i] == kept[i]:
        i += 1
    j = 0
    while j < min(len(words), len(kept)) - i and words[-1 - j] == kept[-1 - j]:
        j += 1
    return " ".join(words[i : len(words) - j])


def _opens_above(candidate: str, other: str, both: bool, least: int, by: int, verifier: Verifier,
                 timeout_s: float) -> tuple[str, str]:
    """("same" | "opens" | "undecided", the first scope above where they differ, or why): ``candidate`` and
    ``other`` have the same instances at the file's scopes (one way, or ``both`` ways) but not above them? Every
    instance asked (``good=False``); ``same`` also where they differ at the file's scopes or cannot be compared."""
    pairs = ((candidate, other), (other, candidate)) if both else ((candidate, other),)
    if not all(preservation(x, y, verifier, timeout_s, good=False).outcome == "preserved" for x, y in pairs):
        return "same", ""  # the text matters at the file's scopes (or could not be compared): not asked here
    big, big_other = rescoped(candidate, least, max(by, MOST)), rescoped(other, least, max(by, MOST))
    if big is None or big_other is None:
        return "same", ""
    raised = ((big, big_other), (big_other, big)) if both else ((big, big_other),)
    outcomes = [preservation(x, y, verifier, timeout_s, good=False) for x, y in raised]
    lost = [o.lost_scopes[0] if o.lost_scopes else "a larger scope" for o in outcomes if o.outcome == "narrows"]
    if lost:
        return "opens", lost[0]
    why = [o.why or "" for o in outcomes if o.outcome == "unknown"]
    return ("undecided", why[0]) if why else ("same", "")


def dead_escapes(original: str, candidate: str, verifier: Verifier,
                 timeout_s: float = 30.0) -> tuple[list[str], list[str]]:
    """(reasons: added branches that change nothing at the file's scopes and open above them; skipped: branches
    whose comparison above did not finish)."""
    reasons: list[str] = []
    skipped: list[str] = []
    by = 1 if temporal(candidate) else 2
    least = max(floor(original, candidate), 0)
    for text, without in branches_dropped(original, candidate):  # dropping a branch only strengthens: one way
        got, at = _opens_above(candidate, without, False, least, by, verifier, timeout_s)
        short = " ".join(text.split())[:120]
        if got == "opens":
            reasons.append(f"the added branch '{short}' changes nothing at the file's scopes but opens above them "
                           f"(for {at}): an escape the checks cannot see")
        elif got == "undecided":
            skipped.append(f"the added branch '{short}' above the file's scopes: not decided ({at})")
    if reasons:
        return reasons, skipped
    # an escape written without ``or`` (``E implies no Critical``, ``no Critical - {q | E}``, ``not (A and no
    # disj ...)``: helper-37): a term of the added text that a constant can replace with the same instances at
    # the file's scopes, and not above them
    for text, fixed in terms_constant(original, candidate):
        got, at = _opens_above(candidate, fixed, True, least, by, verifier, timeout_s)
        short = " ".join(text.split())[:120]
        if got == "opens":
            reasons.append(f"the added term '{short}' is constant at the file's scopes (a constant in its place "
                           f"changes nothing there) but not above them (for {at}): an escape the checks cannot see")
            break
        if got == "undecided":
            skipped.append(f"the added term '{short}' above the file's scopes: not decided")
    return reasons, skipped
