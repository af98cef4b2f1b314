"""Two ways to make a check pass without fixing anything, decided by the Analyzer.

**Assuming the property.** A *piece* is what the candidate adds: a new fact, a new appended signature
fact, or whole conjuncts inserted into an existing fact, appended fact, or a pred/fun body that a fact
reaches (a pure insertion of tokens). A piece
assumes the property when (1) the candidate without it fails a check again and (2) the piece alone, with
the declarations (every other fact and appended fact removed), entails a checked assertion at that
check's scope. Such a candidate is never faithful (``unknown: assumes the property``): the asserted
property has become an axiom and whatever broke it is still there.

**Vacuous premise.** An assertion ``all x | P implies Q`` (``always``, nested quantifiers and
implications included) holds trivially when ``P`` can no longer happen. The premise probe is ``some x |
P`` (``eventually`` under ``always``); when it has an instance in the original at the check's scope and
none in the candidate, the candidate is unfaithful (``vacuous premise``). The original's side is asked of its
good instances only (premise and assertion together): a premise that only counterexamples met is no loss.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import NamedTuple

from fmrepair.verifiers.alloy.preserve import checked_assertions
from fmrepair.verifiers.alloy.reach import reached, roots_of
from fmrepair.verifiers.alloy.text import Paragraph, Token, canonical, split_paragraphs, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_premise_"
_JOIN = {"and", "&&"}


# -- pieces --------------------------------------------------------------------------------------------


def _fact_span(p: Paragraph) -> tuple[int, int] | None:
    """Offsets of the body of a fact, or of a sig's appended fact."""
    if p.kind == "fact":
        return (p.body_start, p.body_end) if p.body_start is not None else None
    toks = [t for t in tokens(p.text)]
    opens = [i for i, t in enumerate(toks) if t.text == "{" and t.depth == 0]
    if len(opens) < 2:
        return None
    lb = opens[1]
    rb = next((i for i in range(lb + 1, len(toks)) if toks[i].text == "}" and toks[i].depth == 1), None)
    return (p.start + toks[lb].end, p.start + toks[rb].start) if rb is not None else None


class Piece(NamedTuple):
    span: tuple[int, int]  # the added formula, in the candidate
    removal: tuple[int, int]  # what to delete to take it out again (with its ``and``)
    where: str  # "fact" | "sig" (an appended fact: fields read as this.f) | "pred" (a body a fact reaches)
    rewritten: str = ""  # a whole fact body the candidate rewrote (its key), not an insertion


def _fails(verifier: Verifier, text: str, timeout_s: float) -> bool:
    v = verifier.check(text, CheckOptions(timeout_s=timeout_s))
    return v.status in ("ok", "failed") and not all(c.met for c in v.commands)


_TIMED = {"always", "after", "historically", "releases"}


def _timed(body: str) -> int:
    return sum(t.text in _TIMED for t in tokens(body))


def _rewritten_facts(original: str, candidate: str, found: Sequence[Piece]) -> list[tuple[tuple[int, int], str, str]]:
    """(body span in the candidate, the original's body, key) of every fact whose body the candidate
    rewrote (matched by name, in order; other than by the pure insertions ``pieces`` found) so that it
    holds at more times: more ``always``/``after``/``historically`` than before. A static fact rewritten is
    how most static models are fixed (``n not in n.nxt`` to ``n.^nxt``) and is left to preservation."""
    ofacts: dict[str, list[Paragraph]] = {}
    for p in split_paragraphs(original):
        if p.kind == "fact":
            ofacts.setdefault(p.key, []).append(p)
    seen: dict[str, int] = {}
    out = []
    for p in split_paragraphs(candidate):
        if p.kind != "fact" or p.body_start is None or p.body_end is None:
            continue
        i = seen[p.key] = seen.get(p.key, -1) + 1
        same = ofacts.get(p.key, [])
        if i >= len(same) or same[i].body is None:
            continue
        if canonical(same[i].body or "") == canonical(p.body or ""):
            continue
        if any(p.body_start <= q.span[0] < p.body_end for q in found):
            continue
        if _timed(p.body or "") <= _timed(same[i].body or ""):
            continue  # only a fact made to hold at more times (an initial condition turned into an invariant)
        out.append(((p.body_start, p.body_end), same[i].body or "", p.key))
    return out


