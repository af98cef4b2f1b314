"""Formalize loop with a scripted model and real z3: the evidence gate, the baseline, the leak guard,
the FOLIO suite, and the deterministic diagnosis for MiniZinc and PDDL."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("z3")
from fmrepair.agents.formalize import FormalizeConfig, Formalizer, accept  # noqa: E402
from fmrepair.agents.prompting import PromptLeak  # noqa: E402
from fmrepair.eval.kinds.formalize_arms import run  # noqa: E402
from fmrepair.serving import ScriptedModel  # noqa: E402
from fmrepair.task import Task  # noqa: E402
from fmrepair.verifiers.diagnosis import diagnose  # noqa: E402

EX = Path(__file__).resolve().parent.parent / "examples" / "formalize"
DECLS = "(declare-sort E 0)\n(declare-fun Man (E) Bool)\n(declare-fun Mortal (E) Bool)\n(declare-const s E)\n"
GOOD = (
    DECLS
    + "(assert (forall ((x E)) (=> (Man x) (Mortal x))))\n(assert (Man s))\n(define-fun conclusion () Bool (Mortal s))"
)
# drops a premise: Uncertain; blocking missing_premises (1) and conclusion_unconstrained (2)
DROPPED = DECLS + "(assert (Man s))\n(define-fun conclusion () Bool (Mortal s))"
# inconsistent premises: blocking weight 3
CONTRA = DECLS + "(assert (Man s))\n(assert (not (Man s)))\n(define-fun conclusion () Bool (Mortal s))"
NOCONC = DECLS + "(assert (Man s))\n(assert (Mortal s))"
REFERENCE = "forall x (Man(x) -> Mortal(x)) ; this exact reference line must never reach a prompt\nMan(socrates)"


def task(label: str = "True") -> Task:
    premises = ["All men are mortal.", "Socrates is a man."]
    visible = "Premises:\n1. All men are mortal.\n2. Socrates is a man.\nConclusion: Socrates is mortal."
    return Task(
        id="t1",
        suite="test",
        formalism="smtlib",
        kind="formalize",
        visible=visible,
        reference=REFERENCE,
        meta={"premises": premises, "hidden_label": label},
    )


def art(text: str) -> dict[str, str]:
    return {"artifact": text}


def test_diagnosis_answers_and_potential() -> None:
    t = task()
    good = diagnose("smtlib", t.visible, GOOD, premises=t.meta["premises"])
    assert good.answer == "True" and good.potential == (0, 0)
    dropped = diagnose("smtlib", t.visible, DROPPED, premises=t.meta["premises"])
    assert dropped.answer == "Uncertain" and dropped.potential == (0, 3)  # missing premise 1 + Mortal unconstrained 2
    contra = diagnose("smtlib", t.visible, CONTRA, premises=t.meta["premises"])
    assert contra.answer is None and any(f.kind == "inconsistent_premises" for f in contra.blocking)
    broken = diagnose("smtlib", t.visible, NOCONC, premises=t.meta["premises"])
    assert broken.exec_rank == 2 and broken.blocking[0].kind == "missing_conclusion"


def test_gate_keeps_strict_improvement() -> None:
    model = ScriptedModel([art(CONTRA), art(GOOD)])
    f = Formalizer(model, FormalizeConfig())
    start = f.zero_shot(task())
    out = f.gated(task(), start)
    assert out.decisions[-1]["accepted"] is True and out.artifact == GOOD and out.diagnosis.answer == "True"
    assert [c.role for c in out.calls] == ["generate", "rewrite"]
    assert "inconsistent_premises" in out.calls[-1].messages[-1]["content"]  # findings reach the model


def test_uncertain_to_definite_flip_needs_corroboration() -> None:
    # DROPPED answers Uncertain; the rewrite GOOD answers True: kept only if an independent formalization agrees
    model = ScriptedModel([art(DROPPED), art(GOOD), art(DROPPED)])
    f = Formalizer(model)
    out = f.gated(task(), f.zero_shot(task()))
    assert out.artifact == DROPPED and out.decisions[-1]["accepted"] is False
    assert out.decisions[-1]["corroboration"] == {"answer": "Uncertain", "agrees": False}
    corr = model.calls[-1]
    assert [c.role for c in out.calls] == ["generate", "rewrite", "corroborate"]
    assert corr["sampling"].temperature > 0 and "Feedback" not in corr["messages"][-1].content
    model = ScriptedModel([art(DROPPED), art(GOOD), art(GOOD.replace("(E)", "(E)  "))])
    f = Formalizer(model)
    out = f.gated(task(), f.zero_shot(task()))
    assert out.artifact == GOOD and out.decisions[-1]["corroboration"]["agrees"] is True
    # a definite -> definite change (CONTRA has no answer) needs no corroboration: one call fewer
    model = ScriptedModel([art(CONTRA), art(GOOD)])
    f = Formalizer(model)
    assert f.gated(task(), f.zero_shot(task())).artifact == GOOD and len(model.calls) == 2


def test_or_to_xor_upgrade_is_deterministic() -> None:
    from fmrepair.verifiers.diagnosis import Diagnosis, Finding

    f = Formalizer(ScriptedModel([]))
    cue = Finding(kind="xor_cue", blocking=False, axis="lexical", evidence="either ... or")
    before = Diagnosis(formalism="smtlib", answer="Uncertain", findings=[cue])
    after = Diagnosis(formalism="smtlib", answer="True")
    old = "(assert (or (A s) (B s)))"
    assert not f._needs_corroboration(before, after, old, "(assert (xor (A s) (B s)))")
    assert f._needs_corroboration(before, after, old, "(assert (xor (A s) (C s)))")
    assert f._needs_corroboration(Diagnosis(formalism="smtlib", answer="Uncertain"), after, old, old)


def test_gate_rejects_non_improving_rewrite_and_restores() -> None:
    # from weight 1 (dropped premise) to weight 3 (inconsistent): rejected, the old artifact stays
    model = ScriptedModel([art(DROPPED), art(CONTRA)])
    f = Formalizer(model)
    out = f.gated(task("Uncertain"), f.zero_shot(task("Uncertain")))
    assert out.decisions[-1]["accepted"] is False and out.artifact == DROPPED
    assert any("strictly decrease" in r for r in out.decisions[-1]["reasons"])
    # an equal-potential rewrite is rejected too (strict decrease only)
    model = ScriptedModel([art(DROPPED), art(DROPPED.replace("(Man s)", "(Man s) "))])
    out = f.__class__(model).gated(task(), Formalizer(model).zero_shot(task()))
    assert out.decisions[-1]["accepted"] is False


def test_gate_conservatism_blocks_weakening() -> None:
    t = task()
    before = diagnose("smtlib", t.visible, CONTRA, premises=t.meta["premises"])
    weaker = diagnose(
        "smtlib", t.visible, DECLS + "(define-fun conclusion () Bool (Mortal s))", premises=t.meta["premises"]
    )
    decision = accept(before, weaker)
    assert not decision.accepted and any("assertions dropped" in r for r in decision.reasons)


def test_no_rewrite_without_blocking_finding_and_self_review_keeps_blindly() -> None:
    model = ScriptedModel([art(GOOD)])
    f = Formalizer(model)
    out = f.gated(task(), f.zero_shot(task()))
    assert out.decisions == [{"rewrite": False, "why": "no blocking finding"}] and len(model.calls) == 1
    # self-review hallucinates an issue on a correct artifact and its rewrite is kept: a regression
    model = ScriptedModel([art(GOOD), {"has_issue": True, "issues": "premise 1 is wrong"}, art(DROPPED)])
    f = Formalizer(model)
    out = f.self_review(task(), f.zero_shot(task()))
    assert out.artifact == DROPPED and out.diagnosis.answer == "Uncertain"


def test_leak_guard_refuses_reference_text(monkeypatch: pytest.MonkeyPatch) -> None:
    model = ScriptedModel([art(GOOD)])
    f = Formalizer(model)
    original = Formalizer.system_prompt
    # simulate a template bug that pastes the reference into the system prompt: refused before any call
    monkeypatch.setattr(Formalizer, "system_prompt", lambda self, t: original(self, t) + "\n" + (t.reference or ""))
    with pytest.raises(PromptLeak):
        f.zero_shot(task())
    assert model.calls == []


def test_no_secret_reaches_the_model_in_any_method() -> None:
    outputs = [art(CONTRA), {"has_issue": True, "issues": "x"}, art(GOOD), art(GOOD)]
    model = ScriptedModel(outputs)
    f = Formalizer(model)
    start = f.zero_shot(task())
    f.self_review(task(), start)
    f.gated(task(), start)
    sent = "\n".join(m.content for call in model.calls for m in call["messages"])
    assert len(model.calls) == 4 and "reference line must never" not in sent and "hidden_label" not in sent


def test_runner_scores_and_compares(tmp_path: Path) -> None:
    # zero-shot, self-review (review, rewrite), gated (rewrite; Uncertain -> True is corroborated)
    outputs = [art(DROPPED), {"has_issue": True, "issues": "x"}, art(CONTRA), art(GOOD), art(GOOD)]
    report = run([task()], ScriptedModel(outputs), tmp_path / "run")
    assert report["zero-shot"]["correct"] == 0 and report["gated"]["correct"] == 1
    assert report["self-review"]["correct"] == 0
    assert report["gated_vs_zero-shot"]["transitions"]["wrong_to_right"] == 1
    again = run([task()], ScriptedModel([]), tmp_path / "run")  # resumes: no model call needed
    assert again == report


def test_folio_suite_loads_without_label_in_view() -> None:
    from fmrepair.eval.suites import default_root
    from fmrepair.eval.suites.folio import FolioSuite

    root = default_root("folio")
    if not root.is_dir():
        pytest.skip("FOLIO benchmark not present")
    tasks = FolioSuite().tasks(root)
    assert len(tasks) == 204 and {t.meta["hidden_label"] for t in tasks} == {"True", "False", "Uncertain"}
    view = tasks[0].public_view()
    assert "hidden_label" not in view["meta"] and "∀" not in tasks[0].visible and tasks[0].reference


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="apt-get install minizinc")
def test_minizinc_deletion_probes_localize_conflict() -> None:
    d = diagnose("minizinc", "Seat three people.", (EX / "overconstrained.mzn").read_text())
    assert d.potential == (0, 6)
    assert sorted(f.location for f in d.blocking if f.kind == "unsat_localized") == ["line 5", "line 6", "line 7"]
    ok = diagnose("minizinc", "knapsack", (EX / "knapsack.mzn").read_text(), data=(EX / "knapsack.dzn").read_text())
    assert ok.potential == (0, 0) and ok.answer == {"status": "OPTIMAL_SOLUTION", "objective": 90}


def test_pddl_probes_counts_and_goal_conservatism() -> None:
    pytest.importorskip("up_fast_downward")
    dom, prob = (EX / "blocks_domain.pddl").read_text(), (EX / "blocks_problem.pddl").read_text()
    good = diagnose("pddl", "three blocks", prob, domain=dom, stated={"block": 3})
    assert good.potential == (0, 0)
    cyclic = diagnose(
        "pddl", "three blocks", prob.replace("(on b c))", "(on b c) (on c a))"), domain=dom, stated={"block": 3}
    )
    assert [f.kind for f in cyclic.blocking] == ["jointly_unsolvable"]
    fewer_goals = diagnose(
        "pddl", "three blocks", prob.replace("(and (on a b) (on b c))", "(on a b)"), domain=dom, stated={"block": 4}
    )
    before = diagnose("pddl", "four blocks", prob, domain=dom, stated={"block": 4})
    assert before.potential == (0, 1)
    decision = accept(before, fewer_goals)
    assert not decision.accepted and any("goal atoms decreased" in r for r in decision.reasons)


def test_table1_report_pools_runs_and_counts_fixes_and_breaks(tmp_path: Path) -> None:
    from fmrepair.eval.report.formalize_table import pool, report, rows
    from fmrepair.runlog import RunLog, RunManifest, TaskResult

    def write(folder: Path, outcomes: dict[str, dict[str, bool]]) -> None:
        log = RunLog(folder)
        log.write_manifest(RunManifest(config={"suite": "folio"}, model={"name": "m1"}))
        for tid, per in outcomes.items():
            for method, ok in per.items():
                findings = [{"kind": "x", "blocking": not ok}] if method == "zero-shot" else []
                worse = method == "self-review" and tid == "a"  # self-review's rewrite diagnoses worse
                log.append_result(
                    TaskResult(
                        task_id=tid,
                        strategy=method,
                        model="m1",
                        repaired=ok,
                        faithful=ok,
                        iterations=1,
                        attempts=1,
                        extra={"findings": findings, "potential": [2 if worse else 0, 0]},
                    )
                )

    # zero-shot right on a, b; self-review breaks a and fixes c; gated fixes c and d, breaks nothing
    write(tmp_path / "r1", {"a": {"zero-shot": True, "self-review": False, "gated": True}})
    write(
        tmp_path / "r2",
        {
            "b": {"zero-shot": True, "self-review": True, "gated": True},
            "c": {"zero-shot": False, "self-review": True, "gated": True},
            "d": {"zero-shot": False, "self-review": False, "gated": True},
        },
    )
    (row,) = rows(pool([tmp_path / "r1", tmp_path / "r2"]))
    assert (row["benchmark"], row["model"], row["tasks"]) == ("folio", "m1", 4)
    assert (row["zero-shot"], row["self-review"], row["gated"]) == (50.0, 50.0, 100.0)
    sr, gd = row["self-review_vs_zero-shot"], row["gated_vs_zero-shot"]
    assert (sr["fixes"], sr["breaks"], sr["break_rate"], sr["breaks_of_right"]) == (1, 1, 25.0, "1/2")
    assert (gd["fixes"], gd["breaks"], gd["mcnemar_p"]) == (2, 0, 0.5)
    assert row["flagged_wrong"] == "2/2" and row["flagged_right"] == "0/2"
    assert (row["self-review_worse_potential"], row["gated_worse_potential"]) == (1, 0)
    md = report([tmp_path / "r1", tmp_path / "r2"])
    assert "| folio | m1 | 4 | 50.0 | 50.0 (+0.0) | 100.0 (+50.0) |" in md and "| 1 / 0 |" in md
    with pytest.raises(FileNotFoundError):
        report([tmp_path / "missing"])


def test_parallel_tasks_log_whole_tasks(tmp_path: Path) -> None:
    tasks = [task().model_copy(update={"id": f"t{i}"}) for i in range(5)]
    model = ScriptedModel([art(GOOD)], cycle=True)  # the same reply to every call, whatever the order
    report = run(tasks, model, tmp_path / "par", workers=3)
    assert report["zero-shot"] == {"tasks": 5, "correct": 5, "unknown": 0} and report["gated"]["correct"] == 5
    from fmrepair.runlog import RunLog

    results = RunLog(tmp_path / "par").results()
    assert sorted((r.task_id, r.strategy) for r in results) == sorted(
        (t.id, m) for t in tasks for m in ("zero-shot", "self-review", "gated")
    )
