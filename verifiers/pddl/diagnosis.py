"""PDDL problem diagnosis: contract and parse, goal form, planner probes for unreachable goal atoms or
joint unsolvability (timeouts are no evidence), stated counts against declared objects; identifier-like
tokens absent from the objects are advisory."""

from __future__ import annotations

import re

from fmrepair.verifiers.base import CheckOptions
from fmrepair.verifiers.diagnosis.base import GAVE_UP, NOT_EXECUTED, Diagnosis, Finding
from fmrepair.verifiers.pddl.equiv import ProblemFacts, problem_facts
from fmrepair.verifiers.pddl.verifier import PddlVerifier, split_pddl
from fmrepair.verifiers.sexpr import SExprError

MAX_GOAL_PROBES = 12
_IDENT = re.compile(r"\b([a-z]+[-_]?\d+)\b", re.I)


def category_counts(facts: ProblemFacts, categories: list[str]) -> dict[str, int]:
    """Objects per category: by declared type, else by a unary init predicate of that name, else (one
    category, untyped objects, no such predicate) every object."""
    out: dict[str, int] = {}
    for cat in categories:
        typed = sum(1 for t in facts.objects.values() if t == cat)
        unary = {a[1] for a in facts.init if len(a) == 2 and a[0] == cat}
        if typed:
            out[cat] = typed
        elif unary:
            out[cat] = len(unary)
        elif len(categories) == 1:
            out[cat] = len(facts.objects)
        else:
            out[cat] = 0
    return out


def render_problem(facts: ProblemFacts, goal: list[tuple[bool, tuple[str, ...]]]) -> str:
    objs = " ".join(f"{o} - {t}" if t != "object" else o for o, t in facts.objects.items())
    init = " ".join("(" + " ".join(a) + ")" for a in facts.init)
    lits = " ".join(("(" if p else "(not (") + " ".join(a) + (")" if p else "))") for p, a in goal)
    return f"(define (problem probe) (:domain {facts.domain}) (:objects {objs}) (:init {init}) (:goal (and {lits})))"


def goal_probes(facts: ProblemFacts, domain: str, verifier: PddlVerifier, timeout_s: float) -> list[Finding]:
    found: list[Finding] = []
    opts = CheckOptions(timeout_s=timeout_s)
    for positive, atom in facts.goal[:MAX_GOAL_PROBES]:
        v = verifier.check(render_problem(facts, [(positive, atom)]), opts, domain=domain)
        if v.commands and v.commands[0].outcome == "unsat":
            lit = ("" if positive else "not ") + "(" + " ".join(atom) + ")"
            found.append(
                Finding(
                    kind="unreachable_goal_atom",
                    location=lit,
                    weight=2,
                    axis="solver",
                    evidence=f"the planner proves {lit} alone unreachable from the init state",
                )
            )
    return found


def diagnose_pddl(
    problem: str,
    artifact: str,
    domain: str = "",
    stated: dict[str, int] | None = None,
    timeout_s: float = 10.0,
    verifier: PddlVerifier | None = None,
    **_: object,
) -> Diagnosis:
    v = verifier or PddlVerifier(domain_dirs=[])
    d = Diagnosis(formalism="pddl")
    stated = dict(stated or {})
    try:
        parts = split_pddl(artifact)
    except SExprError as e:
        parts = None
        err = str(e)
    if parts is None or parts.problem is None:
        d.exec_rank = NOT_EXECUTED
        why = err if parts is None else "no (define (problem ...)) form"
        d.findings.append(Finding(kind="contract", weight=5, axis="contract", evidence=why))
        d.facts = {"trace": f"not a PDDL problem: {why}", "stated": stated}
        return d
    facts = problem_facts(parts.problem)
    counts = category_counts(facts, list(stated))
    d.facts = {"goal_atoms": len(facts.goal), "objects": counts, "stated": stated}
    verdict = v.check(parts.problem, CheckOptions(timeout_s=timeout_s), domain=domain)
    d.facts["trace"] = f"planner: {verdict.status}" + (f" ({verdict.errors[0].message})" if verdict.errors else "")
    if verdict.status in ("syntax_error", "type_error", "error"):
        d.exec_rank = NOT_EXECUTED
        e = verdict.errors[0] if verdict.errors else None
        d.findings.append(
            Finding(
                kind=verdict.status,
                location=f"line {e.line}" if e and e.line else "",
                weight=5,
                axis="contract",
                evidence=e.message if e else verdict.status,
            )
        )
        return d
    m = re.search(r"\(\s*domain\s+([^\s)]+)", domain, re.I)
    dom_name = m.group(1).lower() if m else None
    if dom_name and facts.domain and facts.domain != dom_name:
        d.findings.append(
            Finding(
                kind="domain_name",
                weight=1,
                axis="contract",
                evidence=f"(:domain {facts.domain}) but the domain is {dom_name}",
            )
        )
    if not facts.goal:
        d.findings.append(Finding(kind="empty_goal", weight=3, axis="contract", evidence="the goal has no atoms"))
    if not facts.goal_form_ok:
        d.findings.append(
            Finding(kind="goal_form", weight=1, axis="contract", evidence="the goal is not a conjunction of literals")
        )
    init = set(facts.init)
    if facts.goal and all((a in init) == p for p, a in facts.goal):
        d.findings.append(
            Finding(
                kind="trivial_goal", weight=2, axis="alignment", evidence="the init state already satisfies the goal"
            )
        )
    plan = verdict.commands[0] if verdict.commands else None
    if plan is not None and plan.outcome == "unsat":
        probes = goal_probes(facts, domain, v, min(timeout_s, 5.0))
        d.findings += probes or [
            Finding(
                kind="jointly_unsolvable",
                weight=3,
                axis="solver",
                evidence="each goal atom is reachable alone, but the planner proves the goal unsolvable",
            )
        ]
    elif plan is None or plan.outcome in ("timeout", "unknown"):
        d.exec_rank = GAVE_UP
        d.findings.append(
            Finding(kind="planner_gave_up", blocking=False, axis="solver", evidence="no evidence: timeout")
        )
    for cat, want in stated.items():
        if counts.get(cat, 0) != want:
            d.findings.append(
                Finding(
                    kind="object_count",
                    location=cat,
                    weight=1,
                    axis="alignment",
                    evidence=f"the text states {want} {cat}(s); the problem declares {counts.get(cat, 0)}",
                )
            )
    names = set(facts.objects)
    absent = sorted({t.lower() for t in _IDENT.findall(problem)} - names)
    if absent:
        d.findings.append(
            Finding(
                kind="identifier_cue",
                blocking=False,
                axis="lexical",
                evidence=f"identifiers in the text not declared as objects: {', '.join(absent[:8])}",
            )
        )
    d.answer = plan.outcome if plan else None
    return d
