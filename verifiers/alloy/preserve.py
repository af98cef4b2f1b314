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
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from fmrepair.verifiers.alloy.reach import CALLABLE, referenced_names, short_name
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_paragraphs, strip_comments, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

PREFIX = "fmrC_"
LABEL = "fmrepair_lost_"
THIS = "fmr_this"
RESERVED = ("fmr_", "fmrC_", "fmrepair_")  # the gate's own names: a candidate may not introduce them
_MULT = ("lone", "one", "some", "set", "seq")
_SIG_MODS = {"abstract", "one", "lone", "some", "var", "private"}


class Preservation(BaseModel):
    """``preserved`` (no good instance lost at any scope), ``narrows`` (witnesses), ``unknown`` (why)."""

    outcome: str  # "preserved" | "narrows" | "unknown"
    scopes: list[str] = Field(default_factory=list)  # the scopes asked
    lost: list[str] = Field(default_factory=list)  # "for SCOPE: <the original's instance>"
    lost_scopes: list[str] = Field(default_factory=list)
    why: str | None = None  # for unknown
    module: str | None = None  # the generated module (for debugging and the viewer)


class Unsupported(ValueError):
    """The pair cannot be put into one module (the outcome is then ``unknown``)."""


# -- reading the original's commands ------------------------------------------------------------------


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


class _Sig(BaseModel):
    names: list[str]
    mods: list[str]
    parent: str  # "extends X", "in X + Y" or ""
    fields: list[tuple[str, bool, str]]  # (name, var, the declaration's right-hand side, canonical)
    fact: str | None  # the appended fact's body


def _split_top(text: str, sep: str = ",") -> list[str]:
    out, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur))
    return out


def _read_sig(p: Paragraph) -> _Sig:
    text = strip_comments(p.text)
    toks = tokens(text)
    words = [t.text for t in toks]
    k = words.index("sig")
    mods = [w for w in words[:k] if w in _SIG_MODS]
    lb = next((i for i in range(k, len(toks)) if toks[i].text == "{" and toks[i].depth == 0), None)
    if lb is None:
        raise Unsupported(f"sig at line {p.start_line} has no body")
    rb = next(i for i in range(lb + 1, len(toks)) if toks[i].text == "}" and toks[i].depth == 1)
    head = [w for w in words[k + 1 : lb]]
    head = [w for i, w in enumerate(head) if not (w == "this" and head[i + 1 : i + 2] == ["/"])
            and not (w == "/" and i > 0 and head[i - 1] == "this")]  # `extends this/A` is `extends A`
    names, parent = [], ""
    for i, w in enumerate(head):
        if w in ("extends", "in"):
            parent = canonical(" ".join(head[i:]))
            break
        if w != ",":
            names.append(w)
    fields: list[tuple[str, bool, str]] = []
    pending: list[str] = []
    group: set[str] = set()  # ``var``/``disj``/``private`` before a group's first name apply to every name
    body = text[toks[lb].end : toks[rb].start]
    if '"' in body:  # a string may hold a comma or a brace: the field list would be split wrongly
        raise Unsupported(f"sig at line {p.start_line}: a string in its field declarations")
    for piece in _split_top(body):
        left, colon, right = piece.partition(":")
        lw = left.split()
        if not all(re.fullmatch(r"[A-Za-z_][\w'\"]*", w) for w in lw):  # `let a = X, b = Y | ...` in a type
            raise Unsupported(f"sig at line {p.start_line}: a field declaration the gate does not read: "
                              f"{piece.strip()!r}")
        if not pending:
            group = {w for w in lw if w in ("var", "private", "disj")}
        elif {"var", "disj"} & set(lw):
            raise Unsupported(f"sig at line {p.start_line}: a modifier inside a field group")
        lw = [w for w in lw if w not in ("var", "private", "disj")]
        if not lw:
            continue
        pending.append(lw[-1])
        if colon:
            if "disj" in group:  # ``disj f, g: X``: kept in the type, so a change to it is a changed field
                right = "disj " + right
            fields += [(n, "var" in group, canonical(right)) for n in pending]
            pending = []
    if pending:
        raise Unsupported(f"sig at line {p.start_line}: field names without a type: {', '.join(pending)}")
    fact = None
    rest = [i for i in range(rb + 1, len(toks)) if toks[i].text == "{" and toks[i].depth == 0]
    if rest:
        lb2 = rest[0]
        rb2 = next(i for i in range(lb2 + 1, len(toks)) if toks[i].text == "}" and toks[i].depth == 1)
        fact = text[toks[lb2].end : toks[rb2].start]
    return _Sig(names=names, mods=mods, parent=parent, fields=fields, fact=fact)


