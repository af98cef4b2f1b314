"""The weakest of several repairs (``RepairConfig.weakest_of``): a repair that makes the checks pass by forbidding
more than it must is not what the author meant (a token that never moves: every trace with a pass was bad, so
no good instance is lost, and the checks pass). Among repairs that all keep the original's good instances,
one loses to another that allows every instance it allows and more, asked of the Analyzer at the file's
command scopes (``preserve.preservation``: a repair's instances are all good, its checks pass)."""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.base import Verifier


def weakest(repairs: Sequence[str], verifier: Verifier, timeout_s: float) -> int:
    """The index of the repair kept: the first, unless a later one is strictly weaker than the one kept so far
    (keeps all its instances, and it loses one of the later one's). Undecided comparisons keep the earlier."""
    from fmrepair.verifiers.alloy.preserve import preservation

    best = 0
    for k in range(1, len(repairs)):
        keeps = preservation(repairs[best], repairs[k], verifier, timeout_s).outcome == "preserved"
        if keeps and preservation(repairs[k], repairs[best], verifier, timeout_s).outcome == "narrows":
            best = k
    return best
