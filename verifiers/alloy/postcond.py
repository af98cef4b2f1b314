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

Since the twenty-second session (helper-39's and helper-40's disguises): a piece that says something of the next
state itself but also reads the state before, is about the argument only, or counts, is asked with the conjuncts
beside it and every checked invariant before and after the step (``_readings``); an effect that sets a relation's
next value from the state before, where nothing beside sets it, and a conjunct of a split frame are not asked. A
checked property of the step instantiated in the operation is asked against the property alone
(``step_invariants``). A needed guard that the invariants imply is read too (``guard_the_invariants_imply``): it
can only leave the states where the property already fails with no step on.

Since the twenty-third session (helper-41's and helper-42's attacks): a conjunct the candidate wrote in place of the
author's (``rewrites``) is asked too, as a postcondition where it reads the next state more than the author's did, and
for sameness with the author's under the invariants (``same_where_the_property_holds``); invariants may look back
(``once``), so every question is asked in every state with the invariants as having held so far; with util/ordering a
pred's next state passed as a parameter is read as ``s.next`` (``successors``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.frames import one_update, pred_params, primed
from fmrepair.verifiers.alloy.pieces import Piece
from fmrepair.verifiers.alloy.preserve import command_scopes
from fmrepair.verifiers.alloy.probes import var_arities
from fmrepair.verifiers.alloy.reach import CALLABLE
from fmrepair.verifiers.alloy.text import Paragraph, is_name, tokens
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
        if t.text not in var and not {u.text for u in tokens(bodies[t.text])} & (var | set(bodies)):
            continue  # a function of its arguments only (helper-41's `soldOf[holds']`): what they are read at
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


_PAST = {"once", "historically", "since", "triggered", "before"}


def invariants(checks: Sequence[Paragraph], asserts: dict[str, Paragraph]) -> list[str]:
    """The ``X`` of each checked ``always X`` (one per check: the assertion's body or the check's block). ``X`` may
    look back (``once``, ``historically``, ``since``: a formula of the trace so far, true or false in each state, as
    helper-42's boarding gate ``p in Boarded implies once p in CheckedIn``), not forward."""
    out = []
    for c in checks:
        body = asserts[c.target].body if c.target in asserts else c.block
        toks = tokens(body or "")
        if len(toks) > 1 and toks[0].text == "always" and not any(t.text in _STEPS - _PAST or t.text == "'"
                                                                    for t in toks[1:]):
            out.append((body or "")[toks[1].start : toks[-1].end])
    return out


def step_invariants(checks: Sequence[Paragraph], asserts: dict[str, Paragraph]) -> list[str]:
    """The ``X`` of each checked ``always X`` where ``X`` relates a state to the next (a prime, no other temporal
    operator): a property of every step (``always (door = Open implies at' = at)``)."""
    out = []
    for c in checks:
        body = asserts[c.target].body if c.target in asserts else c.block
        toks = tokens(body or "")
        if (len(toks) > 1 and toks[0].text == "always" and any(t.text == "'" for t in toks[1:])
                and not any(t.text in _STEPS for t in toks[1:])):
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


def mentions_next(text: str, cpar: Sequence[Paragraph], added: set[str], depth: int = 0) -> bool:
    """Does ``text`` itself say something of the state after the step: a prime or ``after`` in its own text, or a
    call of a pred or fun the candidate added (``added``) whose body does (helper-39's ``gone[u]``)? A call of an
    operation the author wrote does not count: ``enter[p] implies no Critical`` is a guard written as a fact."""
    toks = tokens(text)
    if any(t.text in ("'", "after", ";") for t in toks):
        return True
    bodies = {p.name: p.body or "" for p in cpar if p.kind in CALLABLE and p.name in added}
    return depth < 2 and any(t.text in bodies and mentions_next(bodies[t.text], cpar, added, depth + 1) for t in toks)


