"""Conjuncts of an operation the candidate rewrote (not only added to): each new conjunct with the author's text
it replaced.

helper-41 (2026-12-06) replaced the author's frame ``Sold' = Sold`` by the checked invariant said of the next state,
``Sold' = Person.holds'`` (a comprehension, a helper fun, in every operation), and an effect ``c.at' = s`` by ``c.at'
= s & {x: Spot | lone at'.x}``: an insertion is a piece the gate asks (``pieces``), a rewrite of a conjunct was not.
Here a pred that a fact reaches, with the same name in both files, gives each top-level conjunct of the candidate's
body that the author's body does not have word for word (and that is no inserted piece), paired with the most alike
of the author's conjuncts the candidate no longer has. ``postcond`` then asks it as a postcondition when it reads
the state after the step more than the author's text did (``reads_more_of_next``).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.pieces import Piece, like, param_headers
from fmrepair.verifiers.alloy.postcond import primed_names
from fmrepair.verifiers.alloy.reach import reached, roots_of
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_paragraphs, tokens


def rewritten_conjuncts(original: str, candidate: str, found: Sequence[Piece]) -> list[tuple[Piece, str]]:
    """(the new conjunct as a piece of the candidate, the author's conjunct it replaced), for each pred a fact
    reaches; ``found``: the inserted pieces (not rewrites)."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    authors = {p.key: p for p in opar if p.kind == "pred"}
    from_facts = reached(cpar, roots_of(cpar, ("fact", "sig")))
    inserted = {q.span for q in found}
    out: list[tuple[Piece, str]] = []
    for p in cpar:
        o = authors.get(p.key)
        if (p.kind != "pred" or o is None or p.key not in from_facts or p.body_start is None or p.body_end is None
                or o.body_start is None or o.body_end is None):
            continue
        gone, new = conjunct_changes(original, o, candidate, p)
        if not gone:
            continue
        head = _header(p)
        for a, b in new:
            if (a, b) in inserted:
                continue
            was = max(gone, key=lambda g, t=candidate[a:b]: like(g, t))  # type: ignore[misc]
            out.append((Piece((a, b), (a, b), "pred", scopes=(f"{head} | ",) if head else ()), was))
    return out


def conjunct_changes(original: str, o: Paragraph, candidate: str,
                     p: Paragraph) -> tuple[list[str], list[tuple[int, int]]]:
    """The top-level conjuncts of the author's body ``o`` that the candidate's ``p`` no longer has word for word (their
    texts), and the spans of those of ``p`` that ``o`` does not have."""
    if o.body_start is None or o.body_end is None or p.body_start is None or p.body_end is None:
        return [], []
    gone = [original[a:b] for a, b in conjunct_spans_in(original, o.body_start, o.body_end)]
    new = []
    for a, b in conjunct_spans_in(candidate, p.body_start, p.body_end):
        same = next((g for g in gone if canonical(g) == canonical(candidate[a:b])), None)
        if same is not None:
            gone.remove(same)
        else:
            new.append((a, b))
    return gone, new


def _header(p: Paragraph) -> str:
    """``all p: Person, s: Seat`` for ``pred buy[p: Person, s: Seat]`` (no header for a receiver, a relation or a
    set parameter: ``pieces.param_headers``'s reading)."""
    params = param_headers(p)
    return f"all {params[0]}" if len(params) == 1 else ""


def next_marks(text: str) -> int:
    """How often ``text`` reads the state after the step: primes, ``after``, ``;``, ``.next``."""
    return sum(t.text in ("'", "after", ";", "next") for t in tokens(text))


def reads_more_of_next(text: str, was: str) -> bool:
    """Does the rewritten conjunct read the state after the step more than the author's did: a relation's next
    value the author's text did not read (``Sold' = Person.holds'`` for ``Sold' = Sold``), or more often (``c.at' = s
    & {x: Spot | lone at'.x}`` for ``c.at' = s``)? A rewrite of an effect into another effect of the same relation
    (``Sold' = Sold + s``, ``all x: Seat | x in Sold' iff ...``) does not."""
    return bool(primed_names(text) - primed_names(was)) or next_marks(text) > next_marks(was)


def change_reads_next(text: str, was: str) -> bool:
    """Do the tokens the rewrite put in (a token diff against the author's conjunct) read the state after the step:
    a prime, ``after`` or ``;`` among them, or a name they put in that is primed (``& {x: Spot | lone at'.x}`` in
    ``c.at' = s``)? A guard's bound changed inside a one-line operation (``c.val < 3`` to ``c.val < 2``) does not."""
    new, old = tokens(text), tokens(was)
    m = difflib.SequenceMatcher(a=[t.text for t in old], b=[t.text for t in new], autojunk=False)
    for tag, _, _, j1, j2 in m.get_opcodes():
        if tag in ("replace", "insert") and (any(t.text in ("'", "after", ";") for t in new[j1:j2])
                                             or j2 < len(new) and new[j2].text == "'"):
            return True
    return False
