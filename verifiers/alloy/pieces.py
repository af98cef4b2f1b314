"""What a candidate adds to the constraints of the original (*pieces*): a new fact, a new appended
signature fact, or whole formulas inserted into an existing fact, appended fact, or a pred/fun/macro
body that a fact reaches; each with what to delete to take it out again and its readings under the
headers it lies under (``headers.py``). Pure text: whether a piece assumes the property is
``assume.py``."""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from fmrepair.verifiers.alloy.connectives import (
    balanced,
    conjunct_spans,
    join,
    join_end,
    line_cut,
    split_formulas,
    whole_formula,
)
from fmrepair.verifiers.alloy.headers import alpha, antecedent, leaves, scope
from fmrepair.verifiers.alloy.reach import reached, roots_of, short_name
from fmrepair.verifiers.alloy.reorder import conjuncts_in_order
from fmrepair.verifiers.alloy.sigtext import Unsupported, read_sig
from fmrepair.verifiers.alloy.text import (
    Paragraph,
    Token,
    canonical,
    fact_span,
    in_order,
    is_name,
    split_paragraphs,
    tokens,
)


class Piece(NamedTuple):
    span: tuple[int, int]  # the added formula, in the candidate
    removal: tuple[int, int]  # what to delete to take it out again (with its ``and``)
    where: str  # "fact" | "sig" (an appended fact: fields read as this.f) | "pred" (a body a fact reaches)
    rewritten: str = ""  # a whole fact body the candidate rewrote (its key), not an insertion
    scopes: tuple[str, ...] = ()  # readings of the headers it lies under that bind its names (``scope``)
    negated: bool = False  # a disjunct (``A or P``): read as ``not P`` under its headers
    mixed: bool = False  # inserted beside a rewrite of the same body (which is judged as a rewrite too)
    flipped: tuple[tuple[str, ...], bool] = ((), False)  # (scopes, negated) in a body called under a negation
    # more (reading, negated, sigs): a pred's piece at each call in a fact, or in a sig's appended fact (its
    # sigs' names: the reading is asked as an appended fact, fields read as this.f)
    extra: tuple[tuple[str, bool, tuple[str, ...]], ...] = ()


def pieces(original: str, candidate: str) -> list[Piece]:
    """What the candidate adds to the constraints (see the module docstring). A formula the candidate only
    moved within its paragraph (the same text under the same headers and negations, that the original's
    paragraph of that name has where the candidate no longer has it: conjuncts reordered, helper-32) is no
    piece. Moved to another paragraph it still is (an initial condition moved into the transition fact beside
    an inductive step: o19_a6_init_moved)."""
    out = _pieces(original, candidate)
    if not out:
        return out
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)

    def home(paras: Sequence[Paragraph], at: int) -> str:  # the key of the paragraph at offset ``at``
        return next((p.key for p in paras if p.start <= at < p.end), "")

    gone = [(canonical(original[r.span[0] : r.span[1]]), r.where, r.scopes, r.negated, home(opar, r.span[0]))
            for r in _pieces(candidate, original)]
    kept = []
    for q in out:
        key = (canonical(candidate[q.span[0] : q.span[1]]), q.where, q.scopes, q.negated, home(cpar, q.span[0]))
        if key in gone:
            gone.remove(key)
        else:
            kept.append(q)
    return [q for q in kept if not _moved(opar, cpar, candidate, q)]


def _moved(opar: Sequence[Paragraph], cpar: Sequence[Paragraph], candidate: str, q: Piece) -> bool:
    """Is the piece a top-level conjunct of its pred that the author's pred of that name has as often, word for
    word (lines reordered beside a new guard, which difflib read from the two sides differently: helper-42's
    ``o35_C_h07``)?"""
    p = next((c for c in cpar if c.kind == "pred" and c.body_start is not None and c.start <= q.span[0] < c.end), None)
    o = next((c for c in opar if p is not None and c.kind == "pred" and c.key == p.key and c.body is not None), None)
    if p is None or o is None or p.body is None:
        return False
    mine = [(p.body_start + a, p.body_start + b) for a, b in conjunct_spans(p.body)]
    if q.span not in mine:
        return False
    text = canonical(candidate[q.span[0] : q.span[1]])
    theirs = [canonical(o.body[a:b]) for a, b in conjunct_spans(o.body)]
    return sum(canonical(candidate[a:b]) == text for a, b in mine) <= theirs.count(text)


