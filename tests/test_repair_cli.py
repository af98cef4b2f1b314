"""`fmrepair repair` end to end with a REAL small model (SmolLM2-135M, embedded) and the real analyzer:
whatever the outcome, the JSON summary and the run log must be complete and honest."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fmrepair.runlog import AttemptRecord, RunLog

EXAMPLE = Path(__file__).parent.parent / "examples" / "list_acyclic_faulty.als"


def _cli(*args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fmrepair", *args], capture_output=True, text=True, timeout=timeout)


@pytest.mark.long  # the embedded model's real repair run, ~31 s: `scripts/test.sh --long` (CI runs it)
@pytest.mark.slow
def test_real_small_model_run_is_logged_completely(tmp_path):
    pytest.importorskip("outlines")
    spec = tmp_path / "faulty.als"
    spec.write_text(EXAMPLE.read_text())
    log = tmp_path / "log"
    r = _cli(
        "repair",
        str(spec),
        "--strategy",
        "single-gf",
        "--model",
        "smollm2-135m",
        "-k",
        "2",
        "--max-new-tokens",
        "120",
        "--log",
        str(log),
        "--json",
    )
    assert r.returncode in (0, 1, 3, 4), r.stderr[-3000:]
    summary = json.loads(r.stdout)
    assert set(summary) >= {"outcome", "repaired", "iterations", "strategy", "model", "tokens", "seconds", "out",
                            "diff", "candidate", "lost"}
    assert summary["model"] == "smollm2-135m" and summary["strategy"] == "single-gf"
    assert summary["tokens"]["prompt"] > 0 and summary["tokens"]["completion"] > 0
    run = RunLog(log)
    attempts = run.attempts()
    results = run.results()
    assert run.read_manifest() is not None and len(results) == 1
    assert len(attempts) == summary["iterations"] == results[0].attempts
    for a in attempts:
        assert isinstance(a, AttemptRecord) and a.messages and a.messages[0]["role"] == "system"
        assert a.raw and a.prompt_tokens > 0 and a.seconds > 0
        # grammar-constrained: every answer parses as the tool call
        assert a.parse_error is None and a.parsed["request"] == "run_alloy_analyzer"
        assert a.candidate is not None or a.candidate_error
    fixed = spec.with_name("faulty.fixed.als")
    if summary["repaired"]:
        assert r.returncode == 0 and summary["out"] == str(fixed) and fixed.exists()
        assert results[0].faithful
    else:
        assert r.returncode == {"narrows": 4, "unknown": 3}.get(summary["outcome"], 1)
        assert summary["out"] is None and not fixed.exists()


def test_input_errors_exit_2(tmp_path):
    empty = tmp_path / "e.als"
    empty.write_text("")
    for args in (
        ["repair", str(tmp_path / "missing.als")],
        ["repair", str(empty)],
        ["repair", str(EXAMPLE), "--strategy", "nope"],
        ["repair", str(tmp_path / "x.txt")],
    ):
        if args[1].endswith(".txt"):
            Path(args[1]).write_text("sig A {}")
        r = _cli(*args, timeout=120)
        assert r.returncode == 2, (args, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_mutate_repair_files_exit_codes_and_its_log_in_report_and_viewer(tmp_path):
    """The everyday path without a model: repair writes FILE.fixed.als (exit 0), never overwrites it
    without --force (exit 2 naming it), --dry-run writes nothing, a syntax error is FILE:LINE:COL exit 2,
    and the run log opens in `bench report` and `bench view` (a user file: no suite)."""
    spec = tmp_path / "list.als"
    spec.write_text(EXAMPLE.read_text())
    log = tmp_path / "log"
    r = _cli("repair", str(spec), "--json", "--log", str(log), timeout=600)
    summary = json.loads(r.stdout)
    assert r.returncode == 0 and summary["outcome"] == "repaired" and summary["model"] == "none"
    assert summary["model_answers"] == 0 and summary["diff"].startswith("---")
    fixed = tmp_path / "list.fixed.als"
    assert fixed.read_text() == summary["candidate"]
    again = _cli("repair", str(spec), timeout=600)
    assert again.returncode == 2 and "list.fixed.als exists" in again.stderr and "--force" in again.stderr
    dry = tmp_path / "dry.als"
    dry.write_text(EXAMPLE.read_text())
    r = subprocess.run([sys.executable, "-m", "fmrepair", "repair", str(dry), "--dry-run"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and not (tmp_path / "dry.fixed.als").exists()
    assert not (tmp_path / "runs").exists()  # a dry run writes no log either
    broken = tmp_path / "broken.als"
    broken.write_text("sig A {}\nfact { all a: A | }\n")
    r = _cli("repair", str(broken), timeout=120)
    assert r.returncode == 2 and f"{broken}:2:" in r.stderr and not (tmp_path / "broken.fixed.als").exists()
    report = _cli("bench", "report", str(log), timeout=120)
    assert report.returncode == 0 and "## files / mutate / none" in report.stdout, report.stderr
    # a user's file has no reference: equivalence is not scored, never shown as 0
    assert "| **all** | 1 | 1 | 1 | n/a | " in report.stdout and "| 100.0% | 100.0% | n/a |" in report.stdout
    view = _cli("bench", "view", str(log), "--out", str(tmp_path / "site"), timeout=300)
    assert view.returncode == 0, view.stderr
    assert len(list((tmp_path / "site" / "tasks").glob("*.html"))) == 1


def test_repair_is_bench_run_on_one_file(tmp_path):
    """One front door: `repair FILE` is `bench run --suite files --root FILE` (same engine, options and
    log); the run config's options work in both, and what is not about one file is refused."""
    from fmrepair.eval.report.tables import load_manifest

    spec = tmp_path / "list.als"
    spec.write_text(EXAMPLE.read_text())
    log = tmp_path / "log"
    r = _cli("repair", str(spec), "--json", "--log", str(log), "--candidates", "200", "-k", "3",
             "--set", "search_lift=false", timeout=600)
    assert r.returncode == 0, r.stderr
    bench = load_manifest(log).settings
    assert bench["suite"] == "files" and bench["root"] == str(spec.resolve()) and bench["strategy"] == "mutate"
    assert bench["candidates"] == 200 and bench["k"] == 3 and bench["search_lift"] is False
    # the same settings through `bench run` on a folder of the user's files: the same repair
    folder = tmp_path / "specs"
    folder.mkdir()
    (folder / "list.als").write_text(EXAMPLE.read_text())
    (folder / "notes.txt").write_text("not a spec")
    run = tmp_path / "run"
    b = _cli("bench", "run", "--suite", "files", "--root", str(folder), "--out", str(run), "--candidates", "200",
             "-k", "3", "--set", "search_lift=false", "--json", timeout=600)
    assert b.returncode == 0, b.stderr
    rows = RunLog(run).results()
    assert [x.task_id for x in rows] == ["list.als"] and rows[0].faithful and rows[0].equivalent is None
    assert rows[0].candidate == json.loads(r.stdout)["candidate"]
    # refused before anything is written: a setting for suites, an editable name the file does not define
    for args, says in ((["--set", "suite=alloy4fun"], "suite"), (["--set", "workers=2"], "workers"),
                       (["--editable", "acyclc"], "--editable acyclc")):
        bad = _cli("repair", str(spec), "--log", str(tmp_path / "never"), *args, timeout=120)
        assert bad.returncode == 2 and says in bad.stderr and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
        assert not (tmp_path / "never").exists()
    # the engine refuses --editable for a suite that fixes what may change
    e = _cli("bench", "run", "--suite", "arepair", "--out", str(tmp_path / "x"), "--editable", "p", timeout=120)
    assert e.returncode == 2 and "--editable is for a user's own files" in e.stderr and not (tmp_path / "x").exists()


