"""PDDL problem equivalence: initial state and goal as one labelled graph, isomorphism with networkx.

Two problems are equivalent when one bijection of objects maps the init atoms of one exactly onto the
init atoms of the other and the goal atoms likewise (Planetarium's definition for fully specified
problems). Object names do not matter; predicates, argument positions, types, negated goal literals do.
Not covered: Planetarium's goal *closure* (two goals that are different atom sets yet admit the same
goal states under the domain's invariants) -- we report those as not equivalent.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fmrepair.verifiers.sexpr import SExpr, read_all


@dataclass
class ProblemFacts:
    name: str = ""
    domain: str = ""
    objects: dict[str, str] = field(default_factory=dict)  # object -> type ("object" when untyped)
    init: list[tuple[str, ...]] = field(default_factory=list)  # (pred, arg, ...)
    goal: list[tuple[bool, tuple[str, ...]]] = field(default_factory=list)  # (positive, atom)
    goal_form_ok: bool = True  # goal is an atom, a literal, or a conjunction of them


def _typed_list(items: list[SExpr]) -> dict[str, str]:
    out: dict[str, str] = {}
    pending: list[str] = []
    i = 0
    while i < len(items):
        tok = str(items[i]).lower()
        if tok == "-" and i + 1 < len(items):
            for name in pending:
                out[name] = str(items[i + 1]).lower()
            pending, i = [], i + 2
            continue
        pending.append(tok)
        i += 1
    for name in pending:
        out[name] = "object"
    return out


def _atom(e: SExpr) -> tuple[str, ...] | None:
    if isinstance(e, list) and e and all(isinstance(x, str) for x in e):
        return tuple(str(x).lower() for x in e)
    return None


def _goal_literals(e: SExpr, facts: ProblemFacts) -> None:
    if isinstance(e, list) and e and str(e[0]).lower() == "and":
        for sub in e[1:]:
            _goal_literals(sub, facts)
        return
    if isinstance(e, list) and len(e) == 2 and str(e[0]).lower() == "not" and (a := _atom(e[1])) is not None:
        facts.goal.append((False, a))
        return
    a = _atom(e)
    if a is None:
        facts.goal_form_ok = False  # or / imply / forall / exists: outside the simple goal form
        return
    facts.goal.append((True, a))


def problem_facts(problem: str) -> ProblemFacts:
    """Objects, init and goal of a ``(define (problem ...))`` text (raises SExprError if unbalanced)."""
    facts = ProblemFacts()
    for t in read_all(problem, comment=";"):
        e = t.expr
        if not (isinstance(e, list) and e and str(e[0]).lower() == "define"):
            continue
        for sub in e[1:]:
            if not (isinstance(sub, list) and sub):
                continue
            head = str(sub[0]).lower()
            if head == "problem" and len(sub) > 1:
                facts.name = str(sub[1])
            elif head == ":domain" and len(sub) > 1:
                facts.domain = str(sub[1]).lower()
            elif head == ":objects":
                facts.objects.update(_typed_list(sub[1:]))
            elif head == ":init":
                facts.init += [a for x in sub[1:] if (a := _atom(x)) is not None]
            elif head == ":goal" and len(sub) > 1:
                _goal_literals(sub[1], facts)
    return facts


def problem_graph(facts: ProblemFacts) -> object:
    import networkx as nx

    g = nx.DiGraph()
    for obj, typ in facts.objects.items():
        g.add_node(("o", obj), label=("object", typ))
    atoms = [("init", True, a) for a in facts.init] + [("goal", pos, a) for pos, a in facts.goal]
    for i, (section, positive, atom) in enumerate(atoms):
        node = ("a", i)
        g.add_node(node, label=(section, positive, atom[0], len(atom) - 1))
        for pos, arg in enumerate(atom[1:]):
            if ("o", arg) not in g:
                g.add_node(("o", arg), label=("object", "undeclared"))
            g.add_edge(node, ("o", arg), pos=pos)
    return g


@dataclass
class Equivalence:
    equivalent: bool
    reason: str


def equivalent(a: str, b: str) -> Equivalence:
    """Are two problem texts the same problem up to renaming objects?"""
    import networkx as nx
    from networkx.algorithms.isomorphism import categorical_edge_match, categorical_node_match

    fa, fb = problem_facts(a), problem_facts(b)
    if fa.domain and fb.domain and fa.domain != fb.domain:
        return Equivalence(False, f"different domains {fa.domain} / {fb.domain}")
    sig = [(len(f.objects), len(set(f.init)), len(set(f.goal))) for f in (fa, fb)]
    if sig[0] != sig[1]:
        return Equivalence(False, f"different sizes (objects, init, goal): {sig[0]} vs {sig[1]}")
    fa.init, fb.init = sorted(set(fa.init)), sorted(set(fb.init))
    fa.goal, fb.goal = sorted(set(fa.goal)), sorted(set(fb.goal))
    ga, gb = problem_graph(fa), problem_graph(fb)
    same = nx.is_isomorphic(
        ga, gb, node_match=categorical_node_match("label", None), edge_match=categorical_edge_match("pos", None)
    )
    return Equivalence(same, "isomorphic" if same else "no object bijection maps init and goal onto each other")
