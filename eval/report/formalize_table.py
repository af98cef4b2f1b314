"""The seed 001 Table 1 shape over formalize run folders: accuracy per model and benchmark for
zero-shot, LLM self-review and the evidence gate, with fixes/breaks against zero-shot, break rates and
exact McNemar p-values; plus how often the deterministic diagnosis flagged wrong and right artifacts.

Runs of the same model on the same benchmark (e.g. two slices of one suite) are pooled by task id;
a task present twice keeps its first result. Format-1 and format-2 runs read alike (RunLog upgrades);
infrastructure faults (a lost endpoint or verifier) and not-scored tasks are out of the accuracies, as in
every rate (`bench report --format table1` lists them on their own rows).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fmrepair.eval.stats import mcnemar_exact
from fmrepair.runlog import RunLog

PREFIXES = {"folio-": "folio", "cpbench-": "cpbench", "pgen-": "planetarium-gen"}


def benchmark_of(task_id: str, configured: str | None = None) -> str:
    if configured:
        return configured
    return next((b for p, b in PREFIXES.items() if task_id.startswith(p)), "other")


@dataclass
class Pooled:
    model: str
    benchmark: str
    runs: list[str] = field(default_factory=list)
    correct: dict[str, dict[str, bool]] = field(default_factory=dict)  # method -> task -> correct
    flagged: dict[str, bool] = field(default_factory=dict)  # task -> zero-shot artifact had a blocking finding
    potential: dict[str, dict[str, tuple[int, ...]]] = field(default_factory=dict)  # method -> task -> final
    unknown: dict[str, set[str]] = field(default_factory=dict)  # method -> tasks whose score was undecided


def pool(folders: list[str | Path]) -> list[Pooled]:
    groups: dict[tuple[str, str], Pooled] = {}
    for folder in folders:
        log = RunLog.open(folder)  # read-only; RunNotFound (a FileNotFoundError) for a missing folder
        manifest = log.read_manifest()
        assert manifest is not None
        model = str(manifest.settings.get("model") or manifest.model.get("name", "?"))
        suite = manifest.settings.get("suite")
        for r in log.results():
            if not r.counted:
                continue
            key = (model, benchmark_of(r.task_id, suite))
            g = groups.setdefault(key, Pooled(model, key[1]))
            if str(folder) not in g.runs:
                g.runs.append(str(folder))
            g.correct.setdefault(r.strategy, {}).setdefault(r.task_id, r.faithful)
            if r.status == "unknown":  # not correct (faithful is False), and counted on its own
                g.unknown.setdefault(r.strategy, set()).add(r.task_id)
            if r.extra.get("potential") is not None:
                g.potential.setdefault(r.strategy, {}).setdefault(r.task_id, tuple(r.extra["potential"]))
            if r.strategy == "zero-shot":
                findings = r.extra.get("findings", [])
                g.flagged.setdefault(r.task_id, any(f.get("blocking") for f in findings))
    return sorted(groups.values(), key=lambda g: (g.benchmark, g.model))


def _pair(base: dict[str, bool], other: dict[str, bool]) -> dict[str, Any]:
    common = sorted(set(base) & set(other))
    fixes = sum(1 for t in common if other[t] and not base[t])
    breaks = sum(1 for t in common if base[t] and not other[t])
    right = sum(1 for t in common if base[t])
    return {
        "pairs": len(common),
        "fixes": fixes,
        "breaks": breaks,
        "break_rate": round(100.0 * breaks / len(common), 1) if common else None,  # of all pairs (seed 001 A.10)
        "breaks_of_right": f"{breaks}/{right}",  # how many initially right answers were broken
        "mcnemar_p": mcnemar_exact(breaks, fixes),
    }


def _acc(v: dict[str, bool]) -> float | None:
    return round(100.0 * sum(v.values()) / len(v), 1) if v else None


def rows(groups: list[Pooled]) -> list[dict[str, Any]]:
    out = []
    for g in groups:
        zs = g.correct.get("zero-shot", {})
        row: dict[str, Any] = {"model": g.model, "benchmark": g.benchmark, "tasks": len(zs), "runs": g.runs}
        for m in ("zero-shot", "self-review", "gated"):
            row[m] = _acc(g.correct.get(m, {}))
        for m in ("self-review", "gated"):
            if m in g.correct and zs:
                row[f"{m}_vs_zero-shot"] = _pair(zs, g.correct[m])
                zp, mp = g.potential.get("zero-shot", {}), g.potential.get(m, {})
                row[f"{m}_worse_potential"] = sum(1 for t in zp if t in mp and mp[t] > zp[t])
        if "self-review" in g.correct and "gated" in g.correct:
            row["gated_vs_self-review"] = _pair(g.correct["self-review"], g.correct["gated"])
        wrong = [t for t, ok in zs.items() if not ok]
        right = [t for t, ok in zs.items() if ok]
        row["flagged_wrong"] = f"{sum(g.flagged.get(t, False) for t in wrong)}/{len(wrong)}"
        row["flagged_right"] = f"{sum(g.flagged.get(t, False) for t in right)}/{len(right)}"
        row["score_unknown"] = {m: len(g.unknown.get(m, ())) for m in ("zero-shot", "self-review", "gated")}
        out.append(row)
    return out


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def _delta(row: dict[str, Any], m: str) -> str:
    if row.get(m) is None or row.get("zero-shot") is None:
        return "-"
    return f"{_fmt(row[m])} ({row[m] - row['zero-shot']:+.1f})"


def _p(pair: dict[str, Any] | None) -> str:
    if not pair:
        return "-"
    return f"+{pair['fixes']}/-{pair['breaks']} (p={pair['mcnemar_p']:.3g})"


def markdown(table: list[dict[str, Any]]) -> str:
    head = (
        "| benchmark | model | tasks | zero-shot % | self-review % (Δ) | gated % (Δ) "
        "| self-review vs zs: fixes/breaks (McNemar) | gated vs zs | gated vs self-review "
        "| break rate self-review / gated % | diagnosis worse than zs: self-review / gated "
        "| zs flagged: wrong / right | score unknown zs / self-review / gated |\n"
        "|---|---|---:|---:|---:|---:|---|---|---|---|---|---|---|\n"
    )
    lines = []
    for r in table:
        sr, gd = r.get("self-review_vs_zero-shot"), r.get("gated_vs_zero-shot")
        rates = f"{_fmt(sr and sr['break_rate'])} / {_fmt(gd and gd['break_rate'])}"
        lines.append(
            f"| {r['benchmark']} | {r['model']} | {r['tasks']} | {_fmt(r['zero-shot'])} | {_delta(r, 'self-review')} "
            f"| {_delta(r, 'gated')} | {_p(sr)} | {_p(gd)} | {_p(r.get('gated_vs_self-review'))} | {rates} "
            f"| {r.get('self-review_worse_potential', '-')} / {r.get('gated_worse_potential', '-')} "
            f"| {r['flagged_wrong']} / {r['flagged_right']} | {' / '.join(map(str, r['score_unknown'].values()))} |"
        )
    notes = (
        "\nAccuracy: answer (FOLIO label), status/objective/assignment (CP-Bench) or equivalence (PDDL), scored "
        "after each method returned. Fixes/breaks: wrong->right / right->wrong against the comparator on the same "
        "tasks; exact two-sided McNemar on those discordant pairs. Break rate: breaks over all pairs. "
        "Diagnosis worse: tasks whose final artifact has a higher diagnostic potential (execution rank, blocking "
        "weight) than the zero-shot one, a reference-free regression count. "
        "Flagged: zero-shot artifacts with a blocking finding among the wrong / right ones. Score unknown: the "
        "answer could not be checked (e.g. a CP-Bench assignment check that timed out or matched no variable); "
        "counted as not correct and listed here.\n"
    )
    return head + "\n".join(lines) + "\n" + notes


def report(folders: list[str | Path], fmt: str = "md") -> str:
    table = rows(pool(folders))
    if fmt == "json":
        return json.dumps(table, indent=2)
    if fmt != "md":
        raise ValueError(f"unknown format {fmt!r} (md | json)")
    return markdown(table)
