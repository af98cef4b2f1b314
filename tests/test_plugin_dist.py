"""A third-party distribution through the real CLI: tests/plugin_toy is installed as a throwaway
distribution (a copy of the package and a ``.dist-info`` with its entry points, on PYTHONPATH) and each
of its plug-ins is reached the way a user reaches a built-in: a verifier found by its file suffix in
`fmrepair check`, a strategy and a suite (with the strategy's facts: no model) run by `bench run` with
the plug-in gate, a task kind of its own run by the same engine, and a SLURM job kind rendered by
`fmrepair slurm render`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

TOY = Path(__file__).parent / "plugin_toy" / "fmrepair_toy"

ENTRY_POINTS = """\
[fmrepair.verifiers]
tally = fmrepair_toy:TallyVerifier

[fmrepair.gates]
tally = fmrepair_toy:tally_gate

[fmrepair.strategies]
tally-add = fmrepair_toy:AddOne
tally-look = fmrepair_toy:Look

[fmrepair.suites]
tally = fmrepair_toy:TallySuite
tally-audit = fmrepair_toy:AuditSuite

[fmrepair.kinds]
tally-audit = fmrepair_toy:AuditKind

[fmrepair.slurm_kinds]
tally = fmrepair_toy:tally_job
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("site")
    shutil.copytree(TOY, site / "fmrepair_toy")
    info = site / "fmrepair_toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fmrepair-toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    return site


def _cli(site: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, "-m", "fmrepair", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=300)


def test_without_the_distribution_the_suffix_is_unknown(tmp_path: Path) -> None:
    f = tmp_path / "a.tally"
    f.write_text("want 2\n1\n1\n")
    r = subprocess.run([sys.executable, "-m", "fmrepair", "check", str(f)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "unknown extension '.tally'" in r.stderr


def test_a_plug_in_verifier_is_reached_by_its_suffix_from_check(site: Path, tmp_path: Path) -> None:
    good, bad = tmp_path / "good.tally", tmp_path / "bad.tally"
    good.write_text("want 2\n1\n1\n")
    bad.write_text("want 3\n1\n1\n")
    r = _cli(site, "check", "--json", str(good), str(bad))
    verdicts = json.loads(r.stdout)
    by_path = {Path(v["path"]).name: v for v in verdicts}
    assert by_path["good.tally"]["formalism"] == "tally" and by_path["good.tally"]["status"] == "ok"
    assert by_path["bad.tally"]["status"] == "failed", r.stdout + r.stderr
    assert r.returncode == 1  # a failing file fails the command


def test_a_plug_in_strategy_and_suite_run_through_bench_with_the_plug_in_gate(site: Path, tmp_path: Path) -> None:
    root = tmp_path / "bench"
    root.mkdir()
    (root / "short.tally").write_text("want 3\n1\n")  # two 1s short: the strategy's third candidate is met
    (root / "met.tally").write_text("want 1\n1\n")  # not faulty: its own row, no strategy
    r = _cli(site, "strategies")
    listed = [ln.split()[:3] for ln in r.stdout.splitlines()]
    assert r.returncode == 0 and ["tally-add", "repair", "no"] in listed, r.stdout
    out = tmp_path / "run"
    r = _cli(site, "bench", "run", "--suite", "tally", "--root", str(root), "--out", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    results = {d["task_id"]: d for d in map(json.loads, (out / "results.jsonl").read_text().splitlines())}
    assert results["met"]["status"] == "not_faulty"
    short = results["short"]
    assert short["strategy"] == "tally-add", short
    assert short["status"] == "ran" and short["repaired"] and short["faithful"], short
    assert short["candidate"].split() == ["want", "3", "1", "1", "1"]
    assert short["equivalent"] is True  # the plug-in suite's own score decides it
    attempts = [json.loads(x) for x in (out / "attempts.jsonl").read_text().splitlines()]
    assert [a["faithful"] for a in attempts if a["task_id"] == "short"] == [False, True]
    assert short["model"] == "none"  # the strategy's facts: it needs no model, none was loaded


def test_a_plug_in_task_kind_runs_through_the_same_engine(site: Path, tmp_path: Path) -> None:
    root = tmp_path / "bench"
    root.mkdir()
    (root / "short.tally").write_text("want 3\n1\n")
    (root / "met.tally").write_text("want 1\n1\n")
    out = tmp_path / "run"
    r = _cli(site, "bench", "run", "--suite", "tally-audit", "--root", str(root), "--out", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    rows = {d["task_id"]: d for d in map(json.loads, (out / "results.jsonl").read_text().splitlines())}
    assert {k: (d["strategy"], d["repaired"], d["stop_reason"]) for k, d in rows.items()} == {
        "met": ("tally-look", True, "audited"), "short": ("tally-look", False, "audited")}
    assert json.loads((out / "manifest.json").read_text())["kind"] == "tally-audit"
    r = _cli(site, "bench", "run", "--suite", "tally-audit", "--root", str(root), "--out", str(tmp_path / "x"),
             "--samples", "2")
    assert r.returncode == 2 and "an audit takes one sample" in r.stderr  # the kind's own check, before a run
    assert not (tmp_path / "x" / "results.jsonl").exists()
    r = _cli(site, "bench", "run", "--suite", "tally-audit", "--root", str(root), "--out", str(tmp_path / "y"),
             "--strategy", "mutate")
    assert r.returncode == 2 and "tally-audit tasks" in r.stderr and "tally-look" in r.stderr


def test_a_plug_in_slurm_job_kind_renders(site: Path, tmp_path: Path) -> None:
    r = _cli(site, "slurm", "render", "tally", "--run-dir", str(tmp_path / "r"), "--greeting", "hi there")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("#!") and "#SBATCH" in r.stdout
    assert 'echo "tally job for ' in r.stdout and "hi there" in r.stdout
