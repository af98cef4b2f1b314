"""ACSL logic definitions (``predicate``, ``logic``, ``lemma``, ``axiomatic``, ``inductive``, ``type``) as
units for the faithfulness gate: which names each unit defines, which names it uses, which units a set of
frozen clauses reaches (transitively), and whether a new recursive definition is evidently well founded.

A unit is one top-level definition clause, or a whole ``axiomatic`` block (its axioms give meaning to
every symbol declared in it, so the block is frozen or changed as one piece). Texts are the normalized
clause texts of :mod:`annotations` (tokens joined by single spaces), so spacing never matters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fmrepair.verifiers.acsl.annotations import Annotation, split_clauses

DEFINING = ("predicate", "logic", "lemma", "axiomatic", "inductive", "type", "axiom")
_IDENT = re.compile(r"[A-Za-z_]\w*$")
_INT = re.compile(r"\d+$")


@dataclass
class LogicUnit:
    kind: str  # the defining keyword: predicate | logic | lemma | axiomatic | inductive | type | axiom
    names: list[str]  # the names it defines (every declaration of an axiomatic block)
    text: str  # normalized text, keyword included
    line: int
    uses: set[str] = field(default_factory=set)  # identifiers in it (its own names included)
    params: list[tuple[str, str]] = field(default_factory=list)  # (type text, name) of a single definition
    body: list[str] = field(default_factory=list)  # tokens after '=' of a single definition

    @property
    def label(self) -> str:
        return f"{self.kind} `{'`, `'.join(self.names) or '?'}` (line {self.line})"


def _close(toks: list[str], i: int) -> int:
    """Index of the bracket that closes the one opened at ``toks[i]``."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    depth = 0
    for j in range(i, len(toks)):
        if toks[j] in pairs:
            depth += 1
        elif toks[j] in pairs.values():
            depth -= 1
            if depth == 0:
                return j
    return len(toks) - 1


def _split_top(toks: list[str], sep: str) -> list[list[str]]:
    out: list[list[str]] = [[]]
    depth = 0
    for t in toks:
        depth += t in "([{"
        depth -= t in ")]}"
        if t == sep and depth == 0:
            out.append([])
        else:
            out[-1].append(t)
    return out if out != [[]] else []


def _single(kind: str, toks: list[str], text: str, line: int) -> LogicUnit:
    """One declaration: ``predicate P{L}(int *a, integer n) = body``, ``logic integer f(...) = body``, ..."""
    uses = {t for t in toks if _IDENT.match(t)}
    if kind in ("predicate", "lemma", "inductive", "type", "axiom"):
        name_at = 1
    else:  # logic TYPE NAME ...: the name stands before the first '(' '{' '=' ';' or 'reads'
        stop = next((j for j in range(2, len(toks)) if toks[j] in ("(", "{", "=", "reads")), len(toks))
        name_at = stop - 1
    name = toks[name_at] if name_at < len(toks) and _IDENT.match(toks[name_at]) else "?"
    unit = LogicUnit(kind, [name], text, line, uses)
    j = name_at + 1
    if j < len(toks) and toks[j] == "{":  # labels
        j = _close(toks, j) + 1
    if j < len(toks) and toks[j] == "(" and kind in ("predicate", "logic"):
        end = _close(toks, j)
        for chunk in _split_top(toks[j + 1 : end], ","):
            idents = [t for t in chunk if _IDENT.match(t)]
            if idents:
                unit.params.append((" ".join(chunk[: chunk.index(idents[-1])]), idents[-1]))
        j = end + 1
    if kind in ("predicate", "logic") and "=" in toks[j:]:
        unit.body = toks[toks.index("=", j) + 1 :]
    return unit


def _axiomatic(toks: list[str], text: str, line: int) -> LogicUnit:
    names: list[str] = []
    if "{" in toks:
        inner = " ".join(toks[toks.index("{") + 1 : _close(toks, toks.index("{"))])
        for c in split_clauses(inner, 0, inner):
            words = c.text.split()
            if words and words[0] in DEFINING:
                names += _single(words[0], words, c.text, line).names
    return LogicUnit("axiomatic", names, text, line, {t for t in toks if _IDENT.match(t)})


