"""A fact's body with its conjuncts put back in the author's order, so that reordering reads as nothing.

The reading of what a candidate adds (``pieces.py``) diffs the original body against the candidate's token by
token; conjuncts moved around (a tidy-up beside a fix) then read as inserted formulas, and a rewritten one among
them as a new constraint (helper-32: four honest fixes refused, "assumes the property"). `conjuncts_in_order` lays the
candidate's top-level conjuncts out in the original's order (each unchanged one where the author has it, the
rewritten ones in the places of the author's lost ones, what is left after), one per line, with a map back to
the candidate's own offsets.
"""

from __future__ import annotations

from fmrepair.verifiers.alloy.connectives import conjunct_spans
from fmrepair.verifiers.alloy.text import canonical

__all__ = ["Layout", "conjuncts_in_order"]


class Layout:
    """The reordered text and its segments: (start, end) in the text -> start in the candidate's body."""

    def __init__(self, text: str, segments: list[tuple[int, int, int]]) -> None:
        self.text = text
        self.segments = segments

    def back(self, span: tuple[int, int]) -> tuple[int, int] | None:
        """A span of the text in the body's offsets (None: it crosses a segment)."""
        for s, e, at in self.segments:
            if s <= span[0] and span[1] <= e:
                return at + span[0] - s, at + span[1] - s
        return None


def conjuncts_in_order(obody: str, body: str) -> Layout | None:
    """``body``'s conjuncts in ``obody``'s order; None when they are in it already (or there are fewer than
    two)."""
    os_, cs = conjunct_spans(obody), conjunct_spans(body)
    if len(cs) < 2 or len(os_) < 2:
        return None
    texts: list[str | None] = [canonical(body[a:b]) for a, b in cs]
    order: list[int | None] = []
    for a, b in os_:
        t = canonical(obody[a:b])
        k = texts.index(t) if t in texts else None
        if k is not None:
            texts[k] = None
        order.append(k)
    rest = [k for k in range(len(cs)) if texts[k] is not None]
    final: list[int] = []
    for k in order:
        if k is not None:
            final.append(k)
        elif rest:
            final.append(rest.pop(0))
    final += rest
    if final == sorted(final):
        return None
    text, segments = "", []
    for k in final:
        a, b = cs[k]
        text += "\n" if text else ""
        segments.append((len(text), len(text) + b - a, a))
        text += body[a:b]
    return Layout(text, segments)
