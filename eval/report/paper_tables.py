"""The paper tables over run folders: seed 001 Table 1 (formalize runs), seed 000 Table 5 (faithful repairs
per family and run) and Table 7 (Correct@k per model and strategy) for repair and annotate runs; each
followed by every outcome as its own row per run (`bench report --format table1|table5|table7`)."""

from __future__ import annotations

from pathlib import Path

from fmrepair.eval.metrics import summarize
from fmrepair.eval.report.runs import Run, of_kind, outcome_rows


def legend(runs: list[Run]) -> str:
    return (
        "\n".join(
            f"- {i}: `{r.folder}`: {r.kind}, {r.label}, suite {r.settings.get('suite')}"
            + (f", k={r.settings['k']}" if r.settings.get("k") else "")
            for i, r in enumerate(runs, 1)
        )
        + "\n"
    )


def table1(folders: list[Path], fmt: str = "md") -> str:
    """Seed 001 Table 1 over formalize runs (pooled per model and benchmark), then the outcome rows per
    run and strategy; ``fmt`` json gives the table's rows."""
    from fmrepair.eval.report.formalize_table import report

    runs = of_kind(folders, ("formalize",), "table1")
    if fmt == "json":
        return report([r.folder for r in runs], "json")
    return (
        report([r.folder for r in runs], "md")
        + "\nOutcomes per run and strategy:\n\n"
        + outcome_rows(runs, by_strategy=True)
        + "\n"
        + legend(runs)
    )


def _k(run: Run) -> str:
    return str(run.settings.get("k") or "all")


def table5(folders: list[Path]) -> str:
    """Seed 000 Table 5: per family the tasks and, per run (a setting), the faithful repairs; a summary
    row, the repair rate, and every other outcome as its own row."""
    runs = of_kind(folders, ("repair", "annotate"), "table5")
    cards = [summarize(r.results, r.settings.get("k")) for r in runs]
    fams = sorted({f for c in cards for f in c["families"]})
    n = len(runs)
    lines = [
        "| family | tasks | " + " | ".join(f"{i}" for i in range(1, n + 1)) + " |",
        "|---|---:|" + "---:|" * n,
    ]
    for fam in fams:
        tasks = max(c["families"].get(fam, {}).get("tasks", 0) for c in cards)
        cells = [str(c["families"][fam]["faithful"]) if fam in c["families"] else "-" for c in cards]
        lines.append(f"| {fam} | {tasks} | " + " | ".join(cells) + " |")
    tasks = sum(max(c["families"].get(fam, {}).get("tasks", 0) for c in cards) for fam in fams)
    lines.append(
        "| **summary** | " + str(tasks) + " | " + " | ".join(str(c["overall"]["faithful"]) for c in cards) + " |"
    )
    rates = [f"{c['overall'][f'correct@{_k(r)}_faithful']:.1f}" for r, c in zip(runs, cards, strict=True)]
    lines.append("| %repair (faithful) | | " + " | ".join(rates) + " |")
    head = (
        "Faithful repairs per family and run (seed 000 Table 5 shape; tasks: counted in the rates, "
        "not-faulty and infrastructure faults out)\n\n"
    )
    return head + "\n".join(lines) + "\n\nOutcomes per run:\n\n" + outcome_rows(runs) + "\n" + legend(runs)


def table7(folders: list[Path]) -> str:
    """Seed 000 Table 7: Correct@k (faithful, raw in brackets) per model and strategy; then every outcome
    as its own row per run."""
    runs = of_kind(folders, ("repair", "annotate"), "table7")

    def strategy(r: Run) -> str:
        return str(r.settings.get("strategy") or ",".join(r.strategies))

    rows = list(dict.fromkeys((str(r.settings.get("suite")), r.model) for r in runs))
    strategies = list(dict.fromkeys(strategy(r) for r in runs))
    cell: dict[tuple[str, str, str], str] = {}
    for r in runs:
        key = (str(r.settings.get("suite")), r.model, strategy(r))
        if key in cell:
            continue  # the first run of a suite, model and strategy fills the cell (all are in the outcome rows)
        o = summarize(r.results, r.settings.get("k"))["overall"]
        k = _k(r)
        cell[key] = f"{o[f'correct@{k}_faithful']:.1f} ({o[f'correct@{k}_raw']:.1f}) @{k}"
    lines = ["| suite | model | " + " | ".join(strategies) + " |", "|---|---|" + "---:|" * len(strategies)]
    lines += [f"| {su} | {m} | " + " | ".join(cell.get((su, m, st), "-") for st in strategies) + " |" for su, m in rows]
    head = "Correct@k per suite, model and strategy, faithful (raw) % (seed 000 Table 7 shape)\n\n"
    return head + "\n".join(lines) + "\n\nOutcomes per run:\n\n" + outcome_rows(runs) + "\n" + legend(runs)
