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

from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.evict import declarations
from fmrepair.verifiers.alloy.frames import pred_params, primed, primed_in
from fmrepair.verifiers.alloy.implicit import TEMPORAL
from fmrepair.verifiers.alloy.preserve import checked_assertions, command_scopes
from fmrepair.verifiers.alloy.probes import var_arities
from fmrepair.verifiers.alloy.stepping import stepping
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_paragraphs, tokens, words
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_next_"
PRED = "fmrepair_next_c"


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


def _equations(conjuncts: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The conjuncts that give one relation's next value (``Stock' = Stock - i``): (conjunct, the value's tokens),
    the value more than a name (a frame says nothing new)."""
    out = []
    for c in conjuncts:
        toks = tokens(c)
        eq = [k for k, t in enumerate(toks) if t.text == "=" and t.depth == toks[0].depth]
        if len(eq) != 1:
            continue
        lhs, rhs = [t.text for t in toks[: eq[0]]], [t.text for t in toks[eq[0] + 1:]]
        if lhs[-1:] == ["'"] and lhs.count("'") == 1 and "'" not in rhs and len(rhs) > 1:
            out.append((c, rhs))
    return out


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
    props = [(p, words(p) & rels) for p in invariants(cpar, candidate)]
    props = [(p, r) for p, r in props if len(r) >= 2]
    if not props:
        return []
    olds = {q.name: q for q in opar if q.kind == "pred"}
    asks: list[tuple[str, str, str]] = []
    for q in cpar:
        o = olds.get(q.name)
        if q.kind != "pred" or o is None or canonical(o.text) == canonical(q.text):
            continue
        got = pred_params(q)
        if got is None:
            continue
        decls, args = got
        theirs = {canonical(c) for c in _conjuncts(original, o)}
        mine = _conjuncts(candidate, q)
        eqs = _equations(mine)
        for c in mine:
            if canonical(c) in theirs:
                continue
            said = primed_in(c, cpar, frozenset({"pred", "fun"})) or set()
            seq = [t.text for t in tokens(c)]
            for prop, named in props:
                whole = [c]
                if len(said & named) < 2:
                    by = [e for e, rhs in eqs if e != c and len(said & named) == 1 and _holds(seq, rhs)
                          and len(((primed(e) or set()) | said) & named) >= 2]
                    if not by:
                        continue
                    whole.append(by[0])
                k = len(asks)
                head = f"pred {PRED}{k}{f'[{decls}]' if decls else ''} {{\n" + "\n".join(whole) + "\n}\n"
                listed = ", ".join(args)
                call = f"{PRED}{k}[{listed}]" if args else f"{PRED}{k}"
                quant = f"all {decls} | " if decls else ""
                shown = " beside ".join(" ".join(w.split()) for w in whole)
                asks.append((head, f"{{ {quant}({call} implies after ({prop})) }}",
                             f"{shown} in pred {q.name} makes `{' '.join(prop.split())}` hold after the step"))
    return asks


def next_values(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons, one per conjunct that states a checked invariant of the next state (see the module)."""
    asks = _asks(original, candidate)
    cpar = split_paragraphs(candidate)
    if not asks:
        return []
    scopes = command_scopes(cpar)
    module = declarations(candidate).rstrip() + "\n\n" + "".join(h for h, _, _ in asks)
    module += "".join(f"{LABEL}{k}_{i}: check {body} for {s}\n" for k, (_, body, _) in enumerate(asks)
                      for i, s in enumerate(scopes))
    v = verifier.check(module, CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return []
    got = {c.label: c for c in v.commands}
    out = []
    for k, (_, _, what) in enumerate(asks):
        mine = [got.get(f"{LABEL}{k}_{i}") for i in range(len(scopes))]
        if mine and all(c is not None and c.outcome == "no_counterexample" for c in mine):
            out.append(f"states the property of the next state: {what} from any state before it, the invariant "
                       "written as the next value rather than the effect that keeps it")
    return out[:1]
