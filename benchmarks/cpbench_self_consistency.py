"""Self-consistency of the CP-Bench assignment check (as DCP-Bench-Open's ``self_consistency.py``):
for every problem, the reference script's own printed solution, checked by ``check_assignment`` against
the same reference model, must come back consistent. Also counts how many problems the check can
cover at all (output keys that name reference variables).

    .venv/bin/python benchmarks/cpbench_self_consistency.py [--root DIR] [--limit N] [--timeout 60] [--perturb]

With ``--perturb`` the first printed number is changed by one before the check: a check that cannot
fail would still say "consistent" (a perturbed solution can also be a solution, so not every one fails).

Prints one line per problem and a summary; the reference runs are cached (see cpbench_ref).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path


def _perturbed(solution: dict) -> dict:
    """The same solution with its first number (first key, first element of nested lists) plus one."""
    import copy

    out = copy.deepcopy(solution)

    def bump(v: object) -> object:
        if isinstance(v, list) and v:
            return [bump(v[0]), *v[1:]]
        if isinstance(v, bool):
            return not v
        return v + 1 if isinstance(v, (int, float)) else v

    key = next(iter(out))
    out[key] = bump(out[key])
    return out


def main(argv: list[str] | None = None) -> int:
    from fmrepair.eval.suites import resolve_root
    from fmrepair.eval.suites.cpbench import CpBenchSuite
    from fmrepair.eval.suites.cpbench_ref import check_assignment, run_reference

    p = argparse.ArgumentParser()
    p.add_argument("--root")
    p.add_argument("--limit", type=int)
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--perturb", action="store_true", help="Add 1 to the first value printed: should mostly fail.")
    a = p.parse_args(argv)
    tasks = CpBenchSuite().tasks(resolve_root("cp-bench", a.root))[: a.limit]
    tally: collections.Counter[str] = collections.Counter()
    for t in tasks:
        script = Path(t.meta["hidden_script"])
        ref = run_reference(script, timeout_s=a.timeout)
        if ref.status not in ("sat", "optimal") or not ref.solution:
            outcome = f"reference {ref.status}" + (
                "" if ref.solution or ref.status not in ("sat", "optimal") else ", no JSON"
            )
        else:
            sol = _perturbed(ref.solution) if a.perturb else ref.solution
            c = check_assignment(script, sol, timeout_s=a.timeout)
            if c.consistent is True:
                outcome = "consistent" + (" (some keys unchecked)" if c.unmatched else "")
            elif c.consistent is False:
                outcome = "INCONSISTENT"
            else:
                outcome = f"unchecked ({c.status})"
            print(
                json.dumps(
                    {
                        "problem": t.meta["problem"],
                        "outcome": outcome,
                        "matched": c.matched,
                        "unmatched": c.unmatched,
                        "mismatched": c.mismatched,
                    }
                ),
                flush=True,
            )
        tally[outcome] += 1
    print(json.dumps({"problems": len(tasks), **dict(tally.most_common())}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
