"""Search in worker processes (`bench run --strategy mutate --workers 2`) and counted budgets.

The suite, the analyzer and the search are real. A counted candidate budget (and no wall-time budget)
decides every result here, so the same command must give the same per-task results with one worker or
two, on a quiet machine or under artificial CPU load, and after a SIGKILL and a resume. Nothing is
timed: the checks are equalities of results. The runs under load and the killed runs are marked ``long`` (the
default suite's time, 2026-12-06): `scripts/test.sh --long` runs them, and CI runs both.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fmrepair.eval.run.engine import BenchConfig, outcomes
from fmrepair.eval.run.procs import CACHE_DIR, UnfinishedTasks, use_processes
from fmrepair.eval.suites import default_root
from fmrepair.runlog import RunLog

needs_data = pytest.mark.skipif(not default_root("alloy4fun").is_dir(), reason="../shared/benchmarks is missing")

# a small selection that ends in each counted way: fixed within a few checks (graphs_complete_2,
# graphs_stronglyConnected_1, cv_inv2_1: the skeleton re-synthesis), stopped by the candidate budget
# (graphs_weaklyConnected_2, cv_inv3_1), stopped by the proposal budget while pruning (cv_inv3_14; 8,000 since
# 2026-12-06, for the suite's time: each way to end is still met)
IDS = "graphs_complete_2,graphs_stronglyConnected_1,graphs_weaklyConnected_2,cv_inv2_1,cv_inv3_1,cv_inv3_14"
BUDGET = ("--candidates", "10", "--proposals", "8000")


def _bench(out: Path, workers: int) -> list[str]:
    return [
        *(sys.executable, "-m", "fmrepair", "bench", "run", "--suite", "alloy4fun", "--family", "cv,graphs"),
        *("--ids", IDS, "--strategy", "mutate", "--model", "none", *BUDGET),
        *("--workers", str(workers), "--out", str(out), "--json", "--allow-code-change"),
    ]


def _run(out: Path, workers: int) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(_bench(out, workers), capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []


def _candidates(folder: Path) -> dict[str, list[str | None]]:
    """Per task, the checked candidates in order (the search's whole path, not only its end)."""
    out: dict[str, list[str | None]] = {}
    for a in _lines(folder / RunLog.ATTEMPTS):
        out.setdefault(a["task_id"], []).append(a.get("candidate"))
    return out


def _decided(folder: Path) -> dict[str, dict]:
    return outcomes(RunLog(folder).results())


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("w1") / "run"
    _run(out, 1)
    return out


@pytest.mark.long  # two search runs, over a minute: `scripts/test.sh --long` (CI runs it; session 19's suite time)
@needs_data
def test_two_worker_processes_give_the_results_of_one(one_worker: Path, tmp_path: Path) -> None:
    out = tmp_path / "w2"
    _run(out, 2)
    ref = _decided(one_worker)
    assert len(ref) == len(IDS.split(","))
    assert {r["stop"] for r in ref.values()} == {"fixed", "candidates", "proposals"}, ref  # each way to end
    assert _decided(out) == ref
    assert _candidates(out) == _candidates(one_worker)  # the same search path, candidate by candidate
    ids = [r["task_id"] for r in _lines(out / RunLog.RESULTS)]
    assert len(ids) == len(set(ids)) == len(ref)  # one results.jsonl, one line per task
    assert not (out / CACHE_DIR).exists()  # the shared verdict cache is removed when the run is complete


def _busy(n: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


@pytest.mark.long  # minutes of runs: `scripts/test.sh --long` (CI runs it)
@needs_data
def test_the_same_command_under_cpu_load_gives_the_same_results(one_worker: Path, tmp_path: Path) -> None:
    """Counted budgets: two busy loops on a 2-core machine slow the run down but change no result. A check
    past its (wall-clock) timeout could; each task records how many it had (extra.timeouts)."""
    hogs = _busy(2)
    try:
        out = tmp_path / "loaded"
        _run(out, 1)
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    loaded = RunLog(out).results()
    timeouts = {r.task_id: r.extra.get("timeouts") for r in loaded if r.extra.get("timeouts")}
    assert _decided(out) == _decided(one_worker), f"checks past their timeout under load: {timeouts}"
    assert not timeouts


def _children(pid: int, workers_only: bool = False) -> list[int]:
    """Child processes of ``pid`` (with ``workers_only``: the bench workers, not multiprocessing's tracker)."""
    kids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) != pid:
                continue
            with contextlib.suppress(OSError):
                if not workers_only or b"spawn_main" in (d / "cmdline").read_bytes():
                    kids.append(int(d.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.long  # minutes of runs: `scripts/test.sh --long` (CI runs it)
@needs_data
def test_a_sigkilled_process_run_resumes_without_loss_or_duplicates(one_worker: Path, tmp_path: Path) -> None:
    out = tmp_path / "killed"
    proc = subprocess.Popen(_bench(out, 2), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 600
    while time.time() < deadline and not _lines(out / RunLog.RESULTS):
        time.sleep(0.05)
    workers = _children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    n = len(IDS.split(","))
    assert 1 <= len(_lines(out / RunLog.RESULTS)) < n, "the run was not killed in the middle"
    # the worker processes notice that their parent is gone and end (polling, so give them a moment)
    deadline = time.time() + 60
    while time.time() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.2)
    assert workers and not any(_alive(p) for p in workers)
    _run(out, 2)
    results = _lines(out / RunLog.RESULTS)
    assert sorted(r["task_id"] for r in results) == sorted(_decided(one_worker))  # none lost, none twice
    assert _decided(out) == _decided(one_worker)
    assert _candidates(out) == _candidates(one_worker)  # attempts of the killed tasks dropped, then redone


@pytest.mark.long  # minutes of runs: `scripts/test.sh --long` (CI runs it)
@needs_data
def test_a_dead_worker_leaves_its_task_for_the_resume(one_worker: Path, tmp_path: Path) -> None:
    """A worker process killed mid-task (OOM killer, say): its task gets no result line (never a made-up
    one), a new worker takes the remaining tasks, the run exits 2 naming the task, and the same command
    finishes it."""
    out = tmp_path / "dead"
    proc = subprocess.Popen(_bench(out, 2), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 600
    while time.time() < deadline and not _lines(out / RunLog.RESULTS):
        time.sleep(0.05)
    victims = _children(proc.pid, workers_only=True)
    for pid in victims:  # both workers: at least one holds a task, since the first result is in
        os.kill(pid, signal.SIGKILL)
    _, err = proc.communicate(timeout=1200)
    n = len(IDS.split(","))
    assert victims and proc.returncode == 2, err[-2000:]
    assert "did not finish" in err and "rerun the same command" in err
    assert len(_lines(out / RunLog.RESULTS)) < n
    _run(out, 2)
    assert _decided(out) == _decided(one_worker)
    assert _candidates(out) == _candidates(one_worker)


def test_processes_only_for_search_strategies_without_in_process_weights() -> None:
    cfg = BenchConfig(suite="alloy4fun", strategy="mutate", model="none", workers=2)
    assert use_processes(cfg)
    assert not use_processes(cfg.model_copy(update={"workers": 1}))
    assert not use_processes(cfg.model_copy(update={"strategy": "single-gf"}))
    # an in-process model would be loaded once per process: threads (and batched inference) instead
    assert not use_processes(cfg.model_copy(update={"strategy": "hybrid", "model": "smollm2-135m"}))


def test_unfinished_tasks_say_how_to_resume() -> None:
    e = UnfinishedTasks(["a", "b"], ["worker 1 died with exit code -9 on a"])
    assert e.ids == ["a", "b"] and "rerun the same command" in str(e) and "exit code -9" in str(e)


def test_stop_codes() -> None:
    from fmrepair.agents.runner import stop_code

    assert stop_code("candidates: candidate budget spent (60)") == "candidates"
    assert stop_code("wall_cap: wall-time cap hit (20 s)") == "wall_cap"
    assert stop_code("fixed") == "fixed"
    assert stop_code("candidate budget spent (60)") == ""  # a line written before stop codes


@pytest.mark.skipif(not hasattr(os, "getppid"), reason="POSIX only")
def test_search_budgets_are_counted_with_a_wall_cap_by_default() -> None:
    from fmrepair.agents.config import DEFAULT_SEARCH_CANDIDATES, DEFAULT_SEARCH_WALL_CAP_S
    from fmrepair.agents.mutation.search import DEFAULT_CANDIDATES

    assert DEFAULT_CANDIDATES == DEFAULT_SEARCH_CANDIDATES == 3000
    assert DEFAULT_SEARCH_WALL_CAP_S >= 600  # a safety cap, far above what the counted budget needs


def test_the_proposal_budget_is_part_of_a_runs_identity() -> None:
    from fmrepair.eval.run.identity import identity_diffs

    base = BenchConfig(suite="alloy4fun", strategy="mutate", model="none")
    code = {"git_commit": "a" * 40, "git_dirty": False, "git_diff_sha256": None}
    new = base.model_copy(update={"proposals": 5000})
    assert identity_diffs(base.model_dump(), code, new.model_dump(), code) == ["proposals: None -> 5000"]
    assert identity_diffs(base.model_dump(), code, base.model_copy(update={"workers": 2}).model_dump(), code) == []
