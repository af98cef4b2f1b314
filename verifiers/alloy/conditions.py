"""The author's conditions, read from the text of a model whose states change (no Analyzer): which facts
are transition relations (``steps``), which the candidate rewrote (``rewritten_facts``) or left as the author
wrote them (``unchanged_conditions``: the initial condition and invariants), and which formulas relate a state
to the next (``a_step``). ``assume.py`` asks the Analyzer about them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from fmrepair.verifiers.alloy.connectives import LOWER, join, split_formulas
from fmrepair.verifiers.alloy.pieces import Piece, counterparts
from fmrepair.verifiers.alloy.preserve import temporal
from fmrepair.verifiers.alloy.probes import signature
from fmrepair.verifiers.alloy.reach import reached
from fmrepair.verifiers.alloy.sigtext import Unsupported, read_sig
from fmrepair.verifiers.alloy.text import Paragraph, canonical, fact_span, split_paragraphs, strip_comments, tokens

TIMED_WORDS = {"always", "after", "historically", "releases"}
ORDER_STEPS = {"next", "prev", "nexts", "prevs"}


def _timed(body: str) -> int:
    return sum(t.text in TIMED_WORDS for t in tokens(body))


def ordered_sigs(paras: Sequence[Paragraph]) -> list[str]:
    """The sigs the model's ``open util/ordering[...]`` lines order, as written (``Time``, ``this/Time``)."""
    return [m.group(1) for p in paras if p.kind == "open"
            for m in [re.search(r"util/ordering\s*\[\s*([\w/]+)", strip_comments(p.text))] if m]


def uses_ordering(paras: Sequence[Paragraph]) -> bool:
    """Do states change through util/ordering: is the ordered sig one of states, that declares a field (a global
    state), or a column of a field (a local state, ``holds: set Time``, ``holder: Proc -> Time``) while the model
    steps along the order (``next``, ``prev``, ``nexts``, ``prevs`` outside its commands)? An order over values
    that is only compared or has a ``first`` (pay grades with ``lt``, course levels) is no trace: its facts are a
    static model's (helper-28's org chart and course levels, whose honest fixes were asked as rewritten facts of
    a model whose states change)."""
    ordered = set(ordered_sigs(paras))
    ordered |= {o.rsplit("/", 1)[-1] for o in ordered}
    if not ordered:
        return False
    column = False
    for p in paras:
        if p.kind != "sig":
            continue
        try:
            d = read_sig(p)
        except Unsupported:
            return True  # a declaration not read: as a trace, as before
        if ordered & set(d.names) and d.fields:
            return True
        column = column or any(ordered & set(re.findall(r"[\w/]+", rhs)) for _, _, rhs in d.fields)
    return column and any(t.text in ORDER_STEPS for p in paras if p.kind not in ("command", "open")
                          for t in tokens(p.text))


def rewritten_facts(original: str, candidate: str, found: Sequence[Piece]) -> list[tuple[tuple[int, int], str, str]]:
    """(body span in the candidate, the candidate with this constraint's original text put back, key) of every
    fact and sig's appended fact whose meaning the candidate changed other than by the pure insertions
    ``pieces`` found, in a model whose states change (a ``var`` sig or field, or util/ordering's steps): its
    body rewritten (a deletion, a quantifier, connective, constant or call changed), or a pred, fun or macro
    it reaches changed (put back with it); in a static model, only a fact made to hold at more times. Not a
    transition relation (``steps``): an operation is fixed in a pred such a fact calls, or in that fact.

    Why only where states change: there a checked invariant is meant to follow from the initial condition
    and the operations, and a constraint strengthened until it alone states the property makes it an axiom
    of every state, whatever operation breaks it (a twenty-first outside attack, 2026-12-05: an initial
    condition made to hold at every time, a guard or ``eventually`` deleted, a constant or a call changed).
    In a static model the facts are the whole model, and strengthening a fact until it implies the property
    is how one is fixed (``n.nxt`` to ``n.^nxt`` where ``Acyclic`` is checked; ``some`` to ``all``): the same
    edit made as a cheat is a known gap (``o16_c02`` and the others there), decided by preservation."""
    cparas, oparas = split_paragraphs(candidate), split_paragraphs(original)
    cfacts = [p for p in cparas if p.kind == "fact"]
    counterpart = counterparts(oparas, cfacts)
    osigs = {p.name: p for p in oparas if p.kind == "sig"}
    ocalls = {p.key: p for p in oparas if p.kind in ("pred", "fun", "let")}
    changed = {p.key: p for p in cparas if p.kind in ("pred", "fun", "let") and p.key in ocalls
               and canonical(ocalls[p.key].text) != canonical(p.text)}
    dynamic = temporal(original) or uses_ordering(oparas)
    out = []
    for p in [*cfacts, *(q for q in cparas if q.kind == "sig")]:
        span = fact_span(p)
        was = counterpart.get(id(p)) if p.kind == "fact" else osigs.get(p.name)
        ospan = fact_span(was) if was is not None else None
        if span is None or ospan is None or was is None:
            continue
        old_body = original[ospan[0] : ospan[1]]
        calls = [changed[k] for k in reached(cparas, [p]) if k in changed] if dynamic else []
        if canonical(old_body) == canonical(candidate[span[0] : span[1]]) and not calls:
            continue
        if not dynamic and _timed(candidate[span[0] : span[1]]) <= _timed(old_body):
            continue  # a static fact rewritten: how static models are fixed, left to preservation
        if any(span[0] <= q.span[0] < span[1] and not q.mixed for q in found):
            continue  # insertions: pieces, read one by one
        if steps(oparas, was):
            continue  # a transition relation (an operation fixed, o14_h_trans1, o16_h04): left to preservation
        back = [(span, old_body)] + [((q.start, q.end), ocalls[q.key].text) for q in calls]
        put = candidate
        for (a, b), text in sorted(back, reverse=True):
            put = put[:a] + text + put[b:]
        out.append((span, put, p.key))
    return out