def _pieces(original: str, candidate: str) -> list[Piece]:
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    counterpart = counterparts(opar, [p for p in cpar if p.kind == "fact"])
    otexts = [canonical(source_of(original, fact_span(p))) for p in opar if p.kind in ("fact", "sig")
              if fact_span(p)]
    osigs = {p.name: p for p in opar if p.kind == "sig"}
    ocalls = {p.key: p for p in opar if p.kind in ("pred", "fun", "let")}  # a macro too (an outside attack)
    from_facts = reached(cpar, roots_of(cpar, ("fact", "sig")))
    sigs = [n for q in cpar if q.kind == "sig" for n in _sig_names(q)]
    renamed = _renamed(opar, cpar)
    out: list[Piece] = []
    for p in cpar:
        before = ocalls.get(p.key) or renamed.get(p.key) if p.kind in ("pred", "fun", "let") else None
        if before is not None and p.key in from_facts and p.body_start is not None:
            params = param_headers(p, sigs)
            calls = _calls(cpar, p)
            fields = field_names(cpar) if any(on for *_, on in calls) else set()
            for q in _inserted(before.body or "", p.body or "", p.body_start, "pred"):
                # also read for every argument (asked only where the candidate implies it: b2_a02), and at each
                # call in a fact, under the call's headers, guards and negations (an operation called only
                # under a guard, or as ``no n | bad[n]``: outside attacks, 2026-12-05)
                extra = [(f"{before} {at_fields(sc, fields) if on else sc}".strip(), neg, on)
                         for before, odd, on in calls for sc, neg in _inner(q, odd)]
                q = q._replace(scopes=(*(f"all {d} | {sc}" for d in params for sc in q.scopes or ("",)), *q.scopes),
                               extra=tuple(dict.fromkeys(extra))[:24])
                out.append(q)
            continue
        span = fact_span(p) if p.kind in ("fact", "sig") else None
        if span is None:
            continue
        body = candidate[span[0] : span[1]]
        before = counterpart[id(p)] if p.kind == "fact" else osigs.get(p.name)
        if before is None or (p.kind == "fact" and p.name.startswith("#")):
            if canonical(body) not in otexts and canonical(body):
                # an unnamed fact the original had (same place among the unnamed ones) with conjuncts only
                # added: those are the pieces, not the whole body; otherwise it is a new fact
                same = [q for q in opar if q.kind == "fact" and q.key == p.key] if p.name.startswith("#") else []
                grown = _inserted(same[0].body or "", body, span[0], p.kind) if same else []
                out += grown or [Piece(span, span, p.kind)]
            continue
        ospan = fact_span(before)
        obody = original[ospan[0] : ospan[1]] if ospan else ""
        out += _inserted_in_order(obody, body, span[0], p.kind)
    return out


def counterparts(opar: Sequence[Paragraph], cfacts: Sequence[Paragraph]) -> dict[int, Paragraph | None]:
    """Each candidate fact's counterpart among the original's named facts (by ``id``; None: new): by name,
    and a named fact with no counterpart by name paired with the most similar original fact that lost its
    name (at least 60% of the body's tokens in common): a fact renamed while it is fixed is the same fact
    (b2_h11: read as a new fact, an honest fix was undecided; the same fix unrenamed is accepted)."""
    before = [p for p in opar if p.kind == "fact" and not p.name.startswith("#")]
    # a fact with an original's very body is that fact, whatever its name: the original's name given to a new
    # body while the old body moved under a new name hid the new body (outside attacks, 2026-12-05)
    same: dict[int, Paragraph] = {}
    taken: set[int] = set()
    for p in cfacts:
        if p.name.startswith("#"):
            continue
        was = next((q for q in before if id(q) not in taken and canonical(q.body or "") == canonical(p.body or "")),
                   None)
        if was is not None:
            same[id(p)] = was
            taken.add(id(was))
    rest = [q for q in before if id(q) not in taken]
    counterpart = {id(p): was for p, was in in_order(rest, [p for p in cfacts if id(p) not in same])}
    counterpart.update(same)
    matched = {id(was) for was in counterpart.values() if was is not None}
    gone = [q for q in before if id(q) not in matched]
    for p in cfacts:
        if counterpart.get(id(p)) is not None or not gone or p.name.startswith("#"):
            continue
        best = max(gone, key=lambda q: like(q.body or "", p.body or ""))
        if like(best.body or "", p.body or "") >= 0.6:
            counterpart[id(p)] = best
            gone.remove(best)
    return counterpart