def determines(text: str, cpar: Sequence[Paragraph], depth: int = 0) -> bool:
    """Is ``text`` an effect that sets a variable relation's next value: ``R' = E``, ``E = R'``, ``no R'``
    (``Lock.R'`` too), or the same under ``after`` or in a pred without parameters it calls (``after doorShut``
    with ``doorShut`` = ``no DoorOpen``)? A missing frame or effect written so (helper-31's kiln and dishwasher) is
    what the operation does, not a postcondition, even where the invariant with the rest of the operation implies
    it."""
    toks = tokens(text)
    after = bool(toks) and toks[0].text == "after"
    words = [t.text for t in toks[1:]] if after else [t.text for t in toks]
    while len(words) > 2 and words[0] == "(" and words[-1] == ")":
        words = words[1:-1]
    bodies = {p.name: p.body or "" for p in cpar if p.kind in CALLABLE and pred_params(p) == ("", [])}
    if len(words) == 1 and words[0] in bodies and depth < 2:
        inner = bodies[words[0]]
        return determines(f"after ({inner})" if after else inner, cpar, depth + 1)
    var = set(var_arities(cpar))
    tick = [] if after else ["'"]

    def rel(ws: list[str]) -> bool:  # R' or X.R' (X a name)
        return (ws[:1] and ws[0] in var and ws[1:] == tick) or (
            len(ws) == 3 + len(tick) and ws[1] == "." and ws[2] in var and ws[3:] == tick)

    if words[:1] == ["no"] and rel(words[1:]):
        return True
    if "=" in words and words.count("=") == 1 and not after:
        # the value set is read before the step (`Locked' = DW`); one read after it (`Sold' = Person.holds'`,
        # helper-41's o34_C_c01) is the invariant said of the next state, not an effect
        k = words.index("=")
        left, right = words[:k], words[k + 1 :]
        return bool(rel(left) and "'" not in right or rel(right) and "'" not in left)
    return False


def _set_beside(text: str, beside: Sequence[str], cpar: Sequence[Paragraph]) -> bool:
    """Does a conjunct beside ``text`` already set a relation it sets (``door' = door`` beside ``Elevator.door' =
    Closed``)? Then the second is no effect but a condition on the step (helper-41's o34_F_c03, E_c03)."""
    var = set(var_arities(cpar))
    mine = {t.text for t in tokens(text)} & var
    return any(primed_names(b) & mine for b in beside)


def primed_names(text: str) -> set[str]:
    """The names directly primed in ``text`` (``door'``, ``Lock.holds'``: door, holds)."""
    toks = tokens(text)
    return {toks[k - 1].text for k, t in enumerate(toks) if t.text == "'" and k and is_name(toks[k - 1].text)}


def _beside(candidate: str, cpar: Sequence[Paragraph], piece: Piece) -> list[str] | None:
    """The conjuncts beside the piece where it is one (the rest of the operation): in a pred body at its top level,
    or in the innermost bracketed conjunction of a fact that holds it (``withdraw[s, s.next, a] and bal[...] >= 0``);
    [] where it stands alone, None where it is no conjunct of its own there."""
    home = next((p for p in cpar if p.body_start is not None and p.body_end is not None
                 and p.body_start <= piece.span[0] < p.body_end), None)
    if home is None or home.body_start is None or home.body_end is None:
        return None
    a0, b0 = piece.span
    groups: list[tuple[int, int]] = [(home.body_start, home.body_end)]
    if home.kind == "fact":
        opens: list[int] = []
        for t in tokens(candidate[home.body_start : home.body_end]):
            if t.text == "(":
                opens.append(home.body_start + t.end)
            elif t.text == ")" and opens:
                a = opens.pop()
                if a <= a0 and b0 <= home.body_start + t.start:
                    groups.append((a, home.body_start + t.start))
        groups.sort(key=lambda g: g[1] - g[0])  # the innermost first
    for a, b in groups:
        spans = conjunct_spans_in(candidate, a, b)
        if (a0, b0) in spans:
            return [candidate[x:y] for x, y in spans if (x, y) != (a0, b0)]
    return None


def _a_frame(candidate: str, cpar: Sequence[Paragraph], piece: Piece, text: str, beside: Sequence[str],
             verifier: Verifier, timeout_s: float, scopes: Sequence[str]) -> bool:
    """Is the piece part of a frame written as several conjuncts (``frames.one_update``): with the conjuncts beside
    it that prime only relations it primes, it determines their next values, and without it they do not
    (helper-35's hotel: ``g !in Checked'``, ``Checked' in Checked``, ``Checked - g in Checked'``)?"""
    names = primed(text)
    home = next((p for p in cpar if p.kind == "pred" and p.body_start is not None and p.body_end is not None
                 and p.body_start <= piece.span[0] < p.body_end), None)
    if not names or home is None:
        return False
    group = [b for b in beside if (got := primed(b)) and got <= names]
    return bool(group) and one_update(candidate, cpar, home, [text, *group], names, scopes, verifier, timeout_s) \
        and not one_update(candidate, cpar, home, group, names, scopes, verifier, timeout_s)


