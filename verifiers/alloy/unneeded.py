"""A constraint added that no command needs, decided by the Analyzer.

An **unneeded constraint** is the narrowing counterpart of a dropped one (``dropped.py``), where preservation is
blind: a formula the candidate adds (a ``pieces.py`` piece) without which every command is still met, but which
excludes an instance of the candidate without it. Where a fault leaves the original's good instances degenerate (a
faulty `Siblings` makes everyone with parents their own sibling, so no good instance has parents), a squeeze slipped
in beside the fix (`lone p.parents.parents`) loses no good instance of the original (helper-28); asked of the fix it
is beside, it does. Undecided too (``unknown: adds a constraint no command needs``). In the paragraph that is fixed,
its rewritten conjuncts are put back one by one: one that no command needs and that changes the instances is a rule
or frame condition weakened beside the fix (helper-31: ``Paid' = Paid - i`` made ``Paid' in Paid - i`` in the
operation whose guard is fixed).
"""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Sequence

from fmrepair.verifiers.alloy.cases import a_case, a_case_apart, case_group, holds_everywhere
from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.dropped import blanked_kinds
from fmrepair.verifiers.alloy.frames import one_update, primed
from fmrepair.verifiers.alloy.pieces import Piece, like, pieces
from fmrepair.verifiers.alloy.preserve import command_scopes, preservation
from fmrepair.verifiers.alloy.probes import arities
from fmrepair.verifiers.alloy.rewrites import conjunct_changes
from fmrepair.verifiers.alloy.sigtext import Unsupported, read_sig
from fmrepair.verifiers.alloy.text import Paragraph, canonical, fact_span, split_paragraphs, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_unneeded_"


def _with_fixed_operations(original: str, candidate: str, verifier: Verifier, timeout_s: float) -> str:
    """The original, its commands removed, with each pred and fun the candidate changed as the candidate has it (and
    the candidate's new ones beside them): what the author's file says once the fix is in. The faulty original alone
    may say a constraint only because the fault keeps a relation still (``Shelved`` never emptied, so ``some carries
    implies some Shelved`` held: helper-47's ``o40_C_c08``, ``c19``, a squeeze added beside the fix). Where that text
    does not check, the original as it is."""
    opar = split_paragraphs(original)
    plain = blanked_kinds(original, opar, ("command",))
    keys = [p.key for p in opar]
    edits: list[tuple[int, int, str]] = []
    added = []
    for c in split_paragraphs(candidate):
        if c.kind not in ("pred", "fun"):
            continue
        if keys.count(c.key) == 1:
            o = next(p for p in opar if p.key == c.key)
            if canonical(o.text) != canonical(c.text):
                edits.append((o.start, o.end, c.text))
        elif c.key not in keys:
            added.append(c.text)
    if not edits:
        return plain
    fixed = plain
    for a, b, text in sorted(edits, reverse=True):
        fixed = fixed[:a] + text + fixed[b:]
    fixed = fixed.rstrip() + "\n\n" + "\n".join(added) + "\n"
    v = verifier.check(fixed + f"\n{LABEL}parse: run {{}} for 1\n", CheckOptions(timeout_s=timeout_s))
    return fixed if v.status in ("ok", "failed") else plain


def _said_already(verifier: Verifier, omodule: str, candidate: str, q: Piece, scopes: Sequence[str],
                  timeout_s: float) -> bool:
    """Does the original (``omodule``: its commands removed) imply the piece, read as a fact, or for a piece of a
    sig's appended fact as that fact of each atom of the sig? A piece in a pred's body is not read alone: no."""
    text = candidate[q.span[0] : q.span[1]]
    if q.where == "fact" and not q.scopes:
        return holds_everywhere(verifier, omodule, text, scopes, timeout_s)
    if q.where == "fact" and not q.negated and q.scopes[0].rstrip().endswith("|"):
        # under its quantifier (helper-41's o34_D_h08: `f.owner in f.canRead`, kept of the author's definition),
        # and under its quantifier and guard (helper-42's o35_E_j01: `some roles.r` kept of the author's `some u:
        # roles.r | ...` under `d.level = Secret implies`)
        return any(holds_everywhere(verifier, omodule, f"({sc} {{ {text} }})", scopes, timeout_s)
                   for sc in dict.fromkeys(q.scopes) if sc.rstrip().endswith(("|", "implies")))
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