def _bare(rhs: str) -> str:
    """A field's type with its multiplicities removed: ``lone Node`` -> ``Node``; ``A -> lone B`` -> ``A->B``."""
    words = re.sub(r"\b(?:lone|one|some|set)\b", " ", rhs)
    return canonical(words)


def _field_constraint(sig: str, field: str, rhs: str, sigs: Collection[str] = ()) -> str:
    """The constraint a field declaration adds, over the original's declaration of the same field. With no
    multiplicity, a set of atoms means ``one`` and a relation ``set`` (as Alloy defaults them); a type the
    gate cannot type is Unsupported."""
    m = re.match(r"\s*(lone|one|some|set|seq)\b\s*(.*)$", rhs, re.S)  # also `lone(B+C)`, as canonical writes it
    if not m and "->" in rhs:
        arity = _type_arity(rhs, set(sigs))
        if arity is None or arity < 2:  # `Y.(Y -> Y)` is a set of atoms: Alloy's default `one` applies
            raise Unsupported(f"field {sig}.{field}: its default multiplicity depends on the arity of {rhs!r}")
        return f"(all {THIS}: {sig} | {THIS}.{field} in {rhs})"
    if m:
        mult, typ = m.group(1), m.group(2)
        if mult == "seq":
            raise Unsupported(f"seq field {sig}.{field}")
        return f"(all {THIS}: {sig} | {THIS}.{field} in {typ})" + (
            "" if mult == "set" else f" and (all {THIS}: {sig} | {mult} {THIS}.{field})"
        )
    if not _atoms_type(rhs, set(sigs)):  # `e: ^@nxt` is a relation: Alloy's default is then set, not one
        raise Unsupported(f"field {sig}.{field}: its default multiplicity depends on the arity of {rhs!r}")
    return f"(all {THIS}: {sig} | one {THIS}.{field} and {THIS}.{field} in {rhs})"


@dataclass(frozen=True)
class SigScope:
    """What a name inside one signature's text (appended fact, field type) means there, as Alloy 6
    resolves it (measured with the Analyzer): a field of the signature is ``this.f`` wherever it stands,
    after a join dot too (``x.f`` with a unary ``x`` is a type error, ``iden.f`` is ``iden.(this.f)``). A
    field name another signature also declares is a choice Alloy makes by type: ``this.f`` when that
    type-checks, else the other signatures' relation."""

    fields: frozenset[str]  # the signature's own and inherited fields
    overloaded: frozenset[str] = frozenset()  # field names that another signature also declares
    unary: frozenset[str] = frozenset()  # names whose value there is surely a set of atoms
    # an overloaded field: the arity of this.f here (None: not known), and the other declarations (the
    # declaring signature, the arity of its relation; None: not known)
    this_arity: dict[str, tuple[int | None, ...]] = field(default_factory=dict)  # one per own declaration
    others: dict[str, tuple[tuple[str, int | None], ...]] = field(default_factory=dict)
    sigs: frozenset[str] = frozenset()  # the module's signature names (and the built-in ones)


