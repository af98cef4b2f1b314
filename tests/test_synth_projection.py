"""Synthesis over the projection of a ternary field (agents/mutation/synth.py, Grammar.projections): the
state-to-state steps ``{s: State, s1: State | some s.trans.s1}`` of ``trans: State -> Event -> State``
that no join or transpose gives, evaluated in Python like the analyzer evaluates it, and a hidden-oracle
task (written here, lts-style) whose fix needs its closure."""

from __future__ import annotations

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.agents.mutation.operators import Context
from fmrepair.agents.mutation.synth import Grammar
from fmrepair.agents.runner import repair_task
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy.gate import gate_task
from fmrepair.verifiers.alloy.instance import InstanceEvaluator, parse_witness
from fmrepair.verifiers.alloy.text import split_paragraphs

SPEC = """sig State { trans: Event -> State }
sig Init in State {}
sig Event {}
pred reach {
  all e: Event | State in e.^(Init.trans)
}
"""
ORACLE = """
pred reach_OK { State in Init.^{a, b: State | some e: Event | a->e->b in trans} }
assert reach_Repaired { reach[] iff reach_OK[] }
check reach_Repaired for 3 expect 0
"""


def test_the_projection_is_a_leaf_evaluated_like_the_analyzer(client, verifier):
    model = client.parse(SPEC)
    ctx = Context(SPEC, model)
    cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
    (proj,) = Grammar(model, ctx.top, cols, set()).projections({"s": "State"})
    assert proj.node.text == "{s1: State, s2: State | some s1.trans.s2}"  # fresh names: `s` is in scope
    assert proj.cols == ("State", "State")
    witness = (
        "State = {State$0, State$1, State$2}\nInit = {State$0}\nEvent = {Event$0, Event$1}\n"
        "trans = {State$0->Event$0->State$1, State$0->Event$1->State$1, State$1->Event$0->State$2}"
    )
    inst = parse_witness(witness, model)
    assert inst is not None
    # the node the search evaluates (not a re-parse of its text) ...
    got = InstanceEvaluator(model, inst).rel(proj.node, {})
    assert got == {("State$0", "State$1"), ("State$1", "State$2")}
    # ... and its text, run by the analyzer on the same instance: the same two pairs
    check = SPEC + (
        "run { some disj s0, s1, s2: State, e0, e1: Event | State = s0 + s1 + s2 and Init = s0 and Event = e0 + e1"
        " and trans = s0->e0->s1 + s0->e1->s1 + s1->e0->s2 and "
        + proj.node.text
        + " = s0->s1 + s1->s2 } for 3 expect 1\n"
    )
    assert verifier.check(check).status == "ok"


def test_a_field_name_two_sigs_share_is_parenthesized(client):
    text = "sig A { f: B -> A }\nsig B { f: A -> B }\npred p { some A }\n"
    model = client.parse(text)
    ctx = Context(text, model)
    cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
    projs = Grammar(model, ctx.top, cols, set()).projections({})
    assert [p.node.text for p in projs] == ["{a: A, a1: A | some a.(A<:f).a1}", "{b: B, b1: B | some b.(B<:f).b1}"]
    for p in projs:  # `a.A<:f.a1` would not compile: `.` binds tighter than `<:`
        client.parse(text.replace("some A", f"some {p.node.text}"))


def test_synthesis_repairs_a_reachability_predicate_through_the_projection(verifier):
    paras = split_paragraphs(SPEC)
    task = Task(
        id="reach",
        suite="test",
        visible=SPEC,
        frozen=[FrozenRegion(name=p.key, kind=p.kind, text=p.text) for p in paras if p.name != "reach"],
        hidden_oracle=ORACLE,
        meta={"editable": ["pred reach"], "hidden_reference_names": ["reach_OK", "reach_Repaired"]},
    )
    cfg = RepairConfig(strategy="mutate", budget=Budget(candidates=100, wall_seconds=600), check_timeout_s=10)
    seen: list[str] = []

    def gate(t: Task, candidate: str) -> dict:
        return gate_task(t, candidate, verifier).model_dump()

    out = repair_task(task, ScriptedModel([]), verifier, cfg, gate=gate, on_attempt=lambda a: seen.append(a.raw or ""))
    assert out.result.faithful, out.result.stop_reason
    assert "some s.trans.s1" in out.candidate or "some s1.trans.s2" in out.candidate, out.candidate
    assert seen[-1].startswith(("synth:", "sketch:"))  # both build formulas over the projection
