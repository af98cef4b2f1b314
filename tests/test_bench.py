"""The benchmark harness: resumption after SIGKILL, exactly one result per task, metrics and statistics.
The model is SCRIPTED (a test double that replays a non-answer); the suite and the analyzer are real."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fmrepair.eval.metrics import correct_at_k, pass_at_k, summarize
from fmrepair.eval.stats import compare, mcnemar_exact, paired_bootstrap
from fmrepair.eval.suites import default_root
from fmrepair.runlog import RunLog, TaskResult

needs_data = pytest.mark.skipif(not default_root("alloy4fun").is_dir(), reason="../shared/benchmarks is missing")

MODELS = """
models:
  scripted-garbage:
    backend: scripted
    options: {outputs: ["not a tool call"], cycle: true}
"""


def _env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "models.yaml").write_text(MODELS)
    return {**os.environ, "FMREPAIR_MODELS": str(tmp_path / "models.yaml")}


def _bench(out: Path, limit: int) -> list[str]:
    return [sys.executable, "-m", "fmrepair", "bench", "run", "--suite", "alloy4fun", "--family", "cv"] + [
        "--limit",
        str(limit),
        "--model",
        "scripted-garbage",
        "--k",
        "2",
        "--out",
        str(out),
        "--json",
    ]


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []


@pytest.mark.long  # a killed run, minutes: `scripts/test.sh --long` (CI runs it)
@needs_data
def test_sigkilled_run_resumes_without_loss_or_duplicates(tmp_path):
    env, out, n = _env(tmp_path), tmp_path / "run", 40
    proc = subprocess.Popen(_bench(out, n), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and len(_lines(out / "results.jsonl")) < 3:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    partial = len(_lines(out / "results.jsonl"))
    assert 3 <= partial < n, "the run was not killed in the middle"
    # other engineers may edit the shared tree between the two runs: resuming with changed code is allowed
    # here (and recorded), the resume itself is what this test checks
    done = subprocess.run(
        _bench(out, n) + ["--allow-code-change"], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    results = _lines(out / "results.jsonl")
    ids = [r["task_id"] for r in results]
    assert len(ids) == n and len(set(ids)) == n
    attempts = _lines(out / "attempts.jsonl")
    per_task: dict[str, int] = {}
    for a in attempts:
        per_task[a["task_id"]] = per_task.get(a["task_id"], 0) + 1
    assert set(per_task) == set(ids) and set(per_task.values()) == {2}  # k=2 each, none duplicated
    summary = json.loads(done.stdout)
    assert summary["overall"]["tasks"] == n and summary["overall"]["faithful"] == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["config"]["bench"]["strategy"] == "single-gf" and "fmrepair" in manifest["versions"]


@needs_data
@pytest.mark.long  # 34 s (the default suite took 20 min 11 s on 2d1bd1f)
def test_resume_refuses_a_different_configuration(tmp_path):
    env, out = _env(tmp_path), tmp_path / "run"
    assert subprocess.run(_bench(out, 1), env=env, capture_output=True, timeout=300).returncode == 0
    other = [x if x != "single-gf" else "single-nf" for x in _bench(out, 1)] + ["--strategy", "single-nf"]
    r = subprocess.run(other, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "different run" in r.stderr


def test_torn_last_line_is_repaired(tmp_path):
    log = RunLog(tmp_path)
    log.append_result(
        TaskResult(task_id="a", strategy="s", model="m", repaired=True, faithful=True, iterations=1, attempts=1)
    )
    with open(tmp_path / "results.jsonl", "a") as f:
        f.write('{"task_id": "b", "strat')  # killed mid-write
    assert RunLog(tmp_path).finished_ids() == {"a"}
    log2 = RunLog(tmp_path)
    log2.append_result(
        TaskResult(task_id="c", strategy="s", model="m", repaired=False, faithful=False, iterations=1, attempts=1)
    )
    assert [r.task_id for r in log2.results()] == ["a", "c"]


def _r(tid: str, raw: bool, faithful: bool, first: int | None = None, chains=None) -> TaskResult:
    return TaskResult(
        task_id=tid,
        strategy="s",
        model="m",
        repaired=raw,
        faithful=faithful,
        iterations=6,
        attempts=6,
        first_success=first,
        extra={"chains": chains} if chains else {},
    )


def test_metrics():
    rs = [_r("a", True, True, 1), _r("b", True, False), _r("c", False, False), _r("d", True, True, 4)]
    assert correct_at_k(rs, 6, "faithful") == 50.0
    assert correct_at_k(rs, 2, "faithful") == 25.0
    assert correct_at_k(rs, 6, "raw") == 75.0
    assert pass_at_k(5, 2, 1) == pytest.approx(0.4)
    assert pass_at_k(5, 0, 3) == 0.0 and pass_at_k(5, 3, 3) == 1.0
    chains = [{"raw": True, "faithful": False}, {"raw": True, "faithful": True}]
    s = summarize([_r("x", True, True, 1, chains)], 6)
    assert s["pass@k"]["pass@1_raw"] == 100.0 and s["pass@k"]["pass@1_faithful"] == 50.0
    assert s["overall"]["faithful"] == 1 and s["resources"]["fixed"]["tasks"] == 1


def test_paired_statistics():
    assert mcnemar_exact(1, 5) == pytest.approx(0.21875)
    assert mcnemar_exact(0, 0) == 1.0
    a = {str(i): i < 10 for i in range(40)}
    b = {str(i): i < 25 for i in range(40)}
    res = compare(a, b)
    assert res["transitions"] == {"wrong_to_right": 15, "right_to_wrong": 0, "both": 10, "neither": 15}
    assert res["mcnemar_p"] < 0.001
    lo, hi = res["ci95_pp"]
    assert lo > 0 and lo <= res["diff_pp"] == 37.5 <= hi
    point, lo, hi = paired_bootstrap([True, False] * 10, [True, False] * 10)
    assert point == lo == hi == 0.0


@pytest.mark.long  # a run and four reports, a minute: `scripts/test.sh --long` (CI runs it; session 19's suite time)
@needs_data
def test_every_report_format_renders(tmp_path):
    env, out = _env(tmp_path), tmp_path / "run"
    assert subprocess.run(_bench(out, 3), env=env, capture_output=True, timeout=300).returncode == 0
    base = [sys.executable, "-m", "fmrepair", "bench", "report", str(out), str(out)]
    md = subprocess.run(base, capture_output=True, text=True, timeout=120)
    assert md.returncode == 0 and "| cv | 3 |" in md.stdout and "Correct@2 faithful" in md.stdout
    assert "no_tool_call 6" in md.stdout  # taxonomy: 3 tasks x k=2 failed iterations without a tool call
    js = subprocess.run(base + ["--format", "json"], capture_output=True, text=True, timeout=120)
    runs = json.loads(js.stdout)["runs"]
    assert len(runs) == 2 and runs[0]["tasks"] == 3 and runs[0]["strategy"] == "single-gf"
    assert set(runs[0]["correct_at_k"]) == {"raw", "faithful", "equivalent"}
    assert all(0.0 <= v <= 1.0 for v in runs[0]["correct_at_k"].values())
    page = tmp_path / "r.html"
    h = subprocess.run(base + ["--format", "html", "--out", str(page)], capture_output=True, text=True, timeout=300)
    assert h.returncode == 0
    text = page.read_text()
    assert text.startswith("<!doctype html>") and text.count("<tr data-outcome=") == 6  # the viewer index (2 x 3)
    bad = subprocess.run(base + ["--format", "pdf"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2


def _t(tid: str, raw: bool = False, faithful: bool = False, **kw) -> TaskResult:
    return TaskResult(
        task_id=tid, strategy="s", model="m", repaired=raw, faithful=faithful, **{"iterations": 1, "attempts": 1, **kw}
    )


def test_not_faulty_errors_and_unknowns_are_never_in_a_rate():
    rs = [
        _r("a", True, True, 1),
        _r("b", False, False),
        _t("nf", status="not_faulty", iterations=0, attempts=0),
        _t("err", status="error", iterations=0, attempts=0),
        _t("gu", True, gate_unknown=3, unfaithful_rejected=1, attempts=4),
        _t("rej", True, unfaithful_rejected=2, attempts=2),
        _t("reach", True, True, first_success=1, reached_edits=["pred Acyclic (reached by assert repair_assert_1)"]),
    ]
    o = summarize(rs, 6)["overall"]
    assert o["tasks"] == 6 and o["not_faulty"] == 1  # the not-faulty task is out of the denominator
    assert o["faithful"] == 2 and o["correct@6_faithful"] == pytest.approx(100 * 2 / 6, abs=0.01)
    kinds = ("faithful", "unfaithful", "gate_unknown", "unrepaired", "score_unknown", "error", "infrastructure")
    assert o["outcomes"] == dict(zip((*kinds, "not_faulty"), (2, 1, 1, 1, 0, 1, 0, 1), strict=True))
    assert o["unfaithful_rejected"] == 3 and o["gate_unknown_candidates"] == 3
    assert o["faithful_reached_edits"] == 1
    assert correct_at_k(rs[2:4], 6, "raw") == 0.0  # not-faulty out, the error counted as not repaired


def test_an_undecided_score_is_unknown_never_correct():
    """CP-Bench style: a score of None (could not be checked) becomes status "unknown", on its own row."""
    r = TaskResult(task_id="c", strategy="s", model="m", repaired=None, faithful=None, iterations=1, attempts=1)
    assert r.status == "unknown" and not r.repaired and not r.faithful
    o = summarize([r, _r("a", True, True, 1)], 6)["overall"]
    assert o["tasks"] == 2 and o["faithful"] == 1 and o["outcomes"]["score_unknown"] == 1
    again = TaskResult.model_validate_json(r.model_dump_json())
    assert again.status == "unknown"
    with pytest.raises(ValueError):
        TaskResult(task_id="c", strategy="s", model="m", iterations=1, attempts=1)  # missing scores stay an error


def test_report_shows_each_outcome_on_its_own_row(tmp_path):
    from fmrepair.eval.report.tables import markdown
    from fmrepair.runlog import RunManifest

    log = RunLog(tmp_path)
    log.write_manifest(RunManifest(config={"bench": {"suite": "x", "k": 6}, "tasks": 3}))
    log.append_result(_r("a", True, True, 1))
    log.append_result(_t("nf", status="not_faulty", iterations=0, attempts=0))
    log.append_result(_t("gu", True, gate_unknown=1))
    md = markdown([tmp_path])
    assert "| not faulty: the faulty text already passes (out of every rate) | 1 |" in md
    assert "| raw repair, gate could not decide (unknown; not faithful) | 1 |" in md
    assert "| error (the task's run raised; not correct) | 0 |" in md
    assert "3 of 3 tasks finished, 2 counted in the rates (1 not faulty)" in md
    assert "| **all** | 2 | 2 | 1 |" in md


def _repair_with_gate(gate, iterations: int):  # noqa: ANN001, ANN202
    """The README's list example, a scripted model that proposes the right fix every time, a stub gate."""
    from fmrepair.agents.config import Budget, RepairConfig
    from fmrepair.agents.runner import repair_task, task_from_user_file
    from fmrepair.serving.scripted import ScriptedModel
    from fmrepair.verifiers.alloy import AlloyVerifier

    example = Path(__file__).parent.parent / "examples" / "list_acyclic_faulty.als"
    fix = {"request": "run_alloy_analyzer", "paragraph": "fact Acyclic", "body": "all n: Node | n !in n.^next"}
    task = task_from_user_file(str(example), example.read_text())
    cfg = RepairConfig(strategy="single-gf", budget=Budget(iterations=iterations), check_timeout_s=10)
    with AlloyVerifier(workers=1) as v:
        return repair_task(task, ScriptedModel([fix], cycle=True), v, cfg, gate=lambda t, c: gate)


