"""Mutation search with `--workers 1` against `--workers N` (processes): wall time and identical results.

    .venv/bin/python benchmarks/parallel_search.py --family graphs --limit 60 --out /tmp/psearch [--workers 2]
        [--candidates N] [--proposals N] [--no-shared-cache]

Runs the same `fmrepair bench run --strategy mutate --model none` command twice into fresh folders (one
worker, then N), and prints per run: wall seconds, CPU seconds of the whole process tree (analyzer JVMs
included), the load average before and after (`os.getloadavg`: on a shared machine the speedup is only
meaningful next to it), the faithful count and cache hits; then the speedup and whether every task's
decided fields (eval.bench.DECIDED and the stop code) are identical. A figure, not a test.
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


def run(a: argparse.Namespace, workers: int) -> dict:
    from fmrepair.eval.bench import outcomes
    from fmrepair.runlog import RunLog

    out = Path(a.out) / f"w{workers}"
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, "-m", "fmrepair", "bench", "run", "--suite", "alloy4fun", "--family", a.family]
    cmd += ["--strategy", "mutate", "--model", "none", "--workers", str(workers), "--out", str(out), "--json"]
    if a.limit:
        cmd += ["--limit", str(a.limit)]
    if a.candidates:
        cmd += ["--candidates", str(a.candidates)]
    if a.proposals:
        cmd += ["--proposals", str(a.proposals)]
    env = {**os.environ, "FMREPAIR_BENCH_SHARED_CACHE": "0" if a.no_shared_cache else "1"}
    load0, cpu0, t0 = os.getloadavg(), _cpu(), time.monotonic()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
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
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--candidates", type=int, default=None)
    p.add_argument("--proposals", type=int, default=None)
    p.add_argument("--no-shared-cache", action="store_true")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    one, many = run(a, 1), run(a, a.workers)
    same = one["decided"] == many["decided"]
    differ = sorted(k for k in one["decided"] if one["decided"][k] != many["decided"].get(k))
    print("| workers | wall s | CPU s (tree) | load before (1/5/15 min) | load after | tasks | faithful | cache hits |")
    print("|---:|---:|---:|---|---|---:|---:|---:|")
    for r in (one, many):
        print(
            f"| {r['workers']} | {r['wall_s']} | {r['cpu_s']} | {r['load_before']} | {r['load_after']} | "
            f"{r['tasks']} | {r['faithful']} | {r['cache_hits']} |"
        )
    print(f"\nspeedup (wall, 1 / {a.workers} workers): {one['wall_s'] / max(many['wall_s'], 1e-9):.2f}x")
    print(f"identical per-task results: {same}" + (f" (differ: {differ[:10]})" if differ else ""))
    summary = {k: v for k, v in one.items() if k != "decided"}, {k: v for k, v in many.items() if k != "decided"}
    (Path(a.out) / "summary.json").write_text(json.dumps({"runs": summary, "identical": same}, indent=2) + "\n")


if __name__ == "__main__":
    main()
