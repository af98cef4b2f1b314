"""One runner for every task kind: `run_bench` on formalize (FOLIO), repair (Alloy4Fun, `mutate` without a
model), annotate (one acsl-removal task, real Frama-C) and an unscorable suite (Marmaragan: no GNATprove);
resume of a formalize strategy set; a strategy of another kind than the suite's is refused.

The models here are SCRIPTED (serving/scripted.py, a test double that replays fixed answers): they test
the runner's loop logic, never a model's quality. Suites, solvers and verifiers are the real ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fmrepair.eval.kinds import RunSetupError
from fmrepair.eval.run.engine import BenchConfig, ConfigMismatch, run_bench
from fmrepair.eval.run.tasks import resolve_config
from fmrepair.eval.suites import default_root
from fmrepair.runlog import RunLog, read_jsonl, rewrite_jsonl

pytest.importorskip("z3")

SMT = "(declare-const p Bool)\n(assert p)\n(define-fun conclusion () Bool p)"
needs_folio = pytest.mark.skipif(not default_root("folio").is_dir(), reason="../shared/benchmarks/folio is missing")


def _models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, outputs: list) -> str:
    """Register a scripted model (replays ``outputs`` in a cycle) under the name ``scripted-test``."""
    path = tmp_path / "models.yaml"
    entry = {"models": {"scripted-test": {"backend": "scripted", "options": {"outputs": outputs, "cycle": True}}}}
    path.write_text(json.dumps(entry), encoding="utf-8")  # JSON is YAML
    monkeypatch.setenv("FMREPAIR_MODELS", str(path))
    return "scripted-test"


def _folio(model: str, **kw: object) -> BenchConfig:
    return BenchConfig(suite="folio", model=model, limit=2, **kw)


@needs_folio
def test_formalize_strategy_set_through_run_bench(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = _models(tmp_path, monkeypatch, [{"artifact": SMT}, {"has_issue": False, "issues": ""}])
    summary = run_bench(_folio(model), tmp_path / "run", progress=False)  # the suite's default: the seed 001 set
    log = RunLog(tmp_path / "run")
    results = log.results()
    assert sorted((r.task_id, r.strategy) for r in results) == sorted(
        (t, s) for t in ("folio-val-000", "folio-val-001") for s in ("zero-shot", "self-review", "gated")
    )
    assert all(r.status == "ran" for r in results)  # the scripted cycle runs on across tasks: only task 0 is SMT
    assert [r.extra["answer"] for r in results if r.task_id == "folio-val-000"] == ["True"] * 3
    manifest = log.read_manifest()
    assert manifest is not None and manifest.kind == "formalize"
    bench = manifest.config["bench"]
    assert bench["strategy"] == "zero-shot,self-review,gated" and bench["k"] == 1 and bench["temperature"] == 0.0
    assert {a.source for a in log.attempts()} == {"model"}
    assert summary["kind"] == "formalize" and set(summary["strategies"]["zero-shot"]) >= {"tasks", "correct"}


@needs_folio
def test_formalize_run_resumes_a_killed_task_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = _models(tmp_path, monkeypatch, [{"artifact": SMT}, {"has_issue": False, "issues": ""}])
    out = tmp_path / "run"
    run_bench(_folio(model), out, progress=False)
    before = list(read_jsonl(out / "results.jsonl"))
    attempts = len(list(read_jsonl(out / "attempts.jsonl")))
    # a kill after the zero-shot line of the second task: its other lines and some attempts are missing
    rewrite_jsonl(out / "results.jsonl", [d for d in before if d["task_id"] == "folio-val-000"] + [
        next(d for d in before if d["task_id"] == "folio-val-001" and d["strategy"] == "zero-shot")])
    run_bench(_folio(model), out, progress=False)
    after = list(read_jsonl(out / "results.jsonl"))
    assert sorted((d["task_id"], d["strategy"]) for d in after) == sorted((d["task_id"], d["strategy"]) for d in before)
    assert len(list(read_jsonl(out / "attempts.jsonl"))) == attempts  # redone whole, nothing duplicated
    with pytest.raises(ConfigMismatch, match="strategy"):  # another strategy set is another run
        run_bench(_folio(model, strategy="zero-shot,gated"), out, progress=False)


def test_a_strategy_of_another_kind_is_refused() -> None:
    for suite, strategy, words in [
        ("folio", "mutate", "repair strategy"),
        ("alloy4fun", "zero-shot", "formalize strategy"),
        ("acsl-removal", "gated", "repair/formalize strategy"),
        ("alloy4fun", "single-gf,gated", "strategy set"),
    ]:
        with pytest.raises(RunSetupError, match=words):
            resolve_config(BenchConfig(suite=suite, strategy=strategy))
    with pytest.raises(RunSetupError, match="needs a model"):
        resolve_config(BenchConfig(suite="alloy4fun", strategy="single-gf", model="none"))


def test_mutate_needs_no_model_and_kinds_have_their_defaults() -> None:
    cfg, kind = resolve_config(BenchConfig(suite="alloy4fun", strategy="mutate"))
    assert kind == "repair" and cfg.model == "none" and (cfg.k, cfg.temperature, cfg.edit_mode) == (6, 0.2, "paragraph")
    cfg, kind = resolve_config(BenchConfig(suite="alloy4fun"))
    assert cfg.strategy == "single-gf" and cfg.model == "qwen2.5-coder-0.5b"
    cfg, kind = resolve_config(BenchConfig(suite="acsl-removal"))
    assert kind == "annotate" and cfg.strategy == "annotate" and (cfg.samples, cfg.k, cfg.edit_mode) == (2, 2, "insert")


@pytest.mark.skipif(not default_root("alloy4fun").is_dir(), reason="../shared/benchmarks is missing")
def test_mutate_repair_run_without_a_model(tmp_path: Path) -> None:
    cfg = BenchConfig(suite="alloy4fun", strategy="mutate", limit=1, candidates=20)  # no --model
    run_bench(cfg, tmp_path / "run", progress=False)
    log = RunLog(tmp_path / "run")
    (result,) = log.results()
    manifest = log.read_manifest()
    assert manifest is not None and manifest.kind == "repair" and manifest.config["bench"]["model"] == "none"
    assert result.model == "none" and result.status in ("ran", "not_faulty")
    assert {a.source for a in log.attempts()} <= {"search"}


@pytest.mark.skipif(not default_root("marmaragan").is_dir(), reason="../shared/benchmarks/marmaragan is missing")
def test_unscorable_tasks_are_their_own_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = _models(tmp_path, monkeypatch, ["never called"])
    run_bench(BenchConfig(suite="marmaragan", model=model, limit=2), tmp_path / "run", progress=False)
    results = RunLog(tmp_path / "run").results()
    assert len(results) == 2 and all(r.status == "unknown" and not r.faithful for r in results)
    assert all(r.stop_reason.startswith("not_scorable: ") and r.attempts == 0 for r in results)


def test_annotate_one_acsl_removal_task(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fmrepair.verifiers.acsl import available

    if not available():
        pytest.skip("frama-c/why3/z3 not installed")
    examples = Path(__file__).resolve().parent.parent / "examples" / "acsl"
    original = (examples / "sum_bounded.c").read_text(encoding="utf-8")
    visible = original.replace("      loop invariant 0 <= s <= 1000 * i;\n", "")
    root = tmp_path / "bench"
    (root / "cases").mkdir(parents=True)
    (root / "cases" / "v.c").write_text(visible, encoding="utf-8")
    row = {"id": "sum_bounded/last_invariant_one_loop/0", "schema": "last_invariant_one_loop",
           "program": "sum_bounded", "path": "cases/v.c", "hidden_source": str(examples / "sum_bounded.c")}
    (root / "index.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    model = _models(tmp_path, monkeypatch, [{"program": original}])
    cfg = BenchConfig(suite="acsl-removal", root=str(root), model=model, samples=1, k=1, edit_mode="whole")
    run_bench(cfg, tmp_path / "run", progress=False)
    log = RunLog(tmp_path / "run")
    (result,) = log.results()
    assert result.strategy == "annotate" and result.repaired and result.faithful
    assert result.extra["family"] == "last_invariant_one_loop"
    manifest = log.read_manifest()
    assert manifest is not None and manifest.kind == "annotate"
