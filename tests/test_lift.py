"""Edits read off a visible property (agents/mutation/lift.py) with the real Alloy Analyzer: the frozen
definition is tried first, the copied text compiles whatever the body's shape, shapes that are not
definitions (implications, predicates a fact calls, captures, recursion, ...) are left alone, and a hidden
property is never read even when a visible one is."""

from __future__ import annotations

import pytest

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.agents.mutation.lift import lifted
from fmrepair.agents.mutation.operators import Context, render
from fmrepair.agents.runner import RepairOutcome, repair_task
from fmrepair.runlog import AttemptRecord
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy import AlloyVerifier
from fmrepair.verifiers.alloy.gate import gate_task
from fmrepair.verifiers.alloy.text import split_paragraphs

HEAD = """sig Node { nxt: lone Node, val: Int }
one sig List { head: lone Node }
fact Reach { Node = List.head.*nxt }
"""
# the student's Sorted is wrong in three places (some for all, < for <=, no guard); the frozen property
# states what it must mean, with other variable names than the predicate's parameter
SORTED = (
    HEAD
    + """pred Sorted[l: List] {
  some n: l.head.*nxt | n.val < n.nxt.val
}
assert SortedDef { all x: List | Sorted[x] <=> (all n: x.head.*nxt | some n.nxt implies n.val <= n.nxt.val) }
check SortedDef for 3
"""
)
# an empty body, a body that is one call (whose span in the AST stops before its `]`), a definition that
# ends with a call, and a block whose last line ends with a comment
SHAPES = (
    HEAD
    + """pred Empty[l: List] {
}
pred Call[l: List] { Empty[l] }
pred Ends[l: List] { some l.head }
assert EmptyDef { all l: List | Empty[l] <=> no l.head }
assert CallDef { all l: List | Call[l] <=> { some l.head
  lone Node // at most one
} }
assert EndsDef { all x: List | Ends[x] <=> some Node and Empty[x] }
check EmptyDef for 3
check CallDef for 3
check EndsDef for 3
"""
)
# shapes that do not define the predicate, each on its own: another variable free in the other side, a
# repeated argument, a constant argument, a bound variable named like the parameter, an implication
# (building G into P would make `P implies G` hold by construction: a helper's cheat), recursion, a
# `let`, a parameter named like a field the definition uses (capture), predicates a fact calls, in call
# and receiver form (lifting would copy the property into the model's facts)
PREDS = """pred P[l: List] { some l.head }
pred Q[a: Node, b: Node] { a in b.nxt }
pred R[nxt: Node] { some nxt }
pred F[l: List] { some l.head }
fact UsesF { all l: List | F[l] }
pred List.ok { some this.head }
fact UsesOk { all l: List | l.ok }
"""
NOT_DEFINITIONS = {
    "free variable": "all l: List, n: Node | P[l] <=> n in l.head.*nxt",
    "repeated argument": "all a: Node | Q[a, a] <=> no a.nxt",
    "constant argument": "all n: Node | Q[n, List.head] <=> some n",
    "bound like the parameter": "all x: List | P[x] <=> some l: Node | l in x.head",
    "implication": "all x: List | P[x] implies (all n: x.head.*nxt | n !in n.^nxt)",
    "recursion": "all x: List | P[x] <=> (P[x] and some Node)",
    "let": "all x: List | P[x] <=> let h = x.head | some h",
    "capture": "all n: Node | R[n] <=> some n.nxt",
    "called by a fact": "all x: List | F[x] <=> lone x.head",
    "called by a fact, receiver form": "all x: List | x.ok <=> lone x.head",
}
# a definition inside a conjunction under a quantifier is found
NESTED = HEAD + PREDS + "assert A { all x: List | some Node and (P[x] <=> lone x.head) }\ncheck A for 3\n"
# the helper's cheat, end to end: `Wf implies acyclic` would be "repaired" by building acyclicity into Wf
IMPLIES = (
    HEAD
    + """pred Wf[l: List] { some l.head }
assert Acyclic { all l: List | Wf[l] implies (all n: l.head.*nxt | n !in n.^nxt) }
check Acyclic for 3
"""
)


def frozen_task(task_id: str, text: str) -> Task:
    frozen = [FrozenRegion(name=p.key, kind=p.kind, text=p.text) for p in split_paragraphs(text)]
    frozen = [f for f in frozen if f.kind in ("assert", "command", "fact", "sig")]
    return Task(id=task_id, suite="test", visible=text, frozen=frozen)


def config(candidates: int, lift: bool = True) -> RepairConfig:
    return RepairConfig(
        strategy="mutate", budget=Budget(candidates=candidates, wall_seconds=600), check_timeout_s=10, search_lift=lift
    )


