"""Reproducible figures: the resume identity (every field that changes results, and the code version),
archives (`bench archive`: compact, no hidden text, read back by `bench report`) and the README table
regenerated from archives."""

from __future__ import annotations

import gzip
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fmrepair.eval.report.archive import ArchiveError, archive, leaks
from fmrepair.eval.report.tables import run_summary
from fmrepair.eval.run import identity
from fmrepair.eval.run.engine import BenchConfig
from fmrepair.eval.run.identity import IDENTITY, ConfigMismatch, check_identity, code_version, identity_diffs
from fmrepair.eval.suites import default_root
from fmrepair.runlog import RunLog, RunManifest, TaskResult
from fmrepair.task import Task

REPO = Path(__file__).resolve().parent.parent
needs_data = pytest.mark.skipif(not default_root("alloy4fun").is_dir(), reason="../shared/benchmarks is missing")


def _readme_module():
    spec = importlib.util.spec_from_file_location("regenerate_readme", REPO / "benchmarks" / "regenerate_readme.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


readme = _readme_module()

BASE = BenchConfig(suite="alloy4fun", mode="hidden", strategy="mutate", model="none", family=["graphs"], limit=3)
CODE = {"git_commit": "a" * 40, "git_dirty": False, "git_diff_sha256": None}

# one changed value per field class: budgets, timeouts, sampling, model and strategy, task selection
CHANGES = {
    "wall_seconds": 20.0,
    "candidates": 3000,
    "k": 3,
    "samples": 4,
    "check_timeout_s": 10.0,
    "temperature": 0.7,
    "max_new_tokens": 800,
    "seed": 1,
    "model": "qwen2.5-coder-0.5b",
    "strategy": "hybrid",
    "suite": "arepair",
    "mode": "frozen",
    "root": "/elsewhere",
    "family": ["cv"],
    "ids": ["x"],
    "limit": 4,
    "edit_mode": "whole",
    "independent_samples": True,
}


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_every_field_that_changes_results_is_in_the_identity(field: str) -> None:
    assert field in IDENTITY
    new = BASE.model_copy(update={field: CHANGES[field]})
    diffs = identity_diffs(BASE.model_dump(), CODE, new.model_dump(), CODE)
    assert diffs == [f"{field}: {getattr(BASE, field)!r} -> {CHANGES[field]!r}"]
    with pytest.raises(ConfigMismatch) as e:
        check_identity(Path("/run"), BASE.model_dump(), CODE, new.model_dump(), CODE)
    assert field in str(e.value) and repr(CHANGES[field]) in str(e.value) and repr(getattr(BASE, field)) in str(e.value)


def test_settings_that_do_not_change_results_may_differ() -> None:
    new = BASE.model_copy(update={"workers": 4, "verifier_workers": 2})
    assert identity_diffs(BASE.model_dump(), CODE, new.model_dump(), CODE) == []


@pytest.mark.parametrize(
    ("field", "value"), [("git_commit", "b" * 40), ("git_dirty", True), ("git_diff_sha256", "c" * 64)]
)
def test_code_version_is_in_the_identity(field: str, value: object) -> None:
    other = {**CODE, field: value}
    with pytest.raises(ConfigMismatch) as e:
        check_identity(Path("/run"), BASE.model_dump(), CODE, BASE.model_dump(), other)
    assert f"{field}: {CODE[field]!r} -> {value!r}" in str(e.value)


def test_allow_code_change_lets_only_the_code_differ_and_is_recorded(tmp_path: Path) -> None:
    from fmrepair.eval.run.engine import check_run_identity

    other = {**CODE, "git_commit": "b" * 40}
    assert check_identity(Path("/r"), BASE.model_dump(), CODE, BASE.model_dump(), other, allow_code_change=True)
    new = BASE.model_copy(update={"candidates": 5})
    with pytest.raises(ConfigMismatch, match="candidates: None -> 5"):
        check_identity(Path("/r"), BASE.model_dump(), CODE, new.model_dump(), other, allow_code_change=True)
    log = RunLog(tmp_path)
    log.write_manifest(RunManifest(config={"bench": BASE.model_dump()}, **CODE))
    with pytest.raises(ConfigMismatch, match="--allow-code-change"):
        check_run_identity(log, BASE, other)
    check_run_identity(log, BASE, other, allow_code_change=True)
    manifest = log.read_manifest()
    assert manifest is not None and manifest.git_commit == "a" * 40  # the run's own code version stays
    assert [r["git_commit"] for r in manifest.resumes] == ["b" * 40]
    check_run_identity(log, BASE, CODE)  # the same code as the run: nothing to record
    assert len(log.read_manifest().resumes) == 1  # type: ignore[union-attr]


def test_a_none_budget_is_not_a_wildcard() -> None:
    """A run made without --wall-seconds is not resumed with one (the old check skipped None values)."""
    new = BASE.model_copy(update={"wall_seconds": 5.0})
    assert identity_diffs(BASE.model_dump(), CODE, new.model_dump(), CODE) == ["wall_seconds: None -> 5.0"]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


def test_code_version_records_a_dirty_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _git(tmp_path, "init", "-q")
    (tmp_path / "a.py").write_text("x = 1\n")
    _git(tmp_path, "add", "a.py")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    monkeypatch.setattr(identity, "REPO", tmp_path)
    clean = code_version()
    assert clean["git_dirty"] is False and clean["git_diff_sha256"] is None and len(clean["git_commit"]) == 40
    (tmp_path / "a.py").write_text("x = 2\n")
    one = code_version()
    (tmp_path / "a.py").write_text("x = 3\n")
    two = code_version()
    assert one["git_dirty"] and two["git_dirty"] and one["git_commit"] == clean["git_commit"]
    assert one["git_diff_sha256"] != two["git_diff_sha256"]  # a different edit is a different code version
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "x.md").write_text("notes\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text("def test(): pass\n")
    assert code_version() == two  # tests and documents do not change results
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "new.py").write_text("y = 1\n")  # an untracked module changes results too
    assert code_version()["git_dirty"] is True