def unchanged_conditions(
    original: str, candidate: str, found: Sequence[Piece]
) -> tuple[list[tuple[int, int]], list[tuple[tuple[int, int], str]]]:
    """Body spans, in the candidate, of the facts and sigs' appended facts of a model whose states change that
    the candidate left as they were (the same text, no piece inside, no pred, fun or macro they reach changed)
    and that are not transition relations (``steps``): the initial condition and the author's invariants;
    and (the candidate's span, the original's text) of the rest of the author's conditions: such a fact the
    candidate added pieces to or respelled (asked as the author wrote it: an inductive step inserted into
    Init itself, o17_c8; `no Crit` respelled `Crit = none`, helper-24), and the conjuncts of a transition
    relation that are no steps (its initial condition).

    A constraint added or rewritten may entail a checked invariant only together with them: the property
    stated for every state but the first, a primed copy of it in the steps, ``after always``, a ``let`` read
    in the first state (three outside attacks, 2026-12-05: each passed as the initial condition's
    inductive step). Those are the author's, so the piece is asked beside them too; the transition
    relations are left out, since with them every honest fix entails what it fixes. Empty in a static
    model (there the facts are the whole model: ``rewritten_facts``)."""
    oparas, cparas = split_paragraphs(original), split_paragraphs(candidate)
    if not (temporal(original) or uses_ordering(oparas)):
        return [], []
    counterpart = counterparts(oparas, [p for p in cparas if p.kind == "fact"])
    osigs = {p.name: p for p in oparas if p.kind == "sig"}
    ocalls = {p.key: canonical(p.text) for p in oparas if p.kind in ("pred", "fun", "let")}
    changed = {p.key for p in cparas if p.kind in ("pred", "fun", "let") and ocalls.get(p.key) != canonical(p.text)}
    # an unnamed fact (or one whose name the candidate dropped) is the original fact with its very body
    # (helper-25: `fact { no Crit }`, never counted, let the property for later states through)
    obodies = {canonical(q.body or ""): q for q in oparas if q.kind == "fact"}
    out: list[tuple[int, int]] = []
    bodies: list[tuple[tuple[int, int], str]] = []
    for p in cparas:
        if p.kind not in ("fact", "sig") or (span := fact_span(p)) is None:
            continue
        inside = [q.removal for q in found if span[0] <= q.span[0] < span[1]]  # pieces taken out: its old body
        same_body = (obodies.get(canonical(p.body or ""))
                     or obodies.get(canonical(blank(candidate, inside)[span[0] : span[1]])))
        was = (counterpart.get(id(p)) or same_body) if p.kind == "fact" else osigs.get(p.name)
        if was is None or (ospan := fact_span(was)) is None:
            continue
        old = original[ospan[0] : ospan[1]]
        same = canonical(old) == canonical(candidate[span[0] : span[1]])
        inserted = any(span[0] <= q.span[0] < span[1] for q in found)
        if steps(oparas, was):
            # a transition relation that also states the initial condition (`fact { no Crit and always
            # step }`, util/ordering's `init[first] and all s: State - last | ...`): its conjuncts that are
            # no steps, as the author wrote them (helper-24)
            if p.kind == "fact" and (same or inserted):
                bodies += [(span, c) for c in _initial_conjuncts(original, old, changed)]
            continue
        if changed & set(reached(cparas, [p])) or p.kind == "sig" and not same:
            continue  # a sig's appended fact reads its fields as this.f: not asked on its own
        if same and not inserted:
            out.append(span)
        else:  # a piece inserted, or the text changed (`no Crit` respelled `Crit = none`): the author's text
            bodies.append((span, old))
    return out, bodies