def logic_units(annots: list[Annotation]) -> list[LogicUnit]:
    """Every definition unit of a file, in source order (from any annotation, whatever its kind)."""
    units: list[LogicUnit] = []
    for a in annots:
        for c in a.clauses:
            toks = c.text.split()
            if not toks or toks[0] not in DEFINING:
                continue
            if toks[0] == "axiomatic":
                units.append(_axiomatic(toks, c.text, c.line))
            else:
                units.append(_single(toks[0], toks, c.text, c.line))
    return units


def identifiers(text: str) -> set[str]:
    return {t for t in text.split() if _IDENT.match(t)}


def at_labels(clause: str) -> set[str]:
    """The names written as the label of ``\\at(e, L)`` in a normalized clause text."""
    toks = clause.split()
    out, calls = set(), []
    for i, t in enumerate(toks):
        if t in ("(", "[", "{"):
            calls.append(toks[i - 1] if i > 0 else "")
        elif t in (")", "]", "}"):
            calls = calls[:-1]
        elif calls and calls[-1] == "\\at" and toks[i - 1] == "," and toks[i + 1 : i + 2] == [")"]:
            out.add(t)
    return out


def free_names(clause: str, keyword: str = "") -> set[str]:
    """The identifiers a normalized clause text refers to: not the names its binders bind inside their scope
    (``\\forall integer k; ...``, ``\\let x = e; ...``), not a field after ``.`` or ``->``, not the clause's
    keyword, label (``ensures in_range: ...``) or ``for b1, b2:`` prefix, and nothing in a ``behavior NAME:`` or
    ``complete``/``disjoint behaviors`` clause (a new helper named like any of these is used by nothing,
    helper-27), nor the label of ``\\at(e, L)`` (a C label, in a namespace of its own: the thirtieth helper's
    ``x4_honest_helper_named_like_c_label``)."""
    toks = clause.split()
    if keyword in ("behavior", "complete", "disjoint"):
        return set()
    i = 0
    if toks[:1] == ["for"]:  # for b1, b2: ...
        while i < len(toks) and toks[i] != ":":
            i += 1
        i += 1
    i += len(keyword.split())
    if i + 1 < len(toks) and _IDENT.match(toks[i]) and toks[i + 1] == ":":
        i += 2  # a clause label
    out: set[str] = set()
    bound: list[tuple[int, set[str]]] = []  # (depth, names) of the binders in scope
    depth = 0
    calls: list[str] = []  # what each open bracket follows (``\at`` for the ``(`` of ``\at(e, L)``)
    while i < len(toks):
        t = toks[i]
        if t in ("(", "[", "{"):
            depth += 1
            calls.append(toks[i - 1] if i > 0 else "")
        elif t in (")", "]", "}"):
            depth -= 1
            calls = calls[:-1]
            bound = [(d, n) for d, n in bound if d <= depth]
        elif calls and calls[-1] == "\\at" and toks[i - 1] == "," and i + 1 < len(toks) and toks[i + 1] == ")":
            pass  # the label of ``\at(e, L)``: C labels have their own namespace (a helper named ``start``)
        elif t in _BINDERS and t not in ("\\sum", "\\product", "\\numof", "\\max", "\\min"):
            names, k = set(), i + 1
            while k < len(toks) and toks[k] != ";" and toks[k] not in ("(", ")"):
                if _IDENT.match(toks[k]) and k + 1 < len(toks) and toks[k + 1] in (",", ";", "=", "["):
                    names.add(toks[k])
                k += 1
            bound.append((depth, names))
            i = k
            continue
        elif _IDENT.match(t) and not (i > 0 and toks[i - 1] in (".", "->")) and not any(t in n for _, n in bound):
            out.add(t)
        i += 1
    return out


def reach(units: list[LogicUnit], seeds: dict[str, str]) -> dict[int, str]:
    """Units reached from ``seeds`` (identifier -> the frozen clause that uses it), transitively: unit index
    -> how it is reached (the frozen clause, then the chain of definitions in between)."""
    by_name: dict[str, list[int]] = {}
    for i, u in enumerate(units):
        for n in u.names:
            by_name.setdefault(n, []).append(i)
    out: dict[int, str] = {}
    todo: list[tuple[str, str, list[str]]] = [(name, how, []) for name, how in sorted(seeds.items())]
    while todo:
        name, how, chain = todo.pop(0)  # breadth first: the shortest chain is the one reported
        for i in by_name.get(name, []):
            if i in out:
                continue
            out[i] = how + (f" through `{'` -> `'.join(chain)}`" if chain else "")
            todo += [(n, how, [*chain, units[i].names[0]]) for n in sorted(units[i].uses - set(units[i].names))]
    return out


