"""Frama-C/WP for real (marker ``framac``; skipped when frama-c/why3/provers are not installed).

A handful of small proofs (~2-5 s each): a proved file, a missing invariant (unproved goal with its
source line), annotation errors with locations, the process timeout, `fmrepair check FILE.c` JSON, and
the gate's Frama-C normalized-code comparison.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fmrepair.verifiers.acsl import AcslVerifier, available
from fmrepair.verifiers.base import CheckOptions

pytestmark = [
    pytest.mark.framac,
    pytest.mark.skipif(not available(), reason="frama-c/why3/z3 not installed (see docs/acsl.md)"),
]

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "acsl"
GOOD = (EXAMPLES / "sum_bounded.c").read_text(encoding="utf-8")
MISSING_INV = GOOD.replace("      loop invariant 0 <= s <= 1000 * i;\n", "")


@pytest.fixture(scope="module")
def verifier() -> AcslVerifier:
    return AcslVerifier(wp_cache=False)  # no cache: every test really runs the provers


def test_proved_file_is_ok(verifier: AcslVerifier) -> None:
    r = verifier.run(GOOD)
    assert r.verdict.status == "ok", r.verdict.raw
    assert len(r.verdict.commands) >= 10 and all(c.kind == "goal" and c.outcome == "proved" for c in r.verdict.commands)
    assert any(p.kind == "loop invariant" and p.proved for p in r.properties)


def test_missing_invariant_fails_with_source_lines(verifier: AcslVerifier) -> None:
    r = verifier.run(MISSING_INV)
    assert r.verdict.status == "failed"
    bad = r.unproved()
    assert bad and all(g.outcome in ("unproved", "timeout") for g in bad)
    lines = {g.line for g in bad}
    assert 16 in lines  # the target assertion `//@ assert s >= 0;` (one line up: the invariant is gone)
    assert any("assert s >= 0" in (c.witness or "") for c in r.verdict.failing())
    assert any(p.kind == "user assertion" and not p.proved for p in r.properties)


def test_annotation_errors_have_locations(verifier: AcslVerifier) -> None:
    syn = verifier.check(GOOD.replace("loop invariant 0 <= i <= n;", "loop invariant 0 <= i <= n + ;"))
    assert syn.status == "syntax_error" and syn.errors[0].line == 9
    typ = verifier.check(GOOD.replace("loop invariant 0 <= i <= n;", "loop invariant 0 <= i <= m;"))
    assert typ.status == "type_error" and typ.errors[0].line == 9 and "m" in typ.errors[0].message
    c_err = verifier.check(GOOD.replace("int s = 0;", "int s = 0"))
    assert c_err.status == "syntax_error" and c_err.errors[0].line == 8


def test_process_timeout_is_reported(verifier: AcslVerifier) -> None:
    v = verifier.check(GOOD, CheckOptions(timeout_s=0.05))
    assert v.status == "timeout" and "did not finish" in v.errors[-1].message


def test_check_cli_json_shape(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from fmrepair.cli import app

    bad = tmp_path / "missing.c"
    bad.write_text(MISSING_INV, encoding="utf-8")
    res = CliRunner().invoke(app, ["check", str(bad), "--json", "--timeout", "120"])
    assert res.exit_code == 1, res.output
    out = json.loads(res.output)
    assert out["formalism"] == "acsl" and out["status"] == "failed" and not out["ok"]
    assert {"label", "kind", "outcome", "met", "witness"} <= set(out["commands"][0])
    assert any(c["outcome"] != "proved" and "line 16" in (c["witness"] or "") for c in out["commands"])


def test_gate_normalized_code_accepts_harmless_rewrite_rejects_real_edit() -> None:
    from fmrepair.verifiers.acsl.gate import gate

    same = gate(GOOD, GOOD.replace("s += a[i];", "s = s + a[i];"))  # the same normalized code: still refused,
    assert not same.faithful and same.code == "normalized"  # and the reason says it is only a respelling
    assert "respelled" in same.reasons[0] and "normalized code is the same" in same.reasons[0]
    edited = gate(GOOD, GOOD.replace("s += a[i];", "s = s + a[i] / 2;"))
    assert not edited.faithful and edited.code == "differs"
