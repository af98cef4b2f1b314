"""The annotation loop with a scripted model and the real Frama-C (marker ``framac``): pre-compiled
unproved goals, the gate on every candidate, n x r budgets, raw vs faithful per chain, no leak."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fmrepair.agents.annotate import AnnotateConfig, annotate_task, apply_answer
from fmrepair.agents.annotate.edit import AnswerError
from fmrepair.eval.acsl_bench.build import frozen_regions
from fmrepair.eval.metrics import pass_at_k
from fmrepair.runlog import RunLog
from fmrepair.serving import ScriptedModel
from fmrepair.task import Task
from fmrepair.verifiers.acsl import AcslVerifier, available

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "acsl"
ORIGINAL = (EXAMPLES / "sum_bounded.c").read_text(encoding="utf-8")
INVARIANT = "      loop invariant 0 <= s <= 1000 * i;\n"
VISIBLE = ORIGINAL.replace(INVARIANT, "")
LOOP_LINE = VISIBLE.splitlines().index("  for (int i = 0; i < n; i++) {") + 1
ASSERT_LINE = VISIBLE.splitlines().index("  //@ assert s >= 0;") + 1

needs_framac = pytest.mark.skipif(not available(), reason="frama-c/why3/z3 not installed")


def _task() -> Task:
    return Task(id="sum_bounded/last_invariant_one_loop/0", suite="acsl-removal", formalism="acsl", kind="annotate",
                visible=VISIBLE, frozen=frozen_regions(VISIBLE), reference=ORIGINAL,
                meta={"schema": "last_invariant_one_loop"})


def test_insert_mode_builds_annotation_lines() -> None:
    answer = {"annotations": [{"before_line": LOOP_LINE, "acsl": "loop invariant s >= 0"},
                              {"before_line": ASSERT_LINE, "acsl": "//@ assert s >= 0;"}]}
    lines = apply_answer("insert", VISIBLE, answer).splitlines()
    block = VISIBLE.splitlines().index("  /*@ loop invariant 0 <= i <= n;")  # 0-based
    # one annotation comment per loop (Frama-C's rule): the clause joins the loop's block, at its front
    assert lines[block] == "  /*@ loop invariant s >= 0; loop invariant 0 <= i <= n;"
    assert lines[ASSERT_LINE - 1] == "  //@ assert s >= 0;" and len(lines) == len(VISIBLE.splitlines()) + 1
    with pytest.raises(AnswerError):
        apply_answer("insert", VISIBLE, {"annotations": [{"before_line": 999, "acsl": "assert 1;"}]})


@pytest.mark.framac
@needs_framac
def test_scripted_loop_counts_raw_and_faithful(tmp_path: Path) -> None:
    cheat = VISIBLE.replace("requires n <= 1000;", "requires n <= 1000;\n    requires \\false;")
    model = ScriptedModel([
        "not json at all",  # chain 0, attempt 1: unusable answer -> feedback
        {"program": cheat},  # chain 0, attempt 2: verifies, but a \false precondition: gate rejects
        {"program": ORIGINAL},  # chain 1, attempt 1: the honest fix
    ])
    log = RunLog(tmp_path / "run")
    cfg = AnnotateConfig(samples=2, retries=1, mode="whole", temperature=0.0)
    result = annotate_task(_task(), model, AcslVerifier(), cfg, log=log)
    assert result.repaired and result.faithful and result.first_success == 3
    assert result.extra["chains"] == [
        {"raw": True, "faithful": False, "attempts": 2, "gate_rejected": 1},
        {"raw": True, "faithful": True, "attempts": 1, "gate_rejected": 0},
    ]
    assert result.unfaithful_rejected == 1 and result.extra["initial_unproved"] >= 1
    first_prompt = model.calls[0]["messages"][1].content
    assert f"at line {ASSERT_LINE}" in first_prompt and "assert s >= 0" in first_prompt  # goals pre-compiled
    assert "1000 * i" not in first_prompt  # the removed invariant (the reference) is never shown
    second_prompt = model.calls[1]["messages"][-1].content
    assert "could not be used" in second_prompt
    atts = log.attempts()
    assert [a.raw_ok for a in atts] == [False, True, True] and [a.faithful for a in atts] == [False, False, True]
    assert any("\\false precondition" in r for r in atts[1].gate["reasons"])
    chains = result.extra["chains"]
    raw1 = pass_at_k(2, sum(c["raw"] for c in chains), 1)
    faithful1 = pass_at_k(2, sum(c["faithful"] for c in chains), 1)
    assert raw1 == 1.0 and faithful1 == 0.5  # the inflation the gate removes
    json.dumps(result.model_dump())  # the result is JSON-serializable


@pytest.mark.framac
@needs_framac
def test_insert_mode_smuggled_code_is_rejected() -> None:
    smuggle = {"annotations": [{"before_line": ASSERT_LINE, "acsl": "assert s >= 0;\n  s = 0;"}]}
    honest = {"annotations": [{"before_line": LOOP_LINE, "acsl": "loop invariant 0 <= s <= 1000 * i;"}]}
    model = ScriptedModel([smuggle, honest])
    result = annotate_task(_task(), model, AcslVerifier(), AnnotateConfig(samples=1, retries=1))
    assert result.faithful and result.extra["chains"][0]["attempts"] == 2
    feedback = model.calls[1]["messages"][-1].content
    assert "REJECTED" in feedback and "C code was edited" in feedback
