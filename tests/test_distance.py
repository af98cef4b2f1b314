"""Token edit distance between a faulty body and its reference, and the report's strata."""

from __future__ import annotations

from types import SimpleNamespace

from fmrepair.eval.distance import strata_table, stratum, task_distance, token_distance
from fmrepair.task import Task


def test_token_distance_counts_alloy_tokens_not_characters() -> None:
    assert token_distance("all n: Node | n in n.^next", "all n: Node | n in n.^next") == 0
    assert token_distance("all n: Node | n in n.^next", "no n: Node | n in n.^next") == 1
    assert token_distance("some s.(c.Groups)", "all c: Class | some s.(c.Groups)") == 5
    assert token_distance("x in y // a comment", "x in y") == 0


def test_strata_bounds() -> None:
    got = [stratum(d) for d in (0, 2, 3, 5, 6, 12, 13, 80)]
    assert got == ["<=2", "<=2", "3-5", "3-5", "6-12", "6-12", ">12", ">12"]


def test_task_distance_uses_the_editable_body_and_the_hidden_reference_body() -> None:
    visible = "sig A { f: set A }\npred inv1 { some f }\n"
    task = Task(id="t", suite="alloy4fun", visible=visible,
                meta={"faulty_pred": "inv1", "hidden_reference_body": "all a: A | some a.f"})
    assert task_distance(task) == 7  # `some f` -> `all a : A | some a . f`: seven tokens inserted
    assert task_distance(Task(id="u", suite="x", visible=visible)) is None


def test_strata_table_counts_faithful_and_equivalent_per_family() -> None:
    rows = [SimpleNamespace(task_id=i, faithful=f, equivalent=e, extra={"family": fam})
            for i, f, e, fam in [("a", True, True, "g"), ("b", True, False, "g"), ("c", False, False, "h")]]
    table = strata_table(rows, {"a": 1, "b": 20, "c": 20})
    assert table["all"]["<=2"] == {"tasks": 1, "faithful": 1, "equivalent": 1}
    assert table["all"][">12"] == {"tasks": 2, "faithful": 1, "equivalent": 0}
    assert table["h"][">12"]["tasks"] == 1 and table["g"]["3-5"]["tasks"] == 0
