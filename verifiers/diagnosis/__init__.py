"""Deterministic, reference-free diagnosis per formalism (seed 001, Table 4).

``diagnose(formalism, problem_text, artifact, **context) -> Diagnosis``. A Diagnosis has an execution
rank (0 ran to an answer, 1 solver gave up / timed out, 2 did not execute) and Findings; only
*blocking* findings count toward the potential that the evidence gate compares. Lexical cues are always
advisory. Nothing here sees a reference answer or a gold formalization.
"""

from __future__ import annotations

from typing import Any

from .base import Diagnosis, Finding, potential


def diagnose(formalism: str, problem: str, artifact: str, **context: Any) -> Diagnosis:
    if formalism == "smtlib":
        from .fol import diagnose_fol

        return diagnose_fol(problem, artifact, **context)
    if formalism == "minizinc":
        from .mzn import diagnose_mzn

        return diagnose_mzn(problem, artifact, **context)
    if formalism == "pddl":
        from .pddl import diagnose_pddl

        return diagnose_pddl(problem, artifact, **context)
    raise ValueError(f"no diagnosis for formalism {formalism!r}")


__all__ = ["Diagnosis", "Finding", "diagnose", "potential"]