def test_gate_unknown_and_reached_edits_reach_the_task_result():
    unknown = {"faithful": False, "reasons": ["a probe timed out"], "unknown": ["field next: timeout"]}
    out = _repair_with_gate(unknown, 2)
    r = out.result
    assert r.repaired and not r.faithful and out.candidate is None
    assert r.gate_unknown == 2 and r.unfaithful_rejected == 0  # undecided, not rejected
    assert summarize([r])["overall"]["outcomes"]["gate_unknown"] == 1
    reached = {"faithful": True, "reasons": [], "unknown": [], "reached_edits": ["fact Acyclic (reached by x)"]}
    ok = _repair_with_gate(reached, 1).result
    assert ok.faithful and ok.reached_edits == ["fact Acyclic (reached by x)"]
    assert summarize([ok])["overall"]["faithful_reached_edits"] == 1


def test_compare_leaves_not_faulty_tasks_out(tmp_path):
    from typer.testing import CliRunner

    from fmrepair.cli import app
    from fmrepair.runlog import RunManifest

    for name, nf_faithful in (("a", False), ("b", True)):
        log = RunLog(tmp_path / name)
        log.write_manifest(RunManifest(config={"bench": {"suite": "x", "k": 6}}))
        log.append_result(_r("t1", True, True, 1))
        log.append_result(_t("nf", nf_faithful, nf_faithful, status="not_faulty"))  # even if a run said faithful
        log.append_result(_t("err", True, True, status="error"))
    res = CliRunner().invoke(app, ["bench", "compare", str(tmp_path / "a"), str(tmp_path / "b"), "--format", "json"])
    out = json.loads(res.stdout)
    assert out["tasks"] == 2 and out["transitions"]["both"] == 1 and out["transitions"]["neither"] == 1


