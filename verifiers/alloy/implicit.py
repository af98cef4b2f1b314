"""The frames an author's operations leave out: a missing frame condition read as one.

A common mistake in a model of steps is an operation that says what it changes and forgets a relation
(``emptyTrash`` setting ``trash'`` and saying nothing of ``inbox``; a box office's ``release`` that never names
``owner``): its steps may then change that relation at will. Every fix of that mistake (the frame, in any
spelling) excludes good traces of the faulty file, those where the operation's step changes the relation the
author never named and the checked properties still hold, so by the letter of behaviour preservation each honest
fix "narrows" (helper-48's ``o41_C_h*``, the intent benchmark's ``mail_trash``).

Here the author's file is read with those frames put in: for each pred a fact calls as an operation (or a pred that
sets nothing itself calls, a ``step`` dispatching to them: helper-51's ``o42_I``) and each state relation it says
nothing of the next value of (Alloy 6: never primes, itself or through the preds it calls, six levels; reading it
in a guard says nothing of its next value, helper-51's ``o42_D``; under util/ordering, with the pred's first two
parameters states of the order: never names at the second state, ``t2.R``, nor in a pred or fun it calls,
``o42_K``), the frame (``R' = R``; ``t2.R = t.R``), where
another of those operations sets the relation (one that no operation sets, a sensor's reading, is left to change
at will on purpose), no fact constrains it beyond the initial state (an invariant, ``always Busy = holds.Res``;
under util/ordering a fact naming it other than as ``first.R``: a frame there could forbid what the operation does
through another relation), and, where a variable sig that types it (a field's own sig and the sigs of its type, a subset
sig's parent) is set by the operation, the frame is the cascade the declaration forces, ``R' = R & (T)'`` with ``T``
the declared type (sig names, arrows, ``+``: an account closed takes its memberships along, a guest checked out
leaves the VIP subset; helper-51's ``o42_B``, ``o42_H``, where the plain frame made closing a member's account
impossible and the cheats that forbid it were accepted, and the honest cascades narrowed; a type of any other shape:
no frame). The readings tried are every frame, each operation's frames alone (one
operation left free on purpose beside one that forgot, ``o42_L``), and each frame alone where there are at most
three; a reading is used only if every run of the file that has an instance, and every operation that can take a
step that changes something, still can (``baselines``: a frame that leaves an operation a stutter takes its job away,
the message loss made a no-op, helper-52's ``o43_F``; a stutter-like operation that forgot one frame, helper-51's
``o42_A``, reads the same and is refused with it), and each frame is needed (without it the file meets fewer of its
own commands: a frame on an operation left free on purpose, which no check asks for, is no forgotten frame;
``o42_L_c01``). The gate uses a reading only where the candidate loses a good instance of
the author's file (``narrows``), and only when the candidate keeps every good instance of the framed file and
allows nothing it forbids (every instance of the candidate's facts is one of the framed file's: a partial frame
such as ``t2.owner in t.owner``, which still lets ``release`` cancel sales, helper-48's ``o41_C_c01``, narrows as
before), and keeps each framed operation as the reading has it (``kept_operations``: still called, and a changed
one takes only steps the framed one takes). What such a repair loses is only traces in which an operation changes a
relation it says nothing of.

An event that primes nothing at all, called as a disjunct beside an operation that does (``reserve[b] or
inspect[b]``), is read as one that forgot every frame (``_idle_events``, helper-51's ``o42_O``): its frames are
needed together, not one by one, and it has no job a frame takes away.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence

from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.frames import pred_params, primed
from fmrepair.verifiers.alloy.preserve import command_scopes
from fmrepair.verifiers.alloy.probes import var_arities
from fmrepair.verifiers.alloy.sigtext import readable_sigs
from fmrepair.verifiers.alloy.stepping import Stepping, stepping
from fmrepair.verifiers.alloy.text import Paragraph, split_paragraphs, strip_comments, tokens, words
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_fires_"
TEMPORAL = {"always", "after", "eventually", "historically", "once", "until", "releases", "since", "triggered",
            "before", ";", "'"}


def _named(p: Paragraph, paras: Sequence[Paragraph], depth: int = 0) -> set[str]:
    """Every word ``p`` names, in its body or in the body of a pred or fun it calls (three levels)."""
    said = words(p.body or "")
    if depth < 3:
        for q in paras:
            if q.kind in ("pred", "fun") and q is not p and q.body is not None and q.name in said:
                said |= _named(q, paras, depth + 1)
    return said


def _under_time(toks: Sequence[str], i: int) -> bool:
    """Is the token at ``i`` under a temporal operator (``always inv``, ``always (a and inv)``; not ``init`` before
    it, nor after a parenthesized ``always (...)`` it follows)? A binary one (``until``) anywhere before it at its
    level counts too."""
    depth = 0
    for j in range(i - 1, -1, -1):
        t = toks[j]
        if t == ")":
            depth += 1
        elif t == "(":
            depth = max(depth - 1, 0)
        elif t in TEMPORAL and depth == 0:
            if t in ("always", "after", "eventually", "historically", "once", "before") and j + 1 < i \
                    and toks[j + 1] == "(" and _close(toks, j + 1) < i:
                continue  # it applies to a group that ends before the token
            return True
    return False


def _close(toks: Sequence[str], k: int) -> int:
    depth = 0
    for j in range(k, len(toks)):
        depth += (toks[j] == "(") - (toks[j] == ")")
        if depth == 0:
            return j
    return len(toks)


def _constrained(paras: Sequence[Paragraph], rel: str, ordered: bool, steps: frozenset[str] = frozenset(),
                 tail: bool = False) -> bool:
    """Does a fact constrain ``rel`` beyond the initial state? In Alloy 6 read with the bodies of the preds and funs
    it calls other than ``steps`` (the operations and the events): an invariant written in a pred (``always
    wellFormed``) constrains what it names (helper-53's review). ``tail``: under util/ordering, a relation whose last
    column is the state (``sitter.{}``)."""
    for f in paras:
        if f.kind != "fact" or f.body is None:
            continue
        toks = [t.text for t in tokens(f.body)]
        if not ordered:
            for q in paras:
                if q.kind in ("pred", "fun") and q.body is not None and q.name not in steps \
                        and rel in _named(q, paras) and any(t == q.name and _under_time(toks, i)
                                                            for i, t in enumerate(toks)):
                    return True
        where = [k for k, t in enumerate(toks) if t == rel]
        if not where:
            continue
        if ordered:
            # at the first state only: `first.held`, or `sitter.first` for a relation whose last column is the
            # state (helper-53's review: those were never framed)
            if any(not (k >= 2 and toks[k - 1] == "." and toks[k - 2] == "first")
                   and not (tail and k + 2 < len(toks) and toks[k + 1] == "." and toks[k + 2] == "first")
                   for k in where):
                return True
        elif any(_under_time(toks, k) for k in where):  # not the initial condition beside `always (...)` (helper-54)
            return True
    return False


_MULT = {"set", "one", "lone", "some"}


def _sets_of(paras: Sequence[Paragraph]) -> tuple[dict[str, set[str]], set[str], dict[str, str]]:
    """Each field's and subset sig's sigs (a field's own sig and the sigs its type names; a subset sig's parents),
    the variable sigs, and the type each one's value must stay within where it reads as one (``Club -> Account``
    for ``members: set Account`` in ``sig Club``; ``Guest`` for ``var sig VIP in Guest``): a declaration of sig
    names, arrows, ``+`` and multiplicities only, of a sig declared alone."""
    typing: dict[str, set[str]] = {}
    var_sigs: set[str] = set()
    types: dict[str, str] = {}
    sigs = readable_sigs(paras)
    known = {n for _, d in sigs for n in d.names}
    fields = [f for _, d in sigs for f, _, _ in d.fields]

    def plain(expr: str) -> str | None:
        toks = [t.text for t in tokens(expr)]
        if not toks or not set(toks) <= known | _MULT | {"->", "+", "(", ")"}:
            return None
        return " ".join(t for t in toks if t not in _MULT)

    for _, d in sigs:
        if "var" in d.mods:
            var_sigs |= set(d.names)
        for n in d.names:
            typing[n] = words(d.parent) & known
            got = plain(re.sub(r"^(extends|in)\b", "", d.parent)) if d.parent else None
            if got is not None and len(d.names) == 1:
                types[n] = got
        for name, _, rhs in d.fields:
            typing[name] = set(d.names) | (words(rhs) & known)
            got = plain(rhs)
            if got is not None and len(d.names) == 1 and fields.count(name) == 1:
                types[name] = f"{d.names[0]} -> {got}" if " " not in got else f"{d.names[0]} -> ({got})"
    return typing, var_sigs, types


def _primes(p: Paragraph, paras: Sequence[Paragraph], depth: int = 0) -> set[str] | None:
    """The names ``p`` primes, itself or through the preds it calls (six levels); None where it primes anything
    else (``(m.loans)'``) or calls deeper."""
    names = primed(p.body or "")
    if names is None:
        return None
    said = words(p.body or "")
    for q in paras:
        if q.kind in ("pred", "fun") and q is not p and q.body is not None and q.name in said:
            if depth >= 6:
                return None
            more = _primes(q, paras, depth + 1)
            if more is None:
                return None
            names |= more
    return names


def _post_named(p: Paragraph, paras: Sequence[Paragraph], st: Stepping, rels: set[str]) -> set[str] | None:
    """Under util/ordering: the state relations ``p`` names at its second state (``t2.R``, ``R.t2``), and every one
    named in a pred or fun it calls; None where its parameters are not read."""
    got = pred_params(p)
    if got is None or len(got[1]) < 2:
        return None
    t2 = got[1][1]
    flat = re.sub(r"\s*\.\s*", ".", p.body or "")  # `t2 . R` as `t2.R`; other spaces kept as token ends
    out = {r for r in rels if re.search(rf"(?<![\w']){re.escape(st.values[r].format(t2))}(?![\w'])", flat)}
    said = words(p.body or "")
    for q in paras:
        if q.kind in ("pred", "fun") and q is not p and q.body is not None and q.name in said:
            out |= _named(q, paras) & rels
    return out


def _idle_events(paras: Sequence[Paragraph], ops: Sequence[Paragraph], sets: Sequence[set[str] | None]) -> set[str]:
    """The operations that prime nothing, itself or through a pred it calls, and are called as a disjunct beside a
    call of one that primes something (``reserve[b] or inspect[b]``, in a fact or a pred): an event that says
    nothing of the next state, read as one that forgot its frames (helper-51's ``o42_O``: a librarian's ``inspect``
    whose comment says nothing moves). A pred that primes nothing called otherwise (``always inv``, ``inv and ...``,
    ``inv[m] or m not in S``) is an invariant or a guard, not an operation."""
    quiet = {p.name for p, says in zip(ops, sets, strict=True) if says == set()}
    moving = {q.name for q in paras if q.kind == "pred" and q.body is not None and q.name not in quiet
              and _primes(q, paras)}
    if not quiet or not moving:
        return set()
    pairs: list[tuple[str, str]] = []  # the calls on the two sides of each `or`
    for q in paras:
        if q.kind not in ("fact", "pred") or q.body is None:
            continue
        toks = [t.text for t in tokens(q.body)]
        for i, t in enumerate(toks):
            if t not in ("or", "||") or i == 0 or i + 1 >= len(toks):
                continue
            k = i - 1
            if toks[k] == "]":  # back over the call's arguments
                depth = 0
                while k >= 0:
                    depth += (toks[k] == "]") - (toks[k] == "[")
                    k -= 1
                    if depth == 0:
                        break
            if k >= 0:
                pairs.append((toks[k], toks[i + 1]))
    out: set[str] = set()
    grew = True
    while grew:
        grew = False
        for left, right in pairs:
            for a, b in ((left, right), (right, left)):
                if a in quiet - out and (b in moving or b in out):
                    out.add(a)
                    grew = True
    return out


def _keeps_only(p: Paragraph, rel: str, paras: Sequence[Paragraph]) -> bool:
    """Does ``p`` name ``rel``'s next value only in frames (``rel' = rel``, itself or in a pred it calls, three
    levels)? A stutter (``idle``) does not set what it keeps: a relation only a stutter names is left free on purpose
    (helper-53's review)."""
    bodies = [p.body or ""] + [q.body or "" for q in paras if q.kind == "pred" and q.body is not None
                               and q is not p and q.name in _named(p, paras)]
    r = re.escape(rel)
    for body in bodies:
        flat = re.sub(r"\s*\.\s*", ".", strip_comments(body))  # `Box . inbox` as `Box.inbox`
        every = len(re.findall(rf"(?<![\w']){r}\s*'", flat))
        pre = r"((?:[\w$]+\.)*)"  # the same joins on both sides: `Box.inbox' = Box.inbox`
        rest = r"(?=[ \t]*(?:\r|\n|$|\)|\}|and\b|&&))"  # nothing more on the right: not `inbox' = inbox + m`
        frames = len(re.findall(rf"(?<![\w'.]){pre}{r}\s*'\s*=\s*\1{r}(?![\w']){rest}", flat)) + len(
            re.findall(rf"(?<![\w'.]){pre}{r}\s*=\s*\1{r}\s*'{rest}", flat))
        if every != frames:
            return False
    return True


def _stutter_like(p: Paragraph, paras: Sequence[Paragraph], forgot: set[str]) -> bool:
    """Is ``p`` a stutter that forgot frames: every relation it primes it only keeps (``R' = R``), and it never names
    what it forgot, itself or in a pred or fun it calls (helper-51's ``o42_A``: a stocktake that keeps the shelf and
    the reservations and says nothing of the loans)? One that reads the relation it says nothing of is about it: a
    message loss guarded by ``some Net`` (helper-52's ``o43_F``), whose frame takes its job away."""
    says = _primes(p, paras)
    return bool(says) and bool(forgot) and all(_keeps_only(p, r, paras) for r in says) \
        and not forgot & _named(p, paras)


def _missing(original: str) -> list[tuple[Paragraph, list[str]]]:
    """Each operation a fact calls with the frames it leaves out (see the module)."""
    paras = split_paragraphs(original)
    st = stepping(paras)
    rels = sorted(st.values) if st.ordered else sorted(var_arities(paras))
    if not rels:
        return []
    called = set().union(*(words(f.body or "") for f in paras if f.kind == "fact"))
    # a pred the facts call that sets nothing itself dispatches to the operations it calls (`pred step { stocktake
    # or some b: Book | borrow[b] }`, helper-51's o42_I)
    called |= set().union(*(words(p.body or "") for p in paras if p.kind == "pred" and p.name in called
                            and p.body is not None and not st.ordered and primed(p.body) == set()))
    ops = [p for p in paras if p.kind == "pred" and p.body is not None and p.name in called
           and st.operation(p) is not None]
    typing, var_sigs, types = _sets_of(paras)
    # what each operation says of the next state: in Alloy 6 what it primes (reading a relation in a guard says
    # nothing of its next value, helper-51's o42_D); under util/ordering each state relation it names at its second
    # state (`t2.minding`; o42_K), or anywhere in a pred or fun it calls
    sets = [_post_named(p, paras, st, set(rels)) if st.ordered else _primes(p, paras) for p in ops]
    idle = _idle_events(paras, ops, sets) if not st.ordered else set()
    steps = frozenset({p.name for p, says in zip(ops, sets, strict=True) if says or says is None} | idle
                      | {p.name for p in paras if p.kind == "pred" and p.body is not None and _primes(p, paras)})
    free = [r for r in rels if not _constrained(paras, r, st.ordered, steps,
                                                st.ordered and st.values[r].endswith(".{}"))]
    out: list[tuple[Paragraph, list[str]]] = []
    for k, p in enumerate(ops):
        says = sets[k]
        if not says and p.name not in idle:
            continue  # not read, or not an operation that says what it changes (a guard, a dispatcher)
        says = says or set()
        # a relation no other operation sets either is left to change at will on purpose (a sensor's reading); one
        # typed by a variable sig this operation changes may have to change with it (an account closed takes its
        # memberships along, a guest checked out leaves the VIP subset: helper-51's o42_B, o42_H)
        others = [r for r in free if r not in says
                  and any(r in (sets[j] or set()) and (st.ordered or not _keeps_only(q, r, paras))
                          for j, q in enumerate(ops)
                          if q.name != p.name)]
        # ... and then it keeps the rest: what its declaration still allows (`members' = members & (Club ->
        # Account)'`, the cascade; helper-51's o42_B_h*, o42_H_h*)
        cascade = {r for r in others if typing.get(r, set()) & var_sigs & says}
        if st.ordered:
            got = pred_params(p)
            if got is None or len(got[1]) < 2:
                continue
            t, t2 = got[1][0], got[1][1]
            frames = [f"{st.values[r].format(t2)} = {st.values[r].format(t)}" for r in others if r not in cascade]
        else:
            frames = [f"{r}' = {r} & ({types[r]})'" if r in cascade else f"{r}' = {r}" for r in others
                      if r not in cascade or r in types]
        if frames:
            out.append((p, frames))
    return out


def _with(original: str, put: Sequence[tuple[Paragraph, list[str]]]) -> str:
    """The frames on lines of their own after each pred's body, indented as its last line: the Analyzer ends a
    quantifier's or a ``let``'s body at the end of its line (``some x: X | x in S`` then ``some x`` on the next line
    does not compile), so a frame is a conjunct of the pred, not of a formula on the line above."""
    text = original
    for p, frames in sorted(put, key=lambda pf: -(pf[0].body_end or 0)):
        assert p.body_end is not None
        body = p.body or ""
        last = body.rstrip().rsplit("\n", 1)[-1]
        pad = last[: len(last) - len(last.lstrip())] if "\n" in body.rstrip() else ""
        pad = pad if pad.strip() == "" and pad else "  "
        head = text[: p.body_end].rstrip()
        text = head + "".join(f"\n{pad}{f}" for f in frames) + "\n" + text[p.body_end:].lstrip(" \t")
    return text


def framed(original: str) -> tuple[str, list[str]]:
    """``original`` with the frames its operations leave out put in, and each frame put in (``R' = R in pred op``);
    ``original`` and ``[]`` where there is none."""
    put = _missing(original)
    if not put:
        return original, []
    return _with(original, put), [f"{f} in pred {p.name}" for p, frames in put for f in frames]


def frame_candidates(original: str, within: Sequence[tuple[int, int]] | None = None) -> list[tuple[str, str]]:
    """Repairs to try (text, what it does): each frame an operation leaves out put in alone, then an operation's
    every one together; only in preds whose body holds one of the spans ``within`` (the editable text; None:
    everywhere, empty: nowhere)."""
    out: list[tuple[str, str]] = []
    for p, frames in _missing(original):
        assert p.body_start is not None and p.body_end is not None
        if within is not None and not any(p.body_start <= a and b <= p.body_end for a, b in within):
            continue
        out += [(_with(original, [(p, [f])]), f"frame {f} added to pred {p.name}") for f in frames]
        if len(frames) > 1:
            out.append((_with(original, [(p, frames)]), f"frames {', '.join(frames)} added to pred {p.name}"))
    return out


Put = list[tuple[Paragraph, list[str]]]


def _reading_sets(original: str, most: int = 4) -> list[Put]:
    put = _missing(original)
    if not put:
        return []
    sets: list[Put] = [put]
    if len(put) > 1:
        sets += [[pf] for pf in put]
    singles: list[Put] = [[(p, [f])] for p, frames in put for f in frames]
    if 1 < len(singles) <= 3:
        sets += [s for s in singles if s not in sets]
    return sets[:most]


def _added(put: Put) -> list[str]:
    return [f"{f} in pred {p.name}" for p, frames in put for f in frames]


def readings(original: str, most: int = 4) -> list[tuple[str, list[str]]]:
    """The files to read the author's with (text, frames put in), at most ``most``: every frame; then each
    operation's alone (one left free on purpose beside one that forgot, helper-51's o42_L); then each frame alone,
    where there are at most three. A reading with fewer frames keeps more good instances to lose, and asks the
    candidate to forbid less."""
    return [(_with(original, s), _added(s)) for s in _reading_sets(original, most)]


_BASELINES: dict[tuple[str, float], list[tuple[str, list[str]]]] = {}
_LOCK = threading.Lock()  # the search gates candidates in threads


def baselines(original: str, verifier: Verifier, timeout_s: float = 30.0) -> list[tuple[str, list[str]]]:
    """The readings (``readings``) that stand for what the author forgot: every run of ``original`` that has an
    instance, and every operation that can take a step in it, still can with the frames in (a frame that makes a
    run or an operation impossible forbids what the operation does), and each frame is needed: without it the file
    meets fewer of its own commands (a frame on an operation left free on purpose, which no check asks for, is no
    forgotten frame: helper-51's o42_L_c01). Undecided ones are left out. Kept per file text: the gate asks it of
    many candidates of one file."""
    with _LOCK:
        if (original, timeout_s) in _BASELINES:
            return _BASELINES[(original, timeout_s)]
    sets = _reading_sets(original)
    out: list[tuple[str, list[str]]] = []
    paras = split_paragraphs(original)
    st = stepping(paras)
    ops = {p.name for s in sets for p, _ in s}
    # a step of the operation that changes something (a frame that leaves it a stutter takes its job away: the
    # message loss made a no-op, helper-52's o43_F)
    rels = sorted(st.values) if st.ordered else sorted(var_arities(paras))
    moved = " or ".join(st.changes(r) for r in rels)
    forgot = {p.name: {f.split("'", 1)[0] for f in frames} for p, frames in _missing(original)}
    fires = []
    for q in paras:
        op = st.operation(q) if q.kind == "pred" and q.name in ops else None
        if op is not None and not st.ordered and _primes(q, paras) == set():
            continue  # an event that says nothing of the next state (``_idle_events``) has no job a frame takes away
        if op is not None and not st.ordered and _stutter_like(q, paras, forgot.get(q.name, set())):
            continue  # nor a stutter that forgot one frame and never reads what it forgot
        if op is not None:
            step = st.some(op.quant, f"{op.call(q.name)} and ({moved})", trace=True)
            fires += [f"{LABEL}{q.name}_{i}: run {{ {step} }} for {s}" for i, s in enumerate(command_scopes(paras))]
    extra = "\n" + "\n".join(fires) + "\n"
    seen: dict[str, tuple[int, list] | None] = {}

    def met(text: str) -> tuple[int, list] | None:
        if text not in seen:
            v = verifier.check(text + extra, CheckOptions(timeout_s=timeout_s))
            ok = v.status in ("ok", "failed")
            seen[text] = (sum(bool(c.met) for c in v.commands if not c.label.startswith(LABEL)), v.commands) if ok \
                else None
        return seen[text]

    before = met(original) if sets else None
    for s in sets if before is not None else []:
        text = _with(original, s)
        after = met(text)
        if after is None or len(after[1]) != len(before[1]) or any(
                b.kind == "run" and b.outcome == "instance" and a.outcome != "instance"
                for b, a in zip(before[1], after[1], strict=True)):
            continue
        # each frame is needed; an event that primes nothing forgot its frames together (``_idle_events``: nothing
        # moves), so they are needed together
        flat = [(p, f) for p, frames in s for f in frames if not (not st.ordered and _primes(p, paras) == set())]
        less = [_with(original, [(p, [f for f in frames if (p, f) != drop]) for p, frames in s
                                 if [f for f in frames if (p, f) != drop]]) for drop in flat]
        less += [_with(original, [(q, fr) for q, fr in s if q is not p]) for p, _ in s
                 if not st.ordered and _primes(p, paras) == set()]
        counts = [met(x) for x in less]
        if all(c is not None and c[0] < after[0] for c in counts):
            out.append((text, _added(s)))
    if before is None or any(v is None for v in seen.values()):
        return out  # something was not decided: asked again next time, not kept
    with _LOCK:
        if len(_BASELINES) >= 32:
            _BASELINES.pop(next(iter(_BASELINES), None), None)  # type: ignore[arg-type]
        _BASELINES[(original, timeout_s)] = out
    return out


def kept_operations(original: str, framed_text: str, added: Sequence[str], candidate: str, verifier: Verifier,
                    timeout_s: float = 30.0) -> bool:
    """Does ``candidate`` keep the operations the reading frames as the reading has them? Each is still called in
    a fact or a pred the facts call (dropping an event whose frames make it a stutter loses nothing a trace shows:
    helper-51's ``o42_O_c01``), and each whose text the candidate changed takes only steps the framed one takes,
    from **any** state its declarations and static facts allow, not only the states the traces reach (an event made
    to do another's job, a borrow, takes steps the file allows elsewhere: ``o42_O_c02``; the invariant written as the
    next value, ``loans' = loans - Member -> Shelf``, is the frame on every reachable state and differs only where
    the invariant fails: helper-51's ``o42_A_c02``, ``o42_H_c04``); one left as the author wrote it is framed
    elsewhere (in the step fact). A candidate whose operations cannot be read: no."""
    cparas = split_paragraphs(candidate)
    fparas = split_paragraphs(framed_text)
    oparas = {p.name: p for p in split_paragraphs(original) if p.kind == "pred"}
    st = stepping(cparas)
    calls = set().union(*(words(f.body or "") for f in cparas if f.kind == "fact"))
    calls |= set().union(*(words(p.body or "") for p in cparas if p.kind == "pred" and p.name in calls))
    checks: list[str] = []
    for name in sorted({a.rsplit(" in pred ", 1)[1] for a in added}):
        if name not in calls:
            return False
        mine = [p for p in cparas if p.kind == "pred" and p.name == name]
        theirs = [p for p in fparas if p.kind == "pred" and p.name == name]
        if len(mine) != 1 or len(theirs) != 1:
            return False
        if name in oparas and mine[0].text == oparas[name].text:
            continue
        if " ".join(t.text for t in tokens(mine[0].text)) == " ".join(t.text for t in tokens(theirs[0].text)):
            continue
        got = pred_params(mine[0])
        if got is None:
            return False
        decls, args = got
        head = theirs[0].text[: (theirs[0].body_start or 0) - theirs[0].start]
        renamed = re.sub(rf"\bpred\s+{re.escape(name)}\b", f"pred fmrF_{name}", head, count=1)
        if renamed == head:
            return False
        checks.append(renamed + (theirs[0].body or "") + "}")
        call = f"[{', '.join(args)}]" if args else ""
        step = st.operation(mine[0]) if st.ordered else None
        if step is not None:  # under util/ordering a step is from a state to the next (`t.next`, not any `t2`)
            asked = st.every(step.quant, f"{step.call(name)} implies {step.call('fmrF_' + name)}")
        else:
            asked = f"{('all ' + decls + ' | ') if decls else ''}({name}{call} implies fmrF_{name}{call})"
        checks.append(f"fmrF_ops_{name}: check {{ {asked} }}")
    if not checks:
        return True
    # the candidate without its commands and without the facts that say anything of the states (what the traces
    # reach): the step is asked from any state the declarations and the static facts allow
    rels = set(st.values) if st.ordered else set(var_arities(cparas))
    dynamic = rels | TEMPORAL | {"first", "last", "next", "prev"}
    body = blank(candidate, [(q.start, q.end) for q in cparas
                             if q.kind == "command" or (q.kind == "fact" and words(q.body or "") & dynamic)])
    scopes = command_scopes(cparas)
    lines = [c for c in checks if not c.startswith("fmrF_ops_")]
    lines += [c.replace(":", f"_{i}:", 1) + f" for {s}" for c in checks if c.startswith("fmrF_ops_")
              for i, s in enumerate(scopes)]
    v = verifier.check(body + "\n" + "\n".join(lines) + "\n", CheckOptions(timeout_s=timeout_s))
    return v.status == "ok" and all(c.met for c in v.commands)