def test_this_checkout_has_a_code_version() -> None:
    v = code_version()
    assert v["git_commit"] and v["git_dirty"] in (True, False)
    assert (v["git_diff_sha256"] is None) == (v["git_dirty"] is False)


def test_resume_with_another_budget_is_refused_by_the_cli(tmp_path: Path) -> None:
    """Through `bench run`: the manifest of a run made with --candidates 200 --timeout 10 refuses a
    resume with --candidates 300 before any task runs; the message names the fields and both values."""
    from fmrepair.cli import app
    from fmrepair.manifest import build_manifest

    made = BASE.model_copy(update={"candidates": 200, "check_timeout_s": 10.0, "root": str(tmp_path / "data")})
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "graphs").mkdir()
    run = tmp_path / "run"
    RunLog(run).write_manifest(
        build_manifest({"bench": made.model_dump(), "tasks": 0}, {}).model_copy(update=code_version())
    )
    args = ["bench", "run", "--suite", "alloy4fun", "--root", str(tmp_path / "data"), "--family", "graphs"]
    args += ["--limit", "3", "--strategy", "mutate", "--model", "none", "--out", str(run)]
    res = CliRunner().invoke(app, [*args, "--candidates", "300", "--timeout", "10"])
    assert res.exit_code == 2, res.output
    assert "candidates: 200 -> 300" in res.output and "different run" in res.output
    assert not (run / "results.jsonl").exists()


# -- archives ------------------------------------------------------------------------------------

ORACLE = "\npred inv1_OK { all n: Node | n not in n.^next }\nassert inv1_Repaired { inv1[] iff inv1_OK[] }\n"
ORACLE += "check inv1_Repaired expect 0\n"
VISIBLE = "sig Node { next: lone Node }\npred inv1 { all n: Node | n in n.^next }\n"
FIXED = "sig Node { next: lone Node }\npred inv1 { no n: Node | n in n.^next }\n"


def _task(tid: str = "graphs/t1") -> Task:
    return Task(
        id=tid,
        suite="alloy4fun",
        visible=VISIBLE,
        hidden_oracle=ORACLE,
        meta={"family": "graphs", "hidden_reference_names": ["inv1_OK", "inv1_Repaired"]},
    )


def _result(tid: str, candidate: str | None, **kw: object) -> TaskResult:
    base = {"repaired": candidate is not None, "faithful": candidate is not None, "equivalent": candidate is not None}
    return TaskResult(
        task_id=tid,
        strategy="mutate",
        model="none",
        iterations=1,
        attempts=3,
        first_success=1 if candidate else None,
        candidate=candidate,
        **{**base, **kw},  # type: ignore[arg-type]
    )