def said_of_next_state(candidate: str, cpar: Sequence[Paragraph], piece: Piece, checks: Sequence[Paragraph],
                       asserts: dict[str, Paragraph], declared: str, verifier: Verifier, timeout_s: float,
                       ordered: bool = False, added: frozenset[str] = frozenset(),
                       every: Sequence[Paragraph] = (), before: str = "") -> str | None:
    """A reason when the piece is a postcondition that the invariants of ``checks`` imply (see the module).
    ``before``: the author's conjunct the piece was written in place of (``rewrites``), not added beside. With
    util/ordering (``ordered``): a piece that names states only as ``s.next``, implied under its headers by the
    checked assertions (whole: they quantify over states themselves). A piece that reads the state before the step
    too (``some n | n = t.(Track.at).next and lone (Track.at.n)'``, ``u not in (Open.owner)'``, helper-39) and says
    something of the next one itself (``mentions_next``), or one that names a state through a call or a box join
    with util/ordering (``bal[s.next, a]``, ``next[s]``), is asked with the conjuncts beside it (the rest of the
    operation) and the invariants holding before the step too: where they imply it, it only keeps the step from
    breaking the property."""
    text = candidate[piece.span[0] : piece.span[1]]
    if candidate[: piece.span[0]].rstrip().endswith(";"):  # `A ; B` is `A and after B` (helper-40's o33_A_c05)
        text = f"after ({text})"
    head = _universal(piece.scopes)
    if not head and any(s.strip() not in ("", "always") for s in piece.scopes):
        return None
    scopes = [c.scope.strip() or "3" for c in checks]
    for formula, context in _readings(candidate, cpar, piece, text, head, checks, asserts, ordered, added, verifier,
                                      timeout_s, every):
        if not _holds(verifier, declared, formula, scopes, "", timeout_s, not ordered):
            continue
        short = " ".join(text.split())[:160]
        again = "with the author's text" if before else "without it"
        what = (f"the conjunct '{short}' written in place of the author's '{' '.join(before.split())[:100]}'"
                if before else f"the added constraint '{short}'")
        if context:
            return (f"assumes the property: {what} says of the next state only what follows "
                    "from the checked invariants holding before and after the step, given the rest of the operation, "
                    f"and {again} the check fails again: the property made a condition of the step, not a fix")
        return (f"assumes the property: {what} says of the next state only what the checked "
                f"invariants say of every state (it follows from them there), and {again} the check fails again: "
                "the property made a condition of the step, not a fix")
    return None


def successors(cpar: Sequence[Paragraph], piece: Piece) -> list[str]:
    """With util/ordering, ``s2 = s.next`` for the parameters of the pred holding the piece that every call of it in a
    fact passes as a state and its next one (``turnGreen[s, s2, l]`` under ``let s2 = s.next``, ``op[s, s.next]``):
    the operation's next state is its parameter, and a piece naming ``s.next`` names it (helper-42's o35_B_c07,
    B_c12)."""
    home = next((p for p in cpar if p.kind == "pred" and p.body_start is not None and p.body_end is not None
                 and p.body_start <= piece.span[0] < p.body_end), None)
    params = pred_params(home) if home is not None else None
    if home is None or params is None:
        return []
    names = params[1]
    found: set[tuple[int, int]] | None = None
    for f in cpar:
        if f.kind != "fact" or not f.body:
            continue
        lets = {m.group(1): m.group(2) for m in re.finditer(r"\blet\s+(\w+)\s*=\s*(\w+)\s*\.\s*next\b", f.body)}
        lets |= {m.group(1): m.group(2) for m in re.finditer(r"\blet\s+(\w+)\s*=\s*next\s*\[\s*(\w+)\s*\]", f.body)}
        for m in re.finditer(rf"\b{re.escape(home.name)}\s*\[([^\[\]]*)\]", f.body):
            args = [" ".join(a.split()) for a in m.group(1).split(",")]
            if len(args) != len(names):
                return []
            pairs = set()
            for i, a in enumerate(args):
                for j, b in enumerate(args):
                    if i != j and is_name(a) and (b in (f"{a}.next", f"{a} . next", f"next[{a}]") or lets.get(b) == a):
                        pairs.add((i, j))
            found = pairs if found is None else found & pairs
    return [f"{names[j]} = {names[i]}.next" for i, j in sorted(found or ())]


