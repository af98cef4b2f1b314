"""ACSL proof annotations checked by Frama-C/WP (Debian ``frama-c-base`` + ``why3`` + z3/cvc4)."""

from fmrepair.verifiers.acsl.env import FramaCUnavailable, available
from fmrepair.verifiers.acsl.report import Goal, Property
from fmrepair.verifiers.acsl.verifier import AcslResult, AcslVerifier

__all__ = ["AcslResult", "AcslVerifier", "FramaCUnavailable", "Goal", "Property", "available"]
