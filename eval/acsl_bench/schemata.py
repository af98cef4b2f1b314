"""Removal schemata (seed 004 technique 7) for ACSL: from a fully annotated, proved program, remove
1. ``all_loop_annotations``: every loop annotation;
2. ``last_invariant_all_loops``: the last ``loop invariant`` of every loop;
3. ``one_assert``: one assertion (one case per assertion);
4. ``all_annotations_one_loop``: the whole annotation of one loop (one case per loop);
5. ``last_invariant_one_loop``: the last invariant of one loop (one case per loop).
A variant whose text equals an earlier one (e.g. schema 4 on a one-loop program equals schema 1) is
dropped and recorded as a duplicate. Contracts are never removed: they are the property.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from fmrepair.verifiers.acsl.annotations import Annotation, Clause, scan

SCHEMATA = (
    "all_loop_annotations",
    "last_invariant_all_loops",
    "one_assert",
    "all_annotations_one_loop",
    "last_invariant_one_loop",
)

Pick = Callable[[Annotation, Clause], bool]


@dataclass
class Variant:
    program: str
    schema: str
    case: str  # e.g. "binary_search/last_invariant_one_loop/1"
    text: str
    removed: list[str] = field(default_factory=list)  # normalized clause texts (hidden: never prompted)
    removed_lines: list[int] = field(default_factory=list)


def _cut(source: str, start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) to whole lines when the span is alone on its lines (an '@' margin counts)."""
    ls = source.rfind("\n", 0, start) + 1
    le = source.find("\n", end)
    le = len(source) if le == -1 else le
    if re.fullmatch(r"[ \t@]*", source[ls:start]) and not source[end:le].strip():
        return ls, min(le + 1, len(source))
    return start, end


def remove(source: str, pick: Pick) -> tuple[str, list[Clause]]:
    """The source without the picked clauses (a whole annotation goes when all its clauses go)."""
    _, annots = scan(source)
    spans: list[tuple[int, int]] = []
    gone: list[Clause] = []
    for a in annots:
        chosen = [c for c in a.clauses if pick(a, c)]
        if not chosen:
            continue
        gone += chosen
        if len(chosen) == len(a.clauses):
            spans.append(_cut(source, a.start, a.end))
        else:
            spans += [_cut(source, c.start, c.end) for c in chosen]
    out = source
    for s, e in sorted(spans, reverse=True):
        out = out[:s] + out[e:]
    return out, gone


def _last_invariants(annots: list[Annotation], loops: set[int] | None) -> set[int]:
    """Offsets of the last 'loop invariant' clause of each selected loop."""
    keep: set[int] = set()
    for a in annots:
        if a.kind == "loop" and (loops is None or a.loop in loops):
            invs = [c for c in a.clauses if c.keyword == "loop invariant"]
            if invs:
                keep.add(invs[-1].start)
    return keep


def variants(program: str, source: str) -> tuple[list[Variant], list[str]]:
    """All variants of one program, and the case ids dropped as duplicates."""
    _, annots = scan(source)
    loops = sorted({a.loop for a in annots if a.kind == "loop" and a.loop is not None})
    asserts = [c.start for a in annots if a.kind == "assert" for c in a.clauses]
    plans: list[tuple[str, str, Pick]] = []
    if loops:
        plans.append(("all_loop_annotations", "0", lambda a, c: a.kind == "loop"))
        last_all = _last_invariants(annots, None)
        plans.append(("last_invariant_all_loops", "0", lambda a, c, s=last_all: c.start in s))
    for k, start in enumerate(asserts):
        plans.append(("one_assert", str(k), lambda a, c, s=start: c.start == s))
    for lp in loops:
        plans.append(("all_annotations_one_loop", str(lp), lambda a, c, lp=lp: a.kind == "loop" and a.loop == lp))
    for lp in loops:
        last = _last_invariants(annots, {lp})
        plans.append(("last_invariant_one_loop", str(lp), lambda a, c, s=last: c.start in s))
    out: list[Variant] = []
    seen: dict[str, str] = {}
    dups: list[str] = []
    for schema, k, pick in plans:
        text, gone = remove(source, pick)
        case = f"{program}/{schema}/{k}"
        if not gone or text == source:
            continue
        if text in seen:
            dups.append(f"{case} = {seen[text]}")
            continue
        seen[text] = case
        out.append(Variant(program, schema, case, text, [c.text for c in gone], [c.line for c in gone]))
    return out, dups
