"""The invariant written as the next value: an operation's new conjunct that makes the property hold after the step
whatever held before it.

A wrong effect (``ship[i]`` adding the item to the stock it should take it from) is fixed by the effect the author
meant (``WH.stock' = WH.stock - i``), which keeps the invariant only because it held before the step. It can also be
"fixed" by a next value that is the invariant itself: ``WH.stock' = WH.stock - WH.shipped'`` (helper-54's
``o44_C_c02``), ``WH.stock - (WH.stock & WH.shipped')`` (``o44_C_c08``), ``VIP' = VIP & Paid'`` (helper-51's
``o42_H_c04``). On every state the traces reach it is the honest effect, so no good trace is lost and none is
gained; from a state where the invariant fails it is not (the honest effect leaves the old overlap, the restated one
clears it).

Asked of the Analyzer, in the candidate's declarations (no fact: any state), for each conjunct the candidate wrote in
a pred it changed (Alloy 6) and each checked assertion ``always P`` (P without temporal operators) that names at
least two of the model's variable relations, where the conjunct primes at least two of them: does the conjunct
alone make P hold at the next state (``all params | conjunct implies after P``)? Then ``unknown: states the
property of the next state``. A conjunct that primes one relation (a token passed, ``Holder' = n``, makes ``one
Holder`` hold after it, and is the author's move) is not asked; nor is a guard (it primes nothing). Primes are read
through the preds and funs a conjunct calls (helper-55's ``Reserved' = keepStocked[Reserved - i]``, the prime in the
fun), and a conjunct priming one relation that writes out another's next value by hand, copied from the conjunct
that gives it (``Reserved' = Reserved & (Stock - i)`` beside ``Stock' = Stock - i``, helper-55's ``o45_A_c02``), is
asked together with that conjunct. Only a copied value more than a name: a frame (``Stock' = Stock``) says nothing new.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.evict import declarations
from fmrepair.verifiers.alloy.frames import pred_params, primed, primed_in
from fmrepair.verifiers.alloy.implicit import TEMPORAL
from fmrepair.verifiers.alloy.preserve import checked_assertions, command_scopes
from fmrepair.verifiers.alloy.probes import var_arities
from fmrepair.verifiers.alloy.stepping import stepping
from fmrepair.verifiers.alloy.text import Paragraph, canonical, is_name, split_paragraphs, tokens, words
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_next_"
PRED = "fmrepair_next_c"


class Ask(NamedTuple):
    """One question: the preds it needs, the check whose every scope must find no counterexample, the check whose
    some scope must find one (or None), what it says."""

    head: str
    body: str
    control: str | None
    what: str
    without: str | None = None  # the candidate without the conjunct: a guard no command needs is not asked


def _conjuncts(text: str, p: Paragraph) -> list[str]:
    if p.body_start is None or p.body_end is None:
        return []
    return [text[a:b] for a, b in conjunct_spans_in(text, p.body_start, p.body_end)]


def invariants(paras: Sequence[Paragraph], text: str) -> list[str]:
    """The state formulas the file's checked assertions say always hold (``always P``, P without a temporal
    operator), one per top-level conjunct of an assertion's body or a check's block."""
    names, blocks = checked_assertions(paras)
    bodies = [text[a:b] for q in paras if q.kind == "assert" and q.name in names and q.body_start is not None
              and q.body_end is not None for a, b in conjunct_spans_in(text, q.body_start, q.body_end)]
    bodies += blocks
    out = []
    for b in bodies:
        toks = [t.text for t in tokens(b)]
        if toks[:1] != ["always"] or TEMPORAL & set(toks[1:]):
            continue
        out.append(b.strip()[len("always"):].strip())
    return out


def _equations(conjuncts: Sequence[str], least: int = 2) -> list[tuple[str, list[str]]]:
    """The conjuncts that give one relation's next value (``Stock' = Stock - i``): (conjunct, the value's tokens),
    the value at least ``least`` tokens (a frame, one name, says nothing new to copy)."""
    out = []
    for c in conjuncts:
        toks = tokens(c)
        eq = [k for k, t in enumerate(toks) if t.text == "=" and t.depth == toks[0].depth]
        if len(eq) != 1:
            continue
        lhs, rhs = [t.text for t in toks[: eq[0]]], [t.text for t in toks[eq[0] + 1:]]
        if lhs[-1:] == ["'"] and lhs.count("'") == 1 and "'" not in rhs and len(rhs) >= least:
            out.append((c, rhs))
    return out


def _over(text: str) -> str | None:
    """The sig ``text`` quantifies over when it is one ``all`` (or ``no``) over every atom of it (``all x: Room |
    ...``), else None."""
    toks = [t.text for t in tokens(text)]
    if toks[:1] not in (["all"], ["no"]) or ":" not in toks or "|" not in toks:
        return None
    colon, bar = toks.index(":"), toks.index("|")
    names = [t for t in toks[1:colon] if t != ","]
    if colon > bar or not names or not all(is_name(t) for t in names) or bar != colon + 2:
        return None
    return toks[colon + 1] if is_name(toks[colon + 1]) else None


def _timed(text: str, cpar: Sequence[Paragraph]) -> bool:
    """Does ``text``, or a pred or fun it calls, hold a temporal operator (``after doorShut`` is no guard)?"""
    named = words(text)
    return bool(TEMPORAL & named) or any(TEMPORAL & words(q.body) for q in cpar if q.kind in ("pred", "fun")
                                         and q.name in named and q.body is not None)


def _before(seq: Sequence[str]) -> set[str]:
    """The names ``seq`` reads unprimed."""
    return {t for k, t in enumerate(seq) if is_name(t) and seq[k + 1 : k + 2] != ["'"]}


def _holds(seq: Sequence[str], part: Sequence[str]) -> bool:
    n = len(part)
    return any(list(seq[k:k + n]) == list(part) for k in range(len(seq) - n + 1))


def _asks(original: str, candidate: str) -> list[tuple[str, str, str]]:
    """(pred text, check body, what) for each new conjunct to ask (see the module); the one next value a conjunct
    writes out by hand (``Reserved' = Reserved & (Stock - i)`` beside ``Stock' = Stock - i``) is asked with it."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    if stepping(cpar).ordered:
        return []
    rels = set(var_arities(cpar))
    every = [(p, words(p) & rels) for p in invariants(cpar, candidate)]
    props = [(p, r) for p, r in every if len(r) >= 2]
    guarded = [(p, r) for p, r in every if r and _over(p) is not None]  # invariants over every atom of a sig
    if not props and not guarded:
        return []
    olds = {q.name: q for q in opar if q.kind == "pred"}
    asks: list[Ask] = []
    for q in cpar:
        o = olds.get(q.name)
        if q.kind != "pred" or o is None or canonical(o.text) == canonical(q.text):
            continue
        got = pred_params(q)
        if got is None:
            continue
        decls, args = got
        listed = ", ".join(args)
        quant = f"all {decls} | " if decls else ""

        def pred(k: int, body: Sequence[str], tag: str = "", decls: str = decls,
                 listed: str = listed) -> tuple[str, str]:
            head = f"pred {PRED}{k}{tag}{f'[{decls}]' if decls else ''} {{\n" + "\n".join(body) + "\n}\n"
            return head, f"{PRED}{k}{tag}[{listed}]" if listed else f"{PRED}{k}{tag}"

        theirs = {canonical(c) for c in _conjuncts(original, o)}
        spans = conjunct_spans_in(candidate, q.body_start, q.body_end) if q.body_start and q.body_end else []
        mine = [candidate[a:b] for a, b in spans]
        eqs = _equations(mine)
        for c, span in zip(mine, spans, strict=True):
            if canonical(c) in theirs:
                continue
            said = primed_in(c, cpar, frozenset({"pred", "fun"}))
            if said == set() and len(mine) > 1 and not _timed(c, cpar) and _over(c) is not None:
                # a new guard over every atom of the sig an invariant is over (it reads what the step does not
                # touch) that with the rest of the operation makes the invariant hold after the step from any
                # state, which the rest alone does not (helper-54's o44_A_c08: the invariant worked out before the
                # step, `all x: Room | lone (x.occupant + (x = r implies g else none))`); a guard on what the step
                # touches (`no Critical` in a mutex's enter, `no r.occupant`) is not asked: where one resource is
                # all the state, the honest guard makes the property hold after the step from any state too
                rest = [d for d in mine if d is not c]
                for prop, _ in guarded:
                    if _over(prop) != _over(c):
                        continue
                    k = len(asks)
                    head, call = pred(k, mine)
                    head2, call2 = pred(k, rest, "w")
                    asks.append(Ask(head + head2, f"{{ {quant}({call} implies after ({prop})) }}",
                                    f"{{ {quant}({call2} implies after ({prop})) }}",
                                    f"the guard {' '.join(c.split())} in pred {q.name} makes "
                                    f"`{' '.join(prop.split())}` hold after the step", blank(candidate, [span])))
                continue
            said = said or set()
            seq = [t.text for t in tokens(c)]
            for prop, named in props:
                whole = [c]
                if len(said & named) < 2:
                    # the other relation's next value copied by hand (o45_A_c02), or its value before the step
                    # read where its next value is given beside (o45_G_c05: `paid' = paid - c - (Car - parked)`
                    # beside `parked' = parked - c`)
                    by = [e for e, rhs in eqs if e != c and len(said & named) == 1 and _holds(seq, rhs)
                          and len(((primed(e) or set()) | said) & named) >= 2]
                    by += [e for e, _ in _equations(mine, 1) if e != c and len(said & named) == 1
                           and ((primed(e) or set()) & named) - said & _before(seq)]
                    if not by:
                        continue
                    whole.append(by[0])
                k = len(asks)
                head, call = pred(k, whole)
                shown = " beside ".join(" ".join(w.split()) for w in whole)
                asks.append(Ask(head, f"{{ {quant}({call} implies after ({prop})) }}", None,
                                f"{shown} in pred {q.name} makes `{' '.join(prop.split())}` hold after the step"))
    return asks


def next_values(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons, one per conjunct that states a checked invariant of the next state (see the module)."""
    asks = _asks(original, candidate)
    cpar = split_paragraphs(candidate)
    if not asks:
        return []
    scopes = command_scopes(cpar)
    module = declarations(candidate).rstrip() + "\n\n" + "".join(a.head for a in asks)
    for k, a in enumerate(asks):
        for i, sc in enumerate(scopes):
            module += f"{LABEL}{k}_{i}: check {a.body} for {sc}\n"
            if a.control is not None:
                module += f"{LABEL}{k}w_{i}: check {a.control} for {sc}\n"
    v = verifier.check(module, CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return []
    got = {c.label: c for c in v.commands}
    out = []
    for k, a in enumerate(asks):
        mine = [got.get(f"{LABEL}{k}_{i}") for i in range(len(scopes))]
        if not (mine and all(c is not None and c.outcome == "no_counterexample" for c in mine)):
            continue
        if a.control is not None:
            without = [got.get(f"{LABEL}{k}w_{i}") for i in range(len(scopes))]
            if not any(c is not None and c.outcome == "counterexample" for c in without):
                continue
            if a.without is not None:  # a guard beside the fix that no command needs (a defensive one) says nothing
                w = verifier.check(a.without, CheckOptions(timeout_s=timeout_s))
                if w.status != "failed" or all(c.met for c in w.commands):
                    continue
            out.append(f"assumes the property: {a.what} from any state before it, which the rest of the operation "
                       "does not: the invariant worked out as a guard rather than the condition the step needs")
            continue
        out.append(f"states the property of the next state: {a.what} from any state before it, the invariant "
                   "written as the next value rather than the effect that keeps it")
    return out[:1]
