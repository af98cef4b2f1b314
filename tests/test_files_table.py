"""`bench report --format table6`: repair runs counted by files as the peers count them. A duplicate file
takes its representative's outcome, a file whose task was not run is its own column (not a failure, not in
the rate), a raw repair the gate rejected is not faithful, and the peer column is seed 000's figure."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fmrepair.cli import app
from fmrepair.eval.peers import best_peer, paper_best
from fmrepair.eval.report.tables import ReportError, report_text
from fmrepair.runlog import RunLog, RunManifest, TaskResult

REPO = Path(__file__).resolve().parent.parent
HELDOUT = REPO / "benchmarks" / "heldout" / "alloy4fun" / "versions"


def _suite(tmp: Path) -> Path:
    """Four versions files of the held-out split, plus a byte copy of the first (a seed 000 duplicate)."""
    root = tmp / "suite"
    (root / "versions").mkdir(parents=True)
    files = sorted(HELDOUT.glob("*.als"))[:4]
    for f in files:
        shutil.copy(f, root / "versions" / f.name)
    shutil.copy(files[0], root / "versions" / "zz_copy.als")
    return root


def _run(tmp: Path, root: Path, outcomes: dict[str, tuple[bool, bool]]) -> Path:
    folder = tmp / "run"
    log = RunLog(folder)
    cfg = {"suite": "alloy4fun", "root": str(root), "mode": "hidden", "strategy": "mutate", "family": []}
    log.write_manifest(RunManifest(kind="repair", run_config=cfg, model={"name": "none"}))
    for tid, (raw, faithful) in outcomes.items():
        log.append_result(
            TaskResult(
                task_id=tid,
                strategy="mutate",
                model="none",
                repaired=raw,
                faithful=faithful,
                equivalent=faithful,
                iterations=1,
                attempts=1,
            )
        )
    return folder


def _ids(root: Path) -> list[str]:
    return sorted(f"versions/{p.stem}" for p in (root / "versions").glob("*.als") if p.stem != "zz_copy")


def test_duplicates_count_as_files_and_unrun_files_are_out(tmp_path: Path) -> None:
    root = _suite(tmp_path)
    a, b, c, _d = _ids(root)
    # a: faithful (and stands for zz_copy), b: raw but gate-rejected, c: not repaired, d: not run
    run = _run(tmp_path, root, {a: (True, True), b: (True, False), c: (False, False)})
    text = report_text([run], "table6")
    row = next(line for line in text.splitlines() if "| versions |" in line)
    cells = [x.strip() for x in row.strip("|").split("|")]
    # run, strategy, family, files, faithful / all files, counted, faithful / counted, raw, equivalent,
    # rejected, unknown, unrepaired, errors, infrastructure, not faulty, not run, peer, paper
    assert cells[1:7] == ["mutate", "versions", "5", "**2 / 5 (40.0%)**", "4", "2 / 4 (50.0%)"]
    assert cells[7] == "3 / 4 (75.0%)"
    assert cells[9] == "1" and cells[11] == "1" and cells[15] == "1"


def test_a_run_of_other_files_is_refused(tmp_path: Path) -> None:
    root = _suite(tmp_path)
    run = _run(tmp_path, root, {"versions/not_a_file_here": (True, True)})
    with pytest.raises(ReportError, match="not files of"):
        report_text([run], "table6")


def test_cli_root_override_and_peer_figures(tmp_path: Path) -> None:
    root = _suite(tmp_path)
    a = _ids(root)[0]
    run = _run(tmp_path, root, {a: (True, True)})
    moved = tmp_path / "moved"
    root.rename(moved)  # the recorded root is gone: an archive read on another machine
    res = CliRunner().invoke(app, ["bench", "report", str(run), "--format", "table6"])
    assert res.exit_code == 2 and "--root" in res.output
    res = CliRunner().invoke(app, ["bench", "report", str(run), "--format", "table6", "--root", str(moved)])
    assert res.exit_code == 0, res.output
    assert "**2 / 5 (40.0%)**" in res.output  # a and its copy over all files; three files were not run
    assert "| 2 / 2 (100.0%) |" in res.output  # over the counted files
    # seed 000 Table 6 / Table 5: the best peer per family
    assert best_peer("alloy4fun", "graphs") == ("ATR", 260, 283)
    assert best_peer("alloy4fun", "cv") == ("ICEBAR", 86, 138)
    assert best_peer("arepair", "arepair") == ("BeAFix", 24, 38)
    assert best_peer("alloy4fun", "versions") is None
    # the paper's own best setting over all files (its GPT-4o settings ran on a 60-file subset only)
    assert paper_best("alloy4fun", "lts") == ("setting 11", 115, 249)
    assert paper_best("arepair", "arepair") == ("settings 6 and 9", 28, 38)


def test_a_run_of_several_strategies_counts_each(tmp_path: Path) -> None:
    root = _suite(tmp_path)
    a, b, *_ = _ids(root)
    run = _run(tmp_path, root, {a: (True, True)})
    log = RunLog(run)
    log.append_result(
        TaskResult(task_id=b, strategy="hybrid", model="none", repaired=True, faithful=True, iterations=1, attempts=1)
    )
    text = report_text([run], "table6")
    rows = [line for line in text.splitlines() if "| versions |" in line]
    assert [r.split("|")[2].strip() for r in rows] == ["mutate", "hybrid"]
    assert "**2 / 5 (40.0%)**" in rows[0] and "**1 / 5 (20.0%)**" in rows[1]
