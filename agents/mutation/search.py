"""Bounded mutation search: single mutants, then pairs, then triples of the best-ranked ones.

Every candidate the search proposes is checked by the real analyzer through the session's Evaluator
(visible commands + hidden oracle, faithfulness gate); the only signals back are the masked verdict and
its counterexamples. Counterexamples become observations that prune later candidates in Python before
they cost a check; candidates are deduplicated on normalized text; checks run in parallel threads.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from types import GeneratorType

from fmrepair.agents.config import (
    DEFAULT_SEARCH_CANDIDATES,
    DEFAULT_SEARCH_WALL_CAP_S,
    DEFAULT_SKETCH_EVALS,
    ILL_FORMED_PER_CANDIDATE,
    search_proposals,
)
from fmrepair.agents.evaluate import Evaluation, count_commands
from fmrepair.agents.mutation.examples import Examples
from fmrepair.agents.mutation.lift import lifted
from fmrepair.agents.mutation.localize import core_spans, score_nodes
from fmrepair.agents.mutation.nested import nested_pairs
from fmrepair.agents.mutation.observe import Found, Observation, Observer
from fmrepair.agents.mutation.operators import Context, Mutation, mutations, render, scopes
from fmrepair.agents.mutation.rank import load_ranker, order
from fmrepair.agents.mutation.sketch import Sketcher, label, rounds, sites
from fmrepair.agents.mutation.synth import MAX_FORMULA, TIMED, Grammar, grow, growable, under_temporal
from fmrepair.agents.session import LimitsExceeded, RepairSession
from fmrepair.runlog import AttemptRecord
from fmrepair.verifiers.alloy.implicit import frame_candidates
from fmrepair.verifiers.alloy.syntax import AstClient, Model, Node, sig_leaf
from fmrepair.verifiers.alloy.text import canonical, split_paragraphs
from fmrepair.verifiers.base import ILL_FORMED

DEFAULT_CANDIDATES = DEFAULT_SEARCH_CANDIDATES
PAIR_POOL = 300
TRIPLE_POOL = 60
SYNTH_SMALL = 5  # synthesized formulas up to this size come before pairs of mutations
SYNTH_TARGETS = 4  # boolean nodes per root whose replacement is synthesized
GROW_MAX = SYNTH_SMALL - 1  # largest synthesized operand of a grown temporal node (synth.grow)
SKETCH_ATOM = 5  # largest atomic formula in a guard learned by the sketch (sketch.py)
SKETCH_ROUNDS = 12  # rounds of guard learning per quantified formula (each: a few candidates)


Item = tuple[str, str, dict[int, Node], int]  # text, description, overrides, predicted violation (1-based)


def empty_body(body: Node, a: int, b: int) -> bool:
    """The paragraph whose text between braces is ``[a, b)`` has no formula: the parser gave it a ``true``
    that spans the braces (nothing inside them to mutate; synthesis fills the hole, ``prepare``)."""
    return body.k == "ExprConstant" and body.op == "TRUE" and body.s < a and b < body.e


def combos(pool: list[Mutation], r: int, scores: dict[int, float], ctx: Context) -> Iterator[tuple[Mutation, ...]]:
    """Combinations of ``r`` mutations at disjoint nodes, most suspicious first; for ``r = 2`` in a model that
    declares ``var``, also nested pairs (a mutation inside another one's node, agents/mutation/nested.py),
    ranked alike (disjoint pairs first among equal scores)."""
    ranked: list[tuple[float, tuple[Mutation, ...]]] = [
        (-sum(scores.get(m.target.id, 0.0) for m in c), c)
        for c in itertools.combinations(pool, r)
        if all(a.target.e <= b.target.s or b.target.e <= a.target.s for a, b in itertools.combinations(c, 2))
    ]
    if r == 2 and ctx.temporal:
        ranked += [
            (-scores.get(a.target.id, 0.0) - scores.get(b.target.id, 0.0), (both,))
            for both, a, b in nested_pairs(pool, ctx)
        ]
    ranked.sort(key=lambda x: x[0])  # stable
    return iter(c for _, c in ranked)


class RoundDone(Exception):  # noqa: N818 - control flow: this round's share of the budget is spent
    pass


class MutationSearch(Observer):
    def __init__(self, session: RepairSession, client: AstClient, strategy: str, workers: int = 1) -> None:
        self.session = session
        self.client = client
        self.strategy = strategy
        self.workers = max(1, workers)
        self.seen: set[str] = set()
        self.quick: set[tuple[str, tuple[tuple[int, int, str], ...]]] = set()  # replacements already met
        self.obs: list[Observation] = []
        self.trust = True  # cleared when the Python evaluator disagrees with the analyzer
        self.found = Found()
        b = session.config.budget
        self.max_candidates = b.candidates or DEFAULT_CANDIDATES
        self.max_proposals = search_proposals(b.proposals, False)  # static until run() parses the model
        self.max_sketch_evals = b.sketch_evals or DEFAULT_SKETCH_EVALS
        # a safety cap only: the counted candidate budget decides results (a cut-short task says wall_cap)
        self.wall_cap = b.wall_seconds or DEFAULT_SEARCH_WALL_CAP_S
        self.deadline = session.started + self.wall_cap
        self.chain = 0
        self.bodies: list[tuple[int, int]] = []  # editable paragraphs' text between braces (prepare)
        self.round_cap: int | None = None
        self.round_ill_cap: int | None = None  # hybrid: this round's share of the ill-formed allowance
        # typed run settings (RepairConfig); search_prune off: check every candidate, auditing each prediction
        self.prune = session.config.search_prune
        self.audit_path = session.config.search_audit
        self.synth = session.config.search_synth
        self.lift = session.config.search_lift
        self.classes = session.config.search_classes
        self.table: Examples | None = None  # the observed instances' values of synthesized nodes (examples.py)
        self.ranker = load_ranker(session.config.search_ranker)  # None: the order below, unchanged
        self.loc: dict[int, float] = {}  # localization score per node (the ranker adds to it)
        self.empty: set[int] = set()  # empty editable bodies: synthesis targets only (prepare)

    # -- setup -----------------------------------------------------------------------------------
    def prepare(self, source: str) -> tuple[Model, Context, list[tuple[Node, dict[str, str]]]]:
        model = self.client.parse(source)
        ctx = Context(source, model)
        paras = split_paragraphs(source)
        editable = set(self.session.editable) or {p.key for p in paras if p.kind in ("fact", "pred")}
        frozen = {f.name for f in self.session.task.frozen}
        self.bodies = [
            (p.body_start, p.body_end)
            for p in paras
            if p.key in editable and p.key not in frozen and p.body_start is not None and p.body_end is not None
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
            if n.s >= 0 and any(a <= n.s and n.e <= b for a, b in self.bodies)
        ]
        self.empty = set()
        # the only editable body, a parameterless pred with nothing in its braces (a submission left empty;
        # a param's type is in no node of an empty body; among several editable paragraphs an empty pred
        # is a model's `pred show {}`): one synthesis target, the whole hole
        if len(self.bodies) == 1:
            a, b = self.bodies[0]
            for f in model.funcs.values():
                if not f.params and empty_body(f.body, a, b):
                    hole = replace(f.body, s=a, e=b, id=f.body.id)  # the evaluator overrides it by id
                    self.empty.add(hole.id)
                    targets.append((hole, {}))
        return model, ctx, targets

    # -- checking --------------------------------------------------------------------------------
    def apply(self, source: str, ms: tuple[Mutation, ...], ctx: Context) -> str:
        """Span replacements; new text is parenthesized unless atomic, so that it parses as the node it
        stands for whatever the operators around it (`p implies q and r` with `q or r` for `q and r`)."""
        out = source
        for m in sorted(ms, key=lambda m: -m.target.s):
            out = out[: m.target.s] + render(m.new, ctx) + out[m.target.e :]
        return out

    def check_budget(self) -> None:
        """Candidates and verifier calls (counted), the wall-time cap (not model answers: search spends none).
        Candidates the analyzer's compiler rejects (syntax or type error) do not spend the candidate budget:
        they are counted on their own (``ill_formed``, at most ILL_FORMED_PER_CANDIDATE per candidate) and
        spend proposals."""
        b = self.session.config.budget
        if self.found.ill_formed >= ILL_FORMED_PER_CANDIDATE * self.max_candidates:
            raise LimitsExceeded(f"ill-formed candidate allowance spent ({self.found.ill_formed})", "ill_formed")
        if self.round_ill_cap is not None and self.found.ill_formed >= self.round_ill_cap:
            raise RoundDone()
        if self.out_of_time():
            raise LimitsExceeded(f"wall-time cap hit ({self.wall_cap:g} s)", "wall_cap")
        if b.verifier_calls is not None and self.session.evaluator.calls >= b.verifier_calls:
            raise LimitsExceeded(f"verifier-call budget spent ({self.session.evaluator.calls})", "verifier_calls")
        if self.found.checked >= self.max_candidates:
            raise LimitsExceeded(f"candidate budget spent ({self.found.checked})", "candidates")
        if self.round_cap is not None and self.found.checked >= self.round_cap:
            raise RoundDone()

    def out_of_time(self) -> bool:
        return time.monotonic() >= self.deadline

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
        winners: list[tuple[str, AttemptRecord]] = []
        for (text, desc, over, predicted), ev in zip(batch, evals, strict=True):
            self.count(ev)
            if predicted:
                self.audit(desc, predicted, ev)
            rec = self.search_record(desc, text, ev, per)
            if ev.raw and not ev.faithful:
                self.session.count_rejected(ev.gate)
            self.session.record(rec)
            if ev.faithful:
                winners.append((text, rec))
            if self.found.best is None or ev.weight < self.found.best[0]:
                self.found.best = (ev.weight, desc, text)
            self.learn(ev, model, over, text)
        for text, rec in winners:
            self.session.accept(text, rec)  # raises Repaired once enough repairs are in hand

    def count(self, ev: Evaluation) -> None:
        """A candidate the compiler rejected (syntax or type error) is not a checked candidate."""
        if ev.verdict.status in ILL_FORMED:
            self.found.ill_formed += 1
        else:
            self.found.checked += 1

    def search_record(self, desc: str, text: str, ev: Evaluation, seconds: float) -> AttemptRecord:
        """The log record of one checked candidate (``desc`` says which mutation made it)."""
        return AttemptRecord(
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
            seconds=seconds,
        )

    def evaluate_base(self, source: str) -> Evaluation:
        self.check_budget()
        ev = self.session.evaluator.evaluate(source)
        self.count(ev)
        rec = self.search_record("starting point", source, ev, 0.0)
        self.session.record(rec)
        if ev.faithful and source != self.session.task.visible:
            self.session.accept(source, rec)
        if (ev.raw or ev.unconfirmed) and source == self.session.task.visible:  # not faulty (at the oracle's scope)
            raise LimitsExceeded("the faulty text is not faulty (it already meets every command)", "not_faulty")
        return ev

    # -- the search --------------------------------------------------------------------------------
    def run(self, source: str, depth: int = 3, hints: list[tuple[int, int]] | None = None) -> Found:
        """Search around ``source``; raises Repaired / LimitsExceeded, or returns what it learned."""
        model, ctx, targets = self.prepare(source)
        self.max_proposals = search_proposals(self.session.config.budget.proposals, bool(ctx.var_names))
        base = self.evaluate_base(source)
        self.learn(base, model, {}, source)
        before = getattr(self.client, "timeouts", 0)
        core = core_spans(self.client, source, base.verdict, count_commands(source)) if not base.raw else []
        self.session.timeouts += getattr(self.client, "timeouts", 0) - before  # cores cut short by the clock
        self.seen.add(canonical(source))
        if self.lift:  # what a visible property says the predicate means: a few candidates, first
            self._level([(m,) for m in lifted(model, ctx, self.bodies)], source, ctx, model)
        if not base.raw:  # a frame an operation leaves out (verifiers/alloy/implicit.py): a few candidates, first
            self._texts(frame_candidates(source, [(n.s, n.e) for n, _ in targets]), model)
        singles = [m for n, env in targets if n.id not in self.empty for m in mutations(n, ctx, env)]
        envs = {n.id: env for n, env in targets}
        fixes: dict[int, float] = {}
        if self.obs:
            for m in singles:
                ok = sum(self.violates(o, model, {m.target.id: m.new}) is False for o in self.obs)
                fixes[m.target.id] = max(fixes.get(m.target.id, 0.0), ok / len(self.obs))
        scores = score_nodes([n for n, _ in targets], core, hints or [], fixes)
        self.loc = scores
        singles.sort(key=lambda m: -scores.get(m.target.id, 0.0))
        from fmrepair.agents.mutation.localize import describe

        self.found.locations = describe([n for n, _ in targets], scores, source)
        self._level([(m,) for m in singles], source, ctx, model)
        if self.synth:  # the submission's skeleton with a guard learned from the counterexamples
            self._level(self._sketched(ctx, model), source, ctx, model)
        pool = singles[:PAIR_POOL]
        if depth >= 2:  # second order at one node (mutate the mutant), then pairs at disjoint nodes
            chained = [
                (Mutation(m.target, m2.new, f"{m.desc}; then {m2.desc}", m2.operator),)
                for m in pool
                for m2 in mutations(m.new, ctx, envs.get(m.target.id, {}))
            ]
            self._level(chained, source, ctx, model)
        # whole-formula replacement: early where hidden counterexamples filter it (one parameterless
        # editable pred), after the pairs and triples of mutations otherwise
        flips = self.synth and self.editable_pred(model) is not None
        if flips:
            self._level(self._synthesized(targets, ctx, model, 2, SYNTH_SMALL), source, ctx, model)
        if depth >= 2:
            self._level(combos(pool, 2, scores, ctx), source, ctx, model)
        if flips:
            large = self._synthesized(targets, ctx, model, SYNTH_SMALL + 1, MAX_FORMULA, self.classes)
            self._level(large, source, ctx, model)
        if depth >= 3:
            self._level(combos(singles[:TRIPLE_POOL], 3, scores, ctx), source, ctx, model)
        if self.synth and not flips:
            self._level(self._synthesized(targets, ctx, model, 2, MAX_FORMULA, self.classes), source, ctx, model)
        return self.found

    def _synthesized(
        self,
        targets: list[tuple[Node, dict[str, str]]],
        ctx: Context,
        model: Model,
        lo: int,
        hi: int,
        classes: bool = False,
    ) -> Iterator[tuple[Mutation, ...]]:
        """Replacements of boolean nodes (outermost first) by synthesized formulas, size by size. ``classes``
        (run setting ``search_classes``, with pruning on and trusted): at the start of each size the grammars
        are built again on every instance observed so far and keep one formula per value there
        (examples.py), and the sizes below it are enumerated again, so a class that a later counterexample
        split gives its other members (already proposed candidates are skipped, uncounted)."""
        bools = [(n, env) for n, env in targets if n.bool_ and n.s >= 0]
        bools.sort(key=lambda x: x[0].s - x[0].e)
        outer = [x for x in bools if not any(y[0].s <= x[0].s and x[0].e <= y[0].e and y is not x for y in bools)]
        picked = outer + [x for x in bools if x not in outer][: SYNTH_TARGETS - len(outer)]
        cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
        later = under_temporal([n for n, _ in targets])

        def grammars(examples: Examples | None) -> list[tuple[Node, dict[str, str], Grammar]]:
            out = []
            for n, env in picked:
                scope = {v: ctx.cols(ty)[0] for v, ty in env.items() if ty and v != "this"}
                names = {x.name for x in n.walk() if x.k in ("PrimSig", "SubsetSig", "Field")}
                names |= {x.op for x in n.walk() if x.k == "ExprUnary" and x.op in TIMED}
                g = Grammar(model, ctx.top, cols, names, frozenset(ctx.var_names), n.id in later, examples)
                out.append((n, scope, g))
            return out

        grown = []  # temporal nodes that grow by a synthesized operand (synth.grow), one grammar for all
        used = {x.name for t, _ in targets for x in t.walk() if x.k in ("PrimSig", "SubsetSig", "Field")}
        operands = Grammar(model, ctx.top, cols, used, frozenset(ctx.var_names))
        for n, env in growable(targets, ctx.var_names):
            scope = {v: ctx.cols(ty)[0] for v, ty in env.items() if ty and v != "this"}
            grown.append((n, scope, operands))
        # a grown node keeps all of the original node (an insertion of |G| + 1, where a whole formula also
        # deletes the original): the level's grown nodes come before its whole formulas; operands up to
        # GROW_MAX only (larger ones, ground ones above all, would spend the proposals of whole formulas)
        for size in range(lo, min(hi, GROW_MAX + 1) + 1):
            for n, scope, g in grown:
                for f in g.operands(scope, size - 1):
                    for new in grow(n, f, ctx.par):
                        yield (Mutation(n, new, f"synth: `{ctx.text(n)}` -> `{new.text}`", "synth"),)
        plain = grammars(None)
        for size in range(lo, hi + 1):
            examples = self.examples(model, ctx) if classes else None
            first = lo if examples else size
            for n, scope, g in grammars(examples) if examples else plain:
                for f in g.ranked(scope, first, size):
                    yield (Mutation(n, f.node, f"synth: `{ctx.text(n)}` -> `{f.node.text}`", "synth"),)

    def _sketched(self, ctx: Context, model: Model) -> Iterator[tuple[Mutation, ...]]:
        """Each quantified formula at a closed position of an editable body, its quantifiers and consequent
        kept and its guard learned from the observations, then the body as a conjunction of closed formulas,
        round after round (sketch.py; in a temporal model also those under a top-level ``always``, with
        atoms wrapped in a temporal operator too). With pruning on and trusted (the labels come from the
        Python evaluator), and only where a hidden check has given a flip observation: learned from the
        visible checks of a user's file alone, a guard is what makes them pass (on the intent set,
        benchmarks/intent_precision.py, precision fell from 5 of 8 to 3 of 11)."""
        if not any(o.kind == "flip" for o in self.obs):
            return  # only against a hidden oracle: fitted to visible checks alone it finds what passes them
        roots = [f.body for f in model.funcs.values() if not f.params] + [b for _, b in model.facts]
        roots = [r for r in roots if r.s >= 0 and any(a <= r.s and r.e <= b for a, b in self.bodies)]
        cols = {f"{s['name']}<:{f['name']}": tuple(ctx.cols(f["ty"])) for s in model.sigs for f in s["fields"]}
        sig_nodes = {s["name"]: sig_leaf(s["name"]) for s in model.sigs}
        tops = sorted({t for t in ctx.top.values() if t in sig_nodes})
        for site in (s for r in roots for s in sites(r, lambda ty: ctx.cols(ty)[0], ctx.text, ctx.temporal)):
            if not (self.prune and self.trust and self.obs) or self.session.sketch_evals >= self.max_sketch_evals:
                return  # the sketches' counted budget spent: the other levels go on
            sketcher = Sketcher(model, site, sig_nodes, self.max_sketch_evals - self.session.sketch_evals)
            labels: dict[int, bool | None] = {}

            def labelled(site_node: Node = site.node, labels: dict[int, bool | None] = labels) -> list:
                for i in range(len(labels), len(self.obs)):
                    o = self.obs[i]
                    labels[i] = label(lambda over, o=o: self.violates(o, model, over), site_node)
                return [(i, self.obs[i].inst, need) for i, need in labels.items() if need is not None]

            names = {x.name for x in site.node.walk() if x.k in ("PrimSig", "SubsetSig", "Field")}

            def atoms(scope: dict[str, str], names: set[str] = names, later: bool = site.always) -> list:
                """Atoms over ``scope``, one per value on the observations (rebuilt as they come); in a temporal
                model also wrapped in ``always``, ``eventually``, ``after`` (and, at positions after the first,
                ``once``, ``historically``): a wrapper counts no size."""
                g = Grammar(model, ctx.top, cols, names, frozenset(ctx.var_names), later, self.examples(model, ctx))
                out = [a for size in range(2, SKETCH_ATOM + 1) for a in g.atomic(scope, size)]
                out += list(g.wrapped(iter(out), later))
                return [a for a in out if a.vars or not scope]

            scope = {v: ctx.cols(b.ty)[0] for vs, _, b in site.decls for v in vs}
            taken = set(scope) | {x.name for x in site.node.walk() if x.k == "ExprVar"}
            extras: list[tuple[str, str, str] | None] = [None]
            fresh = Grammar(model, ctx.top, cols, names).fresh
            extras += [(fresh(t, taken), t, t) for t in tops] if site.decls or site.always else []
            before = self.session.sketch_evals
            for new, desc in rounds(sketcher, labelled, atoms, scope, extras, ctx.text, SKETCH_ROUNDS):
                self.session.sketch_evals = before + sketcher.spent
                yield (Mutation(site.node, new, desc, "sketch"),)
            self.session.sketch_evals = before + sketcher.spent

    def examples(self, model: Model, ctx: Context) -> Examples | None:
        """Every instance observed so far, for keeping one synthesized formula per value (None: pruning is off
        or mistrusted, or nothing was observed); one table per search, extended as observations come."""
        if not (self.prune and self.trust and self.obs):
            return None
        if self.table is None or self.table.model is not model:
            self.table = Examples(model, ctx.top)
        for o in self.obs[len(self.table.insts) :]:
            self.table.add(o.inst)
        return self.table

    def _texts(self, items: list[tuple[str, str]], model: Model) -> None:
        """Check whole texts (text, what it does) built outside the parse tree, each a counted proposal."""
        batch: list[Item] = []
        for text, desc in items:
            key = canonical(text)
            if key in self.seen:  # as in _level: a text seen before is no new proposal
                continue
            self.found.proposals += 1
            self.session.proposals += 1
            if self.found.proposals > self.max_proposals:
                raise LimitsExceeded(f"proposal budget spent ({self.max_proposals}, pruned or checked)", "proposals")
            self.seen.add(key)
            batch.append((text, desc, {}, 0))
            if len(batch) >= self.workers:
                self.verify(batch, model)
                batch = []
        if batch:
            self.verify(batch, model)

    def _level(
        self,
        combos: Iterator[tuple[Mutation, ...]] | list[tuple[Mutation, ...]],
        source: str,
        ctx: Context,
        model: Model,
    ) -> None:
        """Check every combination not pruned by the observations; known-consistent ones first."""
        if self.ranker is not None and not isinstance(combos, GeneratorType):  # synthesis stays by size
            combos = order(self.ranker, list(combos), self.loc)
        deferred: list[Item] = []
        batch: list[Item] = []
        for i, ms in enumerate(combos):
            if i % 200 == 0 and self.out_of_time():
                raise LimitsExceeded(f"wall-time cap hit ({self.wall_cap:g} s, search)", "wall_cap")
            quick = (source, tuple((m.target.s, m.target.e, ctx.text(m.new)) for m in ms))
            if quick in self.quick:
                continue
            self.quick.add(quick)
            self.found.proposals += 1
            self.session.proposals += 1
            if self.found.proposals > self.max_proposals:
                raise LimitsExceeded(f"proposal budget spent ({self.max_proposals}, pruned or checked)", "proposals")
            over = {m.target.id: m.new for m in ms}
            bad, unknown = self.fixed_count(model, over) if self.trust else (0, 0)
            if bad and self.prune:  # pruned before the text is built: the costly part for many candidates
                self.found.pruned += 1
                continue
            text = self.apply(source, ms, ctx)
            key = canonical(text)
            if key in self.seen:
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
