"""One logits processor for a padded batch whose rows are independent requests.

Outlines 1.3 batches only prompts that share one output type and one set of sampling arguments
(``Generator.batch``; its llguidance processor keeps one matcher per row, but all of one grammar), and
seeds only the global torch RNG. Concurrent task workers send different schemas, temperatures, token
budgets and seeds, so each row here carries its own:

- a JSON-schema constraint: one matcher per row from the run's constraint engine
  (serving/constraints.py: llguidance, xgrammar or outlines-core), its token mask applied to that row only;
- a token budget: once a row has ``max_new_tokens`` tokens it is forced to end (the caller cuts it at
  its budget, so its text and finish reason are what an unbatched call gives);
- sampling: greedy rows are left to ``generate``'s argmax; sampled rows are drawn here with their own
  ``torch.Generator`` (seeded from the request), so a seeded request draws the same tokens whatever
  else shares its batch.

``generate`` must run with ``do_sample=False``: this processor picks sampled tokens itself by leaving
only the drawn token finite.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any


@dataclass
class RowSpec:
    """What one row of a batch asks for."""

    grammar: Any  # the constraint engine's compiled grammar (serving/constraints.py), or None
    max_new_tokens: int
    temperature: float = 0.0
    top_p: float = 1.0
    seed: int | None = None
    top_k: int = -1  # -1: off
    min_p: float = 0.0  # 0: off
    repetition_penalty: float = 1.0  # 1: none; over the row's prompt and output tokens, as vLLM applies it
    start: int = 0  # where the row's prompt begins in the left-padded batch (pads are not penalized)


COMPACT_JSON = {"whitespace_flexible": False, "key_separator": ": ", "item_separator": ", "}


def json_schema_grammar(schema: dict[str, Any]) -> str:
    """The llguidance grammar for ``schema``, emitting compact JSON (no free whitespace).

    llguidance builds token masks lazily, so compiling a schema costs little whatever the
    ``maxLength`` of its strings (outlines-core's DFA took 196 s and 6.4 GB for one maxLength-1500
    field here), and compact JSON saves tokens."""
    import json

    import llguidance

    compact = {**schema, "x-guidance": {**COMPACT_JSON, **schema.get("x-guidance", {})}}
    return llguidance.LLMatcher.grammar_from_json_schema(json.dumps(compact))


def row_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th sample of a request seeded with ``seed``."""
    return (seed * 1_000_003 + index) % (2**63 - 1)


class RowLogitsProcessor:
    """A ``transformers`` logits processor over a batch of independent rows (see the module doc).
    ``engine`` (serving/constraints.py) constrains the rows that have a compiled grammar."""

    def __init__(self, rows: list[RowSpec], engine: Any, eos_ids: set[int], stop_id: int) -> None:
        self.rows = rows
        self.engine = engine
        self.eos_ids = eos_ids
        self.stop_id = stop_id  # the token forced on a row that has spent its budget
        self.step = 0
        self.done = [False] * len(rows)
        self.matchers: list[Any] = [None] * len(rows)
        self._generators: list[Any] = [None] * len(rows)
        if any(r.grammar is not None for r in rows):
            for i, row in enumerate(rows):
                if row.grammar is not None:
                    self.matchers[i] = engine.matcher(row.grammar)
            self._bitmask = engine.allocate(len(rows))

    @property
    def grammar_errors(self) -> list[str | None]:
        return [m.error() if m is not None else None for m in self.matchers]

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        if self.step > 0:
            self._advance(input_ids[:, -1].tolist())
        self.step += 1
        self._constrain(scores)
        self._penalize(input_ids, scores)
        self._sample(scores)
        self._force_stop(scores)
        return scores

    # -- per step --------------------------------------------------------------------------------
    def _advance(self, last: list[int]) -> None:
        """Feed each live row's last token to its matcher; retire rows that ended or spent their budget."""
        for i, token in enumerate(last):
            if self.done[i]:
                continue
            if token in self.eos_ids:
                self.done[i] = True
                continue
            matcher = self.matchers[i]
            if matcher is not None:
                matcher.consume(token)
        for i, row in enumerate(self.rows):
            if not self.done[i] and self.step >= row.max_new_tokens:
                self.done[i] = True

    def _constrain(self, scores: Any) -> None:
        live = [
            (m, i)
            for i, m in enumerate(self.matchers)
            if m is not None and not self.done[i] and m.error() is None
        ]
        if not live:
            return
        import torch

        self.engine.fill(self._bitmask, live)
        index = torch.tensor([i for _, i in live], device=scores.device)
        words = self._bitmask.to(scores.device)[index]  # (live, ceil(vocab / 32)) int32
        shifts = torch.arange(32, device=scores.device, dtype=torch.int32)
        allowed = ((words.unsqueeze(-1) >> shifts) & 1).bool().reshape(len(live), -1)
        width = scores.shape[1]
        if allowed.shape[1] >= width:
            allowed = allowed[:, :width]
        else:  # the model's embedding is wider than the tokenizer: those ids are never allowed
            pad = torch.zeros(len(live), width - allowed.shape[1], dtype=torch.bool, device=scores.device)
            allowed = torch.cat([allowed, pad], dim=1)
        sub = scores[index]
        scores[index] = sub.masked_fill(~allowed, float("-inf"))

    def _penalize(self, input_ids: Any, scores: Any) -> None:
        """vLLM's repetition penalty: the logit of every token already in the row's prompt or output is
        divided by the penalty where positive and multiplied by it where negative."""
        for i, row in enumerate(self.rows):
            if self.done[i] or row.repetition_penalty == 1.0:
                continue
            seen = input_ids[i, row.start :].unique()
            picked = scores[i, seen]
            penalty = row.repetition_penalty
            scores[i, seen] = picked.where(picked < 0, picked / penalty).where(picked >= 0, picked * penalty)

    def _sample(self, scores: Any) -> None:
        import torch

        for i, row in enumerate(self.rows):
            if self.done[i] or row.temperature <= 0:
                continue
            if self._generators[i] is None:
                seed = row.seed if row.seed is not None else secrets.randbits(62)
                self._generators[i] = torch.Generator(device=scores.device).manual_seed(seed)
            logits = scores[i].float() / row.temperature
            if row.top_k > 0:  # top-k, then top-p, then min-p, in vLLM's order
                kth = torch.topk(logits, min(row.top_k, logits.shape[-1])).values[-1]
                logits = logits.masked_fill(logits < kth, float("-inf"))
            probs = torch.softmax(logits, dim=-1)
            if row.top_p < 1.0:
                ordered, order = torch.sort(probs, descending=True)
                keep = torch.cumsum(ordered, dim=-1) - ordered < row.top_p  # always keeps the first
                ordered = ordered * keep
                probs = torch.zeros_like(probs).scatter_(0, order, ordered)
            if row.min_p > 0.0:
                probs = probs.masked_fill(probs < row.min_p * probs.max(), 0.0)
            token = torch.multinomial(probs, 1, generator=self._generators[i])
            scores[i] = float("-inf")
            scores[i, token] = 0.0

    def _force_stop(self, scores: Any) -> None:
        for i in range(len(self.rows)):
            if self.done[i]:
                scores[i] = float("-inf")
                scores[i, self.stop_id] = 0.0
