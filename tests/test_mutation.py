"""Mutation search (issue 7) with the real Alloy Analyzer: operators, localization, search, budgets,
frozen parts, and the hybrid strategy with a scripted model."""

from __future__ import annotations

import pytest
from alloy_tasks import config, frozen_of, gate, hidden_task

from fmrepair.agents.mutation.operators import Context, mutations, scopes
from fmrepair.agents.mutation.strategy import HybridStrategy, MutateStrategy
from fmrepair.agents.runner import repair_task
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.task import Task
from fmrepair.verifiers.alloy.instance import holds, parse_witness
from fmrepair.verifiers.alloy.syntax import AstClient
from fmrepair.verifiers.alloy.text import canonical

# hidden-oracle task (Alloy4Fun style): `in` should be `!in`; the oracle says which, never the model
LTS = """sig State { trans: Event -> State, next: set State }
sig Init in State {}
sig Event {}
pred inv1 {
  all s: State | some s.trans
}
pred acyclic {
  all s: State | s in s.^next
}
"""
LTS_ORACLE = """
pred acyclic_OK { all s: State | s !in s.^next }
assert acyclic_Repaired { acyclic[] iff acyclic_OK[] }
check acyclic_Repaired for 3 expect 0
"""
# frozen-visible task (ARepair style): a `some` that should be `no`, and a `some` that should be `lone`
FAMILY = """sig Person { parent: set Person, spouse: lone Person }
fact NoCycle { some p: Person | p in p.^parent }
fact Parents { all p: Person | some p.parent }
assert Acyclic { no p: Person | p in p.^parent }
assert AtMostOneParent { all p: Person | lone p.parent }
check Acyclic for 3
check AtMostOneParent for 3
run { some Person } for 3 expect 1
"""


def lts_task() -> Task:
    return hidden_task("lts-demo", LTS, LTS_ORACLE, "acyclic")


def family_task() -> Task:
    return Task(id="family-demo", suite="test", visible=FAMILY, frozen=frozen_of(FAMILY))


def test_operators_give_parseable_distinct_mutants(client):
    model = client.parse(FAMILY)
    ctx = Context(FAMILY, model)
    body = next(b for name, b in model.facts if name == "NoCycle")
    muts = [m for n, env in scopes(body, {}) for m in mutations(n, ctx, env)]
    kinds = {m.operator for m in muts}
    assert {"quantifier", "comparison", "closure", "negation", "field", "join-insert"} <= kinds
    texts = []
    for m in muts:
        text = FAMILY[: m.target.s] + ctx.text(m.new) + FAMILY[m.target.e :]
        assert text != FAMILY
        texts.append(text)
    parsed = sum(1 for t in texts[:40] if _parses(client, t))
    assert parsed >= 0.8 * min(40, len(texts))  # operators build syntactically valid, well-typed text
    assert any("no p: Person | p in p.^parent" in t for t in texts)


def _parses(client: AstClient, text: str) -> bool:
    from fmrepair.verifiers.alloy.syntax import ParseError

    try:
        client.parse(text)
    except ParseError:
        return False
    return True


def test_evaluator_agrees_with_witness(client):
    model = client.parse(LTS)
    inst = parse_witness(
        "State = {State$0, State$1}\nInit = {State$0}\nEvent = {Event$0}\nnext = {State$0->State$1, State$1->State$0}",
        model,
    )
    assert inst is not None
    assert holds(model, inst, model.funcs["acyclic"].body) is True  # every state on the 2-cycle
    assert holds(model, inst, model.funcs["inv1"].body) is False  # trans is empty here


def test_mutate_repairs_hidden_oracle_task(client, verifier):
    out = repair_task(lts_task(), ScriptedModel([]), verifier, config("mutate"), gate=gate)
    assert out.result.faithful, out.result.stop_reason
    assert "!in" in out.candidate or "no s" in out.candidate or "not" in out.candidate
    assert out.result.prompt_tokens == 0


def test_mutate_repairs_double_fault_and_keeps_frozen(client, verifier):
    task = family_task()
    out = repair_task(task, ScriptedModel([]), verifier, config("mutate", candidates=600), gate=gate)
    assert out.result.faithful, out.result.stop_reason
    cand = out.candidate
    for region in task.frozen:  # frozen assertions and commands come back unchanged
        assert canonical(region.text) in canonical(cand)


