"""`fmrepair repair` end to end with a REAL small model (SmolLM2-135M, embedded) and the real analyzer:
whatever the outcome, the JSON summary and the run log must be complete and honest."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fmrepair.runlog import AttemptRecord, RunLog

EXAMPLE = Path(__file__).parent.parent / "examples" / "list_acyclic_faulty.als"


def _cli(*args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fmrepair", *args], capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow
def test_real_small_model_run_is_logged_completely(tmp_path):
    pytest.importorskip("outlines")
    spec = tmp_path / "faulty.als"
    spec.write_text(EXAMPLE.read_text())
    log = tmp_path / "log"
    r = _cli(
        "repair",
        str(spec),
        "--strategy",
        "single-gf",
        "--model",
        "smollm2-135m",
        "-k",
        "2",
        "--max-new-tokens",
        "120",
        "--log",
        str(log),
        "--json",
    )
    assert r.returncode in (0, 1, 3, 4), r.stderr[-3000:]
    summary = json.loads(r.stdout)
    assert set(summary) >= {"outcome", "repaired", "iterations", "strategy", "model", "tokens", "seconds", "out",
                            "diff", "candidate", "lost"}
    assert summary["model"] == "smollm2-135m" and summary["strategy"] == "single-gf"
    assert summary["tokens"]["prompt"] > 0 and summary["tokens"]["completion"] > 0
    run = RunLog(log)
    attempts = run.attempts()
    results = run.results()
    assert run.read_manifest() is not None and len(results) == 1
    assert len(attempts) == summary["iterations"] == results[0].attempts
    for a in attempts:
        assert isinstance(a, AttemptRecord) and a.messages and a.messages[0]["role"] == "system"
        assert a.raw and a.prompt_tokens > 0 and a.seconds > 0
        # grammar-constrained: every answer parses as the tool call
        assert a.parse_error is None and a.parsed["request"] == "run_alloy_analyzer"
        assert a.candidate is not None or a.candidate_error
    fixed = spec.with_name("faulty.fixed.als")
    if summary["repaired"]:
        assert r.returncode == 0 and summary["out"] == str(fixed) and fixed.exists()
        assert results[0].faithful
    else:
        assert r.returncode == {"narrows": 4, "unknown": 3}.get(summary["outcome"], 1)
        assert summary["out"] is None and not fixed.exists()


def test_input_errors_exit_2(tmp_path):
    empty = tmp_path / "e.als"
    empty.write_text("")
    for args in (
        ["repair", str(tmp_path / "missing.als")],
        ["repair", str(empty)],
        ["repair", str(EXAMPLE), "--strategy", "nope"],
        ["repair", str(tmp_path / "x.txt")],
    ):
        if args[1].endswith(".txt"):
            Path(args[1]).write_text("sig A {}")
        r = _cli(*args, timeout=120)
        assert r.returncode == 2, (args, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
