"""An operation made to do nothing where it would break the property, in place of a guard.

A missing guard (``borrow`` of a book another member holds) is fixed by the guard: the operation cannot be taken
there. It can also be "fixed" so that, taken there, it changes nothing: the effect filtered by the property
(``loans + m -> (b - Member.loans)``, a comprehension ``{q: b | no loans.q}``), an ``if-then-else`` on the property
whose else branch keeps every relation. Where the model has an idle step the traces are the guard's, so preservation
passes it; but the operation now succeeds and does nothing where the author's did something (helper-45's
``o38_A_c03``, ``c04``, ``c11``, ``E_c02``, ``F_c04``; helper-44's ``o37_C_c07``, ``D_c03``, ``E_c05``).

Asked of the Analyzer for a pred the candidate changed (same parameters) and each variable relation that a conjunct
it changed primes (in it, or in a pred it calls), in the candidate's traces (its facts kept, its commands not), with
the author's pred put in beside it under another name, at each of the author's command scopes:
- taken, the candidate's pred leaves the relation as it is in a state where the author's pred, read as that same
  step, is false (``loans`` kept where the author's added a loan; the shelf may still change beside it: helper-45's
  ``o38_F_c04``, ``E_c02``),
- it does change the relation somewhere (one that never does is the operation probes' question, semantic.py), and
- every step of it that changes the relation is a step of the author's pred.
Then ``unknown: idles``. An honest guard never holds where the author's pred does not; an honest effect fix, a
cascade or an eviction takes steps the author's never did. A relation whose effect the candidate kept word for word
is not asked. Nor is an ``if-then-else`` one of whose branches (the else, or since the twenty-ninth session the then:
helper-54's ``o44_D_j02``), by its own text, keeps every relation the operation
moves (``_plain_else``). Under util/ordering (helper-45's ``o38_D_c01``, ``c08``) a pred whose first two
parameters are states of the order is read as the step from a state to its ``next``, and a relation as the value a
field of the ordered sig, or one whose last column is it, has there (``sitter.t``); the relations asked are those
its changed conjuncts name.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.assume import commands_removed
from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.frames import pred_params
from fmrepair.verifiers.alloy.preserve import command_scopes
from fmrepair.verifiers.alloy.stepping import Operation, Stepping, stepping
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_paragraphs, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_idle_"
WAS = "fmrepair_idle_was"
ELSE = "fmrepair_idle_else"


def _plain_else(candidate: str, o: Paragraph, p: Paragraph, decls: str, st: Stepping, op: Operation,
                moves: Sequence[str], scopes: Sequence[str], verifier: Verifier, timeout_s: float) -> bool:
    """Is every conjunct the candidate changed an ``if-then-else`` whose else branch, by its own text (over the
    declarations, no fact asked), keeps every relation the operation moves? A guard written another way, in plain
    sight in the diff: helpers' labels differ on it (honest in ``o28_s4keys_h_guard_else``, ``o33_B_h06``,
    ``o34_A_h09``; a cheat in ``o38_A_c11``), and it is not asked. An else that keeps only what the property reads
    (the shelf still emptied beside it) stutters only because the facts make it: asked."""
    changed = _changed(o, p)
    if not changed or not moves:
        return False
    # either branch: `C implies A else B` is `not C implies B else A` (helper-54's o44_D_j02, the stutter in `then`),
    # read with the pred's other conjuncts (a frame beside it keeps what the branch does not name: `printed.t2 =
    # printed.t`); one that changes a relation beside it (the shelf emptied) still makes the step no stutter
    rest = _conjuncts(p)

    def branch(c: str, part: str) -> str | None:
        got = _branch(c, part)
        return None if got is None else "\n".join([got] + [x for x in rest if x != c])

    return any(_keeps(candidate, [branch(c, part) for c in changed], decls, st, op, moves, scopes, verifier, timeout_s)
               for part in ("else", "then"))


def _keeps(candidate: str, elses: Sequence[str | None], decls: str, st: Stepping, op: Operation,
           moves: Sequence[str], scopes: Sequence[str], verifier: Verifier, timeout_s: float) -> bool:
    """Does each branch in ``elses``, by its own text (over the declarations), keep every relation in ``moves``?"""
    if not elses or any(e is None for e in elses):
        return False
    still = " and ".join(f"{st.post(r)} = {st.pre(r)}" for r in moves)
    paras = split_paragraphs(candidate)
    module = blank(candidate, [(q.start, q.end) for q in paras if q.kind in ("fact", "command")]).rstrip() + "\n\n"
    module += "".join(f"pred {ELSE}{k}{f'[{decls}]' if decls else ''} {{\n{e}\n}}\n" for k, e in enumerate(elses))
    asks = [f"{LABEL}e{k}_{i}: check {{ {st.every(op.quant, f'{op.call(ELSE + str(k))} implies ({still})', True)} }} "
            f"for {s}" for k in range(len(elses)) for i, s in enumerate(scopes)]
    v = verifier.check(module + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    return (v.status in ("ok", "failed") and len(ours) == len(asks)
            and all(c.outcome == "no_counterexample" for c in ours))


def _idles(module: str, st: Stepping, op: Operation, name: str, rels: Sequence[str], scopes: Sequence[str],
           verifier: Verifier, timeout_s: float) -> str | None:
    """The first of ``rels`` that the candidate's pred leaves alone where the author's did something, with the
    witness; None if there is none (or it was not decided)."""
    now, was, q = op.call(name), op.call(WAS), op.quant
    asks = []
    for j, r in enumerate(rels):
        chg = st.changes(r)
        for i, s in enumerate(scopes):
            asks += [f"{LABEL}m{j}_{i}: check {{ {st.every(q, f'({now} and {chg}) implies {was}', True)} }} for {s}",
                     f"{LABEL}n{j}_{i}: run {{ {st.some(q, f'{now} and {chg}', True)} }} for {s}",
                     f"{LABEL}s{j}_{i}: run {{ {st.some(q, f'{now} and not ({chg}) and not {was}', True)} }} for {s}"]
    v = verifier.check(module + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    got = {c.label[len(LABEL):]: c for c in v.commands if c.label.startswith(LABEL)}
    if v.status not in ("ok", "failed") or len(got) != len(asks):
        return None
    for j, r in enumerate(rels):
        idx = range(len(scopes))
        if not all(got[f"m{j}_{i}"].outcome == "no_counterexample" for i in idx):
            continue  # a step the author's pred never took: an effect changed, not left alone
        if not any(got[f"n{j}_{i}"].outcome == "instance" for i in idx):
            continue  # the candidate's pred never changes it: asked elsewhere (semantic.py's noop and kept probes)
        hit = next((got[f"s{j}_{i}"] for i in idx if got[f"s{j}_{i}"].outcome == "instance"), None)
        if hit is not None:
            return f"{r}: " + " ".join((hit.witness or "").split())[:300]
    return None


def touched(o: Paragraph, p: Paragraph, cpar: Sequence[Paragraph], st: Stepping) -> set[str]:
    """The relations set by the candidate's conjuncts of ``p`` that are not the author's word for word (primed in them
    or in a pred they call; under util/ordering, named in them or in a fun or pred they call): the effects it
    changed. A relation whose effect the author wrote and the candidate kept is not asked (an eviction changes
    ``loans``; ``OnShelf`` then stays where the book was already out)."""
    return set().union(*(st.named(c, cpar) for c in _changed(o, p)))


def _branch(c: str, part: str = "else") -> str | None:
    """The else (or then) branch of a conjunct written ``C implies A else B`` (or ``=>``); None for any other
    conjunct."""
    toks = tokens(c)
    if not toks:
        return None
    top = toks[0].depth
    arrow = next((k for k, t in enumerate(toks) if t.depth == top and (t.text == "implies" or t.text == "=" and k + 1
                  < len(toks) and toks[k + 1].text == ">" and toks[k + 1].start == t.end)), None)
    if arrow is None:
        return None
    other = next((t for t in toks[arrow + 1:] if t.depth == top and t.text == "else"), None)
    if other is None:
        return None
    start = toks[arrow + 1].start if toks[arrow].text == "implies" else toks[arrow + 1].end
    return c[other.end:] if part == "else" else c[start:other.start]


def _changed(o: Paragraph, p: Paragraph) -> list[str]:
    """The candidate's conjuncts of ``p`` that are not the author's word for word."""
    theirs = {canonical(x) for x in _conjuncts(o)}
    return [c for c in _conjuncts(p) if canonical(c) not in theirs]


def _conjuncts(p: Paragraph) -> list[str]:
    if p.body_start is None or p.body_end is None:
        return []
    return [p.text[a:b] for a, b in conjunct_spans_in(p.text, p.body_start - p.start, p.body_end - p.start)]


Steps = tuple[list[Paragraph], list[Paragraph], Stepping, dict[str, int], dict[str, int]]


def read_steps(original: str, candidate: str) -> Steps | None:
    """Both files' paragraphs, how the candidate's steps are said, and each state relation's arity in the candidate
    and in the author's file; None where one file steps along util/ordering and the other does not."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    st, was_st = stepping(cpar), stepping(opar)
    if st.ordered != was_st.ordered:
        return None
    return opar, cpar, st, st.relations(cpar), was_st.relations(opar)


