"""How Alloy 6 reads the text of a signature: its header (extends/in, modifiers), its field declarations
(groups, var/disj, multiplicities) and the names inside its appended fact and field types (``this.f``,
overloaded fields, bound names), measured against the Analyzer. Behaviour preservation (preserve.py)
rewrites a candidate's signature text with it; wherever the reading is not sure it raises Unsupported
(the gate's outcome is then undecided, never faithful).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel

from fmrepair.verifiers.alloy.text import Paragraph, canonical, is_name, split_top, strip_comments, tokens

THIS = "fmr_this"
_SIG_MODS = {"abstract", "one", "lone", "some", "var", "private"}


class Unsupported(ValueError):
    """The pair cannot be put into one module (the outcome is then ``unknown``)."""


# -- reading the original's commands ------------------------------------------------------------------


class SigDecl(BaseModel):
    names: list[str]
    mods: list[str]
    parent: str  # "extends X", "in X + Y" or ""
    fields: list[tuple[str, bool, str]]  # (name, var, the declaration's right-hand side, canonical)
    fact: str | None  # the appended fact's body


def readable_sigs(paras: Sequence[Paragraph]) -> list[tuple[Paragraph, SigDecl]]:
    """Each sig paragraph with its reading; one the gate does not read is left out."""
    out = []
    for p in paras:
        if p.kind == "sig":
            try:
                out.append((p, read_sig(p)))
            except Unsupported:
                continue
    return out


def read_sig(p: Paragraph) -> SigDecl:
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
    for piece in split_top(body):
        left, colon, right = piece.partition(":")
        lw = left.split()
        if not all(is_name(w.rstrip("'")) for w in lw):  # `let a = X, b = Y | ...` in a type
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
    return SigDecl(names=names, mods=mods, parent=parent, fields=fields, fact=fact)



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



BUILTIN_SIGS = {"Int", "univ", "none", "String"}
_SET_WORDS = {"set", "lone", "one", "some", "disj", "+", "-", "&", "(", ")"}


def atoms_type(rhs: str, sigs: set[str]) -> bool:
    """Whether a field type is a set of atoms (its ``this.f`` unary): multiplicities, signatures and set
    operators only (not ``seq X``, an arrow, a join or a call)."""
    words = [t.text for t in tokens(strip_comments(rhs))]
    return bool(words) and all(w in _SET_WORDS or w in sigs for w in words)


def sig_scopes(sigs: Sequence[Paragraph]) -> dict[str, SigScope]:
    """Per signature name: how names inside its text read (SigScope), from the module's ``sigs``."""
    read = {n: read_sig(p) for p in sigs for n in read_sig(p).names}
    all_fields = {n: {f for f, _, _ in s.fields} for n, s in read.items()}
    parent_of = {n: s.parent for n, s in read.items()}
    declared = Counter(f for s in read.values() for f, _, _ in s.fields)  # `sig A, B { f: X }`: A.f and B.f
    overloaded = frozenset(f for f, k in declared.items() if k > 1)
    sigs = set(read) | BUILTIN_SIGS
    one_column = {f for s in read.values() for f, _, r in s.fields if f not in overloaded and atoms_type(r, sigs)}
    arity = {(n, f): type_arity(r, sigs) for n, s in read.items() for f, _, r in s.fields}
    out = {}
    for n in read:
        fields = frozenset(inherited(n, all_fields, parent_of))
        mine = {f: tuple(a for (m, g), a in arity.items() if g == f and (
            m == n or f in inherited(n, {m: all_fields[m]}, parent_of))) for f in fields & overloaded}
        others = {f: tuple((m, None if a is None else a + 1) for (m, g), a in arity.items()
                           if g == f and f not in inherited(n, {m: all_fields[m]}, parent_of) and m != n)
                  for f in fields & overloaded}
        out[n] = SigScope(fields, overloaded, frozenset({"this", *read} | (fields & one_column)), mine, others,
                          frozenset(sigs))
    return out


def type_arity(rhs: str, sigs: set[str]) -> int | None:
    """The arity of ``this.f`` for a field of type ``rhs`` (a set of atoms: 1; one more per arrow; ``seq``:
    2), None where the type is an expression the gate does not type."""
    words = [t.text for t in tokens(strip_comments(rhs))]
    if words[:1] == ["seq"]:
        return 2 if atoms_type(" ".join(words[1:]), sigs) else None
    parts = " ".join(words).replace("- >", "->").split("->")
    if all(atoms_type(re.sub(r"\b(lone|one|some|set)\b", " ", part), sigs) for part in parts):
        return len(parts)
    return None


def inherited(n: str, all_fields: dict[str, set[str]], parent_of: dict[str, str]) -> set[str]:
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
            out |= inherited(p, all_fields, parent_of)
    return out
