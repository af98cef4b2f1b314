"""The weakest of several repairs (``agents/weakest.py``), decided by the Analyzer: a repair whose instances
another repair all allows, while that one allows more, loses to it. A small token ring written here: the
pass operation keeps the token (``Token + n.succ``); two repairs pass the checks and keep every good instance
of the faulty file: the token never moves (``Token' = Token``), or it moves (``Token' = n.succ``)."""

from __future__ import annotations

from fmrepair.agents.weakest import weakest, weakest_narrowing

RING = """sig Node { succ: one Node }
var sig Token in Node {}
fact Ring { all n: Node | Node in n.^succ }
pred pass[n: Node] { n in Token and Token' = {EFFECT} }
pred skip { Token' = Token }
fact Init { one Token }
fact Traces { always (skip or some n: Node | pass[n]) }
assert OneToken { always one Token }
check OneToken for 3 but 4 steps
"""


def test_a_repair_that_forbids_more_loses_to_one_that_allows_more(verifier) -> None:  # noqa: ANN001
    frozen = RING.replace("{EFFECT}", "Token")  # the token never moves: passes, loses no good trace
    moves = RING.replace("{EFFECT}", "n.succ")
    assert weakest([frozen, moves], verifier, 30.0) == 1
    assert weakest([moves, frozen], verifier, 30.0) == 0  # the first is kept unless a later one is weaker


def test_repairs_that_allow_different_instances_keep_the_first(verifier) -> None:  # noqa: ANN001
    moves = RING.replace("{EFFECT}", "n.succ")
    back = RING.replace("{EFFECT}", "succ.n")  # the token moves the other way: neither includes the other
    assert weakest([back, moves], verifier, 30.0) == 0


def test_repair_keeps_the_weakest_of_its_repairs(tmp_path) -> None:  # noqa: ANN001
    """``fmrepair repair --weakest-of 3`` on the ring with its faulty pass (the search finds the frozen token
    first): the repair kept moves the token; the first one found is an alternative."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    spec = tmp_path / "ring.als"
    spec.write_text(RING.replace("{EFFECT}", "Token + n.succ"))
    exe = Path(sys.executable).with_name("fmrepair")
    out = subprocess.run([str(exe), "repair", str(spec), "--json", "--dry-run", "--strategy", "mutate",
                          "--candidates", "300", "--weakest-of", "3"], capture_output=True, text=True, timeout=600)
    got = json.loads(out.stdout[out.stdout.index("{"):])
    assert got["outcome"] == "repaired", out.stderr[-500:]
    assert "Token' = Token\n" not in got["candidate"] and "Token + n.succ" not in got["candidate"]


def test_the_narrowing_shown_is_one_no_other_compared_allows_more_than(verifier) -> None:  # noqa: ANN001
    """Fallbacks that narrow are ordered by scopes with a lost instance, then edit size; among the first
    ``compare`` distinct ones a later one that allows all the kept one allows, and more, is shown instead."""
    frozen = RING.replace("{EFFECT}", "Token")
    moves = RING.replace("{EFFECT}", "n.succ")
    fallbacks = [(1, 3, moves, "moves"), (1, 1, frozen, "frozen"), (1, 1, frozen + "\n", "frozen again")]
    assert weakest_narrowing(fallbacks, verifier, 30.0, 4)[3] == "moves"  # type: ignore[index]
    assert weakest_narrowing(fallbacks, verifier, 30.0, 1)[3] == "frozen"  # type: ignore[index]
    assert weakest_narrowing(fallbacks[1:], verifier, 30.0, 4)[3] == "frozen"  # the same text twice: one
    assert weakest_narrowing([], verifier, 30.0, 4) is None
