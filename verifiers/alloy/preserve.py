"""Behaviour preservation, decided by the Analyzer: does a candidate repair lose a *good* instance?

A good instance of the original is one that satisfies all of the original's facts (and its signature
declarations) and every assertion the file checks, read with the original's definitions (``check A``
and ``check {...}`` commands not expected to find a counterexample). A candidate *narrows* when, at
some command's scope, such an
instance (a trace, in Alloy 6) is excluded by the candidate's facts and signature constraints. A real
fix only removes instances that break a checked assertion; a repair that makes the checks pass by
removing behaviour the assertions never mention (every booking has zero nights, a process can never
wait) narrows.

The question is put to Alloy itself, in one generated module: the original without its commands (its
signatures, facts, preds and funs as written; its checked assertions as one predicate), and the
candidate's preds, funs, macros and facts renamed apart (``fmrC_<name>``), its facts as a predicate, its signature
constraints (multiplicities, appended facts, ``one``/``lone``/``some``/``abstract`` sigs, ``var`` made
static) as formulas over the original's declarations. Then, per distinct command scope of the
original::

    run { <the original's checked assertions> and not <candidate's facts and signature constraints> } for SCOPE

An instance is a lost good instance (the witness is shown); no instance at every scope: nothing lost.
A candidate whose signatures differ in structure (names, hierarchy, fields or their types) cannot share
the original's declarations: ``unknown``, never ``preserved``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import NamedTuple

from pydantic import BaseModel, Field

from fmrepair.verifiers.alloy.probes import signature
from fmrepair.verifiers.alloy.process import VerifierUnavailable
from fmrepair.verifiers.alloy.reach import CALLABLE, referenced_names, short_name
from fmrepair.verifiers.alloy.sigread import Readings
from fmrepair.verifiers.alloy.sigtext import (
    THIS,
    SigDecl,
    SigScope,
    Unsupported,
    atoms_type,
    read_sig,
    sig_scopes,
    this_fields,
    type_arity,
)
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_paragraphs, strip_comments, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

PREFIX = "fmrC_"
LABEL = "fmrepair_lost_"
RESERVED = ("fmr_", "fmrC_", "fmrepair_")  # the gate's own names: a candidate may not introduce them
_MULT = ("lone", "one", "some", "set", "seq")


class Preservation(BaseModel):
    """``preserved`` (no good instance lost at any scope), ``narrows`` (witnesses), ``unknown`` (why)."""

    outcome: str  # "preserved" | "narrows" | "unknown"
    scopes: list[str] = Field(default_factory=list)  # the scopes asked
    lost: list[str] = Field(default_factory=list)  # "for SCOPE: <the original's instance>"
    lost_scopes: list[str] = Field(default_factory=list)
    why: str | None = None  # for unknown
    module: str | None = None  # the generated module (for debugging and the viewer)


def checked_assertions(paras: Sequence[Paragraph]) -> tuple[list[str], list[str]]:
    """(names of assertions checked by a command not expecting a counterexample, inline check blocks)."""
    names, blocks = [], []
    for p in paras:
        if p.kind != "command" or p.command != "check" or p.expect == 1:
            continue
        if p.block is not None:
            blocks.append(p.block)
        elif p.target:
            names.append(p.target)
    return names, blocks


def empty_runs(paras: Sequence[Paragraph]) -> list[tuple[Paragraph, str]]:
    """(command, formula) of each run expected to have no instance (``run P for 3 expect 0``): a property of the
    file as a check's assertion is, which every good instance meets: no instance of the run's pred (for some
    arguments) or block (helper-28: a file whose only property is such a run had every honest fix called
    narrowing). A receiver pred, or one whose header is not read, is not counted."""
    preds = {short_name(p): p for p in paras if p.kind == "pred"}
    out = []
    for p in paras:
        if p.kind != "command" or p.command != "run" or p.expect != 0:
            continue
        if p.block is not None:
            out.append((p, f"not {{ {p.block} }}"))
            continue
        q = preds.get(p.target or "")
        sig = signature(q) if q is not None else None
        if sig is None or sig[2] is not None:
            continue
        decls, args, _ = sig
        call = f"{p.target}[{', '.join(args)}]" if args else f"{p.target}"
        out.append((p, f"not (some {decls} | {call})" if decls else f"not {call}"))
    return out


def good_properties(paras: Sequence[Paragraph]) -> list[str]:
    """What a good instance of the file meets, each in braces: the assertions its checks expect to hold, their
    inline blocks, and no instance of a run expected to have none."""
    names, blocks = checked_assertions(paras)
    bodies = {p.name: p.body for p in paras if p.kind == "assert" and p.body is not None}
    return ([f"{{ {bodies[n]} }}" for n in names if n in bodies] + [f"{{ {b} }}" for b in blocks]
            + [f"{{ {f} }}" for _, f in empty_runs(paras)])


def command_scopes(paras: Sequence[Paragraph]) -> list[str]:
    """Every distinct scope of the original's commands, in order ("3" when there is no command)."""
    out: list[str] = []
    for p in paras:
        if p.kind == "command":
            s = _scope_text(p)
            if s not in out:
                out.append(s)
    return out or ["3"]


