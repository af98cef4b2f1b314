"""What kind of edit each faithful fix of a mutate run is (issue 18.3): one mutation, a second-order
mutation at one node, two or three coordinated edits, a synthesized formula, or an edit read off a
visible property (lifted); and, given a second run of the same tasks at the same candidate budget (e.g.
`--no-search-synth`), the paired comparison.

The kind is read from the accepted attempt's description (agents/mutation/search.py writes the mutation
descriptions joined by "; ", a second-order mutation as "A; then B", a synthesized formula as "synth: ...",
a lifted edit as "lift: ...", a nested pair as "A; inside it B").

    .venv/bin/python benchmarks/search_fix_kinds.py RUN [RUN_WITHOUT] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from fmrepair.eval.stats import compare
from fmrepair.runlog import RunLog

KINDS = ("single", "second-order", "pair", "nested pair", "triple", "synthesized", "synthesized + mutation", "lifted")


def kind_of(desc: str) -> str:
    """The edit kind of an accepted search candidate's description."""
    parts = [p.strip() for p in re.split(r";\s+(?!then\b)", desc) if p.strip()]
    if any(p.startswith("lift:") for p in parts):  # read off a visible property (agents/mutation/lift.py)
        return "lifted"
    if any(p.startswith("synth:") for p in parts):
        return "synthesized" if len(parts) == 1 else "synthesized + mutation"
    if "; inside it " in desc:  # a mutation inside another one's node (agents/mutation/nested.py)
        return "nested pair"
    if len(parts) == 1:
        return "second-order" if "; then " in desc else "single"
    return "pair" if len(parts) == 2 else "triple"


def fix_kinds(folder: str) -> dict[str, str]:
    """task id -> kind of its faithful fix (the starting point itself never counts: it fails)."""
    out: dict[str, str] = {}
    for rec in RunLog.open(folder).attempts():
        if rec.faithful and rec.source == "search" and rec.task_id not in out:
            out[rec.task_id] = kind_of(rec.raw or "")
    return out


def faithful(folder: str) -> dict[str, bool]:
    return {r.task_id: r.faithful for r in RunLog.open(folder).results() if r.counted}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run")
    ap.add_argument("without", nargs="?", help="a run of the same tasks without the feature (same budget)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    kinds = fix_kinds(a.run)
    out: dict = {"run": a.run, "faithful": len(kinds), "by_kind": {k: Counter(kinds.values())[k] for k in KINDS}}
    if a.without:
        fa, fb = faithful(a.without), faithful(a.run)
        common = sorted(set(fa) & set(fb))
        out["paired"] = {"without": a.without, **compare({t: fa[t] for t in common}, {t: fb[t] for t in common})}
        gained = [t for t in common if fb[t] and not fa[t]]
        out["gained_by_kind"] = dict(Counter(kinds.get(t, "?") for t in gained))
        out["gained"] = gained
        out["lost"] = [t for t in common if fa[t] and not fb[t]]
    if a.json:
        print(json.dumps(out, indent=2))
        return
    print(
        f"{Path(a.run).name}: {out['faithful']} faithful fixes; by kind: "
        + ", ".join(f"{k} {v}" for k, v in out["by_kind"].items())
    )
    if a.without:
        p = out["paired"]
        print(f"paired with {Path(a.without).name}: {json.dumps(p)}")
        print(f"gained by kind: {out['gained_by_kind']}; lost: {len(out['lost'])}")


if __name__ == "__main__":
    main()
