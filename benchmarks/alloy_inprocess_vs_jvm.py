"""Warm in-process Alloy checks vs a fresh JVM per check, on the same models, with identical verdicts.

    .venv/bin/python benchmarks/alloy_inprocess_vs_jvm.py [--models DIR_OR_FILE ...] [--solver minisat]

The in-process side is `AlloyVerifier` (one warm worker, cache off). The fresh-JVM side runs
`java -cp alloy.jar:helpers FmrepairCheck FILE SOLVER` once per model (verifiers/alloy/java/FmrepairCheck.java:
parse, execute every command, print outcomes), as the published pipeline runs the jar per check.
Both sides use the same solver and options. Prints a table, the mean per check on each side and the
ratio; exits 1 if any verdict differs.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from fmrepair.verifiers.alloy import AlloyVerifier
from fmrepair.verifiers.alloy.jvm import alloy_jar, helper_classes
from fmrepair.verifiers.alloy.solvers import SOLVERS
from fmrepair.verifiers.base import CheckOptions, Verdict

DEFAULT_MODELS = Path("/work/shared/benchmarks/arepair/with-oracles")

Outcomes = tuple[tuple[str, str, str], ...]


def find_models(items: list[str]) -> list[Path]:
    files: list[Path] = []
    for item in items:
        p = Path(item)
        files += sorted(p.glob("*.als")) if p.is_dir() else [p]
    return files


def inprocess_outcomes(verdict: Verdict) -> Outcomes:
    if verdict.status in ("syntax_error", "type_error"):
        e = verdict.errors[0]
        return (("ERROR", f"{e.line}:{e.column}", ""),)
    return tuple((c.label, c.kind, c.outcome) for c in verdict.commands)


def fresh_jvm(path: Path, classpath: str, solver_field: str) -> tuple[Outcomes, float]:
    t0 = time.perf_counter()
    proc = subprocess.run(
        ["java", "-cp", classpath, "FmrepairCheck", str(path), solver_field],
        capture_output=True,
        text=True,
        timeout=600,
    )
    seconds = time.perf_counter() - t0
    rows = []
    for line in proc.stdout.splitlines():
        label, kind, outcome = (line.split("\t") + ["", ""])[:3]
        rows.append((label, kind, outcome) if label != "ERROR" else ("ERROR", kind, ""))
    return tuple(rows), seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", nargs="+", default=[str(DEFAULT_MODELS)], help="folders or .als files")
    ap.add_argument("--solver", default="minisat", choices=sorted(SOLVERS), help="same solver on both sides")
    ap.add_argument("--warmup", type=int, default=2, help="untimed in-process passes over all models")
    ap.add_argument("--repeat", type=int, default=3, help="timed in-process passes (median per model)")
    args = ap.parse_args(argv)

    models = find_models(args.models)
    if not models:
        print("no .als models found", file=sys.stderr)
        return 2
    jar = alloy_jar()
    classes = helper_classes(jar)
    if classes is None:
        print("javac is needed to build the FmrepairCheck baseline", file=sys.stderr)
        return 2
    classpath = f"{jar}:{classes}"
    sources = {m: m.read_text(encoding="utf-8") for m in models}
    options = CheckOptions(timeout_s=600, solver=args.solver)

    warm: dict[Path, float] = {}
    verdicts: dict[Path, Outcomes] = {}
    with AlloyVerifier(workers=1, cache=False) as verifier:
        verifier.start()
        for _ in range(args.warmup):
            for m in models:
                verifier.check(sources[m], options)
        for m in models:
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                verdict = verifier.check(sources[m], options)
                times.append(time.perf_counter() - t0)
            warm[m], verdicts[m] = statistics.median(times), inprocess_outcomes(verdict)

    fresh: dict[Path, float] = {}
    mismatches = []
    for m in models:
        outcomes, fresh[m] = fresh_jvm(m, classpath, SOLVERS[args.solver])
        if outcomes != verdicts[m]:
            mismatches.append((m.name, verdicts[m], outcomes))

    print(f"{'model':<24}{'in-process ms':>15}{'fresh JVM ms':>15}{'ratio':>8}")
    for m in models:
        print(f"{m.name:<24}{warm[m] * 1000:>15.1f}{fresh[m] * 1000:>15.1f}{fresh[m] / warm[m]:>8.1f}")
    mean_warm = statistics.mean(warm.values())
    mean_fresh = statistics.mean(fresh.values())
    print(
        f"\n{len(models)} models, solver {args.solver}: in-process {mean_warm * 1000:.1f} ms per check (warm), "
        f"fresh JVM {mean_fresh * 1000:.1f} ms per check; ratio {mean_fresh / mean_warm:.1f}x"
    )
    if mismatches:
        for name, ours, theirs in mismatches:
            print(f"VERDICTS DIFFER on {name}: in-process {ours} vs fresh JVM {theirs}")
        return 1
    print(f"verdicts identical on all {len(models)} models")
    return 0


if __name__ == "__main__":
    sys.exit(main())