def _calls(body: list[str], name: str) -> list[list[list[str]]] | None:
    """Argument lists of every call of ``name`` in ``body``; None when the name occurs other than called."""
    calls = []
    for i, t in enumerate(body):
        if t != name:
            continue
        j = i + 1
        if j < len(body) and body[j] == "{":
            j = _close(body, j) + 1
        if j >= len(body) or body[j] != "(":
            return None
        calls.append(_split_top(body[j + 1 : _close(body, j)], ","))
    return calls


def call_arities(text: str, name: str) -> set[int] | None:
    """The numbers of arguments ``name`` is called with in a normalized text; None when it occurs other than
    called (or with a label, ``name{L}(...)``, which the gate does not follow)."""
    toks = text.split()
    if any(t == name and toks[i + 1 : i + 2] == ["{"] for i, t in enumerate(toks)):
        return None
    calls = _calls(toks, name)
    return None if calls is None else {len(c) for c in calls}


def _strip_parens(toks: list[str]) -> list[str]:
    while toks and toks[0] == "(" and _close(toks, 0) == len(toks) - 1:
        toks = toks[1:-1]
    return toks


_CONNECTIVES = ("?", "<==>", "==>", "||", "^^", "&&")
_BINDERS = {"\\forall", "\\exists", "\\let", "\\lambda", "\\sum", "\\product", "\\numof", "\\max", "\\min"}


def _guard_split(body: list[str]) -> tuple[list[str], list[str], list[str], bool] | None:
    """The body as ``guard`` + the part the recursion may sit in: ``C ? X : Y``, ``C || R``, ``C && R`` or
    ``C ==> R`` at the top level (one kind of connective only, so precedence cannot mislead). Returns
    (C, the part where C holds, the part where C fails, whether the connective is a ternary)."""
    toks = _strip_parens(body)
    depth, top = 0, []
    for i, t in enumerate(toks):
        depth += t in "([{"
        depth -= t in ")]}"
        if depth == 0 and t in _CONNECTIVES:
            top.append(i)
    kinds = {toks[i] for i in top}
    if not top or len(kinds) != 1 or kinds & {"<==>", "^^"}:
        return None
    first = top[0]
    cond, rest = toks[:first], toks[first + 1 :]
    if toks[first] == "?":
        colon = [i for i, t in enumerate(rest) if t == ":" and "?" not in rest[:i]]
        depth_ok = [i for i in colon if _balanced(rest[:i])]
        if not depth_ok:
            return None
        return cond, rest[: depth_ok[0]], rest[depth_ok[0] + 1 :], True
    if toks[first] == "||":  # C || R: R decides where C fails
        return cond, [], rest, False
    return cond, rest, [], False  # C && R, C ==> R: R decides where C holds


def _balanced(toks: list[str]) -> bool:
    depth = 0
    for t in toks:
        depth += t in "([{"
        depth -= t in ")]}"
    return depth == 0


def _rebinds(body: list[str], names: set[str]) -> bool:
    """Whether a binder (``\\forall integer n; ...``, ``\\let n = ...;``) in ``body`` rebinds one of ``names``."""
    for i, t in enumerate(body):
        if t in _BINDERS:
            decl = body[i + 1 : body.index(";", i) if ";" in body[i:] else len(body)]
            if names & set(decl):
                return True
    return False