def like(a: str, b: str) -> float:
    """How alike two bodies are: the share of their tokens in common, bound names read by place (``alpha``:
    a fact renamed with its bound variables renamed was read as new, an outside attack, 2026-12-05)."""
    return difflib.SequenceMatcher(a=alpha(tokens(a)), b=alpha(tokens(b)), autojunk=False).ratio()


def _kept(a: str, b: str) -> float:
    """The share of ``a``'s tokens (bound names by place) that ``b`` keeps in order."""
    ta, tb = alpha(tokens(a)), alpha(tokens(b))
    got = difflib.SequenceMatcher(a=ta, b=tb, autojunk=False).get_matching_blocks()
    return sum(m.size for m in got) / len(ta) if ta else 0.0


def _renamed(opar: Sequence[Paragraph], cpar: Sequence[Paragraph]) -> dict[str, Paragraph]:
    """Each candidate pred, fun or macro with no original of its key, paired with the original one of the same
    kind and parameters that the candidate lost and whose body it resembles most (60% of the tokens in common,
    or of the original's kept): renamed
    while a conjunct was added (with its calls), it was never read (an outside attack, 2026-12-05)."""
    ckeys, okeys = {p.key for p in cpar}, {q.key for q in opar}
    gone = [q for q in opar if q.kind in ("pred", "fun", "let") and q.key not in ckeys and q.body is not None]
    out: dict[str, Paragraph] = {}
    for p in cpar:
        if p.kind not in ("pred", "fun", "let") or p.key in okeys or p.body is None:
            continue
        same = [q for q in gone if q.kind == p.kind and param_headers(q) == param_headers(p) and _head(q) == _head(p)]
        best = max(same, key=lambda q: like(q.body or "", p.body or ""), default=None)
        if best is not None and max(like(best.body or "", p.body or ""), _kept(best.body or "", p.body or "")) >= 0.6:
            out[p.key] = best
            gone.remove(best)
    return out


def _head(p: Paragraph) -> list[str]:
    """A pred's, fun's or macro's text before its body, its name left out."""
    end = (p.body_start or p.end) - p.start
    return [t.text for t in tokens(p.text[:end]) if t.text != p.name]


def _param_names(p: Paragraph) -> list[str]:
    """The names of a pred's, fun's or macro's parameters, in order ([] for none or a receiver)."""
    if p.body_start is None and p.kind != "let":
        return []
    toks = tokens(p.text[: p.body_start - p.start] if p.body_start is not None else p.text[: _equals(p)])
    opens = [k for k, t in enumerate(toks) if t.text in "[(" and t.depth == 0]
    if not opens or "." in [t.text for t in toks[: opens[0]]]:
        return []
    out, naming = [], True
    for t in toks[opens[0] + 1 :]:
        if t.depth == 1 and t.text in "])":
            break
        if t.depth != 1:
            continue
        if t.text in (":", ","):
            naming = t.text == ","  # a name list, then its type up to the next comma
        elif naming and is_name(t.text) and t.text != "disj":
            out.append(t.text)
    return out


def _equals(p: Paragraph) -> int:
    """Where a macro without braces (``let m[x] = e``) has its ``=`` (the paragraph's length when none)."""
    return next((t.start for t in tokens(p.text) if t.depth == 0 and t.text == "="), len(p.text))


def _body_text(p: Paragraph) -> str | None:
    """A paragraph's body: between its braces, or a macro's text after its ``=``."""
    if p.body is not None or p.kind != "let":
        return p.body
    return p.text[_equals(p) + 1 :] or None


def field_names(cpar: Sequence[Paragraph]) -> set[str]:
    """Every field the sigs declare (a declaration the gate does not read adds none)."""
    out: set[str] = set()
    for p in cpar:
        if p.kind == "sig":
            try:
                out |= {f for f, _, _ in read_sig(p).fields}
            except Unsupported:
                continue
    return out


def at_fields(text: str, fields: set[str]) -> str:
    """``text`` with each field name written ``@f``: a pred's body read inside a sig's appended fact, where a
    bare field name would read as ``this.f``."""
    out, at = [], 0
    toks = tokens(text)
    for k, t in enumerate(toks):
        if t.text in fields and not (k > 0 and toks[k - 1].text == "@"):
            out += [text[at : t.start], "@"]
            at = t.start
    return "".join(out) + text[at:]


