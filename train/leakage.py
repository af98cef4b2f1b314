"""The leakage check between the training examples and the held-out tasks (fails loudly).

Nothing of a held-out task may reach training: not its id, not its specification (normalized spec
hash), not its ground truth (reference hash), and not its reference text anywhere in a training prompt
or target (normalized: comments stripped, whitespace collapsed; bodies shorter than ``min_chars`` are
too generic to search for and are counted as unchecked).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from fmrepair.task import Task
from fmrepair.train.data import reference_hash, spec_hash

_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*|--[^\n]*", re.S)


class LeakageError(RuntimeError):
    """Held-out material appears on the training side."""


def norm(text: str) -> str:
    return " ".join(_COMMENTS.sub(" ", text).split())


def reference_texts(task: Task) -> list[str]:
    """The ground-truth texts of a task: the reference body (Alloy4Fun's hidden xxx_OK body) and the
    full reference specification."""
    out = [task.meta.get("hidden_reference_body") or "", task.reference or ""]
    return [t for t in out if t.strip()]


def example_text(ex: dict[str, Any]) -> str:
    return "\n".join(m["content"] for m in [*ex["prompt"], *ex["completion"]])


def check(train: list[dict[str, Any]], heldout: Iterable[Task], min_chars: int = 16, limit: int = 5) -> dict[str, Any]:
    """Raise LeakageError listing every kind of overlap found; return a report when there is none."""
    held = list(heldout)
    problems: list[str] = []

    held_ids = {(t.suite, t.id) for t in held}
    ids = sorted({(e["suite"], e["task_id"]) for e in train} & held_ids)
    if ids:
        problems.append(f"{len(ids)} task id(s) on both sides: {', '.join(i for _, i in ids[:limit])}")

    held_specs = {spec_hash(t.visible): t.id for t in held}
    specs = sorted({e["spec_hash"] for e in train} & set(held_specs))
    if specs:
        shown = ", ".join(f"{h[:10]} (held-out {held_specs[h]})" for h in specs[:limit])
        problems.append(f"{len(specs)} spec hash(es) on both sides: {shown}")

    held_refs = {h: t.id for t in held if (h := reference_hash(t))}
    refs = sorted({e["reference_hash"] for e in train if e["reference_hash"]} & set(held_refs))
    if refs:
        shown = ", ".join(f"{h[:10]} (held-out {held_refs[h]})" for h in refs[:limit])
        problems.append(f"{len(refs)} reference hash(es) on both sides: {shown}")

    bodies: dict[str, str] = {}
    unchecked = 0
    for t in held:
        for text in reference_texts(t):
            n = norm(text)
            if len(n) >= min_chars:
                bodies.setdefault(n, t.id)
            else:
                unchecked += 1
    texts = [(e["task_id"], norm(example_text(e))) for e in train]
    hits = [(bodies[b], ex_id) for b in bodies for ex_id, txt in texts if b in txt]
    if hits:
        shown = ", ".join(f"{h} in example of {e}" for h, e in hits[:limit])
        problems.append(f"{len(hits)} held-out reference text(s) inside training examples: {shown}")

    if problems:
        raise LeakageError("leakage between train and held-out:\n- " + "\n- ".join(problems))
    return {
        "ok": True,
        "checked": ["task id", "spec hash", "reference hash", f"reference text (>= {min_chars} chars, normalized)"],
        "train_examples": len(train),
        "heldout_tasks": len(held),
        "reference_texts_searched": len(bodies),
        "reference_texts_too_short": unchecked,
    }
