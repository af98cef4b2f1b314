"""A frame equation written as several conjuncts: is it one update, decided by the Analyzer?

An author's ``loans' = loans`` fixed as ``m.loans' = m.loans - b`` and ``all o: Member - m | o.loans' =
o.loans`` (helper-37's o30_library_h_fix_pointwise), or ``Token' = Token + n.succ`` fixed as ``n.succ in
Token'`` and ``Token' in n.succ`` (o30_ring_h_fix_two_lines), is one change written on two lines. Read conjunct
by conjunct, the first half reads as the fix and the other as a change beside it, and the put-back rule of
``unneeded.unneeded`` (a rewritten conjunct that no command needs) refused the fix.

Such conjuncts are taken as one change when, together, they prime exactly the relations the author's conjunct
primes and determine them: for a state and the operation's arguments, at most one next value of those
relations meets them (no two different ones). A frame that leaves room beside the fix (``o.loans' in
o.loans``) is not one update and is still asked conjunct by conjunct. Asked of the Analyzer over the
candidate's declarations (no facts, no commands), as a trace whose third state repeats the first: the two
steps from the same state, under the same arguments, must reach the same values.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from fmrepair.verifiers.alloy.probes import field_names, sig_names
from fmrepair.verifiers.alloy.text import Paragraph, is_name, split_top, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_frames_"
_MODS = {"disj", "one", "lone", "some", "set"}


def primed(text: str) -> set[str] | None:
    """The names ``text`` primes (``loans'``: loans); None when it primes anything else (``(m.loans)'``)."""
    toks = tokens(text)
    out = set()
    for k, t in enumerate(toks):
        if t.text == "'":
            prev = toks[k - 1].text if k else ""
            if not is_name(prev):
                return None
            out.add(prev)
    return out


def pred_params(p: Paragraph) -> tuple[str, list[str]] | None:
    """A pred's parameter declarations and names; None for a receiver pred (``pred S.f``) or one unread."""
    if p.body_start is None:
        return None
    head = p.text[: p.body_start - p.start - 1]
    m = re.match(r"\s*pred\s+([^\s\[(]+)\s*(?:[\[(](.*)[\])])?\s*$", head, re.S)
    if m is None or "." in m.group(1):
        return None
    decls = (m.group(2) or "").strip()
    names: list[str] = []
    for piece in split_top(decls):
        before = piece.split(":", 1)[0].split()
        names += [w.strip(",") for w in before if w not in _MODS and w.strip(",")]
    if decls and not all(is_name(n) for n in names):
        return None
    return decls, names


def primed_in(text: str, cpar: Sequence[Paragraph], kinds: frozenset[str] = frozenset({"pred"}), depth: int = 0,
              skip: Paragraph | None = None) -> set[str] | None:
    """The names ``text`` primes, itself or in the body of a paragraph of ``kinds`` it calls, two calls deep."""
    names = primed(text)
    if names is None or depth > 1:
        return names
    called = {t.text for t in tokens(text)}
    for q in cpar:
        if q.kind in kinds and q is not skip and q.body is not None and q.name in called:
            more = primed_in(q.body, cpar, kinds, depth + 1, q)
            if more:
                names |= more
    return names


def primed_through(p: Paragraph, cpar: Sequence[Paragraph], depth: int = 0) -> set[str] | None:
    """The names ``p`` primes, in its body or in the body of a pred it calls (helper-39's ``grab[p, r]`` holding the
    eviction that ``acquire`` calls)."""
    return primed_in(p.body or "", cpar, depth=depth, skip=p)


def _steps(scope: str) -> str:
    return scope if "steps" in scope else f"{scope} but 4 steps"


def one_update(candidate: str, paras: Sequence[Paragraph], p: Paragraph, group: Sequence[str], names: set[str],
               scopes: Sequence[str], verifier: Verifier, timeout_s: float) -> bool:
    """Do the conjuncts ``group`` of pred ``p`` (in ``candidate``, whose paragraphs are ``paras``) determine the
    next values of ``names`` (the relations they prime) at every scope? Undecided, or a pred unread: False."""
    got = pred_params(p)
    if got is None or not names:
        return False
    decls, args = got
    call = f"fmr_g[{', '.join(args)}]" if args else "fmr_g"
    rels = [n for q in paras if q.kind == "sig" for n in sig_names(q)]
    rels += [f for q in paras if q.kind == "sig" for f, _ in field_names(q)]
    same = " and ".join(f"{r}'' = {r}" for r in rels)
    differ = " or ".join(f"{n}' != {n}'''" for n in sorted(names))
    body = f"{call} and (after after {call}) and ({same}) and ({differ})"
    ask = f"some {decls} | {body}" if decls else body
    keep = "".join(candidate[q.start : q.end] + "\n" for q in paras if q.kind not in ("fact", "command", "module"))
    module = (keep + f"pred fmr_g{'[' + decls + ']' if decls else ''} {{\n" + "\n".join(group) + "\n}\n"
              + "".join(f"{LABEL}{i}: run {{ {ask} }} for {_steps(s)}\n" for i, s in enumerate(scopes)))
    v = verifier.check(module, CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return False
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    return len(ours) == len(scopes) and all(c.outcome == "no_instance" for c in ours)
