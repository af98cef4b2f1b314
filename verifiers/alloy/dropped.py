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

Its narrowing counterpart, a constraint added that no command needs, is ``unneeded.py``'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.cases import holds_everywhere
from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.connectives import conjunct_spans
from fmrepair.verifiers.alloy.definitions import defined_by
from fmrepair.verifiers.alloy.pieces import counterparts
from fmrepair.verifiers.alloy.preserve import command_scopes
from fmrepair.verifiers.alloy.text import Paragraph, canonical, fact_span, split_paragraphs, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_dropped_"


def blanked_kinds(text: str, paras: Sequence[Paragraph], kinds: tuple[str, ...]) -> str:
    """``text`` with the paragraphs of ``kinds`` blanked (offsets kept) and every appended sig fact's body too
    when "sig" is among them."""
    spans = [(p.start, p.end) for p in paras if p.kind in kinds and p.kind != "sig"]
    spans += [s for p in paras if p.kind == "sig" and "sig" in kinds if (s := fact_span(p))]
    return blank(text, spans)


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
    whole = blanked_kinds(candidate, cpar, ("command",))
    declared = blanked_kinds(candidate, cpar, ("command", "fact", "sig"))
    for o in ofacts:
        body = o.body or ""
        if id(o) in matched or canonical(body) in cbodies or not body.strip():
            continue
        if not holds_everywhere(verifier, whole, body, scopes, timeout_s):
            out.append(f"drops the author's constraint: {o.key} is gone and the candidate no longer implies it")
    for c in cfacts:
        o = pairs.get(id(c))
        if o is None or canonical(o.body or "") == canonical(c.body or "") or not (o.body or "").strip():
            continue
        if holds_everywhere(verifier, declared, c.body or "", scopes, timeout_s):
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
                if canonical(x) in kept or holds_everywhere(verifier, whole, x, scopes, timeout_s):
                    continue
                if (r := defined_by(x)) is not None and r in {t.text for t in tokens(c.body or "")}:
                    continue  # a case of a definition the rewrite still defines: the fix, in another form (an
                    # if-then-else chain, the cases under one quantifier: helper-43's o36_D_h04, o36_G_h03, h06);
                    # put back beside it, the author's faulty case squeezes the candidate
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
    parts = [body[a:b] for a, b in conjunct_spans(body)]
    if len(parts) == 1 and toks[0].text == "all":
        bar = next((k for k, t in enumerate(toks) if t.text == "|" and t.depth == toks[0].depth), None)
        if bar is not None and bar + 1 < len(toks):
            header = body[toks[0].start : toks[bar].end]
            inner = body[toks[bar + 1].start : toks[-1].end]
            got = _conjuncts(inner)
            if len(got) > 1:
                return [f"{header} {{ {g} }}" for g in got]
    return parts
