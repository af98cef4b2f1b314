"""A constraint of the author's taken away, decided by the Analyzer: the widening counterpart of assuming the
property. A run that expects an instance and has none is fixed by allowing more, and the cheapest way to allow
more is to take away a fact that was right (helper-28, 2026-12-05: `fact NoRetake` deleted, or rewritten into
`no s.enrolled & s.passed - s.enrolled`, which every instance meets, while the faulty fact stayed).

A fact of the original is **dropped** when the candidate has no fact of its name or body and does not imply its
body at a command's scope (a fact merged into another, or moved, is still implied), or when the candidate's
fact of that name is a formula every instance of the declarations meets (at every command's scope). Such a
candidate is undecided (``unknown: drops the author's constraint``): deleting a wrong fact can be the fix, but
which fact is wrong is the author's to say, and preservation (which asks only what good instances are lost)
cannot see what is gained. Only facts (named or not); a sig's appended fact, a pred's body and a declaration are
not asked here.

An **unneeded constraint** is the narrowing counterpart where preservation is blind: a formula the candidate
adds (a ``pieces.py`` piece) without which every command is still met, but which excludes an instance of the
candidate without it. Where a fault leaves the original's good instances degenerate (a faulty `Siblings` makes
everyone with parents their own sibling, so no good instance has parents), a squeeze slipped in beside the
fix (`lone p.parents.parents`) loses no good instance of the original (helper-28); asked of the fix it is
beside, it does. Undecided too (``unknown: adds a constraint no command needs``).
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.connectives import split_formulas
from fmrepair.verifiers.alloy.pieces import Piece, counterparts, pieces
from fmrepair.verifiers.alloy.preserve import command_scopes, preservation
from fmrepair.verifiers.alloy.sigtext import Unsupported, read_sig
from fmrepair.verifiers.alloy.text import Paragraph, canonical, fact_span, split_paragraphs, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_dropped_"


def _blanked(text: str, paras: Sequence[Paragraph], kinds: tuple[str, ...]) -> str:
    """``text`` with the paragraphs of ``kinds`` blanked (offsets kept) and every appended sig fact's body too
    when "sig" is among them."""
    spans = [(p.start, p.end) for p in paras if p.kind in kinds and p.kind != "sig"]
    spans += [s for p in paras if p.kind == "sig" and "sig" in kinds if (s := fact_span(p))]
    return blank(text, spans)


def _holds_everywhere(verifier: Verifier, module: str, formula: str, scopes: Sequence[str], timeout_s: float) -> bool:
    """Does ``module`` (no commands) imply ``formula`` at every scope? Undecided: False."""
    asks = [f"{LABEL}{i}: check {{ {formula} }} for {s}" for i, s in enumerate(scopes)]
    v = verifier.check(module + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return False
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    return len(ours) == len(scopes) and all(c.outcome == "no_counterexample" for c in ours)


def dropped(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons, one per fact of the original the candidate drops; [] when none."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    ofacts = [p for p in opar if p.kind == "fact" and p.body is not None]
    cfacts = [p for p in cpar if p.kind == "fact" and p.body is not None]
    if not ofacts:
        return []
    scopes = command_scopes(opar)
    pairs = counterparts(opar, cfacts)
    cbodies = {canonical(p.body or "") for p in cfacts}
    obodies = {canonical(p.body or "") for p in ofacts}
    # an unnamed fact has no name to pair it by: the rewritten ones (no original has their body) are the
    # original's unnamed facts whose body is gone, in order; an original left over is gone
    unnamed = [p for p in cfacts if p.name.startswith("#") and canonical(p.body or "") not in obodies]
    left = [p for p in ofacts if p.name.startswith("#") and canonical(p.body or "") not in cbodies]
    pairs.update({id(c): o for c, o in zip(unnamed, left, strict=False)})
    matched = {id(o) for o in pairs.values() if o is not None}
    out: list[str] = []
    whole = _blanked(candidate, cpar, ("command",))
    declared = _blanked(candidate, cpar, ("command", "fact", "sig"))
    for o in ofacts:
        body = o.body or ""
        if id(o) in matched or canonical(body) in cbodies or not body.strip():
            continue
        if not _holds_everywhere(verifier, whole, body, scopes, timeout_s):
            out.append(f"drops the author's constraint: {o.key} is gone and the candidate no longer implies it")
    for c in cfacts:
        o = pairs.get(id(c))
        if o is None or canonical(o.body or "") == canonical(c.body or "") or not (o.body or "").strip():
            continue
        if _holds_everywhere(verifier, declared, c.body or "", scopes, timeout_s):
            out.append(f"drops the author's constraint: {o.key} is rewritten into a formula every instance of the "
                       "declarations meets")
            continue
        # a rewrite with fewer conjuncts: each of the original's that it lost, no longer implies, and could keep
        # (put back as a fact of its own, every command is still met): a rule dropped beside the fix of another
        # (helper-28's `#m.loans <= 3`). One the commands need gone is not asked: removing a wrong conjunct is how
        # a run that expects an instance is fixed, and the gate cannot tell it from removing a right one
        # (helper-29's staff_h_fix and staff2_c_nested_conjunct are the same edit on two facts)
        were, now = _conjuncts(o.body or ""), _conjuncts(c.body or "")
        if len(now) < len(were):
            kept = {canonical(x) for x in now}
            for x in were:
                if canonical(x) in kept or _holds_everywhere(verifier, whole, x, scopes, timeout_s):
                    continue
                v = verifier.check(candidate + f"\nfact {{ {x} }}\n", CheckOptions(timeout_s=timeout_s))
                if v.status == "ok" and all(m.met for m in v.commands):
                    out.append(f"drops the author's constraint: {o.key} loses its conjunct "
                               f"'{' '.join(x.split())[:120]}', which the candidate no longer implies and no "
                               "command needs gone")
    return out


def _conjuncts(body: str) -> list[str]:
    """The top-level conjuncts of a fact's body (``and``, or formulas on lines of their own); a body that is one
    ``all`` quantifier gives those of its formula, each under the quantifier's header (a conjunct dropped under
    `all e: Employee | ...`, helper-29)."""
    toks = tokens(body)
    if not toks:
        return []
    parts = [body[toks[i].start : toks[j].end] for i, j in split_formulas(body, toks, 0, len(toks) - 1, "and")]
    if len(parts) == 1 and toks[0].text == "all":
        bar = next((k for k, t in enumerate(toks) if t.text == "|" and t.depth == toks[0].depth), None)
        if bar is not None and bar + 1 < len(toks):
            header = body[toks[0].start : toks[bar].end]
            inner = body[toks[bar + 1].start : toks[-1].end]
            got = _conjuncts(inner)
            if len(got) > 1:
                return [f"{header} {{ {g} }}" for g in got]
    return parts


def _said_already(verifier: Verifier, omodule: str, candidate: str, q: Piece, scopes: Sequence[str],
                  timeout_s: float) -> bool:
    """Does the original (``omodule``: its commands removed) imply the piece, read as a fact, or for a piece of a
    sig's appended fact as that fact of each atom of the sig? A piece in a pred's body is not read alone: no."""
    text = candidate[q.span[0] : q.span[1]]
    if q.where == "fact" and not q.scopes:
        return _holds_everywhere(verifier, omodule, text, scopes, timeout_s)
    if q.where != "sig" or q.scopes:
        return False
    owner = next((p for p in split_paragraphs(candidate) if p.kind == "sig" and (f := fact_span(p))
                  and f[0] <= q.span[0] < f[1]), None)
    if owner is None:
        return False
    try:
        names = read_sig(owner).names
    except Unsupported:
        return False
    decls = "".join(f"\nsig {LABEL}s{m} in {n} {{}} {{ not {{ {text} }} }}" for m, n in enumerate(names))
    some = " or ".join(f"some {LABEL}s{m}" for m in range(len(names)))
    asks = [f"{LABEL}{i}: run {{ {some} }} for {s}" for i, s in enumerate(scopes)]
    v = verifier.check(omodule + decls + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    return v.status in ("ok", "failed") and len(ours) == len(scopes) and all(c.outcome == "no_instance" for c in ours)


def _meets_all(verifier: Verifier, text: str, timeout_s: float) -> bool:
    v = verifier.check(text, CheckOptions(timeout_s=timeout_s))
    return v.status == "ok" and all(c.met for c in v.commands)


def unneeded(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons, one per change no command needs that changes the instances: an added constraint without which
    every command is still met, that excludes an instance of the candidate without it; a sig, fact, pred or fun
    whose original text, put back, still meets every command while the instances differ (a multiplicity
    weakened beside the fix, helper-28's `of: lone Book`). Asked of the Analyzer."""
    out = []
    opar = {p.key: p for p in split_paragraphs(original) if p.kind in ("sig", "fact", "pred", "fun")}
    for p in split_paragraphs(candidate):
        o = opar.get(p.key)
        if o is None or p.key.startswith("fact #") or canonical(o.text) == canonical(p.text):
            continue
        put_back = candidate[: p.start] + o.text + candidate[p.end :]
        if not _meets_all(verifier, put_back, timeout_s):
            continue  # needed (or undecided)
        # what the change does, asked where the author wrote it: the original with this paragraph as the
        # candidate has it (a fact moved into a sig's appended fact or merged into another changes nothing
        # there, helper-29; asked beside the candidate's other paragraphs it seemed to)
        swapped = original[: o.start] + p.text + original[o.end :]
        for a, b, what in ((original, swapped, "excludes"), (swapped, original, "allows")):
            rep = preservation(a, b, verifier, timeout_s)
            if rep.outcome == "narrows":
                out.append(f"a change no command needs: with {o.key} as the author wrote it every command is met, "
                           f"and the change {what} an instance the file had ({' '.join(rep.lost[0].split())[:300]})")
                break
    oscopes = command_scopes(split_paragraphs(original))
    omodule = _blanked(original, split_paragraphs(original), ("command",))
    for q in pieces(original, candidate):
        if q.rewritten:
            continue
        without = blank(candidate, [q.removal])
        if not _meets_all(verifier, without, timeout_s):
            continue  # needed (or undecided): the other checks judge it
        if _said_already(verifier, omodule, candidate, q, oscopes, timeout_s):
            continue  # the author's file says it already (a fact moved into a sig's appended fact, helper-29)
        rep = preservation(without, candidate, verifier, timeout_s)
        if rep.outcome == "narrows":
            text = " ".join(candidate[q.span[0] : q.span[1]].split())[:160]
            out.append(f"adds a constraint no command needs: without '{text}' every command is met, and with it "
                       f"an instance is lost ({' '.join(rep.lost[0].split())[:300]})")
    return out