# beside an overloaded field name, these make its reading depend on arities or types the text does not show
_ARITY_OPS = {".", "~", "^", "*", "->", "<:", ":>", "++", "[", ",", "(", ")", "'"}  # a bracket or a prime may
# hide a join (`(f).g`, `f'.g`): there too the type decides
_PAIRS = {"->", "<:", ":>", "++", "!=", "=>", "<=", ">="}  # operators the tokenizer splits into two tokens


def _op_before(toks: Sequence, i: int) -> str:  # noqa: ANN001
    """The operator (or token) just before token ``i``, two-character operators rejoined."""
    if i >= 2 and toks[i - 2].end == toks[i - 1].start and toks[i - 2].text + toks[i - 1].text in _PAIRS:
        return toks[i - 2].text + toks[i - 1].text
    return toks[i - 1].text if i > 0 else ""


def _op_after(toks: Sequence, i: int) -> str:  # noqa: ANN001
    """The operator (or token) just after token ``i``, two-character operators rejoined."""
    if i + 2 < len(toks) and toks[i + 1].end == toks[i + 2].start and toks[i + 1].text + toks[i + 2].text in _PAIRS:
        return toks[i + 1].text + toks[i + 2].text
    return toks[i + 1].text if i + 1 < len(toks) else ""


def _sig_fact(sig: str, body: str, scope: SigScope, rename) -> str:  # noqa: ANN001
    """An appended fact as a formula: ``all fmr_this: S | body`` with every field name read as
    ``fmr_this.f`` (``@f`` as plain ``f``) and ``this`` as ``fmr_this``, as Alloy reads it."""
    return f"(all {THIS}: {sig} | {{ {this_fields(_renamed(body, scope, rename), scope)} }})"


def _renamed(text: str, scope: SigScope, rename) -> str:  # noqa: ANN001
    """``rename(text)`` (the candidate's preds and funs renamed apart), refusing a field of the signature
    that is also a pred/fun name: Alloy picks one by type there, the renaming would pick the fun."""
    for t in tokens(strip_comments(text)):
        if t.text in scope.fields and rename(t.text) != t.text:
            raise Unsupported(f"a signature text names {t.text!r}, both a field of the signature and a pred/fun")
    return rename(text)


def _declared(toks: Sequence, i: int) -> bool:  # noqa: ANN001
    """Whether the name at ``i`` is declared there: ``f: X``, ``f, g: X`` (a quantifier's or a
    comprehension's names) or ``let f = ...`` (``f :> X`` is a range restriction, not a declaration)."""
    if i > 0 and (toks[i - 1].text == "let" or (toks[i - 1].text == "," and _op_after(toks, i) == "=")):
        return True  # ``let a = x, b = y | ...``: every name before a lone ``=`` after ``let`` or a comma
    j = i
    while j + 2 < len(toks) and toks[j + 1].text == "," and toks[j + 2].text.isidentifier():
        j += 2
    return j + 1 < len(toks) and toks[j + 1].text == ":" and _op_after(toks, j) != ":>"


def _overloaded(toks: Sequence, i: int, scope: SigScope) -> str:  # noqa: ANN001
    """How to write an overloaded field name at ``i``. Alloy (measured) takes ``this.f`` where it
    type-checks, else another signature's relation ``f`` (never this signature's own). After a join dot
    whose left side is a single unary name, ``this.f`` cannot type-check: the one other declaration,
    written ``(S <: f)``. Standing alone, ``this.f`` where no other declaration has its arity (a wrong
    arity then fails to compile, never misreads). Otherwise Unsupported: types or arities decide."""
    name = toks[i].text
    before, after = _op_before(toks, i), _op_after(toks, i)
    others = scope.others.get(name, ())
    mine = scope.this_arity.get(name, ())
    if before == "." and i >= 2 and toks[i - 2].text in scope.unary and (
            i < 3 or toks[i - 3].text not in (".", "@")) and len(others) == 1 and mine and set(mine) == {1}:
        return f"({others[0][0]} <: {name})"  # every this.f unary: after a set's dot, none type-checks
    clash = len(mine) != 1 or mine[0] is None or any(a is None or a == mine[0] for _, a in others)
    if before not in _ARITY_OPS and after not in _ARITY_OPS and not clash:
        return f"({THIS}.{name})"
    raise Unsupported(f"a signature text names the field {name!r}, which another signature also declares, "
                      "where Alloy's choice by type depends on arities the gate does not work out")