def _run(
    folder: Path, results: list[TaskResult], command: str | None = "fmrepair bench run --x", root: str | None = None
) -> Path:
    log = RunLog(folder)
    bench = BASE.model_dump() | ({"root": root} if root else {})
    log.write_manifest(RunManifest(config={"bench": bench, "tasks": len(results)}, command=command, **CODE))
    for r in results:
        log.append_result(r)
    (folder / "attempts.jsonl").write_text('{"secret attempts": 1}\n')
    return folder


def test_archive_is_compact_and_reads_back_like_the_run(tmp_path: Path) -> None:
    results = [
        _result("graphs/t1", FIXED, reached_edits=["pred inv1 (reached by assert A)"]),
        _result("graphs/t2", None, status="not_faulty"),
        _result("graphs/t3", None, repaired=True, gate_unknown=2),
    ]
    run = _run(tmp_path / "run", results)
    tasks = {t: _task(t) for t in ("graphs/t1", "graphs/t2", "graphs/t3")}
    info = archive(run, tmp_path / "arch", tasks)
    arch = tmp_path / "arch"
    assert info["results"] == 3
    assert sorted(p.name for p in arch.iterdir()) == ["command.txt", "manifest.json", "results.jsonl.gz"]
    assert (arch / "command.txt").read_text() == "fmrepair bench run --x\n"
    lines = gzip.decompress((arch / "results.jsonl.gz").read_bytes()).decode().splitlines()
    assert [json.loads(x)["task_id"] for x in lines] == ["graphs/t1", "graphs/t2", "graphs/t3"]
    a, b = run_summary(run), run_summary(arch)
    assert a["overall"] == b["overall"] and b["overall"]["tasks"] == 2  # the not-faulty task is out
    assert b["overall"]["outcomes"]["gate_unknown"] == 1 and b["overall"]["faithful_reached_edits"] == 1
    first = (arch / "results.jsonl.gz").read_bytes()
    archive(run, arch, tasks, force=True)
    assert (arch / "results.jsonl.gz").read_bytes() == first  # same run, same bytes
    with pytest.raises(ArchiveError, match="not empty"):
        archive(run, arch, tasks)
    with pytest.raises(ArchiveError, match="archived again"):
        archive(arch, tmp_path / "again", tasks)


@pytest.mark.parametrize(
    "cheat",
    [
        FIXED + "pred inv1_OK { all n: Node | n not in n.^next }\n",  # the hidden oracle's own paragraph
        FIXED + "// like inv1_Repaired\n",  # a hidden name
    ],
)
def test_archive_refuses_hidden_oracle_text(tmp_path: Path, cheat: str) -> None:
    run = _run(tmp_path / "run", [_result("graphs/t1", cheat)])
    assert leaks(json.loads((run / "results.jsonl").read_text()), _task())
    with pytest.raises(ArchiveError, match="graphs/t1"):
        archive(run, tmp_path / "arch", {"graphs/t1": _task()})
    assert not (tmp_path / "arch").exists()


def test_archive_needs_the_command_and_known_tasks(tmp_path: Path) -> None:
    run = _run(tmp_path / "run", [_result("graphs/t1", FIXED)], command=None)
    with pytest.raises(ArchiveError, match="--command"):
        archive(run, tmp_path / "a", {"graphs/t1": _task()})
    archive(run, tmp_path / "a", {"graphs/t1": _task()}, command="fmrepair bench run --y")
    assert (tmp_path / "a" / "command.txt").read_text() == "fmrepair bench run --y\n"
    with pytest.raises(ArchiveError, match="not a task"):
        archive(run, tmp_path / "b", {}, command="c")


def test_readme_table_is_regenerated_between_the_markers(tmp_path: Path) -> None:
    results = tmp_path / "results"
    run = _run(tmp_path / "run", [_result("graphs/t1", FIXED), _result("graphs/t2", None, status="not_faulty")])
    archive(run, results / "graphs-mutate", {t: _task(t) for t in ("graphs/t1", "graphs/t2")})
    table = readme.table(results)
    row = table.splitlines()[2]
    assert row.startswith(
        "| `graphs-mutate` (aaaaaaaaaa) | alloy4fun / hidden / graphs (development split) | mutate / none |"
    )
    assert "**1 / 1 (100.0%)**" in row and "`fmrepair bench run --x`" in row
    held = _run(tmp_path / "held", [_result("graphs/t1", FIXED)], root="/x/benchmarks/heldout/alloy4fun")
    archive(held, results / "held-mutate", {"graphs/t1": _task("graphs/t1")})
    label = "| alloy4fun / hidden / graphs (synthetic near-mutant regression set, written here) |"
    assert label in readme.table(results)  # says which split, and that it is not real data
    page = tmp_path / "README.md"
    page.write_text(f"# t\n\nkeep me\n\n{readme.BEGIN}\nold row\n{readme.END}\n\nand me\n")
    assert readme.main(["--results", str(results), "--readme", str(page), "--check"]) == 1
    assert readme.main(["--results", str(results), "--readme", str(page), "--write"]) == 0
    text = page.read_text()
    assert "old row" not in text and row in text and "keep me" in text and text.endswith("and me\n")
    assert readme.main(["--results", str(results), "--readme", str(page), "--check"]) == 0
    (tmp_path / "bare.md").write_text("# no markers\n")
    assert readme.main(["--results", str(results), "--readme", str(tmp_path / "bare.md"), "--write"]) == 2


