"""CP-Bench suite: loading, the visible text never carries the reference code, the sandboxed reference
runner, and status/objective scoring of MiniZinc candidates (real minizinc where installed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fmrepair.agents.prompting import PromptGuard, PromptLeak
from fmrepair.eval.suites.base import default_root
from fmrepair.eval.suites.cpbench import DATASET, CpBenchSuite, score_cpbench, score_minizinc, split_script
from fmrepair.eval.suites.cpbench_ref import Reference, cache_dir, check_assignment, cpmpy_available, run_reference
from fmrepair.runlog import RunLog, RunManifest, TaskResult
from fmrepair.task import Task
from fmrepair.verifiers.minizinc.verifier import MznRun

ROOT = default_root("cp-bench")
needs_data = pytest.mark.skipif(not (ROOT / DATASET).is_dir(), reason="CP-Bench data not present")

SCRIPT = '''#!/usr/bin/python3
# Category: test
"""
Pick x in 0..5 with x at least 2; minimise x. Print x (x).
"""

# Data
low = 2
# End of data

from cpmpy import *
import json
x = intvar(0, 5, name="x")
model = Model([x >= low], minimize=x)
model.solve()
print(json.dumps({"x": x.value()}))
'''


def test_split_script_separates_description_data_and_code() -> None:
    parts = split_script(SCRIPT)
    assert parts.description.startswith("Pick x in 0..5")
    assert parts.data == "low = 2"
    assert "Model(" in parts.code and "Pick x" not in parts.code and "low = 2" not in parts.code
    assert parts.category == "test"


@pytest.fixture(scope="module")
def suite_load():
    return CpBenchSuite().load(ROOT)


@needs_data
def test_suite_loads_all_problems(suite_load) -> None:
    assert len(suite_load.tasks) == 164 and not suite_load.problems
    ids = {t.id for t in suite_load.tasks}
    assert {"cpbench-diet", "cpbench-abbots_puzzle"} <= ids
    assert all(t.formalism == "minizinc" and t.kind == "formalize" for t in suite_load.tasks)


@needs_data
def test_visible_text_never_contains_reference_code(suite_load) -> None:
    for t in suite_load.tasks:
        assert t.reference and "cpmpy" in t.reference
        for marker in ("import cpmpy", "from cpmpy import", "Model(", ".solve(", "json.dumps", "intvar(", "boolvar("):
            assert marker not in t.visible, (t.id, marker)
        code_lines = [ln.strip() for ln in t.reference.splitlines() if len(ln.strip()) >= 30]
        assert not any(ln in t.visible for ln in code_lines if "=" in ln and "(" in ln), t.id
        assert "hidden_script" not in t.public_view()["meta"]
        guard = PromptGuard(t.secrets(), t.visible)
        guard.check(t.visible)  # the visible text itself passes the guard
        with pytest.raises(PromptLeak):
            guard.check(t.visible + "\n" + t.reference)


@needs_data
def test_data_block_is_visible_for_instance_problems(suite_load) -> None:
    diet = next(t for t in suite_load.tasks if t.id == "cpbench-diet")
    assert "price = [50, 20, 30, 80]" in diet.visible and "minimize" not in diet.reference.split("Model(")[0]


@pytest.mark.skipif(not cpmpy_available(), reason="cpmpy/ortools not installed")
def test_sandbox_runs_reference_and_caches(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path / "cache"))
    script = tmp_path / "tiny.cpmpy.py"
    script.write_text(SCRIPT)
    ref = run_reference(script, timeout_s=60)
    assert (ref.status, ref.objective, ref.sense, ref.solution) == ("optimal", 2, "minimize", {"x": 2})
    assert list((tmp_path / "cache" / "cpbench").glob("tiny-*.json"))
    script.write_text(SCRIPT.replace("x >= low", "x >= low, x <= 1"))  # new content: new run, unsat
    assert run_reference(script, timeout_s=60).status == "unsat"


@pytest.mark.skipif(not cpmpy_available(), reason="cpmpy/ortools not installed")
def test_assignment_checked_against_reference_constraints(tmp_path: Path) -> None:
    script = tmp_path / "tiny.cpmpy.py"
    script.write_text(SCRIPT)
    good = check_assignment(script, {"x": 3}, timeout_s=60)  # feasible (not optimal: objectives are scored apart)
    assert good.consistent is True and good.matched == ["x"]
    assert check_assignment(script, {"x": 1}, timeout_s=60).consistent is False  # violates x >= low
    shape = check_assignment(script, {"x": [2, 3]}, timeout_s=60)
    assert shape.consistent is False and shape.mismatched
    other = check_assignment(script, {"y": 2}, timeout_s=60)  # names no reference variable: nothing to check
    assert other.consistent is None and other.unmatched == ["y"]
    # a key that names no variable is found by the value the reference printed for it (an unnamed variable
    # and a derived expression here)
    unnamed = tmp_path / "unnamed.cpmpy.py"
    unnamed.write_text(
        SCRIPT.replace('name="x"', "").replace(
            'print(json.dumps({"x": x.value()}))', 'print(json.dumps({"x": x.value(), "double": (2 * x).value()}))'
        )
    )
    by_value = check_assignment(unnamed, {"x": 3, "double": 6}, timeout_s=60)
    assert by_value.consistent is True and sorted(by_value.by_value) == ["double", "x"]
    assert check_assignment(unnamed, {"x": 3, "double": 7}, timeout_s=60).consistent is False


@pytest.mark.skipif(not cpmpy_available(), reason="cpmpy/ortools not installed")
def test_sandbox_contains_a_hostile_script(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path / "cache"))
    tiny = tmp_path / "tiny.cpmpy.py"
    tiny.write_text(SCRIPT)
    assert run_reference(tiny, timeout_s=60).objective == 2  # a cached answer a hostile script would like to edit
    (entry,) = (tmp_path / "cache" / "cpbench").glob("tiny-*.json")
    before = entry.read_bytes()
    script = tmp_path / "hostile.cpmpy.py"
    hostile = f"""\"\"\"x\"\"\"