THIS = "fmrepair_this"  # a receiver pred's ``this``, as a name a ``let`` can bind in a reading


def _receiver(p: Paragraph) -> bool:
    """Is ``p`` a receiver pred or fun (``pred Node.wf``)?"""
    words = [t.text for t in tokens(p.text[: (p.body_start or p.end) - p.start]) if t.depth == 0]
    cut = words.index("[") if "[" in words else len(words)
    return "." in words[:cut]


def _call_sites(body: str, ft: Sequence[Token], name: str) -> Iterator[tuple[int, int, list[str]]]:
    """(first token, last token, arguments) of each call of ``name`` in a body: ``name[a, b]``, ``name``, and
    ``x.name`` / ``x.name[b]`` (the receiver ``x`` a plain name, its first argument: an outside attack)."""
    for m, t in enumerate(ft):
        if t.text != name or m > 0 and ft[m - 1].text == "/":
            continue
        args: list[str] = []
        first = m
        if m >= 2 and ft[m - 1].text == "." and is_name(ft[m - 2].text) and not (
                m >= 3 and ft[m - 3].text in (".", "/")):
            args, first = [ft[m - 2].text], m - 2
        elif m > 0 and ft[m - 1].text == ".":
            continue
        close = m
        if m + 1 < len(ft) and ft[m + 1].text == "[":
            d = ft[m + 1].depth + 1
            close = next((c for c in range(m + 2, len(ft)) if ft[c].depth == d and ft[c].text == "]"), -1)
            if close < 0:
                continue
            cuts = [m + 1, *(c for c in range(m + 2, close) if ft[c].depth == d and ft[c].text == ","), close]
            args += [body[ft[a + 1].start : ft[b - 1].end] for a, b in itertools.pairwise(cuts) if b > a + 1]
        yield first, close, args


def _calls(cpar: Sequence[Paragraph], callee: Paragraph, odd0: bool = False, depth: int = 0,
           seen: frozenset[str] = frozenset()) -> list[tuple[str, bool, tuple[str, ...]]]:
    """(the text before the callee's body, whether it lies under an odd number of negations) at each call of
    ``callee`` in a fact, or in a pred or macro called so (two levels up: an operation called through another,
    or through a macro, was not read there, outside attacks), or in a sig's appended fact (then with the sig's
    names: the reading is asked as an appended fact): the headers, guards and negations over the call
    (``scope``), then ``let`` bindings of the parameters to the arguments; a call that is one choice of a
    disjunction is left out (its body need not hold there: a reading there only restates what the whole
    model implies, which refused an honest guard, ``b_honest_traffic_temporal_guard``)."""
    names = ([THIS] if _receiver(callee) else []) + _param_names(callee)
    out: list[tuple[str, bool, tuple[str, ...]]] = []
    for f in cpar:
        span = fact_span(f) if f.kind == "sig" else None
        body = f.text[span[0] - f.start : span[1] - f.start] if span else _body_text(f)
        if body is None or f.kind not in ("fact", "sig", "pred", "let") or f.key == callee.key or f.key in seen:
            continue
        outers = [("", odd0, ())] if f.kind == "fact" else [("", odd0, tuple(_sig_names(f)))] if span else (
            _calls(cpar, f, odd0, depth + 1, seen | {callee.key}) if depth < 2 and f.kind != "sig" else [])
        ft = tokens(body) if outers else []
        for first, close, args in _call_sites(body, ft, short_name(callee)) if outers else ():
            if len(args) != len(names):
                continue
            binds = ", ".join(f"{n} = {a}" for n, a in zip(names, args, strict=True) if n != a.strip())
            used = {u.text for u in ft[first : close + 1]}
            for before, odd, on in outers:
                reads, inner = scope(body, ft, first, used, close, odd=odd)
                if not inner and _disjunct(body, ft, first, close):
                    continue
                for head in reads or ("",):
                    out.append((" ".join(x for x in (before, head, f"let {binds} |" if binds else "") if x), inner, on))
    return list(dict.fromkeys(out))[:12]


