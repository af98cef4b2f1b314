"""Marmaragan SPARK suite: all cases and baselines load, files split, the removed pragmas never leak."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from fmrepair.eval.suites import default_root
from fmrepair.eval.suites.marmaragan import SCHEMATA, MarmaraganSuite, removed_lines
from fmrepair.inputs import InputError
from fmrepair.verifiers.spark.verifier import split_files

ROOT = default_root("marmaragan")
pytestmark = pytest.mark.skipif(not (ROOT / "Marmaragan").is_dir(), reason="../shared/benchmarks/marmaragan missing")
_PRAGMA = re.compile(r"pragma\s+\w+\s*(?:\(.*?\))?\s*;", re.S | re.I)
SIZES = {
    "1-all_pragmas": 14,
    "2-last_invariant_all_loops": 12,
    "3-one_assert": 7,
    "4-all_pragmas_one_loop": 16,
    "5-last_invariant_one_loop": 22,
}


@pytest.fixture(scope="module")
def load():
    return MarmaraganSuite().load(ROOT)


def pragmas(text: str) -> Counter[str]:
    return Counter(" ".join(m.group(0).split()) for m in _PRAGMA.finditer(text))


def test_all_cases_and_baselines_load(load) -> None:  # noqa: ANN001
    assert len(load.tasks) == 71 and not load.problems
    assert Counter(t.meta["schema"] for t in load.tasks) == SIZES
    assert len({t.id for t in load.tasks}) == 71
    refs = MarmaraganSuite().references(ROOT)
    assert len(refs) == 16 and all(len(split_files(text)) >= 2 for text in refs.values())
    assert {t.meta["program"] for t in load.tasks} <= set(refs)
    assert all(t.formalism == "spark" and t.kind == "annotate" for t in load.tasks)


def test_case_maps_to_baseline_by_number_prefix(load) -> None:  # noqa: ANN001
    t = next(t for t in load.tasks if t.id == "marmaragan-1-all_pragmas-10-1")
    assert t.meta["program"] == "linear_search" and t.meta["baseline"] == "10-linear_search.txt"
    assert "pragma Loop_Invariant" in (t.reference or "") and "pragma Loop_Invariant" not in t.visible


def test_visible_never_holds_the_removed_pragmas(load) -> None:  # noqa: ANN001
    for t in load.tasks:
        ref, vis = pragmas(t.reference or ""), pragmas(t.visible)
        gone = ref - vis
        assert gone, t.id  # every case removes at least one pragma statement
        assert not vis - ref, t.id  # and adds none
        for statement, n in gone.items():  # the visible text has fewer copies than the reference
            assert vis[statement] == ref[statement] - n, (t.id, statement)
        hidden = t.meta["hidden_removed"]
        assert hidden not in t.visible and "hidden_removed" not in t.public_view()["meta"]
        assert t.reference in t.secrets() and t.reference != t.visible


def test_files_split_into_ads_and_adb(load) -> None:  # noqa: ANN001
    for t in load.tasks:
        files = split_files(t.visible)
        names = [f.name for f in files]
        assert names == t.meta["files"] and len(names) == len(set(names)) >= 2, t.id
        assert all(n.endswith((".ads", ".adb")) and n == n.lower() for n in names), t.id
        assert any(n.endswith(".adb") for n in names), t.id
        assert all("-- start file" not in f.text and "-- end file" not in f.text for f in files), t.id
        assert len(split_files(t.reference or "")) == len(files), t.id


def test_modes_filter_by_schema() -> None:
    suite = MarmaraganSuite()
    assert len(suite.tasks(ROOT, "3-one_assert")) == 7
    assert suite.modes == ("all", *SCHEMATA)
    with pytest.raises(InputError):
        suite.tasks(ROOT, "6-nothing")


def test_removed_lines_rejects_cases_that_add_text() -> None:
    ref = "a\npragma Assert (X);\nb\n"
    assert removed_lines(ref, "a\n\nb\n") == ["pragma Assert (X);"]
    assert removed_lines(ref, "a\npragma Assert (True);\nb\n") is None