import os
open("escaped.txt", "w").write("x")
for p in ({str(tmp_path / "escaped.txt")!r}, {str(entry)!r}, {str(entry.parent / "planted.json")!r}):
    try:
        open(p, "w").write("{{}}")
    except OSError:
        pass
while True:
    pass
"""
    script.write_text(hostile)
    ref = run_reference(script, timeout_s=3)
    assert ref.status == "timeout"
    assert not (tmp_path / "escaped.txt").exists() and not Path("escaped.txt").exists()
    assert entry.read_bytes() == before and not (entry.parent / "planted.json").exists()


@needs_data
@pytest.mark.skipif(not cpmpy_available(), reason="cpmpy/ortools not installed")
def test_reference_of_a_real_small_problem(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path / "cache"))
    ref = run_reference(ROOT / DATASET / "diet" / "diet.cpmpy.py", timeout_s=60)
    assert (ref.status, ref.objective, ref.sense) == ("optimal", 90, "minimize")


def _ref(status: str, objective: int | None = None, sense: str | None = None) -> Reference:
    return Reference(problem="p", sha256="0", status=status, objective=objective, sense=sense)


def test_score_by_status_and_objective() -> None:
    opt = _ref("optimal", 90, "minimize")
    assert score_minizinc(MznRun(status="ok", outcome="sat", objective=90, method="minimize"), opt) is True
    assert score_minizinc(MznRun(status="ok", outcome="sat", objective=100, method="minimize"), opt) is False
    assert score_minizinc(MznRun(status="ok", outcome="sat", objective=90, method="maximize"), opt) is False
    assert score_minizinc(MznRun(status="ok", outcome="sat", method="satisfy"), opt) is False
    assert score_minizinc(MznRun(status="failed", outcome="unsat"), opt) is False
    assert score_minizinc(MznRun(status="ok", outcome="sat", objective=90), _ref("sat", 95, "minimize")) is None
    sat = _ref("sat")
    assert score_minizinc(MznRun(status="ok", outcome="sat", method="satisfy"), sat) is True
    assert score_minizinc(MznRun(status="syntax_error", outcome="error"), sat) is False
    assert score_minizinc(MznRun(status="ok", outcome="sat"), _ref("timeout")) is None


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="minizinc not installed")
def test_real_minizinc_candidates_scored_against_reference() -> None:
    from fmrepair.verifiers.minizinc.verifier import MiniZincVerifier

    mzn = MiniZincVerifier()
    opt = _ref("optimal", 90, "minimize")
    good = (
        "array[1..4] of var 0..100: x;\n"
        "constraint 400*x[1]+200*x[2]+150*x[3]+500*x[4] >= 500;\n"
        "constraint 3*x[1]+2*x[2] >= 6;\n"
        "constraint 2*x[1]+2*x[2]+4*x[3]+4*x[4] >= 10;\n"
        "constraint 2*x[1]+4*x[2]+x[3]+5*x[4] >= 8;\n"
        "var int: cost = 50*x[1]+20*x[2]+30*x[3]+80*x[4];\n"
        "solve minimize cost;\n"
    )
    assert score_minizinc(mzn.solve(good, timeout_s=20), opt) is True
    wrong = good.replace(">= 10;", ">= 30;")  # a misread requirement changes the optimum
    assert score_minizinc(mzn.solve(wrong, timeout_s=20), opt) is False


@needs_data
@pytest.mark.skipif(shutil.which("minizinc") is None or not cpmpy_available(), reason="minizinc or cpmpy missing")
def test_runner_scores_a_cpbench_candidate(suite_load, tmp_path: Path, monkeypatch) -> None:
    from fmrepair.agents.formalize.loop import TaskOutcome
    from fmrepair.eval.kinds.formalize_arms import scorable, score
    from fmrepair.verifiers.diagnosis import Diagnosis

    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path / "cache"))
    t = next(t for t in suite_load.tasks if t.id == "cpbench-abbots_puzzle")
    assert scorable(t)

    def outcome(artifact: str) -> TaskOutcome:
        return TaskOutcome(t.id, "zero-shot", artifact, Diagnosis(formalism="minizinc"))

    good = "var 0..100: men; var 0..100: women; var 0..100: children;\n"
    good += "constraint men + women + children = 100;\nconstraint 6*men + 4*women + children = 200;\n"
    good += "constraint 5*men = women;\nsolve satisfy;\n"
    ok, detail = score(t, outcome(good))
    assert ok and detail["assignment"] == "consistent" and sorted(detail["matched"]) == ["children", "men", "women"]
    assert not score(t, outcome(good.replace("= 100;", "= 100 + men*0 + 1000;")))[0]  # unsat model
    assert not score(t, outcome("var int x"))[0]  # syntax error
    # satisfiable, so status-only scoring calls it correct; its one solution (2, 30, 68) is not the puzzle's
    under = good.replace("constraint 5*men = women;", "constraint men = 2;")
    ok, detail = score(t, outcome(under))
    assert detail["status_objective"] is True
    assert not ok and detail["assignment"] == "violates the reference constraints"
    ok, detail = score(t, outcome(good.replace("children", "kids")))  # an output key the problem asks for is missing
    assert not ok and detail["assignment"] == "missing output keys: children"


needs_cpmpy = pytest.mark.skipif(not cpmpy_available(), reason="cpmpy/ortools not installed")


def _tiny_task(tmp_path: Path, text: str = SCRIPT, name: str = "tiny") -> Task:
    script = tmp_path / f"{name}.cpmpy.py"
    script.write_text(text)
    return Task(
        id=f"cpbench-{name}",
        suite="cpbench",
        formalism="minizinc",
        kind="formalize",
        visible="x",
        meta={"hidden_script": str(script)},
    )


def _optimum(assignment: dict) -> MznRun:
    return MznRun(status="ok", outcome="sat", objective=2, method="minimize", assignment=assignment)


@needs_cpmpy
def test_a_tampered_cache_entry_is_detected_and_recomputed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path / "cache"))
    script = tmp_path / "tiny.cpmpy.py"
    script.write_text(SCRIPT)
    assert run_reference(script, timeout_s=60).objective == 2
    (entry,) = (tmp_path / "cache" / "cpbench").glob("tiny-*.json")
    assert oct(entry.stat().st_mode & 0o777) == "0o600"
    # an attacker who can write the file rewrites the objective, and even recomputes a plain sha256 of it
    import hashlib
    import json

    doc = json.loads(entry.read_text())
    payload = doc["reference"].replace('"objective": 2', '"objective": 1')
    assert payload != doc["reference"]
    entry.write_text(json.dumps({"reference": payload, "hmac_sha256": hashlib.sha256(payload.encode()).hexdigest()}))
    ref = run_reference(script, timeout_s=60)
    assert ref.objective == 2 and ref.cache_note and "HMAC-SHA256" in ref.cache_note
    again = run_reference(script, timeout_s=60)  # rewritten by fmrepair: verifies again
    assert again.objective == 2 and again.cache_note is None
    entry.write_text("{not json")
    assert "unreadable" in (run_reference(script, timeout_s=60).cache_note or "")


def test_the_cache_may_not_lie_where_sandboxed_scripts_read(tmp_path: Path, monkeypatch) -> None:
    import sys

    monkeypatch.setenv("FMREPAIR_CACHE", str(Path(sys.prefix) / "fmr-cache"))
    script = tmp_path / "tiny.cpmpy.py"
    script.write_text(SCRIPT)
    with pytest.raises(ValueError, match="sandboxed scripts"):
        run_reference(script, timeout_s=60)
    assert not cache_dir().exists()


@needs_cpmpy
def test_sandbox_unavailable_is_an_error_never_cached_and_scores_unknown(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path / "cache"))
    task = _tiny_task(tmp_path)
    assert run_reference(Path(task.meta["hidden_script"]), timeout_s=60).status == "optimal"  # cached now
    monkeypatch.setenv("PATH", str(tmp_path))  # bwrap is gone: isolation cannot be set up
    fresh = _tiny_task(tmp_path, SCRIPT.replace("x >= low", "x >= low, x <= 4"), "fresh")
    ref = run_reference(Path(fresh.meta["hidden_script"]), timeout_s=60)
    assert ref.status == "error" and ref.error and ref.error.startswith("sandbox unavailable: bwrap not found")
    assert not list((tmp_path / "cache" / "cpbench").glob("fresh-*.json"))
    check = check_assignment(Path(task.meta["hidden_script"]), {"x": 3}, timeout_s=60)
    assert check.consistent is None and "sandbox unavailable" in (check.error or "")
    ok, detail = score_cpbench(_optimum({"x": 2}), task)  # the reference is cached; the check cannot run
    assert ok is None and detail["score"] == "unknown" and "sandbox unavailable" in detail["assignment"]


@needs_cpmpy
def test_unchecked_assignments_score_none_never_true(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path / "cache"))
    task = _tiny_task(tmp_path)
    ok, detail = score_cpbench(_optimum({"x": 2}), task)
    assert ok is True and detail["score"] == "correct"
    ok, detail = score_cpbench(_optimum({"y": 2}), task)
    assert ok is False and detail["assignment"] == "missing output keys: x"
    # the reference prints a key that names no variable and whose value no expression had: nothing to check
    opaque = _tiny_task(tmp_path, SCRIPT.replace('{"x": x.value()}', '{"code": 7}'), "opaque")
    ok, detail = score_cpbench(_optimum({"code": 7}), opaque)
    assert ok is None and detail["score"] == "unknown" and detail["unmatched"] == ["code"]
    assert (
        detail["assignment"].startswith("unchecked (")
        and "no output key names a reference variable" in (detail["assignment"])
    )
    # the reference prints no JSON at all: the assignment cannot be checked either
    silent = _tiny_task(tmp_path, SCRIPT.replace('print(json.dumps({"x": x.value()}))', "pass"), "silent")
    ok, detail = score_cpbench(_optimum({"x": 2}), silent)
    assert ok is None and "printed no solution" in detail["assignment"]


def test_unknown_scores_are_counted_on_their_own_never_as_correct(tmp_path: Path) -> None:
    from fmrepair.eval.kinds.formalize_arms import summarize
    from fmrepair.eval.report.formalize_table import pool, rows

    log = RunLog(tmp_path / "run")
    log.write_manifest(RunManifest(config={"suite": "cpbench"}, model={"name": "m"}))
    for tid, correct in (("cpbench-a", True), ("cpbench-b", None), ("cpbench-c", False)):
        log.append_result(
            TaskResult(
                task_id=tid,
                strategy="zero-shot",
                model="m",
                status="unknown" if correct is None else "ran",
                repaired=correct is True,
                faithful=correct is True,
                iterations=1,
                attempts=1,
            )
        )
    summary = summarize(log)["zero-shot"]
    assert summary == {"tasks": 3, "correct": 1, "unknown": 1}
    (row,) = rows(pool([tmp_path / "run"]))
    assert row["zero-shot"] == round(100 / 3, 1) and row["score_unknown"]["zero-shot"] == 1
