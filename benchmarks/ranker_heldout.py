"""Search with and without the ranker (issue 18.4), from two finished mutate runs on the same tasks:
candidates until the first faithful fix (median, p90) and the faithful repair rate within budgets, each
budget with the paired exact McNemar test of eval/stats.py.

A search task's ``attempts`` less its ``ill_formed`` (candidates the compiler rejected, which spend no
candidate budget) is its number of checked candidates (the starting point is the first); the
search stops at its first faithful candidate, so a fixed task's fix came at check ``attempts``, and it
counts as fixed within budget B when ``attempts <= B``. Not-faulty tasks and infrastructure faults are out.

    .venv/bin/python benchmarks/ranker_heldout.py RUN_WITHOUT RUN_WITH [--budgets 100,300,1000] [--json]

Either side may be several run folders, comma-separated (families run apart); a task in two folders of
one side is an error.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics

from fmrepair.eval.stats import compare, mcnemar_exact
from fmrepair.runlog import RunLog


def _results(folders: str) -> list:
    """The results of one side: its run folders, comma-separated."""
    return [r for folder in folders.split(",") for r in RunLog.open(folder).results()]


def counts_ill_formed(folders: str) -> bool:
    """Whether the run's code counted ill-formed candidates apart (commit 0152f08 on): its results say so."""
    return any("ill_formed" in r.extra for r in _results(folders))


def checks_to_fix(folders: str) -> dict[str, float]:
    """task id -> checked candidates until its faithful fix (inf when not fixed); counted tasks only."""
    out: dict[str, float] = {}
    seen: set[str] = set()
    for r in _results(folders):
        if r.task_id in seen:  # every task, counted or not
            raise SystemExit(f"{r.task_id} is in two run folders of one side: {folders}")
        seen.add(r.task_id)
        if r.counted:
            checked = r.attempts - int(r.extra.get("ill_formed") or 0)  # ill-formed ones spend no budget
            out[r.task_id] = float(checked) if r.faithful else math.inf
    return out


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(q * len(s)) - 1)]


def summary(a: str, b: str, budgets: list[int]) -> dict:
    if counts_ill_formed(a) != counts_ill_formed(b):
        raise SystemExit(
            "one run counts ill-formed candidates apart (code from 0152f08 on) and the other does not: "
            "their candidate counts are in different units"
        )
    ca, cb = checks_to_fix(a), checks_to_fix(b)
    common = sorted(set(ca) & set(cb))
    both = [t for t in common if ca[t] < math.inf and cb[t] < math.inf]
    out: dict = {"tasks": len(common), "fixed_by_both": len(both), "runs": {"without": a, "with": b}}
    for name, c in (("without", ca), ("with", cb)):
        xs = [c[t] for t in common]
        out[name] = {
            "fixed": sum(x < math.inf for x in xs),
            "median_all": statistics.median(xs),
            "p90_all": _pct(xs, 0.9),
            "median_both": statistics.median([c[t] for t in both]) if both else None,
            "p90_both": _pct([c[t] for t in both], 0.9) if both else None,
            "mean_both": round(statistics.fmean([c[t] for t in both]), 2) if both else None,
        }
    out["budgets"] = {}
    for budget in budgets:
        cmp = compare({t: ca[t] <= budget for t in common}, {t: cb[t] <= budget for t in common})
        out["budgets"][budget] = cmp
    fewer = sum(cb[t] < ca[t] for t in both)
    more = sum(cb[t] > ca[t] for t in both)
    out["per_task_on_both"] = {
        "fewer_checks_with": fewer,
        "more_checks_with": more,
        "same": len(both) - fewer - more,
        "sign_test_p": mcnemar_exact(more, fewer),  # exact two-sided sign test, ties out
    }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("without")
    ap.add_argument("with_")
    ap.add_argument("--budgets", default="100,300,1000")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    s = summary(args.without, args.with_, [int(x) for x in args.budgets.split(",")])
    if args.json:
        print(json.dumps(s, indent=1, default=str))
        return
    print(f"tasks {s['tasks']} (fixed by both: {s['fixed_by_both']})")
    for name in ("without", "with"):
        v = s[name]
        print(
            f"{name:8} fixed {v['fixed']}  checks to fix: median {v['median_all']} p90 {v['p90_all']} (all tasks, "
            f"inf = not fixed); on tasks both fix: median {v['median_both']} p90 {v['p90_both']} mean {v['mean_both']}"
        )
    for budget, c in s["budgets"].items():
        t = c["transitions"]
        print(
            f"budget {budget:>5}: without {t['both'] + t['right_to_wrong']}/{c['tasks']} ({c['a_rate']}%)  with "
            f"{t['both'] + t['wrong_to_right']}/{c['tasks']} ({c['b_rate']}%)  only without {t['right_to_wrong']}, "
            f"only with {t['wrong_to_right']}; McNemar exact p = {c['mcnemar_p']:.3g}; diff {c['diff_pp']} pp "
            f"CI95 {c['ci95_pp']}"
        )
    print("tasks both fix:", s["per_task_on_both"])


if __name__ == "__main__":
    main()
