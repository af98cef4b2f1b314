"""Alloy 6.1 in-process (JPype) in killable worker processes. Importing this starts no JVM."""

from fmrepair.verifiers.alloy.verifier import AlloyVerifier, VerifierUnavailable, get_alloy_verifier

__all__ = ["AlloyVerifier", "VerifierUnavailable", "get_alloy_verifier"]
