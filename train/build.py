"""`fmrepair train build-data`: collect -> split -> dedupe -> leakage check -> save (datasets JSONL) + card."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from fmrepair.train import leakage, splits
from fmrepair.train.card import write_card
from fmrepair.train.config import BuildDataConfig, as_dict
from fmrepair.train.data import collect, dedupe

TRAIN_FILE, HELDOUT_FILE, CARD_FILE, IDS_FILE = "train.jsonl", "heldout.jsonl", "card.json", "heldout_ids.json"


def save_jsonl(rows: list[dict[str, Any]], path: Path) -> None:
    """Write rows with `datasets` (JSON lines); an empty split is an empty file."""
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    if not rows:
        path.write_text("", encoding="utf-8")
        return
    from datasets import Dataset

    Dataset.from_list(rows).to_json(str(path), lines=True, force_ascii=False)


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_data(cfg: BuildDataConfig) -> dict[str, Any]:
    """Build the data folder; raises DataError, SplitError or LeakageError (nothing is written then)."""
    got = collect(
        cfg.runs,
        include_search=cfg.include_search,
        require_equivalent=cfg.require_equivalent,
        prompt_view=cfg.prompt_view,
    )
    side = splits.assign(
        got.tasks,
        cfg.split,
        cutoff=cfg.cutoff,
        holdout=cfg.holdout,
        seed=cfg.seed,
        fraction=cfg.heldout_fraction,
        group_by=cfg.group_by,
    )
    examples, dropped = dedupe(got.examples)
    train = [e for e in examples if side.get((e["suite"], e["task_id"])) == splits.TRAIN]
    held_examples = [e for e in examples if side.get((e["suite"], e["task_id"])) == splits.HELDOUT]
    held_tasks = [t for k, t in sorted(got.tasks.items()) if side[k] == splits.HELDOUT]
    report = leakage.check(train, held_tasks, cfg.min_reference_chars)  # raises before anything is written

    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    save_jsonl(train, out / TRAIN_FILE)
    save_jsonl(held_examples, out / HELDOUT_FILE)
    heldout_ids: dict[str, list[str]] = {}
    for t in held_tasks:
        heldout_ids.setdefault(t.suite, []).append(t.id)
    (out / IDS_FILE).write_text(json.dumps(heldout_ids, indent=1), encoding="utf-8")
    card = {
        "config": as_dict(cfg),
        "split_rule": splits.describe(
            cfg.split,
            cutoff=cfg.cutoff,
            holdout=cfg.holdout,
            seed=cfg.seed,
            fraction=cfg.heldout_fraction,
            group_by=cfg.group_by,
        ),
        "sources": [vars(r) for r in got.runs],
        "counts": {
            "examples_collected": len(got.examples),
            "duplicates_dropped": dropped,
            "train_examples": len(train),
            "heldout_examples": len(held_examples),
            "train_tasks": sum(1 for v in side.values() if v == splits.TRAIN),
            "heldout_tasks": len(held_tasks),
            "skipped": dict(got.skipped),
            "by_provenance": _count(train, "provenance"),
            "by_family": _count(train, "family"),
            "heldout_by_family": _count([{"family": str(t.meta.get("family", ""))} for t in held_tasks], "family"),
        },
        "leakage": report,
        "files": {
            TRAIN_FILE: sha256_file(out / TRAIN_FILE),
            HELDOUT_FILE: sha256_file(out / HELDOUT_FILE),
            IDS_FILE: "held-out task ids per suite (all non-duplicate suite tasks on the held-out side)",
        },
        "format": {
            "prompt": "chat messages exactly as the agent sent them (search-synthesized: the first-turn prompt)",
            "completion": "one assistant message: the raw tool call of the accepted attempt",
        },
    }
    write_card(out, card)
    return card


def _count(rows: list[dict[str, Any]], key: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        out[str(r[key])] = out.get(str(r[key]), 0) + 1
    return dict(sorted(out.items()))


def data_folder(spec: str) -> Path:
    """``DATA:heldout`` (or ``DATA``) -> the build-data folder DATA."""
    folder, _, which = spec.rpartition(":")
    return Path(folder if folder and which == "heldout" else spec)


def heldout_ids(spec: str, suite: str) -> list[str]:
    """``DATA:heldout`` -> the held-out ids of ``suite`` in that build-data folder."""
    folder = data_folder(spec)
    path = folder / IDS_FILE
    if not path.is_file():
        raise FileNotFoundError(f"{path}: not a build-data folder (no {IDS_FILE})")
    ids = json.loads(path.read_text(encoding="utf-8"))
    if suite not in ids:
        raise KeyError(f"{folder} holds no held-out tasks of suite {suite!r} (it has {', '.join(ids) or 'none'})")
    return list(ids[suite])
