"""The semantic probes of the Alloy gate (verifiers/alloy/gate.py): does a candidate keep what its original
had? Each signature and field can still hold atoms and tuples, the model and every ``run`` of the original
still have instances, every pred/fun the candidate changed stays satisfiable, non-empty and not always
true (judged under the original's facts), and, on a user's file, the shapes the original's good
instances have stay possible. The probes themselves are built and run by verifiers/alloy/probes.py.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.preserve import good_properties
from fmrepair.verifiers.alloy.probes import (
    Probe,
    ProbeResults,
    callable_probes,
    field_names,
    global_probes,
    operation_probes,
    probe_scope,
    run_probes,
    sig_names,
    signature,
    without_checks,
)
from fmrepair.verifiers.alloy.reach import CALLABLE, reached, roots_of
from fmrepair.verifiers.alloy.text import Paragraph, canonical, in_order, split_paragraphs
from fmrepair.verifiers.base import CheckOptions, Verifier


def by_key(paras: Sequence[Paragraph]) -> dict[str, str]:
    return {p.key: canonical(p.text) for p in paras}


def changed_callables(opar: Sequence[Paragraph], cpar: Sequence[Paragraph]) -> list[str]:
    """Keys of preds/funs/macros of the original whose text the candidate changed."""
    okeys = {p.key for p in opar if p.kind in CALLABLE}
    out = []  # overloads share a key: compared in order
    for p, was in in_order([p for p in opar if p.kind in CALLABLE], [p for p in cpar if p.kind in CALLABLE]):
        if p.key in okeys and (was is None or canonical(was.text) != canonical(p.text)) and p.key not in out:
            out.append(p.key)
    return out


def transplant_callables(original: str, candidate: str, changed: Sequence[str]) -> str:
    """The original with the candidate's version of each changed pred/fun/macro (and every callable
    the candidate added): a changed definition judged under the original's facts, so that a real fix
    of the facts does not make a predicate look degenerate."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    okeys = {p.key for p in opar}
    new: dict[str, list[str]] = {}  # overloads share a key: matched in order
    for p in cpar:
        if p.kind in CALLABLE and (p.key in changed or p.key not in okeys):
            new.setdefault(p.key, []).append(p.text)
    out = original
    olds = [q for q in opar if q.key in new]
    ranks = {id(q): sum(1 for r in olds[:i] if r.key == q.key) for i, q in enumerate(olds)}
    for p in sorted(olds, key=lambda q: q.start, reverse=True):
        texts = new[p.key]
        if ranks[id(p)] < len(texts):
            out = out[: p.start] + texts[ranks[id(p)]] + out[p.end :]
    rest = [t for k, texts in new.items() for t in texts[sum(1 for q in olds if q.key == k):]]
    return out.rstrip() + "\n\n" + "\n".join(rest) + "\n"


def _global_change(opar: Sequence[Paragraph], cpar: Sequence[Paragraph], changed: Sequence[str]) -> bool:
    """Could the candidate's instances differ from the original's? (a fact, sig, open or enum changed,
    or a changed pred/fun is reached from a fact or a signature's appended fact)"""
    kinds = ("fact", "sig", "open", "enum", "module")
    if sorted((k, t) for k, t in by_key(opar).items() if k.split(" ", 1)[0] in kinds) != sorted(
        (k, t) for k, t in by_key(cpar).items() if k.split(" ", 1)[0] in kinds
    ):
        return True
    from_facts = reached(cpar, roots_of(cpar, ("fact", "sig")))
    return any(k in from_facts for k in changed)