def bodies(text: str) -> list[tuple[int, int]]:
    return [(p.body_start, p.body_end) for p in split_paragraphs(text) if p.kind == "pred" and p.body_start is not None]


def run(task: Task, verifier: AlloyVerifier, cfg: RepairConfig) -> tuple[RepairOutcome, list[AttemptRecord]]:
    seen: list = []

    def gate(t: Task, candidate: str) -> dict:  # the gate with its semantic probes, as bench runs call it
        return gate_task(t, candidate, verifier).model_dump()

    out = repair_task(task, ScriptedModel([]), verifier, cfg, gate=gate, on_attempt=seen.append)
    return out, seen


def test_a_frozen_definition_is_the_first_candidate_and_is_faithful(verifier):
    out, seen = run(frozen_task("sorted", SORTED), verifier, config(3))
    assert out.result.faithful, out.result.stop_reason
    assert (seen[1].raw or "").startswith("lift: body of `Sorted`"), [a.raw for a in seen]
    assert "some n.nxt implies n.val <= n.nxt.val" in out.candidate and "l.head.*nxt" in out.candidate
    # the same budget without it: three coordinated edits are not among the first candidates
    off, seen_off = run(frozen_task("sorted", SORTED), verifier, config(3, lift=False))
    assert not off.result.faithful and not any((a.raw or "").startswith("lift:") for a in seen_off)


def test_empty_and_call_bodies_are_replaced_between_the_braces(client):
    model = client.parse(SHAPES)
    ctx = Context(SHAPES, model)
    ms = lifted(model, ctx, bodies(SHAPES))
    assert [m.desc.split("`")[1] for m in ms] == ["Empty", "Call", "Ends"]
    texts = [SHAPES[: m.target.s] + render(m.new, ctx) + SHAPES[m.target.e :] for m in ms]
    for text in texts:  # the whole text between the braces is replaced: every lifted candidate parses
        client.parse(text)
    assert "pred Empty[l: List] {(no l.head)}" in texts[0]
    assert "pred Call[l: List] {({ some l.head\n  lone Node\n})}" in texts[1]  # the comment is not copied
    assert "pred Ends[l: List] {({ some Node and Empty[l]\n})}" in texts[2]  # up to the call's `]`


@pytest.mark.parametrize("shape", sorted(NOT_DEFINITIONS))
def test_shapes_that_do_not_define_the_predicate_are_not_lifted(client, shape: str):
    text = HEAD + PREDS + f"assert A {{ {NOT_DEFINITIONS[shape]} }}\ncheck A for 3\n"
    model = client.parse(text)
    assert lifted(model, Context(text, model), bodies(text)) == []
    nested = client.parse(NESTED)  # the same predicates, one real definition: lifted
    assert [m.desc.split("`")[1] for m in lifted(nested, Context(NESTED, nested), bodies(NESTED))] == ["P"]


def test_a_hidden_property_is_never_read(client, verifier):
    """The visible text defines Sorted one way (a decoy), the hidden oracle another: only the visible
    definition is ever lifted."""
    spec = SORTED.split("assert")[0] + "assert Decoy { all x: List | Sorted[x] <=> lone x.head }\n"
    oracle = SORTED.split("pred Sorted")[1].split("\n", 3)[3].replace("SortedDef", "Sorted_Repaired")
    both = client.parse(spec + oracle)
    texts = {m.new.text for m in lifted(both, Context(spec + oracle, both), bodies(spec + oracle))}
    assert any("n.val <= n.nxt.val" in t for t in texts)  # the hidden shape would be lifted if it were seen
    task = Task(
        id="sorted-hidden", suite="test", visible=spec, hidden_oracle=oracle,
        frozen=[FrozenRegion(name=p.key, kind=p.kind, text=p.text) for p in split_paragraphs(spec) if p.kind != "pred"],
        meta={"editable": ["pred Sorted"], "hidden_reference_names": ["Sorted_Repaired"]},
    )  # fmt: skip
    _, seen = run(task, verifier, config(5))
    lifts = [a for a in seen if (a.raw or "").startswith("lift:")]
    assert len(lifts) == 1 and "lone l.head" in (lifts[0].candidate or "")  # the visible decoy only
    assert not any("n.val <= n.nxt.val" in (a.candidate or "") for a in seen)


def test_an_implication_is_not_built_into_the_predicate(verifier):
    _, seen = run(frozen_task("implies", IMPLIES), verifier, config(5))
    assert len(seen) > 1 and not any((a.raw or "").startswith("lift:") for a in seen)
