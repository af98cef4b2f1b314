"""Stratified sample runs of the `mutate` strategy (issue 7): a few tasks from every exercise.

    .venv/bin/python benchmarks/run_mutation_sample.py ids --per-exercise 2 --seed 0
    .venv/bin/python benchmarks/run_mutation_sample.py run --per-exercise 2 --out /tmp/mbench/s2 \
        [--wall-seconds 20 --candidates 3000 --timeout 10] [--no-prune] [--family lts ...]
    .venv/bin/python benchmarks/run_mutation_sample.py table /tmp/mbench/s2 [/tmp/mbench/other ...]

The sample is fixed by the seed: per (family, exercise), ``random.Random(seed).sample`` of the sorted
task ids (duplicates removed, as in `fmrepair bench`). ``--no-prune`` sets
``FMREPAIR_MUTATION_PRUNE=0`` (no counterexample pruning; the predictions are still audited, see
``FMREPAIR_MUTATION_AUDIT``). This script only measures: it selects ids and calls `fmrepair bench`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def sample_ids(per_exercise: int, seed: int, families: list[str] | None = None) -> list[str]:
    from fmrepair.eval.bench import BenchConfig, select_tasks

    tasks, _ = select_tasks(BenchConfig(suite="alloy4fun"))
    groups: dict[tuple[str, str], list[str]] = defaultdict(list)
    for t in tasks:
        fam = str(t.meta.get("family"))
        if families and fam not in families:
            continue
        groups[(fam, str(t.meta.get("exercise")))].append(t.id)
    ids: list[str] = []
    for key in sorted(groups):
        pool = sorted(groups[key])
        ids += random.Random(f"{seed}:{key}").sample(pool, min(per_exercise, len(pool)))
    return ids


def table(folders: list[str]) -> str:
    lines = ["| run | group | tasks | raw | faithful | equivalent | median s | stop: finished / budget |"]
    lines.append("|---|---|---:|---:|---:|---:|---:|---|")
    for folder in folders:
        rows = [json.loads(x) for x in Path(folder, "results.jsonl").read_text().splitlines() if x.strip()]
        groups: dict[str, list[dict]] = defaultdict(list)
        for r in rows:
            fam = r["task_id"].split("/")[0] if "/" in r["task_id"] else "arepair"
            groups[fam].append(r)
            groups["all"].append(r)
        for g in sorted(groups, key=lambda x: (x == "all", x)):
            rs = groups[g]
            fin = sum(r["stop_reason"] == "strategy finished" for r in rs)
            lines.append(
                f"| {Path(folder).name} | {g} | {len(rs)} | {sum(r['repaired'] for r in rs)} | "
                f"{sum(r['faithful'] for r in rs)} | {sum(bool(r.get('equivalent')) for r in rs)} | "
                f"{statistics.median(r['seconds'] for r in rs):.1f} | {fin} / {len(rs) - fin} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("cmd", choices=["ids", "run", "table"])
    p.add_argument("folders", nargs="*")
    p.add_argument("--per-exercise", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--family", action="append")
    p.add_argument("--out")
    p.add_argument("--wall-seconds", type=float, default=20.0)
    p.add_argument("--candidates", type=int, default=3000)
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--no-prune", action="store_true")
    a = p.parse_args(argv)
    if a.cmd == "table":
        print(table(a.folders))
        return 0
    ids = sample_ids(a.per_exercise, a.seed, a.family)
    if a.cmd == "ids":
        print(" ".join(ids))
        return 0
    if a.no_prune:
        os.environ["FMREPAIR_MUTATION_PRUNE"] = "0"
    from fmrepair.eval.bench import BenchConfig, run_bench

    cfg = BenchConfig(
        suite="alloy4fun",
        strategy="mutate",
        model="none",
        wall_seconds=a.wall_seconds,
        candidates=a.candidates,
        check_timeout_s=a.timeout,
        ids=ids,
        workers=a.workers,
    )
    summary = run_bench(cfg, Path(a.out), progress=True)
    print(json.dumps({k: v for k, v in summary.items() if k in ("tasks", "raw", "faithful", "equivalent")}))
    print(table([a.out]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