def pieces(original: str, candidate: str) -> list[Piece]:
    """What the candidate adds to the constraints (see the module docstring)."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    ofacts: dict[str, list[Paragraph]] = {}  # named facts; two facts may share a name: matched in order
    for p in opar:
        if p.kind == "fact" and not p.name.startswith("#"):
            ofacts.setdefault(p.key, []).append(p)
    seen: dict[str, int] = {}
    otexts = [canonical(source_of(original, _fact_span(p))) for p in opar if p.kind in ("fact", "sig")
              if _fact_span(p)]
    osigs = {p.name: p for p in opar if p.kind == "sig"}
    ocalls = {p.key: p for p in opar if p.kind in ("pred", "fun")}
    from_facts = reached(cpar, roots_of(cpar, ("fact", "sig")))
    out: list[Piece] = []
    for p in cpar:
        if p.kind in ("pred", "fun") and p.key in from_facts and p.key in ocalls and p.body_start is not None:
            before = ocalls[p.key]
            out += _inserted(before.body or "", p.body or "", p.body_start, "pred")
            continue
        span = _fact_span(p) if p.kind in ("fact", "sig") else None
        if span is None:
            continue
        body = candidate[span[0] : span[1]]
        if p.kind == "fact":
            i = seen[p.key] = seen.get(p.key, -1) + 1
            same = ofacts.get(p.key, [])
            before = same[i] if i < len(same) else None
        else:
            before = osigs.get(p.name)
        if before is None or (p.kind == "fact" and p.name.startswith("#")):
            if canonical(body) not in otexts and canonical(body):
                # an unnamed fact the original had (same place among the unnamed ones) with conjuncts only
                # added: those are the pieces, not the whole body; otherwise it is a new fact
                same = [q for q in opar if q.kind == "fact" and q.key == p.key] if p.name.startswith("#") else []
                grown = _inserted(same[0].body or "", body, span[0], p.kind) if same else []
                out += grown or [Piece(span, span, p.kind)]
            continue
        ospan = _fact_span(before)
        obody = original[ospan[0] : ospan[1]] if ospan else ""
        out += _inserted(obody, body, span[0], p.kind)
    return out


def source_of(text: str, span: tuple[int, int] | None) -> str:
    return text[span[0] : span[1]] if span else ""


def _inserted(obody: str, body: str, base: int, where: str) -> list[Piece]:
    """The token runs inserted into ``obody`` to give ``body``, when that is all that changed: each run
    that is a whole top-level formula (its joining ``and`` is left out of the formula, kept in the
    removal)."""
    ot, ct = tokens(obody), tokens(body)
    ops = difflib.SequenceMatcher(a=[t.text for t in ot], b=[t.text for t in ct], autojunk=False).get_opcodes()
    if any(tag in ("replace", "delete") for tag, *_ in ops):
        return []
    out = []
    for tag, _, _, j1, j2 in ops:
        if tag != "insert":
            continue
        whole: list[Token] = ct[j1:j2]
        run = list(whole)
        while run and run[0].text in _JOIN:
            run = run[1:]
        while run and run[-1].text in _JOIN:
            run = run[:-1]
        if run and _balanced(run) and _whole_formula(body, ct, ct.index(run[0]), ct.index(run[-1])):
            removal = (base + whole[0].start, base + whole[-1].end)
            if whole == run:  # no joining token inserted with it: take the one after (or before) too
                k, m = ct.index(run[0]), ct.index(run[-1])
                if m + 1 < len(ct) and ct[m + 1].text in _JOIN:
                    removal = (removal[0], base + ct[m + 1].end)
                elif k > 0 and ct[k - 1].text in _JOIN:
                    removal = (base + ct[k - 1].start, removal[1])
            out.append(Piece((base + run[0].start, base + run[-1].end), removal, where))
    return out


def _whole_formula(body: str, toks: Sequence[Token], i: int, j: int) -> bool:
    """Is tokens[i..j] a formula of the body's top level (a conjunct), not a piece of an expression? It
    starts the body, a line or follows ``and``, and ends the body, a line or precedes ``and``."""
    if toks[i].depth != 0:
        return False
    before = i == 0 or toks[i - 1].text in _JOIN or "\n" in body[toks[i - 1].end : toks[i].start] or \
        "\r" in body[toks[i - 1].end : toks[i].start]
    after = j == len(toks) - 1 or toks[j + 1].text in _JOIN or "\n" in body[toks[j].end : toks[j + 1].start] or \
        "\r" in body[toks[j].end : toks[j + 1].start]
    return before and after


def _balanced(run: Sequence[Token]) -> bool:
    depth = 0
    for t in run:
        depth += t.text in "([{"
        depth -= t.text in ")]}"
        if depth < 0:
            return False
    return depth == 0


# -- the two checks -----------------------------------------------------------------------------------


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    out = text
    for a, b in sorted(spans, reverse=True):
        out = out[:a] + " " * (b - a) + out[b:]
    return out


def _commands_removed(text: str) -> str:
    paras = split_paragraphs(text)
    return _blank(text, [(p.start, p.end) for p in paras if p.kind == "command"])


def assumed(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons (one per piece that assumes a checked property); [] when none does."""
    cpar = split_paragraphs(candidate)
    names, blocks = checked_assertions(cpar)
    if not names and not blocks:
        return []
    found = pieces(original, candidate)
    rewritten = _rewritten_facts(original, candidate, found)
    if not found and not rewritten:
        return []
    asserts = {p.name: p for p in cpar if p.kind == "assert"}
    checks = [p for p in cpar if p.kind == "command" and p.command == "check" and p.expect != 1]
    constraint_spans = [s for p in cpar if p.kind in ("fact", "sig") if (s := _fact_span(p))]

    def fails_without(removals: list[tuple[int, int]]) -> bool:
        return _fails(verifier, _blank(candidate, removals), timeout_s)

    needed = [piece for piece in found if fails_without([piece.removal])]
    if not needed and len(found) > 1 and fails_without([q.removal for q in found]):
        needed = found  # the pieces hide each other (the same property added twice): each is asked alone
    for span, old_body, key in rewritten:  # a fact rewritten (not only added to): put back, does it fail again?
        if _fails(verifier, candidate[: span[0]] + old_body + candidate[span[1] :], timeout_s):
            needed.append(Piece(span, span, "fact", key))
    out = []
    for piece in needed:
        span = piece.span
        a, b = span
        alone = _commands_removed(_blank(candidate, constraint_spans))
        if piece.where == "pred":  # a conjunct of a body a fact calls: on its own, as a fact
            alone = alone + f"\nfact {{ {candidate[a:b]} }}\n"
        else:
            alone = alone[:a] + candidate[a:b] + alone[b:]  # the piece, with the declarations only
        probes = []
        for i, c in enumerate(checks):
            body = asserts[c.target].body if c.target in asserts else c.block
            if body is not None:
                probes.append(f"{LABEL}a{i}: check {{ {body} }} for {c.scope or '3'}")
        v = verifier.check(alone + "\n" + "\n".join(probes) + "\n", CheckOptions(timeout_s=timeout_s))
        if v.status not in ("ok", "failed"):
            continue
        held = [c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "no_counterexample"]
        if held:
            text = " ".join(candidate[span[0] : span[1]].split())[:160]
            k = int(held[0].label[len(LABEL) + 1 :])
            what = checks[k].target or "the checked block"
            if piece.rewritten:
                out.append(f"assumes the property: {piece.rewritten} as rewritten ('{text}') alone entails {what}, "
                           "and with its original text the check fails again")
            else:
                out.append(f"assumes the property: the added constraint '{text}' alone entails {what}, and "
                           "without it the check fails again")
    together = [q for q in found if q.where != "pred"]  # the property split over pieces (or made redundant)
    if not out and len(together) > 1 and fails_without([q.removal for q in together]):
        alone = _commands_removed(_blank(candidate, constraint_spans))
        for q in sorted(together, key=lambda q: q.span[0], reverse=True):
            alone = alone[: q.span[0]] + candidate[q.span[0] : q.span[1]] + alone[q.span[1] :]
        probes = [f"{LABEL}a{i}: check {{ {asserts[c.target].body if c.target in asserts else c.block} }} "
                  f"for {c.scope or '3'}" for i, c in enumerate(checks)]
        v = verifier.check(alone + "\n" + "\n".join(probes) + "\n", CheckOptions(timeout_s=timeout_s))
        held = [c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "no_counterexample"]
        if v.status in ("ok", "failed") and held:
            k = int(held[0].label[len(LABEL) + 1 :])
            out.append(f"assumes the property: the {len(together)} added constraints together entail "
                       f"{checks[k].target or 'the checked block'} (none alone does), and without them the check "
                       "fails again")
    return out


