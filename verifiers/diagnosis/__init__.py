"""Deterministic, reference-free diagnosis per formalism (seed 001, Table 4).

``diagnose(formalism, problem_text, artifact, **context) -> Diagnosis``. A Diagnosis has an execution
rank (0 ran to an answer, 1 solver gave up / timed out, 2 did not execute) and Findings; only
*blocking* findings count toward the potential that the evidence gate compares. Lexical cues are always
advisory. Nothing here sees a reference answer or a gold formalization.
"""

from __future__ import annotations

from typing import Any, Protocol

from fmrepair.registry import LazyRegistry
from fmrepair.verifiers.diagnosis.base import Diagnosis, Finding, potential


class Diagnoser(Protocol):
    """``(problem, artifact, **context) -> Diagnosis``: reference-free, deterministic."""

    def __call__(self, problem: str, artifact: str, **context: Any) -> Diagnosis: ...


# formalism -> diagnoser (the same lazy registry shape as verifiers, models, strategies, suites)
DIAGNOSERS: LazyRegistry[Diagnoser] = LazyRegistry(
    "diagnoser",
    {
        "smtlib": "fmrepair.verifiers.smtlib.diagnosis:diagnose_fol",
        "minizinc": "fmrepair.verifiers.minizinc.diagnosis:diagnose_mzn",
        "pddl": "fmrepair.verifiers.pddl.diagnosis:diagnose_pddl",
    },
    group="fmrepair.diagnosers",
)


def diagnose(formalism: str, problem: str, artifact: str, **context: Any) -> Diagnosis:
    if formalism not in DIAGNOSERS:
        raise ValueError(f"no diagnosis for formalism {formalism!r}")
    return DIAGNOSERS.load(formalism)(problem, artifact, **context)


__all__ = ["DIAGNOSERS", "Diagnoser", "Diagnosis", "Finding", "diagnose", "potential"]
