"""Bounded mutation search: single mutants, then pairs, then triples of the best-ranked ones.

Every candidate the search proposes is checked by the real analyzer through the session's Evaluator
(visible commands + hidden oracle, faithfulness gate); the only signals back are the masked verdict and
its counterexamples. Counterexamples become observations that prune later candidates in Python before
they cost a check; candidates are deduplicated on normalized text; checks run in parallel threads.
"""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from fmrepair.runlog import AttemptRecord
from fmrepair.verifiers.alloy_text import canonical, split_paragraphs

from ..evaluate import Evaluation, count_commands
from ..session import LimitsExceeded, Repaired, RepairSession
from .ast import AstClient, Model, Node, ParseError
from .instance import Instance, Unknown, facts_hold, holds, parse_witness
from .localize import core_spans, score_nodes
from .operators import Context, Mutation, mutations, render, scopes

DEFAULT_CANDIDATES = 2000
PAIR_POOL = 300
TRIPLE_POOL = 60


Item = tuple[str, str, dict[int, Node], int]  # text, description, overrides, predicted violation (1-based)


class RoundDone(Exception):  # noqa: N818 - control flow: this round's share of the budget is spent
    pass


@dataclass
class Observation:
    inst: Instance
    kind: str  # "flip": the editable pred must take value `want`; "check": facts and not assertion
    name: str
    want: bool = False


@dataclass
class Found:
    """What the search learned (fed to the next prompt by the hybrid strategy)."""

    checked: int = 0
    pruned: int = 0
    best: tuple[float, str, str] | None = None  # (weight, description, candidate)
    locations: list[str] = field(default_factory=list)
    witness: str | None = None
    audited: int = 0  # pruning off: candidates checked although predicted to fail
    unsound: int = 0  # ... of which the analyzer said the predicted-failing command is met
    mistrust: list[str] = field(default_factory=list)  # why pruning was switched off


