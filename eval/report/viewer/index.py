"""The index page: the runs, per-family score cards, the paired comparison of two runs, every task result
in one sortable, filterable table, and the plots that carry information. `bench report --format html`
is this page (without task links)."""

from __future__ import annotations

import html as _html
import time
from collections import Counter

from fmrepair.eval.metrics import LEVELS, summarize
from fmrepair.eval.report.viewer import plots
from fmrepair.eval.report.viewer.html import Writer, page
from fmrepair.eval.report.viewer.load import OUTCOMES, RunData, outcome
from fmrepair.eval.stats import compare


def _runs_table(runs: list[RunData], w: Writer) -> str:
    rows = []
    for i, run in enumerate(runs):
        s = run.settings
        counts = Counter(outcome(r, run.attempts.get(r.task_id)) for r in run.results)
        rows.append(
            [
                chr(65 + i) if i < 26 else str(i),
                run.label,
                str(run.folder),
                s.get("suite"),
                s.get("mode"),
                s.get("k"),
                len(run.results),
                run.manifest.config.get("tasks") if isinstance(run.manifest.config.get("tasks"), int) else None,
            ]
            + [counts.get(o, 0) for o in OUTCOMES]
            + ["yes" if run.has_attempts else "no (archive: results only)"]
        )
    header = ["run", "strategy / model", "folder", "suite", "mode", "k", "finished", "expected"]
    header += list(OUTCOMES) + ["attempts recorded"]
    return w.table(header, rows, numeric=range(5, 8 + len(OUTCOMES)))


def _family_table(run: RunData, w: Writer) -> str:
    counted = [r for r in run.results if getattr(r, "status", "ran") != "not_faulty"]
    fams = {r.task_id: str(r.extra.get("family") or "-") for r in counted}
    s = summarize(counted, run.k, fams)
    k = run.k or "all"
    header = ["family", "tasks", "raw", "faithful", "equivalent", "unfaithful rejected"]
    header += [f"Correct@{k} {lvl} %" for lvl in LEVELS]
    rows = []
    for fam, c in [*s["families"].items(), ("all", s["overall"])]:
        rows.append(
            [fam]
            + [c[x] for x in ("tasks", "raw", "faithful", "equivalent", "unfaithful_rejected")]
            + [float(c[f"correct@{k}_{lvl}"]) for lvl in LEVELS]
        )
    return w.table(header, rows, cls="sortable", numeric=range(1, 9))


def _comparison(a: RunData, b: RunData, w: Writer, links: dict[str, str]) -> str:
    """Paired comparison on the common tasks (exact McNemar, bootstrap CI) and the per-task transitions."""
    ca = {r.task_id: r for r in a.results if getattr(r, "status", "ran") != "not_faulty"}
    cb = {r.task_id: r for r in b.results if getattr(r, "status", "ran") != "not_faulty"}
    rows = []
    for level in LEVELS:

        def ok(r, level=level) -> bool:  # type: ignore[no-untyped-def]
            return {"raw": r.repaired, "faithful": r.faithful, "equivalent": bool(r.equivalent)}[level]

        res = compare({t: ok(r) for t, r in ca.items()}, {t: ok(r) for t, r in cb.items()})
        t = res["transitions"]
        rows.append(
            [
                level,
                res["tasks"],
                res["a_rate"],
                res["b_rate"],
                t["wrong_to_right"],
                t["right_to_wrong"],
                t["both"],
                t["neither"],
                f"{res['mcnemar_p']:.4g}",
                res["diff_pp"],
                f"[{res['ci95_pp'][0]}, {res['ci95_pp'][1]}]",
            ]
        )
    header = [
        "level",
        "common tasks",
        "A %",
        "B %",
        "wrong→right",
        "right→wrong",
        "both",
        "neither",
        "McNemar p (exact)",
        "B−A (pp)",
        "95% CI (bootstrap)",
    ]
    out = [
        f"<p>A = {w.t(a.label)}, B = {w.t(b.label)}; tasks only in A: {len(set(ca) - set(cb))}, "
        f"only in B: {len(set(cb) - set(ca))}.</p>",
        w.table(header, rows, numeric=range(1, 10)),
    ]
    per_task = []
    for tid in sorted(set(ca) & set(cb)):
        oa, ob = outcome(ca[tid], a.attempts.get(tid)), outcome(cb[tid], b.attempts.get(tid))
        change = "same" if oa == ob else f"{oa} → {ob}"
        per_task.append([_link(tid, links, w), str(ca[tid].extra.get("family") or "-"), oa, ob, change])
    out.append(
        w.details(
            f"per-task outcomes on the {len(per_task)} common tasks",
            w.table(["task", "family", "A", "B", "change"], per_task, cls="sortable", raw_cols=[0]),
        )
    )
    return "".join(out)