def test_search_never_edits_frozen_parts(verifier):
    seen: list[tuple[str, bool]] = []
    task = family_task()
    cfg = config("mutate", candidates=60)
    repair_task(task, ScriptedModel([]), verifier, cfg, gate=gate, on_attempt=lambda a: seen.append(a.candidate or ""))
    assert seen
    for cand in seen:
        for region in task.frozen:
            assert canonical(region.text) in canonical(cand)


def test_budgets_stop_the_search(verifier):
    out = repair_task(family_task(), ScriptedModel([]), verifier, config("mutate", candidates=5), gate=gate)
    assert not out.result.faithful
    assert out.result.attempts - out.result.extra["ill_formed"] <= 5
    assert "candidate budget" in out.result.stop_reason


# a ternary relation: joins inserted or removed around `Event.trans` change arities, so the search meets
# candidates the analyzer's compiler rejects (type errors)
TERNARY = """sig Node { link: Label -> Node }
sig Start in Node {}
sig Label {}
pred reach {
  all x : Start, l : Label | Node in *(x.link).l
}
"""
TERNARY_ORACLE = """
pred reach_OK { Node in Start.*{ a, b : Node | some l : Label | a->l->b in link } }
assert reach_Repaired { reach[] iff reach_OK[] }
check reach_Repaired for 3 expect 0
"""


def test_ill_formed_candidates_do_not_spend_the_candidate_budget(verifier):
    """A candidate the compiler rejects (nothing solved) is counted apart: the candidate budget counts
    only candidates the analyzer checked, and each result says how many were ill-formed."""
    task = hidden_task("ternary-demo", TERNARY, TERNARY_ORACLE, "reach")
    seen = []
    cfg = config("mutate", candidates=10).model_copy(update={"search_synth": False})
    out = repair_task(task, ScriptedModel([]), verifier, cfg, gate=gate, on_attempt=seen.append)
    statuses = [(a.verdict or {}).get("status") for a in seen if a.role == "search"]
    ill = sum(s in ("syntax_error", "type_error") for s in statuses)
    assert ill > 0, statuses  # the premise: joins around a ternary relation give ill-typed candidates
    assert out.result.extra["ill_formed"] == ill
    assert len(statuses) - ill <= 10
    assert len(statuses) > 10  # past 10 attempts: the ill-formed ones did not spend the budget of 10
    assert "candidate budget" not in out.result.stop_reason or len(statuses) - ill == 10


def test_hybrid_uses_model_hint_and_never_leaks(verifier):
    near = {"request": "run_alloy_analyzer", "paragraph": "pred acyclic", "body": "all s: State | s in s.*next"}
    model = ScriptedModel([near], cycle=True)
    out = repair_task(lts_task(), model, verifier, config("hybrid", iterations=2), gate=gate)
    assert out.result.faithful, out.result.stop_reason
    for call in model.calls:
        for m in call.get("messages", []):
            text = m["content"] if isinstance(m, dict) else str(m)
            assert "acyclic_OK" not in text and "!in s.^next" not in text


def test_strategies_are_registered():
    from fmrepair.agents.strategies import get_strategy

    assert isinstance(get_strategy("mutate"), MutateStrategy)
    assert isinstance(get_strategy("hybrid"), HybridStrategy)


# -- soundness of pruning: the Python evaluator must never call a repair wrong ---------------------
SEMANTICS = """sig A { r: set A }
sig B {}
pred arrow { r in A -> lone A }
pred univ_sub { univ in A }
pred univ_sup { A in univ }
pred iden_loop { no iden & r }
pred big { #A = 8 }
pred mixed { some A implies some r and no r }
fact { some A }
"""


