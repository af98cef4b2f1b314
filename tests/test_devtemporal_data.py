"""The development temporal split (benchmarks/devtemporal, docs/heldout.md): the committed files are
exactly what the generator writes, they load as alloy4fun tasks with no problems, and nothing hidden is
visible. No Alloy runs here (`fmrepair tasks verify` does that)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from fmrepair.eval.suites import get_suite
from fmrepair.eval.suites.preprocess import ORACLE_MARKER

DEV = Path(__file__).resolve().parents[1] / "benchmarks" / "devtemporal"
SPLIT = DEV / "alloy4fun"
sys.path.insert(0, str(DEV))

import write_dev  # noqa: E402
from dev_families import FAMILIES_DEV  # noqa: E402


@pytest.fixture(scope="module")
def load():
    return get_suite("alloy4fun").load(SPLIT)


def test_committed_files_are_the_generator_output(tmp_path: Path) -> None:
    out = tmp_path / "alloy4fun"
    assert write_dev.main(["--out", str(out)]) == 0
    written = {p.relative_to(out).as_posix(): p.read_text() for p in out.rglob("*.als")}
    committed = {p.relative_to(SPLIT).as_posix(): p.read_text() for p in SPLIT.rglob("*.als")}
    assert written.keys() == committed.keys()
    assert [k for k in written if written[k] != committed[k]] == []
    manifest = (tmp_path / "alloy4fun_manifest.json").read_text()
    assert manifest == (DEV / "alloy4fun_manifest.json").read_text()


def test_equivalent_refuses_the_default_out() -> None:
    assert write_dev.main(["--equivalent"]) == 2


def test_split_loads_both_families_without_problems(load) -> None:
    assert load.problems == []
    assert load.duplicates == {}
    assert {t.meta["family"] for t in load.tasks} == {"railway", "mailbox"}
    per_exercise: dict[tuple[str, str], int] = {}
    for t in load.tasks:
        key = (t.meta["family"], t.meta["exercise"])
        per_exercise[key] = per_exercise.get(key, 0) + 1
    assert len(per_exercise) == 14
    assert all(4 <= n <= 8 for n in per_exercise.values()), per_exercise
    ids = {m["id"] for m in json.loads((DEV / "alloy4fun_manifest.json").read_text())}
    assert ids == {t.id for t in load.tasks}


def test_nothing_hidden_is_visible(load) -> None:
    for t in load.tasks:
        assert ORACLE_MARKER not in t.visible
        for name in t.meta["hidden_reference_names"]:
            assert name not in t.visible, (t.id, name)
        assert t.reference is not None and t.reference != t.visible


def test_temporal_and_ordering_features_are_used() -> None:
    models = {f["name"]: f["model"] for f in FAMILIES_DEV}
    assert "open util/ordering[Segment]" in models["railway"] and "var " in models["railway"]
    assert "util/ordering" not in models["mailbox"]
    assert "var sig" in models["mailbox"] and "var inbox" in models["mailbox"]

    def bodies(fam: dict) -> str:
        return " ".join(e["ok"] + " " + " ".join(b for b, _ in e["faulty"]) for e in fam["exercises"])

    railway, mailbox = (bodies(f) for f in FAMILIES_DEV)
    for op in ("first", "last", ".next", ".prev", "nexts", "prevs", "lt[", "lte[", "gt["):
        assert op in railway, op
    for op in ("always ", "eventually ", "after ", "until ", "once ", "historically ", "always eventually", "'"):
        assert op in railway + mailbox, op
    faulty = [m for f in FAMILIES_DEV for e in f["exercises"] for _, m in e["faulty"]]
    far = sum(1 for m in faulty if m.startswith("far:"))
    assert 0.25 <= far / len(faulty) <= 0.4, (far, len(faulty))
