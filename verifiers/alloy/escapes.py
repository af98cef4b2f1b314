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

from fmrepair.verifiers.alloy.above import MOST, floor, rescoped
from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.connectives import disjuncts_dropped
from fmrepair.verifiers.alloy.pieces import pieces
from fmrepair.verifiers.alloy.preserve import preservation, temporal
from fmrepair.verifiers.base import Verifier

MOST_BRANCHES = 6  # the added disjuncts asked per candidate (two comparisons each)


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


def dead_escapes(original: str, candidate: str, verifier: Verifier,
                 timeout_s: float = 30.0) -> tuple[list[str], list[str]]:
    """(reasons: added branches that change nothing at the file's scopes and open above them; skipped: branches
    whose comparison above did not finish)."""
    reasons: list[str] = []
    skipped: list[str] = []
    by = 1 if temporal(candidate) else 2
    least = max(floor(original, candidate), 0)
    for text, without in branches_dropped(original, candidate):
        here = preservation(candidate, without, verifier, timeout_s, good=False)
        if here.outcome != "preserved":
            continue  # the branch matters at the file's scopes (or could not be compared): not asked here
        big, big_without = rescoped(candidate, least, max(by, MOST)), rescoped(without, least, max(by, MOST))
        if big is None or big_without is None:
            continue
        above = preservation(big, big_without, verifier, timeout_s, good=False)
        short = " ".join(text.split())[:120]
        if above.outcome == "narrows":
            at = above.lost_scopes[0] if above.lost_scopes else "a larger scope"
            reasons.append(f"the added branch '{short}' changes nothing at the file's scopes but opens above them "
                           f"(for {at}): an escape the checks cannot see")
        elif above.outcome == "unknown":
            skipped.append(f"the added branch '{short}' above the file's scopes: not decided ({above.why})")
    return reasons, skipped
