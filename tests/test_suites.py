"""Suites over the shared benchmarks: nothing hidden leaks into what a model sees; loaders work on
every shared family; a few JVM checks (faulty fails, reference passes) on a handful of tasks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fmrepair.eval.suites import default_root, get_suite
from fmrepair.eval.suites.preprocess import ORACLE_MARKER, dedupe_key
from fmrepair.verifiers.alloy.text import canonical, split_paragraphs, strip_comments

ROOT = default_root("alloy4fun").parent
A4F_FAMILIES = ("classroom", "cv", "graphs", "lts")

pytestmark = pytest.mark.skipif(not (ROOT / "alloy4fun").is_dir(), reason="../shared/benchmarks missing")


@pytest.fixture(scope="module")
def a4f():
    return get_suite("alloy4fun").load(ROOT / "alloy4fun")


@pytest.fixture(scope="module")
def arepair_hidden():
    return get_suite("arepair").load(ROOT / "arepair", "hidden")


def test_alloy4fun_all_families_load(a4f) -> None:  # noqa: ANN001
    fams = {t.meta["family"] for t in a4f.tasks}
    assert fams == set(A4F_FAMILIES)
    assert len(a4f.tasks) == 1668 and not a4f.problems
    assert a4f.defects == {"lone_dash_line": 788}
    assert len(a4f.duplicates) == 92


def test_alloy4fun_visible_never_holds_hidden_parts(a4f) -> None:  # noqa: ANN001
    for t in a4f.tasks:
        pub = t.public_view()
        vis, view = t.visible, json.dumps(pub)
        assert ORACLE_MARKER not in vis and "IFF PERFECT ORACLE" not in view, t.id
        assert "_OK" not in vis and "_Repaired" not in vis and "repair_pred" not in vis, t.id
        body = canonical(t.meta["hidden_reference_body"])
        names = [p.name for p in split_paragraphs(vis)]
        assert not any(n.endswith("OK") for n in names), t.id
        # the reference body may equal the student's own text of *another* predicate; never the faulty one
        faulty = next(p for p in split_paragraphs(vis) if p.kind == "pred" and p.name == t.meta["faulty_pred"])
        assert canonical(faulty.body or "") != body or not body, t.id
        assert not any(k.startswith("hidden") for k in pub["meta"]), t.id
        assert t.hidden_oracle and t.hidden_oracle not in view


def test_alloy4fun_reference_only_changes_faulty_pred(a4f) -> None:  # noqa: ANN001
    for t in a4f.tasks[::50]:
        ref = {p.key: canonical(p.text) for p in split_paragraphs(t.reference or "")}
        vis = {p.key: canonical(p.text) for p in split_paragraphs(t.visible)}
        diff = {k for k in vis if vis[k] != ref.get(k)}
        assert diff <= {f"pred {t.meta['faulty_pred']}"}, (t.id, diff)


@pytest.mark.parametrize("mode", ["frozen", "hidden"])
def test_arepair_loads(mode: str) -> None:
    load = get_suite("arepair").load(ROOT / "arepair", mode)
    assert len(load.tasks) == 38 and not load.problems
    assert load.defects == {"primed_names": 1}
    for t in load.tasks:
        assert "Fix:" not in t.visible, t.id
        assert "from'" not in strip_comments(t.visible), t.id
        kinds = {f.kind for f in t.frozen}
        assert "command" in kinds or mode == "hidden"


def test_arepair_hidden_mode_hides_property(arepair_hidden) -> None:  # noqa: ANN001
    for t in arepair_hidden.tasks:
        for name in t.meta["hidden_property"]:
            assert name not in t.visible, (t.id, name)
            assert name in t.hidden_oracle
        assert not any(k.startswith("hidden") for k in t.public_view()["meta"])
    multi = [t.id for t in arepair_hidden.tasks if t.meta["multi_line_bug"]]
    assert "balancedBST2_1" in multi and "addr1" not in multi


def test_dedupe_key_ignores_block_comments_and_space() -> None:
    assert dedupe_key("/* x */ pred a {\n  b }") == dedupe_key("pred a { b }")
    assert dedupe_key("pred a { b }") != dedupe_key("pred a { c }")


def test_cli_show_leaks_nothing() -> None:
    from fmrepair.cli import app

    res = CliRunner().invoke(app, ["tasks", "show", "lts_inv1_01", "--suite", "alloy4fun", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert set(out) == {"id", "visible", "frozen", "meta"}
    assert "_OK" not in res.output and "PERFECT" not in res.output and "repair_assert" not in res.output
    bad = CliRunner().invoke(app, ["tasks", "show", "x", "--suite", "nosuch"])
    assert bad.exit_code == 2


def test_root_override_on_a_single_family(tmp_path: Path) -> None:
    fam = tmp_path / "newfam"
    fam.mkdir()
    src = next((ROOT / "alloy4fun" / "cv").glob("*.als"))
    (fam / "x_inv1_1.als").write_text(src.read_text())
    load = get_suite("alloy4fun").load(fam)
    assert [t.id for t in load.tasks] == ["newfam/x_inv1_1"]


@pytest.fixture(scope="module")
def verifier():
    try:
        from fmrepair.verifiers.alloy import AlloyVerifier

        v = AlloyVerifier(workers=1)
        v.check("sig A {}\nrun {} for 1\n")
    except Exception as e:  # noqa: BLE001
        pytest.skip(f"Alloy not available: {e}")
    yield v
    v.close()


def test_verify_and_score_a_few_tasks(a4f, verifier) -> None:  # noqa: ANN001
    from fmrepair.eval.scoring import score as scored
    from fmrepair.eval.suites.alloy4fun import oracle_equivalent
    from fmrepair.eval.suites.verify import verify_task

    def score(t, candidate, v):  # noqa: ANN001, ANN202 - the suite's own equivalence check
        return scored(t, candidate, v, equivalence=oracle_equivalent)

    picks = [next(t for t in a4f.tasks if t.meta["family"] == f) for f in A4F_FAMILIES]
    for t in picks:
        row = verify_task(t, verifier)
        assert row["faulty_fails"] and row["reference_passes"], row
    t = picks[0]
    good = score(t, t.reference or "", verifier)
    assert good.raw and good.equivalent is True
    assert not good.faithful or good.gate.faithful  # faithful implies the gate passed
    bad = score(t, t.visible, verifier)
    assert not bad.raw and not bad.faithful and not bad.equivalent
    leaky = (t.reference or "") + "\npred " + t.meta["hidden_check"].replace("_Repaired", "_OK") + " { }\n"
    assert not score(t, leaky, verifier).faithful


# -- not-faulty tasks ----------------------------------------------------------------------------


class CountingVerifier:
    """A real verifier that counts its checks."""

    def __init__(self, inner) -> None:  # noqa: ANN001
        self.inner, self.calls = inner, 0

    def check(self, source, options=None):  # noqa: ANN001, ANN201
        self.calls += 1
        return self.inner.check(source, options)


def _by_name(load, name: str):  # noqa: ANN001, ANN202
    return next(t for t in load.tasks if t.id.rsplit("/", 1)[-1] == name)


def test_faulty_state_counts_errors_as_faulty() -> None:
    from fmrepair.eval.suites.verify import faulty_state
    from fmrepair.verifiers.base import CommandResult, Verdict

    def v(status: str, met: bool = True) -> Verdict:
        cmds = [CommandResult(label="c", kind="check", outcome="unsat", met=met)]
        return Verdict(formalism="alloy", status=status, commands=cmds)  # type: ignore[arg-type]

    assert faulty_state(v("syntax_error")) == "fails" and faulty_state(v("type_error")) == "fails"
    assert faulty_state(v("failed", False)) == "fails" and faulty_state(v("ok", False)) == "fails"
    assert faulty_state(v("ok")) == "passes"
    assert faulty_state(v("timeout")) == "unknown" and faulty_state(v("error")) == "unknown"


def test_known_not_faulty_tasks_are_marked_and_cached(a4f, verifier, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from fmrepair.eval.suites.verify import check_faulty

    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path))
    counting = CountingVerifier(verifier)
    nf, faulty = _by_name(a4f, "classroom_inv3_19"), _by_name(a4f, "classroom_inv3_1")
    dll = _by_name(get_suite("arepair").load(ROOT / "arepair", "frozen"), "dll3_1")
    assert check_faulty(nf, counting) == "passes" and nf.meta["not_faulty"] is True
    assert check_faulty(dll, counting) == "passes" and dll.meta["not_faulty"] is True
    assert check_faulty(faulty, counting) == "fails" and faulty.meta["not_faulty"] is False
    assert counting.calls == 3
    again = nf.model_copy(deep=True)
    assert check_faulty(again, counting) == "passes" and counting.calls == 3  # from the cache
    assert len(list((tmp_path / "not_faulty").glob("*.json"))) == 3


def test_a_faulty_text_that_does_not_parse_is_faulty(a4f, verifier, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from fmrepair.eval.suites.verify import check_faulty, report, verify_task

    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path))
    t = _by_name(a4f, "classroom_inv3_1").model_copy(deep=True)
    t.visible = t.visible.replace("pred inv3 {", "pred inv3 { all all", 1)
    row = verify_task(t, verifier)
    assert row["faulty_fails"] and not row["not_faulty"], row
    assert check_faulty(t, verifier) == "fails"
    nf = verify_task(_by_name(a4f, "classroom_inv3_19"), verifier)
    rep = report("alloy4fun", a4f.__class__([]), [row, nf])
    assert rep["not_faulty"] == ["classroom/inv1to4/classroom_inv3_19"]
    assert [e["what"] for e in rep["errors"]] == ["not faulty (meets every command; left out of rates)"]


def test_bench_runs_no_strategy_on_a_not_faulty_task(a4f, verifier, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Before: the search returned the first passing mutant of an already passing text as a repair."""
    from fmrepair.agents.config import Budget, RepairConfig
    from fmrepair.agents.runner import default_gate, repair_task
    from fmrepair.eval.kinds.repair import run_one
    from fmrepair.eval.run.engine import BenchConfig
    from fmrepair.runlog import RunLog
    from fmrepair.serving.scripted import ScriptedModel

    monkeypatch.setenv("FMREPAIR_CACHE", str(tmp_path))
    task = _by_name(a4f, "classroom_inv3_19").model_copy(deep=True)
    cfg = BenchConfig(suite="alloy4fun", strategy="mutate", model="none", candidates=50, check_timeout_s=10)
    log = RunLog(tmp_path / "run")
    result = run_one(task, cfg, None, verifier, log)
    assert result.status == "not_faulty" and not result.repaired and not result.faithful
    assert result.attempts == 0 and not (tmp_path / "run" / "attempts.jsonl").exists()
    assert [r.status for r in log.results()] == ["not_faulty"]
    # the search itself, given the task directly, stops at the starting point instead of "repairing" it
    rc = RepairConfig(strategy="mutate", budget=Budget(candidates=50, iterations=1), check_timeout_s=10)
    out = repair_task(task, ScriptedModel([]), verifier, rc, gate=default_gate(verifier))
    assert not out.result.faithful and out.candidate is None and out.result.attempts == 1
    assert "not faulty" in out.result.stop_reason
