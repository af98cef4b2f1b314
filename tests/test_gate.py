"""The Alloy faithfulness gate: text checks always, vacuity checks with the JVM (few, fast)."""

from __future__ import annotations

import pytest

from fmrepair.verifiers.alloy_gate import gate

ORIG = """sig Node { nxt: lone Node }
fact { all n: Node | n !in n.^nxt }
pred hasNext { some nxt }
assert acyclic { no n: Node | n in n.nxt }
check acyclic for 3 expect 0
run hasNext for 3
"""
# the "fault": the fact allows self loops via a typo; here a real fix is changing the fact
FIX = ORIG.replace("n !in n.^nxt }", "n !in n.^nxt and lone nxt.n }")


def test_accepts_real_fix_text_only() -> None:
    r = gate(ORIG, FIX)
    assert r.faithful, r.reasons


def test_rejects_edited_assertion() -> None:
    cand = FIX.replace("no n: Node | n in n.nxt", "no n: Node | n in n.nxt.nxt")
    r = gate(ORIG, cand)
    assert not r.faithful and any("assert acyclic" in x for x in r.reasons)


def test_rejects_removed_check() -> None:
    cand = FIX.replace("check acyclic for 3 expect 0\n", "")
    r = gate(ORIG, cand)
    assert not r.faithful and any("removed" in x for x in r.reasons)


def test_rejects_changed_scope_and_expect() -> None:
    r = gate(ORIG, FIX.replace("check acyclic for 3 expect 0", "check acyclic for 1 expect 0"))
    assert not r.faithful and any("changed" in x for x in r.reasons)
    r = gate(ORIG, FIX.replace("check acyclic for 3 expect 0", "check acyclic for 3"))
    assert not r.faithful


def test_rejects_added_command_and_hidden_names() -> None:
    assert not gate(ORIG, FIX + "check acyclic for 5\n").faithful
    r = gate(ORIG, FIX + "pred inv1_OK { no nxt }\n", hidden_names=["inv1_OK"])
    assert not r.faithful and any("inv1_OK" in x for x in r.reasons)


def test_comment_and_whitespace_edits_are_fine() -> None:
    cand = FIX.replace("assert acyclic {", "// keep\nassert   acyclic{")
    assert gate(ORIG, cand).faithful


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


def test_vacuity_rejects_added_vacuous_fact_and_accepts_fix(verifier) -> None:  # noqa: ANN001
    vacuous = FIX + "fact { no Node }\n"  # check passes trivially, but no model has nodes any more
    r = gate(ORIG, vacuous, verifier=verifier)
    assert not r.faithful and any("vacuous" in x for x in r.reasons), r.reasons
    r = gate(ORIG, FIX, verifier=verifier)
    assert r.faithful, r.reasons
    r = gate(ORIG, ORIG.replace("fact {", "fact { some Node and no Node\n"), verifier=verifier)
    assert not r.faithful
