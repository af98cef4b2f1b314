"""Held-out splits over the tasks of the suites the runs used (the population is every non-duplicate
task of those suites, not only the ones with a repair, so held-out evaluation is not biased toward tasks
search could solve)."""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from fmrepair.task import Task

TRAIN, HELDOUT = "train", "heldout"

# suites whose task files carry no honest date (benchmarks/README.md: the Alloy4Fun repair files have no
# submission ids or timestamps; ARepair's realbugs are undated too)
UNDATED = {
    "alloy4fun": "the Alloy4Fun repair files carry no submission ids or dates",
    "arepair": "the ARepair realbugs carry no dates",
}

Key = tuple[str, str]  # (suite, task id)


class SplitError(ValueError):
    pass


def _date(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def temporal(tasks: dict[Key, Task], cutoff: str | None) -> dict[Key, str]:
    suites = sorted({s for s, _ in tasks})
    for s in suites:
        if s in UNDATED:
            raise SplitError(
                f"--split temporal refused for suite {s}: {UNDATED[s]}, so there is no honest temporal signal. "
                "Use --split family --holdout FAMILY,... (held-out families) instead."
            )
    undated = [k for k, t in tasks.items() if not t.meta.get("date")]
    if undated:
        raise SplitError(
            f"--split temporal needs a date on every task; {len(undated)} have none (e.g. {undated[0][1]}). "
            "Use --split family instead."
        )
    if not cutoff:
        raise SplitError("--split temporal needs --cutoff YYYY-MM-DD")
    cut = _date(cutoff)
    return {k: HELDOUT if _date(t.meta["date"]) >= cut else TRAIN for k, t in tasks.items()}


def family(tasks: dict[Key, Task], holdout: list[str]) -> dict[Key, str]:
    if not holdout:
        raise SplitError("--split family needs --holdout FAMILY,...")
    known = {str(t.meta.get("family", "")) for t in tasks.values()}
    unknown = sorted(set(holdout) - known)
    if unknown:
        raise SplitError(f"unknown families {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    if known <= set(holdout):
        raise SplitError("every family is held out: nothing left to train on")
    return {k: HELDOUT if str(t.meta.get("family", "")) in holdout else TRAIN for k, t in tasks.items()}


def _group(t: Task, by: str) -> str:
    fam = str(t.meta.get("family", ""))
    if by == "family":
        return f"{t.suite}/{fam}"
    if by == "exercise":
        return f"{t.suite}/{fam}/{t.meta.get('exercise', t.id)}"
    return f"{t.suite}/{t.id}"


def grouped_random(tasks: dict[Key, Task], fraction: float, seed: int, by: str = "family") -> dict[Key, str]:
    """Whole groups go to one side; groups are shuffled with ``seed`` and taken until ``fraction`` of the
    tasks is held out (at least one group on each side)."""
    if not 0 < fraction < 1:
        raise SplitError("--heldout-fraction must be between 0 and 1")
    groups: dict[str, list[Key]] = {}
    for k, t in sorted(tasks.items()):
        groups.setdefault(_group(t, by), []).append(k)
    names = sorted(groups)
    if len(names) < 2:
        raise SplitError(f"--split random by {by}: only {len(names)} group(s); need two or more")
    random.Random(seed).shuffle(names)
    held: set[str] = set()
    n = 0
    for g in names[:-1]:
        if held and n >= fraction * len(tasks):
            break
        held.add(g)
        n += len(groups[g])
    return {k: HELDOUT if g in held else TRAIN for g in names for k in groups[g]}


def assign(tasks: dict[Key, Task], rule: str, **kw: Any) -> dict[Key, str]:
    if rule == "temporal":
        return temporal(tasks, kw.get("cutoff"))
    if rule == "family":
        return family(tasks, list(kw.get("holdout") or []))
    if rule == "random":
        return grouped_random(tasks, kw.get("fraction", 0.2), kw.get("seed", 0), kw.get("group_by", "family"))
    raise SplitError(f"unknown split {rule!r}: temporal | family | random")


def describe(rule: str, **kw: Any) -> str:
    """The split rule in words, for the data card."""
    if rule == "family":
        return (
            f"family: tasks of the families {', '.join(kw.get('holdout') or [])} are held out; all others train "
            "(exercise-disjoint: no exercise and no family on both sides; not temporal: no dates are used)"
        )
    if rule == "random":
        return (
            f"random: whole {kw.get('group_by', 'family')} groups shuffled with seed {kw.get('seed', 0)}, held out "
            f"until {kw.get('fraction', 0.2):g} of the tasks"
            + (" (exercise-disjoint; not temporal)" if kw.get("group_by", "family") in ("family", "exercise") else "")
        )
    return f"temporal: tasks dated on or after {kw.get('cutoff')} are held out"
