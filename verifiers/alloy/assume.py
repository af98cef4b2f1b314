"""Two ways to make a check pass without fixing anything, decided by the Analyzer.

**Assuming the property.** A *piece* is what the candidate adds (``pieces.py``): a new fact, a new
appended signature fact, or whole formulas inserted into an existing fact, appended fact, or a
pred/fun/macro body that a fact reaches. A piece
assumes the property when (1) the candidate without it fails a check again and (2) the piece alone, with
the declarations (every other fact and appended fact removed), entails a checked assertion at that
check's scope. Such a candidate is never faithful (``unknown: assumes the property``): the asserted
property has become an axiom and whatever broke it is still there.

The same property written into a constraint as text is ``restate.py``; premises made vacuous are
``premise.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace

from fmrepair.verifiers.alloy.conditions import (
    ORDER_STEPS,
    a_step,
    blank,
    rewritten_facts,
    unchanged_conditions,
    unnamed_steps_kept,
    uses_ordering,
)
from fmrepair.verifiers.alloy.connectives import conjunct_spans_in, consequents_dropped, disjuncts_dropped
from fmrepair.verifiers.alloy.definitions import called_by_facts, case_squeezes, squeezed_through
from fmrepair.verifiers.alloy.frames import one_update, primed
from fmrepair.verifiers.alloy.pieces import THIS, Piece, at_fields, field_names, pieces
from fmrepair.verifiers.alloy.postcond import (
    guard_the_invariants_imply,
    said_of_next_state,
    same_where_the_property_holds,
)
from fmrepair.verifiers.alloy.preserve import (
    checked_assertions,
    command_scopes,
    declaration_constraints,
    empty_runs,
    preservation,
    temporal,
)
from fmrepair.verifiers.alloy.reach import CALLABLE, reached
from fmrepair.verifiers.alloy.rewrites import change_reads_next, reads_more_of_next, rewritten_conjuncts
from fmrepair.verifiers.alloy.sigtext import Unsupported, read_sig
from fmrepair.verifiers.alloy.text import (
    Paragraph,
    canonical,
    closing_bracket,
    fact_span,
    split_paragraphs,
    tokens,
)
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_premise_"


def _fails(verifier: Verifier, text: str, timeout_s: float) -> bool:
    v = verifier.check(text, CheckOptions(timeout_s=timeout_s))
    return v.status in ("ok", "failed") and not all(c.met for c in v.commands)


def _unmet(verifier: Verifier, text: str, timeout_s: float, at: dict[int, int]) -> set[int] | None:
    """The indexes of the checks ``text`` fails (``at``: a command's position among the candidate's commands ->
    its index among the checks; ``text`` has the candidate's commands, in order); None when every command is met
    or the Analyzer did not decide. A run that fails alone gives the empty set."""
    v = verifier.check(text, CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed") or all(c.met for c in v.commands):
        return None
    if len(v.commands) != sum(p.kind == "command" for p in split_paragraphs(text)):
        return set(at.values())  # not read one to one: every check may be the one that fails
    return {at[i] for i, c in enumerate(v.commands) if not c.met and i in at}


# -- the two checks -----------------------------------------------------------------------------------


def _asserted(formula: str, on: Sequence[str], n: int) -> str:
    """A pred piece's reading added to a module on its own: as a fact, or, read at a call in a sig's appended
    fact, as the appended fact of a subset sig of each of ``on`` that holds every atom (fields read as
    ``this.f`` there)."""
    if not on:
        return f"\nfact {{ {formula} }}\n"
    return "".join(f"\nsig {LABEL}t{n}_{m} in {s} {{}} {{ {formula} }}\nfact {{ {s} in {LABEL}t{n}_{m} }}\n"
                   for m, s in enumerate(on))


def commands_removed(text: str) -> str:
    paras = split_paragraphs(text)
    return blank(text, [(p.start, p.end) for p in paras if p.kind == "command"])


def _probes(checks: Sequence[Paragraph], asserts: dict[str, Paragraph], later: bool = False) -> list[str]:
    """Each check not expecting a counterexample, as a check of its formula (``fmrepair_premise_a<i>``);
    ``later``: of its formula from the second state on (``after { ... }``)."""
    out = []
    for i, c in enumerate(checks):
        body = asserts[c.target].body if c.target in asserts else c.block
        if body is not None:
            out.append(f"{LABEL}a{i}: check {{ {'after ' if later else ''}{{ {body} }} }} for {c.scope or '3'}")
    return out


def _declared(
    original: str, candidate: str, verifier: Verifier, timeout_s: float, checks: Sequence[Paragraph],
    asserts: dict[str, Paragraph], removals: Sequence[tuple[int, int]] = (),
) -> list[str]:
    """A signature declaration changed into the property: a multiplicity (``lone sig``), ``abstract``, a
    ``var`` sig or field made static, that alone (over the original's declarations, its facts and appended
    facts removed) entails a checked assertion, while the candidate with the original's declaration put
    back, and the added pieces (``removals``) taken out, fails again: a piece that says the property too
    hides the declaration otherwise (written by two outside attacks, 2026-12-04: `lone sig Leader` for
    `assert { lone Leader }`, then with `fact { all x, y: Leader | x = y }` beside it; a changed field
    multiplicity is a fix the gate accepts, docs/gate.md)."""
    oparas = split_paragraphs(original)
    try:
        opar = {n: (p, read_sig(p)) for p in oparas if p.kind == "sig" for n in read_sig(p).names}
        csigs = [p for p in split_paragraphs(candidate) if p.kind == "sig"]
        decls = [(p, read_sig(p)) for p in csigs]
    except Unsupported:  # a declaration the gate does not read: preservation says so
        return []
    base = commands_removed(blank(original, [s for p in oparas if p.kind in ("fact", "sig") if (s := fact_span(p))]))
    without = blank(candidate, removals)  # the same length: the paragraphs' offsets hold
    out = []
    for p, s in decls:
        o, os_ = opar.get(s.names[0], (None, None))
        if o is None or os_ is None or canonical(o.text) == canonical(p.text) or [f for f, _, _ in s.fields] != [
            f for f, _, _ in os_.fields
        ]:
            continue
        cons = [c for n in s.names for c in declaration_constraints(n, s, os_, csigs)]
        put_back = without[: p.start] + o.text + without[p.end :]
        if not cons or not _fails(verifier, put_back, timeout_s):
            continue
        text = base + "\nfact { " + " and ".join(f"({c})" for c in cons) + " }\n" + "\n".join(_probes(checks, asserts))
        v = verifier.check(text + "\n", CheckOptions(timeout_s=timeout_s))
        held = [c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "no_counterexample"]
        if v.status in ("ok", "failed") and held:
            what = checks[int(held[0].label[len(LABEL) + 1 :])].target or "the checked block"
            out.append(f"assumes the property: the declaration of sig {', '.join(s.names)} as changed "
                       f"({' and '.join(cons)}) alone entails {what}, and with the original declaration (and without "
                       "the added constraints) the check fails again")
    return out


def _implied(verifier: Verifier, premise: str, formula: str, checks: Sequence[Paragraph], timeout_s: float,
             sigs: Sequence[str] = ()) -> set[int]:
    """The checks at whose scope the candidate (``premise``: its commands removed) implies ``formula``. The
    piece is one whose removal makes a check fail, so a reading the candidate implies and that alone entails
    the assertion is one the candidate without the piece does not imply: the piece brings it. A reading of a
    sig's appended fact (``sigs``: the sig's names) is asked of every atom, in the appended fact of a subset
    sig of each, where fields read as ``this.f`` as they do in the original (no atom breaks it: implied)."""
    if sigs:
        decls = [f"sig {LABEL}s{m} in {n} {{}} {{ not {{ {formula} }} }}" for m, n in enumerate(sigs)]
        some = " or ".join(f"some {LABEL}s{m}" for m in range(len(sigs)))
        asks = decls + [f"{LABEL}w{k}: run {{ {some} }} for {c.scope or '3'}" for k, c in enumerate(checks)]
        holds = "no_instance"
    else:
        asks = [f"{LABEL}w{k}: check {{ {formula} }} for {c.scope or '3'}" for k, c in enumerate(checks)]
        holds = "no_counterexample"
    v = verifier.check(premise + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return set()
    return {int(c.label[len(LABEL) + 1 :]) for c in v.commands
            if c.label.startswith(LABEL + "w") and c.outcome == holds}


def _new_fact(opar: Sequence[Paragraph], cpar: Sequence[Paragraph], piece: Piece) -> bool:
    """Does the piece lie in a fact the candidate added (a name, or for an unnamed one a text, the original's
    facts do not have), or in a sig's appended fact where the original's sig had none?"""
    home = next((p for p in cpar if p.start <= piece.span[0] < p.end), None)
    if home is None:
        return False
    if home.kind == "fact":
        if home.name:
            return home.key not in {p.key for p in opar}
        return canonical(home.text) not in {canonical(p.text) for p in opar if p.kind == "fact"}
    if home.kind == "sig":
        was = next((p for p in opar if p.kind == "sig" and p.name == home.name), None)
        span = fact_span(was) if was is not None else None
        return was is not None and (span is None or not was.text[span[0] - was.start : span[1] - was.start].strip())
    return False


def _weaker(declared: str, candidate: str, piece: Piece, checks: Sequence[Paragraph], asserts: dict[str, Paragraph],
            verifier: Verifier, timeout_s: float) -> bool:
    """In a static model: does a checked property, over the declarations alone (every fact removed), imply the
    piece (a whole new fact's formula)? Then the piece is weaker than the property in general, and says it only
    through the other facts: ``{e: Emp | e in e.^boss} in boss.Contractor``, where another fact keeps contractors
    from being bosses, is implied by ``no e: Emp | e in e.^boss`` over any declarations (helper-36's ``o29_org_*``,
    ``o29_courses_*``; helper-35's ``A implies B else true``). A missing rule the author meant is no weaker than
    the property it brings: `no d: Dir | d in d.^parent` where the file checks that every folder reaches the root
    (which over the declarations alone a cycle through the root can break)."""
    if piece.where != "fact":
        return False
    text = candidate[piece.span[0] : piece.span[1]]
    formula = f"({piece.scopes[0]} {{ {text} }})" if piece.scopes else f"{{ {text} }}"
    asks = []
    for i, c in enumerate(checks):
        body = asserts[c.target].body if c.target in asserts else c.block
        if body is not None:
            asks.append(f"{LABEL}v{i}: check {{ {{ {body} }} implies {formula} }} for {c.scope or '3'}")
    if not asks:
        return False
    v = verifier.check(declared + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    return v.status in ("ok", "failed") and any(c.label.startswith(LABEL + "v") and c.outcome == "no_counterexample"
                                                for c in v.commands)


def _invariant(cpar: Sequence[Paragraph], text: str, scopes: Sequence[str], ordered: bool) -> bool:
    """In a model whose states change: is the piece a constraint on every state (``always`` in its text or its
    headers; with util/ordering, no ``first`` or ``last``) that relates no state to the next (no prime,
    ``after``, ``;``, ``before``, or an ordering's steps, in it or in a pred, fun or macro it calls)? Such a
    piece is no operation's guard and no initial condition: it states something of every reachable state, as an
    invariant does."""
    words = {t.text for t in tokens(text)} | {t.text for sc in scopes for t in tokens(sc)}
    step = {"'", "after", ";", "before"} | (ORDER_STEPS if ordered else set())
    if words & step or (not ordered and not words & {"always"}) or (ordered and words & {"first", "last"}):
        return False
    # the piece itself and what it calls relate no state to the next; the rest of a new fact is its own piece (a
    # do-nothing prime beside the restatement, `always Waiting' in Proc`, switched the test off: helper-37)
    names = words - step
    called = [q for q in cpar if q.kind in CALLABLE and q.name in names]
    bodies = [q.body or "" for q in called] + [q.body or "" for q in cpar
                                              if q.key in reached(cpar, called) and q.kind in CALLABLE]
    return not any(t.text in step for b in bodies for t in tokens(b))


def _stripped(text: str, a: int, b: int) -> tuple[int, int]:
    """The span ``a:b`` of ``text`` without its leading and trailing white space."""
    return a + len(text[a:b]) - len(text[a:b].lstrip()), b - len(text[a:b]) + len(text[a:b].rstrip())


def _conjuncts_under_always(text: str, a: int, b: int) -> list[tuple[int, int, str]]:
    """The conjuncts of the formula ``text[a:b]`` other than the whole, each with the text it is asked as: its
    own, or ``always (...)`` around it when the formula is one ``always`` over a bracketed conjunction (``always
    (lone (Critical - Waiting) and after Critical in Proc)``: helper-37's mutex_c_overlap_after)."""
    a, b = _stripped(text, a, b)
    out = [(x, y, text[x:y]) for x, y in conjunct_spans_in(text, a, b) if (x, y) != (a, b)]
    toks = tokens(text[a:b])
    if not out and len(toks) > 2 and toks[0].text == "always" and toks[1].text in "({":
        close = closing_bracket(toks, 1)
        if close == len(toks) - 1:
            inner = (a + toks[1].end, a + toks[close].start)
            out = [(x, y, f"always ({text[x:y]})") for x, y in conjunct_spans_in(text, *inner) if (x, y) != inner]
    return out


def _top_conjunct(candidate: str, cpar: Sequence[Paragraph], piece: Piece, sigs: bool = False) -> bool:
    """Is the piece a whole conjunct of its fact's body (with ``sigs``, or of a sig's appended fact, or of the body of
    a pred a fact calls), or of one ``always (...)`` there?
    A guard written into the transition fact (``some p | (no Critical and enter[p]) or ...``) is neither: it is part
    of an event."""
    kinds = ("fact", "sig", "pred") if sigs else ("fact",)
    home = next((p for p in cpar if p.kind in kinds and p.start <= piece.span[0] < p.end), None)
    if home is not None and home.kind == "pred" and home not in called_by_facts(cpar, candidate):
        return False  # a pred a fact calls as a whole conjunct is a fact's body (helper-44's o37_F_c02)
    body = (home.body_start, home.body_end) if home is not None and home.kind in ("fact", "pred") else \
        fact_span(home) if home is not None else None  # a sig's appended fact too (helper-44's o37_B_c04)
    if body is None or body[0] is None or body[1] is None:
        return False
    span = _stripped(candidate, *piece.span)
    top = conjunct_spans_in(candidate, body[0], body[1])
    return span in top or any(span == (x, y) for c in top for x, y, _ in _conjuncts_under_always(candidate, *c))


_STEP_HEADER = re.compile(r"\s*all\s+(\w+)\s*:\s*[\w/]+\s*-\s*last\s*\|\s*let\s+(\w+)\s*=\s*"
                          r"(?:\1\s*\.\s*next|next\s*\[\s*\1\s*\])\s*\|")


def _of_next_state(candidate: str, cpar: Sequence[Paragraph], piece: Piece) -> bool:
    """Under util/ordering: is the piece a conjunct of the step of a trace fact (``all t: Time - last | let t2 =
    t.next | P and (ops)``) that names the next state ``t2`` and not ``t``, and relates no state to another itself?
    It then says of every state but the first what it says of ``t2``, as an invariant does (helper-45's
    ``o38_D_c03``: the property conjoined to every step). A guard names ``t``; an effect names both."""
    home = next((p for p in cpar if p.kind == "fact" and p.body_start is not None and p.body_end is not None
                 and p.body_start <= piece.span[0] < p.body_end), None)
    if home is None or home.body_start is None or home.body_end is None:
        return False
    span = _stripped(candidate, *piece.span)
    for x, y in conjunct_spans_in(candidate, home.body_start, home.body_end):
        m = _STEP_HEADER.match(candidate, x, y) if x <= span[0] < y else None
        if m is None:
            continue
        words = {t.text for t in tokens(candidate[span[0] : span[1]])}
        inner = conjunct_spans_in(candidate, m.end(), y)
        return (span in inner and len(inner) > 1 and m.group(2) in words and m.group(1) not in words
                and _invariant(cpar, candidate[span[0] : span[1]], (), True))
    return False


def _an_assignment(candidate: str, cpar: Sequence[Paragraph], piece: Piece, text: str, verifier: Verifier,
                   timeout_s: float) -> bool:
    """Does the conjunct, on its own, fix the next value of what it primes from the state before the step (``heater =
    On implies heater' = Off else heater' = heater``, helper-46's ``o39_D_h04``)? Then it is an effect written in
    place of the author's frame, not a postcondition: ``Sold' = Person.holds'`` (helper-41's ``o34_C_c01``) leaves
    ``Sold'`` to whatever ``holds'`` becomes, and is still asked."""
    home = next((p for p in cpar if p.kind == "pred" and p.body_start is not None and p.body_end is not None
                 and p.body_start <= piece.span[0] < p.body_end), None)
    names = primed(text)
    if home is None or not names:
        return False
    return one_update(candidate, cpar, home, [text], names, command_scopes(cpar), verifier, timeout_s)


def _restated(candidate: str, needed: Sequence[tuple[str, str]], verifier: Verifier, timeout_s: float) -> list[str]:
    """An added constraint whose removal makes a check fail again and that excludes no instance of the rest of
    the candidate where the checked properties hold (asked by the Analyzer, at every command's scope, as
    preservation asks it: ``preservation(candidate without it, candidate)``) says, given the rest of the model,
    nothing but the properties: the property made an axiom, in whatever words (an inclusion, a comprehension, a
    count, an ``if-then-else`` expression, a ``let``: helper-36's ``o29_*``, where the operations keep the set the
    words hide behind empty). The caller asks it only of a new fact (or a sig's new appended fact), and of one
    that constrains every state of a model whose states change and relates none to the next (``_new_fact``,
    ``_invariant``): an operation's guard excludes exactly the traces that break the property too, and that is
    how those models are fixed; the transitions stay in the rest, so an invariant that holds only because the
    operations keep a set empty (``always (Critical -> Critical - iden) in Waiting -> Waiting``) is read with
    them. In a static model only a new fact that the property implies over the declarations alone (``_weaker``):
    there a missing rule that is exactly the property given the other facts is how the model is fixed, and a
    first version that asked every new fact refused 13 such honest fixes of the adversarial set (an acyclic
    ``parent`` where the file checks that every folder reaches the root) beside the 18 cheats it caught."""
    out = []
    for text, rest in needed:
        if preservation(rest, candidate, verifier, timeout_s).outcome == "preserved":
            short = " ".join(text.split())[:160]
            out.append(f"assumes the property: the added constraint '{short}' excludes only instances where a "
                       "checked property fails (the rest of the candidate kept, at every command's scope): given the "
                       "rest of the model it says the property again, and without it the check fails again")
    return out


def assumed(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons (one per piece that assumes a checked property); [] when none does."""
    cpar = split_paragraphs(candidate)
    names, blocks = checked_assertions(cpar)
    empty = empty_runs(cpar)
    if not names and not blocks and not empty:
        return []
    found = unnamed_steps_kept(original, candidate, pieces(original, candidate))
    fields = field_names(cpar) if any(on for q in found for *_, on in q.extra) else set()  # read once
    rewritten = rewritten_facts(original, candidate, found)
    asserts = {p.name: p for p in cpar if p.kind == "assert"}
    checks = [p for p in cpar if p.kind == "command" and p.command == "check" and p.expect != 1]
    origins = list(checks)  # a run expected to have no instance is asked as a check of that (``empty_runs``)
    for run, formula in empty:
        checks.append(replace(run, command="check", block=formula,
                              target=f"`run {run.target or 'block'} expect 0`"))
        origins.append(run)
    conjuncts = rewritten_conjuncts(original, candidate, found) if temporal(original) or uses_ordering(
        split_paragraphs(original)) else []
    if not found and not rewritten and not conjuncts:
        return _declared(original, candidate, verifier, timeout_s, checks, asserts)
    constraint_spans = [s for p in cpar if p.kind in ("fact", "sig") if (s := fact_span(p))]

    ccommands = [p for p in cpar if p.kind == "command"]
    at = {i: k for k, c in enumerate(origins) for i, p in enumerate(ccommands) if p is c}

    def fails_without(removals: list[tuple[int, int]]) -> set[int] | None:
        return _unmet(verifier, blank(candidate, removals), timeout_s, at)

    # a piece counts against the checks that fail again without it: a rule that alone entails an assertion the
    # file met anyway assumes nothing (helper-28's acyclic `parent`, needed for `Reachable`, entails `NotOwnParent`)
    again: dict[Piece, set[int]] = {}
    for piece in found:
        if (f := fails_without([piece.removal])) is not None:
            again[piece] = f
    needed = list(again)
    alone_needed = list(needed)
    rest = [piece for piece in found if piece not in needed]
    if len(rest) > 1 and (f := fails_without([q.removal for q in rest])) is not None:
        # the pieces hide each other (the same property added twice): each is asked alone, also beside a
        # piece that is needed on its own (an honest fix next to them: an outside attack, 2026-12-05)
        needed += rest
        again.update(dict.fromkeys(rest, f))
    for span, put_back, key in rewritten:  # a fact rewritten (not only added to): put back, does it fail again?
        if (f := _unmet(verifier, put_back, timeout_s, at)) is not None:
            needed.append(Piece(span, span, "fact", key))
            again[needed[-1]] = f
    out = []
    declared = commands_removed(blank(candidate, constraint_spans))

    premise = commands_removed(candidate)

    def readings(piece: Piece) -> Iterator[tuple[str, set[int], tuple[str, ...]]]:
        """The piece as it is asked alone, with the checks it may be asked against: under its headers when
        it lies under some (then only so: its bare text would read the bound names as something else), a
        reading only at the scopes where the Analyzer says the candidate implies it. A piece of a sig's
        appended fact is read there too (``_implied``; it was asked as written, unchecked, so one under a
        quantifier was never asked: an outside attack, 2026-12-05)."""
        text = candidate[piece.span[0] : piece.span[1]]
        if piece.rewritten:
            yield text, set(range(len(checks))), ()
            return
        sigs = owners(piece) if piece.where == "sig" else ()
        if piece.where == "sig" and not sigs:
            return
        texts = [f"not {{ {text} }}"] if piece.negated else [text, *disjuncts_dropped(text), *consequents_dropped(text)]
        asks = [(sc, t, sigs) for t in texts for sc in piece.scopes or ("",)]  # even a piece under no header
        # may lie under an operator; at a call of a receiver pred, its ``this`` is bound by a ``let`` as THIS; a
        # call in a sig's appended fact is read there (``on``: asked as an appended fact of those sigs)
        bound = [(sc, at_fields(t, fields) if on else t, neg, on) for sc, neg, on in piece.extra
                 for t in [re.sub(r"\bthis\b", THIS, text) if THIS in sc else text]]
        asks += [(sc, f"not {{ {t} }}" if neg else t, on) for sc, t, neg, on in bound]
        for sc, t, on in dict.fromkeys(asks):
            formula = f"({sc} {{ {t} }})" if sc else t
            if ok := _implied(verifier, premise, formula, checks, timeout_s, on):
                yield formula, ok, on

    def owners(piece: Piece) -> tuple[str, ...]:
        """The names of the sig whose appended fact holds the piece (none when its declaration is not read)."""
        for p in cpar:
            span = fact_span(p) if p.kind == "sig" else None
            if span and span[0] <= piece.span[0] < span[1]:
                try:
                    return tuple(read_sig(p).names)
                except Unsupported:
                    return ()
        return ()

    kept, bodies = unchanged_conditions(original, candidate, found)
    # the declarations and the unchanged conditions that are not transition relations (a model whose states
    # change only): a piece asked alone first, then beside these (the author's texts appended after every
    # span, so that the pieces' offsets hold; a rewritten fact's own original text is not)
    conditions = commands_removed(blank(candidate, [s for s in constraint_spans if s not in kept]))

    def beside(piece: Piece) -> list[str]:
        own = [b for (x, y), b in bodies if not (piece.rewritten and x <= piece.span[0] < y)]
        return [declared] + ([conditions + "".join(f"\nfact {{ {b} }}\n" for b in own)] if kept or own else [])

    ordered = uses_ordering(split_paragraphs(original))

    def _holds(base: str, piece: Piece, formula: str, on: tuple[str, ...], ok: set[int],
               later: bool = False, sat: bool = False) -> list:
        """The probes of the checks in ``ok`` that ``formula`` (the piece's reading) entails over ``base``;
        ``sat``: only at a scope where the two have an instance (beside the author's conditions, a piece
        that contradicts them would entail anything)."""
        a, b = piece.span
        alone = base + _asserted(formula, on, 0) if piece.where == "pred" else base[:a] + formula + base[b:]
        runs = [f"{LABEL}s{i}: run {{}} for {c.scope or '3'}" for i, c in enumerate(checks)] if sat else []
        v = verifier.check(alone + "\n" + "\n".join(_probes(checks, asserts, later) + runs) + "\n",
                           CheckOptions(timeout_s=timeout_s))
        if v.status not in ("ok", "failed"):
            return []
        inhabited = {c.label[len(LABEL) + 1 :] for c in v.commands if c.label.startswith(LABEL + "s")
                     and c.outcome == "instance"}
        return [c for c in v.commands if c.label.startswith(LABEL + "a") and c.outcome == "no_counterexample"
                and int(c.label[len(LABEL) + 1 :]) in ok and (not sat or c.label[len(LABEL) + 1 :] in inhabited)]

    first: dict[Piece, tuple[str, set[int], tuple[str, ...]]] = {}  # a piece's first implied reading
    for piece in needed:
        held: list = []
        with_kept = False
        for formula, ok, on in readings(piece):  # until one is held (an implied reading too weak: the next)
            first.setdefault(piece, (formula, ok, on))
            ok = ok & again[piece]
            bases = beside(piece)
            step = a_step(formula, ordered, premise) if len(bases) > 1 else ""
            for n, base in enumerate(bases if step != "order" else bases[:1]):
                # a conjunct of a body a fact calls: on its own, as a fact; else the piece in its place, with the
                # declarations (and the kept conditions) only
                held = _holds(base, piece, formula, on, ok, sat=n > 0)
                if held and n > 0 and step == "prime":
                    # a step constraint beside Init: only one that alone states the property from the second
                    # state on (`always lone Crit'`); an inductive step, or a guard written as a fact, is not
                    # told apart (a guard fact that with Init entails a `since` property: honest, helper-24)
                    later = _holds(declared, piece, formula, on, ok, later=True)
                    held = [c for c in held if c.label in {h.label for h in later}]
                if held:
                    with_kept = n > 0
                    break
            if held:
                break
        if held:
            text = " ".join(formula.split())[:160]
            k = int(held[0].label[len(LABEL) + 1 :])
            what = checks[k].target or "the checked block"
            alone_or = ("together with the original's initial condition and invariants (its constraints that "
                        "relate no state to the next)") if with_kept else "alone"
            if piece.rewritten:
                out.append(f"assumes the property: {piece.rewritten} as rewritten ('{text}') {alone_or} entails "
                           f"{what}, and with its original text the check fails again")
            else:
                without = "it" if piece in alone_needed else "it and the other added constraints that hide it"
                out.append(f"assumes the property: the added constraint '{text}' {alone_or} entails {what}, and "
                           f"without {without} the check fails again")
    if not out:
        opar = split_paragraphs(original)
        changing = ordered or temporal(original)
        # where states change, a piece added to an existing fact is asked too (inserted into the transition
        # fact, helper-37's mutex_c_overlap_in_trans): only an invariant is asked there, as in a new fact
        def through(q: Piece) -> list[str]:  # the author's definitions a static piece may squeeze (definitions.py)
            bodies = [asserts[c.target].body if c.target in asserts else c.block for c in
                      (checks[k] for k in sorted(again[q]))]
            return squeezed_through(original, candidate, candidate[q.span[0] : q.span[1]],
                                    [b for b in bodies if b is not None])

        fresh = [q for q in alone_needed if not q.rewritten and (
            _new_fact(opar, cpar, q) or changing and _top_conjunct(candidate, cpar, q)
            or not changing and through(q) and _top_conjunct(candidate, cpar, q, sigs=True)
            or ordered and _of_next_state(candidate, cpar, q))]
        asked: list[tuple[str, str]] = []
        for q in fresh:
            text = candidate[q.span[0] : q.span[1]]
            if not changing:
                if through(q) or _weaker(declared, candidate, q, [checks[k] for k in sorted(again[q])], asserts,
                                         verifier, timeout_s):
                    asked.append((text, blank(candidate, [q.removal])))
            elif _invariant(cpar, text, q.scopes, ordered) or ordered and _of_next_state(candidate, cpar, q):
                asked.append((text, blank(candidate, [q.removal])))
            else:  # each conjunct on its own: one with a prime beside it is still an invariant
                for a, b, part in _conjuncts_under_always(candidate, *q.span):
                    rest = candidate[:a] + "(no none)" + candidate[b:]
                    if _invariant(cpar, part, q.scopes, ordered) and _fails(verifier, rest, timeout_s):
                        asked.append((part, rest))
        if not changing:  # a squeeze written beside the definition, inside the candidate's rewrite of it
            bodies = [asserts[c.target].body if c.target in asserts else c.block for c in checks]
            asked += [(text, rest) for text, rest in case_squeezes(original, candidate, [b for b in bodies if b])
                      if _fails(verifier, rest, timeout_s)]
        out += _restated(candidate, asked, verifier, timeout_s)
    if not out and (temporal(original) or ordered):  # the property said of the next state (helper-38)
        ours = {p.name for p in split_paragraphs(original) if p.kind in CALLABLE}
        added = frozenset(p.name for p in cpar if p.kind in CALLABLE and p.name not in ours)
        for q in needed:
            failing = [checks[k] for k in sorted(again[q])]
            if not q.rewritten and (r := said_of_next_state(candidate, cpar, q, failing, asserts, declared, verifier,
                                                              timeout_s, ordered, added, checks)
                                    or guard_the_invariants_imply(candidate, cpar, q, failing, asserts, declared,
                                                                  verifier, timeout_s, ordered, added, checks)):
                out.append(r)
        for q, was in [] if out else conjuncts:
            # a conjunct rewritten (helper-41's frame replaced by the invariant said of the next state)
            text = candidate[q.span[0] : q.span[1]]
            put_back = candidate[: q.span[0]] + was + candidate[q.span[1] :]
            more = reads_more_of_next(text, was)
            if not (more or not ordered and change_reads_next(text, was)) or (
                    f := _unmet(verifier, put_back, timeout_s, at)) is None:
                continue
            if not ordered and _an_assignment(candidate, cpar, q, text, verifier, timeout_s):
                continue
            failing = [checks[k] for k in sorted(f)]
            if r := (more and said_of_next_state(candidate, cpar, q, failing, asserts, declared, verifier, timeout_s,
                                                 ordered, added, checks, before=was)
                     or (None if ordered else same_where_the_property_holds(
                         candidate, cpar, q, was, failing, asserts, declared, verifier, timeout_s, checks))):
                out.append(r)
                break
    if not out:
        out += _declared(original, candidate, verifier, timeout_s, checks, asserts, [q.removal for q in found])
    if out:
        return out
    # the property split over pieces (or made redundant): their readings together, those of a pred's body as
    # facts of their own; a piece with no implied reading is left out (its text alone may not compile)
    together: list[tuple[Piece, str, tuple[str, ...]]] = []
    scopes = set(range(len(checks)))
    for q in [*found, *(r for r in needed if r.rewritten)]:  # two facts each rewritten to half of it (o16_c18)
        got = first[q] if q in first else next(readings(q), None)
        if got is not None:
            together.append((q, got[0], got[2]))
            scopes &= got[1]
    if len(together) > 1 and scopes:  # asked of the checks that fail again without them all
        scopes &= fails_without([q.removal for q, _, _ in together]) or set()
    if len(together) > 1 and scopes:
        alone, extra = declared, ""
        for n, (q, formula, on) in enumerate(sorted(together, key=lambda qf: qf[0].span[0], reverse=True)):
            if q.where == "pred":
                extra += _asserted(formula, on, n)
            else:
                alone = alone[: q.span[0]] + formula + alone[q.span[1] :]
        v = verifier.check(alone + extra + "\n" + "\n".join(_probes(checks, asserts)) + "\n",
                           CheckOptions(timeout_s=timeout_s))
        held = [c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "no_counterexample"
                and int(c.label[len(LABEL) + 1 :]) in scopes]
        if v.status in ("ok", "failed") and held:
            k = int(held[0].label[len(LABEL) + 1 :])
            out.append(f"assumes the property: {len(together)} added constraints together entail "
                       f"{checks[k].target or 'the checked block'} (none alone does), and without them the check "
                       "fails again")
    return out
