"""Stratified sample runs of the `mutate` strategy (issue 7): a few tasks from every exercise.

    .venv/bin/python benchmarks/run_mutation_sample.py ids --per-exercise 2 --seed 0
    .venv/bin/python benchmarks/run_mutation_sample.py run --per-exercise 2 --out /tmp/mbench/s2 \
        [--wall-seconds 20 --candidates 3000 --timeout 10] [--no-prune] [--family lts ...]
    .venv/bin/python benchmarks/run_mutation_sample.py table /tmp/mbench/s2 [/tmp/mbench/other ...]
    .venv/bin/python benchmarks/run_mutation_sample.py files /tmp/m2/full-graphs [/tmp/m2/full-lts ...] [--root DIR]

``files`` scores full-family Alloy4Fun runs the way the peers count (files, seed 000 Table 6): each
seed 000 §4.2 duplicate file, which `fmrepair bench` skips, takes the result of its first copy.

The sample is fixed by the seed: per (family, exercise), ``random.Random(seed).sample`` of the sorted
task ids (duplicates removed, as in `fmrepair bench`). ``--no-prune`` sets the run setting
``search_prune: false`` (no counterexample pruning; the predictions are still audited, see
``search_audit`` and ``--audit``). This script only measures: it selects ids and calls `fmrepair bench`.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def sample_ids(per_exercise: int, seed: int, families: list[str] | None = None) -> list[str]:
    from fmrepair.eval.run.engine import BenchConfig, select_tasks

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
            fin = sum(r["stop_reason"].split(":")[0] in ("strategy finished", "exhausted") for r in rs)
            lines.append(
                f"| {Path(folder).name} | {g} | {len(rs)} | {sum(r['repaired'] for r in rs)} | "
                f"{sum(r['faithful'] for r in rs)} | {sum(bool(r.get('equivalent')) for r in rs)} | "
                f"{statistics.median(r['seconds'] for r in rs):.1f} | {fin} / {len(rs) - fin} |"
            )
    return "\n".join(lines)


# seed 000 Table 6: repaired / total files per Alloy4Fun family (ATR, ICEBAR, BeAFix)
PEERS = {
    "classroom": (999, {"ATR": 688, "ICEBAR": 424, "BeAFix": 387}),
    "cv": (138, {"ATR": 38, "ICEBAR": 86, "BeAFix": 82}),
    "graphs": (283, {"ATR": 260, "ICEBAR": 237, "BeAFix": 232}),
    "lts": (249, {"ATR": 70, "ICEBAR": 73, "BeAFix": 41}),
}


def files(folders: list[str], root: str | None = None) -> str:
    """Per family: distinct tasks run, files with duplicates scored as their first copy, the best peer
    (``root``: another Alloy4Fun-format folder, e.g. the held-out split ``benchmarks/heldout/alloy4fun``)."""
    from fmrepair.eval.suites import get_suite, resolve_root

    load = get_suite("alloy4fun").load(resolve_root("alloy4fun", root))
    res: dict[str, dict] = {}
    for folder in folders:  # a run folder (results.jsonl) or an archive (results.jsonl.gz)
        plain, packed = Path(folder, "results.jsonl"), Path(folder, "results.jsonl.gz")
        text = plain.read_text() if plain.exists() else gzip.decompress(packed.read_bytes()).decode("utf-8")
        for x in text.splitlines():
            if x.strip():
                r = json.loads(x)
                res.setdefault(r["task_id"], r)
    lines = [
        "| family | distinct tasks: faithful / run | files (duplicates as first copy): faithful / counted / total "
        "| not-faulty files (out of the rate) | equivalent | median s (all / fixed / unfixed) "
        "| best peer (seed 000 Table 6) |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for fam in sorted({str(t.meta.get("family")) for t in load.tasks}):
        tasks = [t for t in load.tasks if t.meta.get("family") == fam]
        run = [res[t.id] for t in tasks if t.id in res and res[t.id].get("status") != "not_faulty"]
        if not run:
            continue
        every = [res[k] for t in tasks if (k := load.duplicates.get(t.id, t.id)) in res]
        scored = [r for r in every if r.get("status") != "not_faulty"]
        fixed = [r["seconds"] for r in run if r["faithful"]]
        unfixed = [r["seconds"] for r in run if not r["faithful"]]

        def med(xs: list[float]) -> str:
            return f"{statistics.median(xs):.1f}" if xs else "-"

        total, peers = PEERS.get(fam, (len(tasks), {}))
        best = max(peers.items(), key=lambda kv: kv[1]) if peers else None
        lines.append(
            f"| {fam} | {sum(r['faithful'] for r in run)} / {len(run)} | "
            f"{sum(r['faithful'] for r in scored)} / {len(scored)} / {len(tasks)} | "
            f"{len(every) - len(scored)} | {sum(bool(r.get('equivalent')) for r in scored)} | "
            f"{med([r['seconds'] for r in run])} / {med(fixed)} / {med(unfixed)} | "
            + (f"{best[0]} {best[1]}/{total}" if best else "-")
            + " |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("cmd", choices=["ids", "run", "table", "files"])
    p.add_argument("folders", nargs="*")
    p.add_argument("--per-exercise", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--family", action="append")
    p.add_argument("--root", help="files: the suite root the runs used (default: the development split)")
    p.add_argument("--out")
    p.add_argument("--wall-seconds", type=float, default=20.0)
    p.add_argument("--candidates", type=int, default=3000)
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--no-prune", action="store_true")
    p.add_argument("--audit", help="audit mode: append predictions and mistrust events to this JSONL file")
    a = p.parse_args(argv)
    if a.cmd == "table":
        print(table(a.folders))
        return 0
    if a.cmd == "files":
        print(files(a.folders, a.root))
        return 0
    ids = sample_ids(a.per_exercise, a.seed, a.family)
    if a.cmd == "ids":
        print(" ".join(ids))
        return 0
    from fmrepair.eval.run.engine import BenchConfig, run_bench

    cfg = BenchConfig(
        suite="alloy4fun",
        strategy="mutate",
        model="none",
        wall_seconds=a.wall_seconds,
        candidates=a.candidates,
        check_timeout_s=a.timeout,
        ids=ids,
        workers=a.workers,
        search_prune=not a.no_prune,
        search_audit=a.audit,
    )
    summary = run_bench(cfg, Path(a.out), progress=True)
    print(json.dumps({k: v for k, v in summary.items() if k in ("tasks", "raw", "faithful", "equivalent")}))
    print(table([a.out]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