def _initial_conjuncts(original: str, body: str, changed: set[str], depth: int = 0) -> list[str]:
    """The top-level conjuncts of a transition relation's body (its leading ones, before anything that binds
    more loosely than ``and``) that relate no state to the next and reach no changed pred, fun or macro."""
    toks = tokens(body)
    if not toks:
        return []
    out = []
    for i, j in split_formulas(body, toks, 0, len(toks) - 1, "and"):
        level, start, m = toks[i].depth, i, i
        while m <= j:
            word, n = join(toks, m)
            if toks[m].depth == level and word == "and" and m > start:
                out.append(body[toks[start].start : toks[m - 1].end])
                start = m = m + n
                continue
            if toks[m].depth == level and (toks[m].text in LOWER or word == "or"):
                break
            m += 1
        if start <= j:
            out.append(body[toks[start].start : toks[j].end])
    keep = []
    calls = {q.name: q for q in split_paragraphs(original) if q.kind == "pred" and q.body is not None
             and (sig := signature(q)) is not None and not sig[1]}  # preds without parameters
    for c in out:
        paras, fake = as_fact(original, c)
        if not steps(paras, fake) and not changed & set(reached(paras, [fake])):
            keep.append(c)
        elif c.strip() in calls and depth < 3 and calls[c.strip()].key not in changed:
            # a pred without parameters that the transition relation calls (`fact { system }` with `pred
            # system { init and always step }`, helper-25): its own initial conjuncts
            keep += _initial_conjuncts(original, calls[c.strip()].body or "", changed, depth + 1)
    return keep


def steps(paras: Sequence[Paragraph], fact: Paragraph) -> bool:
    """Does the original fact (or sig's appended fact) relate a state to the next (a primed name, ``after``,
    ``;`` or ``before``; with util/ordering open, ``next``, ``prev``, ``nexts`` or ``prevs``), in its body or
    a pred it reaches? Such a fact is a transition relation: an operation fixed in it or in a pred it calls,
    or ``always`` added to make it hold at every step, is an honest fix whose transition-level assertion it
    may entail (refused: outside attacks, 2026-12-05); what is added inside it is still a piece."""
    keys = set(reached(paras, [fact]))
    span = fact_span(fact)
    own = fact.text[span[0] - fact.start : span[1] - fact.start] if span else ""
    bodies = [own] + [p.body or "" for p in paras if p.key in keys]
    steps = {"'", "after", ";", "before"} | (ORDER_STEPS if uses_ordering(paras) else set())
    return any(t.text in steps for b in bodies for t in tokens(b))


def blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    out = text
    for a, b in sorted(spans, reverse=True):
        out = out[:a] + " " * (b - a) + out[b:]
    return out


def unnamed_steps_kept(original: str, candidate: str, found: list[Piece]) -> list[Piece]:
    """``found`` without the whole unnamed facts that rewrite an unnamed transition relation of the original:
    an unnamed fact has no name to pair it by, so a fixed ``fact { always (... or op[x]) }`` reads as a new
    fact, which alone entails a transition-level assertion; it is an operation fixed where operations are
    (a transition relation, left to preservation as a named one is: helper-26's traffic light)."""
    oparas, cparas = split_paragraphs(original), split_paragraphs(candidate)
    cbodies = {canonical(p.body or "") for p in cparas if p.kind == "fact"}
    if not any(p.kind == "fact" and p.name.startswith("#") and canonical(p.body or "") not in cbodies
               and steps(oparas, p) for p in oparas):
        return found
    whole = {fact_span(p) for p in cparas if p.kind == "fact" and p.name.startswith("#")}
    ordered = uses_ordering(oparas)
    return [q for q in found if not (q.where == "fact" and _trimmed(candidate, q.span) in whole
                                     and a_step(candidate[q.span[0] : q.span[1]], ordered, candidate))]


def _trimmed(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """The fact body span that ``span`` fills (whitespace around it), for comparing with ``fact_span``."""
    for p in split_paragraphs(text):
        fs = fact_span(p) if p.kind == "fact" else None
        if fs and fs[0] <= span[0] and span[1] <= fs[1] and not text[fs[0] : span[0]].strip() \
                and not text[span[1] : fs[1]].strip():
            return fs
    return None


def a_step(formula: str, ordered: bool, model: str = "") -> str:
    """What makes a reading a step constraint (relates a state to the next, in its text or a pred it calls
    in ``model``): "prime" (a prime or ``after``), "order" (util/ordering's ``next``, ``prev``, ``nexts``,
    ``prevs``), or "". A transition relation read as a new fact (an unnamed one rewritten) is a step: with
    Init it entails what it fixes (helper-26's traffic light)."""
    words = {t.text for t in tokens(formula)}
    if words & {"'", "after"}:
        return "prime"
    if ordered and words & ORDER_STEPS:
        return "order"
    if model and steps(*as_fact(model, formula)):
        return "order" if ordered else "prime"
    return ""


def as_fact(model: str, formula: str) -> tuple[list[Paragraph], Paragraph]:
    """``model``'s paragraphs with ``formula`` appended as a fact of its own, and that fact (to ask of a
    formula what is asked of a fact: does it relate a state to the next, what does it reach)."""
    paras = split_paragraphs(model + f"\nfact {{ {formula} }}\n")
    return paras, next(q for q in reversed(paras) if q.kind == "fact")
