"""Re-synthesis from the submission's skeleton (agents/mutation/sketch.py): which formulas are sites, the
labels an observation gives, guards learned by cover, and two far submissions (written here) that the search
repairs: one through a learned guard, one through a learned conjunction of closed formulas."""

from __future__ import annotations

import pytest
from alloy_tasks import config, gate, hidden_task

from fmrepair.agents.mutation.operators import Context
from fmrepair.agents.mutation.sketch import FALSE, TRUE, Problem, Site, Sketcher, build, label, sites
from fmrepair.agents.mutation.synth import Ex
from fmrepair.agents.runner import repair_task
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.verifiers.alloy.instance import parse_witness
from fmrepair.verifiers.alloy.syntax import Node

SPEC = """sig Member { loans: set Book }
sig Book { copyOf: one Title }
sig Title {}
pred noDuplicate {
  all b, c: Book | b in Member.loans and c in Member.loans implies b.copyOf != c.copyOf
}
"""
# the author meant: no member holds two different copies of one title
ORACLE = """
pred noDuplicate_OK { all m: Member, b, c: Book | b != c and b + c in m.loans implies b.copyOf != c.copyOf }
assert noDuplicate_Repaired { noDuplicate[] iff noDuplicate_OK[] }
check noDuplicate_Repaired for 3 expect 0
"""


def test_sites_are_quantified_formulas_at_closed_positions(client):
    text = (
        "sig A { r: set A }\n"
        "pred p {\n  all x: A | all y: A | x in y.r implies y in x.r\n  some A\n  no x: A | x in x.r\n"
        "  all x: A | some y: A | y in x.r\n  all x: A | all y: x.r | x in y.r\n}\n"
    )
    model = client.parse(text)
    ctx = Context(text, model)
    got = sites(model.funcs["p"].body, lambda ty: ctx.cols(ty)[0], ctx.text)
    # a chain of `all` is one site with both variables
    assert [(s.op, s.names) for s in got] == [
        ("ALL", ["x", "y"]),
        ("NO", ["x"]),
        ("ALL", ["x"]),
        ("ALL", ["x", "y"]),
        ("AND", []),  # last, the whole body as a conjunction of closed formulas: its conjuncts are the guard
    ]
    assert len(got[4].guard) == 5 and got[4].node is model.funcs["p"].body
    first = got[0]
    assert [text[g.s : g.e] for g in first.guard] == ["x in y.r"]
    assert text[first.core.s : first.core.e] == "y in x.r"
    assert got[1].guard == [] and got[2].guard == []  # no implication: the guard is new
    # a bound that needs a variable (`y: x.r`) ranges over its top-level sig, its membership a guard conjunct
    assert [g.text for g in got[3].guard] == ["y in (x.r)"] and got[3].decls[1][2].text == "A"


def test_a_guard_is_a_cover_of_the_negatives_that_keeps_a_witness_in_each_group():
    a, b, c, core = (Node("ExprVar", -1, -1, name=n, text=n) for n in ("a", "b", "c", "core"))
    site = Site(Node("ExprQt", -1, -1, op="ALL"), "ALL", [], [], core)
    sk = Sketcher.__new__(Sketcher)
    sk.site, sk.spent, sk.limit = site, 0, None
    p = Problem(site=site, extra=None)
    # one instance needs the formula true (bindings 0-2 falsify the core: guard them out), one needs it
    # false (binding 3 falsifies the core: keep it)
    p.insts = [(0b0111, True), (0b1000, False)]
    p.values = {"core": 0b0000, "a": 0b1010, "b": 0b1001, "c": 0b0000}  # c rejects every negative and the witness
    ex = [Ex(n, (), 2, frozenset("x"), frozenset()) for n in (a, b, c)]
    got = sk.guards(p, ex)
    assert got and all(k is core and g in ([a, b], [b, a]) for k, g in got)  # a and b together; never c
    p.insts.append((0b10000, False))  # an instance that needs it false where the core holds everywhere ...
    p.values = {"core": 0b10000, "a": 0b11010, "b": 0b11001, "c": 0b10000}
    assert sk.guards(p, ex) == []  # ... no guard helps, and no other core shares the core's names