_WHAT = {
    "model": "vacuous: the model (all signatures inhabited) has no instance for {scope}",
    "sig": "degenerate: {name} can no longer have an atom (the original can, for {scope})",
    "field": "degenerate: {name} can no longer hold a tuple (the original can, for {scope})",
    "pred": "vacuous: {name} has no instance for {scope}",
    "taut": "{name} became always true (a tautology) for {scope}; the original was not",
    "noop": "operation {name}, taken, no longer changes any state for {scope} (the original's can): a stutter "
            "made to pass the checks, or an operation meant to do nothing? (undecided)",
    "fun": "degenerate: {name} always returns none for {scope}; the original did not",
    "shape": "over-constrained: {name} is no longer possible for {scope} (the original allows it)",
    "kept": "over-constrained: {name} is no longer possible for {scope}; the original's good traces never change "
            "it either, but neither the checked properties nor what the candidate kept of the author's facts keep it "
            "constant (a stutter that keeps the fault, or a rule the author's file does not state?)",
}


def _compare(probes: Sequence, before: ProbeResults, after: ProbeResults, scope: str) -> tuple[list[str], list[str]]:  # noqa: ANN001
    reasons, unknown = [], []
    for pr in probes:
        b, a = before.outcomes.get(pr.key), after.outcomes.get(pr.key)
        if b is None or b == "no_instance" or a == "instance":
            continue  # nothing the original had, or the candidate kept it
        name = pr.key.removesuffix(" (not always true)").removesuffix(" (changes the state)")
        if b == "instance" and a == "no_instance" and pr.kind == "noop":
            # undecided, never a pass: a stutter made to pass the checks (the token that never moves) and an
            # operation meant to do nothing (a wrong effect removed: helper-26) read the same to the Analyzer
            unknown.append(_WHAT[pr.kind].format(name=name, scope=scope))
        elif b == "instance" and a == "no_instance":
            msg = _WHAT[pr.kind].format(name=name, scope=scope)
            w = before.witnesses.get(pr.key) if pr.kind in ("sig", "field", "shape") else None
            reasons.append(msg + (f"; the original's witness: {' '.join(w.split())[:300]}" if w else ""))
        elif b == "instance":
            unknown.append(f"{pr.key}: the candidate's probe ended {a or 'without a result'} (scope {scope})")
        else:
            unknown.append(f"{pr.key}: the original's probe ended {b}, the candidate's {a} (scope {scope})")
    return reasons, unknown


def _lost_runs(before: ProbeResults, after: ProbeResults) -> tuple[list[str], list[str]]:
    reasons, unknown = [], []
    remaining = list(after.runs)
    for label, outcome in before.runs:
        match = next((r for r in remaining if r[0] == label), None)
        if match is not None:
            remaining.remove(match)
        got = match[1] if match is not None else (None if after.complete else "timeout")
        if got is None or got == "instance" or outcome == "no_instance":
            continue
        if outcome == "instance" and got == "no_instance":
            reasons.append(f"vacuous: run {label} had an instance and has none now")
        else:
            unknown.append(f"run {label}: the original's ended {outcome}, the candidate's {got}")
    if not before.complete and any(o != "instance" for _, o in after.runs):
        unknown.append("the original's runs could not all be decided (check cut short)")
    return reasons, unknown


def _good_only(opar: Sequence[Paragraph], probes: Sequence[Probe]) -> list[Probe]:
    """The original's side of the shape probes (two atoms, two tuples, ...), asked of its *good* instances
    only (those that meet every assertion it checks): a shape that only the buggy instances had is no loss
    (a guard ``no Lock.holder`` removes two holders, which only counterexamples had), and so is the model's
    probe with every signature inhabited at once (helper-28: guests sent home during a lockdown, which no good
    instance had together). Whether a signature
    or field can be non-empty at all is still asked of every instance: an original so broken that its
    good instances are empty would otherwise let ``no Node.next`` through."""
    good = good_properties(opar)
    if not good:
        return list(probes)
    both = " and ".join(good)
    return [pr.model_copy(update={"formula": f"({pr.formula}) and {both}"}) if pr.kind in ("shape", "model") else pr
            for pr in probes]


