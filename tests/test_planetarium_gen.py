"""Our blocksworld/gripper generator: deterministic, gold problems parse and are solvable with the real
planner (Fast Downward via unified-planning), renamed objects stay equivalent, changed goals do not."""

from __future__ import annotations

import pytest

from fmrepair.eval.suites.base import default_root
from fmrepair.eval.suites.planetarium_gen import (
    DOMAINS_DIR,
    PlanetariumGenSuite,
    domain_text,
    generate,
    rename,
    score_pddl,
)
from fmrepair.verifiers.diagnosis import diagnose

ROOT = default_root("planetarium")
needs_domains = pytest.mark.skipif(not (ROOT / DOMAINS_DIR).is_dir(), reason="Planetarium domains not present")
DOMAINS = ("blocksworld", "gripper")


def test_generator_is_deterministic_and_varied() -> None:
    for d in DOMAINS:
        a, b = generate(d, 6, seed=3), generate(d, 6, seed=3)
        assert [p.pddl() for p in a] == [p.pddl() for p in b]
        assert len({p.pddl() for p in a}) == 6
        assert [p.pddl() for p in generate(d, 6, seed=4)] != [p.pddl() for p in a]


def test_nl_names_every_object_and_states_counts() -> None:
    for d in DOMAINS:
        for p in generate(d, 5):
            assert all(o in p.text for o in p.objects), p.text
            assert "(" not in p.text.replace("(top:", "").replace("(room", "").replace("(ball", "")


@needs_domains
@pytest.mark.parametrize("dom", DOMAINS)
def test_gold_problems_parse_and_are_solvable(dom: str) -> None:
    pytest.importorskip("up_fast_downward")
    from fmrepair.verifiers.pddl.verifier import PddlVerifier

    ver, dtext = PddlVerifier(domain_dirs=[]), domain_text(ROOT, dom)
    for p in generate(dom, 3):
        v = ver.check(p.pddl(), domain=dtext)
        assert v.status == "ok", (p.name, v.errors)
        assert v.commands[0].outcome == "sat" and v.commands[0].witness


@needs_domains
def test_gold_problem_has_no_blocking_findings() -> None:
    pytest.importorskip("up_fast_downward")
    suite_tasks = PlanetariumGenSuite().tasks(ROOT)
    for t in (suite_tasks[0], suite_tasks[-1]):
        d = diagnose("pddl", t.visible, t.reference, domain=t.meta["domain"], stated=t.meta["stated"], timeout_s=10)
        assert d.exec_rank == 0 and not [f for f in d.findings if f.blocking], d.findings


def test_renamed_objects_are_equivalent_and_changed_goal_is_not() -> None:
    for d in DOMAINS:
        p = generate(d, 1, seed=7)[0]
        gold = p.pddl()
        mapping = {o: f"obj-{i}" for i, o in enumerate(reversed(p.objects))}
        renamed = rename(gold, mapping)
        assert renamed != gold and score_pddl(renamed, gold)
        changed = dict(p.__dict__)
        goal = list(p.goal)
        if d == "blocksworld":
            goal.remove(("arm-empty",))
        else:
            ball, room = goal[0][1], goal[0][2]
            other = next(o for o in p.objects if o.startswith("room") and o != room)
            goal[0] = ("at", ball, other)
        changed["goal"] = goal
        variant = type(p)(**changed).pddl()
        assert not score_pddl(variant, gold)
        assert not score_pddl("(define (problem x", gold)


@needs_domains
def test_suite_loads_with_public_domain_and_hidden_gold() -> None:
    load = PlanetariumGenSuite().load(ROOT)
    assert len(load.tasks) == 40 and not load.problems
    for t in load.tasks:
        assert t.reference and t.reference not in t.visible and "(:init" not in t.visible
        assert t.meta["domain_name"] in t.meta["domain"]
    assert PlanetariumGenSuite().tasks(ROOT, "gripper")[0].id == "pgen-gripper-000"


@needs_domains
def test_runner_scores_pddl_by_equivalence() -> None:
    from fmrepair.agents.formalize.loop import TaskOutcome
    from fmrepair.eval.kinds.formalize_arms import score
    from fmrepair.verifiers.diagnosis import Diagnosis

    t = PlanetariumGenSuite().tasks(ROOT, "blocksworld")[0]
    gold = t.reference or ""

    def outcome(artifact: str) -> TaskOutcome:
        return TaskOutcome(t.id, "zero-shot", artifact, Diagnosis(formalism="pddl"))

    assert score(t, outcome(rename(gold, {"b1": "red", "b2": "blue"})))[0]
    assert not score(t, outcome(gold.replace("(arm-empty))))", "))))")))[0]


@needs_domains
def test_worked_example_is_another_instance_shown_as_a_prior_turn() -> None:
    from fmrepair.agents.formalize.loop import Formalizer
    from fmrepair.eval.suites.planetarium_gen import PlanetariumGenSuite, score_pddl
    from fmrepair.serving.scripted import ScriptedModel

    tasks = PlanetariumGenSuite().tasks(ROOT)
    for t in tasks:  # the one-shot example is never equivalent to a task's gold problem
        assert not score_pddl(t.meta["example_artifact"], t.reference or "")
    t = tasks[0]
    model = ScriptedModel(['{"artifact": "(define (problem p) (:domain blocksworld))"}'])
    Formalizer(model).zero_shot(t)
    sent = model.calls[0]["messages"]
    assert [m.role for m in sent] == ["system", "user", "assistant", "user"]
    assert t.meta["example_problem"] in sent[1].content and "(problem example)" in sent[2].content
    assert t.visible in sent[3].content and (t.reference or "") not in "".join(m.content for m in sent)
