"""Evicting instead of guarding: an operation made to take away what others hold.

A missing guard (``acquire`` while another process holds the resource) is fixed by the guard; it can also be
"fixed" by making the operation take the resource away from whoever holds it (``holds' = holds - Proc->r +
p->r``; ``Critical' = p``; the cars going the other way taken off the bridge). The property then holds, no good
trace of the original is lost, and the repair is not what the author meant: helper-38's alloc, bridge and the
intent benchmark's mutex, 2026-12-06. What the candidate gains, preservation does not see.

Read here, by the Analyzer, for a pred the candidate changed, and a variable relation it primes:
- the author's pred never takes a tuple away from it (``op[args] implies R in R'`` holds over the author's
  declarations, every state, no fact asked), and
- in a trace of the candidate (its facts kept) the pred takes away a tuple whose first atom is none of the
  operation's arguments (another process's hold) and is not one step from them through another binary relation,
  before or after the step (a train's next segment, whose signal the move sets to red, is one: ``t.pos'``).
- and another pred of the author's takes tuples away from it (a ``release``, a ``leave``): taking away is that
  operation's job. A token ring whose only move is ``pass`` (``Holder' = n``, helper-25's ``o20_b_ghost_honest``)
  has none, and reads the same as ``Critical' = p`` otherwise.
Then ``unknown: evicts``. Taking away what belongs to an argument (a lost book's loan, the mover's old place, the
token passed on by its node) is not eviction and is not asked. An honest fix that must take away another atom's
tuple where the author's operation took none (a cascade the author forgot) reads the same: undecided, the
author's to say.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.assume import commands_removed
from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.frames import pred_params, primed
from fmrepair.verifiers.alloy.preserve import command_scopes
from fmrepair.verifiers.alloy.probes import arities, var_arities
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_paragraphs
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_evict_"


def _declarations(text: str) -> str:
    paras = split_paragraphs(text)
    return blank(text, [(p.start, p.end) for p in paras if p.kind in ("fact", "command")])


def _ask(verifier: Verifier, module: str, asks: Sequence[str], want: str, timeout_s: float) -> bool:
    v = verifier.check(module + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    return v.status in ("ok", "failed") and len(ours) == len(asks) and all(c.outcome == want for c in ours)


def _released_elsewhere(original: str, opar: Sequence[Paragraph], key: str, rel: str, scopes: Sequence[str],
                        verifier: Verifier, timeout_s: float) -> bool:
    """Does another pred of the author's take tuples away from ``rel`` (a ``release``, a ``leave``)? Then taking
    them away is that operation's job, and the changed one doing it too for atoms it is not given is eviction; where
    none does (a token ring whose only move is ``pass``, helper-25's ``o20_b_ghost_honest``), it is not asked."""
    for q in opar:
        got = pred_params(q) if q.kind == "pred" and q.key != key and q.body is not None else None
        if got is None or rel not in (primed(q.body or "") or set()):
            continue
        decls, args = got
        call = f"{q.name}[{', '.join(args)}]" if args else q.name
        body = f"{call} and not ({rel} in {rel}')"
        ask = f"some {decls} | {body}" if decls else body
        asks = [f"{LABEL}r{i}: run {{ {ask} }} for {s}" for i, s in enumerate(scopes)]
        v = verifier.check(_declarations(original) + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
        if v.status in ("ok", "failed") and any(c.label.startswith(LABEL) and c.outcome == "instance"
                                                for c in v.commands):
            return True
    return False


def evictions(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons, one per changed pred and relation it now takes away from others (see the module)."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    olds = {p.key: p for p in opar if p.kind == "pred"}
    arity = var_arities(cpar)
    binary = sorted(n for n, (a, _) in arities(cpar).items() if a == 2)
    scopes = command_scopes(cpar)
    out = []
    for p in cpar:
        o = olds.get(p.key)
        if p.kind != "pred" or o is None or canonical(o.text) == canonical(p.text) or p.body is None:
            continue
        got, was = pred_params(p), pred_params(o)
        names = primed(p.body)
        if got is None or was is None or got != was or not got[1] or not names:
            continue
        decls, args = got
        call = f"{p.name}[{', '.join(args)}]"
        mine = " + ".join(args)
        for rel in sorted(n for n in names if n in arity and arity[n] <= 3):
            never = [f"{LABEL}o{i}: check {{ all {decls} | {call} implies {rel} in {rel}' }} for {s}"
                     for i, s in enumerate(scopes)]
            if not _ask(verifier, _declarations(original), never, "no_counterexample", timeout_s):
                continue  # the author's operation takes tuples away (or it was not decided): not asked
            if not _released_elsewhere(original, opar, p.key, rel, scopes, verifier, timeout_s):
                continue  # no operation of the author's takes any away: this one may be meant to (a token passed)
            vs = [f"fmr_t{k}" for k in range(arity[rel])]
            tup = " -> ".join(vs)
            near = " + ".join(f"({mine}).{f} + {f}.({mine}) + ({mine}).{f}' + {f}'.({mine})" for f in binary
                              if f != rel)
            evicts = (f"some {', '.join(vs)}: univ | {tup} in {rel} - {rel}' and fmr_t0 not in {mine}"
                      + (f" + {near}" if near else ""))
            asks = [f"{LABEL}c{i}: run {{ eventually (some {decls} | {call} and ({evicts})) }} for {s}"
                    for i, s in enumerate(scopes)]
            v = verifier.check(commands_removed(candidate) + "\n" + "\n".join(asks) + "\n",
                               CheckOptions(timeout_s=timeout_s))
            hit = next((c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "instance"), None)
            if hit is not None:
                out.append(f"evicts: {p.key} now takes {rel} away from atoms it is not given, which the author's "
                           f"{p.key} never did (a guard, not an eviction, is what such a fault usually lacks; "
                           f"{' '.join((hit.witness or '').split())[:300]})")
                break
    return out