def _disjunct(body: str, ft: Sequence[Token], lo: int, hi: int) -> bool:
    """Does the formula at tokens lo..hi lie in a disjunction, at its level or in any bracket around it (a
    line of a block bounds it)?"""
    while True:
        level = ft[lo].depth
        a = lo
        while a > 0 and ft[a - 1].depth >= level and not (ft[a].depth == level and line_cut(body, ft, a)):
            a -= 1
        b = hi
        while b + 1 < len(ft) and ft[b + 1].depth >= level and not (
                ft[b + 1].depth == level and (ft[b + 1].text in ")]}" or line_cut(body, ft, b + 1))):
            b += 1
        if any(ft[k].depth == level and join(ft, k)[0] == "or" for k in range(a, b + 1)):
            return True
        if a == 0 or ft[a - 1].text not in "({" or b + 1 >= len(ft):
            return False
        lo, hi = a - 1, b + 1


def _inner(q: Piece, odd: bool) -> list[tuple[str, bool]]:
    """A pred's piece's (reading, negated) in its body, the call lying under ``odd`` negations or not."""
    scopes, negated = q.flipped if odd else (q.scopes, q.negated)
    return [(sc, negated) for sc in scopes or ("",)]


def _sig_names(p: Paragraph) -> list[str]:
    """The names a sig paragraph declares (``sig A, B extends C {...}``: A and B)."""
    words = [t.text for t in tokens(p.text[: (p.body_start or p.end) - p.start]) if t.depth == 0]
    k = words.index("sig") + 1 if "sig" in words else len(words)
    out = []
    while k < len(words) and is_name(words[k]) and words[k] not in ("extends", "in"):
        out.append(words[k])
        k += 2 if k + 1 < len(words) and words[k + 1] == "," else len(words)
    return out


def param_headers(p: Paragraph, sigs: Sequence[str] = ()) -> list[str]:
    """The declarations of a pred's, fun's or macro's parameters, as quantifier headers would bind them
    (``b, b2: Bank, a: Account``; a ``set X`` parameter one atom at a time); none for no parameters, for a
    receiver (``pred Bank.inv``: its ``this`` cannot be bound by a quantifier), a relation or a sequence. A
    macro's parameters have no type: each of the first four sigs for a macro of one or two parameters."""
    if p.body_start is None:
        return []
    toks = [t for t in tokens(p.text[: p.body_start - p.start]) if t.depth in (0, 1)]
    words = [t.text for t in toks]
    if "." in words[: words.index("[") if "[" in words else len(words)]:
        return []
    opens = [k for k, t in enumerate(toks) if t.text in "[(" and t.depth == 0]
    if not opens:
        return []
    k = opens[0]
    close = next((m for m in range(k + 1, len(toks)) if toks[m].text in "])" and toks[m].depth == 1), None)
    if close is None or close == k + 1:
        return []
    decls = " ".join(p.text[toks[k].end : toks[close].start].split())
    if ":" not in decls:  # a macro (an outside attack, 2026-12-05)
        names = [n.strip() for n in decls.split(",")]
        if len(names) > 2:
            return []
        return [", ".join(f"{n}: {s}" for n, s in zip(names, combo, strict=True))
                for combo in itertools.product(sigs[:4], repeat=len(names))]
    if "->" in decls or re.search(r"\bseq\b", decls):
        return []  # a relation or a sequence: no first-order reading
    return [re.sub(r":\s*(set|some|lone|one)\s+", ": ", decls)]


def source_of(text: str, span: tuple[int, int] | None) -> str:
    return text[span[0] : span[1]] if span else ""


def _inserted_in_order(obody: str, body: str, base: int, where: str) -> list[Piece]:
    """`_inserted`, with the body's conjuncts read in the original's order where the candidate moved them
    (reorder.py); a piece is taken out with the ``and`` beside it."""
    lay = conjuncts_in_order(obody, body)
    if lay is None:
        return _inserted(obody, body, base, where)
    out = []
    for q in _inserted(obody, lay.text, 0, where):
        sp = lay.back(q.span)
        if sp is None:
            return _inserted(obody, body, base, where)
        rm = lay.back(q.removal) or _with_joiner(body, sp)
        out.append(q._replace(span=(base + sp[0], base + sp[1]), removal=(base + rm[0], base + rm[1])))
    return out


def _with_joiner(body: str, sp: tuple[int, int]) -> tuple[int, int]:
    """The span with an ``and`` (or ``&&``) that joins it to the formula before or after it."""
    after = re.match(r"\s*(?:and\b|&&)", body[sp[1] :])
    if after:
        return sp[0], sp[1] + after.end()
    before = re.search(r"(?:\band|&&)\s*$", body[: sp[0]])
    return (before.start(), sp[1]) if before else sp


