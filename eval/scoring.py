"""Scoring of one candidate: what a suite judges (Candidate) and its hidden-reference score (Scored); the repair
scoring, raw, faithful, equivalent:

- raw: the candidate with the task's hidden oracle appended compiles and every command is met
  (visible and hidden; a check without ``expect`` must find no counterexample, a run an instance).
- faithful: raw and the faithfulness gate passed (verifiers/alloy/gate.py, vacuity checks included).
- equivalent: faithful and semantically equal to the reference, by the suite's own check (its
  ``equivalent`` function, passed in; each suite module owns it):
  * Alloy4Fun (eval/suites/alloy4fun.py): the hidden iff oracle ``check <pred>_Repaired expect 0``
    (bounded equivalence of the repaired predicate with its ``_OK`` reference) is met.
  * ARepair (eval/suites/arepair.py, a documented approximation): the candidate passes the family's
    AUnit test suite (ARepair's own correctness criterion); None when there is none or it does not compile.
  Without a check: None (no reference) or False.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from fmrepair.task import Task
from fmrepair.verifiers.alloy.gate import FaithfulnessReport, gate_task
from fmrepair.verifiers.base import Verdict, Verifier

# a suite's equivalence check of a faithful candidate: (task, candidate, its verdict with the hidden
# oracle, the verifier, the suite's benchmark folder) -> (equivalent or None when undecided, a note)
Equivalence = Callable[[Task, str, Verdict, Verifier, "Path | None"], "tuple[bool | None, str]"]


@dataclass
class Candidate:
    """What a suite's ``score`` judges: the artifact a strategy returned, and what scoring may use.
    ``answer``: a formalize strategy's solver answer for the artifact (FOLIO: True/False/Uncertain);
    ``verifier``: the run's verifier for the task's formalism (repair suites check with it);
    ``root``: the suite's benchmark folder (ARepair reads its AUnit tests from there);
    ``model_free``: the artifact was built by a search alone (the gate's setting, docs/gate.md)."""

    artifact: str
    answer: str | None = None
    verifier: Any = None
    root: Path | None = None
    model_free: bool = False


class Scored(BaseModel):
    """A hidden-reference score. ``correct`` is the suite's headline: formalize, the artifact's answer
    matches the reference; repair, equivalent to the reference; annotate, proved and faithful. None:
    it could not be decided (logged as status "unknown", never correct)."""

    correct: bool | None
    raw: bool | None = None  # repair/annotate: every check met (before the faithfulness gate)
    faithful: bool | None = None  # repair/annotate: raw and the gate passed
    equivalent: bool | None = None  # repair: equal to the reference, where one is known
    detail: dict[str, Any] = Field(default_factory=dict)
    note: str = ""


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


def score(
    task: Task,
    candidate: str,
    verifier: Verifier,
    *,
    root: str | Path | None = None,
    model_free: bool = False,
    equivalence: Equivalence | None = None,
) -> Score:
    """Score ``candidate`` (visible-shaped text) for ``task``. ``root``: the suite's benchmark folder
    (ARepair equivalence reads its AUnit tests from there); ``equivalence``: the suite's check."""
    verdict = verifier.check(_with_oracle(candidate, task))
    raw = verdict.status == "ok" and bool(verdict.commands) and all(c.met for c in verdict.commands)
    report = gate_task(task, candidate, verifier, model_free=model_free)
    faithful = raw and report.faithful
    equivalent: bool | None = False
    note = ""
    if equivalence is not None:
        if faithful:
            equivalent, note = equivalence(task, candidate, verdict, verifier, Path(root) if root else None)
    else:
        equivalent = None if task.reference is None else False
        note = "no equivalence check for this suite"
    failing = [f"{c.label}={c.outcome}" for c in verdict.failing()]
    failing = [re.sub(r"\s+", " ", f) for f in failing]
    return Score(
        raw=raw, faithful=faithful, equivalent=equivalent, status=verdict.status, failing=failing,
        gate=report, note=note,
    )


def repair_score(task: Task, candidate: Candidate, equivalence: Equivalence | None = None) -> Scored:
    """A repair suite's ``score``: :func:`score` with the suite's ``equivalence`` as a suite Scored
    (correct = equivalent)."""
    if candidate.verifier is None:
        raise ValueError("repair scoring needs the run's verifier")
    s = score(task, candidate.artifact, candidate.verifier, root=candidate.root, model_free=candidate.model_free,
              equivalence=equivalence)
    return Scored(
        correct=s.equivalent, raw=s.raw, faithful=s.faithful, equivalent=s.equivalent,
        detail={"status": s.status, "failing": s.failing}, note=s.note,
    )
