"""Are the repairs a run accepted equivalent to the reference beyond the hidden oracle's scope?

Alloy4Fun's oracle (`check <pred>_Repaired expect 0`) decides equivalence within its own scope (Alloy's
default, 3). A search that learns formulas from bounded counterexamples can find one that agrees with the
reference there and not at a larger scope. For every faithful repair of the given run folders (archived or
not), this reruns the task's hidden iff check with the candidate at ``--scope N`` and counts how many
still hold. It prints counts and task ids only, never oracle text. An evaluation of our own runs, not a
change of the benchmark: its figures stay as the oracle defines them.

    .venv/bin/python benchmarks/scope_robustness.py RUN... [--scope 5] [--timeout 60]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--scope", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per check")
    args = ap.parse_args(argv)
    from fmrepair.eval.report.runs import open_run
    from fmrepair.eval.report.tables import load_manifest
    from fmrepair.eval.suites import default_root, get_suite
    from fmrepair.verifiers.alloy.text import widen_checks
    from fmrepair.verifiers.alloy.verifier import AlloyVerifier
    from fmrepair.verifiers.base import CheckOptions

    verifier = AlloyVerifier()
    for run in args.runs:
        m = load_manifest(run)
        st = m.settings
        suite = get_suite(st["suite"])
        root = Path(st["root"]) if st.get("root") else default_root(st["suite"])
        tasks = {t.id: t for t in suite.tasks(root, st.get("mode"))}
        held = failed = undecided = 0
        fails: list[str] = []
        for r in open_run(run).results:
            if not r.faithful or not r.candidate or r.task_id not in tasks:
                continue
            task = tasks[r.task_id]
            label = task.meta.get("hidden_check")
            if not label or not task.hidden_oracle:
                continue
            text = r.candidate.rstrip("\n") + "\n\n" + widen_checks(task.hidden_oracle, args.scope)
            verdict = verifier.check(text, CheckOptions(timeout_s=args.timeout))
            hit = [c for c in verdict.commands if c.label == label]
            if not hit or any(c.outcome not in ("counterexample", "no_counterexample") for c in hit):
                undecided += 1
            elif all(c.met for c in hit):
                held += 1
            else:
                failed += 1
                fails.append(r.task_id)
        total = held + failed + undecided
        print(f"{run}: {total} faithful repairs; at scope {args.scope}: {held} still equivalent, {failed} not, "
              f"{undecided} undecided")
        for t in fails:
            print(f"  not equivalent at scope {args.scope}: {t}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
