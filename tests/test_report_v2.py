"""Run log format 2 and its readers: format-1 runs (the docs/results archives, an old formalize run) read
and report the same figures, a v2 round trip, Table 1 from a v2 run equals the old formalize-report,
readers never create folders, compare on formalize and annotate runs, outcome rows in every report kind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fmrepair.cli import app
from fmrepair.eval.report.compare import compare_runs
from fmrepair.eval.report.tables import open_run, report_text, run_summary
from fmrepair.runlog import AttemptRecord, RunLog, RunManifest, RunNotFound, TaskResult

REPO = Path(__file__).resolve().parent.parent
RESULTS = REPO / "docs" / "results"
METHODS = ("zero-shot", "self-review", "gated")
T, F = True, False
# task -> (zero-shot, self-review, gated) correct; None: the score could not be checked
TABLE = {
    "folio-a": (T, F, T),
    "folio-b": (T, T, T),
    "folio-c": (F, T, T),
    "folio-d": (F, F, T),
    "folio-e": (None, F, None),
}
# what `fmrepair formalize-report` printed at commit 4f36723 (format 1, before this change) for TABLE
OLD_TABLE1 = (
    "| benchmark | model | tasks | zero-shot % | self-review % (Δ) | gated % (Δ) | self-review vs zs: fixes/breaks "
    "(McNemar) | gated vs zs | gated vs self-review | break rate self-review / gated % | diagnosis worse than zs: "
    "self-review / gated | zs flagged: wrong / right | score unknown zs / self-review / gated |\n"
    "|---|---|---:|---:|---:|---:|---|---|---|---|---|---|---|\n"
    "| folio | m1 | 5 | 40.0 | 40.0 (+0.0) | 80.0 (+40.0) | +1/-1 (p=1) | +2/-0 (p=0.5) | +2/-0 (p=0.5) "
    "| 20.0 / 0.0 | 1 / 0 | 3/3 / 0/2 | 1 / 0 / 1 |\n\n"
    "Accuracy: answer (FOLIO label), status/objective/assignment (CP-Bench) or equivalence (PDDL), scored "
    "after each method returned. Fixes/breaks: wrong->right / right->wrong against the comparator on the same "
    "tasks; exact two-sided McNemar on those discordant pairs. Break rate: breaks over all pairs. Diagnosis "
    "worse: tasks whose final artifact has a higher diagnostic potential (execution rank, blocking weight) than "
    "the zero-shot one, a reference-free regression count. Flagged: zero-shot artifacts with a blocking finding "
    "among the wrong / right ones. Score unknown: the answer could not be checked (e.g. a CP-Bench assignment "
    "check that timed out or matched no variable); counted as not correct and listed here.\n"
)


def _result_lines(model: str = "m1", fmt: int = 1, table: dict = TABLE) -> list[dict]:
    rows = []
    for tid, oks in table.items():
        for method, ok in zip(METHODS, oks, strict=True):
            findings = [{"kind": "x", "blocking": not ok}] if method == "zero-shot" else []
            potential = [2 if (method == "self-review" and tid == "folio-a") else 0, 0]
            rows.append(
                {
                    "format": fmt,
                    "task_id": tid,
                    "strategy": method,
                    "model": model,
                    "status": "unknown" if ok is None else "ran",
                    "repaired": ok is True,
                    "faithful": ok is True,
                    "iterations": 1,
                    "attempts": 1,
                    "extra": {"findings": findings, "potential": potential},
                }
            )
    return rows


def v1_formalize_run(folder: Path, model: str = "m1", table: dict = TABLE) -> Path:
    """A formalize run as the format-1 runner (eval/kinds/formalize_arms.py) wrote it."""
    folder.mkdir(parents=True)
    manifest = {
        "format": 1,
        "created": 0.0,
        "config": {"methods": list(METHODS), "rounds": 1, "tasks": list(table), "suite": "folio"},
        "model": {"name": model},
        "versions": {},
        "resumes": [],
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    lines = _result_lines(model, 1, table)
    (folder / "results.jsonl").write_text("".join(json.dumps(d) + "\n" for d in lines), encoding="utf-8")
    return folder


def v2_formalize_run(folder: Path, model: str = "m1", table: dict = TABLE) -> Path:
    """The same data written by the format-2 writers (typed manifest with kind and run config)."""
    log = RunLog(folder)
    run_config = {"suite": "folio", "strategy": "seed001", "model": model, "k": 1}
    log.write_manifest(RunManifest(kind="formalize", run_config=run_config, model={"name": model}))
    for d in _result_lines(model, 2, table):
        log.append_result(TaskResult.model_validate(d))
    return folder


# -- format-1 archives keep reading, with the README's figures


@pytest.mark.parametrize(
    ("name", "figures"),
    [
        # tasks counted, faithful, raw, equivalent, gate rejected, gate unknown, errors, score unknown, not faulty,
        # faithful editing a reached paragraph (README.md's table of archived runs)
        ("arepair-frozen-mutate", (37, 26, 36, 5, 8, 2, 0, 0, 1, 10)),
        ("alloy4fun-graphs-mutate", (282, 266, 266, 266, 0, 0, 0, 0, 0, 0)),
    ],
)
def test_format1_archives_report_the_readme_figures(name: str, figures: tuple[int, ...]) -> None:
    folder = RESULTS / name
    if not (folder / "results.jsonl.gz").is_file():
        pytest.skip(f"{folder} is not here")
    run = open_run(folder)
    assert run.kind == "repair" and run.manifest.format == 2 and run.manifest.upgraded_from == 1
    assert run.manifest.run_config["suite"] == run.manifest.config["bench"]["suite"]
    o = run_summary(folder)["overall"]
    out = o["outcomes"]
    got = (o["tasks"], o["faithful"], o["raw"], o["equivalent"], out["unfaithful"], out["gate_unknown"])
    got += (out["error"], out["score_unknown"], out["not_faulty"], o["faithful_reached_edits"])
    assert got == figures
    assert f"| **all** | {figures[0]} | {figures[2]} | {figures[1]} |" in report_text([folder], "md")
    table5 = report_text([folder], "table5")
    assert f"| **summary** | {figures[0]} | {figures[1]} |" in table5
    assert f"| not faulty: the faulty text already passes (out of every rate) | {figures[8]} |" in table5


def test_readme_table_still_regenerates_from_the_archives() -> None:
    if not (RESULTS / "arepair-frozen-mutate").is_dir():
        pytest.skip("no archives")
    r = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "regenerate_readme.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=REPO.parent,
        check=False,
    )
    assert r.returncode == 0, r.stdout + r.stderr


# -- format 2 round trip and the upgrade of format-1 lines


def test_v2_round_trip_keeps_kind_config_source_and_typed_verdicts(tmp_path: Path) -> None:
    log = RunLog(tmp_path / "run")
    manifest = RunManifest(kind="annotate", run_config={"suite": "acsl-removal", "strategy": "annotate", "k": 3})
    log.write_manifest(manifest)
    verdict = {
        "formalism": "alloy",
        "status": "failed",
        "commands": [{"label": "c1", "kind": "check", "outcome": "counterexample", "met": False, "witness": "w"}],
        "errors": [],
    }
    gate = {"faithful": False, "reasons": ["changed a frozen fact"], "escapes": [], "code": "tokens", "future": 1}
    rec = AttemptRecord(task_id="t", strategy="annotate", iteration=1, model="m", messages=[], raw="x")
    rec.verdict, rec.gate, rec.source = verdict, gate, "search"  # assigned dicts become typed records
    log.append_attempt(rec)
    log.append_result(
        TaskResult(task_id="t", strategy="annotate", model="m", repaired=True, faithful=False, iterations=1, attempts=1)
    )
    back = RunLog.open(tmp_path / "run")
    assert back.read_manifest() == manifest and back.read_manifest().kind == "annotate"
    (a,) = back.attempts()
    assert a == rec and a.format == 2 and a.source == "search"
    assert a.verdict.commands[0].outcome == "counterexample" and a.verdict["commands"][0]["witness"] == "w"
    assert a.gate.reasons == ["changed a frozen fact"] and a.gate.get("future") == 1 and a.gate["code"] == "tokens"
    stored = json.loads((tmp_path / "run" / "attempts.jsonl").read_text())
    assert stored["gate"] == gate and stored["verdict"]["commands"][0]["witness"] == "w"  # stored as given
    assert stored["format"] == 2 and stored["source"] == "search"


def test_format1_attempt_lines_upgrade_on_read(tmp_path: Path) -> None:
    base = {"format": 1, "task_id": "t", "strategy": "s", "iteration": 1, "model": "m", "messages": [], "raw": ""}
    for role, source in (("repair", "model"), ("instructor", "instructor"), ("search", "search")):
        rec = AttemptRecord.model_validate(base | {"role": role, "gate": {"faithful": True, "reasons": []}})
        assert (rec.format, rec.source, rec.gate.faithful) == (2, source, True)
    m = RunManifest.model_validate({"format": 1, "config": {"bench": {"suite": "arepair", "k": 6}}})
    assert (m.kind, m.run_config, m.upgraded_from, m.settings["k"]) == ("repair", {"suite": "arepair", "k": 6}, 1, 6)


# -- formalize runs: Table 1


def test_table1_from_v2_and_v1_runs_equals_the_old_formalize_report(tmp_path: Path) -> None:
    v1, v2 = v1_formalize_run(tmp_path / "v1"), v2_formalize_run(tmp_path / "v2")
    assert open_run(v1).kind == open_run(v2).kind == "formalize"
    for folder in (v1, v2):
        text = report_text([folder], "table1")
        assert text.startswith(OLD_TABLE1)  # the old table, byte for byte; then the outcome rows
        rows = text[len(OLD_TABLE1) :]
        assert "| score could not be checked (unknown; not correct) | 1 | 0 | 1 |" in rows
        assert "| infrastructure fault" in rows and "| error (the task's run raised; not correct) | 0 | 0 | 0 |" in rows
    assert "seed 001 Table 1" in report_text([v2], "md")  # the default format shows formalize runs as Table 1
    js = json.loads(report_text([v2], "json"))
    assert js["table1"][0]["gated"] == 80.0 and js["runs"][0]["kind"] == "formalize"
    # `bench report --format table1` prints the old table
    cli = CliRunner().invoke(app, ["bench", "report", "--format", "table1", str(v2)])
    assert cli.exit_code == 0 and cli.output.startswith(OLD_TABLE1)
    # a format-1 formalize run without methods in its manifest is recognised by its strategies
    bare = v1_formalize_run(tmp_path / "bare")
    (bare / "manifest.json").write_text(json.dumps({"format": 1, "config": {"suite": "folio"}, "model": {"name": "m"}}))
    assert open_run(bare).kind == "formalize"


def test_infrastructure_faults_are_out_of_table1_accuracies_and_on_their_own_row(tmp_path: Path) -> None:
    run = v2_formalize_run(tmp_path / "run")
    log = RunLog(run)
    for m in METHODS:  # a task lost to the endpoint in every method
        log.append_result(_res("folio-z", False, m, status="error", infrastructure=True))
    text = report_text([run], "table1")
    assert text.startswith(OLD_TABLE1)
    assert "| infrastructure fault: endpoint or verifier lost (out of every rate; rerun to retry) | 1 | 1 | 1 |" in text


def test_compare_formalize_runs_pairs_task_x_strategy_or_one_strategy(tmp_path: Path) -> None:
    a = v1_formalize_run(tmp_path / "a")
    better = dict(TABLE) | {"folio-d": (T, T, T), "folio-a": (T, T, F)}
    b = v2_formalize_run(tmp_path / "b", model="m2", table=better)
    res = compare_runs(a, b)
    assert res["kind"] == "formalize" and res["pairs"] == "task x strategy" and res["tasks"] == 15
    assert res["transitions"]["wrong_to_right"] == 3 and res["transitions"]["right_to_wrong"] == 1
    gated = compare_runs(a, b, strategy="gated")
    assert gated["tasks"] == 5 and gated["transitions"]["right_to_wrong"] == 1 and gated["pairs"] == "task"
    r = CliRunner().invoke(app, ["bench", "compare", str(a), str(b), "--strategy", "zero-shot", "--format", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["transitions"]["wrong_to_right"] == 1
    md = CliRunner().invoke(app, ["bench", "compare", str(a), str(b)])
    assert (
        md.exit_code == 0
        and "15 common task x strategy pairs" in md.output
        and "| score_unknown | 2 | 2 |" in md.output
    )
    missing = CliRunner().invoke(app, ["bench", "compare", str(a), str(b), "--strategy", "nope"])
    assert missing.exit_code == 2 and "no results of strategy" in missing.output


def _res(tid: str, ok: bool, strategy: str = "annotate", **kw: object) -> TaskResult:
    return TaskResult.model_validate(
        {"task_id": tid, "strategy": strategy, "model": "m", "repaired": ok, "faithful": ok}
        | {"iterations": 1}
        | {"attempts": 1}
        | kw
    )


def _annotate_run(folder: Path, outcomes: dict[str, bool]) -> Path:
    log = RunLog(folder)
    log.write_manifest(RunManifest(kind="annotate", run_config={"suite": "acsl-removal", "strategy": "annotate"}))
    for tid, ok in outcomes.items():
        log.append_result(_res(tid, ok, extra={"family": "loop"}))
    log.append_result(_res("nf", True, status="not_faulty"))
    return folder


def test_compare_and_report_annotate_runs_and_repair_kinds_do_not_mix(tmp_path: Path) -> None:
    a = _annotate_run(tmp_path / "a", {"x": False, "y": True, "z": False})
    b = _annotate_run(tmp_path / "b", {"x": True, "y": True, "z": True})
    res = compare_runs(a, b)
    assert (res["kind"], res["tasks"], res["transitions"]["wrong_to_right"]) == ("annotate", 3, 2)  # nf is out
    card = report_text([a, b], "table5")
    assert "| loop | 3 | 1 | 3 |" in card and "| not faulty: the faulty text already passes" in card
    formalize = v2_formalize_run(tmp_path / "f")
    r = CliRunner().invoke(app, ["bench", "compare", str(a), str(formalize)])
    assert r.exit_code == 2 and "compare runs of one kind" in r.output
    r = CliRunner().invoke(app, ["bench", "report", "--format", "table1", str(a)])
    assert r.exit_code == 2 and "table1 reads formalize runs" in r.output


# -- readers never create folders


def test_readers_on_a_missing_folder_fail_and_create_nothing(tmp_path: Path) -> None:
    from fmrepair.eval.report.formalize_table import report as formalize_report
    from fmrepair.eval.report.viewer.load import load_run

    real = v2_formalize_run(tmp_path / "real")
    typo = tmp_path / "typo" / "run"
    runner = CliRunner()
    for args in (
        ["bench", "report", str(typo)],
        ["bench", "report", "--format", "table1", str(typo)],
        ["bench", "compare", str(real), str(typo)],
        ["bench", "compare", str(typo), str(real)],
        ["bench", "archive", str(typo), "--out", str(tmp_path / "arch")],
        ["bench", "view", str(typo), "--out", str(tmp_path / "site"), "--no-tasks"],
    ):
        r = runner.invoke(app, args)
        assert r.exit_code == 2, (args, r.output)
        assert "typo" in r.output
    for read in (RunLog.open, open_run, load_run, lambda f: formalize_report([f])):
        with pytest.raises(FileNotFoundError):
            read(typo)
    with pytest.raises(RunNotFound):
        RunLog.open(real / "attempts.jsonl")  # a file, not a run folder
    assert not (tmp_path / "typo").exists() and not (tmp_path / "arch").exists() and not (tmp_path / "site").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    r = runner.invoke(app, ["bench", "report", str(empty)])
    assert r.exit_code == 2 and "no manifest.json" in r.output and list(empty.iterdir()) == []


def test_a_reader_leaves_a_torn_line_of_a_live_run_alone(tmp_path: Path) -> None:
    run = v2_formalize_run(tmp_path / "run")
    with open(run / "results.jsonl", "a", encoding="utf-8") as f:
        f.write('{"task_id": "half')  # a writer in the middle of a line
    before = (run / "results.jsonl").read_bytes()
    assert len(open_run(run).results) == 15
    assert (run / "results.jsonl").read_bytes() == before
    with pytest.raises(PermissionError):
        RunLog.open(run).append_result(TaskResult.model_validate(_result_lines(fmt=2)[0]))


def test_viewer_outcomes_keep_unknown_and_infrastructure_apart(tmp_path: Path) -> None:
    from fmrepair.eval.report.viewer.load import OUTCOMES, outcome

    assert outcome(_res("t", False, status="unknown")) == "unknown"
    assert outcome(_res("t", False, status="error", infrastructure=True)) == "infrastructure"
    assert outcome(_res("t", False, status="error")) == "error"
    assert {"unknown", "infrastructure", "not-faulty", "error"} <= set(OUTCOMES)
    run = _annotate_run(tmp_path / "a", {"x": True})
    RunLog(run).append_result(_res("y", False, status="error", infrastructure=True))
    page = report_text([run], "html")
    assert ">infrastructure<" in page and ">unknown<" in page and ">not-faulty<" in page