def _link(task_id: str, links: dict[str, str], w: Writer) -> str:
    href = links.get(task_id)
    return f"<a href='{_html.escape(href)}'>{w.t(task_id)}</a>" if href else w.t(task_id)


def _results_table(runs: list[RunData], w: Writer, links: dict[str, str]) -> str:
    rows, attrs = [], []
    for i, run in enumerate(runs):
        for r in run.results:
            o = outcome(r, run.attempts.get(r.task_id))
            rows.append(
                [
                    chr(65 + i) if i < 26 else str(i),
                    _link(r.task_id, links, w),
                    str(r.extra.get("family") or "-"),
                    r.strategy,
                    f"<span class='badge o-{o}'>{o}</span>",
                    "-" if r.equivalent is None else ("yes" if r.equivalent else "no"),
                    r.iterations,
                    r.attempts,
                    r.first_success,
                    float(r.seconds),
                    r.prompt_tokens + r.completion_tokens,
                    r.verifier_calls,
                    r.unfaithful_rejected,
                    r.stop_reason,
                ]
            )
            attrs.append(f"data-outcome='{o}' class='o-{o}'")
    header = [
        "run",
        "task",
        "family",
        "strategy",
        "outcome",
        "equivalent",
        "iterations",
        "attempts",
        "first success",
        "seconds",
        "tokens",
        "verifier calls",
        "unfaithful rejected",
        "stop reason",
    ]
    present = Counter(a.split("'")[1] for a in attrs)
    boxes = "".join(
        f"<label><input type='checkbox' class='outcome-filter' value='{o}' checked> {o} ({present.get(o, 0)})</label>"
        for o in OUTCOMES
        if present.get(o) or o not in ("not-faulty", "infrastructure", "unknown")
    )
    return (
        f"<div class='filters'>show: {boxes} — <span id='shown-count'>{len(rows)}</span> of {len(rows)} rows</div>"
        + w.table(header, rows, cls="sortable results", numeric=range(6, 13), row_attrs=attrs, raw_cols=[1, 4])
    )


def _plots(runs: list[RunData]) -> str:
    figs: list[tuple[str, str | None]] = []
    for run in runs:  # sampling runs: Correct@k by iteration; a search: how many candidates a fix took
        if plots.is_search(run):
            figs.append((f"Candidates to a faithful fix: {run.label}", plots.candidates_to_fix(run)))
        else:
            figs.append((f"Correct@k by iteration per family: {run.label}", plots.correct_by_iteration(run)))
    figs.append(("Seconds per task", plots.seconds_distribution(runs)))
    if len(runs) == 2:
        figs.append(("Tasks fixed (faithful): overlap of the two runs", plots.fixed_overlap(runs[0], runs[1])))
    figs.append(("Cost per task", plots.cost_distribution(runs)))
    out = []
    for n, (title, svg) in enumerate(figs):
        if svg:
            out.append(f"<h3>{_html.escape(title)}</h3><figure class='plot'>{plots.strip_ids(svg, f'p{n}-')}</figure>")
    return "".join(out)


def index_body(runs: list[RunData], w: Writer, links: dict[str, str], notes: list[str]) -> str:
    parts = [
        "<h1>fmrepair runs</h1>",
        f"<p class='note'>generated {time.strftime('%Y-%m-%d %H:%M')}; outcome 'error' covers errors, "
        "timeouts and undecided gates, 'unknown' scores that could not be decided (neither ever counted as "
        "success); not-faulty tasks and infrastructure faults (endpoint or verifier lost) are out of every rate."
        "</p>",
    ]
    parts += [f"<p class='warn'>{w.t(n)}</p>" for n in notes]
    parts += ["<h2>Runs</h2>", _runs_table(runs, w)]
    for i, run in enumerate(runs):
        parts += [f"<h2>Run {chr(65 + i) if i < 26 else i}: {w.t(run.label)}</h2>", _family_table(run, w)]
    if len(runs) == 2:
        parts += ["<h2>Paired comparison (A vs B)</h2>", _comparison(runs[0], runs[1], w, links)]
    parts += ["<h2>Tasks</h2>", _results_table(runs, w, links), "<h2>Plots</h2>", _plots(runs)]
    return "".join(parts)


def index_page(
    runs: list[RunData], w: Writer | None = None, links: dict[str, str] | None = None, notes: list[str] | None = None
) -> str:
    w = w or Writer()
    return page("fmrepair runs", index_body(runs, w, links or {}, notes or []), w)