def test_evaluator_multiplicity_arrows_univ_and_integers(client):
    from fmrepair.verifiers.alloy.instance import Unknown

    model = client.parse(SEMANTICS)
    inst = parse_witness("A = {A$0, A$1}\nB = {}\nr = {A$0->A$0, A$0->A$1}", model)
    assert inst is not None

    def value(name: str) -> bool:
        return holds(model, inst, model.funcs[name].body)

    assert value("arrow") is False  # A$0 has two r-successors: `-> lone` is a constraint, not a product
    assert value("univ_sub") is False  # univ also holds the integer atoms
    assert value("univ_sup") is True
    assert value("iden_loop") is False
    with pytest.raises(Unknown):
        value("big")  # 8 is outside the default bitwidth: never guessed


def test_render_keeps_the_parse_of_the_override_tree(client):
    """`some A implies some r and no r` with `some r and no r` -> `or`: the text must parse as the tree."""
    from fmrepair.agents.mutation.operators import render

    model = client.parse(SEMANTICS)
    ctx = Context(SEMANTICS, model)
    body = model.funcs["mixed"].body
    conj = next(n for n in body.walk() if n.k in ("ExprBinary", "ExprList") and n.op == "AND")
    mut = next(m for m in mutations(conj, ctx, {}) if m.operator == "logical" and m.new.op == "OR")
    text = SEMANTICS[: conj.s] + render(mut.new, ctx) + SEMANTICS[conj.e :]
    reparsed = client.parse(text)
    inst = parse_witness("A = {A$0}\nB = {}\nr = {}", model)
    assert inst is not None
    # the override tree says `some A implies (some r or no r)` = true; so must the checked text
    assert holds(model, inst, body, {conj.id: mut.new}) is True
    assert holds(reparsed, inst, reparsed.funcs["mixed"].body) is True


def test_pred_called_from_facts_gets_no_flip_observations(client):
    from fmrepair.agents.mutation.observe import called_from_facts

    model = client.parse(SEMANTICS + "fact { arrow }\n")
    assert "arrow" in called_from_facts(model)
    assert "mixed" not in called_from_facts(model)


def test_pruning_off_audit_finds_no_unsound_prediction(verifier, tmp_path):
    """With pruning off every candidate is checked; each one the pruner would have dropped must fail."""
    import json

    audit = tmp_path / "audit.jsonl"
    cfg = config("mutate", candidates=80).model_copy(update={"search_prune": False, "search_audit": str(audit)})
    repair_task(lts_task(), ScriptedModel([]), verifier, cfg, gate=gate)
    lines = [json.loads(x) for x in audit.read_text().splitlines()]
    assert any("unsound" in x for x in lines)  # predictions were audited
    assert not [x for x in lines if x.get("unsound") or "mistrust" in x]


# hidden-oracle task whose fix is a whole new formula (no single or double mutation reaches it)
REWRITE_ORACLE = """
pred inv1_OK { all s: State | some s.trans }
assert inv1_Repaired { inv1[] iff inv1_OK[] }
check inv1_Repaired for 3 expect 0
"""


def test_synthesis_rewrites_a_whole_formula(verifier):
    spec = LTS.replace("all s: State | some s.trans", "some Init")
    task = hidden_task("lts-rewrite", spec, REWRITE_ORACLE, "inv1")
    seen: list[tuple[str, bool]] = []
    out = repair_task(
        task,
        ScriptedModel([]),
        verifier,
        config("mutate", candidates=300),
        gate=gate,
        on_attempt=lambda a: seen.append((a.raw or "", bool(a.faithful))),
    )
    assert out.result.faithful, out.result.stop_reason
    # the repair is a synthesized formula (by the synthesis, or learned from the counterexamples by the sketch)
    assert [r for r, ok in seen if ok][0].startswith(("synth:", "sketch:"))
    for region in task.frozen:
        assert canonical(region.text) in canonical(out.candidate)


GRAPH = """sig Node { adj: set Node }
pred weaklyConnected {
  all n: Node | Node in n.*adj
}
"""
GRAPH_ORACLE = """
pred weaklyConnected_OK { all n: Node | Node in n.*(adj + ~adj) }
assert weaklyConnected_Repaired { weaklyConnected[] iff weaklyConnected_OK[] }
check weaklyConnected_Repaired for 4 expect 0
"""


