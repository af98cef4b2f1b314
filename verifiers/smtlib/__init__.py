"""SMT-LIB2 (z3, cvc5): the verifier and the FOL diagnosis of seed 001."""

from fmrepair.verifiers.smtlib.verifier import SmtVerifier, run_script

__all__ = ["SmtVerifier", "run_script"]