def _guarded(unit: LogicUnit, pos: int, step: int, calls: list[list[list[str]]]) -> bool:
    """Every recursive call sits where the guard keeps parameter ``pos`` away from the bound it moves toward
    (``n <= c ? base : ...f(n - 1)...``, ``n <= 0 || (... p(n - 1) ...)``), with ``c`` fixed across calls."""
    split = _guard_split(unit.body)
    if split is None:
        return False
    cond, when_true, when_false, _ = split
    name, param = unit.names[0], unit.params[pos][1]
    cond = _strip_parens(cond)
    if name in cond or (name in when_true) == (name in when_false):
        return False
    ops = [i for i, t in enumerate(cond) if t in ("<", "<=", ">", ">=")]
    if len(ops) != 1 or any(t in _CONNECTIVES or t in ("!", "==", "!=") for t in cond):
        return False
    lhs, op, rhs = cond[: ops[0]], cond[ops[0]], cond[ops[0] + 1 :]
    if (rest := _offset(lhs, param)) is not None:
        large, bound = op in (">", ">="), rhs + rest
    elif (rest := _offset(rhs, param)) is not None:
        large, bound = op in ("<", "<="), lhs + rest
    else:
        return False
    fixed = {p for k, (_, p) in enumerate(unit.params) if all(c[k] == [p] for c in calls)}
    if param in bound or any(t in {p for _, p in unit.params} - fixed for t in bound):
        return False
    recursion_where_true = name in when_true
    # decreasing (step < 0): recurse only above the bound; increasing: only below it
    return recursion_where_true == large if step < 0 else recursion_where_true != large


_SUM = re.compile(r"[A-Za-z_]\w*$|\d+$|[-+*()]$")


def _offset(side: list[str], param: str) -> list[str] | None:
    """The terms beside ``param`` on one side of the guard's comparison: [] for ``param`` alone; for ``param - lo``
    (``param`` first, then ``+`` or ``-`` and a sum or product of names and literals) the rest, which moves the
    bound by as much (``hi - lo <= 0`` keeps ``hi`` above ``lo``: the thirtieth helper's honest
    ``x3_honest_recursive_helper_difference_guard``); None for anything else (``(n - lo) & 3`` is not monotone)."""
    side = _strip_parens(side)
    if side == [param]:
        return []
    if len(side) >= 3 and side[0] == param and side[1] in ("-", "+") and all(_SUM.match(t) for t in side[2:]):
        return side[2:]
    return None


def _step(call: list[list[str]], pos: int, pname: str) -> int | None:
    """-k or +k when the call's argument ``pos`` is ``pname - k`` / ``pname + k`` (k a positive literal)."""
    arg = call[pos]
    if len(arg) == 3 and arg[0] == pname and arg[1] in "-+" and _INT.match(arg[2]) and int(arg[2]) > 0:
        return int(arg[2]) * (-1 if arg[1] == "-" else 1)
    return None


def recursion_problem(unit: LogicUnit) -> str | None:
    """Why a self-recursive definition is not evidently well founded (WP assumes its defining equation as
    an axiom, with no termination check: ``logic integer f(integer n) = f(n) + 1;`` proves ``\\false``)."""
    if unit.kind not in ("predicate", "logic") or not unit.body or unit.names[0] not in unit.body:
        return None
    calls = _calls(unit.body, unit.names[0])
    if not calls:
        return "it refers to itself other than by a call"
    if any(len(c) != len(unit.params) for c in calls) or _rebinds(unit.body, {p for _, p in unit.params}):
        return "a recursive call has another arity, or a binder rebinds a parameter"
    for pos, (ptype, pname) in enumerate(unit.params):
        steps = {_step(c, pos, pname) for c in calls}
        if ptype != "integer" or None in steps or len({s > 0 for s in steps if s}) != 1:
            continue
        if _guarded(unit, pos, next(iter(steps)) or 0, calls):
            return None
    return ("its body is not guarded recursion on an `integer` parameter: `n <= c ? base : ...f(n - k)...`, "
            "`n <= c || ...p(n - k)...` or `n > c && ...` / `n > c ==> ...` (k a positive constant in every "
            "recursive call, c fixed; `+ k` with the comparison mirrored)")


def cycles(units: list[LogicUnit], among: set[int]) -> list[list[str]]:
    """Mutual recursion (cycles of two or more definitions) through at least one unit of ``among``."""
    by_name = {n: i for i, u in enumerate(units) for n in u.names}
    edges = {i: {by_name[n] for n in u.uses if n in by_name and n not in u.names} for i, u in enumerate(units)}
    out: list[list[str]] = []
    seen: set[frozenset[int]] = set()
    for start in among:
        stack: list[tuple[int, list[int]]] = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in edges[node]:
                if nxt == start and frozenset(path) not in seen:
                    seen.add(frozenset(path))
                    out.append([units[i].names[0] for i in path])
                elif nxt not in path and len(path) < 8:
                    stack.append((nxt, [*path, nxt]))
    return out
