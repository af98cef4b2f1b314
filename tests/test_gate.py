"""The Alloy faithfulness gate: text checks always, vacuity checks with the JVM (few, fast)."""

from __future__ import annotations

import pytest

from fmrepair.verifiers.alloy.gate import gate

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


# --- what a frozen property reaches (issue 15) ---
GRAPH = """sig Node { edges: set Node }
fun reach[n: Node]: set Node { n.^edges }
pred acyclic { all n: Node | n not in reach[n] }
pred spare { some edges }
fact { all n: Node | lone n.edges }
assert NoCycles { acyclic }
check NoCycles for 3 expect 0
"""


def test_default_frozen_reaches_helpers_transitively() -> None:
    from fmrepair.verifiers.alloy.gate import default_frozen

    frozen = {r.name: r for r in default_frozen(GRAPH)}
    assert "pred acyclic" in frozen and "fun reach" in frozen and "pred spare" not in frozen
    assert "acyclic -> reach" in frozen["fun reach"].note
    assert "fun reach" not in {r.name for r in default_frozen(GRAPH, ["reach"])}


def test_transitive_helper_edit_names_the_assertion() -> None:
    cand = GRAPH.replace("{ n.^edges }", "{ none }")
    r = gate(GRAPH, cand)
    assert not r.faithful
    assert any("fun reach" in x and "assert NoCycles" in x for x in r.reasons), r.reasons
    assert gate(GRAPH, cand, also_editable=["reach"]).faithful  # text checks only: allowed by the user


def test_reached_edits_recorded_without_naming_a_hidden_root() -> None:
    from fmrepair.task import FrozenRegion, Task
    from fmrepair.verifiers.alloy.gate import gate_task

    visible = GRAPH.replace("assert NoCycles { acyclic }\ncheck NoCycles for 3 expect 0\n", "")
    task = Task(
        id="t",
        suite="test",
        visible=visible,
        hidden_oracle="assert secret_prop { acyclic }\ncheck secret_prop for 3\n",
        frozen=[FrozenRegion(name="fact #1", kind="fact", text="fact { all n: Node | lone n.edges }")],
    )
    r = gate_task(task, visible.replace("n not in reach[n]", "n not in n.^edges"))
    assert r.reached_edits and "pred acyclic" in r.reached_edits[0] and "hidden oracle" in r.reached_edits[0]
    assert "secret_prop" not in " ".join(r.reached_edits + r.reasons)


def test_cli_gate_json_degenerate_field_and_editable(tmp_path, verifier) -> None:  # noqa: ANN001
    import json

    from typer.testing import CliRunner

    from fmrepair.cli import app

    orig = tmp_path / "o.als"
    orig.write_text(GRAPH)
    cand = tmp_path / "c.als"
    cand.write_text(GRAPH.replace("fact { all n: Node | lone n.edges }", "fact { no edges }"))
    res = CliRunner().invoke(app, ["gate", str(orig), str(cand), "--json"])
    assert res.exit_code == 1, res.output
    out = json.loads(res.output)
    assert out["status"] == "unfaithful" and any("Node.edges" in x for x in out["reasons"])
    cand.write_text(
        GRAPH.replace("pred acyclic { all n: Node | n not in reach[n] }", "pred acyclic { no n: Node | n in n.^edges }")
    )
    res = CliRunner().invoke(app, ["gate", str(orig), str(cand), "--json", "--editable", "acyclic"])
    assert json.loads(res.output)["faithful"] is True, res.output
    assert json.loads(res.output)["candidate_checks"] in ("met", "not met")
    # the original gated against itself (helper-39): faithful text, and its own checks are said to be unmet
    res = CliRunner().invoke(app, ["gate", str(orig), str(orig)])  # GRAPH's check fails (a self-loop)
    assert "candidate's own commands are not met" in res.output, res.output
    assert json.loads(CliRunner().invoke(app, ["gate", str(orig), str(orig), "--json"]).output)[
        "candidate_checks"] == "not met"


class _ProbesTimeOut:
    """The real Analyzer, except that every probe module the gate builds answers a timeout."""

    def __init__(self, inner) -> None:  # noqa: ANN001
        self.inner = inner

    def check(self, text: str, options=None):  # noqa: ANN001, ANN201
        from fmrepair.verifiers.base import Verdict

        if "fmrepair_probe_" in text:
            return Verdict(formalism="alloy", status="timeout")
        return self.inner.check(text, options)


def test_probe_timeout_is_unknown_never_faithful(verifier) -> None:  # noqa: ANN001
    cand = GRAPH.replace(
        "fact { all n: Node | lone n.edges }", "fact { all n: Node | lone n.edges and n not in n.^edges }"
    )
    r = gate(GRAPH, cand, verifier=_ProbesTimeOut(verifier), scope="7")  # a timeout by construction, not by load
    assert r.status == "unknown" and not r.faithful and r.unknown, r
    assert gate(GRAPH, cand, verifier=verifier).status == "faithful"
