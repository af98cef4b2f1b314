"""Reports of a run: a Markdown (or JSON) score card in the shape of seed 000 Tables 5 and 7, and plots
of time and tokens per task (seed 000 Fig. 6-7), written next to the run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fmrepair.runlog import RunLog, TaskResult

from .metrics import LEVELS, summarize


def load_run(folder: Path) -> tuple[dict[str, Any], list[TaskResult]]:
    log = RunLog(folder)
    manifest = log.read_manifest()
    if manifest is None:
        raise FileNotFoundError(f"{folder}: not a run folder (no manifest.json)")
    return manifest.config, log.results()


def run_summary(folder: Path) -> dict[str, Any]:
    config, results = load_run(folder)
    bench = config.get("bench", {})
    s = summarize(results, bench.get("k"))
    s["run"] = {k: bench.get(k) for k in ("suite", "mode", "strategy", "model", "k", "samples")}
    s["run"]["expected_tasks"] = config.get("tasks")
    return s


def markdown(summary: dict[str, Any]) -> str:
    run = summary.get("run", {})
    k = run.get("k") or "all"
    lines = [
        f"# {run.get('suite')} / {run.get('strategy')} / {run.get('model')}",
        "",
        f"mode {run.get('mode')}, k={run.get('k')}, samples={run.get('samples')}; "
        f"{summary['overall']['tasks']} of {run.get('expected_tasks')} tasks finished",
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
    if summary.get("pass@k"):
        lines += ["", "| metric | value |", "|---|---:|"]
        lines += [f"| {m} | {v:.1f}% |" for m, v in summary["pass@k"].items()]
    lines += ["", "| group | tasks | median s | max s | median tokens | median verifier calls | cost USD |"]
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    for g, r in summary["resources"].items():

        def f(x: Any) -> str:
            return "-" if x is None else f"{x:.1f}"

        lines.append(
            f"| {g} | {r['tasks']} | {f(r['seconds']['median'])} | {f(r['seconds']['max'])} | "
            f"{f(r['tokens']['median'])} | {f(r['verifier_calls']['median'])} | {r['cost_usd']['total']:.4f} |"
        )
    if summary.get("equivalence_scored", 0) == 0:
        lines += ["", "Equivalence was not scored for this suite (no reference)."]
    return "\n".join(lines) + "\n"


def plots(folder: Path, out_dir: Path) -> list[Path]:
    """Histograms of seconds and tokens per task, fixed vs unfixed (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    _, results = load_run(folder)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for metric, label in (("seconds", "seconds per task"), ("tokens", "tokens per task")):
        fig, ax = plt.subplots(figsize=(6, 3.5))
        for group, flag in (("fixed", True), ("unfixed", False)):
            vals = [
                r.seconds if metric == "seconds" else r.prompt_tokens + r.completion_tokens
                for r in results
                if r.faithful == flag
            ]
            if vals:
                ax.hist(vals, bins=20, alpha=0.6, label=f"{group} ({len(vals)})")
        ax.set_xlabel(label)
        ax.set_ylabel("tasks")
        ax.legend()
        fig.tight_layout()
        path = out_dir / f"{metric}.png"
        fig.savefig(path, dpi=100)
        plt.close(fig)
        written.append(path)
    return written
