"""The weakest of several repairs (``RepairConfig.weakest_of``): a repair that makes the checks pass by forbidding
more than it must is not what the author meant (a token that never moves: every trace with a pass was bad, so
no good instance is lost, and the checks pass). Among repairs that all keep the original's good instances,
one loses to another that allows every instance it allows and more, asked of the Analyzer at the file's
command scopes (``preserve.preservation``: a repair's instances are all good, its checks pass)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from fmrepair.verifiers.base import Verifier

T = TypeVar("T")


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


def weakest_narrowing(fallbacks: Sequence[tuple[int, int, str, T]], verifier: Verifier, timeout_s: float,
                      compare: int) -> tuple[int, int, str, T] | None:
    """The narrowing fallback shown when no candidate keeps every good instance. ``fallbacks``: (scopes with a
    lost instance, edit size, candidate, record). The ``compare`` distinct ones that lose the fewest scopes (then
    the smallest edits) are compared by what they allow, as ``weakest`` compares repairs, so a later one that
    allows every instance the kept one allows, and more, is shown instead (it loses fewer of the original's good
    instances). ``compare`` <= 1: the first of that order."""
    ranked: list[tuple[int, int, str, T]] = []
    seen: set[str] = set()
    for f in sorted(fallbacks, key=lambda n: n[:2]):
        key = " ".join(f[2].split())
        if key not in seen:
            seen.add(key)
            ranked.append(f)
    if not ranked:
        return None
    pool = ranked[: max(1, compare)]
    return pool[weakest([f[2] for f in pool], verifier, timeout_s)] if len(pool) > 1 else pool[0]
