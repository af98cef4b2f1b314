"""Reports over one or more runs: Markdown (tables in the shape of seed 000 Tables 5 and 7), JSON (rates
in [0, 1]) and a self-contained HTML page with plots (Correct@k per family, time and cost distributions,
overlap of the fixed sets of the runs)."""

from __future__ import annotations

import statistics
from collections import Counter
from pathlib import Path
from typing import Any

from fmrepair.eval.metrics import LEVELS, OUTCOMES, summarize
from fmrepair.runlog import RunLog, RunManifest, TaskResult

# what each outcome row says (eval/metrics.py: outcome)
OUTCOME_LABELS = {
    "faithful": "faithful repair",
    "unfaithful": "raw repair, rejected by the gate (unfaithful)",
    "gate_unknown": "raw repair, gate could not decide (unknown; not faithful)",
    "unrepaired": "not repaired",
    "score_unknown": "score could not be decided (unknown; not correct)",
    "error": "error (the task's run raised; not correct)",
    "infrastructure": "infrastructure fault: endpoint or verifier lost (out of every rate; rerun to retry)",
    "not_faulty": "not faulty: the faulty text already passes (out of every rate)",
}


def load_manifest(folder: Path) -> RunManifest:
    """The manifest of a run folder or of an archive (``manifest.json`` + ``results.jsonl.gz``)."""
    if not (Path(folder) / RunLog.MANIFEST).is_file():
        raise FileNotFoundError(f"{folder}: not a run folder or archive (no manifest.json)")
    manifest = RunLog(folder).read_manifest()
    assert manifest is not None
    return manifest


def load_run(folder: Path) -> tuple[dict[str, Any], list[TaskResult]]:
    manifest = load_manifest(folder)
    return manifest.config, RunLog(folder).results()


def taxonomy_summary(results: list[TaskResult]) -> dict[str, Any]:
    constraint: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    pairs: Counter[str] = Counter()
    for r in results:
        tax = r.extra.get("taxonomy") or {}
        if not r.faithful and tax.get("constraint"):
            constraint[tax["constraint"]] += 1
        errors.update(tax.get("errors", {}))
        pairs.update(tax.get("pairs", {}))
    return {"constraint": dict(constraint), "errors": dict(errors), "pairs": dict(pairs)}


RUN_FIELDS = ("suite", "mode", "strategy", "model", "k", "samples", "wall_seconds", "candidates", "check_timeout_s")


def run_summary(folder: Path) -> dict[str, Any]:
    manifest = load_manifest(folder)
    config, results = manifest.config, RunLog(folder).results()
    bench = config.get("bench", {})
    s = summarize(results, bench.get("k"))
    s["run"] = {k: bench.get(k) for k in RUN_FIELDS}
    s["run"]["family"] = bench.get("family") or []
    s["run"]["expected_tasks"] = config.get("tasks")
    s["run"]["finished"] = len(results)
    s["run"]["path"] = str(folder)
    s["run"]["command"] = manifest.command
    s["run"]["git_commit"] = manifest.git_commit
    s["run"]["git_dirty"] = manifest.git_dirty
    s["run"]["resumed_with_other_code"] = len(manifest.resumes)
    s["taxonomy"] = taxonomy_summary(results)
    s["median_seconds"] = statistics.median([r.seconds for r in results]) if results else None
    return s


def json_report(folders: list[Path]) -> dict[str, Any]:
    runs = []
    for folder in folders:
        s = run_summary(folder)
        k = s["run"].get("k") or "all"
        o = s["overall"]
        runs.append(
            {
                "run": str(folder),
                **{x: s["run"].get(x) for x in ("suite", "mode", "strategy", "model", "k", "samples")},
                "tasks": o["tasks"],
                "correct_at_k": {lvl: round(o[f"correct@{k}_{lvl}"] / 100.0, 4) for lvl in LEVELS},
                "pass_at_k": {m: round(v / 100.0, 4) for m, v in s.get("pass@k", {}).items()},
                "median_seconds": s.get("median_seconds"),
                "families": {
                    f: {lvl: round(c[f"correct@{k}_{lvl}"] / 100.0, 4) for lvl in LEVELS} | {"tasks": c["tasks"]}
                    for f, c in s["families"].items()
                },
                "unfaithful_rejected": o["unfaithful_rejected"],
                "outcomes": o["outcomes"],
                "faithful_reached_edits": o["faithful_reached_edits"],
                "resources": s["resources"],
                "taxonomy": s["taxonomy"],
            }
        )
    return {"runs": runs}


def _fmt(x: Any) -> str:
    return "-" if x is None else f"{x:.1f}"