REVIEWS = """sig Person { conflicts: set Person }
sig Paper { authors: some Person, reviewers: set Person }
fact Mutual { conflicts = ~conflicts and no iden & conflicts }
fact NoConflicted { all p: Paper | no p.reviewers & p.authors.conflicts }
assert NoConflictReviews { all p: Paper, r: p.reviewers | no r.conflicts & p.authors }
check NoConflictReviews for 3
"""


def test_a_users_file_requires_its_behaviour_kept(verifier):
    """`repair`'s tasks (the `files` suite) ask the gate to require behaviour preservation: a candidate
    that loses an instance the file allows (here a paper reviewed by its own author) is "narrows", never
    faithful. Benchmark tasks only record it (their oracle decides)."""
    from fmrepair.eval.suites.files import user_task
    from fmrepair.verifiers.alloy.gate import gate_task

    narrowing = REVIEWS.replace("p.authors.conflicts }", "p.authors.(*conflicts) }")
    assert narrowing != REVIEWS
    task = user_task("reviews.als", Path("reviews.als"), REVIEWS)
    report = gate_task(task, narrowing, verifier)
    assert report.behaviour == "narrows" and report.lost and report.status == "narrows" and not report.faithful
    recorded = gate_task(task.model_copy(update={"meta": {**task.meta, "behaviour": "record"}}), narrowing, verifier)
    assert recorded.behaviour == "narrows" and recorded.faithful  # recorded only: the oracle of a benchmark decides