def kept_facts(original: str, opar: Sequence[Paragraph], cpar: Sequence[Paragraph], changed: Sequence[str]) -> str:
    """The original without what the candidate changed in its facts, and without its checks. A fact the
    candidate holds word for word (anywhere) stays; one it deleted goes; in one it rewrote, and in each pred,
    fun or macro a fact reaches that it changed, each top-level conjunct (a body that is one ``all`` or one
    block gives those of its formula) that the candidate's paragraph of that name no longer holds word for
    word is left out (``no none`` in its place): what the author's file says that the candidate kept. Cutting
    conjuncts, not whole paragraphs, keeps an operation's unchanged guard and the transition relation that calls
    the operation (a first version dropped every fact reaching a changed operation, and every trace became
    possible)."""
    ctexts = [canonical(q.text) for q in cpar if q.kind == "fact"]
    from_facts = reached(opar, roots_of(opar, ("fact", "sig")))
    pairs = {id(o): c for o, c in in_order(cpar, opar)}
    cuts: list[tuple[int, int, str]] = []
    for o in opar:
        c = pairs.get(id(o))
        if o.kind == "fact" and canonical(o.text) in ctexts:
            continue
        if o.kind == "fact" and c is None:
            cuts.append((o.start, o.end, ""))
            continue
        if not (o.kind == "fact" or (o.kind in CALLABLE and o.key in changed and o.key in from_facts)):
            continue
        if o.body_start is None or o.body_end is None:
            continue
        theirs: set[str] = set()
        if c is not None and c.body_start is not None and c.body_end is not None:
            theirs = {canonical(c.text[a:b]) for a, b in conjunct_spans_in(c.text, c.body_start - c.start,
                                                                           c.body_end - c.start)}
        for a, b in conjunct_spans_in(original, o.body_start, o.body_end):
            if canonical(original[a:b]) not in theirs:
                cuts.append((a, b, "no none"))
    out = original
    for a, b, put in sorted(cuts, reverse=True):
        out = out[:a] + put + out[b:]
    return without_checks(out)


def _kept_losses(original: str, opar: Sequence[Paragraph], cpar: Sequence[Paragraph], changed: Sequence[str],
                 probes: Sequence[Probe], before: ProbeResults, after: ProbeResults, verifier: Verifier,
                 scope: str, timeout_s: float) -> list[str]:
    """A ``var`` sig or field that the candidate never lets change, where the original's good traces never
    change it either, asked once more of the original with only what the candidate kept of its facts
    (``kept_facts``) and its checked properties: a fault that breaks the property at every move leaves the good
    traces frozen, and a stutter that keeps the fault (the token that never moves, an operation that does
    nothing, a transition fact that calls none) then loses no good trace (outside attacks ``o20_b_*``,
    ``o21_c_*``). Where the kept facts and the properties let it change, undecided, never a pass.

    Only the ``changes`` shapes: the first version asked every shape (two atoms, a value two atoms share, ...)
    and refused 12 honest fixes of the adversarial set, whose fixed constraint is what excludes the shape
    (a list's nodes share no successor: the fix of `Acyclic`, `l_fix_readme`); no honest fix there made a var
    sig or field constant."""
    lost = [pr for pr in probes if pr.kind == "shape" and pr.key.endswith("(changes)")
            and before.outcomes.get(pr.key) == "no_instance" and after.outcomes.get(pr.key) == "no_instance"]
    if not lost:
        return []
    kept = kept_facts(original, opar, cpar, changed)
    if canonical(kept) == canonical(without_checks(original)):
        return []
    res = run_probes(verifier, kept, _good_only(opar, lost), scope, timeout_s)
    out = []
    for pr in lost:
        if res.outcomes.get(pr.key) == "instance":
            w = res.witnesses.get(pr.key)
            out.append(_WHAT["kept"].format(name=pr.key, scope=scope)
                       + (f"; an instance of what it kept: {' '.join(w.split())[:300]}" if w else ""))
    return out