def _scope_text(p: Paragraph) -> str:
    """The command's scope as Alloy reads it, ready to follow ``for`` ("3" when it has none)."""
    raw = p.scope.strip()
    if not raw:
        return "3"
    if raw.startswith("but"):
        return "3 " + raw
    return raw


# -- renaming the candidate apart ---------------------------------------------------------------------


def _renamer(names: set[str]):  # noqa: ANN202
    def rename(text: str) -> str:
        src = strip_comments(text)
        out, pos = [], 0
        toks = tokens(src)
        for i, t in enumerate(toks):
            if t.text not in names:
                continue
            prev = toks[i - 1].text if i > 0 else ""
            if prev == "/" and not (i > 1 and toks[i - 2].text == "this"):
                continue
            start = t.start
            if prev == "/" and i > 1:  # this/name -> fmrC_name
                start = toks[i - 2].start
            elif prev == "@":  # @name of a pred/fun still calls this module's definition
                start = toks[i - 1].start
            out.append(src[pos:start])
            out.append(PREFIX + t.text)
            pos = t.end
        out.append(src[pos:])
        return "".join(out)

    return rename


def _body(p: Paragraph) -> str:
    return p.body if p.body is not None else ""


# -- signatures -----------------------------------------------------------------------------------------


def _bare(rhs: str) -> str:
    """A field's type with its multiplicities removed: ``lone Node`` -> ``Node``; ``A -> lone B`` -> ``A->B``."""
    words = re.sub(r"\b(?:lone|one|some|set)\b", " ", rhs)
    return canonical(words)


def _field_bound(
    sig: str, field: str, rhs: str, sigs: Collection[str] = (), readings: Readings | None = None
) -> tuple[str, str]:
    """A field's declared bound as (multiplicity, type), the multiplicity as Alloy defaults it: with none, a
    set of atoms means ``one``, and a relation keeps its arrows ("" : the type as written); where the gate
    cannot type it, the multiplicity the Analyzer declares (``readings``: its reading is checked like any
    other), else Unsupported."""
    m = re.match(r"\s*(lone|one|some|set|seq)\b\s*(.*)$", rhs, re.S)  # also `lone(B+C)`, as canonical writes it
    if m and m.group(1) == "seq":
        raise Unsupported(f"seq field {sig}.{field}")
    if m:
        return m.group(1), m.group(2)
    arity = type_arity(rhs, set(sigs)) if "->" in rhs else None
    if arity is not None and arity >= 2:
        return "", rhs
    if "->" not in rhs and atoms_type(rhs, set(sigs)):
        return "one", rhs
    mult = readings.multiplicity(sig, field) if readings is not None else None
    if mult is None:  # `Y.(Y -> Y)` is a set of atoms (default one), `e: ^@nxt` a relation (default set)
        raise Unsupported(f"field {sig}.{field}: its default multiplicity depends on the arity of {rhs!r}")
    return mult, rhs


def bound_text(mult: str, typ: str) -> str:
    """A bound as Alloy writes it in a declaration (``lone (B)``; a relation's type as it stands)."""
    return f"{mult} ({typ})" if mult else typ


