"""benchmarks/ranker_heldout.py reads a budget above a run's own only where the result is known: a task that
stopped on the candidate budget is unknown above its checks (refused unless rerun); a rerun replaces only
such tasks; a side can take some families of a folder. Runs written here (no search)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fmrepair.runlog import RunLog, RunManifest, TaskResult

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import ranker_heldout  # noqa: E402


def result(task: str, checks: int, stop: str, faithful: bool = False) -> TaskResult:
    return TaskResult(
        task_id=task,
        strategy="mutate",
        model="none",
        repaired=faithful,
        faithful=faithful,
        iterations=1,
        attempts=checks,
        stop_reason=stop,
        extra={"ill_formed": 0},
    )


def run(folder: Path, results: list[TaskResult]) -> str:
    log = RunLog(folder)
    bench = {"suite": "alloy4fun", "strategy": "mutate", "model": "none", "candidates": 100}
    log.write_manifest(RunManifest(config={"bench": bench}, run_config=bench, git_commit="0" * 40))
    for r in results:
        log.append_result(r)
    return str(folder)


BASE = [
    result("lift/a", 7, "fixed", faithful=True),
    result("lift/b", 40, "proposals: proposal budget spent"),  # no larger budget moves it
    result("hospital/c", 100, "candidates: candidate budget spent (100)"),  # unknown above 100
]


def test_a_budget_above_a_candidate_stop_is_refused_until_rerun(tmp_path):
    base = ranker_heldout.checks_to_fix(BASE)
    tasks = sorted(base)
    assert ranker_heldout.fixed_within(base, tasks, 100, "x") == {"hospital/c": False, "lift/a": True, "lift/b": False}
    with pytest.raises(SystemExit, match="hospital/c"):
        ranker_heldout.fixed_within(base, tasks, 300, "x")
    folder = run(tmp_path / "base", BASE)
    rerun = run(tmp_path / "rerun", [result("hospital/c", 250, "fixed", faithful=True)])
    merged = ranker_heldout.checks_to_fix(ranker_heldout.side(folder, rerun))
    assert ranker_heldout.fixed_within(merged, tasks, 300, "x")["hospital/c"] is True
    assert ranker_heldout.fixed_within(merged, tasks, 200, "x")["hospital/c"] is False


def test_unknown_tasks_can_be_left_out_of_a_budget_on_both_sides(tmp_path):
    a = run(tmp_path / "a", BASE)
    b = run(tmp_path / "b", [result(r.task_id, 5, "fixed", faithful=True) for r in BASE])
    with pytest.raises(SystemExit, match="unknown-out"):
        ranker_heldout.summary(a, b, [300])
    at = ranker_heldout.summary(a, b, [100, 300], unknown_out=True)["budgets"]
    assert at[100]["tasks"] == 3 and at[100]["unknown_out"] == []
    assert at[300]["tasks"] == 2 and at[300]["unknown_out"] == ["hospital/c"]  # fixed at 5 on b, out on both


def test_a_rerun_replaces_only_tasks_stopped_on_a_budget(tmp_path):
    folder = run(tmp_path / "base", BASE)
    for task in ("lift/b", "lift/z"):  # stopped on proposals; not on this side
        rerun = run(tmp_path / task.replace("/", "_"), [result(task, 300, "fixed", faithful=True)])
        with pytest.raises(SystemExit, match=task):
            ranker_heldout.side(folder, rerun)


def test_a_side_takes_some_families_of_a_folder(tmp_path):
    folder = run(tmp_path / "base", BASE)
    assert {r.task_id for r in ranker_heldout.side(f"{folder}:hospital")} == {"hospital/c"}
    other = run(tmp_path / "other", [result("lift/a", 3, "fixed", faithful=True)])
    with pytest.raises(SystemExit, match="two run folders"):
        ranker_heldout.side(f"{folder},{other}")
    assert len(ranker_heldout.side(f"{folder}:hospital,{other}")) == 2