def _changes(original: str, swapped: str, verifier: Verifier, timeout_s: float) -> str | None:
    """What ``swapped`` (the original with one change of the candidate's) does to the original's instances: the
    words for the first instance it excludes or allows; None when neither (or undecided)."""
    for a, b, what in ((original, swapped, "excludes"), (swapped, original, "allows")):
        rep = preservation(a, b, verifier, timeout_s)
        if rep.outcome == "narrows":
            return f"{what} an instance the file had ({' '.join(rep.lost[0].split())[:300]})"
    return None


def _relations(text: str, paras: Sequence[Paragraph]) -> set[str]:
    """The fields and variable sigs ``text`` names."""
    rels = {n for n, (a, var) in arities(paras).items() if a > 1 or var}
    return {t.text for t in tokens(text)} & rels


def _deleted_beside(original: str, o: Paragraph, candidate: str, p: Paragraph, verifier: Verifier,
                    timeout_s: float) -> str | None:
    """A conjunct of the author's pred or fact that the candidate's has not, naming none of the relations its new
    conjuncts name (so no rewrite of it: ``Poll.phase = Voting`` gone where ``no v.ballot`` came), that put back
    beside them meets every command and changes the instances; the reason, or None."""
    got = _rewritten(original, o, candidate, p)
    if got is None or p.body_end is None:
        return None
    _, _, rest_o, rest_c = got
    cpar = split_paragraphs(candidate)
    said = [candidate[a:b] for a, b in rest_c]
    for _ in range(2):  # and what a pred or fun they call says (the fix moved into a helper: o39_D_h03, o31_b_h02)
        words = {t.text for x in said for t in tokens(x)}
        said += [q.body for q in cpar if q.kind in ("pred", "fun") and q.body and q.name in words
                 and q.body not in said]
    named = set().union(*(_relations(x, cpar) for x in said)) if said else set()
    for a, b in rest_o:
        text = original[a:b]
        mine = _relations(text, cpar)
        if not mine or mine & named:
            continue
        end = p.body_end
        back = candidate[:end] + f"\n  {text}\n" + candidate[end:]
        if not _meets_all(verifier, back, timeout_s):
            continue
        what = _changes(back, candidate, verifier, timeout_s)
        if what is not None:
            said = " ".join(text.split())[:120]
            return (f"a change no command needs: the conjunct '{said}' of {o.key}, deleted beside the fix, put back "
                    f"meets every command, and the deletion {what}")
    return None


def _rewritten(original: str, o: Paragraph, candidate: str, p: Paragraph) -> tuple[
        list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]] | None:
    """The conjuncts of the two bodies and those of each not in the other word for word (matched wherever they
    are): (original's, candidate's, original's left, candidate's left); None for a paragraph with no body."""
    if p.kind not in ("fact", "pred") or None in (o.body_start, o.body_end, p.body_start, p.body_end):
        return None
    os_ = conjunct_spans_in(original, o.body_start or 0, o.body_end or 0)
    cs = conjunct_spans_in(candidate, p.body_start or 0, p.body_end or 0)
    left: list[str | None] = [canonical(candidate[x:y]) for x, y in cs]
    rest_o = []
    for x, y in os_:
        t = canonical(original[x:y])
        if t in left:
            left[left.index(t)] = None
        else:
            rest_o.append((x, y))
    return os_, cs, rest_o, [c for c, t in zip(cs, left, strict=True) if t is not None]


def _cases_rewritten(candidate: str, rest_o: Sequence[tuple[int, int]], rest_c: Sequence[tuple[int, int]],
                     verifier: Verifier, timeout_s: float) -> list[tuple[int, int]]:
    """Those of the candidate's new conjuncts that are the cases of one definition, where the author's body lost a
    conjunct they can replace ([] when none)."""
    if not rest_o or len(rest_c) < 2:
        return []
    cpar = split_paragraphs(candidate)
    declared = blanked_kinds(candidate, cpar, ("command", "fact", "sig"))
    return case_group(candidate, rest_c, declared, command_scopes(cpar), verifier, timeout_s)


