"""MiniZinc: the verifier (solve, check) and the model diagnosis of seed 001."""

from fmrepair.verifiers.minizinc.verifier import MiniZincVerifier, MznRun

__all__ = ["MiniZincVerifier", "MznRun"]
