"""Which tasks the empty-body hole reaches (agents/mutation/search.py ``empty_body``), and the families
counted by files with those tasks rerun.

    .venv/bin/python benchmarks/empty_bodies.py scan [--suite alloy4fun --root R --mode M ...]
    .venv/bin/python benchmarks/empty_bodies.py files FULL_ARCHIVE RERUN_ARCHIVE [FULL RERUN ...] [--root R]

``scan`` prepares the search on every task of a suite (no analyzer call) and lists the tasks whose editable
paragraphs have a hole: the only tasks whose search the hole changes (without one, the search's targets
and every level are what they were). ``files`` counts a full-family archive by files (seed 000 Table 6,
eval/report/files_table.py) with the outcomes of the tasks in RERUN_ARCHIVE taking the place of theirs; it
refuses when a task with a hole was not rerun, or when the rerun holds a task without one.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.agents.mutation.search import MutationSearch
from fmrepair.agents.runner import editable_paragraphs
from fmrepair.eval.report.files_table import count_files
from fmrepair.eval.report.runs import open_run
from fmrepair.eval.suites import get_suite, resolve_root
from fmrepair.eval.suites.base import check_mode
from fmrepair.verifiers.alloy.syntax import ParseError, shared_client


@functools.cache  # one scan per suite folder, however many archives are counted against it
def holes(suite: str, root: str | None, mode: str | None) -> tuple[frozenset[str], int]:
    """Ids of the suite's tasks (duplicates skipped, as a run skips them) with a hole, and the task count."""
    s = get_suite(suite)
    load = s.load(resolve_root(suite, root), check_mode(s, mode))
    client = shared_client()
    cfg = RepairConfig(strategy="mutate", budget=Budget(candidates=100))
    found, n = set(), 0
    for task in load.tasks:
        if task.id in load.duplicates:
            continue
        n += 1
        session = SimpleNamespace(config=cfg, started=time.monotonic(), editable=editable_paragraphs(task), task=task)
        search = MutationSearch(session, client, "mutate")  # type: ignore[arg-type]
        try:
            search.prepare(task.visible)
        except ParseError:
            continue  # no tree: the search does not run on it at all
        if search.empty:
            found.add(task.id)
    return frozenset(found), n


def scan(args: argparse.Namespace) -> int:
    for suite, root, mode in zip(args.suite, args.root, args.mode, strict=True):
        found, n = holes(suite, root or None, mode or None)
        print(f"{suite} root={root or '(default)'} mode={mode or '(default)'}: {len(found)} of {n} tasks with a hole")
        for t in sorted(found):
            print(f"  {t}")
    return 0


def files(args: argparse.Namespace) -> int:
    pairs = list(zip(args.archives[::2], args.archives[1::2], strict=True))
    total = [0, 0]
    for full_dir, rerun_dir in pairs:
        full, rerun = open_run(full_dir), open_run(rerun_dir)
        suite = str(full.settings.get("suite"))
        found, _ = holes(suite, args.root, full.settings.get("mode"))
        family = set(full.settings.get("family") or [])
        found = {t for t in found if not family or t.split("/")[0] in family}
        redone = {r.task_id: r for r in rerun.results}
        if found - set(redone):
            sys.exit(f"{full_dir}: tasks with a hole not rerun: {sorted(found - set(redone))}")
        stray = {t for t in redone if t in {r.task_id for r in full.results}} - found
        if stray:
            sys.exit(f"{rerun_dir}: rerun tasks without a hole (their search did not change): {sorted(stray)}")
        merged = replace(full, results=[redone.get(r.task_id, r) for r in full.results])
        was = count_files(full, args.root)
        for fam, c in count_files(merged, args.root).items():
            before = was[fam].outcomes["faithful"]
            print(
                f"{fam}: {c.outcomes['faithful']} / {c.files} files faithful (was {before}); "
                f"not faulty {c.outcomes['not_faulty']}; tasks rerun {len([t for t in found if t.startswith(fam)])}"
            )
            total[0] += c.outcomes["faithful"]
            total[1] += c.files
    print(f"all: {total[0]} / {total[1]} files ({100.0 * total[0] / max(1, total[1]):.2f}%)")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("scan", help="list the tasks with a hole")
    s.add_argument("--suite", action="append", default=None)
    s.add_argument("--root", action="append", default=None)
    s.add_argument("--mode", action="append", default=None)
    f = sub.add_parser("files", help="count full archives by files with the hole tasks rerun")
    f.add_argument("archives", nargs="+", type=Path, help="FULL RERUN pairs")
    f.add_argument("--root", default=None, help="the suite folder (default: the suite's)")
    args = p.parse_args(argv)
    if args.cmd == "scan":
        args.suite = args.suite or ["alloy4fun"]
        n = len(args.suite)
        args.root = (args.root or [""] * n) + [""] * (n - len(args.root or []))
        args.mode = (args.mode or [""] * n) + [""] * (n - len(args.mode or []))
        return scan(args)
    if len(args.archives) % 2:
        p.error("archives come in FULL RERUN pairs")
    return files(args)


if __name__ == "__main__":
    raise SystemExit(main())