def changed_operations(opar: Sequence[Paragraph],
                       cpar: Sequence[Paragraph]) -> list[tuple[Paragraph, Paragraph, tuple[str, list[str]]]]:
    """(the author's pred, the candidate's, its parameters) for each pred the candidate changed and kept the
    parameters of; a new or overloaded pred is not paired."""
    olds = [p for p in opar if p.kind == "pred"]
    keys = [p.key for p in olds] + [p.key for p in cpar if p.kind == "pred"]
    out = []
    for p in cpar:
        o = next((q for q in olds if q.key == p.key), None)
        if p.kind != "pred" or p.body is None or o is None or keys.count(p.key) != 2 or o.body is None:
            continue  # new, overloaded, or unchanged
        got = pred_params(p)
        if canonical(o.text) != canonical(p.text) and got is not None and pred_params(o) == got:
            out.append((o, p, got))
    return out


def idles(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons, one per changed pred that now does nothing where the author's did something (see the module)."""
    read = read_steps(original, candidate)
    if read is None:
        return []
    opar, cpar, st, arity, both = read
    scopes = command_scopes(opar)
    out = []
    for o, p, got in changed_operations(opar, cpar):  # (without parameters too: helper-46's `openVent`)
        rels = sorted(n for n in touched(o, p, cpar, st) if n in arity and both.get(n) == arity[n])
        op = st.operation(p)
        if not rels or op is None:
            continue
        decls = got[0]
        module = (commands_removed(candidate).rstrip()
                  + f"\n\npred {WAS}{f'[{decls}]' if decls else ''} {{\n{o.body}\n}}\n")
        moves = sorted(n for n in st.moves(p, cpar) if n in arity and both.get(n) == arity[n])
        if _plain_else(candidate, o, p, decls, st, op, moves, scopes, verifier, timeout_s):
            continue
        witness = _idles(module, st, op, p.name, rels, scopes, verifier, timeout_s)
        if witness is not None:
            rel, _, shown = witness.partition(": ")
            out.append(f"idles: {p.key}, taken, now leaves {rel} as it is in a state where the author's {p.key} "
                       f"would not have taken that step, and every step of it that changes {rel} is the author's: "
                       f"a no-op in place of a guard? ({shown})")
    return out
