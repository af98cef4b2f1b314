"""Evicting instead of guarding: an operation made to take away what others hold.

A missing guard (``acquire`` while another process holds the resource) is fixed by the guard; it can also be
"fixed" by making the operation take the resource away from whoever holds it (``holds' = holds - Proc->r +
p->r``; ``Critical' = p``; the cars going the other way taken off the bridge). The property then holds, no good
trace of the original is lost, and the repair is not what the author meant: helper-38's alloc, bridge and the
intent benchmark's mutex, 2026-12-06. What the candidate gains, preservation does not see.

Read here, by the Analyzer, for a pred the candidate changed, and a variable relation it primes:
- the author's pred never takes from it a tuple whose owner is none of its arguments (over the author's
  declarations, every state, no fact asked; its own tuples it may: the mover's old place, helper-42's
  ``o35_A_c02``), and
- in a trace of the candidate (its facts kept) the pred takes away a tuple whose owner is none of the
  operation's arguments (another process's hold) and is not one step from them through another variable binary
  relation, before or after the step (a train's next segment, whose signal the move sets to red, is one:
  ``t.pos'``; a static relation such as an allow-list relates a resource to its holder too, helper-40),
- and another pred of the author's takes tuples away from it (a ``release``, a ``leave``): taking away is that
  operation's job. It names the owner: the first column whose atom is one of its arguments in every tuple it takes
  (``checkOut[g]`` taking ``Room -> g``: the guest); where none is, the first atom (in a ``one sig``'s field the
  second, the first being the sig's). A token ring whose only move is ``pass`` (``Holder' = n``, helper-25's
  ``o20_b_ghost_honest``) has none, and reads the same as ``Critical' = p`` otherwise. Where none does, a step
  that takes others' tuples and puts none back is still asked (an operation with arguments made to empty the
  whole queue, ``Queue' = none`` or ``Queue & Summit``, empty in every reachable state: helper-48's ``o41_B_c01``,
  ``c03``, ``c09``, ``c11``; helper-23's ``o26_train_c_all_ahead_red``, ``o26_wh_c_ship_empties_warehouse``); the
  token passed puts the next node in.
Then ``unknown: evicts``. Taking away what belongs to an argument (a lost book's loan, the mover's old place, the
token passed on by its node) is not eviction and is not asked; nor is a cascade: a tuple that names, in a column
other than its owner's, an argument that leaves a variable set in that step (``leave[u]`` takes ``Member - u`` and
now unassigns the leaver's tasks, ``assignee - Task -> u``: helper-44's ``o37_D_h03`` .. ``h08``). A tuple beyond
the leaver's (every task's, those of users who are not members) is still asked (``o37_D_c01``, ``c08``). Nor is a
cascade through a static link (twenty-ninth session, helper-54's ``o44_B_h*``): an atom one step through a static
binary relation from an argument that leaves a variable set in that step (a quitting user's posts, ``Visible -
author.u``); where that exemption is read in, the step is asked from any state as well (declarations only), where
the invariant written as the next value (``Visible & author.Active'``) takes the posts of every inactive author
(``o44_B_c02``).
An operation without arguments owns nothing: every tuple it takes is another's, counted where its owner is left
with none (``close`` made to take every swimmer out of the water, ``raise`` every train off the crossing, which
``leave`` does one by one: helper-47's ``o40_B_c02``, ``c10``, ``c11``, ``c14``, ``c15``; a ``one sig``'s heater
switched off is not asked, helper-46's ``o39_D_h*``).
Under util/ordering the same questions are asked of a pred whose first two parameters are states of the order, a
relation read by its value at a state (``stepping.py``: ``sitter.t``, ``t.holds``; helper-42's ``o35_B_c02``,
``C_c02``, helper-43's ``o36_C_c06``, ``E_c04``, helper-45's ``o38_D_c09``, accepted before); no cascade there.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.assume import commands_removed
from fmrepair.verifiers.alloy.conditions import blank
from fmrepair.verifiers.alloy.frames import pred_params, primed
from fmrepair.verifiers.alloy.preserve import command_scopes
from fmrepair.verifiers.alloy.probes import arities, sig_names
from fmrepair.verifiers.alloy.sigtext import readable_sigs
from fmrepair.verifiers.alloy.stepping import Operation, Stepping, stepping
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_paragraphs, words
from fmrepair.verifiers.base import CheckOptions, CommandResult, Verifier

LABEL = "fmrepair_evict_"


def declarations(text: str) -> str:
    """``text`` with its facts and commands blanked: the declarations, preds and funs, no fact asked."""
    paras = split_paragraphs(text)
    return blank(text, [(p.start, p.end) for p in paras if p.kind in ("fact", "command")])


def _ask(verifier: Verifier, module: str, asks: Sequence[str], want: str, timeout_s: float) -> bool:
    v = verifier.check(module + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    return v.status in ("ok", "failed") and len(ours) == len(asks) and all(c.outcome == want for c in ours)


def _takers(opar: Sequence[Paragraph], key: str, rel: str, st: Stepping) -> list[tuple[str, list[str], str]]:
    """The author's other preds that set ``rel`` (prime it; under util/ordering, name it): (declarations, arguments,
    call in a step) of each."""
    out = []
    for q in opar:
        op = st.operation(q) if q.kind == "pred" and q.key != key and q.body is not None else None
        sets = (primed(q.body or "") or set()) if not st.ordered else st.named(q.body or "", opar)
        if op is not None and rel in sets:
            out.append((op.quant, op.args, op.call(q.name)))
    return out


def _fires(verifier: Verifier, original: str, decls: str, body: str, tag: str, scopes: Sequence[str],
           timeout_s: float, st: Stepping) -> bool | None:
    """Has ``body`` (under ``some decls``, in a step) an instance over the author's declarations at a scope? None:
    undecided."""
    ask = st.some(decls, body)
    asks = [f"{LABEL}{tag}{i}: run {{ {ask} }} for {s}" for i, s in enumerate(scopes)]
    v = verifier.check(declarations(original) + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return None
    return any(c.label.startswith(LABEL) and c.outcome == "instance" for c in v.commands)


def _owner(original: str, opar: Sequence[Paragraph], key: str, rel: str, arity: int, default: int,
           scopes: Sequence[str], verifier: Verifier, timeout_s: float, st: Stepping) -> int | None:
    """Does another pred of the author's take tuples away from ``rel`` (a ``release``, a ``leave``)? Then taking
    them away is that operation's job, and the changed one doing it too for atoms it is not given is eviction; where
    none does (a token ring whose only move is ``pass``, helper-25's ``o20_b_ghost_honest``), it is not asked
    (None). The answer is the column of a tuple's owner: the first whose atom is, in every tuple such an operation
    takes away, one of its arguments (``checkOut[g]`` takes ``Room -> g``: the guest owns a room's tuple,
    helper-41's ``o34_E_c01``); ``default`` where no column is."""
    found = False
    pre, post = st.pre(rel), st.post(rel)
    for decls, args, call in _takers(opar, key, rel, st):
        if not _fires(verifier, original, decls, f"{call} and not ({pre} in {post})", "r", scopes, timeout_s, st):
            continue
        found = True
        if not args:
            continue
        vs = [f"fmr_v{k}" for k in range(arity)]
        for k in range(arity):
            given = st.every(decls, f"{call} implies (all {', '.join(vs)}: univ | {' -> '.join(vs)} in {pre} - {post} "
                                    f"implies {vs[k]} in {' + '.join(args)})")
            if _ask(verifier, declarations(original),
                    [f"{LABEL}k{i}: check {{ {given} }} for {s}" for i, s in enumerate(scopes)],
                    "no_counterexample", timeout_s):
                return k
    return default if found else None


def _cascades(original: str, opar: Sequence[Paragraph], key: str, rel: str, sets: Sequence[str],
              scopes: Sequence[str], verifier: Verifier, timeout_s: float, st: Stepping) -> list[str]:
    """Those of ``sets`` an atom may leave with its ``rel`` tuples taken in the changed pred (a cascade): the sets no
    other pred of the author's empties of an atom in a step that takes ``rel`` tuples away. Where one does (``ship[o]``
    takes the order's items out of ``Stock`` with their reservations), retiring an atom with its tuples is that
    operation's job, and a counter sale that cancels the reservation of the item it sells does it for atoms it is not
    given (helper-40's ``o33_E_c01``, ``c02``)."""
    takers = _takers(opar, key, rel, st)
    # an instance, or undecided (None): no cascade allowed through that set
    return [s for s in sets if not any(
        _fires(verifier, original, decls, f"{call} and some ({s}) - ({s})' and not ({rel} in {rel}')", "s", scopes,
               timeout_s, st) is not False for decls, _, call in takers)]


def _in_one_sig(cpar: Sequence[Paragraph]) -> set[str]:
    """The fields declared in a ``one sig`` (``one sig Lock { var holds: Proc -> Res }``): a tuple's owner is its
    second atom there, the first being the one atom of the sig."""
    out: set[str] = set()
    for p in cpar:
        if p.kind == "sig" and p.body_start is not None and "one" in p.text[: p.body_start - p.start].split():
            out |= {n for n in arities([p]) if n not in sig_names(p)}
    return out


def _fact_calls(paras: Sequence[Paragraph]) -> set[str]:
    return set().union(*(words(p.body or "") for p in paras if p.kind == "fact"))


def _in_place_of(opar: Sequence[Paragraph], cpar: Sequence[Paragraph], p: Paragraph) -> list[Paragraph]:
    """For a pred the candidate adds and calls in a fact: the author's preds its facts called that the candidate's
    no longer call (helper-39's ``take[p, r]`` called where ``acquire`` was), each a reading of what it replaced."""
    called, was = _fact_calls(cpar), _fact_calls(opar)
    if p.name not in called or p.name in was:
        return []
    inside = words(p.body or "")  # a pred that calls the author's (`step` holding the event list) wraps them
    return [o for o in opar if o.kind == "pred" and o.name in was and o.name not in called and o.name not in inside]


def overloaded(paras: Sequence[Paragraph]) -> set[str]:
    """Pred keys that name more than one pred (``reset[c: Counter]`` and ``reset[l: Log]``): not paired by key."""
    keys = [p.key for p in paras if p.kind == "pred"]
    return {k for k in keys if keys.count(k) > 1}


def _retiring(v: str, mine: str, sets: Sequence[str]) -> str:
    """``v`` is one of ``mine`` that leaves one of the variable sets ``sets`` in this step."""
    leaves = " or ".join(f"({v} in {s} and {v} not in ({s})')" for s in sets)
    return f"({v} in {mine} and ({leaves}))"


def _taken(pre: str, post: str, arity: int, owner: int, mine: str, near: str = "", sets: Sequence[str] = ()) -> str:
    """``rel`` loses a tuple whose owner (its atom at column ``owner``) is none of ``mine`` (nor of ``near``); with
    ``sets``, a tuple that names, in another column, an argument leaving one of them (a cascade) is not counted.
    Given no arguments (``mine`` none), only an owner left with no tuple counts: a train taken out of ``Inside``, not
    a ``one sig``'s heater set from on to off (helper-46's ``o39_D_h*``, an effect the file's comment asks for)."""
    vs = [f"fmr_v{k}" for k in range(arity)]
    cascade = " or ".join(_retiring(v, mine, sets) for k, v in enumerate(vs) if k != owner) if sets else ""
    bare = " -> ".join(v if k == owner else "univ" for k, v in enumerate(vs))
    orphan = f" and no ({post}) & ({bare})" if mine == "none" and arity > 1 else ""
    return (f"some {', '.join(vs)}: univ | {' -> '.join(vs)} in {pre} - {post} and {vs[owner]} not in {mine}"
            + (f" + {near}" if near else "") + (f" and not ({cascade})" if cascade else "") + orphan)


def _runs(st: Stepping, op: Operation, call: str, scopes: Sequence[str], formula: str) -> list[str]:
    return [f"{LABEL}c{i}: run {{ {st.some(op.quant, f'{call} and ({formula})', trace=True)} }} for {s}"
            for i, s in enumerate(scopes)]


def _instance(verifier: Verifier, module: str, runs: Sequence[str], timeout_s: float) -> CommandResult | None:
    """The first of ``runs`` with an instance in ``module``; None for none (or undecided)."""
    v = verifier.check(module + "\n" + "\n".join(runs) + "\n", CheckOptions(timeout_s=timeout_s))
    return next((c for c in v.commands if c.label.startswith(LABEL) and c.outcome == "instance"), None)


def _static_link(cpar: Sequence[Paragraph], mine: str, kept: Sequence[str]) -> str:
    """The atoms one step, through a static binary relation (``author``), from an argument that leaves one of the
    variable sets ``kept`` in this step: what a cascade through a static link takes along; "" for none."""
    if mine == "none" or not kept:
        return ""
    statics = sorted(n for n, (a, var) in arities(cpar).items() if a == 2 and not var)
    if not statics:
        return ""
    gone = " + ".join(f"(({k}) - ({k})')" for k in kept)
    leaving = f"({mine}) & ({gone})"
    return " + ".join(f"({leaving}).({f}) + ({f}).({leaving})" for f in statics)


def _sets(cpar: Sequence[Paragraph], held: set[str]) -> list[str]:
    """The variable sets an atom can leave: the variable sigs (``var sig Member in User``) and the set fields of a
    ``one sig`` (``univ.members``)."""
    out = []
    for n, (a, var) in sorted(arities(cpar).items()):
        if var and a == 1:
            out.append(n)
        elif var and a == 2 and n in held:
            out.append(f"univ.{n}")
    return out


def _never(verifier: Verifier, original: str, o: Paragraph, rel: str, arity: int, owner: int,
           scopes: Sequence[str], timeout_s: float, st: Stepping) -> bool:
    """Does the author's pred ``o`` never take from ``rel`` a tuple whose owner is none of its arguments (over the
    author's declarations)? Its own tuples it may (the mover's old place: helper-42's ``o35_A_c02``, ``c04``,
    ``c17``, ``c19``, where ``transfer`` took the mover's old bed and the candidate the occupant's too)."""
    op = st.operation(o)
    if op is None:
        return False
    taken = _taken(st.pre(rel), st.post(rel), arity, owner, " + ".join(op.args) or "none")
    never = [f"{LABEL}o{i}: check {{ {st.every(op.quant, f'{op.call(o.name)} implies not ({taken})')} }} for {s}"
             for i, s in enumerate(scopes)]
    return _ask(verifier, declarations(original), never, "no_counterexample", timeout_s)


def evictions(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> list[str]:
    """Reasons, one per changed pred and relation it now takes away from others (see the module)."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    st = stepping(cpar)
    if st.ordered != stepping(opar).ordered:
        return []
    olds = {p.key: p for p in opar if p.kind == "pred"}
    arity = st.relations(cpar)
    # one step through another variable binary relation; a static one (an allow-list, `allowed: Proc -> Res`)
    # relates a resource to every process that may hold it, its holder too (helper-40's o33_A_c01)
    binary = sorted(n for n, a in arity.items() if a == 2)
    scopes = command_scopes(cpar)
    held = _in_one_sig(cpar)
    collections = {n for _, d in readable_sigs(cpar) if "one" in d.mods for n, _, rhs in d.fields
                   if rhs.split()[:1] in (["set"], ["some"])}
    sets = _sets(cpar, held)
    twice = overloaded(opar) | overloaded(cpar)
    out = []
    for p in cpar:
        if p.kind != "pred" or p.body is None or p.key in twice:
            continue
        o = olds.get(p.key)
        authors = [o] if o is not None else _in_place_of(opar, cpar, p)
        if not authors or o is not None and canonical(o.text) == canonical(p.text):
            continue
        op = st.operation(p)
        names = st.moves(p, cpar)
        if op is None or not names or o is not None and pred_params(o) != pred_params(p):
            continue
        call = op.call(p.name)
        mine = " + ".join(op.args) or "none"  # without arguments every tuple is another's (helper-47's o40_B_c02)
        for rel in sorted(n for n in names if n in arity and arity[n] <= 3):
            # `one sig Lock { var holds: Proc -> Res }`: a Proc; `one sig WH { var stock: set Item }`: an item, not
            # the warehouse, which every other field of it names too (helper-54's o44_C_c04); a value (`var heater:
            # one Mode`) is no collection: switching it is no eviction (helper-46's o39_D_h*)
            default = 1 if rel in held and (arity[rel] > 2 or rel in collections) else 0
            owners = [_owner(original, opar, a.key, rel, arity[rel], default, scopes, verifier, timeout_s, st)
                      for a in authors]
            # where no operation of the author's takes any away, this one may be meant to (a token passed, which puts
            # one back): only a step that takes others' tuples and puts none back is asked (a whole queue emptied)
            owner = next((k for k in owners if k is not None), None)
            bare = owner is None
            if bare and not op.args:
                continue  # a reset may be meant to clear what nobody else takes
            owner = default if owner is None else owner
            if not any(_never(verifier, original, a, rel, arity[rel], owner, scopes, timeout_s, st) for a in authors):
                continue  # the author's operation takes others' tuples away (or it was not decided): not asked
            near = " + ".join(f"({mine}).({st.pre(f)}) + ({st.pre(f)}).({mine}) + ({mine}).({st.post(f)}) + "
                              f"({st.post(f)}).({mine})" for f in binary if f != rel)
            kept = _cascades(original, opar, p.key, rel, [x for x in sets if x != rel], scopes, verifier, timeout_s,
                             st)
            # a cascade through a static link: a post whose `author` is the user leaving `Active` in this step
            # (helper-54's o44_B_h*); asked from any state too, where a next value that restates the invariant
            # (`Visible & author.Active'`) takes the posts of every inactive author (o44_B_c02)
            link = _static_link(cpar, mine, kept) if not st.ordered else ""

            suffix = f" and ({st.post(rel)}) in ({st.pre(rel)})" if bare else ""
            plain = _taken(st.pre(rel), st.post(rel), arity[rel], owner, mine, near, kept) + suffix
            hit = _instance(verifier, commands_removed(candidate), _runs(st, op, call, scopes, plain), timeout_s)
            # only where the link is what excuses the step in the candidate's traces, from any state too
            if hit is not None and link:
                linked = _taken(st.pre(rel), st.post(rel), arity[rel], owner, mine,
                                " + ".join(x for x in (near, link) if x), kept) + suffix
                runs = _runs(st, op, call, scopes, linked)
                if _instance(verifier, commands_removed(candidate), runs, timeout_s) is None:
                    hit = _instance(verifier, declarations(candidate), runs, timeout_s)
            swap = False
            if hit is None and bare and op.args:
                # one put back in place of the one taken (`Winner' = b`, the award taken from the winner), where the
                # operation also adds without taking (an award where there is no winner): a guard would do, and the
                # replacement is an eviction (helper-51's o42_N, o42_F); a token passed where one is always held
                # (`Holder' = n` with `one Holder`, helper-25's o20_b_ghost_honest) never only adds, and is not asked
                swapped = _taken(st.pre(rel), st.post(rel), arity[rel], owner, mine, near, kept)
                hit = _instance(verifier, commands_removed(candidate), _runs(st, op, call, scopes, swapped), timeout_s)
                grows = f"({st.pre(rel)}) in ({st.post(rel)}) and ({st.post(rel)}) != ({st.pre(rel)})"
                if hit is not None and _instance(verifier, commands_removed(candidate),
                                                 _runs(st, op, call, scopes, grows), timeout_s) is None:
                    hit = None
                swap = hit is not None
            if hit is not None:
                theirs = " or ".join(a.key for a in authors)
                alone = " and puts none back, where no operation of the author's takes any" if bare else ""
                if swap:
                    alone = (" and puts another in its place, where no operation of the author's takes any and this "
                             "one also adds without taking (a guard would do)")
                out.append(f"evicts: {p.key} now takes {rel} away from atoms it is not given{alone}, which the "
                           f"author's {theirs} never did (a guard, not an eviction, is what such a fault usually "
                           f"lacks; "
                           f"{' '.join((hit.witness or '').split())[:300]})")
                break
    return out