class MutationSearch:
    def __init__(self, session: RepairSession, client: AstClient, strategy: str, workers: int = 1) -> None:
        self.session = session
        self.client = client
        self.strategy = strategy
        self.workers = max(1, workers)
        self.seen: set[str] = set()
        self.obs: list[Observation] = []
        self.trust = True  # cleared when the Python evaluator disagrees with the analyzer
        self.found = Found()
        b = session.config.budget
        self.max_candidates = b.candidates or DEFAULT_CANDIDATES
        self.deadline = session.started + b.wall_seconds if b.wall_seconds else None
        self.chain = 0
        self.round_cap: int | None = None
        # FMREPAIR_MUTATION_PRUNE=0: check every candidate (the predictions are still audited)
        self.prune = os.environ.get("FMREPAIR_MUTATION_PRUNE", "1") != "0"
        self.audit_path = os.environ.get("FMREPAIR_MUTATION_AUDIT")

    # -- setup -----------------------------------------------------------------------------------
    def prepare(self, source: str) -> tuple[Model, Context, list[tuple[Node, dict[str, str]]]]:
        model = self.client.parse(source)
        ctx = Context(source, model)
        editable = set(self.session.editable) or {p.key for p in split_paragraphs(source) if p.kind in ("fact", "pred")}
        frozen = {f.name for f in self.session.task.frozen}
        bodies = [
            (p.body_start, p.body_end)
            for p in split_paragraphs(source)
            if p.key in editable and p.key not in frozen and p.body_start is not None
        ]
        roots: list[tuple[Node, dict[str, str]]] = []
        for f in model.funcs.values():
            params = {v.name: v.ty for v in f.body.walk() if v.k == "ExprVar" and v.name in f.params}
            roots.append((f.body, params))
        roots += [(b, {"this": ""}) for name, b in model.facts]
        targets = [
            (n, env)
            for root, params in roots
            for n, env in scopes(root, params)
            if n.s >= 0 and any(a is not None and b is not None and a <= n.s and n.e <= b for a, b in bodies)
        ]
        return model, ctx, targets

    def editable_pred(self, model: Model) -> str | None:
        preds = [k.split(" ", 1)[1] for k in self.session.editable if k.startswith("pred ")]
        if len(preds) == 1 and len(self.session.editable) == 1:
            f = model.funcs.get(preds[0])
            if f is not None and not f.params:
                return preds[0]
        return None

    # -- observations ------------------------------------------------------------------------------
    def exact(self, text: str, model: Model, over: dict[int, Node]) -> Model | None:
        """The checked candidate's own tree, re-parsed from the text the analyzer checked (audit mode
        only: ~0.1 s a parse, as much as a check). Otherwise the override tree stands for the text, which
        `render` parenthesizes so that both parse alike."""
        pred = self.editable_pred(model)
        if not over or not self.audit_path or pred is None:
            return None
        try:
            funcs = self.client.parse_funcs(text, [pred])
        except (ParseError, TimeoutError, RuntimeError):
            return None
        return Model({**model.funcs, **funcs}, model.facts, model.asserts, model.sigs, model.commands)

    def value(self, model: Model, over: dict[int, Node], text: str, inst: Instance, pred: str) -> bool:
        """The checked candidate's value on ``inst``; in audit mode cross-checked against its re-parse."""
        v = holds(model, inst, model.funcs[pred].body, over)
        m2 = self.exact(text, model, over)
        if m2 is not None:
            try:
                v2 = holds(m2, inst, m2.funcs[pred].body)
            except (Unknown, RecursionError, ValueError, KeyError, TypeError, IndexError):
                return v
            if v2 != v:
                self.mistrust(f"override tree and re-parse disagree: {text[-300:]}")
                return v2
        return v

    def learn(self, ev: Evaluation, model: Model, over: dict[int, Node], text: str) -> None:
        pred = self.editable_pred(model)
        for c in ev.verdict.commands:
            hidden = c.label.startswith("hidden_property_")
            if c.met and hidden and pred is not None and any(o.kind == "flip" for o in self.obs):
                # the analyzer says this candidate agrees with the reference: so must our evaluator
                if any(self.violates(o, model, over) for o in self.obs if o.kind == "flip"):
                    self.mistrust("a candidate the hidden check accepts violates a flip observation")
                continue
            if c.met or c.outcome != "counterexample" or not c.witness:
                continue
            self.found.witness = c.witness
            inst = parse_witness(c.witness, model)
            if inst is None:
                continue
            try:
                if hidden:
                    if pred is not None:
                        self.obs.append(Observation(inst, "flip", pred, not self.value(model, over, text, inst, pred)))
                elif c.label in model.asserts:
                    o = Observation(inst, "check", c.label)
                    if self.violates(o, model, over) is False:
                        self.mistrust(f"the evaluator finds no counterexample to {c.label}")
                    self.obs.append(o)
            except (Unknown, RecursionError, ValueError, KeyError, TypeError, IndexError):
                continue

    def mistrust(self, why: str) -> None:
        """The Python evaluator disagreed with the analyzer: stop pruning for this task."""
        self.trust = False
        self.found.mistrust.append(why)
        if self.audit_path:
            with open(self.audit_path, "a", encoding="utf-8") as f:
                f.write(json.dumps({"task": self.session.task.id, "mistrust": why}) + "\n")

    def violates(self, o: Observation, model: Model, over: dict[int, Node]) -> bool | None:
        try:
            if o.kind == "flip":
                return holds(model, o.inst, model.funcs[o.name].body, over) != o.want
            return facts_hold(model, o.inst, over) and not holds(model, o.inst, model.asserts[o.name], over)
        except (Unknown, RecursionError, ValueError, KeyError, TypeError, IndexError):
            return None

    def fixed_count(self, model: Model, over: dict[int, Node], start: int = 0) -> tuple[int, int]:
        """(1 + index of the first violated observation or 0, observations unknown) from ``start``."""
        unknown = 0
        for i, o in enumerate(self.obs[start:], start):
            v = self.violates(o, model, over)
            if v is None:
                unknown += 1
            elif v:
                return i + 1, unknown
        return 0, unknown

    def audit(self, desc: str, predicted: int, ev: Evaluation) -> None:
        """A candidate predicted to violate observation ``predicted - 1`` was checked anyway (pruning
        off): if the analyzer says the command behind that observation is met, pruning is unsound."""
        o = self.obs[predicted - 1]
        if o.kind == "flip":
            cmds = [c for c in ev.verdict.commands if c.label.startswith("hidden_property_")]
        else:
            cmds = [c for c in ev.verdict.commands if c.label == o.name]
        wrong = bool(cmds) and all(c.met for c in cmds)
        self.found.audited += 1
        self.found.unsound += wrong
        if self.audit_path:
            line = {"task": self.session.task.id, "desc": desc, "obs": o.kind, "unsound": wrong}
            with open(self.audit_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")

    # -- checking --------------------------------------------------------------------------------
    def apply(self, source: str, ms: tuple[Mutation, ...], ctx: Context) -> str:
        """Span replacements; new text is parenthesized unless atomic, so that it parses as the node it
        stands for whatever the operators around it (`p implies q and r` with `q or r` for `q and r`)."""
        out = source
        for m in sorted(ms, key=lambda m: -m.target.s):
            out = out[: m.target.s] + render(m.new, ctx) + out[m.target.e :]
        return out

    def check_budget(self) -> None:
        """Wall time, verifier calls and candidates (not model answers: search spends none)."""
        b = self.session.config.budget
        if self.out_of_time():
            raise LimitsExceeded(f"wall-time budget spent ({b.wall_seconds:g} s)")
        if b.verifier_calls is not None and self.session.evaluator.calls >= b.verifier_calls:
            raise LimitsExceeded(f"verifier-call budget spent ({self.session.evaluator.calls})")
        if self.found.checked >= self.max_candidates:
            raise LimitsExceeded(f"candidate budget spent ({self.found.checked})")
        if self.round_cap is not None and self.found.checked >= self.round_cap:
            raise RoundDone()

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def verify(self, batch: list[Item], model: Model) -> None:
        """Check candidates (text, description, overrides, prediction) in parallel; raise Repaired on success."""
        self.check_budget()
        caps = [self.max_candidates] + ([self.round_cap] if self.round_cap is not None else [])
        batch = batch[: max(1, min(caps) - self.found.checked)]
        t0 = time.monotonic()
        if self.workers > 1 and len(batch) > 1:
            with ThreadPoolExecutor(self.workers) as pool:
                evals = list(pool.map(lambda b: self.session.evaluator.evaluate(b[0]), batch))
        else:
            evals = [self.session.evaluator.evaluate(b[0]) for b in batch]
        per = (time.monotonic() - t0) / max(1, len(batch))
        winner: tuple[str, AttemptRecord] | None = None
        for (text, desc, over, predicted), ev in zip(batch, evals, strict=True):
            self.found.checked += 1
            if predicted:
                self.audit(desc, predicted, ev)
            rec = AttemptRecord(
                task_id=self.session.task.id,
                strategy=self.strategy,
                chain=self.chain,
                iteration=self.found.checked,
                role="search",
                model="search",
                messages=[],
                raw=desc,
                candidate=text,
                verdict=ev.verdict.model_dump(exclude={"raw"}),
                gate=ev.gate,
                raw_ok=ev.raw,
                faithful=ev.faithful,
                seconds=per,
            )
            if ev.raw and not ev.faithful:
                self.session.unfaithful_rejected += 1
            self.session.record(rec)
            if ev.faithful and winner is None:
                winner = (text, rec)
            if self.found.best is None or ev.weight < self.found.best[0]:
                self.found.best = (ev.weight, desc, text)
            self.learn(ev, model, over, text)
        if winner is not None:
            raise Repaired(*winner)

    def evaluate_base(self, source: str) -> Evaluation:
        self.check_budget()
        ev = self.session.evaluator.evaluate(source)
        self.found.checked += 1
        rec = AttemptRecord(
            task_id=self.session.task.id,
            strategy=self.strategy,
            chain=self.chain,
            iteration=self.found.checked,
            role="search",
            model="search",
            messages=[],
            raw="starting point",
            candidate=source,
            verdict=ev.verdict.model_dump(exclude={"raw"}),
            gate=ev.gate,
            raw_ok=ev.raw,
            faithful=ev.faithful,
        )
        self.session.record(rec)
        if ev.faithful and source != self.session.task.visible:
            raise Repaired(source, rec)
        return ev

    # -- the search --------------------------------------------------------------------------------
    def run(self, source: str, depth: int = 3, hints: list[tuple[int, int]] | None = None) -> Found:
        """Search around ``source``; raises Repaired / LimitsExceeded, or returns what it learned."""
        model, ctx, targets = self.prepare(source)
        base = self.evaluate_base(source)
        self.learn(base, model, {}, source)
        core = core_spans(self.client, source, base.verdict, count_commands(source)) if not base.raw else []
        self.seen.add(canonical(source))
        singles = [m for n, env in targets for m in mutations(n, ctx, env)]
        envs = {n.id: env for n, env in targets}
        fixes: dict[int, float] = {}
        if self.obs:
            for m in singles:
                ok = sum(self.violates(o, model, {m.target.id: m.new}) is False for o in self.obs)
                fixes[m.target.id] = max(fixes.get(m.target.id, 0.0), ok / len(self.obs))
        scores = score_nodes([n for n, _ in targets], core, hints or [], fixes)
        singles.sort(key=lambda m: -scores.get(m.target.id, 0.0))
        from .localize import describe

        self.found.locations = describe([n for n, _ in targets], scores, source)
        self._level([(m,) for m in singles], source, ctx, model)
        pool = singles[:PAIR_POOL]
        if depth >= 2:  # second order at one node (mutate the mutant), then pairs at disjoint nodes
            chained = [
                (Mutation(m.target, m2.new, f"{m.desc}; then {m2.desc}", m2.operator),)
                for m in pool
                for m2 in mutations(m.new, ctx, envs.get(m.target.id, {}))
            ]
            self._level(chained, source, ctx, model)
            self._level(self._combos(pool, 2, scores), source, ctx, model)
        if depth >= 3:
            self._level(self._combos(singles[:TRIPLE_POOL], 3, scores), source, ctx, model)
        return self.found

    def _combos(self, pool: list[Mutation], r: int, scores: dict[int, float]) -> Iterator[tuple[Mutation, ...]]:
        combos = [
            c
            for c in itertools.combinations(pool, r)
            if all(a.target.e <= b.target.s or b.target.e <= a.target.s for a, b in itertools.combinations(c, 2))
        ]
        combos.sort(key=lambda c: -sum(scores.get(m.target.id, 0.0) for m in c))
        return iter(combos)

    def _level(
        self,
        combos: Iterator[tuple[Mutation, ...]] | list[tuple[Mutation, ...]],
        source: str,
        ctx: Context,
        model: Model,
    ) -> None:
        """Check every combination not pruned by the observations; known-consistent ones first."""
        deferred: list[Item] = []
        batch: list[Item] = []
        for i, ms in enumerate(combos):
            if i % 200 == 0 and self.out_of_time():
                raise LimitsExceeded("wall-time budget spent (search)")
            text = self.apply(source, ms, ctx)
            key = canonical(text)
            if key in self.seen:
                continue
            over = {m.target.id: m.new for m in ms}
            bad, unknown = self.fixed_count(model, over) if self.trust else (0, 0)
            if bad and self.prune:
                self.found.pruned += 1
                continue
            self.seen.add(key)
            item = (text, "; ".join(m.desc for m in ms), over, bad)
            if unknown and self.obs:
                deferred.append(item)
                continue
            batch.append(item)
            if len(batch) >= self.workers:
                self.verify(batch, model)
                batch = []
        if batch:
            self.verify(batch, model)
        for j in range(0, len(deferred), self.workers):
            self.verify(deferred[j : j + self.workers], model)
