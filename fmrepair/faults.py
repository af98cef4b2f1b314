"""Infrastructure faults: the model endpoint or a verifier could not be reached or kept alive.

A fault says nothing about the candidate or the model, so it must never be scored as a failed repair:
`bench run` records the task as ``status: "error"`` with ``infrastructure: true`` and the reason, leaves it
out of every rate (its own row in a report) and runs it again on resume.
"""

from __future__ import annotations


class InfrastructureError(Exception):
    """The run lost something it depends on (endpoint after its retries, a verifier worker that a restart
    does not bring back). Not a RuntimeError on purpose: code that treats a RuntimeError as an answer
    (e.g. "no unsat core") must not swallow it."""