# -- restating the property ----------------------------------------------------------------------------



_SAME = {"=>": "implies", "&&": "and", "||": "or", "<=>": "iff"}  # one word per operator
_ENDS = {"and", "or", "implies", "iff", "else", "}", ")", "|"}  # what may follow a whole formula
_STARTS = {"and", "or", "implies", "iff", "else", "{", "(", "|", "not", "always", "after", "eventually"}


def _words_and_breaks(text: str) -> tuple[list[str], set[int]]:
    """The words of a text with each operator spelled one way (``=>`` is ``implies``, ``!`` before
    anything but ``=`` is ``not``, ``&&`` ``and``, ``||`` ``or``, ``<=>`` ``iff``), and the indices of the
    words that start a line."""
    toks = tokens(text)
    words: list[str] = []
    breaks: set[int] = set()
    i = 0
    while i < len(toks):
        if i and any(c in "\r\n" for c in text[toks[i - 1].end : toks[i].start]):
            breaks.add(len(words))
        glued = toks[i].text
        j = i + 1
        while j < len(toks) and toks[j].start == toks[j - 1].end and glued + toks[j].text in ("=>", "<=", "<=>",
                                                                                              "&&", "||"):
            glued += toks[j].text
            j += 1
        if glued == "<=":  # less-or-equal, not the start of <=>
            glued, j = "<", i + 1
        if glued == "!" and not (j < len(toks) and toks[j].text == "=" and toks[j].start == toks[i].end):
            glued = "not"
        if glued != "@":  # @f is the field f
            words.append(_SAME.get(glued, glued))
        i = j
    return words, breaks


