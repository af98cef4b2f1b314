"""Synthesis over the projection of a ternary field (agents/mutation/synth.py, Grammar.projections): the
state-to-state steps ``{s: State, s1: State | some s.trans.s1}`` of ``trans: State -> Event -> State``
that no join or transpose gives, evaluated in Python like the analyzer evaluates it, and a hidden-oracle
task (written here, lts-style) whose fix needs its closure."""

from __future__ import annotations

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.agents.mutation.instance import holds, parse_witness
from fmrepair.agents.mutation.operators import Context
from fmrepair.agents.mutation.synth import Grammar
from fmrepair.agents.runner import repair_task
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy.gate import gate_task
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


def test_the_projection_is_a_leaf_evaluated_like_the_analyzer(client):
    model = client.parse(SPEC)
    ctx = Context(SPEC, model)
    cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
    (proj,) = Grammar(model, ctx.top, cols, set()).projections({"s": "State"})
    assert proj.node.text == "{s1: State, s2: State | some s1.trans.s2}"  # fresh names: `s` is in scope
    assert proj.cols == ("State", "State")
    inst = parse_witness(
        "State = {State$0, State$1, State$2}\nInit = {State$0}\nEvent = {Event$0}\n"
        "trans = {State$0->Event$0->State$1, State$1->Event$0->State$2}",
        model,
    )
    assert inst is not None
    text = SPEC + "pred p {" + f"State - Init in Init.^{proj.node.text}" + "}\n"
    formula = client.parse(text).funcs["p"].body
    assert holds(model, inst, formula) is True  # State$1, State$2 reached in one and two steps
    inst2 = parse_witness(
        "State = {State$0, State$1, State$2}\nInit = {State$0}\nEvent = {Event$0}\n"
        "trans = {State$0->Event$0->State$1, State$2->Event$0->State$1}",
        model,
    )
    assert holds(model, inst2, formula) is False  # State$2 has no way in


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
    assert seen[-1].startswith("synth:")
