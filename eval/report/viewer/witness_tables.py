"""Witnesses of the non-Alloy verifiers as rows for a table: MiniZinc solutions (the JSON of the last
solution), SMT-LIB models (``(define-fun ...)`` and ``get-value`` answers) and PDDL plans (one action a
line). Anything that does not parse is shown as text by the caller (``None`` here)."""

from __future__ import annotations

import json
import re

Rows = list[list[str]]

_TOKEN = re.compile(r'\(|\)|"(?:[^"]|"")*"|\|[^|]*\||[^\s()"|]+')


def _sexprs(text: str) -> list[object]:
    """A tolerant S-expression reader (lists of atoms); raises ValueError on unbalanced input."""
    stack: list[list[object]] = [[]]
    for tok in _TOKEN.findall(text):
        if tok == "(":
            stack.append([])
        elif tok == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced )")
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(tok)
    if len(stack) != 1:
        raise ValueError("unbalanced (")
    return stack[0]


def _show(x: object) -> str:
    if isinstance(x, list):
        return "(" + " ".join(_show(y) for y in x) + ")"
    return str(x)


def minizinc_rows(witness: str) -> tuple[list[str], Rows] | None:
    try:
        sol = json.loads(witness)
    except json.JSONDecodeError:
        return None
    if not isinstance(sol, dict):
        return None
    rows = [[k, json.dumps(v) if not isinstance(v, str) else v] for k, v in sorted(sol.items())]
    return ["variable", "value"], rows


def smt_rows(witness: str) -> tuple[list[str], Rows] | None:
    try:
        forms = _sexprs(witness)
    except ValueError:
        return None
    rows: Rows = []
    for form in forms:
        if not isinstance(form, list):
            continue
        for item in form:
            if isinstance(item, list) and len(item) >= 5 and item[0] == "define-fun":
                args = " ".join(_show(a) for a in item[2]) if isinstance(item[2], list) else _show(item[2])
                rows.append([_show(item[1]), args, _show(item[3]), " ".join(_show(v) for v in item[4:])])
            elif isinstance(item, list) and len(item) == 2:  # a get-value pair (term value)
                rows.append([_show(item[0]), "", "", _show(item[1])])
    return (["name", "arguments", "sort", "value"], rows) if rows else None


def plan_rows(witness: str) -> tuple[list[str], Rows] | None:
    rows: Rows = []
    for line in witness.splitlines():
        line = line.strip()
        if not line or line.startswith(";"):
            continue
        m = re.match(r"^(?:(\d+(?:\.\d+)?)\s*:\s*)?\(\s*([^\s()]+)\s*([^()]*)\)", line)
        if not m:
            return None
        rows.append([str(len(rows) + 1), m.group(2), " ".join(m.group(3).split())])
    return (["step", "action", "arguments"], rows) if rows else None


def table_for(formalism: str, kind: str, witness: str) -> tuple[list[str], Rows] | None:
    """Header and rows for a witness, or None when it is best shown as text."""
    if formalism == "minizinc":
        return minizinc_rows(witness)
    if formalism == "smtlib":
        return smt_rows(witness)
    if formalism == "pddl" and kind == "plan":
        return plan_rows(witness)
    return None