def test_the_label_is_the_value_the_observation_needs():
    n = Node("ExprVar", -1, -1, name="n")
    assert label(lambda over: over[n.id] is FALSE, n) is True  # violated exactly when the site is false
    assert label(lambda over: over[n.id] is TRUE, n) is False
    assert label(lambda over: False, n) is None  # met either way: the rest of the body decides
    assert label(lambda over: None, n) is None


def test_a_built_formula_parses_as_its_text(client):
    model = client.parse(SPEC)
    ctx = Context(SPEC, model)
    site, _ = sites(model.funcs["noDuplicate"].body, lambda ty: ctx.cols(ty)[0], ctx.text)
    guard = [Node("ExprBinary", -1, -1, op="NOT_IN", text="b !in c")]
    node = build(site, guard, ("m", "Member", "Member"), lambda n: n.text or SPEC[n.s : n.e])
    assert node.text == "all b, c: Book, m: Member | (b !in c) implies (b.copyOf != c.copyOf)"
    client.parse(SPEC.replace(SPEC[site.node.s : site.node.e], node.text))


def _search(verifier, spec: str, oracle: str, pred: str) -> tuple[str, list[str]]:
    """The search on an Alloy4Fun-style task: the accepted candidate (a faithful repair is asserted) and the
    description of every checked candidate."""
    seen: list[str] = []
    cfg = config("mutate")
    out = repair_task(hidden_task(pred, spec, oracle, pred), ScriptedModel([]), verifier, cfg, gate=gate,
                      on_attempt=lambda a: seen.append(a.raw or ""))  # fmt: skip
    assert out.result.faithful, out.result.stop_reason
    return out.candidate or "", seen


def test_a_far_submission_is_repaired_through_a_learned_guard(verifier):
    _, seen = _search(verifier, SPEC, ORACLE, "noDuplicate")
    assert seen[-1].startswith("sketch:"), seen[-1]
    assert "Member.loans" not in seen[-1].split("->")[-1]  # the guard is new: one member's loans


ROLES = """sig Person { mentors: set Person }
sig Senior, Junior in Person {}
pred roles {
  all p: Person, q: Person | p -> q in mentors implies q in Junior
}
"""
# the author meant: only seniors mentor, and only juniors are mentored (two closed conjuncts, size 9)
ROLES_ORACLE = """
pred roles_OK { mentors.Person in Senior and Person.mentors in Junior }
assert roles_Repaired { roles[] iff roles_OK[] }
check roles_Repaired for 3 expect 0
"""


def _sketched_body(verifier, spec: str, oracle: str, pred: str) -> str:
    """The repaired body of ``pred``, asserted to come from the sketch."""
    candidate, seen = _search(verifier, spec, oracle, pred)
    assert seen[-1].startswith("sketch:"), seen[-1]
    return candidate.split(f"pred {pred}")[1].split("}")[0]


@pytest.mark.long  # 30 s (the default suite's time)
def test_a_body_is_relearned_as_a_conjunction_of_closed_formulas(verifier):
    body = _sketched_body(verifier, ROLES, ROLES_ORACLE, "roles")
    # the learned conjunction keeps the original formula (no observation contradicts it) and adds the other
    assert "(mentors.Person) in Senior" in body and "q in Junior" in body, body


def test_a_formula_under_always_is_a_site_in_a_temporal_model_only(client):
    text = (
        "sig A { var r: set A }\nvar sig B in A {}\n"
        "pred p {\n  always all x: A | x in B implies x in x.r\n  always no B\n  always some x: A | x in B\n"
        "  all x: A | x in B\n}\n"
    )
    model = client.parse(text)
    ctx = Context(text, model)
    top = lambda ty: ctx.cols(ty)[0]  # noqa: E731
    got = sites(model.funcs["p"].body, top, ctx.text, temporal=True)
    # `always some` is no site (at some position every binding guarded out: no cover says that)
    assert [(s.op, s.names, s.always) for s in got] == [
        ("ALL", ["x"], True),
        ("ALL", [], True),  # no quantifier: the positions are its only bindings
        ("ALL", ["x"], False),
        ("AND", [], False),
    ]
    assert got[0].node.op == "ALWAYS" and [text[g.s : g.e] for g in got[0].guard] == ["x in B"]
    assert text[got[1].core.s : got[1].core.e] == "no B"
    assert [s.always for s in sites(model.funcs["p"].body, top, ctx.text)] == [False, False]  # static reading
    node = build(got[1], [Node("ExprVar", -1, -1, text="x in B")], ("x", "A", "A"), lambda n: n.text or text[n.s : n.e])
    assert node.text == "always (all x: A | (x in B) implies (no B))"
    client.parse(text.replace(text[got[1].node.s : got[1].node.e], node.text))


