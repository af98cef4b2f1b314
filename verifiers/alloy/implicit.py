"""The frames an author's operations leave out: a missing frame condition read as one.

A common mistake in a model of steps is an operation that says what it changes and forgets a relation
(``emptyTrash`` setting ``trash'`` and saying nothing of ``inbox``; a box office's ``release`` that never names
``owner``): its steps may then change that relation at will. Every fix of that mistake (the frame, in any
spelling) excludes good traces of the faulty file, those where the operation's step changes the relation the
author never named and the checked properties still hold, so by the letter of behaviour preservation each honest
fix "narrows" (helper-48's ``o41_C_h*``, the intent benchmark's ``mail_trash``).

Here the author's file is read with those frames put in: for each pred a fact calls as an operation (it sets a
relation: primes it in Alloy 6; under util/ordering its first two parameters are states of the order and it names
a state relation) and each state relation it never names, in its body or in a pred or fun it calls, the frame
(``R' = R``; ``t2.R = t.R``), where another of those operations names the relation (one that no operation names,
a sensor's reading, is left to change at will on purpose). A relation some fact constrains beyond the initial
state (an invariant, ``always Busy = holds.Res``; under util/ordering a fact naming it other than as ``first.R``)
is left out: a frame there could forbid what the operation does through another relation. The gate uses the
reading only where the candidate loses a good instance of the author's file (``narrows``), only when every run of
the file that has an instance keeps one with the frames in (``baseline``), and only when the candidate keeps every
good instance of the framed file and allows nothing it forbids (every instance of the candidate's facts is one of
the framed file's: a partial frame such as ``t2.owner in t.owner``, which still lets ``release`` cancel sales,
helper-48's ``o41_C_c01``, narrows as before). What such a repair loses is only traces in which an operation
changes a relation it never names.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.frames import pred_params
from fmrepair.verifiers.alloy.probes import var_arities
from fmrepair.verifiers.alloy.stepping import stepping
from fmrepair.verifiers.alloy.text import Paragraph, split_paragraphs, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

TEMPORAL = {"always", "after", "eventually", "historically", "once", "until", "releases", "since", "triggered",
            "before", ";", "'"}


def _words(text: str) -> set[str]:
    return {t.text for t in tokens(text)}


def _named(p: Paragraph, paras: Sequence[Paragraph], depth: int = 0) -> set[str]:
    """Every word ``p`` names, in its body or in the body of a pred or fun it calls (three levels)."""
    words = _words(p.body or "")
    if depth < 3:
        for q in paras:
            if q.kind in ("pred", "fun") and q is not p and q.body is not None and q.name in words:
                words |= _named(q, paras, depth + 1)
    return words


def _constrained(paras: Sequence[Paragraph], rel: str, ordered: bool) -> bool:
    """Does a fact constrain ``rel`` beyond the initial state?"""
    for f in paras:
        if f.kind != "fact" or f.body is None:
            continue
        toks = [t.text for t in tokens(f.body)]
        where = [k for k, t in enumerate(toks) if t == rel]
        if not where:
            continue
        if ordered:
            if any(k < 2 or toks[k - 1] != "." or toks[k - 2] != "first" for k in where):
                return True
        elif TEMPORAL & set(toks):
            return True
    return False


def _missing(original: str) -> list[tuple[Paragraph, list[str]]]:
    """Each operation a fact calls with the frames it leaves out (see the module)."""
    paras = split_paragraphs(original)
    st = stepping(paras)
    rels = sorted(st.values) if st.ordered else sorted(var_arities(paras))
    if not rels:
        return []
    called = set().union(*(_words(f.body or "") for f in paras if f.kind == "fact"))
    free = [r for r in rels if not _constrained(paras, r, st.ordered)]
    ops = [p for p in paras if p.kind == "pred" and p.body is not None and p.name in called
           and st.operation(p) is not None]
    names = {p.name: _named(p, paras) for p in ops}
    out: list[tuple[Paragraph, list[str]]] = []
    for p in ops:
        named = names[p.name]
        # a relation no other operation names either is left to change at will on purpose (a sensor's reading)
        others = [r for r in free if any(r in names[q.name] for q in ops if q.name != p.name)]
        if st.ordered:
            got = pred_params(p)
            if got is None or len(got[1]) < 2 or not named & set(rels):
                continue
            t, t2 = got[1][0], got[1][1]
            frames = [f"{st.values[r].format(t2)} = {st.values[r].format(t)}" for r in others if r not in named]
        else:
            if not any(r in named for r in rels) or "'" not in named:
                continue  # not an operation that says what it changes
            frames = [f"{r}' = {r}" for r in others if r not in named]
        if frames:
            out.append((p, frames))
    return out


def _with(original: str, put: Sequence[tuple[Paragraph, list[str]]]) -> str:
    """The frames on lines of their own after each pred's body, indented as its last line: the Analyzer ends a
    quantifier's or a ``let``'s body at the end of its line (``some x: X | x in S`` then ``some x`` on the next line
    does not compile), so a frame is a conjunct of the pred, not of a formula on the line above."""
    text = original
    for p, frames in sorted(put, key=lambda pf: -(pf[0].body_end or 0)):
        assert p.body_end is not None
        body = p.body or ""
        last = body.rstrip().rsplit("\n", 1)[-1]
        pad = last[: len(last) - len(last.lstrip())] if "\n" in body.rstrip() else ""
        pad = pad if pad.strip() == "" and pad else "  "
        head = text[: p.body_end].rstrip()
        text = head + "".join(f"\n{pad}{f}" for f in frames) + "\n" + text[p.body_end:].lstrip(" \t")
    return text


def framed(original: str) -> tuple[str, list[str]]:
    """``original`` with the frames its operations leave out put in, and each frame put in (``R' = R in pred op``);
    ``original`` and ``[]`` where there is none."""
    put = _missing(original)
    if not put:
        return original, []
    return _with(original, put), [f"{f} in pred {p.name}" for p, frames in put for f in frames]


def frame_candidates(original: str, within: Sequence[tuple[int, int]] = ()) -> list[tuple[str, str]]:
    """Repairs to try (text, what it does): each frame an operation leaves out put in alone, then an operation's
    every one together; only in preds whose body holds one of the spans ``within`` (the editable text), if given."""
    out: list[tuple[str, str]] = []
    for p, frames in _missing(original):
        assert p.body_start is not None and p.body_end is not None
        if within and not any(p.body_start <= a and b <= p.body_end for a, b in within):
            continue
        out += [(_with(original, [(p, [f])]), f"frame {f} added to pred {p.name}") for f in frames]
        if len(frames) > 1:
            out.append((_with(original, [(p, frames)]), f"frames {', '.join(frames)} added to pred {p.name}"))
    return out


def baseline(original: str, verifier: Verifier, timeout_s: float = 30.0) -> tuple[str, list[str]] | None:
    """The framed file and its frames where there are any and every run of ``original`` that has an instance keeps
    one with them in (a frame that makes a run impossible forbids what an operation does: not a missing frame);
    None otherwise, or where it is not decided."""
    text, added = framed(original)
    if not added:
        return None
    before = verifier.check(original, CheckOptions(timeout_s=timeout_s))
    after = verifier.check(text, CheckOptions(timeout_s=timeout_s))
    if after.status not in ("ok", "failed") or len(after.commands) != len(before.commands):
        return None
    for b, a in zip(before.commands, after.commands, strict=True):
        if b.kind == "run" and b.outcome == "instance" and a.outcome != "instance":
            return None
    return text, added