def test_the_repository_readme_table_is_up_to_date() -> None:
    assert readme.main(["--check"]) == 0, "run: .venv/bin/python benchmarks/regenerate_readme.py --write"


@needs_data
@pytest.mark.long  # a real run, archived and reported, over a minute: `scripts/test.sh --long` (CI runs it)
def test_a_real_run_archives_reports_and_regenerates(tmp_path: Path) -> None:
    """The mutate search on 3 graphs tasks -> `bench archive` -> `bench report` and the README table."""
    fm = [sys.executable, "-m", "fmrepair", "bench"]
    run, arch = tmp_path / "run", tmp_path / "results" / "graphs3"
    cmd = ["run", "--suite", "alloy4fun", "--family", "graphs", "--limit", "3", "--strategy", "mutate"]
    cmd += ["--model", "none", "--candidates", "200", "--timeout", "10", "--out", str(run), "--json"]
    cmd += ["--confirm-scope", "0"]  # archiving, not the search: with it acyclic_11 takes 70 s, not 2
    made = subprocess.run(fm + cmd, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr[-2000:]
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["command"].startswith("fmrepair bench run --suite alloy4fun") and "git_dirty" in manifest
    done = subprocess.run(fm + ["archive", str(run), "--out", str(arch)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (arch / "command.txt").read_text().strip() == manifest["command"]
    rep = subprocess.run(fm + ["report", str(arch), "--format", "json"], capture_output=True, text=True, timeout=120)
    assert rep.returncode == 0, rep.stderr[-2000:]
    got = json.loads(rep.stdout)["runs"][0]
    assert got["tasks"] == json.loads(made.stdout)["overall"]["tasks"] == 3
    assert "| alloy4fun / hidden / graphs (development split) | mutate / none |" in readme.table(tmp_path / "results")


def test_an_archived_gate_run_must_be_quoted_by_the_readme(tmp_path: Path) -> None:
    """`gate_adversarial.py --out` writes a summary whose sentence the README must quote (else --check fails)."""
    spec = importlib.util.spec_from_file_location("gate_adversarial", REPO / "benchmarks" / "gate_adversarial.py")
    assert spec and spec.loader
    gate_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gate_bench)
    recs = [{"case": "alloy/c1", "class": "x", "expect": "reject", "got": "unknown", "reasons": [], "known_gap": None},
            {"case": "alloy/c2", "class": "x", "expect": "reject", "got": "accept", "reasons": [], "known_gap": "gap"},
            {"case": "alloy/h1", "class": "y", "expect": "accept", "got": "accept", "reasons": [], "known_gap": None},
            {"case": "alloy/p1", "class": "z", "expect": "narrows", "got": "reject", "reasons": [], "known_gap": None}]
    results = tmp_path / "results"
    summary = gate_bench.archive(results / "gate-adversarial-alloy", "alloy", recs, 1, 3.0, ["--formalism", "alloy"])
    assert summary.sentence == ("**1 of 2 cheats not accepted** (1 of them undecided), **1 of 1 honest fixes "
                                "accepted**, 0 of 1 as the policy expects")
    assert json.loads((results / "gate-adversarial-alloy" / "summary.json").read_text())["known_gaps"] == 1
    assert readme.gate_sentences(results) == {"gate-adversarial-alloy": summary.sentence}
    stale = "gate-adversarial-alloy: **1 of 2 cheats not accepted** (0 of them undecided) ..."
    assert readme.missing_gate_sentences(stale, results)
    assert not readme.missing_gate_sentences(f"row ({summary.sentence}; docs/results/gate-adversarial-alloy)", results)
