"""Giving to atoms the operation is not given: a relocation or a re-targeting in place of a guard.

A missing guard (``fill`` of a prescription nobody verified, ``dock`` at a gate another plane holds) is fixed by the
guard. It can also be "fixed" by sending the effect elsewhere in the bad case: filling the verified ones instead
(``Filled' = Filled + ((r in Verified) => r else (Verified - Filled))``), docking at another free gate (``some h:
Gate - Plane.at | at' = at + p -> h``), moving the session to another allowed target, any free doctor serving the
patient in place of the one called. The property then holds, no good trace is lost (those steps are new), and the
operation no longer does what it was asked to do with its arguments (helper-46's ``o39_A_c16``, ``B_c10``,
``E_c15``; helper-47's ``o40_A_c08``, ``D_c10``).

Read here, by the Analyzer, for a pred the candidate changed (same parameters, at least one) and each variable
relation a changed conjunct of it sets:
- the author's pred never adds to it a tuple that names an atom other than its arguments, the atoms of ``one``
  sigs and integers (over the author's declarations, every state, no fact asked: ``dock[p, g]`` adds ``p -> g``
  only), and
- in a trace of the candidate (its facts kept) the pred adds one that does, and that atom is not one step from an
  argument through another state relation before the step (the book handed to the first member in its queue,
  ``b.waiting``: helper-41's ``o34_G_h01``, ``h04`` to ``h06``, an effect the property asks for; a static
  relation such as an allow-list does not count).
Then ``unknown: relocates``. An honest guard adds nothing; an honest effect fix that sets a constant (``heater' =
Off``, a ``one sig``) names no other atom. Where the author's operation already names others (the next floor, a
fresh id) nothing is asked. Under util/ordering the step is read as in ``stepping.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.assume import commands_removed
from fmrepair.verifiers.alloy.evict import declarations
from fmrepair.verifiers.alloy.idle import changed_operations, read_steps, touched
from fmrepair.verifiers.alloy.preserve import command_scopes
from fmrepair.verifiers.alloy.sigtext import readable_sigs
from fmrepair.verifiers.alloy.stepping import Operation, Stepping
from fmrepair.verifiers.alloy.text import Paragraph
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_relocate_"


def _constants(paras: Sequence[Paragraph]) -> list[str]:
    """The ``one`` sigs (``one sig Off``, ``one sig House``): atoms an operation names without being given them."""
    return [n for _, d in readable_sigs(paras) if "one" in d.mods for n in d.names]


def _gives(st: Stepping, rel: str, arity: int, given: str) -> str:
    """``rel`` gains a tuple that names an atom outside ``given``."""
    vs = [f"fmr_v{k}" for k in range(arity)]
    other = " or ".join(f"{v} not in {given}" for v in vs)
    return f"some {', '.join(vs)}: univ | {' -> '.join(vs)} in {st.post(rel)} - {st.pre(rel)} and ({other})"


def _answers(verifier: Verifier, module: str, asks: Sequence[str], timeout_s: float) -> list[str] | None:
    v = verifier.check(module.rstrip() + "\n\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    if v.status not in ("ok", "failed") or len(ours) != len(asks):
        return None
    return [c.outcome for c in ours]


def _relocates(original: str, candidate: str, o: Paragraph, p: Paragraph, op: Operation, rel: str, arity: int,
               given: str, st: Stepping, scopes: Sequence[str], verifier: Verifier, timeout_s: float) -> str | None:
    """The witness of the candidate's ``p`` giving ``rel`` a tuple beyond ``given`` where the author's ``o`` never
    does; None otherwise (or undecided)."""
    gives = _gives(st, rel, arity, given)
    decls = declarations(original)
    never = [f"{LABEL}o{i}: check {{ {st.every(op.quant, f'{op.call(o.name)} implies not ({gives})')} }} for {s}"
             for i, s in enumerate(scopes)]
    if _answers(verifier, decls, never, timeout_s) != ["no_counterexample"] * len(never):
        return None  # the author's operation names other atoms too (or it was not decided): not asked
    asks = [f"{LABEL}c{i}: run {{ {st.some(op.quant, f'{op.call(p.name)} and ({gives})', trace=True)} }} for {s}"
            for i, s in enumerate(scopes)]
    v = verifier.check(commands_removed(candidate).rstrip() + "\n\n" + "\n".join(asks) + "\n",
                       CheckOptions(timeout_s=timeout_s))
    hit = next((c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "instance"), None)
    return None if hit is None else " ".join((hit.witness or "").split())[:300]


def relocations(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons, one per changed pred that now gives a relation atoms it is not given (see the module)."""
    read = read_steps(original, candidate)
    if read is None:
        return []
    opar, cpar, st, arity, both = read
    scopes = command_scopes(opar)
    consts = sorted(set(_constants(opar)) & set(_constants(cpar)))
    out = []
    for o, p, _ in changed_operations(opar, cpar):
        op = st.operation(p)
        if op is None or not op.args:
            continue
        mine = " + ".join(op.args)
        for rel in sorted(n for n in touched(o, p, cpar, st) if n in arity and both.get(n) == arity[n]):
            if arity[rel] > 3:
                continue
            # one step from an argument through another state relation, before the step: the book's first in the
            # queue, handed the book (helper-41's o34_G_h01, h04 to h06); a static one (an allow-list) is not
            near = [f"({mine}).({st.pre(f)}) + ({st.pre(f)}).({mine})" for f in sorted(arity)
                    if arity[f] == 2 and f != rel]
            given = " + ".join([mine, *near, *consts, "Int"])
            shown = _relocates(original, candidate, o, p, op, rel, arity[rel], given, st, scopes, verifier,
                               timeout_s)
            if shown is not None:
                out.append(f"relocates: {p.key} now adds to {rel} a tuple naming an atom it is not given (none of "
                           f"its arguments, a one sig or an integer), which the author's {p.key} never did: the "
                           f"effect sent elsewhere in place of a guard? ({shown})")
                break
    return out