def this_fields(src: str, scope: SigScope) -> str:
    """A text inside a signature as Alloy reads it there (SigScope): ``this`` is ``fmr_this``, a field
    ``f`` of the signature is ``fmr_this.f``, ``@f`` is plain ``f``. A field name bound as a variable
    (it would shadow the field) is not read: Unsupported, never guessed."""
    fields = scope.fields
    toks = tokens(src)
    shadowed = sorted({t.text for i, t in enumerate(toks) if _declared(toks, i)} & (scope.unary - {"this"} - fields))
    if shadowed:  # a bound name like a signature's: what is unary there is no longer known
        raise Unsupported(f"a signature text binds {shadowed[0]!r}, the name of a signature or field, as a variable")
    out, pos = [], 0
    for i, t in enumerate(toks):
        prev = toks[i - 1].text if i > 0 else ""
        if t.text in fields and prev != "@" and _declared(toks, i):
            raise Unsupported(f"a signature text binds the field name {t.text!r} as a variable")
        if t.text in fields and prev != "@" and t.text in scope.sigs:
            raise Unsupported(f"a signature text names {t.text!r}, both a field and a signature: Alloy picks by type")
        if t.text in fields and prev != "@" and t.text in scope.overloaded:
            rep = _overloaded(toks, i, scope)
        elif t.text == "this":
            rep = THIS
        elif t.text in fields and prev != "@":
            rep = f"({THIS}.{t.text})"
        elif t.text == "@" and i + 1 < len(toks) and toks[i + 1].text in fields:
            rep = ""
        else:
            continue
        out += [src[pos : t.start], rep]
        pos = t.end
    out.append(src[pos:])
    return "".join(out)


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
    defs: dict[str, set[str]] | None = None,
) -> list[str]:
    """The candidate's signature constraints, as formulas over the original's declarations, for every
    signature whose text changed or whose appended fact reaches a changed definition (at any depth)."""
    defs = defs or {}
    o = {n: (p, _read_sig(p)) for p in osigs for n in _read_sig(p).names}
    c = [(p, _read_sig(p)) for p in csigs]
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
            out += _one_sig_constraints(n, s, os_, scopes[n], rename, csigs, retyped)
    return out


BUILTIN_SIGS = {"Int", "univ", "none", "String"}
_SET_WORDS = {"set", "lone", "one", "some", "disj", "+", "-", "&", "(", ")"}


def _atoms_type(rhs: str, sigs: set[str]) -> bool:
    """Whether a field type is a set of atoms (its ``this.f`` unary): multiplicities, signatures and set
    operators only (not ``seq X``, an arrow, a join or a call)."""
    words = [t.text for t in tokens(strip_comments(rhs))]
    return bool(words) and all(w in _SET_WORDS or w in sigs for w in words)


