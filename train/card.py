"""The data card of a build-data folder: card.json (everything) and README.md (the same, readable)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _table(counts: dict[str, int]) -> list[str]:
    if not counts:
        return ["(none)", ""]
    return ["| | count |", "|---|---:|", *[f"| {k} | {v} |" for k, v in counts.items()], ""]


def render(card: dict[str, Any]) -> str:
    c = card["counts"]
    lines = [
        "# Training data card",
        "",
        f"Split rule: {card['split_rule']}.",
        "",
        f"- examples collected: {c['examples_collected']}; duplicates dropped (normalized spec hash): "
        f"{c['duplicates_dropped']}",
        f"- train examples: {c['train_examples']} (from {c['train_tasks']} train-side tasks)",
        f"- held-out tasks: {c['heldout_tasks']}; examples of held-out tasks kept apart (never trained on): "
        f"{c['heldout_examples']}",
        "",
        "## Sources",
        "",
        "| run | suite | strategy | model | edit mode | tasks | faithful |",
        "|---|---|---|---|---|---:|---:|",
    ]
    for s in card["sources"]:
        lines.append(
            f"| {s['folder']} | {s['suite']} | {s['strategy']} | {s['model']} | {s['edit_mode']} | {s['tasks']} | "
            f"{s['faithful']} |"
        )
    lines += ["", "## Train examples by provenance", "", *_table(c["by_provenance"])]
    lines += ["## Train examples by family", "", *_table(c["by_family"])]
    lines += ["## Held-out tasks by family", "", *_table(c["heldout_by_family"])]
    lines += ["## Skipped repairs", "", *_table(c["skipped"])]
    leak = card["leakage"]
    lines += [
        "## Leakage check",
        "",
        f"Passed: {', '.join(leak['checked'])}; {leak['reference_texts_searched']} reference texts searched, "
        f"{leak['reference_texts_too_short']} too short to search.",
        "",
        "## Format",
        "",
        *[f"- {k}: {v}" for k, v in card["format"].items()],
        "",
    ]
    return "\n".join(lines)


def write_card(out: Path, card: dict[str, Any]) -> None:
    (out / "card.json").write_text(json.dumps(card, indent=2, default=str), encoding="utf-8")
    (out / "README.md").write_text(render(card), encoding="utf-8")


def read_card(folder: Path) -> dict[str, Any]:
    """The card.json of a build-data folder ({} when there is none)."""
    path = Path(folder) / "card.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
