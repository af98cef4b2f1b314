"""ACSL removal-schema benchmark: schemata (seed 004 technique 7), builder, task loader."""

from fmrepair.eval.acsl_bench.build import build, load_tasks
from fmrepair.eval.acsl_bench.schemata import SCHEMATA, Variant, variants

__all__ = ["SCHEMATA", "Variant", "build", "load_tasks", "variants"]