def semantic_checks(
    original: str,
    candidate: str,
    verifier: Verifier,
    scope: str | None = None,
    timeout_s: float = 30.0,
    taut_exempt: Collection[str] = (),
    good_only: bool = False,
) -> tuple[list[str], list[str], str, list[str]]:
    """(reasons, unknown, scope, skipped probes): the candidate keeps every instance the original had
    (the model, each signature and field, each run) and every pred/fun it changed stays satisfiable /
    non-empty and does not become always true. Two verifier calls (the original's is the same text for
    every candidate, so the verdict cache answers it after the first). taut_exempt: changed preds whose
    becoming always true is no loss (no property reaches them, or the task's oracle judges them).
    good_only: the original's shape probes ask of its good instances only (a user's file, where behaviour
    preservation judges what is lost; benchmark tasks keep the probes they were calibrated with)."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    scope = scope or probe_scope(opar)
    changed = changed_callables(opar, cpar)
    csigs = {n for p in cpar if p.kind == "sig" for n in sig_names(p)}
    cfields = {f"{n}.{f}" for p in cpar if p.kind == "sig" for n in sig_names(p) for f, _ in field_names(p)}
    reasons: list[str] = []
    gprobes = []
    if _global_change(opar, cpar, changed):
        for pr in global_probes(opar):
            what, _, name = pr.key.split(" (")[0].partition(" ")
            if what == "sig" and name not in csigs:
                reasons += [f"sig {name} was removed"] if pr.kind == "sig" else []
            elif what == "field" and name not in cfields:
                reasons += [f"field {name} was removed"] if pr.kind == "field" else []
            else:
                gprobes.append(pr)  # (a model probe naming a removed sig does not compile: skipped)
    ops: list[str] = []
    if good_only:  # a user's file: each operation the candidate changed (as declared), under the original's facts
        osig = {p.key: signature(p) for p in opar if p.kind == "pred"}
        ops = [p.key for p in cpar if p.kind == "pred" and p.key in changed and signature(p) == osig.get(p.key)]
    oprobes = ((_good_only(opar, global_probes(opar)) if good_only else global_probes(opar))
               + callable_probes(opar) + operation_probes(opar, ops, also_in=cpar))
    after = run_probes(verifier, without_checks(candidate), gprobes, scope, timeout_s)
    if after.error:
        return reasons + [f"candidate does not compile ({after.error}); semantic checks not run"], [], scope, []
    fprobes = [
        p for p in callable_probes(cpar, changed) if not (p.kind == "taut" and p.key.split(" (")[0] in taut_exempt)
    ] + operation_probes(cpar, ops, also_in=opar)
    if fprobes:  # changed definitions, judged under the original's facts
        hybrid = run_probes(
            verifier, without_checks(transplant_callables(original, candidate, changed)), fprobes, scope, timeout_s
        )
        if hybrid.error:
            after.skipped += [f"{p.key} (under the original's facts: {hybrid.error})" for p in fprobes]
        after.outcomes.update(hybrid.outcomes)
        after.skipped += hybrid.skipped
    cprobes = gprobes + fprobes
    before = run_probes(verifier, without_checks(original), oprobes, scope, timeout_s)
    if before.error:  # a faulty original that does not compile has no instances to lose; one that does
        alone = verifier.check(without_checks(original), CheckOptions(timeout_s=timeout_s))  # but not with
        if alone.status in ("ok", "failed"):  # the probes: unknown, never a pass (an outside attack, 2026-12-04)
            return reasons, [f"the original's probes could not be run ({before.error})"], scope, []
        return reasons, [], scope, ["all (the original does not compile)"]
    r1, u1 = _compare(cprobes, before, after, scope)
    r2, u2 = _lost_runs(before, after)
    if good_only and gprobes:
        u2 += _kept_losses(original, opar, cpar, changed, gprobes, before, after, verifier, scope, timeout_s)
    skipped = sorted(set(before.skipped) | set(after.skipped))
    return reasons + r1 + r2, u1 + u2, scope, skipped
