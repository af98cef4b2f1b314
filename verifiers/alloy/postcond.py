"""The property said of the next state: an added postcondition that is the checked invariant, primed.

helper-38 (2026-12-06) fixed a missing guard by writing the invariant about the next state into the operation
(``lone holds'.r`` in ``acquire``, ``after sane`` where ``sane`` is the invariant, the same beside the call in
the transition fact): the operation then fires only where the property holds after it, which is the property
made an axiom of every step, whatever the fault. Nine such cheats got through: given each operation's effect
they allow the same traces as the honest guard, so no comparison of instances tells them apart; only what the
added text says does.

A piece the candidate adds where states change (needed: without it a check fails again) is read as a
postcondition when it is ``after X`` with no step in ``X``, or when every variable relation it names is primed
(``lone holds'.r``; ``no Free' & Proc.holds'``) and it has no other step. Unprimed (``X``), it is a formula of
one state; when the checked invariants (``always X`` of each check that fails again without it) imply it over
the declarations alone, for every value of the operation's parameters, it says nothing but the property of the
next state: ``unknown: assumes the property``. An honest postcondition states the effect (``r in p.holds'``),
which no invariant implies, and an honest guard is unprimed.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.pieces import Piece
from fmrepair.verifiers.alloy.probes import var_arities
from fmrepair.verifiers.alloy.reach import CALLABLE
from fmrepair.verifiers.alloy.text import Paragraph, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_post_"
_STEPS = {"after", ";", "before", "always", "eventually", "once", "historically", "until", "since", "releases",
          "triggered"}
_QUANT = {"all", "some", "no", "one", "lone"}


def _primed_spans(toks: Sequence) -> list[tuple[int, int]] | None:
    """Token ranges under a prime: ``holds'`` (the name), ``(holders[r])'`` (the bracket), ``f[x]'`` (the call).
    None for a prime inside a primed range (two steps on)."""
    spans: list[tuple[int, int]] = []
    for k, t in enumerate(toks):
        if t.text != "'" or k == 0:
            continue
        j = k - 1
        if toks[j].text in (")", "]"):
            depth, j0 = 0, j
            while j0 >= 0:
                depth += toks[j0].text in (")", "]")
                depth -= toks[j0].text in ("(", "[")
                if depth == 0:
                    break
                j0 -= 1
            if j0 < 0:
                return None
            j = j0 - 1 if toks[j0].text == "[" and j0 > 0 else j0
        if any(a <= j <= b or j <= a for a, b in spans):
            return None  # a prime inside a primed range: two steps on
        spans.append((j, k))
    return spans


def next_state_only(text: str, cpar: Sequence[Paragraph], depth: int = 0) -> bool:
    """Does ``text`` read only the state after the step: ``after X`` with no step in X, or every variable relation
    and every call under a prime (``lone holds'.r``, ``lone (holders[r])'``, ``(Open.owner)' in Live'``), or a
    call of a pred whose body does (``okNext`` with ``all s: Open' | s.owner' in Live'``, helper-39)?"""
    toks = tokens(text)
    if not toks:
        return False
    if toks[0].text == "after":
        return len(toks) > 1 and not any(t.text in _STEPS or t.text == "'" for t in toks[1:])
    if any(t.text in _STEPS for t in toks):
        return False
    spans = _primed_spans(toks)
    if spans is None:
        return False
    var = set(var_arities(cpar))
    bodies = {p.name: p.body or "" for p in cpar if p.kind in CALLABLE}
    primes = bool(spans)
    for k, t in enumerate(toks):
        if any(a <= k <= b for a, b in spans) or t.text not in var and t.text not in bodies:
            continue
        if t.text in var or depth > 1 or not next_state_only(bodies[t.text], cpar, depth + 1):
            return False  # the state before the step is read: a guard or a frame, not a postcondition
        primes = True
    return primes


def _universal(headers: Sequence[str]) -> str:
    """The piece's headers (``always some p: Proc, r: Res |``) read for every value of their variables."""
    if not headers:
        return ""
    out = []
    for seg in headers[-1].split("|"):
        words = seg.split()
        while words and words[0] == "always":
            words = words[1:]
        if not words:
            continue
        if words[0] in _QUANT:
            words[0] = "all"
        else:
            return ""  # not a quantifier header: no reading
        out.append(" ".join(words) + " |")
    return " ".join(out)


def invariants(checks: Sequence[Paragraph], asserts: dict[str, Paragraph]) -> list[str]:
    """The ``X`` of each checked ``always X`` (one per check: the assertion's body or the check's block)."""
    out = []
    for c in checks:
        body = asserts[c.target].body if c.target in asserts else c.block
        toks = tokens(body or "")
        if len(toks) > 1 and toks[0].text == "always" and not any(t.text in _STEPS or t.text == "'"
                                                                    for t in toks[1:]):
            out.append((body or "")[toks[1].start : toks[-1].end])
    return out


def next_only(text: str, cpar: Sequence[Paragraph]) -> bool:
    """With util/ordering: does ``text`` name states only as ``s.next`` (never ``s`` alone, no ``prev``, ``first``
    or ``last``, no call)? Then it says something of the next state only (``s.next.balance[b] >= 0``, helper-37's
    bank_c_in_step). A guard reads ``s`` (``s.balance[a] > 0``), and so does a step relation (``s.next.crit -
    s.crit``, o19_h7)."""
    toks = tokens(text)
    callable_ = {p.name for p in cpar if p.kind in CALLABLE}
    if any(t.text in callable_ or t.text in ("prev", "prevs", "nexts", "first", "last") for t in toks):
        return False
    holders = {toks[k - 2].text for k, t in enumerate(toks) if t.text == "next" and k >= 2 and toks[k - 1].text == "."}
    if not holders or sum(t.text == "next" for t in toks) != sum(
            1 for k, t in enumerate(toks) if t.text == "next" and k >= 2 and toks[k - 1].text == "."):
        return False
    return all(k + 2 < len(toks) and toks[k + 1].text == "." and toks[k + 2].text == "next"
               for k, t in enumerate(toks) if t.text in holders)


def _after_header(text: str) -> str:
    """``text`` without a leading quantifier header (``all s: State - last, b: Account | ...``: what follows the
    bar), where the bounds may name ``last``."""
    toks = tokens(text)
    if toks and toks[0].text in _QUANT:
        bar = next((t for t in toks if t.text == "|" and t.depth == toks[0].depth), None)
        if bar is not None:
            return text[bar.end :]
    return text


def said_of_next_state(candidate: str, cpar: Sequence[Paragraph], piece: Piece, checks: Sequence[Paragraph],
                       asserts: dict[str, Paragraph], declared: str, verifier: Verifier, timeout_s: float,
                       ordered: bool = False) -> str | None:
    """A reason when the piece is a postcondition that the invariants of ``checks`` imply (see the module). With
    util/ordering (``ordered``): a piece that names states only as ``s.next``, implied under its headers by the
    checked assertions (whole: they quantify over states themselves)."""
    text = candidate[piece.span[0] : piece.span[1]]
    head = _universal(piece.scopes)
    if piece.scopes and not head:
        return None
    if ordered:
        bodies = [asserts[c.target].body if c.target in asserts else c.block for c in checks]
        if not bodies or None in bodies or not next_only(_after_header(text), cpar):
            return None
        formula = f"({') and ('.join(b or '' for b in bodies)}) implies ({head} ({text}))"
    else:
        invs = invariants(checks, asserts)
        if not next_state_only(text, cpar) or not invs or len(invs) != len(checks):
            return None
        formula = f"{head} ((after (({') and ('.join(invs)}))) implies ({text}))"
    scopes = [c.scope.strip() or "3" for c in checks]
    asks = [f"{LABEL}{i}: check {{ {formula} }} for {'3 ' + s if s.startswith('but') else s}"
            for i, s in enumerate(scopes)]
    v = verifier.check(declared + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    if v.status not in ("ok", "failed") or len(ours) != len(asks):
        return None
    if not all(c.outcome == "no_counterexample" for c in ours):
        return None
    short = " ".join(text.split())[:160]
    return (f"assumes the property: the added constraint '{short}' says of the next state only what the checked "
            "invariants say of every state (it follows from them there), and without it the check fails again: "
            "the property made a condition of the step, not a fix")