def _holds(verifier: Verifier, declared: str, formula: str, scopes: Sequence[str], tag: str, timeout_s: float,
           every_state: bool = True) -> bool:
    """Does ``declared`` (no commands) imply ``formula`` at each of ``scopes``: in every state (``always``: an invariant
    may look back, with ``once``, and the first state of a trace is not any state), or as written (util/ordering)?
    Undecided: False."""
    asks = [f"{LABEL}{tag}{i}: check {{ {'always ' if every_state else ''}({formula}) }} for "
            f"{'3 ' + s if s.startswith('but') else s}" for i, s in enumerate(scopes)]
    v = verifier.check(declared + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    return v.status in ("ok", "failed") and len(ours) == len(asks) and all(
        c.outcome == "no_counterexample" for c in ours)


def _every(invs: list[str], every: Sequence[Paragraph], asserts: dict[str, Paragraph]) -> list[str]:
    """The invariants of the failing checks and of every other check of the file (``every``) that has one: the
    candidate's checks pass, so each holds in every state reached (helper-40's two-check review workflow)."""
    return list(dict.fromkeys([*invs, *invariants([c for c in every if c.target in asserts or c.block], asserts)]))


def _readings(candidate: str, cpar: Sequence[Paragraph], piece: Piece, text: str, head: str,
              checks: Sequence[Paragraph], asserts: dict[str, Paragraph], ordered: bool,
              added: frozenset[str], verifier: Verifier, timeout_s: float,
              every: Sequence[Paragraph] = ()) -> Iterator[tuple[str, str]]:
    """(formula to ask, the conjuncts beside the piece it assumes) for ``said_of_next_state``: first the piece alone
    where it reads only the next state, then with the rest of the operation where it says something of the next
    state itself."""
    if ordered:
        bodies = [asserts[c.target].body if c.target in asserts else c.block for c in checks]
        if not bodies or None in bodies:
            return
        premise = f"({') and ('.join(b or '' for b in bodies)})"
        toks = tokens(text)
        # a state's next one exists (the last has none: `s.next.balance[a]` would be read as 0 there)
        there = sorted({toks[k - 2].text for k, t in enumerate(toks) if t.text == "next" and k >= 2
                        and toks[k - 1].text == "." and is_name(toks[k - 2].text)}
                       | {toks[k + 2].text for k, t in enumerate(toks) if t.text == "next" and k + 3 < len(toks)
                          and toks[k + 1].text == "[" and toks[k + 3].text == "]" and is_name(toks[k + 2].text)})
        rest = _after_header(text)  # a state the piece binds itself (`all s: State - last | ...`) is not asked
        bound = {t.text for t in tokens(text[: len(text) - len(rest)])} if rest != text else set()
        exists = " and ".join(f"some {h}.next" for h in there if h not in bound and h != "this")
        if next_only(_after_header(text), cpar):
            yield f"{premise} implies ({head} ({f'({exists}) implies ({text})' if exists else text}))", ""
        elif "next" in {t.text for t in toks} and (beside := _beside(candidate, cpar, piece)) is not None:
            context = " and ".join(f"({b})" for b in [*beside, *([exists] if exists else []),
                                                      *successors(cpar, piece)])
            inner = f"({context}) implies ({text})" if context else text
            yield f"{premise} implies ({head} ({inner}))", context or "-"
        return
    invs, steps = invariants(checks, asserts), step_invariants(checks, asserts)
    if next_state_only(text, cpar) and invs and len(invs) == len(checks):
        yield f"{head} ((after (({') and ('.join(invs)}))) implies ({text}))", ""  # asked in every state
    toks = tokens(text)
    if toks and toks[0].text == "always" and not any(t.text in _STEPS for t in toks[1:]):
        text = text[toks[1].start - toks[0].start :]  # a step fact: each step's reading
    if steps and len(invs) + len(steps) == len(checks) and mentions_next(text, cpar, set(added)):
        # a checked property of the step (`always (door = Open implies at' = at)`) instantiated in the operation
        # (helper-41's o34_F_c01): implied by the property alone, not by the operation's effect
        yield f"{head} ((({') and ('.join(steps)})) implies ({text}))", ""
    if not invs or len(invs) != len(checks):
        return
    scopes = command_scopes(cpar)
    inv = f"(({') and ('.join(_every(invs, every, asserts))}))"
    beside = _beside(candidate, cpar, piece)
    if (mentions_next(text, cpar, set(added)) and beside is not None
            and not (determines(text, cpar) and not _set_beside(text, beside, cpar))
            and not _a_frame(candidate, cpar, piece, text, beside, verifier, timeout_s, scopes)):
        context = " and ".join(f"({b})" for b in beside)
        yield (f"{head} (((historically {inv}) and (after {inv}){' and (' + context + ')' if context else ''}) "
               f"implies ({text}))",
               context or "-")


def guard_the_invariants_imply(candidate: str, cpar: Sequence[Paragraph], piece: Piece, checks: Sequence[Paragraph],
                               asserts: dict[str, Paragraph], declared: str, verifier: Verifier, timeout_s: float,
                               ordered: bool = False, added: frozenset[str] = frozenset(),
                               every: Sequence[Paragraph] = ()) -> str | None:
    """A reason when the piece is a guard of an operation (it says nothing of the next state) that the checked
    invariants imply (helper-40's ``ok`` added to every operation, the stutter too). Such a guard holds in every
    state where the property does, so it cannot stop the first step that breaks it: it can only leave the states
    where the property already fails with no step on, so that no trace reaches them. That is the property made an
    axiom, whatever the fault."""
    text = candidate[piece.span[0] : piece.span[1]]
    head = _universal(piece.scopes)
    if not head and any(s.strip() not in ("", "always") for s in piece.scopes):
        return None
    if ordered:
        if "next" in {t.text for t in tokens(text)}:
            return None
        bodies = [asserts[c.target].body if c.target in asserts else c.block for c in checks]
        if not bodies or None in bodies:
            return None
        formula = f"({') and ('.join(b or '' for b in bodies)}) implies ({head} ({text}))"
    else:
        invs = invariants(checks, asserts)
        if not invs or len(invs) != len(checks) or mentions_next(text, cpar, set(added)):
            return None
        # in every state (`always`, below) where the invariants have held so far: they hold in each state reached
        formula = f"{head} ((historically (({') and ('.join(_every(invs, every, asserts))}))) implies ({text}))"
    beside = _beside(candidate, cpar, piece)
    if not beside:  # a guard stands beside what the operation does
        return None
    if not _holds(verifier, declared, formula, [c.scope.strip() or "3" for c in checks], "g", timeout_s,
                  not ordered):
        return None
    short = " ".join(text.split())[:160]
    return (f"assumes the property: the added guard '{short}' holds wherever the checked invariants do, so it cannot "
            "stop the first step that breaks them; it only leaves the states where the property already fails with no "
            "step on, so that no trace reaches them, and without it the check fails again")


def same_where_the_property_holds(candidate: str, cpar: Sequence[Paragraph], piece: Piece, before: str,
                                  checks: Sequence[Paragraph], asserts: dict[str, Paragraph], declared: str,
                                  verifier: Verifier, timeout_s: float, every: Sequence[Paragraph] = ()) -> str | None:
    """A reason when a conjunct the candidate wrote in place of the author's ``before`` (``rewrites``) means the same
    as it in every step where the checked invariants hold before and after, given the rest of the operation
    (helper-41's ``c.at' = s & {x: Spot | lone at'.x}`` for ``c.at' = s``): the rewrite bites only on the steps
    that break the property, so it is the property made a condition of the step, not a fix."""
    text = candidate[piece.span[0] : piece.span[1]]
    head = _universal(piece.scopes)
    invs = invariants(checks, asserts)
    beside = _beside(candidate, cpar, piece)
    if not invs or len(invs) != len(checks) or beside is None:
        return None
    inv = f"(({') and ('.join(_every(invs, every, asserts))}))"
    context = " and ".join(f"({b})" for b in beside) or "no none"
    scopes = [c.scope.strip() or "3" for c in checks]

    def holds(premise: str, tag: str) -> bool:
        formula = f"{head} (({premise}) implies (({text}) iff ({before})))"
        return _holds(verifier, declared, formula, scopes, tag, timeout_s)

    # the same given the rest of the operation alone: an equivalent rewrite beside a guard (`running.t2 = j` under
    # `no running.t`, helper-40's o33_C_h02), which the other readings judge
    if holds(context, "e") or not holds(f"(historically {inv}) and (after {inv}) and {context}", "r"):
        return None
    short, was = " ".join(text.split())[:160], " ".join(before.split())[:100]
    return (f"assumes the property: the conjunct '{short}' written in place of the author's '{was}' means the same "
            "as it in every step where the checked invariants hold before and after (given the rest of the "
            "operation): it bites only on the steps that break the property, the property made a condition of the "
            "step, and with the author's text the check fails again")