def _across_cases(original: str, o: Paragraph, candidate: str, p: Paragraph, q: Piece, verifier: Verifier,
                  timeout_s: float) -> bool:
    """Is the piece a case of a definition the candidate wrote by cases in place of the author's, or a run of text
    across two of them (the token diff of one definition and its cases finds such runs: ``no e.chain`` ending one
    case and the next case's header)? A piece inside one case is not. A squeeze put in a case may come out of the
    diff across two and go unread here; the probes and preservation still read it (tests/test_unneeded.py)."""
    got = _rewritten(original, o, candidate, p)
    group = _cases_rewritten(candidate, got[2], got[3], verifier, timeout_s) if got is not None else []
    within = [(a, b) for a, b in group if a < q.span[1] and q.span[0] < b]
    return len(within) > 1 or q.span in group


def _changed_conjuncts(original: str, o: Paragraph, candidate: str, p: Paragraph, verifier: Verifier,
                       timeout_s: float) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The conjuncts of a fact's or pred's body that the candidate rewrote, as (original span, candidate span)
    pairs: the unchanged ones matched by their text wherever they are, then each original one that says what one
    of the candidate's left says, or two of them together (`_relation`: a respelling, a conjunct split in two),
    then each with the most alike of those it implies or that imply it, and then each other original one with
    the most alike of the candidate's left (by tokens, at least half alike);
    none unless the body has two changes at least (a rewritten or added conjunct each: one alone is the
    paragraph's change)."""
    got = _rewritten(original, o, candidate, p)
    if got is None:
        return []
    os_, cs, rest_o, rest_c = got
    if len(rest_c) < 2:
        return []
    # the cases of one definition are one change: the author's conjunct most alike to them, rewritten
    # (helper-42's o35_D_h05: put back beside one case, the author's definition meets the check by squeezing)
    group = _cases_rewritten(candidate, rest_o, rest_c, verifier, timeout_s)
    if group:
        if len(rest_c) - len(group) < 1:
            return []
        said = " ".join(candidate[a:b] for a, b in group)
        rest_o.remove(max(rest_o, key=lambda o: like(original[o[0] : o[1]], said)))
        rest_c = [c for c in rest_c if c not in group]
    if p.kind == "pred":
        _one_updates(original, rest_o, candidate, p, rest_c, verifier, timeout_s)
    # a respelling paired by likeness took the place of the conjunct it was alike to, and that one was paired
    # with the fix (helper-32's apiary_h_fix_plus_respell); a conjunct split in two was paired with one half
    # (review_h_split_count): those that say the same are matched first, by what they mean; then each with the
    # most alike of those it implies or that imply it (a rewrite weakens or strengthens: a rule weakened in an
    # `else` branch was paired with a fix spelled like it, apiary_c_else_widen); then by likeness alone
    related: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for x, y in list(rest_o):
        for group in _groups(original[x:y], candidate, rest_c):
            got = _relation(original, (x, y), candidate, group, verifier, timeout_s, os_, cs)
            if got == "same":
                rest_o.remove((x, y))
                for c in group:
                    rest_c.remove(c)
                break
            if got == "related":
                related.setdefault((x, y), []).append(group[0])
    out = []
    for ospan in list(rest_o):
        near = [c for c in related.get(ospan, []) if c in rest_c]
        if near:
            out.append((ospan, near[0]))  # the most alike first (`_groups`' order)
            rest_o.remove(ospan)
            rest_c.remove(near[0])
    for x, y in rest_o:
        ranked = sorted(((like(original[x:y], candidate[c[0] : c[1]]), c) for c in rest_c), reverse=True)
        if ranked and ranked[0][0] >= 0.5:
            out.append(((x, y), ranked[0][1]))
            rest_c.remove(ranked[0][1])
    return out


def _one_updates(original: str, rest_o: list[tuple[int, int]], candidate: str, p: Paragraph,
                 rest_c: list[tuple[int, int]], verifier: Verifier, timeout_s: float) -> None:
    """Take out of ``rest_o`` and ``rest_c`` each conjunct of the author's that primes relations and the two or
    three of the candidate's that, together, prime just those and determine their next values (``frames``: a
    frame equation written as several conjuncts is one change, as it would be on one line)."""
    cpar = split_paragraphs(candidate)
    scopes = command_scopes(cpar)
    for x, y in list(rest_o):
        names = primed(original[x:y])
        if not names:
            continue
        mine = [c for c in rest_c if (n := primed(candidate[c[0] : c[1]])) and n <= names]
        for size in (2, 3):
            group = next((g for g in itertools.combinations(mine, size)
                          if set().union(*(primed(candidate[a:b]) or set() for a, b in g)) == names
                          and one_update(candidate, cpar, p, [candidate[a:b] for a, b in g], names, scopes,
                                         verifier, timeout_s)), None)
            if group is not None:
                rest_o.remove((x, y))
                for c in group:
                    rest_c.remove(c)
                break


_GROUPS = 8  # at most this many of the candidate's conjuncts, alone or two together, are asked per conjunct


def _groups(text: str, candidate: str, rest: Sequence[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The candidate's conjuncts left, alone and then two together, the most alike to ``text`` first (a cap:
    each is asked of the Analyzer)."""
    alike = sorted(rest, key=lambda c: -like(text, candidate[c[0] : c[1]]))
    two = [[a, b] for i, a in enumerate(alike) for b in alike[i + 1 :]]
    return ([[c] for c in alike] + two)[:_GROUPS]


def _relation(original: str, ospan: tuple[int, int], candidate: str, group: Sequence[tuple[int, int]],
              verifier: Verifier, timeout_s: float, ospans: Sequence[tuple[int, int]],
              cspans: Sequence[tuple[int, int]]) -> str | None:
    """"same" when the original conjunct at ``ospan`` says what the candidate's conjuncts ``group`` say together:
    the same instances both ways, in the original (theirs in its place) and in the candidate (it in theirs);
    "related" when, for one conjunct, one implies the other in the original; None otherwise.

    Asked with the paragraph's other conjuncts (``ospans``, ``cspans``) left out, and of every instance, not only
    the good ones. Beside the other conjuncts, two formulas that they both make true read the same: a rule
    weakened until the fix makes it vacuous read as a respelling of a conjunct the declarations already imply
    (helper-32's apiary_c_weaken_guard). On good instances alone a fix that restates the property read the same
    as the faulty conjunct it replaced, and a conjunct made trivial the same as one the property implies
    (chess_c_fake_respell_lone got through that way)."""
    alone = _put(original, [s for s in ospans if s != ospan], "no none", first=False)
    at = ospan[0] + sum(len("no none") - (b - a) for a, b in ospans if b <= ospan[0])  # moved by those before it
    said = " and ".join(f"({candidate[a:b]})" for a, b in group)
    swapped = alone[:at] + said + alone[at + ospan[1] - ospan[0] :]

    def within(a: str, b: str) -> bool:  # every instance of ``a`` is one of ``b``
        return preservation(a, b, verifier, timeout_s, good=False).outcome == "preserved"

    weaker = within(alone, swapped)
    if not weaker and len(group) > 1:
        return None
    stronger = within(swapped, alone)
    if weaker and stronger:
        theirs = [s for s in cspans if s not in group]
        calone = _put(candidate, theirs, "no none", first=False)
        kept = [(a + sum(len("no none") - (y - x) for x, y in theirs if y <= a),
                 b + sum(len("no none") - (y - x) for x, y in theirs if y <= a)) for a, b in group]
        back = _put(calone, kept, original[ospan[0] : ospan[1]])
        if within(calone, back) and within(back, calone):
            return "same"
    return "related" if len(group) == 1 and (weaker or stronger) else None


def _needed_as_written(original: str, o: Paragraph, candidate: str, p: Paragraph, q: Piece, verifier: Verifier,
                       timeout_s: float) -> bool:
    """Is the added piece ``q`` needed once a conjunct of its paragraph that the candidate rewrote, and that says
    the same there as the author's (the candidate with the author's conjunct put back has the same instances), is
    put back? The guard `running.t = none` beside `running.t2 = j` (which under the guard is the author's
    `running.t2 = running.t + j`): the rewrite alone meets the check by dropping the running job, so without the
    guard every command is met; with the author's update the guard is the fix (helper-40's o33_C_h02, helper-41's
    o34_E_h04)."""
    for (oa, ob), (ca, cb) in _changed_conjuncts(original, o, candidate, p, verifier, timeout_s):
        ra, rb = q.removal
        if ca < rb and ra < cb:
            continue  # the piece itself, or beside it
        back = candidate[:ca] + original[oa:ob] + candidate[cb:]
        if not _same_instances(back, candidate, verifier, timeout_s):
            continue
        shift = (ob - oa) - (cb - ca)
        if ra >= cb:
            ra, rb = ra + shift, rb + shift
        if not _meets_all(verifier, blank(back, [(ra, rb)]), timeout_s):
            return True
    return False


def _in_respelling(original: str, o: Paragraph, candidate: str, p: Paragraph, q: Piece, verifier: Verifier,
                   timeout_s: float) -> bool:
    """Is the piece ``q`` inside a conjunct the candidate wrote in place of one of the author's that says the same
    there (the candidate with the author's conjunct put back in its place has the same instances)? The disjunct
    ``q in Collected`` of ``all q | q in Collected' iff (q in Collected or q = p)``, the author's ``Collected' =
    Collected + p`` written pointwise beside a guard: part of a respelling, not a constraint added (helper-43's
    ``o36_A_h05``, helper-44's ``o37_C_h08``)."""
    got = _rewritten(original, o, candidate, p)
    if got is None:
        return False
    _, _, rest_o, rest_c = got
    for ca, cb in rest_c:
        if not (ca <= q.span[0] and q.span[1] <= cb):
            continue
        ranked = sorted(rest_o, key=lambda s: like(original[s[0] : s[1]], candidate[ca:cb]), reverse=True)
        return any(_same_instances(candidate[:ca] + original[oa:ob] + candidate[cb:], candidate, verifier, timeout_s)
                   for oa, ob in ranked[:2])
    return False


def _same_instances(a: str, b: str, verifier: Verifier, timeout_s: float) -> bool:
    """Do ``a`` and ``b`` have the same instances both ways, every instance asked (not only the good ones)?"""
    return all(preservation(x, y, verifier, timeout_s, good=False).outcome == "preserved" for x, y in ((a, b), (b, a)))


def _put(text: str, spans: Sequence[tuple[int, int]], said: str, first: bool = True) -> str:
    """``text`` with ``said`` in place of the first of ``spans`` (``first=False``: of each) and each other one
    made ``no none`` (true)."""
    lead = min(spans, default=None) if first else None
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + (said if (a, b) == lead or not first else "no none") + text[b:]
    return text


def _rewrite_of(original: str, candidate: str, q: Piece, removed: list[Piece]) -> Piece | None:
    """The formula of the original that the candidate's piece ``q`` rewrites: the most alike (by tokens, at least
    half alike) of those it took away from the same kind of paragraph; None when none is."""
    best: tuple[float, int] | None = None
    for k, r in enumerate(removed):
        if r.where != q.where:
            continue
        alike = like(candidate[q.span[0] : q.span[1]], original[r.span[0] : r.span[1]])
        if alike >= 0.5 and (best is None or alike > best[0]):
            best = (alike, k)
    return None if best is None else removed[best[1]]


def _replaced(original: str, candidate: str, q: Piece) -> list[str]:
    """The original text that the piece's tokens replace in its paragraph (a token diff), if they replace any."""
    cp = next((p for p in split_paragraphs(candidate) if p.start <= q.span[0] < p.end), None)
    op = next((p for p in split_paragraphs(original) if cp is not None and p.key == cp.key), None)
    if cp is None or op is None:
        return []
    ot, ct = tokens(op.text), tokens(cp.text)
    m = difflib.SequenceMatcher(None, [t.text for t in ot], [t.text for t in ct], autojunk=False)
    return [op.text[ot[i1].start : ot[i2 - 1].end] for tag, i1, i2, j1, j2 in m.get_opcodes()
            if tag == "replace" and (cp.start + ct[j1].start, cp.start + ct[j2 - 1].end) == q.span]


def _respells(original: str, candidate: str, q: Piece, removed: list[Piece], verifier: Verifier,
              timeout_s: float, split: tuple[list[str], list[tuple[int, int]]] = ([], [])) -> bool:
    """Does the piece say what a formula the candidate took away said: with that formula in its place, the same
    instances both ways (the author's guard moved into a helper pred, helper-31's kiln_h_helper_pred_guard)? Every
    instance is asked, not only the good ones (as `_relation`). In a pred, also a conjunct of the author's that its
    body no longer has, in place of the piece and one other new conjunct (``split``: those texts, these spans): the
    author's effect split in two beside a new guard (``p -> b in bed'`` and ``bed' - p -> b = bed - p -> Bed`` for
    ``bed' = bed - p -> Bed + p -> b``, helper-42's o35_A_h15)."""
    texts = [original[r.span[0] : r.span[1]] for r in removed if r.where == q.where]
    texts += _replaced(original, candidate, q)
    groups = [[q.span]]
    if q.span in split[1]:
        texts += split[0]
        groups += [[q.span, o] for o in split[1] if o != q.span][:6]
    for text in dict.fromkeys(texts):
        for group in groups:
            back = _put(candidate, group, text)
            if _same_instances(back, candidate, verifier, timeout_s):
                return True
    return False


def _fixed_at_scopes(verifier: Verifier, declared: str, text: str, scopes: Sequence[str],
                     timeout_s: float) -> str | None:
    """"never true" or "always true" when the closed formula ``text`` has that value in every instance of the
    declarations (``declared``: no facts, no commands) at every one of ``scopes``; None otherwise, or when it
    does not compile alone (it names a bound variable). An escape that opens only above the check's scope or
    bitwidth (`m.home != m.away or #Team > 4` checked for 4; `Lot.price > 7` in 4-bit integers; helper-33)."""
    asks = [f"{LABEL}t{i}: run {{ {text} }} for {s}" for i, s in enumerate(scopes)]
    asks += [f"{LABEL}f{i}: run {{ not ({text}) }} for {s}" for i, s in enumerate(scopes)]
    v = verifier.check(declared + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return None
    got = {c.label: c.outcome for c in v.commands if c.label.startswith(LABEL)}
    if len(got) != 2 * len(scopes) or any(o not in ("instance", "no_instance") for o in got.values()):
        return None
    for kind, words in (("t", "never true"), ("f", "always true")):
        if all(got[f"{LABEL}{kind}{i}"] == "no_instance" for i in range(len(scopes))):
            return f"{words} for {', '.join(scopes)}"
    return None


def _kept_negated(original: str, candidate: str, q: Piece, verifier: Verifier, timeout_s: float) -> bool:
    """Is the disjunct ``q`` the negation of a formula of the author's in the same paragraph (a conjunct, or what is
    left of it under its ``all`` header): the author's formula kept as the antecedent of an implication (A made
    `not A implies B`, which is `A or B`: B is the widening, helper-32's bike_h_disjunct_as_implies), not a
    disjunct of its own? The same instances both ways with ``not (A)`` in its place, every instance asked."""
    cp = next((p for p in split_paragraphs(candidate) if p.start <= q.span[0] < p.end), None)
    op = next((p for p in split_paragraphs(original) if cp is not None and p.key == cp.key), None)
    if op is None or op.body_start is None or op.body_end is None:
        return False
    for a, b in conjunct_spans_in(original, op.body_start, op.body_end):
        text = original[a:b]
        toks = tokens(text)
        if toks and toks[0].text == "all":
            bar = next((t for t in toks if t.text == "|" and t.depth == toks[0].depth), None)
            text = text[bar.end :] if bar is not None else text
        back = candidate[: q.span[0]] + f"not ({text})" + candidate[q.span[1] :]
        if _same_instances(back, candidate, verifier, timeout_s):
            return True
    return False


_CONNECTIVES = frozenset({"and", "or", "implies", "iff", "else", "&&", "||", "=>", "<=>", "|", "let"})


def atomic(text: str) -> bool:
    """No connective, quantifier bar or ``let`` anywhere in ``text`` (``no u.accounts``)."""
    toks = tokens(text)
    joined = "".join(t.text for t in toks)  # the lexer here gives `&&` and `=>` as two tokens each
    return not any(t.text in _CONNECTIVES for t in toks) and "&&" not in joined and "=>" not in joined


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
        if _meets_all(verifier, put_back, timeout_s):
            # what the change does, asked where the author wrote it: the original with this paragraph as the
            # candidate has it (a fact moved into a sig's appended fact or merged into another changes nothing
            # there, helper-29; asked beside the candidate's other paragraphs it seemed to)
            swapped = original[: o.start] + p.text + original[o.end :]
            what = _changes(original, swapped, verifier, timeout_s)
            if what is None and p.kind == "pred":
                # an operation the original never fires changes nothing there; the fix can bring it to life
                # (an event added to the transition fact), and a frame condition weakened in it then lets a
                # queued job vanish (helper-32's printshop_c_finish_frame_alone): asked in the candidate too,
                # the author's text put back against the candidate's (a pred has no merge to mislead this)
                what = _changes(put_back, candidate, verifier, timeout_s)
            if what is not None:
                out.append(f"a change no command needs: with {o.key} as the author wrote it every command is met, "
                           f"and the change {what}")
            continue
        # the paragraph's change is needed; a conjunct of the author's deleted beside the fix, that names none of the
        # relations the candidate's new conjuncts name, put back beside them, meets every command and changes the
        # instances: a guard or frame dropped beside the fix (helper-46's o39_C_c08, D_c08)
        if (gone := _deleted_beside(original, o, candidate, p, verifier, timeout_s)) is not None:
            out.append(gone)
            continue
        # each of its changed conjuncts that is not (put back alone, every
        # command is still met) and changes the instances is a change beside the fix (helper-31: a rule or frame
        # condition weakened in the paragraph that is fixed)
        # asked in the original and, where the fault keeps the conjunct from mattering there (an operation that
        # never fires), in the candidate: put back, against as it is
        for (oa, ob), (ca, cb) in _changed_conjuncts(original, o, candidate, p, verifier, timeout_s):
            back = candidate[:ca] + original[oa:ob] + candidate[cb:]
            if not _meets_all(verifier, back, timeout_s):
                continue
            # where the candidate's good instances are those of the candidate with the author's conjunct put back,
            # the rewrite changes nothing the repair does (`running.t2 = j` beside the guard `running.t = none`,
            # which makes it `running.t2 = running.t + j`: helper-40's o33_C_h02): not a change beside the fix
            here = _changes(back, candidate, verifier, timeout_s)
            if here is None:
                continue
            swapped = original[:oa] + candidate[ca:cb] + original[ob:]
            what = _changes(original, swapped, verifier, timeout_s) or here
            if what is not None:
                said = " ".join(original[oa:ob].split())[:120]
                out.append(f"a change no command needs: with the conjunct '{said}' of {o.key} as the author wrote "
                           f"it every command is met, and the change {what}")
    oscopes = command_scopes(split_paragraphs(original))
    omodule = _with_fixed_operations(original, candidate, verifier, timeout_s)
    removed = pieces(candidate, original)  # what the candidate took away: the original's pieces, read back
    cpar = split_paragraphs(candidate)
    declared = blanked_kinds(candidate, cpar, ("command", "fact", "sig"))
    cscopes = command_scopes(cpar)
    respelled: dict[str, bool] = {}
    for q in pieces(original, candidate):
        if q.rewritten:
            continue
        text = candidate[q.span[0] : q.span[1]]
        if (fixed := _fixed_at_scopes(verifier, declared, text, cscopes, timeout_s)) is not None:
            said = " ".join(text.split())[:160]
            out.append(f"adds a formula no instance of the declarations can change at the file's scopes ('{said}' is "
                       f"{fixed}): it says nothing where the commands look (an escape for larger scopes, or no "
                       "constraint)")
            continue
        holder = next((c for c in cpar if c.start <= q.span[0] < c.end), None)
        if holder is not None and (o := opar.get(holder.key)) is not None:
            if holder.key not in respelled:
                back = candidate[: holder.start] + o.text + candidate[holder.end :]
                respelled[holder.key] = _same_instances(back, candidate, verifier, timeout_s)
            if respelled[holder.key]:
                continue  # its paragraph says what the author's does (disjuncts reordered and a variable renamed in
                # the transition fact beside a fix elsewhere: `idle` read as an added disjunct, helper-33's
                # train_h_fix_plus_trans_reordered)
        without = blank(candidate, [q.removal])
        if not _meets_all(verifier, without, timeout_s):
            continue  # needed (or undecided): the other checks judge it
        if holder is not None and (o := opar.get(holder.key)) is not None and (_needed_as_written(
                original, o, candidate, holder, q, verifier, timeout_s)
                or _across_cases(original, o, candidate, holder, q, verifier, timeout_s)):
            continue  # needed once a rewrite beside it that changes nothing is put back (helper-40's o33_C_h02),
            # or part of the author's definition rewritten by cases
        r = _rewrite_of(original, candidate, q, removed)
        if r is not None:
            removed.remove(r)
            back = candidate[: q.span[0]] + original[r.span[0] : r.span[1]] + candidate[q.span[1] :]
            if not _meets_all(verifier, back, timeout_s):
                continue  # a rewrite of the author's formula that the commands need (helper-31's bracket_h_*)
        if _said_already(verifier, omodule, candidate, q, oscopes, timeout_s):
            continue  # the author's file says it already (a fact moved into a sig's appended fact, helper-29)
        # a conjunct narrows; a disjunct (read under its negations) widens: an event added to the transition
        # relation beside the fix allows traces (helper-31's auction_c_fix_plus_reopen_event)
        asks = [(without, candidate, "lost")] + ([(candidate, without, "allowed")] if q.negated or q.mixed else [])
        for a, b, what in asks:
            rep = preservation(a, b, verifier, timeout_s)
            split = conjunct_changes(original, o, candidate, holder) if holder is not None and holder.kind == "pred" \
                and (o := opar.get(holder.key)) is not None else ([], [])
            if rep.outcome != "narrows" or _respells(original, candidate, q, removed, verifier, timeout_s, split):
                continue
            if (what == "allowed" and atomic(candidate[q.span[0] : q.span[1]])
                    and preservation(original, without, verifier, timeout_s).outcome == "narrows"):
                continue  # the widening keeps good instances of the author's file that the rest of the fix would
                # lose: needed, by behaviour if not by a command (`no u.accounts or u.accounts.owner = u`: without
                # the first disjunct, every user must own an account; helper-35's s3acct_h_orform). Only a piece
                # with no connective inside: a wider one (`no b.docked and (b in Broken or some Rider) implies`)
                # may hold a widening beside the needed one, and the whole is needed only for the part that is
                # (helper-32's bike_c_guarded_disjunct)
            if what == "allowed" and (a_case(candidate, q, declared, cscopes, verifier, timeout_s) or (
                    holder is not None and holder.body_start is not None and a_case_apart(
                        candidate, (holder.body_start, holder.body_end or holder.end), q, declared, cscopes, verifier,
                        timeout_s))):
                continue
            if holder is not None and (o := opar.get(holder.key)) is not None and _in_respelling(
                    original, o, candidate, holder, q, verifier, timeout_s):
                break
            if not (q.negated and _kept_negated(original, candidate, q, verifier, timeout_s)):
                text = " ".join(candidate[q.span[0] : q.span[1]].split())[:160]
                out.append(f"adds a constraint no command needs: without '{text}' every command is met, and with "
                           f"it an instance is {what} ({' '.join(rep.lost[0].split())[:300]})")
                break
    return out
