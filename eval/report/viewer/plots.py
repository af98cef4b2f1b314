"""Plots that carry information, as inline SVG (matplotlib, imported only here): Correct@k by iteration
per family, seconds per task, the fixed-set overlap of two runs, and cost only when a run has a price."""

from __future__ import annotations

import io
import re
from typing import Any

from fmrepair.eval.metrics import correct_at_k
from fmrepair.eval.report.viewer.load import RunData


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.fonttype"] = "none"  # text stays text
    return plt


def _svg(fig: Any) -> str:
    plt = _plt()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _counted(run: RunData) -> list[Any]:
    return [r for r in run.results if getattr(r, "status", "ran") != "not_faulty"]


def correct_by_iteration(run: RunData) -> str | None:
    """Correct@k (faithful) for k = 1..K, one line per family; None when there is nothing to draw."""
    rs = _counted(run)
    k_max = run.k or max((r.iterations for r in rs), default=0)
    if not rs or k_max < 1:
        return None
    fams: dict[str, list[Any]] = {}
    for r in rs:
        fams.setdefault(str(r.extra.get("family") or "-"), []).append(r)
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    ks = list(range(1, k_max + 1))
    for fam, frs in sorted(fams.items()):
        ax.plot(ks, [correct_at_k(frs, k, "faithful") for k in ks], marker="o", ms=3, label=f"{fam} ({len(frs)})")
    ax.set_xticks(ks if len(ks) <= 20 else ks[:: max(1, len(ks) // 10)])
    ax.set_xlabel("iteration k")
    ax.set_ylabel("Correct@k, faithful (%)")
    ax.set_ylim(-2, 102)
    ax.set_title(run.label, fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    return _svg(fig)


def _ecdf(runs: list[RunData], metric: str, xlabel: str) -> str | None:
    series = [(run.label, sorted(getattr(r, metric) for r in _counted(run))) for run in runs]
    if not any(v for _, v in series):
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    for label, values in series:
        if values:
            ax.step(values, [(i + 1) / len(values) for i in range(len(values))], where="post", label=label)
    positive = [x for _, v in series for x in v if x > 0]
    if positive and max(positive) / max(min(positive), 1e-9) > 50:
        ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("fraction of tasks")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return _svg(fig)


def is_search(run: RunData) -> bool:
    """Is the run's strategy a candidate search (mutate, hybrid)? Unknown strategies count as not."""
    from fmrepair.agents.strategies import strategy_info
    from fmrepair.registry import UnknownName

    names = [n for n in str(run.manifest.settings.get("strategy") or "").split(",") if n]
    try:
        return bool(names) and all(strategy_info(n).search for n in names)
    except UnknownName:
        return False


def candidates_to_fix(run: RunData) -> str | None:
    """For a search run: the fraction of tasks fixed (faithful) within N candidates checked, N on a log
    axis; the curve ends at the run's fix rate. None when nothing was fixed."""
    rs = _counted(run)
    fixed = sorted(max(1, r.verifier_calls) for r in rs if r.faithful)
    if not fixed:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    ax.step(fixed, [100 * (i + 1) / len(rs) for i in range(len(fixed))], where="post", label=run.label)
    ax.set_xscale("log")
    ax.set_xlabel("candidates checked (verifier calls) until the faithful fix")
    ax.set_ylabel("tasks fixed, faithful (%)")
    ax.set_ylim(-2, 102)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return _svg(fig)


def seconds_distribution(runs: list[RunData]) -> str | None:
    return _ecdf(runs, "seconds", "seconds per task (cumulative)")


def cost_distribution(runs: list[RunData]) -> str | None:
    """Only when some run has a price (a flat zero line says nothing)."""
    if not any(run.priced() for run in runs):
        return None
    return _ecdf([r for r in runs if r.priced()], "cost_usd", "cost per task, USD (cumulative)")


def fixed_overlap(a: RunData, b: RunData) -> str:
    """Tasks fixed (faithful) by A only, by both, by B only, by neither, on their common tasks."""
    fa = {r.task_id: r.faithful for r in _counted(a)}
    fb = {r.task_id: r.faithful for r in _counted(b)}
    common = sorted(set(fa) & set(fb))
    counts = [
        ("A only", sum(fa[t] and not fb[t] for t in common), "#8ab4f8"),
        ("both", sum(fa[t] and fb[t] for t in common), "#81c995"),
        ("B only", sum(fb[t] and not fa[t] for t in common), "#fdd663"),
        ("neither", sum(not fa[t] and not fb[t] for t in common), "#e8eaed"),
    ]
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6.4, 1.6))
    left = 0
    for name, n, color in counts:
        ax.barh([0], [n], left=left, color=color, edgecolor="#555")
        if n:
            ax.text(left + n / 2, 0, f"{name}\n{n}", ha="center", va="center", fontsize=8)
        left += n
    ax.set_yticks([])
    ax.set_xlabel(f"{len(common)} common tasks (A = {a.label}; B = {b.label})", fontsize=7)
    fig.tight_layout()
    return _svg(fig)


def strip_ids(svg: str, prefix: str) -> str:
    """Make the element ids of one inline SVG unique on a page."""
    return re.sub(r'(id="|url\(#|href="#)([^")]+)', lambda m: f"{m.group(1)}{prefix}{m.group(2)}", svg)
