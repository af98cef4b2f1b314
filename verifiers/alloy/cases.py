"""Definitions by cases: ``A implies X`` beside ``B implies Y`` where the declarations make ``A or B`` true.

A fix may define a relation case by case (a root inherits nothing; any other class its parent's methods and what
the parent inherits). Read alone, each case's condition is a constraint no command needs (taken away, the cases
overlap) and each case is a rewrite of the author's one definition that, put back beside the other case, meets the
checks by squeezing; read as one, the cases are the definition's one change (helper-41's ``o34_D_h03``,
helper-42's ``o35_D_h05``). Asked of the Analyzer: the conditions cover every atom under the cases' header.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.connectives import conjunct_spans_in
from fmrepair.verifiers.alloy.pieces import Piece
from fmrepair.verifiers.alloy.text import tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_cases_"


def holds_everywhere(verifier: Verifier, module: str, formula: str, scopes: Sequence[str], timeout_s: float) -> bool:
    """Does ``module`` (no commands) imply ``formula`` at every scope? Undecided: False."""
    asks = [f"{LABEL}{i}: check {{ {formula} }} for {s}" for i, s in enumerate(scopes)]
    v = verifier.check(module + "\n" + "\n".join(asks) + "\n", CheckOptions(timeout_s=timeout_s))
    if v.status not in ("ok", "failed"):
        return False
    ours = [c for c in v.commands if c.label.startswith(LABEL)]
    return len(ours) == len(scopes) and all(c.outcome == "no_counterexample" for c in ours)


def implies_at(toks: Sequence, k: int) -> bool:
    """Is toks[k] ``implies`` or the ``=>`` the lexer gives as ``=`` and ``>``?"""
    return k < len(toks) and (toks[k].text == "implies" or toks[k].text == "=" and k + 1 < len(toks)
                              and toks[k + 1].text == ">" and toks[k + 1].start == toks[k].end)


def a_case(candidate: str, q: Piece, declared: str, scopes: Sequence[str], verifier: Verifier,
            timeout_s: float) -> bool:
    """Is the piece the condition of one case of a definition by cases: ``A implies X`` beside ``B implies Y`` in
    the same block, where the declarations make ``A or B`` true under the piece's headers (helper-41's o34_D_h03:
    ``f.level = High implies ...`` and ``f.level = Low implies ...``)? Taken away, two cases overlap: that squeezes
    the candidate, but it says nothing of why the case is there."""
    toks = tokens(candidate)
    after = next((k for k, t in enumerate(toks) if t.start >= q.span[1]), len(toks))
    if not implies_at(toks, after):
        return False
    opens: list[int] = []
    groups: list[tuple[int, int]] = []
    for t in toks:
        if t.text in "({":
            opens.append(t.end)
        elif t.text in ")}" and opens:
            a = opens.pop()
            if a <= q.span[0] and q.span[1] <= t.start:
                groups.append((a, t.start))
    for a, b in sorted(groups, key=lambda g: g[1] - g[0]):
        spans = conjunct_spans_in(candidate, a, b)
        if any(x == q.span[0] for x, _ in spans):
            break
    else:
        return False
    conditions = []
    for x, y in spans:
        ct = tokens(candidate[x:y])
        k = next((k for k, t in enumerate(ct) if t.depth == ct[0].depth and implies_at(ct, k)), None)
        if k:
            conditions.append(candidate[x : x + ct[k - 1].end])
    if len(conditions) < 2:
        return False
    head = next((sc for sc in q.scopes if sc.rstrip().endswith("|") and sc.count("|") == 1), "")
    either = " or ".join(f"({c})" for c in conditions)
    return holds_everywhere(verifier, declared, f"({head} {{ {either} }})" if head else either, scopes, timeout_s)


def a_case_apart(candidate: str, body: tuple[int, int], q: Piece, declared: str, scopes: Sequence[str],
                 verifier: Verifier, timeout_s: float) -> bool:
    """Is the piece the condition of a case written as a conjunct of its own in the body ``body`` (``all f: File |
    f.level = Low implies ...`` beside ``all f: File | f.level = High implies ...``), where the cases' conditions
    cover every atom under their header (``case_group``)? The counterpart of ``a_case`` for cases that do not
    share one block (helper-44's ``o37_A_h01``)."""
    spans = conjunct_spans_in(candidate, body[0], body[1])
    for a, b in case_group(candidate, spans, declared, scopes, verifier, timeout_s):
        got = _header_and_condition(candidate[a:b])
        if got is not None and a <= q.span[0] and q.span[1] <= b and " ".join(candidate[q.span[0] : q.span[1]].split(
                )).strip("() ") == " ".join(got[1].split()).strip("() "):
            return True
    return False


def _header_and_condition(text: str) -> tuple[str, str] | None:
    """``all <decls> |`` (or nothing) and the condition of ``[all <decls> |] A implies X``; None when the formula
    is not one case."""
    toks = tokens(text)
    if not toks:
        return None
    head, rest = "", 0
    if toks[0].text == "all":
        bar = next((k for k, t in enumerate(toks) if t.text == "|" and t.depth == toks[0].depth), None)
        if bar is None:
            return None
        head, rest = text[: toks[bar].end], bar + 1
    k = next((k for k in range(rest, len(toks)) if toks[k].depth == toks[0].depth and implies_at(toks, k)), None)
    if k is None or k == rest:
        return None
    return " ".join(head.split()), text[toks[rest].start : toks[k - 1].end]


def case_group(text: str, spans: Sequence[tuple[int, int]], declared: str, scopes: Sequence[str],
               verifier: Verifier, timeout_s: float) -> list[tuple[int, int]]:
    """The conjuncts among ``spans`` (of ``text``) that are the cases of one definition: each ``all <decls> | A
    implies X`` under one header, two at least, whose conditions the declarations make cover every atom; [] when
    none are."""
    by_head: dict[str, list[tuple[tuple[int, int], str]]] = {}
    for a, b in spans:
        got = _header_and_condition(text[a:b])
        if got is not None:
            by_head.setdefault(got[0], []).append(((a, b), got[1]))
    for head, cases in by_head.items():
        if len(cases) < 2:
            continue
        either = " or ".join(f"({c})" for _, c in cases)
        if holds_everywhere(verifier, declared, f"({head} {{ {either} }})" if head else either, scopes, timeout_s):
            return [s for s, _ in cases]
    return []