def _field_constraint(sig: str, field: str, mult: str, typ: str) -> str:
    """The constraint a field declaration with this bound (``_field_bound``) adds, over the original's
    declaration of the same field."""
    if not mult:  # a relation: arrow multiplicities hold as a formula
        return f"(all {THIS}: {sig} | {THIS}.{field} in {typ})"
    return f"(all {THIS}: {sig} | {THIS}.{field} in {typ})" + (
        "" if mult == "set" else f" and (all {THIS}: {sig} | {mult} {THIS}.{field})"
    )


def _sig_fact(sig: str, body: str, scope: SigScope, rename, readings: Readings) -> str:  # noqa: ANN001
    """An appended fact as a formula: ``all fmr_this: S | body`` with every field name read as
    ``fmr_this.f`` (``@f`` as plain ``f``) and ``this`` as ``fmr_this``, as Alloy reads it; the reading is
    added to ``readings`` (the Analyzer checks it: sigread.py)."""
    try:
        read = this_fields(rename(body), scope)
    except Unsupported:  # what the text rules cannot read, the Analyzer's resolution may (checked like any)
        got = readings.fact(sig)
        if got is None:
            raise
        read = got
    readings.add(sig, None, read)
    return f"(all {THIS}: {sig} | {{ {read} }})"


def _reaches(text: str, defs: dict[str, set[str]]) -> set[str]:
    """The callable names a text calls, to any depth (``defs``: name -> the names its definitions use)."""
    todo = [t.text for t in tokens(text) if t.text in defs]
    seen: set[str] = set()
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo += [m for m in defs[n] if m not in seen]
    return seen


def _sig_constraints(
    osigs: Sequence[Paragraph], csigs: Sequence[Paragraph], rename, changed: set[str],  # noqa: ANN001
    defs: dict[str, set[str]], readings: Readings,
) -> list[str]:
    """The candidate's signature constraints, as formulas over the original's declarations, for every
    signature whose text changed or whose appended fact reaches a changed definition (at any depth); the
    appended facts' readings go to ``readings``."""
    o = {n: (p, read_sig(p)) for p in osigs for n in read_sig(p).names}
    c = [(p, read_sig(p)) for p in csigs]
    cnames = {n for _, s in c for n in s.names}
    if set(o) != cnames:
        raise Unsupported("the candidate adds or removes a signature")
    scopes = sig_scopes(osigs)
    out: list[str] = []
    for p, s in c:
        op, os_ = o[s.names[0]]
        if os_.names != s.names or os_.parent != s.parent:
            raise Unsupported(f"the candidate changes the declaration of sig {', '.join(s.names)}")
        if [(f, _bare(r)) for f, _, r in os_.fields] != [(f, _bare(r)) for f, _, r in s.fields]:
            raise Unsupported(f"the candidate changes the fields of sig {', '.join(s.names)}")
        uses = (s.fact or "") + " " + " ".join(r for _, _, r in s.fields)  # appended fact and field types
        calls = bool(_reaches(uses, defs) & changed)
        if canonical(op.text) == canonical(p.text) and not calls:
            continue
        for n in s.names:
            retyped = {f for f, _, r in s.fields if _reaches(r, defs) & changed}  # its type calls a changed macro
            out += _one_sig_constraints(n, s, os_, scopes[n], rename, csigs, readings, retyped)
    return out


def _one_sig_constraints(n, s, os_, scope, rename, csigs, readings, retyped=frozenset()) -> list[str]:  # noqa: ANN001
    out = declaration_constraints(n, s, os_, csigs)
    for (f, _, rhs), (_, _, orhs) in zip(s.fields, os_.fields, strict=True):
        if canonical(rhs) != canonical(orhs) and ("disj" in rhs.split() or "disj" in orhs.split()):
            raise Unsupported(f"the candidate changes the disj field {n}.{f}")
        if canonical(rhs) != canonical(orhs) or f in retyped:  # a type may name its siblings (read as this.g)
            mult, typ = _field_bound(n, f, this_fields(rename(rhs), scope), scope.sigs, readings)
            readings.add(n, f, bound_text(mult, typ))
            out.append(_field_constraint(n, f, mult, typ))
    if s.fact is not None and s.fact.strip():
        out.append(_sig_fact(n, s.fact, scope, rename, readings))
    return out


