"""Mutation search with `--workers 1` against `--workers N` (processes): wall time and identical results.

    .venv/bin/python benchmarks/parallel_search.py --family graphs --limit 60 --out /tmp/psearch
        [--sequence 1,2] [--candidates N] [--proposals N] [--no-shared-cache]

Runs the same `fmrepair bench run --strategy mutate --model none` command into fresh folders, once per
entry of --sequence (workers per run, in that order: `2,1,2` brackets a drifting load), and prints per
run: wall seconds, CPU seconds of the whole process tree (analyzer JVMs included), the load average
before and after (`os.getloadavg`: on a shared machine a speedup means something only next to it), the
faithful count and cache hits; then whether every task's decided fields (eval.bench.DECIDED and the
stop code) are identical to the first run's. A figure, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(a: argparse.Namespace, workers: int, i: int) -> dict:
    from fmrepair.eval.run.engine import outcomes
    from fmrepair.runlog import RunLog

    out = Path(a.out) / f"run{i}_w{workers}"
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, "-m", "fmrepair", "bench", "run", "--suite", "alloy4fun", "--family", a.family]
    cmd += ["--strategy", "mutate", "--model", "none", "--workers", str(workers), "--out", str(out), "--json"]
    if a.limit:
        cmd += ["--limit", str(a.limit)]
    if a.candidates:
        cmd += ["--candidates", str(a.candidates)]
    if a.proposals:
        cmd += ["--proposals", str(a.proposals)]
    if a.no_shared_cache:
        cmd += ["--no-shared-cache"]
    load0, cpu0, t0 = os.getloadavg(), _cpu(), time.monotonic()
    done = subprocess.run(cmd, capture_output=True, text=True)
    wall, cpu, load1 = time.monotonic() - t0, _cpu() - cpu0, os.getloadavg()
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    results = RunLog(out).results()
    return {
        "workers": workers,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "load_before": [round(x, 2) for x in load0],
        "load_after": [round(x, 2) for x in load1],
        "tasks": len(results),
        "faithful": sum(r.faithful for r in results),
        "cache_hits": sum(r.cache_hits for r in results),
        "verifier_calls": sum(r.verifier_calls for r in results),
        "decided": outcomes(results),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--family", default="graphs")
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--sequence", default="1,2", help="workers of each run, in order")
    p.add_argument("--candidates", type=int, default=None)
    p.add_argument("--proposals", type=int, default=None)
    p.add_argument("--no-shared-cache", action="store_true")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    runs = [run(a, int(w), i) for i, w in enumerate(a.sequence.split(","))]
    ref = runs[0]["decided"]
    print("| run | workers | wall s | CPU s (tree) | load before (1/5/15 min) | load after | tasks |", end="")
    print(" faithful | cache hits |")
    print("|---:|---:|---:|---:|---|---|---:|---:|---:|")
    for i, r in enumerate(runs):
        print(
            f"| {i} | {r['workers']} | {r['wall_s']} | {r['cpu_s']} | {r['load_before']} | {r['load_after']} | "
            f"{r['tasks']} | {r['faithful']} | {r['cache_hits']} |"
        )
    for i, r in enumerate(runs[1:], 1):
        differ = sorted(k for k in ref if ref[k] != r["decided"].get(k))
        note = f" (differ: {differ[:10]})" if differ else ""
        print(f"run {i} vs run 0: identical per-task results: {not differ}{note}")
    rows = [{k: v for k, v in r.items() if k != "decided"} for r in runs]
    (Path(a.out) / "summary.json").write_text(json.dumps({"runs": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