def _words(text: str) -> list[str]:
    return _words_and_breaks(text)[0]


def cores(body: str) -> list[tuple[list[str], bool]]:
    """(the words of an assertion body, or of what is left of it after each leading ``always``, ``all
    decls |`` and pair of braces is taken off (at least three words each), whether an ``always`` was
    taken off on the way)."""
    out: list[tuple[list[str], bool]] = []
    text, timed = body, False
    while True:
        toks = tokens(text)
        if len(toks) < 3:
            return out
        words = _words(text)
        if all(words != w for w, _ in out):
            out.append((words, timed))
        first = toks[0].text
        if first in ("{", "(") and _closing_bracket(toks, 0) == len(toks) - 1:
            text = text[toks[0].end : toks[-1].start]
        elif first in ("always", "historically"):
            text, timed = text[toks[0].end :], True
        elif first == "all" and any(t.text == "|" and t.depth == toks[0].depth for t in toks):
            bar = next(t for t in toks if t.text == "|" and t.depth == toks[0].depth)
            text = text[bar.end :]
        else:
            return out


def _closing_bracket(toks: Sequence[Token], i: int) -> int:
    close = {"{": "}", "(": ")"}[toks[i].text]
    d = toks[i].depth
    return next((k for k in range(i + 1, len(toks)) if toks[k].text == close and toks[k].depth == d + 1), -1)


