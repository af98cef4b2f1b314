"""The Alloy4Fun-style splits written here (docs/heldout.md): the held-out split and the development temporal
split. The committed files are exactly what their generators write, they load as alloy4fun tasks with no
problems, and nothing hidden is visible. No Alloy runs here (`fmrepair tasks verify` does that; its output
is in docs/heldout.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from fmrepair.eval.suites import get_suite
from fmrepair.eval.suites.preprocess import ORACLE_MARKER

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
HELDOUT = BENCH / "heldout"
SPLIT = HELDOUT / "alloy4fun"
DEV = BENCH / "devtemporal"
sys.path.insert(0, str(HELDOUT))
sys.path.insert(0, str(DEV))

import write_alloy4fun  # noqa: E402
import write_dev  # noqa: E402
from dev_families import FAMILIES_DEV  # noqa: E402
from heldout_families import FAMILIES  # noqa: E402
from heldout_families_2 import FAMILIES_2  # noqa: E402

# split folder, its writer, its families, its task count range
SPLITS = {
    "heldout": (HELDOUT, write_alloy4fun.main, {"versions", "library", "filesystem", "lift", "hospital", "workflow"}),
    "devtemporal": (DEV, write_dev.main, {"railway", "mailbox"}),
}
COUNTS = {"heldout": (250, 300), "devtemporal": (90, 110)}


@pytest.fixture(scope="module", params=sorted(SPLITS))
def split(request):
    folder, main, families = SPLITS[request.param]
    return request.param, folder, main, families, get_suite("alloy4fun").load(folder / "alloy4fun")


def test_committed_files_are_the_generator_output(split, tmp_path: Path) -> None:
    _, folder, main, _, _ = split
    out = tmp_path / "alloy4fun"
    assert main(["--out", str(out)]) == 0
    written = {p.relative_to(out).as_posix(): p.read_text() for p in out.rglob("*.als")}
    committed = {
        p.relative_to(folder / "alloy4fun").as_posix(): p.read_text() for p in (folder / "alloy4fun").rglob("*.als")
    }
    assert written.keys() == committed.keys()
    assert [k for k in written if written[k] != committed[k]] == []
    manifest = (tmp_path / "alloy4fun_manifest.json").read_text()
    assert manifest == (folder / "alloy4fun_manifest.json").read_text()
    assert main(["--equivalent"]) == 2  # check files never overwrite the split


def test_split_loads_every_family_without_problems(split) -> None:
    name, folder, _, families, load = split
    assert load.problems == []
    assert load.duplicates == {}
    assert {t.meta["family"] for t in load.tasks} == families
    lo, hi = COUNTS[name]
    assert lo <= len(load.tasks) <= hi
    per_exercise: dict[tuple[str, str], int] = {}
    for t in load.tasks:
        key = (t.meta["family"], t.meta["exercise"])
        per_exercise[key] = per_exercise.get(key, 0) + 1
    assert all(4 <= n <= 8 for n in per_exercise.values()), per_exercise
    ids = {m["id"] for m in json.loads((folder / "alloy4fun_manifest.json").read_text())}
    assert ids == {t.id for t in load.tasks}


def test_nothing_hidden_is_visible(split) -> None:
    for t in split[4].tasks:
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


def test_development_temporal_split_uses_temporal_and_ordering_features() -> None:
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