def _inserted(obody: str, body: str, base: int, where: str) -> list[Piece]:
    """The token runs inserted into ``obody`` to give ``body``, when that is all that changed: each run
    that is a whole formula joined by ``and`` (or ``or``: a disjunct, read negated, since a needed one
    lies under a negation: ``no n | A or P``, an outside attack 2026-12-05), its joining connective left
    out of the formula and kept in the removal; a run of several formulas (lines of a block, conjuncts)
    is one piece per formula (two lines inserted together were one piece whose reading did not compile:
    an outside attack, 2026-12-05)."""
    ot, ct = tokens(obody), tokens(body)
    ops = _insertions([t.text for t in ot], [t.text for t in ct])
    if ops is None:  # a bound variable renamed as well (or something else changed)
        ops = _insertions(alpha(ot), alpha(ct))
    mixed = ops is None
    if ops is None:  # something rewritten too: the whole formulas inserted beside it are still pieces
        ops = _insertions(alpha(ot), alpha(ct), edits=True) or []
    out, lost = [], False
    for tag, _, _, j1, j2 in ops:
        if tag != "insert":
            continue
        # slid and searched inside beside a rewrite too (an outside attack, 2026-12-05)
        found = next((got for s in _slides([t.text for t in ct], j1, j2) if (got := _run(body, ct, *s))), None)
        runs = [found] if found else _within(body, ct, j1, j2)
        lost = lost or not runs
        for a, b, kind in runs:
            out += _formulas(body, ct, a, b, kind, base, where)
    if not mixed and not lost:
        return out
    seen = [q.span for q in out]
    for a, b in _new_leaves(obody, ot, body, ct):  # formulas added beside a rewrite that difflib scattered
        out += [q for q in _formulas(body, ct, a, b, "", base, where)
                if not any(x <= q.span[0] and q.span[1] <= y for x, y in seen)]  # not inside one found
    return [q._replace(mixed=True) for q in out]


def _new_leaves(obody: str, ot: Sequence[Token], body: str, ct: Sequence[Token]) -> list[tuple[int, int]]:
    """The smallest formulas of the candidate's body (``leaves``) with no counterpart among the original's:
    the same text, else the most alike left (pairs by likeness, while both have some left); a formula re-spelled beside
    an added one made difflib scatter the addition (``n != n.next`` to ``(n.next != n) and P``, an outside
    attack, 2026-12-05)."""
    def words(toks: Sequence[Token], span: tuple[int, int]) -> list[str]:
        return [t.text for t in toks[span[0] : span[1] + 1]]

    old = [words(ot, s) for s in leaves(obody, ot)]
    left = []
    for span in leaves(body, ct):
        if words(ct, span) in old:
            old.remove(words(ct, span))
        else:
            left.append(span)
    pairs = sorted(((difflib.SequenceMatcher(a=o, b=words(ct, s), autojunk=False).ratio(), k, n)
                    for k, o in enumerate(old) for n, s in enumerate(left)), reverse=True)
    used_o: set[int] = set()
    used_n: set[int] = set()
    for _, k, n in pairs:
        if k not in used_o and n not in used_n:  # paired while both are left: only more formulas are new
            used_o.add(k)
            used_n.add(n)
    return [s for n, s in enumerate(left) if n not in used_n and balanced(ct[s[0] : s[1] + 1])]


def _within(body: str, ct: Sequence[Token], j1: int, j2: int) -> list[tuple[int, int, str]]:
    """The whole formulas inside an insertion that is not one itself, longest first from the left: a conjunct
    added with new structure around the old formula (``let h = X | lone h and (`` ... ``)``: an outside
    attack on an earlier gate, b3_c06). Each start is read on to the end of its level only, and a formula is
    asked of ``_run`` only where it closes that level's brackets and ends before a connective, a closing
    bracket or a line break: linear work per start (every pair of ends was cubic: a 3,000-token insertion
    took minutes, an outside attack)."""
    out, a = [], j1
    while a < j2:
        d, best = ct[a].depth, None
        if whole_formula(body, ct, a, a, ends=False):
            for b in range(a, j2):
                t = ct[b]
                if t.depth < d or t.depth == d and t.text in ")]}":
                    break
                after = t.depth + (t.text in "([{") - (t.text in ")]}")
                if after == d and whole_formula(body, ct, b, b, starts=False):
                    best = _run(body, ct, a, b + 1) or best
        if best is None:
            a += 1
            continue
        out.append(best)
        a = best[1] + 1
    return out


