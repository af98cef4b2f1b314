"""Reports over one or more runs of any kind (repair, formalize, annotate; format-1 runs are upgraded on
read): per-run score cards in Markdown, JSON (rates in [0, 1]) and a self-contained HTML page (the run
viewer's index); the paper tables are in eval/report/paper_tables.py (seed 000 Tables 5 and 7, seed 001 Table 1)
and eval/report/files_table.py (Table 6, by files), the paired comparison of two runs in eval/report/compare.py.

Readers open runs read-only (RunLog.open): a path that is not a run folder is an error and nothing is
created. Not-faulty tasks, errors, infrastructure faults and unknown scores are their own rows in every
table kind."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

from fmrepair.eval.metrics import LEVELS, OUTCOMES, summarize
from fmrepair.eval.report import paper_tables
from fmrepair.eval.report.runs import (  # noqa: F401 - load_manifest, load_run, ReportError: also read from here
    OUTCOME_LABELS,
    ReportError,
    Run,
    load_manifest,
    load_run,
    of_kind,
    open_run,
    outcome_rows,
)
from fmrepair.runlog import TaskResult

# `bench report --format`: md/html/json for any runs; table1 for formalize runs, table5/table7 for repair
# and annotate runs, table6 (by files, duplicates included: eval/report/files_table.py) for repair runs
FORMATS = ("md", "html", "json", "table1", "table5", "table6", "table7")


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


DISTANCE_SUITES = ("alloy4fun", "arepair")


def _distance_strata(kind: str, bench: dict[str, Any], results: list[TaskResult]) -> dict[str, Any] | None:
    """Rates per stratum of token edit distance between each task's faulty body and its reference body
    (eval/distance.py), overall and per family; None when the suite has no references or its data is
    not here (the note says so)."""
    from fmrepair.eval.distance import distances, strata_table
    from fmrepair.eval.metrics import counted
    from fmrepair.eval.suites import get_suite, resolve_root
    from fmrepair.inputs import InputError

    if kind != "repair" or bench.get("suite") not in DISTANCE_SUITES:
        return None
    try:
        suite = bench["suite"]
        dist = distances(get_suite(suite).load(resolve_root(suite, bench.get("root")), bench.get("mode")).tasks)
    except (InputError, OSError) as e:
        return {"note": f"distance strata not computed: {e}"}
    return {"strata": strata_table(counted(results), dist)}


def run_summary(folder: Path, distance: bool = True) -> dict[str, Any]:
    """A run's score card; ``distance``: also the distance strata (loads the suite's tasks)."""
    run = open_run(folder)
    manifest, results = run.manifest, run.results
    config, bench = manifest.config, run.settings
    s = summarize(results, bench.get("k"))
    s["run"] = {k: bench.get(k) for k in RUN_FIELDS}
    s["run"]["kind"] = run.kind
    s["run"]["format"] = manifest.upgraded_from or manifest.format
    if run.kind == "formalize":
        s["run"]["strategy"] = ",".join(run.strategies)
        s["run"]["model"] = run.model
    if run.kind == "repair" and not bench.get("suite"):  # `fmrepair repair FILE --log DIR`: one user file
        s["run"]["suite"] = "user file"
        s["run"]["strategy"] = bench.get("strategy") or config.get("strategy")
        s["run"]["model"] = (manifest.model or {}).get("name")
        s["run"]["mode"] = "visible (no hidden oracle)"
        s["run"]["samples"] = (config.get("budget") or {}).get("samples")
        config = {**config, "tasks": len({r.task_id for r in results})}
    s["run"]["family"] = bench.get("family") or []
    expected = config.get("tasks")
    s["run"]["expected_tasks"] = len(expected) if isinstance(expected, list) else expected
    s["run"]["finished"] = len({r.task_id for r in results}) if run.kind == "formalize" else len(results)
    s["run"]["path"] = str(folder)
    s["run"]["command"] = manifest.command
    s["run"]["git_commit"] = manifest.git_commit
    s["run"]["git_dirty"] = manifest.git_dirty
    s["run"]["resumed_with_other_code"] = len(manifest.resumes)
    s["taxonomy"] = taxonomy_summary(results)
    s["distance"] = _distance_strata(run.kind, bench, results) if distance else None
    s["median_seconds"] = statistics.median([r.seconds for r in results]) if results else None
    return s


def json_report(folders: list[Path]) -> dict[str, Any]:
    """Every run's score card; with formalize runs among them also their seed 001 Table 1 rows."""
    runs = []
    formalize = [f for f in folders if open_run(f).kind == "formalize"]
    for folder in folders:
        s = run_summary(folder)
        k = s["run"].get("k") or "all"
        o = s["overall"]
        runs.append(
            {
                "run": str(folder),
                **{x: s["run"].get(x) for x in ("kind", "suite", "mode", "strategy", "model", "k", "samples")},
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
                "faithful_narrows": o.get("faithful_narrows", 0),
                "distance": s.get("distance"),
                "faithful_behaviour_checked": o.get("faithful_behaviour_checked", 0),
                "resources": s["resources"],
                "taxonomy": s["taxonomy"],
            }
        )
    if formalize:
        from fmrepair.eval.report.formalize_table import pool, rows

        return {"runs": runs, "table1": rows(pool(formalize))}
    return {"runs": runs}


