"""Calibrate the Alloy faithfulness gate: every reference solution must pass the gate as a repair of its
own faulty task (a check that rejects a reference is wrong). Uses the same gate_task as every run,
without the leak checks (a reference contains its own hidden body, by definition).

    .venv/bin/python benchmarks/gate_calibration.py --suite arepair [--mode frozen]
    .venv/bin/python benchmarks/gate_calibration.py --suite alloy4fun [--family cv] [--limit N]

Prints faithful / unfaithful / unknown counts and every reference the gate does not accept, with its
reasons; `--out FILE` writes one JSON line per task. Exit 1 when any reference is rejected.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", required=True, choices=["arepair", "alloy4fun"])
    ap.add_argument("--mode", default=None)
    ap.add_argument("--family", action="append", default=[])
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--root", default=None, help="benchmarks root (default ../shared/benchmarks)")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)

    from fmrepair.eval.suites import get_suite, resolve_root
    from fmrepair.verifiers.alloy import AlloyVerifier
    from fmrepair.verifiers.alloy.gate import gate_task

    suite = get_suite(args.suite)
    tasks = [t for t in suite.tasks(resolve_root(args.suite, args.root), args.mode) if t.reference]
    if args.family:
        tasks = [t for t in tasks if t.meta.get("family") in args.family]
    tasks = tasks[: args.limit] if args.limit else tasks
    verifier = AlloyVerifier(workers=1)
    counts: Counter[str] = Counter()
    bad: list[dict] = []
    edited = narrows = 0
    started = time.monotonic()
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        for i, task in enumerate(tasks, 1):
            rep = gate_task(task, task.reference or "", verifier, leak_checks=False)
            status = "faithful" if rep.faithful else rep.status  # a benchmark task records narrowing only
            counts[status] += 1
            narrows += rep.behaviour == "narrows"
            edited += bool(rep.reached_edits)
            row = {"task": task.id, "family": task.meta.get("family"), "status": status,
                   "reasons": rep.reasons, "unknown": rep.unknown, "reached_edits": rep.reached_edits,
                   "behaviour": rep.behaviour}
            if status != "faithful":
                bad.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
            if i % 50 == 0 or i == len(tasks):
                print(f"[{i}/{len(tasks)}] {dict(counts)} {time.monotonic() - started:.0f}s", file=sys.stderr)
    finally:
        verifier.close()
        if out:
            out.close()
    print(f"{args.suite}: references through the gate: {len(tasks)}; " + ", ".join(f"{k} {v}" for k, v in
                                                                                      sorted(counts.items())))
    print(f"references that edit a paragraph the property reaches (counted, allowed by the task): {edited}")
    print(f"references that narrow the faulty text's good instances (recorded, not a reason for a benchmark task, "
          f"whose oracle decides): {narrows}")
    for r in bad:
        print(f"  {r['status']}: {r['task']}: {(r['reasons'] + r['unknown'])[:3]}")
    return 1 if counts["unfaithful"] else 0


if __name__ == "__main__":
    sys.exit(main())