def sig_scopes(sigs: Sequence[Paragraph]) -> dict[str, SigScope]:
    """Per signature name: how names inside its text read (SigScope), from the module's ``sigs``."""
    read = {n: _read_sig(p) for p in sigs for n in _read_sig(p).names}
    all_fields = {n: {f for f, _, _ in s.fields} for n, s in read.items()}
    parent_of = {n: s.parent for n, s in read.items()}
    declared = Counter(f for s in read.values() for f, _, _ in s.fields)  # `sig A, B { f: X }`: A.f and B.f
    overloaded = frozenset(f for f, k in declared.items() if k > 1)
    sigs = set(read) | BUILTIN_SIGS
    one_column = {f for s in read.values() for f, _, r in s.fields if f not in overloaded and _atoms_type(r, sigs)}
    arity = {(n, f): _type_arity(r, sigs) for n, s in read.items() for f, _, r in s.fields}
    out = {}
    for n in read:
        fields = frozenset(_inherited(n, all_fields, parent_of))
        mine = {f: tuple(a for (m, g), a in arity.items() if g == f and (
            m == n or f in _inherited(n, {m: all_fields[m]}, parent_of))) for f in fields & overloaded}
        others = {f: tuple((m, None if a is None else a + 1) for (m, g), a in arity.items()
                           if g == f and f not in _inherited(n, {m: all_fields[m]}, parent_of) and m != n)
                  for f in fields & overloaded}
        out[n] = SigScope(fields, overloaded, frozenset({"this", *read} | (fields & one_column)), mine, others,
                          frozenset(sigs))
    return out


def _type_arity(rhs: str, sigs: set[str]) -> int | None:
    """The arity of ``this.f`` for a field of type ``rhs`` (a set of atoms: 1; one more per arrow; ``seq``:
    2), None where the type is an expression the gate does not type."""
    words = [t.text for t in tokens(strip_comments(rhs))]
    if words[:1] == ["seq"]:
        return 2 if _atoms_type(" ".join(words[1:]), sigs) else None
    parts = " ".join(words).replace("- >", "->").split("->")
    if all(_atoms_type(re.sub(r"\b(lone|one|some|set)\b", " ", part), sigs) for part in parts):
        return len(parts)
    return None


def _inherited(n: str, all_fields: dict[str, set[str]], parent_of: dict[str, str]) -> set[str]:
    start = n
    fields, seen = set(), set()
    while n and n not in seen:
        seen.add(n)
        fields |= all_fields.get(n, set())
        m = re.match(r"extends\s*(?:this\s*/\s*)?(\w+)", parent_of.get(n, ""))
        n = m.group(1) if m else ""
    return fields | _subset_fields(start, all_fields, parent_of)


def _subset_fields(n: str, all_fields: dict[str, set[str]], parent_of: dict[str, str]) -> set[str]:
    """Fields a subset signature (``sig M in U``, ``in A + B``) reads from its parents, as Alloy does."""
    parent = parent_of.get(n, "")
    if not parent.startswith("in"):
        return set()
    out: set[str] = set()
    for p in re.findall(r"\w+", parent[2:]):
        if p != n and p in all_fields:
            out |= _inherited(p, all_fields, parent_of)
    return out


def _one_sig_constraints(n, s, os_, scope, rename, csigs, retyped=frozenset()) -> list[str]:  # noqa: ANN001
    out: list[str] = []
    mods = set(s.mods)
    for m in ("one", "lone", "some"):
        if m in mods and m not in os_.mods:
            out.append(f"{m} {n}")
    if "abstract" in mods and "abstract" not in os_.mods:
        kids = [k for p in csigs for k in _read_sig(p).names if _read_sig(p).parent == f"extends {n}"]
        if kids:
            out.append(f"{n} = {' + '.join(kids)}")
    if "var" in os_.mods and "var" not in mods:
        out.append(f"always {n}' = {n}")
    for (f, var, rhs), (_, ovar, orhs) in zip(s.fields, os_.fields, strict=True):
        if canonical(rhs) != canonical(orhs) and ("disj" in rhs.split() or "disj" in orhs.split()):
            raise Unsupported(f"the candidate changes the disj field {n}.{f}")
        if canonical(rhs) != canonical(orhs) or f in retyped:  # a type may name its siblings (read as this.g)
            out.append(_field_constraint(n, f, this_fields(_renamed(rhs, scope, rename), scope), scope.sigs))
        if ovar and not var:
            out.append(f"always {f}' = {f}")
    if s.fact is not None and s.fact.strip():
        out.append(_sig_fact(n, s.fact, scope, rename))
    return out


