"""ACSL proof annotations checked by Frama-C/WP (Debian ``frama-c-base`` + ``why3`` + z3/cvc4)."""

from .env import FramaCUnavailable, available
from .report import Goal, Property
from .verifier import AcslResult, AcslVerifier

__all__ = ["AcslResult", "AcslVerifier", "FramaCUnavailable", "Goal", "Property", "available"]
