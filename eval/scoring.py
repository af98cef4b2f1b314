"""Scoring of one candidate repair: raw, faithful, equivalent.

- raw: the candidate with the task's hidden oracle appended compiles and every command is met
  (visible and hidden; a check without ``expect`` must find no counterexample, a run an instance).
- faithful: raw and the faithfulness gate passed (verifiers/alloy/gate.py, vacuity checks included).
- equivalent: faithful and semantically equal to the reference, where one is known:
  * Alloy4Fun: the hidden iff oracle ``check <pred>_Repaired expect 0`` (bounded equivalence of the
    repaired predicate with its ``_OK`` reference) is met.
  * ARepair (documented approximation): the candidate passes the family's AUnit test suite from
    ``original/experiments/test-suite`` (ARepair's own correctness criterion); None when there is no
    test suite or it does not compile against the candidate.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, Field

from fmrepair.eval.suites.base import Candidate, Scored
from fmrepair.task import Task
from fmrepair.verifiers.alloy.gate import FaithfulnessReport, gate_task
from fmrepair.verifiers.base import Verifier


class Score(BaseModel):
    raw: bool
    faithful: bool
    equivalent: bool | None  # None: no reference to compare with
    status: str
    failing: list[str] = Field(default_factory=list)
    gate: FaithfulnessReport
    note: str = ""


def _with_oracle(candidate: str, task: Task) -> str:
    return candidate.rstrip() + "\n" + task.hidden_oracle if task.hidden_oracle else candidate


def _aunit_equivalent(task: Task, candidate: str, verifier: Verifier, root: Path | None) -> tuple[bool | None, str]:
    if root is None:
        return None, "no benchmark root given for the AUnit test suite"
    from fmrepair.eval.suites.arepair import aunit_tests

    tests = aunit_tests(task.id, root / "original" / "experiments" / "realbugs")
    if not tests:
        return None, "no AUnit test suite"
    v = verifier.check(candidate.rstrip() + "\n" + tests)
    if v.status in ("syntax_error", "type_error", "error"):
        return None, f"AUnit tests do not compile against the candidate ({v.status})"
    return v.status == "ok", f"AUnit tests: {sum(c.met for c in v.commands)}/{len(v.commands)} met"


def score(
    task: Task, candidate: str, verifier: Verifier, *, root: str | Path | None = None, model_free: bool = False
) -> Score:
    """Score ``candidate`` (visible-shaped text) for ``task``. ``root``: the suite's benchmark folder
    (ARepair equivalence reads its AUnit tests from there)."""
    verdict = verifier.check(_with_oracle(candidate, task))
    raw = verdict.status == "ok" and bool(verdict.commands) and all(c.met for c in verdict.commands)
    report = gate_task(task, candidate, verifier, model_free=model_free)
    faithful = raw and report.faithful
    equivalent: bool | None = False
    note = ""
    if task.suite == "alloy4fun":
        want = task.meta.get("hidden_check", "")
        hit = [c for c in verdict.commands if c.label == want]
        equivalent = faithful and bool(hit) and all(c.met for c in hit)
    elif task.suite == "arepair":
        if faithful:
            equivalent, note = _aunit_equivalent(task, candidate, verifier, Path(root) if root else None)
    else:
        equivalent = None if task.reference is None else False
        note = "no equivalence check for this suite"
    failing = [f"{c.label}={c.outcome}" for c in verdict.failing()]
    failing = [re.sub(r"\s+", " ", f) for f in failing]
    return Score(
        raw=raw, faithful=faithful, equivalent=equivalent, status=verdict.status, failing=failing,
        gate=report, note=note,
    )


def repair_score(task: Task, candidate: Candidate) -> Scored:
    """A repair suite's ``score``: :func:`score` as a suite Scored (correct = equivalent)."""
    if candidate.verifier is None:
        raise ValueError("repair scoring needs the run's verifier")
    s = score(task, candidate.artifact, candidate.verifier, root=candidate.root)
    return Scored(
        correct=s.equivalent, raw=s.raw, faithful=s.faithful, equivalent=s.equivalent,
        detail={"status": s.status, "failing": s.failing}, note=s.note,
    )
