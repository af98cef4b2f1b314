"""Ada/SPARK: GNAT compile and run-time contract checks (GNATprove is not available here)."""

from fmrepair.verifiers.spark.verifier import SparkVerifier

__all__ = ["SparkVerifier"]
