"""Natural language -> MiniZinc / SMT-LIB2 / PDDL: zero-shot, LLM self-review and evidence-gated repair
(seed 001, DRAGO). See docs/formalize.md."""

from fmrepair.agents.formalize.evidence import GateDecision, accept
from fmrepair.agents.formalize.loop import FormalizeConfig, Formalizer, TaskOutcome

__all__ = ["FormalizeConfig", "Formalizer", "GateDecision", "TaskOutcome", "accept"]
