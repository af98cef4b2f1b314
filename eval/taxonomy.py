"""Failure taxonomy (computed after a task, never shown to a model):

- over- vs under-constrained (seed 000 §2.3, §5.3): an under-constrained candidate admits instances the
  intended model excludes (a check finds a counterexample; for Alloy4Fun: candidate[] and not ok[]), an
  over-constrained one excludes instances it should admit (a run finds no instance; not candidate[]
  and ok[]). Both can hold at once.
- error types of failed iterations: no tool call, repeated, syntax, type, counterexample, no instance,
  timeout, unfaithful.
- seed 003's similarity-paired missing / extra / typo counts against the reference (difflib ratio;
  0.8-0.99 is a typo), over the constraints (lines) of the editable paragraphs.
"""

from __future__ import annotations

import difflib
from collections import Counter
from typing import Any

from fmrepair.runlog import AttemptRecord
from fmrepair.task import Task
from fmrepair.verifiers.base import Verdict, Verifier


def error_type(a: AttemptRecord) -> str | None:
    """The kind of failure of one attempt (None when it was a faithful repair)."""
    if a.faithful:
        return None
    if a.candidate is None:
        return "no_tool_call"
    if a.repeated:
        return "repeated"
    v = a.verdict or {}
    status = v.get("status")
    if status in ("syntax_error", "type_error", "timeout", "error"):
        return status
    if a.raw_ok:
        return "unfaithful"
    outcomes = {c.get("outcome") for c in v.get("commands", []) if not c.get("met")}
    if "counterexample" in outcomes:
        return "counterexample"
    if "no_instance" in outcomes:
        return "no_instance"
    if "instance" in outcomes or "no_counterexample" in outcomes:
        return "unexpected_result"
    return "timeout" if "timeout" in outcomes else "other"


def error_types(attempts: list[AttemptRecord]) -> dict[str, int]:
    kinds = (error_type(a) for a in attempts if a.role != "instructor")
    return dict(Counter(k for k in kinds if k is not None))


def last_compiled(attempts: list[AttemptRecord]) -> AttemptRecord | None:
    for a in reversed(attempts):
        if a.candidate is not None and (a.verdict or {}).get("status") in ("ok", "failed"):
            return a
    return None


def _from_verdict(verdict: dict[str, Any]) -> str:
    failing = [c for c in verdict.get("commands", []) if not c.get("met")]
    under = any(c.get("outcome") == "counterexample" for c in failing)
    over = any(c.get("outcome") == "no_instance" for c in failing)
    return {(True, True): "both", (True, False): "under", (False, True): "over"}.get((under, over), "none")


def constraint_class(task: Task, attempt: AttemptRecord, verifier: Verifier) -> str:
    """over | under | both | none | unknown for the final compiled candidate of an unfixed task."""
    faulty = task.meta.get("faulty_pred")
    ok_names = [n for n in task.meta.get("hidden_reference_names", []) if n.endswith("OK")]
    if task.suite != "alloy4fun" or not faulty or not ok_names or attempt.candidate is None:
        return _from_verdict(attempt.verdict or {})
    ok = next((n for n in ok_names if n.removesuffix("_OK").removesuffix("OK") == faulty), ok_names[0])
    probe = (
        f"{attempt.candidate.rstrip()}\n{task.hidden_oracle}\n"
        f"assert fmrepair_under {{ {faulty}[] implies {ok}[] }}\ncheck fmrepair_under\n"
        f"assert fmrepair_over {{ {ok}[] implies {faulty}[] }}\ncheck fmrepair_over\n"
    )
    v: Verdict = verifier.check(probe)
    met = {c.label: c.met for c in v.commands if c.label in ("fmrepair_under", "fmrepair_over")}
    if len(met) != 2:
        return "unknown"
    under, over = not met["fmrepair_under"], not met["fmrepair_over"]
    return {(True, True): "both", (True, False): "under", (False, True): "over"}.get((under, over), "none")


def _constraints(spec: str, keys: list[str]) -> list[str]:
    from fmrepair.verifiers.alloy.text import split_paragraphs, strip_comments

    out: list[str] = []
    for p in split_paragraphs(spec):
        if keys and p.key not in keys:
            continue
        if p.kind not in ("fact", "pred", "fun") or p.body is None:
            continue
        for line in strip_comments(p.body).splitlines():
            line = " ".join(line.split())
            if line and line not in ("{", "}"):
                out.append(line)
    return out


def similarity_pairs(candidate: str, reference: str, keys: list[str] | None = None) -> dict[str, int]:
    """Seed 003 technique 5: pair candidate and reference constraints by difflib ratio."""
    cand = _constraints(candidate, keys or [])
    ref = _constraints(reference, keys or [])
    typos = 0
    for threshold in (1.0, 0.8):  # exact matches first, then typos
        for r in list(ref):
            best = max(cand, key=lambda c, r=r: difflib.SequenceMatcher(None, c, r).ratio(), default=None)
            if best is None:
                break
            ratio = difflib.SequenceMatcher(None, best, r).ratio()
            if ratio >= threshold:
                typos += int(ratio < 1.0)
                ref.remove(r)
                cand.remove(best)
    return {"missing": len(ref), "extra": len(cand), "typos": typos}


def taxonomy(task: Task, attempts: list[AttemptRecord], verifier: Verifier) -> dict[str, Any]:
    out: dict[str, Any] = {"errors": error_types(attempts)}
    last = last_compiled(attempts)
    out["constraint"] = constraint_class(task, last, verifier) if last is not None else "no_compiled_candidate"
    if last is not None and task.reference:
        keys = list(task.meta.get("editable") or [])
        out["pairs"] = similarity_pairs(last.candidate or "", task.reference, keys)
    return out