_BINDERS = {"all", "some", "no", "one", "lone", "let", "sum", "disj"}


def _bound(text: str) -> set[str]:
    """The names a formula binds (``all x, y: T``, ``let x = e``, ``some disj a, b: T``)."""
    words = _words(text)
    out: set[str] = set()
    for i, w in enumerate(words):
        if w not in _BINDERS:
            continue
        j = i + 1
        while j < len(words) and words[j] not in (":", "=", "|"):
            if words[j] not in (",", "disj") and words[j][:1].isalpha():
                out.add(words[j])
            j += 1
    return out


def _same(window: Sequence[str], core: Sequence[str], bound: set[str]) -> bool:
    """Equal word for word, up to a one-to-one renaming of the names the assertion binds (``n`` may be
    ``m`` or ``this`` in the candidate) and ``@`` before a field."""
    if len(window) != len(core):
        return False
    there: dict[str, str] = {}
    back: dict[str, str] = {}
    for w, c in zip(window, core, strict=True):
        if c in bound:
            if not (w[:1].isalpha() or w[:1] == "_") or there.setdefault(c, w) != w or back.setdefault(w, c) != c:
                return False
        elif w != c:
            return False
    return True


def _whole(words: Sequence[str], i: int, j: int, breaks: set[int]) -> bool:
    """Is words[i:j] a whole formula where it stands (not the start of ``lone h + p``)?"""
    return (i == 0 or words[i - 1] in _STARTS or i in breaks) and (j == len(words) or words[j] in _ENDS or j in breaks)


