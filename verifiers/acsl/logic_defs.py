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

from .annotations import Annotation, _split_clauses

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
        for c in _split_clauses(inner, 0, inner):
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


def _strip_parens(toks: list[str]) -> list[str]:
    while toks and toks[0] == "(" and _close(toks, 0) == len(toks) - 1:
        toks = toks[1:-1]
    return toks


def _ternary(toks: list[str]) -> tuple[list[str], list[str], list[str]] | None:
    """``C ? X : Y`` at the top level of ``toks`` (parentheses around it stripped), else None."""
    toks = _strip_parens(toks)
    depth, q, nested = 0, -1, 0
    for i, t in enumerate(toks):
        depth += t in "([{"
        depth -= t in ")]}"
        if depth:
            continue
        if t == "?":
            if q < 0:
                q = i
            else:
                nested += 1
        elif t == ":" and q >= 0:
            if nested:
                nested -= 1
            else:
                return toks[:q], toks[q + 1 : i], toks[i + 1 :]
    return None


def _guarded(unit: LogicUnit, pos: int, calls: list[list[list[str]]]) -> bool:
    """The body is ``C ? X : Y`` with every recursive call in the branch where ``C`` bounds the decreasing
    parameter from below (``n <= c ? base : ...f(n-1)...``), and ``c`` fixed across the calls."""
    split = _ternary(unit.body)
    if split is None:
        return False
    cond, then, other = split
    name, param = unit.names[0], unit.params[pos][1]
    if name in cond:
        return False
    rec_then, rec_else = name in then, name in other
    if rec_then == rec_else:
        return False
    ops = [i for i, t in enumerate(cond) if t in ("<", "<=", ">", ">=")]
    if len(ops) != 1 or any(t in ("&&", "||", "==>", "!", "?") for t in cond):
        return False
    lhs, op, rhs = cond[: ops[0]], cond[ops[0]], cond[ops[0] + 1 :]
    if _strip_parens(lhs) == [param]:
        small, bound = op in ("<", "<="), rhs
    elif _strip_parens(rhs) == [param]:
        small, bound = op in (">", ">="), lhs
    else:
        return False
    if param in bound:
        return False
    fixed = {p for k, (_, p) in enumerate(unit.params) if all(len(c) > k and c[k] == [p] for c in calls)}
    if any(t in {p for _, p in unit.params} - fixed for t in bound):
        return False
    return rec_else if small else rec_then  # recursion only where the parameter is above the bound


def recursion_problem(unit: LogicUnit) -> str | None:
    """Why a self-recursive definition is not evidently well founded (WP assumes its defining equation as
    an axiom, with no termination check: ``logic integer f(integer n) = f(n) + 1;`` proves ``\\false``)."""
    if unit.kind not in ("predicate", "logic") or not unit.body or unit.names[0] not in unit.body:
        return None
    calls = _calls(unit.body, unit.names[0])
    if not calls:
        return "it refers to itself other than by a call"
    for pos, (ptype, pname) in enumerate(unit.params):
        if ptype != "integer":
            continue
        dec = all(len(c) == len(unit.params) and len(c[pos]) == 3 and c[pos][0] == pname and c[pos][1] == "-"
                  and _INT.match(c[pos][2]) and int(c[pos][2]) > 0 for c in calls)
        if dec and (unit.kind == "predicate" or _guarded(unit, pos, calls)):
            return None
    if unit.kind == "predicate":
        return "no `integer` parameter decreases by a constant in every recursive call"
    return ("its body is not `n <= c ? base : ...f(n - k)...` (an `integer` parameter bounded by the condition "
            "and decreasing by a constant in every recursive call)")


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