def declaration_constraints(n: str, s: SigDecl, os_: SigDecl, csigs: Sequence[Paragraph]) -> list[str]:
    """What the candidate's declaration of sig ``n`` (``s``, the original's ``os_``) adds beyond field bounds
    and appended facts: a multiplicity (``lone n``), ``abstract`` (``n`` is its children), a ``var`` sig or
    field made static (``always n' = n``), as formulas over the original's declarations."""
    out: list[str] = []
    mods = set(s.mods)
    for m in ("one", "lone", "some"):
        if m in mods and m not in os_.mods:
            out.append(f"{m} {n}")
    if "abstract" in mods and "abstract" not in os_.mods:
        kids = [k for p in csigs for k in read_sig(p).names if read_sig(p).parent == f"extends {n}"]
        if kids:
            out.append(f"{n} = {' + '.join(kids)}")
    if "var" in os_.mods and "var" not in mods:
        out.append(f"always {n}' = {n}")
    for (f, var, _), (_, ovar, _) in zip(s.fields, os_.fields, strict=True):
        if ovar and not var:
            out.append(f"always ({n} <: {f})' = ({n} <: {f})")
    return out


# -- the module ---------------------------------------------------------------------------------------


def temporal(text: str) -> bool:
    """Does the model declare a ``var`` sig or field (comments read as the Analyzer reads them)?"""
    return bool(re.search(r"\bvar\b", strip_comments(text)))


class Comparison(NamedTuple):
    """The generated module (without commands), the scopes to ask, and the gate's readings of the
    candidate's signature text, for the Analyzer to check (sigread.py)."""

    module: str
    scopes: list[str]
    readings: Readings