def test_symmetric_closure_operator_is_evaluated_like_the_analyzer(client):
    model = client.parse(GRAPH)
    ctx = Context(GRAPH, model)
    body = model.funcs["weaklyConnected"].body
    sym = [m for n, env in scopes(body, {}) for m in mutations(n, ctx, env) if m.operator == "symmetric"]
    assert {m.new.text for m in sym} >= {"adj + ~adj", "*(adj + ~adj)"}
    inst = parse_witness("Node = {Node$0, Node$1}\nadj = {Node$1->Node$0}", model)
    assert inst is not None
    assert holds(model, inst, body) is False  # Node$0 reaches nothing along adj
    star = next(m for m in sym if m.target.k == "Field" and m.new.text == "adj + ~adj")
    assert holds(model, inst, body, {star.target.id: star.new}) is True  # ignoring direction it does


def test_cover_turns_some_into_every_and_is_evaluated_like_the_analyzer(client):
    src = "sig Node { adj: set Node }\npred reach {\n  all n: Node | some n.*(adj + ~adj)\n}\n"
    model = client.parse(src)
    ctx = Context(src, model)
    body = model.funcs["reach"].body
    cover = [m for n, env in scopes(body, {}) for m in mutations(n, ctx, env) if m.operator == "cover"]
    assert [m.new.text for m in cover] == ["Node in (n.*(adj + ~adj))"]  # `*r` is typed univ: each top sig
    inst = parse_witness("Node = {Node$0, Node$1}\nadj = {}", model)
    assert inst is not None
    assert holds(model, inst, body) is True  # every node reaches itself
    assert holds(model, inst, body, {cover[0].target.id: cover[0].new}) is False  # not every other node


def test_mutate_repairs_weak_connectivity(verifier):
    task = hidden_task("graph-demo", GRAPH, GRAPH_ORACLE, "weaklyConnected")
    out = repair_task(task, ScriptedModel([]), verifier, config("mutate"), gate=gate)
    assert out.result.faithful, out.result.stop_reason
    assert "~" in out.candidate  # e.g. `n.*(adj + ~adj)` or `n.^(*adj + ~*adj)`


WORKS = """sig Id {}
sig Work { ids: some Id }
pred unique {
  all w1, w2: Work | no w1.ids & w2.ids
}
"""
WORKS_ORACLE = """
pred unique_OK { all w1, w2: Work | w1 != w2 implies no w1.ids & w2.ids }
assert unique_Repaired { unique[] iff unique_OK[] }
check unique_Repaired for 3 expect 0
"""


def test_distinct_guard_for_a_quantified_pair(client, verifier):
    model = client.parse(WORKS)
    ctx = Context(WORKS, model)
    body = model.funcs["unique"].body
    guards = [m for n, env in scopes(body, {}) for m in mutations(n, ctx, env) if m.operator == "distinct"]
    assert [m.new.text.split(" implies")[0] for m in guards] == [
        "w1 != w2",
        "w1.ids = w2.ids",
        "w1 != w2 and w1.ids = w2.ids",
    ]
    disj = WORKS.replace("all w1, w2: Work", "all disj w1, w2: Work")  # already distinct: field guards only
    dmodel = client.parse(disj)
    dbody = dmodel.funcs["unique"].body
    dctx = Context(disj, dmodel)
    dguards = [m for n, env in scopes(dbody, {}) for m in mutations(n, dctx, env) if m.operator == "distinct"]
    assert [m.new.text.split(" implies")[0] for m in dguards] == ["w1.ids = w2.ids"]
    task = hidden_task("works", WORKS, WORKS_ORACLE, "unique")
    out = repair_task(task, ScriptedModel([]), verifier, config("mutate"), gate=gate)
    assert out.result.faithful, out.result.stop_reason


TRASH = """var sig File {}
var sig Trash in File {}
pred deleted {
  always some Trash
}
pred restore {
  all f: Trash | after f not in Trash
}
"""
TRASH_ORACLE = """
pred deleted_OK { eventually some Trash }
assert deleted_Repaired { deleted[] iff deleted_OK[] }
check deleted_Repaired for 3 expect 0
"""