def restated(original: str, candidate: str) -> list[str]:
    """Constraints the candidate changed (facts, appended facts, preds and funs a fact reaches) into which
    it wrote a checked assertion's formula, or what is left of it under its leading ``always`` and ``all``
    quantifiers, token for token: the property written in as an axiom. The formula must be mostly new
    tokens (inserted or rewritten), so a fix that changes a constant and thereby reads like the property
    (``#m.loans <= 3`` to ``<= 2``) is not counted; whether such a fix assumes the property is left to
    the entailment test (``assumed``)."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    asserts = {p.name: p for p in cpar if p.kind == "assert"}
    names, blocks = checked_assertions(cpar)
    wanted = [(n, c) for n in names if n in asserts for c in cores(asserts[n].body or "")]
    wanted += [("the checked block", c) for b in blocks for c in cores(b)]
    bound = set().union(*(_bound(asserts[n].body or "") for n in names if n in asserts), *map(_bound, blocks))
    if not wanted:
        return []
    from_facts = reached(cpar, roots_of(cpar, ("fact", "sig")))
    otoks: dict[str, list[list[str]]] = {}
    for p in opar:
        otoks.setdefault(p.key, []).append(_words(p.text))
    seen: dict[str, int] = {}
    out = []
    for p in cpar:
        i = seen[p.key] = seen.get(p.key, -1) + 1
        if p.kind not in ("fact", "sig") and not (p.kind in ("pred", "fun", "let") and p.key in from_facts):
            continue
        mine, lines = _words_and_breaks(p.text)
        before = otoks.get(p.key, [])
        old = before[i] if i < len(before) else []
        if mine == old:
            continue
        kept = set()
        for blk in difflib.SequenceMatcher(a=old, b=mine, autojunk=False).get_matching_blocks():
            kept.update(range(blk.b, blk.b + blk.size))
        for what, (core, timed) in wanted:
            hit = next((k for k in range(len(mine) - len(core) + 1) if _same(mine[k : k + len(core)], core, bound)
                        and 2 * sum(j not in kept for j in range(k, k + len(core))) >= len(core)
                        and _whole(mine, k, k + len(core), lines)
                        and (not timed or any(w in ("always", "after") for w in mine[:k]))), None)
            if hit is not None:
                text = canonical(" ".join(core))[:120]
                out.append(f"assumes the property: {p.key} now contains the formula of {what} ('{text}'), "
                           "written in as new text: an axiom where a fix was due")
                break
    return out


# -- premises -----------------------------------------------------------------------------------------


def premise(body: str) -> str | None:
    """The premise probe of an assertion body, or None when it has no implication."""
    toks = tokens(body)
    return _premise(body, toks, 0, len(toks))


def _premise(src: str, toks: Sequence[Token], i: int, j: int) -> str | None:
    while i < j and toks[i].text == "{" and _closing(toks, i) == j - 1:
        i, j = i + 1, j - 1
    if i >= j:
        return None
    d = toks[i].depth
    top = [k for k in range(i, j) if toks[k].depth == d]
    words = [toks[k].text for k in top]
    if any(w in ("else", "iff", "<=>", "or", "||", "let") for w in words):
        return None
    if words[0] == "always":
        inner = _premise(src, toks, i + 1, j)
        return f"eventually ({inner})" if inner else None
    if words[0] in ("all", "no", "some", "one", "lone") and "|" in words:
        if words[0] != "all":
            return None
        bar = top[words.index("|")]
        decls = src[toks[i + 1].start : toks[bar].start].strip()
        inner = _premise(src, toks, bar + 1, j)
        return f"some {decls} | {inner}" if inner else None
    if "implies" in words or "=>" in words:
        k = next(top[n] for n, w in enumerate(words) if w in ("implies", "=>"))
        left = src[toks[i].start : toks[k - 1].end]
        inner = _premise(src, toks, k + 1, j)
        return f"({left})" + (f" and ({inner})" if inner else "")
    return None


def _closing(toks: Sequence[Token], i: int) -> int:
    d = toks[i].depth
    return next((k for k in range(i + 1, len(toks)) if toks[k].text == "}" and toks[k].depth == d + 1), -1)


def premise_probes(paras: Sequence[Paragraph]) -> list[tuple[str, str, str, str]]:
    """(assertion, premise formula, scope, the assertion's body) for every checked assertion with a premise."""
    asserts = {p.name: p for p in paras if p.kind == "assert"}
    out = []
    for c in paras:
        if c.kind != "command" or c.command != "check" or c.expect == 1:
            continue
        body, what = (asserts[c.target].body, c.target) if c.target in asserts else (c.block, "the checked block")
        pre = premise(body) if body else None
        if pre and body:
            out.append((what or "?", pre, c.scope or "3", body))
    return out


def vacuous_premises(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0
                     ) -> tuple[list[str], list[str]]:
    """(reasons, unknown): premises the original can meet at the check's scope and the candidate cannot."""
    probes = premise_probes(split_paragraphs(candidate))
    if not probes:
        return [], []

    def ask(text: str, good: bool) -> dict[str, str]:
        runs = [f"{LABEL}{i}: run {{ ({pre}){f' and {{ {body} }}' if good else ''} }} for {scope}"
                for i, (_, pre, scope, body) in enumerate(probes)]
        v = verifier.check(_commands_removed(text) + "\n" + "\n".join(runs) + "\n", CheckOptions(timeout_s=timeout_s))
        if v.status in ("syntax_error", "type_error", "error"):
            return {}
        return {c.label: c.outcome for c in v.commands}

    # the original's premise is asked of its good instances (those that meet the assertion): a premise only
    # counterexamples could meet (``all disj a, b | a.id = b.id implies ...``) is no loss when a fix removes it
    before, after = ask(original, True), ask(candidate, False)
    reasons, unknown = [], []
    for i, (what, pre, scope, _) in enumerate(probes):
        b, a = before.get(f"{LABEL}{i}"), after.get(f"{LABEL}{i}")
        if b != "instance" or a == "instance":
            continue
        probe = f"run {{ {' '.join(pre.split())[:200]} }} for {scope}"
        if a == "no_instance":
            reasons.append(f"vacuous premise: the premise of {what} can no longer hold for {scope} (the original's "
                           f"can); probe: {probe}")
        else:
            unknown.append(f"premise of {what}: the candidate's probe ended {a or 'with an error'} ({probe})")
    return reasons, unknown
