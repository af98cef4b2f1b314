"""Annotation-only completion for ACSL (seed 004 techniques 1-4, with seed 003's faithfulness gate)."""

from fmrepair.agents.annotate.edit import answer_schema, apply_answer
from fmrepair.agents.annotate.loop import AnnotateConfig, annotate_task

__all__ = ["AnnotateConfig", "annotate_task", "answer_schema", "apply_answer"]