def test_a_task_whose_run_raises_is_an_error_never_a_repair(tmp_path, monkeypatch):
    from fmrepair.eval.kinds.repair import run_one
    from fmrepair.eval.run.engine import BenchConfig
    from fmrepair.task import Task

    class Broken:
        def check(self, source, options=None):  # noqa: ANN001, ANN201
            raise RuntimeError("the analyzer died")

    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path / "cache"))
    log = RunLog(tmp_path / "run")
    task = Task(id="t", suite="x", visible="sig A {}\nrun {} for 1\n", meta={"family": "f"})
    r = run_one(task, BenchConfig(suite="x", strategy="mutate", model="none"), None, Broken(), log)
    assert r.status == "error" and not r.repaired and not r.faithful
    assert "the analyzer died" in r.extra["error"]
    assert [x.status for x in log.results()] == ["error"]
    assert summarize(log.results())["overall"]["outcomes"]["error"] == 1


@needs_data
@pytest.mark.long  # a killed run, a minute: `scripts/test.sh --long` (CI runs it)
def test_ctrl_c_saves_what_finished_and_says_how_to_resume(tmp_path) -> None:
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "fmrepair", "bench", "run", "--suite", "alloy4fun", "--family", "graphs",
           "--limit", "6", "--strategy", "mutate", "--model", "none", "--candidates", "30", "--workers", "1",
           "--confirm-scope", "0", "--out", str(out)]  # interrupts, not the search: acyclic_11 takes 2 s, not 70
    # a run started in the foreground of a terminal: Ctrl-C not ignored, even where this test was started in the
    # background of a shell, whose children inherit SIGINT ignored (and a run so started keeps that, as it should)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    results = out / RunLog.RESULTS
    while proc.poll() is None and not (results.exists() and results.read_text().strip()):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: the whole process group
    _, stderr = proc.communicate(timeout=600)
    saved = len(results.read_text().splitlines())
    assert proc.returncode == 130, stderr[-2000:]
    assert f"interrupted: {saved} of 6 tasks saved" in stderr and "rerun the same command to resume" in stderr
    assert saved < 6  # tasks not started when Ctrl-C came were dropped, not run to the end
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and f"resuming: {saved} of 6 tasks done, {6 - saved} to run" in again.stderr
    assert len(RunLog(out).results()) == 6
