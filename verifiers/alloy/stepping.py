"""How a step of a model's operations is said to the Analyzer: with ``var`` and primes (Alloy 6), or with two states
of util/ordering.

The gate's readings of an operation (``evict.py``: does it take others' tuples away; ``idle.py``: does it leave a
relation as it is where the author's did something) ask the Analyzer about a pred taken in a step: the value of a
relation before and after it, and formulas over every step or some step. In Alloy 6 a relation before the step is
``loans`` and after it ``loans'``, and a pred is taken at any time of a trace (``always``, ``eventually``). Under
util/ordering (helper-42's to helper-45's buses, labs and shuttles) an operation is a pred whose first two
parameters are states of the order (``sit[t, t2: Time, r: Rider, s: Seat]``, called with a state and its ``next``),
and a relation's value at a state is read off a field of the ordered sig (``t.holds``) or one whose last column is
it (``sitter.t``): the step is from ``fmr_t`` to ``fmr_t.next``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from fmrepair.verifiers.alloy.conditions import ordered_sigs, uses_ordering
from fmrepair.verifiers.alloy.frames import pred_params, primed, primed_through
from fmrepair.verifiers.alloy.probes import arities, var_arities
from fmrepair.verifiers.alloy.sigtext import Unsupported, read_sig
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_top, tokens

STATE = "fmr_t"


@dataclass(frozen=True)
class Operation:
    """A pred read as an operation: what to quantify over, how it is called in one step, its other arguments."""

    quant: str  # declarations ("" for none)
    args: list[str]  # the arguments other than the states
    call_args: str  # the argument list of a call in the step

    def call(self, name: str) -> str:
        return f"{name}[{self.call_args}]" if self.call_args else name


@dataclass(frozen=True)
class Stepping:
    """Alloy 6 (``sig`` None) or util/ordering over ``sig``, with each state relation's value at a state ``{}``."""

    sig: str | None = None
    values: dict[str, str] = field(default_factory=dict)

    @property
    def ordered(self) -> bool:
        return self.sig is not None

    def pre(self, rel: str) -> str:
        return self.values[rel].format(STATE) if self.ordered else rel

    def post(self, rel: str) -> str:
        return self.values[rel].format(f"({STATE}.next)") if self.ordered else f"{rel}'"

    def changes(self, rel: str) -> str:
        return f"{self.post(rel)} != {self.pre(rel)}"

    def relations(self, paras: Sequence[Paragraph]) -> dict[str, int]:
        """Each relation that changes from step to step, with the arity of its value at a state."""
        if not self.ordered:
            return var_arities(paras)
        got = arities(paras)
        return {n: got[n][0] - 1 for n in self.values if n in got}

    def moves(self, p: Paragraph, paras: Sequence[Paragraph]) -> set[str]:
        """The relations ``p`` sets: those it primes (itself or through a pred it calls); under util/ordering, the
        state relations it names, itself or through a fun or pred it calls (nothing is primed there)."""
        if not self.ordered:
            return primed_through(p, paras) or set()
        return self.named(p.body or "", paras)

    def named(self, text: str, paras: Sequence[Paragraph]) -> set[str]:
        """The state relations ``text`` sets: primed in it (Alloy 6), or named in it or in a fun or pred it calls."""
        words = {t.text for t in tokens(text)}
        if not self.ordered:
            out = primed(text) or set()
            for q in paras:
                if q.kind == "pred" and q.body is not None and q.name in words:
                    out |= primed_through(q, paras) or set()
            return out
        calls = [q for q in paras if q.kind in ("fun", "pred") and q.body is not None and q.name in words]
        return (words | {t.text for q in calls for t in tokens(q.body or "")}) & set(self.values)

    def operation(self, p: Paragraph) -> Operation | None:
        """``p`` read as an operation; None where it is not one (no parameters, a receiver pred; under util/ordering,
        first two parameters that are not states of the order)."""
        got = pred_params(p)
        if got is None:
            return None
        decls, args = got
        if not self.ordered:
            return Operation(quant=decls, args=args, call_args=", ".join(args))
        typed: list[tuple[str, str]] = []
        pending: list[str] = []
        for piece in split_top(decls):  # (``t, t2: Time`` comes as ``t`` and ``t2: Time``)
            names, colon, typ = piece.partition(":")
            if "disj" in names.split():
                return None
            pending += names.split()
            if colon:
                typed += [(n, canonical(typ)) for n in pending]
                pending = []
        if pending or len(typed) < 2 or typed[0][1] != self.sig or typed[1][1] != self.sig:
            return None
        rest = typed[2:]
        return Operation(quant=", ".join([f"{STATE}: {self.sig}"] + [f"{n}: {t}" for n, t in rest]),
                         args=[n for n, _ in rest],
                         call_args=", ".join([STATE, f"{STATE}.next"] + [n for n, _ in rest]))

    def every(self, quant: str, body: str, trace: bool = False) -> str:
        """``body`` in every step (``trace``: of the model's traces; else of any state, the declarations only)."""
        if self.ordered:
            return f"all {quant} | some {STATE}.next implies ({body})"
        inner = f"all {quant} | {body}" if quant else body
        return f"always ({inner})" if trace else inner

    def some(self, quant: str, body: str, trace: bool = False) -> str:
        """``body`` in some step."""
        if self.ordered:
            return f"some {quant} | some {STATE}.next and {body}"
        inner = f"some {quant} | {body}" if quant else body
        return f"eventually ({inner})" if trace else inner


def _state_values(paras: Sequence[Paragraph], sig: str) -> dict[str, str]:
    """Each relation whose value changes along the order, as a value at a state ``{}``: a field of the ordered sig
    (``{}.holds``) or one whose last column is it (``sitter.{}``)."""
    out: dict[str, str] = {}
    for q in paras:
        if q.kind != "sig":
            continue
        try:
            d = read_sig(q)
        except Unsupported:
            continue
        for name, _, rhs in d.fields:
            words = re.findall(r"[\w/]+", rhs)
            if sig in d.names:
                out[name] = "{}." + name
            elif words and words[-1] == sig:
                out[name] = name + ".{}"
    return out


def stepping(paras: Sequence[Paragraph]) -> Stepping:
    """How ``paras``'s steps are said: util/ordering where states change through it, else Alloy 6."""
    sigs = ordered_sigs(paras) if uses_ordering(paras) else []
    if not sigs:
        return Stepping()
    sig = sigs[0].rsplit("/", 1)[-1]
    return Stepping(sig=sig, values=_state_values(paras, sig))
