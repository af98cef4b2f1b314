"""Learned guidance for the mutation search (issue 18.4): a ranker scores a candidate edit from its
description, and the search checks a level's candidates in order of localization plus that score.

The features come from the mutation description only (``Mutation.desc``, joined with ``"; "`` for
several edits), which is exactly what a run logs as an attempt's ``raw``: the training data
(``fmrepair.train.ranker_data``) and the search compute them with the same function, so what is
learned from run logs is what is applied at search time. A ranker file is JSON
(``fmrepair.train.ranker`` writes it); ``load_ranker`` reads it by ``kind`` from ``RANKERS``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, Field

from fmrepair.registry import LazyRegistry

# (no library-name feature: library names collide with the model's own names, e.g. graphs' pred
# `complete`, and the development split opens no library module, so nothing could be learned for them)
TEMPORAL_WORDS = frozenset(["always", "eventually", "after", "historically", "once", "before", "until", "releases"])
QUANT_WORDS = frozenset(["all", "some", "no", "lone", "one"])
_BACKTICK = re.compile(r"`([^`]*)`")
_TOKEN = re.compile(r"[A-Za-z_][\w'/]*|\S")


class Ranker(Protocol):
    """Scores one candidate (a tuple of mutations) by its description; higher is checked earlier."""

    def score(self, desc: str) -> float: ...


def split_edits(desc: str) -> list[str]:
    """The edits of a description (``"a; b"`` is two; ``"a; then b"`` is one chained edit), split on
    ``"; "`` outside backquotes."""
    parts, cur, quoted = [], [], False
    i = 0
    while i < len(desc):
        c = desc[i]
        if c == "`":
            quoted = not quoted
        if not quoted and desc.startswith("; ", i) and not desc.startswith("; then ", i):
            parts.append("".join(cur))
            cur = []
            i += 2
            continue
        cur.append(c)
        i += 1
    parts.append("".join(cur))
    return [p for p in parts if p.strip()]


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _size(n: int) -> str:
    return "0" if n <= 0 else "1" if n == 1 else "2-3" if n <= 3 else "4-7" if n <= 7 else "8+"


def features(desc: str) -> dict[str, float]:
    """Sparse features of a candidate from its mutation description (names -> values)."""
    f: dict[str, float] = {"bias": 1.0}
    edits = split_edits(desc)
    f[f"edits={min(len(edits), 3)}"] = 1.0
    for edit in edits:
        steps = edit.split("; then ")
        if len(steps) > 1:
            f["chained"] = 1.0
        ops = [s.split(":", 1)[0].strip() for s in steps]
        for op in ops:
            f[f"op={op}"] = f.get(f"op={op}", 0.0) + 1.0
        if len(ops) > 1:
            f[f"chain={ops[0]}>{ops[-1]}"] = 1.0
        quoted = _BACKTICK.findall(edit)
        old, new = (quoted[0], quoted[-1]) if len(quoted) >= 2 else ("", quoted[0] if quoted else "")
        to, tn = _tokens(old), _tokens(new)
        f[f"old_size={_size(len(to))}"] = f.get(f"old_size={_size(len(to))}", 0.0) + 1.0
        f[f"new_size={_size(len(tn))}"] = f.get(f"new_size={_size(len(tn))}", 0.0) + 1.0
        delta = len(tn) - len(to)
        f["grow" if delta > 0 else "shrink" if delta < 0 else "same_size"] = 1.0
        f["log_new_tokens"] = f.get("log_new_tokens", 0.0) + math.log1p(len(tn))
        if len(to) == 1:
            f["old_leaf"] = 1.0
        new_words, old_words = set(tn), set(to)
        for name, words in (("temporal", TEMPORAL_WORDS), ("quant", QUANT_WORDS)):
            if new_words & words:
                f[f"new_{name}"] = 1.0
            if (new_words - old_words) & words:
                f[f"adds_{name}"] = 1.0
        for sym, name in (("^", "closure"), ("*", "rclosure"), ("~", "transpose"), ("'", "prime")):
            if new.count(sym) > old.count(sym):
                f[f"adds_{name}"] = 1.0
            elif new.count(sym) < old.count(sym):
                f[f"drops_{name}"] = 1.0
    return f


class LinearRankerFile(BaseModel):
    """A saved linear ranker: score = bias + sum of weight x feature (a logistic regression's logit)."""

    kind: str = "logistic"
    features: list[str] = Field(description="feature names, in weight order")
    weights: list[float]
    loc_weight: float = Field(
        1.0, description="order key = localization score(s) of the edited nodes + loc_weight x probability"
    )
    data_sha256: str = Field("", description="SHA-256 of the training rows")
    runs: list[dict[str, Any]] = Field(default_factory=list, description="run folders it was trained on")
    metrics: dict[str, Any] = Field(default_factory=dict)


class LinearRanker:
    def __init__(self, spec: LinearRankerFile) -> None:
        self.spec = spec
        self.w = dict(zip(spec.features, spec.weights, strict=True))
        self.loc_weight = spec.loc_weight

    def logit(self, desc: str) -> float:
        return sum(self.w.get(k, 0.0) * v for k, v in features(desc).items())

    def score(self, desc: str) -> float:
        z = self.logit(desc)
        return 1.0 / (1.0 + math.exp(-z)) if z > -50 else 0.0


RANKERS: LazyRegistry[type[LinearRanker]] = LazyRegistry(
    "ranker", {"logistic": "fmrepair.agents.mutation.rank:LinearRanker"}
)


@lru_cache(maxsize=8)
def _load(path: str) -> Ranker:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    spec = LinearRankerFile.model_validate(data)
    return RANKERS.load(spec.kind)(spec)


def load_ranker(path: str | None) -> Ranker | None:
    """The ranker saved at ``path`` (None: no ranker, the search keeps its own order)."""
    return _load(str(Path(path).resolve())) if path else None


def order(ranker: Ranker, combos: Sequence[tuple[Any, ...]], loc: dict[int, float]) -> list[tuple[Any, ...]]:
    """``combos`` (tuples of mutations) by localization score of their nodes plus the ranker's weighted
    score, highest first; ties keep the given order (a stable sort)."""
    weight = getattr(ranker, "loc_weight", 1.0)

    def key(ms: tuple[Any, ...]) -> float:
        base = sum(loc.get(m.target.id, 0.0) for m in ms)
        return -(base + weight * ranker.score("; ".join(m.desc for m in ms)))

    return sorted(combos, key=key)
