"""PDDL (Fast Downward, VAL): the verifier, problem equivalence and the diagnosis of seed 001."""

from fmrepair.verifiers.pddl.verifier import PddlVerifier, split_pddl

__all__ = ["PddlVerifier", "split_pddl"]