def _formulas(body: str, ct: Sequence[Token], a: int, b: int, kind: str, base: int, where: str) -> list[Piece]:
    """The pieces of the whole formula ct[a..b] (joined by ``kind``), one per formula it holds (``split_formulas``)."""
    out = []
    kind = kind or join_end(ct, a - 1)[0] or join(ct, b + 1)[0] or "and"
    for i, j in split_formulas(body, ct, a, b, kind) if kind != "implies" else [(a, b)]:
        if (before := join_end(ct, i - 1))[1]:
            removal = (ct[i - before[1]].start, ct[j].end)
        elif (after := join(ct, j + 1))[1]:
            removal = (ct[i].start, ct[j + after[1]].end)
        else:
            removal = (ct[i].start, ct[j].end)
        scopes, negated = scope(body, ct, i, {t.text for t in ct[i : j + 1]}, j)
        # a disjunct (or a consequent) weakens where nothing negates it, so a needed one lies under a negation
        # the text does not show (a pred called as ``no n | bad[n]``: an outside attack, 2026-12-05)
        negated = negated or kind in ("or", "implies") and not antecedent(body, ct, j)
        flipped = scope(body, ct, i, {t.text for t in ct[i : j + 1]}, j, odd=True) if where == "pred" else ((), False)
        out.append(Piece((base + ct[i].start, base + ct[j].end), (base + removal[0], base + removal[1]), where,
                         scopes=scopes, negated=negated, flipped=flipped))
    return out


def _slides(texts: Sequence[str], j1: int, j2: int) -> Iterator[tuple[int, int]]:
    """The places an insertion of texts[j1:j2] may equally be said to be at, as written first: an insertion
    next to a copy of its own last (or first) token may slide over it (``n = x`` to ``n in y or n = x``
    comes out of difflib as ``in y or n`` inserted after ``n``: an outside attack, 2026-12-05)."""
    yield j1, j2
    a, b = j1, j2
    while a > 0 and texts[a - 1] == texts[b - 1]:
        a, b = a - 1, b - 1
        yield a, b
    a, b = j1, j2
    while b < len(texts) and texts[a] == texts[b]:
        a, b = a + 1, b + 1
        yield a, b


def _run(body: str, ct: Sequence[Token], j1: int, j2: int) -> tuple[int, int, str] | None:
    """(first, last, connective) of the formula inserted as ct[j1:j2], its joining connectives left out;
    None when it is not a whole formula."""
    a, b, kind = j1, j2 - 1, ""
    while a <= b and (got := join(ct, a))[1] and a + got[1] - 1 <= b:
        kind, a = kind or got[0], a + got[1]
    while a <= b and (got := join_end(ct, b))[1] and b - got[1] + 1 >= a:
        kind, b = kind or got[0], b - got[1]
    if a > b or not balanced(ct[a : b + 1]) or not whole_formula(body, ct, a, b):
        return None
    return a, b, kind


def _insertions(a: list[str], b: list[str], edits: bool = False) -> list[tuple[str, int, int, int, int]] | None:
    """difflib's opcodes from ``a`` to ``b`` when ``b`` only inserts, each insertion slid right over an equal
    run that repeats it (``P )`` inserted before a ``)`` comes out as ``P`` and ``)`` around the old ``)``,
    two unbalanced runs: an outside attack, 2026-12-05); None when anything is replaced or deleted (unless
    ``edits``: then every opcode)."""
    ops = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    if edits:
        return ops
    if any(tag in ("replace", "delete") for tag, *_ in ops):
        return None
    out: list[tuple[str, int, int, int, int]] = []
    for op in ops:
        if len(out) >= 2 and op[0] == "insert" and out[-1][0] == "equal" and out[-2][0] == "insert":
            (_, i1, _, j1, j2), (_, e1, e2, _, _), (*_, k2) = out[-2], out[-1], op
            n = e2 - e1
            if b[k2 - n : k2] == b[j2 : j2 + n]:  # the equal run repeats at the end: one insertion before it
                out[-2:] = [("insert", i1, i1, j1, k2 - n), ("equal", e1, e2, k2 - n, k2)]
                continue
        out.append(op)
    return out