def test_the_positions_of_a_trace_are_bindings_of_an_always_site(verifier, client):
    """Every position of the lasso (and one more unrolling) is a binding, its bound read there."""
    text = "sig A {}\nvar sig B in A {}\npred p { always all x: B | x in B }\nrun { some B and after no B } for 3\n"
    model = client.parse(text)
    ctx = Context(text, model)
    site = sites(model.funcs["p"].body, lambda ty: ctx.cols(ty)[0], ctx.text, temporal=True)[0]
    cmd = verifier.check(text).commands[0]
    inst = parse_witness(cmd.witness, model)  # a trace: B not empty at first, then empty
    assert inst is not None and len(inst.states) >= 2
    p = Sketcher(model, site, {}).problem([(0, inst, True)], None)
    n = len(inst.states) + (len(inst.states) - inst.loop)  # one unrolling of the loop: atoms may wrap in `once`
    b = [frozenset(inst.states[inst.state(q)].sigs["B"]) for q in range(n)]
    # one binding per position and atom of B there: x ranges over B as it is at each position
    assert sorted((pos, next(iter(env["x"]))) for _, pos, env in p.bindings) == sorted(
        (q, t) for q, atoms in enumerate(b) for t in atoms
    )
    assert b[0] and not b[1]


TICKETS = """sig Agent {}
sig Ticket { var assignee: lone Agent }
var sig Paid in Ticket {}
pred served {
  always all t: Ticket | t in Paid
}
"""
# the author meant: a ticket that has an assignee has been paid, now or before
TICKETS_ORACLE = """
pred served_OK { always all t: Ticket | some t.assignee implies once t in Paid }
assert served_Repaired { served[] iff served_OK[] }
check served_Repaired for 3 expect 0
"""


def test_a_far_temporal_submission_is_repaired_under_its_always(verifier):
    body = _sketched_body(verifier, TICKETS, TICKETS_ORACLE, "served")
    assert body.strip("{} \n(").startswith("always") and "assignee" in body, body  # the always kept, a guard learned


def test_the_task_budget_bounds_the_atom_bindings_a_static_site_evaluates():
    """Sketcher.limit (what is left of Budget.sketch_evals) keeps the smallest atoms that fit; below it the
    atoms are all kept, so a task within the budget learns what it learned without one."""

    core = Node("ExprVar", -1, -1, name="core", text="core")
    site = Site(Node("ExprQt", -1, -1, op="ALL"), "ALL", [], [], core)
    atoms = [Ex(Node("ExprVar", -1, -1, text=f"a{i}"), (), size, frozenset({"x"}), frozenset())
             for i, size in enumerate([5, 2, 4, 3])]

    def kept(limit):
        sk = Sketcher.__new__(Sketcher)
        sk.site, sk.spent, sk.limit = site, 0, limit
        p = Problem(site=site, extra=None)
        p.bindings = [(0, 0, {}), (0, 0, {})]  # two bindings: an atom costs 2
        p.values = {f"a{i}": 1 << i for i in range(4)}  # distinct values: every atom is its own class
        return sorted(size for _, _, size in sk.classes(p, atoms)), sk.spent

    assert kept(None) == ([2, 3, 4, 5], 8)
    assert kept(8) == ([2, 3, 4, 5], 8)
    assert kept(5) == ([2, 3], 4)  # the two smallest fit in 5
    assert kept(1) == ([], 0)