def build_module(original: str, candidate: str, good: bool = True) -> Comparison:
    """The comparison of ``candidate`` with ``original`` (``good=False``: every instance of the original's facts
    is asked, not only the good ones); raises Unsupported."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    if sorted(canonical(p.text) for p in opar if p.kind == "enum") != sorted(
        canonical(p.text) for p in cpar if p.kind == "enum"
    ):
        raise Unsupported("the candidate changes an enum paragraph")
    added = _added_opens(opar, cpar)
    used = {t.text for t in tokens(strip_comments(candidate))} - {t.text for t in tokens(strip_comments(original))}
    reserved = sorted(n for n in used if n.startswith(RESERVED))
    if reserved:
        raise Unsupported(f"the candidate uses names the gate reserves for its own formulas: {', '.join(reserved)}")
    names = {short_name(p) for p in cpar if p.kind in CALLABLE and p.name}
    field_names = {f for q in [*opar, *cpar] if q.kind == "sig" for f, _, _ in read_sig(q).fields}
    if names & field_names:  # Alloy resolves such a name by type; renaming the candidate's would pick the fun
        raise Unsupported(f"a pred/fun named like a field: {', '.join(sorted(names & field_names))}")
    rename = _renamer(names)
    defs: dict[str, set[str]] = {}
    for p in cpar:
        if p.kind in CALLABLE and p.name:
            defs.setdefault(short_name(p), set()).update(referenced_names(p) & names)
    okeys = {p.key: canonical(p.text) for p in opar}
    changed = {short_name(p) for p in cpar if p.kind in CALLABLE and okeys.get(p.key) != canonical(p.text)}
    readings = Readings(rename(_without_commands(candidate, cpar)))
    sigc = _sig_constraints([p for p in opar if p.kind == "sig"], [p for p in cpar if p.kind == "sig"], rename,
                            changed, defs, readings)
    base = _without_commands(original, opar)
    if added:  # after the original's module and open lines (the Analyzer wants them first)
        at = max((p.end for p in opar if p.kind in ("module", "open")), default=0)
        base = base[:at] + "\n" + "\n".join(added) + "\n" + base[at:]
    parts = [base.rstrip(), "", "// ---- the candidate, renamed apart ----"]
    facts: list[str] = []
    for p in cpar:
        if p.kind in CALLABLE:
            parts.append(rename(p.text))
        elif p.kind == "fact":
            facts.append(f"{{ {rename(_body(p))} }}")
    always = "always " if temporal(original) else ""
    # in Alloy 6 a signature's multiplicity, appended fact and field types hold in every state
    cons = [*facts, *(f"{always}{{ {c} }}" if always and not c.startswith("always ") else c for c in sigc)]
    parts.append(f"pred {PREFIX}facts {{ {' and '.join(cons) or 'no none'} }}".replace("{ no none }", "{ }"))
    props = good_properties(opar) if good else []
    parts.append(f"pred {PREFIX}props {{ {' and '.join(props)} }}")
    return Comparison("\n".join(parts) + "\n", command_scopes(opar), readings)


# library modules that declare no sig and state no fact: opening one adds names, never a constraint
_FACTLESS = re.compile(r"open\s+util/(?:relation|graph|ternary|integer)\s*(?:\[[\w\s,/]*\])?")


def _added_opens(opar: Sequence[Paragraph], cpar: Sequence[Paragraph]) -> list[str]:
    """The open lines the candidate adds (each of the original's is kept): only library modules with no sig
    and no fact, without ``as`` (util/relation's ``acyclic``: a fix may use it, helper-28); any other change to
    the opens is not compared (util/ordering would make its sig's scope exact for both versions)."""
    oopen = sorted(canonical(p.text) for p in opar if p.kind == "open")
    copen = [canonical(p.text) for p in cpar if p.kind == "open"]
    added = list(copen)
    for o in oopen:
        if o not in added:
            raise Unsupported("the candidate changes an open paragraph")
        added.remove(o)
    if any(not _FACTLESS.fullmatch(strip_comments(a).strip()) for a in added):
        raise Unsupported("the candidate changes an open paragraph")
    return [strip_comments(a).strip() for a in added]


def _without_commands(source: str, paras: Sequence[Paragraph]) -> str:
    out = source
    for p in sorted((q for q in paras if q.kind == "command"), key=lambda q: q.start, reverse=True):
        out = out[: p.start] + out[p.end :]
    return out


def preservation(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0,
                 good: bool = True) -> Preservation:
    """Does ``candidate`` lose a good instance of ``original`` at any of the original's command scopes (with
    ``good=False``: any instance of the original's facts)?"""
    try:
        module, scopes, readings = build_module(original, candidate, good)
        readings.check()
    except Unsupported as e:
        return Preservation(outcome="unknown", why=str(e))
    except (ValueError, StopIteration, IndexError) as e:
        return Preservation(outcome="unknown", why=f"the pair could not be read ({e})")
    except (VerifierUnavailable, TimeoutError) as e:
        return Preservation(outcome="unknown", why=f"the reading of the signature text was not checked ({e})")
    runs = [f"{LABEL}{i}: run {{ {PREFIX}props and not {PREFIX}facts }} for {s}" for i, s in enumerate(scopes)]
    text = module + "\n" + "\n".join(runs) + "\n"
    v = verifier.check(text, CheckOptions(timeout_s=timeout_s))
    rep = Preservation(outcome="preserved", scopes=scopes, module=text)
    if v.status in ("syntax_error", "type_error", "error"):
        msg = v.errors[0].message if v.errors else v.status
        return rep.model_copy(update={"outcome": "unknown", "why": f"the comparison module does not compile ({msg})"})
    got = {c.label: c for c in v.commands}
    undecided = []
    for i, s in enumerate(scopes):
        c = got.get(f"{LABEL}{i}")
        if c is None or c.outcome not in ("instance", "no_instance"):
            undecided.append(s)
        elif c.outcome == "instance":
            rep.lost_scopes.append(s)
            rep.lost.append(f"for {s}: {' '.join((c.witness or '').split())[:600]}")
    if rep.lost:
        rep.outcome = "narrows"
    elif undecided:
        rep.outcome, rep.why = "unknown", f"the comparison did not finish for {', '.join(undecided)}"
    return rep
