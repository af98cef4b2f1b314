"""Repair runs counted as the peers count them (seed 000 Table 6): by files, duplicates included.

A run skips seed 000 §4.2 duplicates (a file whose normalized text equals an earlier one's) and repairs
each distinct text once; the peers' tables count every file. Here each file takes the outcome of the
task that stands for its text (itself, or the task it duplicates), per family, next to the best peer's
figure from seed 000 (eval/peers.py). Not-faulty files, files whose task was not run (an unfinished run,
a family or id filter) and infrastructure faults are their own columns and out of the rate; a raw repair
the gate rejected or could not decide is not faithful.

The suite's files are read again to find the duplicates: from ``root`` when given, else the root the run
recorded, else the suite's default root; every task the run has must be among them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fmrepair.eval.metrics import outcome
from fmrepair.eval.peers import best_peer, paper_best


class FilesTableError(ValueError):
    """The run cannot be counted by files (not a repair run, or its suite files are not found)."""


@dataclass
class FamilyFiles:
    files: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)  # faithful / unfaithful / ... / not_run
    raw: int = 0
    equivalent: int = 0

    @property
    def counted(self) -> int:
        return self.files - sum(self.outcomes[o] for o in ("not_faulty", "not_run", "infrastructure"))


def count_files(run: Any, root: str | Path | None = None, strategy: str | None = None) -> dict[str, FamilyFiles]:
    """Family -> file counts of one repair run (a report.Run), for one of its strategies (default: its only
    one; a run of several strategies needs ``strategy``)."""
    from fmrepair.eval.suites import get_suite, resolve_root
    from fmrepair.eval.suites.base import check_mode

    settings = run.settings
    suite_name = str(settings.get("suite") or "")
    suite = get_suite(suite_name)
    if getattr(suite, "kind", "repair") != "repair":
        raise FilesTableError(f"{run.folder}: counting by files is for repair runs; suite {suite_name} is not")
    if strategy is None:
        if len(run.strategies) > 1:
            raise FilesTableError(f"{run.folder}: several strategies ({', '.join(run.strategies)}); name one")
        strategy = run.strategies[0] if run.strategies else None
    try:
        path = resolve_root(suite_name, root or settings.get("root"))
    except Exception as e:  # InputError: the recorded root is gone (an archive read elsewhere)
        raise FilesTableError(f"{run.folder}: {e}; pass --root with the suite's folder") from e
    load = suite.load(path, check_mode(suite, settings.get("mode")))
    by_task = {r.task_id: r for r in run.results if r.strategy == strategy}
    known = {t.id for t in load.tasks}
    missing = sorted(set(by_task) - known)
    if missing:
        raise FilesTableError(
            f"{run.folder}: {len(missing)} task(s) of the run are not files of {path} (e.g. {missing[0]}); "
            "pass --root with the folder the run used"
        )
    fams: dict[str, FamilyFiles] = {}
    for task in load.tasks:
        fam = fams.setdefault(str(task.meta.get("family", "-")), FamilyFiles())
        fam.files += 1
        r = by_task.get(load.duplicates.get(task.id, task.id))
        if r is None:
            fam.outcomes["not_run"] += 1
            continue
        fam.outcomes[outcome(r)] += 1
        if r.status == "ran" and r.repaired:
            fam.raw += 1
        if r.status == "ran" and r.faithful and r.equivalent:
            fam.equivalent += 1
    wanted = set(settings.get("family") or [])
    return {f: c for f, c in sorted(fams.items()) if not wanted or f in wanted}


def _pct(n: int, d: int) -> str:
    return f"{n} / {d} ({100.0 * n / d:.1f}%)" if d else f"{n} / 0"


def _paper(fig: tuple[str, int, int] | None) -> str:
    return f"{fig[0]} {_pct(fig[1], fig[2])}" if fig else "-"


def table6(runs: list[Any], root: str | Path | None = None) -> str:
    """Seed 000 Table 6 by files: per run, strategy and family, faithful files over **all** files (the
    figure to set beside the peers', whose rates are over all their files), then over the counted files,
    raw and equivalent files, every other outcome, and the paper's figures: the best prior repair tool and
    the paper's own best setting on all files."""
    lines = [
        "| run | strategy | family | files | faithful / all files | counted | faithful / counted | raw | "
        "equivalent | gate rejected | gate unknown | not repaired | errors / score unknown | infrastructure | "
        "not faulty | not run | best prior tool (seed 000) | seed 000's best setting, all files |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for run in runs:
        suite = str(run.settings.get("suite"))
        for strategy in run.strategies or [None]:
            fams = count_files(run, root, strategy)
            total = FamilyFiles()
            for name, c in fams.items():
                total.files += c.files
                total.outcomes.update(c.outcomes)
                total.raw += c.raw
                total.equivalent += c.equivalent
                peers = (_paper(best_peer(suite, name)), _paper(paper_best(suite, name)))
                lines.append(_row(run.folder.name, str(strategy), name, c, peers))
            if len(fams) > 1:
                lines.append(_row(run.folder.name, str(strategy), "**all**", total, ("-", "-")))
    head = (
        "Repairs counted by files as the peers count them (seed 000 Table 6 shape): each duplicate file takes "
        "the outcome of the task that stands for its text. **faithful / all files** is the figure to compare "
        "with the paper's (their rates are over all their files; a file not run or not faulty counts as not "
        "repaired there); faithful / counted leaves out not-faulty files, files not run and infrastructure "
        "faults. The paper's file counts can differ from this data's (cv: 138 there, 137 here).\n\n"
    )
    return head + "\n".join(lines) + "\n"


def _row(run: str, strategy: str, family: str, c: FamilyFiles, peers: tuple[str, str]) -> str:
    o = c.outcomes
    return (
        f"| {run} | {strategy} | {family} | {c.files} | **{_pct(o['faithful'], c.files)}** | {c.counted} | "
        f"{_pct(o['faithful'], c.counted)} | {_pct(c.raw, c.counted)} | {_pct(c.equivalent, c.counted)} | "
        f"{o['unfaithful']} | {o['gate_unknown']} | {o['unrepaired']} | {o['error'] + o['score_unknown']} | "
        f"{o['infrastructure']} | {o['not_faulty']} | {o['not_run']} | {peers[0]} | {peers[1]} |"
    )
