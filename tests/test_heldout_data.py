"""The held-out Alloy4Fun-style split (docs/heldout.md): the committed files are exactly what the
generator writes, they load as alloy4fun tasks with no problems, and nothing hidden is visible.
No Alloy runs here (`fmrepair tasks verify` does that; its output is in docs/heldout.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from fmrepair.eval.suites import get_suite
from fmrepair.eval.suites.preprocess import ORACLE_MARKER

HELDOUT = Path(__file__).resolve().parents[1] / "benchmarks" / "heldout"
SPLIT = HELDOUT / "alloy4fun"
sys.path.insert(0, str(HELDOUT))

import write_alloy4fun  # noqa: E402
from heldout_families import FAMILIES  # noqa: E402
from heldout_families_2 import FAMILIES_2  # noqa: E402


@pytest.fixture(scope="module")
def load():
    return get_suite("alloy4fun").load(SPLIT)


def test_committed_files_are_the_generator_output(tmp_path: Path) -> None:
    out = tmp_path / "alloy4fun"
    write_alloy4fun.main(["--out", str(out)])
    written = {p.relative_to(out).as_posix(): p.read_text() for p in out.rglob("*.als")}
    committed = {p.relative_to(SPLIT).as_posix(): p.read_text() for p in SPLIT.rglob("*.als")}
    assert written.keys() == committed.keys()
    assert [k for k in written if written[k] != committed[k]] == []
    manifest = (tmp_path / "alloy4fun_manifest.json").read_text()
    assert manifest == (HELDOUT / "alloy4fun_manifest.json").read_text()


def test_split_loads_every_family_without_problems(load) -> None:
    assert load.problems == []
    assert load.duplicates == {}
    families = {t.meta["family"] for t in load.tasks}
    assert families == {"versions", "library", "filesystem", "lift", "hospital", "workflow"}
    assert 250 <= len(load.tasks) <= 300
    per_exercise: dict[tuple[str, str], int] = {}
    for t in load.tasks:
        key = (t.meta["family"], t.meta["exercise"])
        per_exercise[key] = per_exercise.get(key, 0) + 1
    assert all(4 <= n <= 8 for n in per_exercise.values()), per_exercise
    ids = {m["id"] for m in json.loads((HELDOUT / "alloy4fun_manifest.json").read_text())}
    assert ids == {t.id for t in load.tasks}


def test_nothing_hidden_is_visible(load) -> None:
    for t in load.tasks:
        assert ORACLE_MARKER not in t.visible
        for name in t.meta["hidden_reference_names"]:
            assert name not in t.visible, (t.id, name)
        assert t.reference is not None and t.reference != t.visible


def test_library_modules_and_temporal_operators_are_used() -> None:
    models = {f["name"]: f["model"] for f in FAMILIES}
    assert "open util/ordering[Version]" in models["versions"]
    assert "var " in models["library"] and "var " in models["lift"]
    bodies = " ".join(e["ok"] + " " + " ".join(b for b, _ in e["faulty"]) for f in FAMILIES for e in f["exercises"])
    for op in ("first", "last", ".next", ".prev", "nexts", "prevs", "lt[", "gt[", "always", "eventually"):
        assert op in bodies, op
    for op in ("after", "until", "once", "historically"):
        assert f"{op} " in bodies, op


def test_second_set_is_bigger_temporal_and_has_far_submissions() -> None:
    """hospital and workflow (heldout_families_2.py): a bigger model with an abstract hierarchy, a
    ternary relation and var state; Alloy 6 temporal exercises; about a third of the submissions far
    from any correct answer."""
    models = {f["name"]: f["model"] for f in FAMILIES_2}
    assert set(models) == {"hospital", "workflow"}
    hospital = models["hospital"]
    assert hospital.count("sig ") >= 7 and "abstract sig" in hospital and "extends" in hospital
    assert "Patient -> Drug" in hospital and "var " in hospital and "fact" in hospital
    assert "open util/ordering[Stage]" in models["workflow"] and "var sig" in models["workflow"]
    faulty = [(b, m) for f in FAMILIES_2 for e in f["exercises"] for b, m in e["faulty"]]
    bodies = " ".join(e["ok"] + " " + " ".join(b for b, _ in e["faulty"]) for f in FAMILIES_2 for e in f["exercises"])
    for op in ("always ", "eventually ", "after ", "until ", "once ", "historically ", "'", "nexts", "prevs"):
        assert op in bodies, op
    far = sum(1 for _, m in faulty if m.startswith("far:"))
    assert 0.25 <= far / len(faulty) <= 0.4, (far, len(faulty))


def test_bad_data_is_rejected() -> None:
    fam = write_alloy4fun.parse_family(FAMILIES[0])
    ex = fam.exercises[0]
    ex.faulty.append((ex.ok, "same as the reference"))
    with pytest.raises(ValueError, match="repeated or reference body"):
        write_alloy4fun.check_family(fam)