def _distance_lines(dist: dict[str, Any] | None) -> list[str]:
    """Faithful (and equivalent) repairs per stratum of token edit distance to the reference body."""
    if not dist:
        return []
    if "note" in dist:
        return ["", dist["note"]]
    from fmrepair.eval.distance import STRATA

    lines = ["", "By token edit distance between the faulty body and the reference body (faithful / tasks; "
             "equivalent in brackets):", "", "| family | " + " | ".join(STRATA) + " |",
             "|---|" + "---:|" * len(STRATA)]
    table = dist["strata"]
    for fam in [f for f in sorted(table) if f != "all"] + (["all"] if "all" in table else []):
        cells = [f"{c['faithful']}/{c['tasks']} ({c['equivalent']})" if c["tasks"] else "-"
                 for c in (table[fam][st] for st in STRATA)]
        lines.append(f"| {'**all**' if fam == 'all' else fam} | " + " | ".join(cells) + " |")
    return lines


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
    # no task had a reference to compare with (a user's file): equivalence was not scored, not 0
    unscored = summary.get("equivalence_scored") == 0
    for fam, c in rows:
        cells = [str(c[x]) for x in ("tasks", "raw", "faithful", "equivalent", "unfaithful_rejected")]
        cells += [f"{c[f'correct@{k}_{lvl}']:.1f}%" for lvl in LEVELS]
        if unscored:
            cells[3] = cells[-1] = "n/a"
        lines.append(f"| {fam} | " + " | ".join(cells) + " |")
    if unscored:
        lines += ["", "Equivalence: n/a (no task of this run has a reference to compare with)."]
    o = summary["overall"]
    lines += ["", "| outcome | tasks |", "|---|---:|"]
    lines += [f"| {OUTCOME_LABELS[x]} | {o['outcomes'][x]} |" for x in OUTCOMES]
    lines.append(f"| faithful repairs that edited a paragraph a property reaches | {o['faithful_reached_edits']} |")
    if o.get("faithful_behaviour_checked"):
        lines.append(f"| faithful repairs that narrow (lose a good instance of the visible file; of "
                     f"{o['faithful_behaviour_checked']} decided) | {o['faithful_narrows']} |")
    lines += _distance_lines(summary.get("distance"))
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
    """Score cards of repair and annotate runs; formalize runs as one seed 001 Table 1."""
    if isinstance(summary_or_folders, dict):
        run = summary_or_folders.get("run", {})
        if run.get("kind") == "formalize" and run.get("path"):  # bench run's card of a formalize run
            head = f"## {run.get('suite')} / {run.get('model')}: seed 001 Table 1\n\n"
            return head + paper_tables.table1([Path(run["path"])])
        return markdown_one(summary_or_folders)
    runs = [open_run(f) for f in summary_or_folders]
    cards = [markdown_one(run_summary(r.folder)) for r in runs if r.kind != "formalize"]
    formalize = [r.folder for r in runs if r.kind == "formalize"]
    if formalize:
        cards.append("## formalize runs: seed 001 Table 1\n\n" + paper_tables.table1(formalize))
    return "# fmrepair report\n\n" + "\n".join(cards)


def report_text(folders: list[Path], fmt: str = "md", root: Path | None = None) -> str:
    """`bench report --format FMT` over run folders or archives of any kind (``root``: table6's suite folder
    when the one the run recorded is not here)."""
    if fmt not in FORMATS:
        raise ReportError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    if fmt == "json":
        return json.dumps(json_report(folders), indent=2) + "\n"
    if fmt == "html":
        return html_report(folders)
    if fmt in ("table1", "table5", "table7"):
        return str(getattr(paper_tables, fmt)(folders))
    if fmt == "table6":
        from fmrepair.eval.report.files_table import FilesTableError, table6

        try:
            return table6(of_kind(folders, ("repair",), "table6"), root)
        except FilesTableError as e:
            raise ReportError(str(e)) from e
    return markdown(folders)


def html_report(folders: list[Path]) -> str:
    """One self-contained HTML page: the run viewer's index (eval/viewer), without task links."""
    from fmrepair.eval.report.viewer.index import index_page
    from fmrepair.eval.report.viewer.load import load_run as load_run_data

    return index_page([load_run_data(f) for f in folders])
