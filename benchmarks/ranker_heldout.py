"""Search with and without the ranker (issue 18.4), from two finished mutate runs on the same tasks:
candidates until the first faithful fix (median, p90) and the faithful repair rate within budgets, each
budget with the paired exact McNemar test of eval/stats.py.

A search task's ``attempts`` less its ``ill_formed`` (candidates the compiler rejected, which spend no
candidate budget) is its number of checked candidates (the starting point is the first); the
search stops at its first faithful candidate, so a fixed task's fix came at check ``attempts``, and it
counts as fixed within budget B when ``attempts <= B``. Not-faulty tasks and infrastructure faults are out.

    .venv/bin/python benchmarks/ranker_heldout.py RUN_WITHOUT RUN_WITH [--budgets 100,300,1000] [--json]
        [--rerun-without RUN] [--rerun-with RUN]

Either side may be several run folders, comma-separated (families run apart), each optionally limited to
some families (``FOLDER:library+lift``); a task in two folders of one side is an error.

A budget above the one a run had is read only where it is known: the search checks candidates one at a
time and its budgets only stop it, so a task that stopped for a reason no budget moves (fixed, proposal
budget, exhausted) has the same result at any larger candidate budget; a task that stopped on the
candidate budget (or the ill-formed allowance, or the wall cap) is unknown above the checks it made. Such
tasks can be rerun at the larger budget (``--rerun-without`` / ``--rerun-with``: their results take the
place of the side's); a budget at which a task is still unknown is refused, naming the tasks, or with
``--unknown-out`` compared without them (on both sides, named in the output).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics

from fmrepair.eval.stats import compare, mcnemar_exact
from fmrepair.runlog import RunLog

BUDGET_STOPS = ("candidates", "ill_formed", "wall_cap")  # stops a larger candidate budget can move


def _results(folders: str) -> list:
    """The results of one side: its run folders, comma-separated, each ``FOLDER[:FAMILY+FAMILY]``."""
    out = []
    for spec in folders.split(","):
        folder, _, fams = spec.partition(":")
        keep = set(fams.split("+")) if fams else None
        out += [r for r in RunLog.open(folder).results() if keep is None or r.task_id.split("/")[0] in keep]
    return out


def counts_ill_formed(results: list) -> bool:
    """Whether the run's code counted ill-formed candidates apart (commit 0152f08 on): its results say so."""
    return any("ill_formed" in r.extra for r in results)


def side(folders: str, rerun: str | None = None) -> list:
    """One side's results (a task in two of its folders is an error), the rerun's in place of theirs: each
    rerun task must be one the side stopped on a budget (any other result no larger budget can change)."""
    results: dict = {}
    for r in _results(folders):
        if r.task_id in results:  # every task, counted or not
            raise SystemExit(f"{r.task_id} is in two run folders of one side: {folders}")
        results[r.task_id] = r
    for r in _results(rerun) if rerun else []:
        old = results.get(r.task_id)
        if old is None or not old.stop_reason.startswith(BUDGET_STOPS):
            why = "not on this side" if old is None else f"stopped on {old.stop_reason.split(':')[0]!r}"
            raise SystemExit(f"rerun {rerun}: {r.task_id} is {why}; only tasks stopped on a budget are rerun")
        results[r.task_id] = r
    return list(results.values())


def checks_to_fix(results: list) -> dict[str, tuple[float, float]]:
    """task id -> (checked candidates until its faithful fix, inf when not fixed; the largest budget its
    result is known at: inf unless it stopped on a budget), counted tasks only."""
    out: dict[str, tuple[float, float]] = {}
    for r in results:
        if r.counted:
            checked = r.attempts - int(r.extra.get("ill_formed") or 0)  # ill-formed ones spend no budget
            known = float(checked) if not r.faithful and r.stop_reason.startswith(BUDGET_STOPS) else math.inf
            out[r.task_id] = (float(checked) if r.faithful else math.inf, known)
    return out


def unknown_at(c: dict[str, tuple[float, float]], tasks: list[str], budget: int) -> list[str]:
    """The tasks whose result at ``budget`` is not known: they stopped on a smaller budget, unfixed."""
    return sorted(t for t in tasks if c[t][1] < budget)


def fixed_within(c: dict[str, tuple[float, float]], tasks: list[str], budget: int, name: str) -> dict[str, bool]:
    unknown = unknown_at(c, tasks, budget)
    if unknown:
        raise SystemExit(
            f"budget {budget}: {len(unknown)} task(s) of the {name} side stopped on a smaller budget and were "
            f"not rerun ({', '.join(unknown[:5])}{' ...' if len(unknown) > 5 else ''}); rerun them, lower "
            "--budgets, or pass --unknown-out"
        )
    return {t: c[t][0] <= budget for t in tasks}


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(q * len(s)) - 1)]


def summary(
    a: str,
    b: str,
    budgets: list[int],
    rerun_a: str | None = None,
    rerun_b: str | None = None,
    unknown_out: bool = False,
) -> dict:
    results_a, results_b = side(a, rerun_a), side(b, rerun_b)
    if counts_ill_formed(results_a) != counts_ill_formed(results_b):
        raise SystemExit(
            "one run counts ill-formed candidates apart (code from 0152f08 on) and the other does not: "
            "their candidate counts are in different units"
        )
    full_a, full_b = checks_to_fix(results_a), checks_to_fix(results_b)
    ca, cb = ({t: v[0] for t, v in c.items()} for c in (full_a, full_b))
    common = sorted(set(ca) & set(cb))
    both = [t for t in common if ca[t] < math.inf and cb[t] < math.inf]
    out: dict = {"tasks": len(common), "fixed_by_both": len(both), "runs": {"without": a, "with": b}}
    out["reruns"] = {"without": rerun_a, "with": rerun_b}
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
        out_here = sorted(set(unknown_at(full_a, common, budget)) | set(unknown_at(full_b, common, budget)))
        tasks = [t for t in common if not (unknown_out and t in out_here)]  # both sides, paired
        cmp = compare(fixed_within(full_a, tasks, budget, "without"), fixed_within(full_b, tasks, budget, "with"))
        if unknown_out:
            cmp["unknown_out"] = out_here
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
    ap.add_argument("--rerun-without", default=None, help="run folder: tasks of the without side rerun")
    ap.add_argument("--rerun-with", default=None, help="run folder: tasks of the with side rerun")
    ap.add_argument(
        "--unknown-out", action="store_true", help="leave tasks unknown at a budget out of it (both sides), named"
    )
    args = ap.parse_args()
    budgets = [int(x) for x in args.budgets.split(",")]
    s = summary(args.without, args.with_, budgets, args.rerun_without, args.rerun_with, args.unknown_out)
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
            f"CI95 {c['ci95_pp']}" + (f"; unknown, out: {', '.join(c['unknown_out'])}" if c.get("unknown_out") else "")
        )
    print("tasks both fix:", s["per_task_on_both"])


if __name__ == "__main__":
    main()
