"""The evidence gate: keep a rewrite only on a strict drop of the lexicographic potential
(execution rank, weighted blocking findings), with no new blocking finding on a clean axis and the
per-formalism conservatism checks against repair-by-weakening. Never consults a reference or label."""

from __future__ import annotations

from dataclasses import dataclass, field

from fmrepair.verifiers.diagnosis import Diagnosis


@dataclass
class GateDecision:
    accepted: bool
    reasons: list[str] = field(default_factory=list)
    before: tuple[int, int] = (0, 0)
    after: tuple[int, int] = (0, 0)


def _conservatism(before: Diagnosis, after: Diagnosis) -> list[str]:
    """Reasons a rewrite weakens the artifact (empty: conservative)."""
    b, a = before.facts, after.facts
    out: list[str] = []
    if before.formalism == "smtlib":
        floor = min(b.get("assertions", 0), max(b.get("premise_sentences", 0), 1))
        if a.get("assertions", 0) < floor:
            out.append(f"assertions dropped from {b.get('assertions')} to {a.get('assertions')}")
    elif before.formalism == "pddl":
        if a.get("goal_atoms", 0) < b.get("goal_atoms", 0):
            out.append(f"goal atoms decreased from {b.get('goal_atoms')} to {a.get('goal_atoms')}")
        stated = b.get("stated", {})
        for cat, want in stated.items():
            old, new = b.get("objects", {}).get(cat, 0), a.get("objects", {}).get(cat, 0)
            if abs(new - want) > abs(old - want) or (new != old and (new - old) * (want - old) < 0):
                out.append(f"{cat} objects moved from {old} to {new}, away from the stated {want}")
    elif before.formalism == "minizinc":
        allowed = sum(1 for f in before.blocking if f.kind == "unsat_localized")
        dropped = b.get("constraints", 0) - a.get("constraints", 0)
        if dropped > max(allowed, 0):
            out.append(f"{dropped} constraint items removed (deletion probes localized {allowed})")
    return out


def accept(before: Diagnosis, after: Diagnosis) -> GateDecision:
    d = GateDecision(False, before=before.potential, after=after.potential)
    if after.exec_rank > before.exec_rank or (after.exec_rank == 2 and before.exec_rank == 2):
        d.reasons.append("the rewrite does not execute better than the current artifact")
    if not after.potential < before.potential:
        d.reasons.append(f"potential did not strictly decrease: {before.potential} -> {after.potential}")
    if before.exec_rank == after.exec_rank:
        clean = {f.axis for f in after.blocking} - before.axes()
        if clean:
            d.reasons.append(f"new blocking finding on a clean axis: {', '.join(sorted(clean))}")
    d.reasons += _conservatism(before, after)
    d.accepted = not d.reasons
    return d
