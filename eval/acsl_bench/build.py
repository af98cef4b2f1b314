"""Build the ACSL removal-schema benchmark: check every source program (must be proved), generate the
variants of each schema, keep those Frama-C then fails on (status ``failed``: some goal unproved or
timed out), and write ``<out>/cases/<program>/<schema>_<k>.c`` plus ``<out>/index.jsonl``.

``index.jsonl`` rows hold the case id, schema, program, the variant's path, the unproved goal count
and, under ``hidden_*`` keys, what was removed and the original's path (``originals/<program>.c`` in
the folder): those are the reference and are never shown to a model (``load_tasks`` puts the original
in ``Task.reference``).
"""

from __future__ import annotations

import json
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fmrepair.eval.acsl_bench.schemata import SCHEMATA, Variant, variants
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.acsl import AcslVerifier
from fmrepair.verifiers.acsl.annotations import scan
from fmrepair.verifiers.base import CheckOptions

SUITE = "acsl-removal"
REPO = Path(__file__).resolve().parents[2]  # older builds recorded `--sources examples/acsl` relative paths
ORIGINALS = "originals"  # hidden: the proved programs, the tasks' references (never shown to a model)


def _check(verifier: AcslVerifier, text: str, timeout_s: float) -> dict[str, Any]:
    v = verifier.check(text, CheckOptions(timeout_s=timeout_s))
    bad = [c for c in v.commands if not c.met]
    return {"status": v.status, "goals": len(v.commands), "unproved": len(bad), "seconds": v.elapsed_ms / 1000}


def build(sources: list[Path], out: Path, *, workers: int = 2, goal_timeout_s: float = 10.0,
          timeout_s: float = 300.0) -> dict[str, Any]:
    """Build the benchmark into ``out``; returns the summary (also written as ``summary.json``)."""
    verifier = AcslVerifier(goal_timeout_s=goal_timeout_s, parallel=1)
    programs = {p.stem: p.read_text(encoding="utf-8") for p in sorted(sources)}
    with ThreadPoolExecutor(workers) as pool:
        base = dict(zip(programs, pool.map(lambda t: _check(verifier, t, timeout_s), programs.values()), strict=True))
    proved = [name for name, r in base.items() if r["status"] == "ok"]
    all_variants: list[Variant] = []
    duplicates: list[str] = []
    for name in proved:
        vs, dups = variants(name, programs[name])
        all_variants += vs
        duplicates += dups
    with ThreadPoolExecutor(workers) as pool:
        results = list(pool.map(lambda v: _check(verifier, v.text, timeout_s), all_variants))
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    generated: Counter[str] = Counter(v.schema for v in all_variants)
    kept: Counter[str] = Counter()
    dropped: list[dict[str, Any]] = []
    for v, r in zip(all_variants, results, strict=True):
        if r["status"] != "failed":
            dropped.append({"case": v.case, **r})
            continue
        kept[v.schema] += 1
        rel = Path("cases") / v.program / f"{v.schema}_{v.case.rsplit('/', 1)[-1]}.c"
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(v.text, encoding="utf-8")
        rows.append({
            "id": v.case, "schema": v.schema, "program": v.program, "path": str(rel),
            "goals": r["goals"], "unproved": r["unproved"],
            "hidden_source": f"{ORIGINALS}/{v.program}.c",
            "hidden_removed": v.removed, "hidden_removed_lines": v.removed_lines,
        })
    (out / ORIGINALS).mkdir(exist_ok=True)  # the proved originals: the folder is whole without --sources
    for name in {row["program"] for row in rows}:
        (out / ORIGINALS / f"{name}.c").write_text(programs[name], encoding="utf-8")
    with open(out / "index.jsonl", "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    summary = {
        "programs": len(programs), "proved": len(proved),
        "not_proved": {n: r for n, r in base.items() if r["status"] != "ok"},
        "generated": dict(generated), "kept": {s: kept[s] for s in SCHEMATA}, "kept_total": sum(kept.values()),
        "duplicates": duplicates, "dropped_still_proved_or_error": dropped, "goal_timeout_s": goal_timeout_s,
        "program_seconds": {n: round(r["seconds"], 1) for n, r in base.items()},
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return summary


def frozen_regions(source: str) -> list[FrozenRegion]:
    """Contracts and assertions of the given (incomplete) program: they must come back unchanged."""
    _, annots = scan(source)
    regions = []
    for a in annots:
        if a.kind in ("contract", "assert"):
            for c in a.clauses:
                regions.append(FrozenRegion(name=f"{a.kind} {a.function} line {c.line}", kind=a.kind, text=c.text))
    return regions


def load_tasks(out: Path, schema: str | None = None) -> list[Task]:
    """Tasks of a built benchmark (``kind="annotate"``): visible = the variant, reference = the original."""
    tasks = []
    for line in (out / "index.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if schema and row["schema"] != schema:
            continue
        visible = (out / row["path"]).read_text(encoding="utf-8")
        source = Path(row["hidden_source"])
        if not source.is_absolute():  # originals/<program>.c in the folder; older builds: a --sources path
            source = next((p for p in (out / source, source, REPO / source) if p.is_file()), out / source)
        reference = source.read_text(encoding="utf-8")
        meta = {k: v for k, v in row.items() if k not in ("path",)} | {"family": row["schema"]}
        tasks.append(Task(id=row["id"], suite=SUITE, formalism="acsl", kind="annotate", visible=visible,
                          frozen=frozen_regions(visible), reference=reference, meta=meta))
    return tasks