def markdown_one(summary: dict[str, Any]) -> str:
    run = summary.get("run", {})
    k = run.get("k") or "all"
    lines = [
        f"## {run.get('suite')} / {run.get('strategy')} / {run.get('model')}",
        "",
        f"`{run.get('path')}`: mode {run.get('mode')}, k={run.get('k')}, samples={run.get('samples')}; "
        f"{run.get('finished', summary['overall']['tasks'])} of {run.get('expected_tasks')} tasks finished, "
        f"{summary['overall']['tasks']} counted in the rates ({summary['overall']['not_faulty']} not faulty)",
        "",
        "| family | tasks | raw | faithful | equivalent | unfaithful rejected | "
        + " | ".join(f"Correct@{k} {lvl}" for lvl in LEVELS)
        + " |",
        "|---|---:|---:|---:|---:|---:|" + "---:|" * len(LEVELS),
    ]
    rows = list(summary["families"].items()) + [("**all**", summary["overall"])]
    for fam, c in rows:
        cells = [str(c[x]) for x in ("tasks", "raw", "faithful", "equivalent", "unfaithful_rejected")]
        cells += [f"{c[f'correct@{k}_{lvl}']:.1f}%" for lvl in LEVELS]
        lines.append(f"| {fam} | " + " | ".join(cells) + " |")
    o = summary["overall"]
    lines += ["", "| outcome | tasks |", "|---|---:|"]
    lines += [f"| {OUTCOME_LABELS[x]} | {o['outcomes'][x]} |" for x in OUTCOMES]
    lines.append(f"| faithful repairs that edited a paragraph a property reaches | {o['faithful_reached_edits']} |")
    if summary.get("pass@k"):
        lines += ["", "| metric | value |", "|---|---:|"]
        lines += [f"| {m} | {v:.1f}% |" for m, v in summary["pass@k"].items()]
    lines += ["", "| group | tasks | median s | max s | median tokens | median verifier calls | cost USD |"]
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    for g, r in summary["resources"].items():
        lines.append(
            f"| {g} | {r['tasks']} | {_fmt(r['seconds']['median'])} | {_fmt(r['seconds']['max'])} | "
            f"{_fmt(r['tokens']['median'])} | {_fmt(r['verifier_calls']['median'])} | {r['cost_usd']['total']:.4f} |"
        )
    tax = summary.get("taxonomy") or {}
    if any(tax.values()):
        lines += ["", "Failure taxonomy (unfixed tasks; errors over all failed iterations):", ""]
        for name in ("constraint", "errors", "pairs"):
            if tax.get(name):
                items = ", ".join(f"{a} {b}" for a, b in sorted(tax[name].items()))
                lines.append(f"- {name}: {items}")
    return "\n".join(lines) + "\n"


def markdown(summary_or_folders: dict[str, Any] | list[Path]) -> str:
    if isinstance(summary_or_folders, dict):
        return markdown_one(summary_or_folders)
    return "# fmrepair report\n\n" + "\n".join(markdown_one(run_summary(f)) for f in summary_or_folders)


def _png(fig: Any) -> str:
    import base64
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def figures(folders: list[Path]) -> dict[str, str]:
    """Base64 PNGs: Correct@k per family, seconds and cost per task, overlap of fixed sets."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    data = [(f, run_summary(f), load_run(f)[1]) for f in folders]
    labels = [f"{s['run']['strategy']}/{s['run']['model']}" for _, s, _ in data]
    out: dict[str, str] = {}
    fams = sorted({fam for _, s, _ in data for fam in s["families"]})
    fig, ax = plt.subplots(figsize=(max(5, 1.2 * len(fams) * len(data)), 3.5))
    width = 0.8 / max(1, len(data))
    for i, (_, s, _) in enumerate(data):
        k = s["run"].get("k") or "all"
        vals = [s["families"].get(fam, {}).get(f"correct@{k}_faithful", 0.0) for fam in fams]
        ax.bar([j + i * width for j in range(len(fams))], vals, width, label=labels[i])
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(fams))], fams)
    ax.set_ylabel("Correct@k, faithful (%)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    out["correct_at_k_per_family"] = _png(fig)
    plt.close(fig)
    for metric in ("seconds", "cost_usd"):
        fig, ax = plt.subplots(figsize=(6, 3.5))
        series = [[getattr(r, metric) for r in rs] or [0.0] for _, _, rs in data]
        ax.boxplot(series)
        ax.set_xticks(range(1, len(labels) + 1), labels, fontsize=7)
        ax.set_ylabel(f"{metric} per task")
        fig.tight_layout()
        out[f"{metric}_distribution"] = _png(fig)
        plt.close(fig)
    fixed = [{r.task_id for r in rs if r.faithful} for _, _, rs in data]
    n = len(fixed)
    fig, ax = plt.subplots(figsize=(4 + n, 3 + n * 0.5))
    matrix = [[len(fixed[i] & fixed[j]) for j in range(n)] for i in range(n)]
    ax.imshow(matrix, cmap="Blues")
    for i in range(n):
        for j in range(n):
            ax.text(j, i, str(matrix[i][j]), ha="center", va="center")
    ax.set_xticks(range(n), labels, fontsize=7, rotation=30)
    ax.set_yticks(range(n), labels, fontsize=7)
    ax.set_title("tasks fixed (faithful) by both runs")
    fig.tight_layout()
    out["fixed_overlap"] = _png(fig)
    plt.close(fig)
    return out


def html_report(folders: list[Path]) -> str:
    """One self-contained HTML page: the run viewer's index (eval/viewer), without task links."""
    from fmrepair.eval.viewer.index import index_page
    from fmrepair.eval.viewer.load import load_run as load_run_data

    return index_page([load_run_data(f) for f in folders])