# -- the module ---------------------------------------------------------------------------------------


def _temporal(text: str) -> bool:
    return bool(re.search(r"\bvar\b", strip_comments(text)))


def build_module(original: str, candidate: str) -> tuple[str, list[str]]:
    """(the generated module without commands, the scopes to ask); raises Unsupported."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    for kind in ("open", "enum"):
        if sorted(canonical(p.text) for p in opar if p.kind == kind) != sorted(
            canonical(p.text) for p in cpar if p.kind == kind
        ):
            raise Unsupported(f"the candidate changes an {kind} paragraph")
    used = {t.text for t in tokens(strip_comments(candidate))} - {t.text for t in tokens(strip_comments(original))}
    reserved = sorted(n for n in used if n.startswith(RESERVED))
    if reserved:
        raise Unsupported(f"the candidate uses names the gate reserves for its own formulas: {', '.join(reserved)}")
    names = {short_name(p) for p in cpar if p.kind in CALLABLE and p.name}
    field_names = {f for q in [*opar, *cpar] if q.kind == "sig" for f, _, _ in _read_sig(q).fields}
    if names & field_names:  # Alloy resolves such a name by type; renaming the candidate's would pick the fun
        raise Unsupported(f"a pred/fun named like a field: {', '.join(sorted(names & field_names))}")
    rename = _renamer(names)
    defs: dict[str, set[str]] = {}
    for p in cpar:
        if p.kind in CALLABLE and p.name:
            defs.setdefault(short_name(p), set()).update(referenced_names(p) & names)
    okeys = {p.key: canonical(p.text) for p in opar}
    changed = {short_name(p) for p in cpar if p.kind in CALLABLE and okeys.get(p.key) != canonical(p.text)}
    sigc = _sig_constraints([p for p in opar if p.kind == "sig"], [p for p in cpar if p.kind == "sig"], rename,
                            changed, defs)
    base = _without_commands(original, opar)
    parts = [base.rstrip(), "", "// ---- the candidate, renamed apart ----"]
    facts: list[str] = []
    for p in cpar:
        if p.kind in CALLABLE:
            parts.append(rename(p.text))
        elif p.kind == "fact":
            facts.append(f"{{ {rename(_body(p))} }}")
    always = "always " if _temporal(original) else ""
    # in Alloy 6 a signature's multiplicity, appended fact and field types hold in every state
    cons = [*facts, *(f"{always}{{ {c} }}" if always and not c.startswith("always ") else c for c in sigc)]
    parts.append(f"pred {PREFIX}facts {{ {' and '.join(cons) or 'no none'} }}".replace("{ no none }", "{ }"))
    onames, oblocks = checked_assertions(opar)
    oasserts = {p.name: p for p in opar if p.kind == "assert"}
    props = [f"{{ {_body(oasserts[n])} }}" for n in onames if n in oasserts] + [f"{{ {b} }}" for b in oblocks]
    parts.append(f"pred {PREFIX}props {{ {' and '.join(props)} }}")
    return "\n".join(parts) + "\n", command_scopes(opar)


def _without_commands(source: str, paras: Sequence[Paragraph]) -> str:
    out = source
    for p in sorted((q for q in paras if q.kind == "command"), key=lambda q: q.start, reverse=True):
        out = out[: p.start] + out[p.end :]
    return out


def preservation(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0) -> Preservation:
    """Does ``candidate`` lose a good instance of ``original`` at any of the original's command scopes?"""
    try:
        module, scopes = build_module(original, candidate)
    except Unsupported as e:
        return Preservation(outcome="unknown", why=str(e))
    except (ValueError, StopIteration, IndexError) as e:
        return Preservation(outcome="unknown", why=f"the pair could not be read ({e})")
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