def test_temporal_operators_and_repair(client, verifier):
    model = client.parse(TRASH)
    ctx = Context(TRASH, model)
    assert ctx.temporal and ctx.var_names == {"File", "Trash"}
    body = model.funcs["restore"].body
    texts = {m.new.text for n, env in scopes(body, {}) for m in mutations(n, ctx, env) if m.operator == "temporal"}
    assert {"always (f not in Trash)", "eventually (f not in Trash)", "Trash'"} <= texts
    out = repair_task(
        hidden_task("trash", TRASH, TRASH_ORACLE, "deleted"), ScriptedModel([]), verifier, config("mutate"), gate=gate
    )
    assert out.result.faithful, out.result.stop_reason
    assert "eventually" in out.candidate


def test_the_default_proposal_budget_is_smaller_for_a_model_whose_states_change(verifier, monkeypatch):
    """Each proposal of a `var` model is evaluated over traces: its default budget is its own (config.py);
    a budget set by the user is kept for both kinds."""
    import fmrepair.agents.mutation.search as search_mod
    from fmrepair.agents.config import DEFAULT_SEARCH_PROPOSALS, DEFAULT_TEMPORAL_SEARCH_PROPOSALS, search_proposals

    assert DEFAULT_TEMPORAL_SEARCH_PROPOSALS < DEFAULT_SEARCH_PROPOSALS
    budgets: list[int] = []
    monkeypatch.setattr(search_mod, "search_proposals", lambda p, t: budgets.append(search_proposals(p, t)) or 1)
    temporal = hidden_task("trash", TRASH, TRASH_ORACLE, "deleted")
    repair_task(temporal, ScriptedModel([]), verifier, config("mutate"), gate=gate)
    repair_task(family_task(), ScriptedModel([]), verifier, config("mutate"), gate=gate)
    cfg = config("mutate")
    cfg.budget.proposals = 7
    repair_task(temporal, ScriptedModel([]), verifier, cfg, gate=gate)
    # per search: the constructor's (a static default), then run()'s for the model it parsed
    assert budgets[1::2] == [DEFAULT_TEMPORAL_SEARCH_PROPOSALS, DEFAULT_SEARCH_PROPOSALS, 7]


def test_the_ill_formed_allowance_stops_the_search(verifier, monkeypatch):
    """Past ILL_FORMED_PER_CANDIDATE per budgeted candidate, the task stops with its own code."""
    import fmrepair.agents.mutation.search as search_mod

    monkeypatch.setattr(search_mod, "ILL_FORMED_PER_CANDIDATE", 2)
    task = hidden_task("ternary-demo", TERNARY, TERNARY_ORACLE, "reach")
    cfg = config("mutate", candidates=4).model_copy(update={"search_synth": False})
    out = repair_task(task, ScriptedModel([]), verifier, cfg, gate=gate)
    assert out.result.stop_reason.startswith("ill_formed:"), out.result.stop_reason
    assert out.result.extra["ill_formed"] == 8


def test_two_operand_conjunction_gets_implies_and_iff(client):
    """The parser's list form of `a and b` is mutated like a binary `and`: `a implies b`, `b implies a`
    and `a iff b` (from the development split: railway inv6, `and` written for `implies`); the
    evaluator's verdict on each override tree is the verdict on the reparsed text."""
    from fmrepair.agents.mutation.operators import render

    model = client.parse(SEMANTICS)
    ctx = Context(SEMANTICS, model)
    body = model.funcs["mixed"].body
    conj = next(n for n in body.walk() if n.k == "ExprList" and n.op == "AND" and len(n.c) == 2)
    new = [m.new for m in mutations(conj, ctx, {}) if m.operator == "logical" and m.new.op in ("IMPLIES", "IFF")]
    assert sorted(m.text for m in new) == sorted(
        ["(some r) implies (no r)", "(no r) implies (some r)", "(some r) iff (no r)"]
    )
    inst = parse_witness("A = {A$0}\nB = {}\nr = {}", model)
    assert inst is not None
    for m in new:
        text = SEMANTICS[: conj.s] + render(m, ctx) + SEMANTICS[conj.e :]
        reparsed = client.parse(text)
        assert holds(model, inst, body, {conj.id: m}) == holds(reparsed, inst, reparsed.funcs["mixed"].body)
