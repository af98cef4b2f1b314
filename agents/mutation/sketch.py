"""Re-synthesis of a formula from the submission's own skeleton (issue 35 item 3).

A submission far from any answer often has the right quantifiers and the right consequent but the wrong
guard: ``all w, w1: Work | (w + w1) in User.profile implies no w.ids & w1.ids`` where the author meant two
*different* works *of one user* *from one source*. No short chain of mutations reaches that; a guard learned
from the counterexamples does. For a quantifier ``Q xs: S | A implies B`` (``Q xs | B`` and ``some xs | A
and B`` alike) at a closed position of an editable body (the body itself, or one of its top-level
conjuncts), the sketch keeps ``Q xs`` and ``B`` and learns a new guard ``G1 and ... and Gm`` (each an atomic
formula over the bound variables, optionally over one more variable ``y`` of a top-level sig, quantified like
the others) from the observations in both directions:

- an observation that needs the formula true (the submission is too strong there) makes every binding that
  falsifies ``all`` (satisfies ``no``'s body) a *negative*: the guard must be false on it;
- an observation that needs it false (too weak) needs at least one such binding that the guard keeps.

(``some`` is the mirror.) Which value an observation needs of the formula is decided by evaluating the
observation with the formula replaced by ``true`` and by ``false``, so a conjunct next to others is labelled
only where the others allow. The guard is a cover of the negatives by atoms that keep a witness
binding in every positive group, started from the original guard's conjuncts that no observation
contradicts, and from nothing (a beam search, smallest guards first). Where ``B`` admits no guard, a few
atomic formulas sharing a name with it are tried as the consequent. The whole body is a site too, learned
the same way as a conjunction of closed formulas (one binding per instance). The candidates are checked by
the analyzer like any other, and each counterexample refines the next round (counterexample-guided). Temporal
models learn the formulas at closed positions as above, evaluated at the first state; a formula under a
top-level ``always`` (``always all xs | A implies B``, ``always all xs | B``, ``always A implies B``, and the
same with ``no``) keeps its ``always``, and its positions on the trace are one more universally quantified
variable: a binding is a position and the variables' values there (the bounds, ``var`` sigs among them, read
at that position), and the guard's atoms may be wrapped in a temporal operator (``once``, ``after``, ...).
The search runs it only against a hidden oracle (search.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from fmrepair.agents.mutation.operators import balanced
from fmrepair.agents.mutation.synth import Ex
from fmrepair.verifiers.alloy.instance import Instance, InstanceEvaluator, Unknown
from fmrepair.verifiers.alloy.syntax import Model, Node, next_node_id, sig_leaf

MAX_GUARD = 4  # conjuncts in a learned guard
BEAM = 40  # partial guards kept per step of the beam search
POOL = 400  # atoms the beam search combines: those rejecting the most negatives (smaller first on ties)
SOLUTIONS = 3  # guards proposed per skeleton and round (smallest first)
CORES = 12  # other cores tried where the site's own admits no guard
MAX_BINDINGS = 4096  # bindings of one instance, at most (else the instance is not used)
# an ``always`` site (bindings: positions x values): its problem keeps the newest instances up to MAX_BINDINGS
# bindings in all, and all its rounds together evaluate at most EVALS atom-bindings (each round the smallest
# atoms first, as many as are left); a count, so what is learned does not depend on the machine (measured on
# development mailbox tasks: without it one round took minutes, thousands of atoms on tens of thousands of
# bindings, and tasks that the search fixed in 60 s ran into the 600 s wall cap)
EVALS = 1_000_000
Decl = tuple[list[str], bool, Node]
Env = dict[str, frozenset[tuple[str, ...]]]
EVAL_ERRORS = (Unknown, RecursionError, ValueError, KeyError, TypeError, IndexError)
TRUE = Node("ExprConstant", -1, -1, op="TRUE", bool_=True, text="true")
FALSE = Node("ExprConstant", -1, -1, op="FALSE", bool_=True, text="false")


@dataclass
class Site:
    """A formula whose guard is re-synthesized: ``op`` ALL / NO / SOME over ``decls`` (a chain of ``all``
    flattened), the original guard's conjuncts, and the kept ``core`` (consequent or body); or ``op`` AND,
    the whole body as a conjunction (no declarations, ``guard`` its conjuncts, ``core`` TRUE). Under ``always``
    (``always``: True) ALL may have no declarations (``always A implies B``: the positions are its bindings)."""

    node: Node
    op: str
    decls: list[Decl]
    guard: list[Node]
    core: Node
    always: bool = False  # ``node`` is ``always F`` and F the formula above: every position of a trace decides

    @property
    def names(self) -> list[str]:
        return [v for names, _, _ in self.decls for v in names]


def conjuncts(n: Node) -> list[Node]:
    if (n.k == "ExprList" and n.op == "AND") or (n.k == "ExprBinary" and n.op == "AND"):
        return [x for c in n.c for x in conjuncts(c)]
    return [n]


def _closed_bound(b: Node) -> bool:
    """A declaration bound ``one S`` whose value needs no variable (the domain is the same everywhere)."""
    return b.k == "ExprUnary" and b.op == "ONEOF" and not any(x.k == "ExprVar" for x in b.walk())


def _over_top(
    decls: list[Decl], top_of: Callable[[str], str], text: Callable[[Node], str]
) -> tuple[list[Decl], list[Node]] | None:
    """The declarations with each bound that needs a variable (``w: u.profile``) over its top-level sig
    instead, and the memberships that say the rest (``w in u.profile``: conjuncts of the guard, for all
    three quantifiers); None where a bound is not ``one E`` of a set."""
    out: list[Decl] = []
    members: list[Node] = []
    for names, disj, b in decls:
        if _closed_bound(b):
            out.append((names, disj, b))
            continue
        if not (b.k == "ExprUnary" and b.op == "ONEOF" and b.c and b.c[0].ar == 1):
            return None
        t = top_of(b.ty)
        sig = sig_leaf(t)
        out.append((names, disj, Node("ExprUnary", -1, -1, [sig], op="ONEOF", ar=1, text=t)))
        for v in names:
            var = Node("ExprVar", -1, -1, name=v, ar=1, text=v)
            members.append(
                Node("ExprBinary", -1, -1, [var, b.c[0]], op="IN", bool_=True, text=f"{v} in {_par(text(b.c[0]))}")
            )
    return out, members


def site_of(n: Node, top_of: Callable[[str], str], text: Callable[[Node], str], temporal: bool = False) -> Site | None:
    """``n`` as a site (``top_of``: a type's top-level sig; ``text``: a node's text), or None; in a
    ``temporal`` model also ``always F`` for an ``all`` or ``no`` formula F, or an implication, or any F."""
    if temporal and n.k == "ExprUnary" and n.op == "ALWAYS" and n.c:
        inner = n.c[0]
        if inner.k == "ExprQt":
            got = site_of(inner, top_of, text)
            return replace(got, node=n, always=True) if got is not None and got.op in ("ALL", "NO") else None
        if inner.k == "ExprBinary" and inner.op == "IMPLIES":
            return Site(n, "ALL", [], conjuncts(inner.c[0]), inner.c[1], always=True)
        return Site(n, "ALL", [], [], inner, always=True)
    if n.k != "ExprQt" or n.op not in ("ALL", "NO", "SOME") or not n.c:
        return None
    decls, body = list(n.decls), n.c[0]
    while n.op == "ALL" and body.k == "ExprQt" and body.op == "ALL" and body.c:
        decls += body.decls
        body = body.c[0]
    got = _over_top(decls, top_of, text) if decls else None
    if got is None:
        return None
    decls, members = got
    if n.op == "ALL" and body.k == "ExprBinary" and body.op == "IMPLIES":
        return Site(n, n.op, decls, members + conjuncts(body.c[0]), body.c[1])
    if n.op == "SOME" and len(conjuncts(body)) > 1:
        parts = conjuncts(body)
        return Site(n, n.op, decls, members + parts[:-1], parts[-1])
    return Site(n, n.op, decls, members, body)


def sites(body: Node, top_of: Callable[[str], str], text: Callable[[Node], str], temporal: bool = False) -> list[Site]:
    """The quantified formulas at closed positions of a parameterless body (the body, or its conjuncts; in a
    ``temporal`` model those under ``always`` too), then the whole body as a conjunction of closed formulas
    (op AND: learned like a guard, see `Problem`)."""
    out = [site_of(n, top_of, text, temporal) for n in conjuncts(body)]
    return [s for s in out if s is not None] + [Site(body, "AND", [], conjuncts(body), TRUE)]


@dataclass
class Problem:
    """One skeleton's learning problem: every binding (a position, and values there of the site's variables
    and ``extra``) of each labelled instance, one bit each; per instance its bits and whether the bindings
    that decide the quantifier must all be guarded out (``empty``) or one of them kept."""

    site: Site
    extra: tuple[str, str, str] | None  # (variable, sig, its top-level sig)
    bindings: list[tuple[int, int, Env]] = field(default_factory=list)  # (instance, position, values)
    insts: list[tuple[int, bool]] = field(default_factory=list)  # (mask, empty)
    values: dict[str, int | None] = field(default_factory=dict)  # atom text -> bits (None: undecided)

    def split(self, core: int) -> tuple[int, list[int]] | None:
        """(negatives, groups) for a core with bits ``core``: the deciding bindings (where the core is false
        under ``all``, true under ``no``/``some``); None where some instance has none to keep."""
        negatives, groups = 0, []
        for mask, empty in self.insts:
            op = self.site.op  # AND: the conjunction itself, false where ``empty``, true elsewhere
            deciding = mask if op == "AND" else mask & ~core if op == "ALL" else mask & core
            if empty:
                negatives |= deciding
            elif deciding:
                groups.append(deciding)
            else:
                return None
        return negatives, groups


class Sketcher:
    """Guards learned for one site, round after round, as observations come (one per search)."""

    def __init__(self, model: Model, site: Site, sig_nodes: dict[str, Node], limit: int | None = None) -> None:
        self.model = model
        self.site = site
        self.sig_nodes = sig_nodes
        self.evs: dict[int, InstanceEvaluator] = {}
        self.spent = 0  # atom-bindings asked for (every site; capped by EVALS under ``always``)
        self.limit = limit  # what is left of the task's counted budget (Budget.sketch_evals): at most this many

    def problem(self, labelled: list[tuple[int, Instance, bool]], extra: tuple[str, str, str] | None) -> Problem:
        """``labelled``: (index, instance, the value the site must take there); under ``always``, the newest
        instances whose bindings fit MAX_BINDINGS in all."""
        p = Problem(self.site, extra)
        for i, inst, need in reversed(labelled) if self.site.always else labelled:
            if self.site.always and len(p.bindings) >= MAX_BINDINGS:
                break
            ev = self.evs.setdefault(i, InstanceEvaluator(self.model, inst))
            try:
                envs = self._bindings(ev, extra)
            except EVAL_ERRORS:
                continue
            if envs is None:
                continue
            mask = ((1 << len(envs)) - 1) << len(p.bindings)
            p.bindings += [(i, pos, env) for pos, env in envs]
            p.insts.append((mask, need if self.site.op in ("ALL", "NO") else not need))
        return p

    def positions(self, ev: InstanceEvaluator) -> range:
        """The positions that decide the site: the first state; under ``always``, every state to come, as the
        evaluator's ``always`` ranges over them from the first (InstanceEvaluator.future: one unrolling of
        the loop more than the site's past operators need, enough for atoms wrapped in one more)."""
        if not self.site.always:
            return range(1)
        ev.pos = 0
        return ev.future(self.site.node)

    def _bindings(self, ev: InstanceEvaluator, extra: tuple[str, str, str] | None) -> list[tuple[int, Env]] | None:
        out: list[tuple[int, Env]] = []
        try:
            for pos in self.positions(ev):
                ev.pos = pos  # the bounds (``var`` sigs among them) are read at the position
                got = self._at(ev, extra, MAX_BINDINGS - len(out))  # None: more than MAX_BINDINGS in all
                if got is None:
                    return None
                out += [(pos, env) for env in got]
        finally:
            ev.pos = 0
        return out

    def _at(self, ev: InstanceEvaluator, extra: tuple[str, str, str] | None, cap: int) -> list[Env] | None:
        """The bindings at the evaluator's position (None: more than ``cap``)."""
        doms: list[tuple[str, bool, int, list[frozenset[tuple[str, ...]]]]] = []
        for k, (names, disj, bound) in enumerate(self.site.decls):
            atoms = [frozenset([t]) for t in sorted(ev.rel(bound.c[0], {}))]
            doms += [(v, disj, k, atoms) for v in names]
        if extra is not None:
            doms.append((extra[0], False, -1, [frozenset([t]) for t in sorted(ev.rel(self.sig_nodes[extra[1]], {}))]))
        total = 1
        for d in doms:
            total *= max(1, len(d[3]))
        if total > cap:
            return None
        out = []
        for combo in itertools.product(*(d[3] for d in doms)):
            seen: dict[int, list[frozenset[tuple[str, ...]]]] = {}
            ok = True
            for (_, disj, k, _), val in zip(doms, combo, strict=True):
                if disj and val in seen.setdefault(k, []):
                    ok = False
                seen.setdefault(k, []).append(val)
            if ok:
                out.append({d[0]: val for d, val in zip(doms, combo, strict=True)})
        return out

    def bits(self, p: Problem, node: Node) -> int | None:
        """The atom's value on the problem's bindings, one bit each (None: the evaluator cannot decide)."""
        key = node.text or str(node.id)
        if key in p.values:
            return p.values[key]
        out = 0
        try:
            for j, (i, pos, env) in enumerate(p.bindings):
                if self.evs[i].at(pos, node, env):
                    out |= 1 << j
        except EVAL_ERRORS:
            p.values[key] = None
            return None
        p.values[key] = out
        return out

    def classes(self, p: Problem, atoms: list[Ex]) -> list[Atom]:
        """One atom per value on the problem's bindings (observational equivalence on them): the smallest,
        then the one sharing most of the site's names; undecided atoms are left out."""
        names = _names(self.site.node)
        best: dict[int, tuple[tuple[int, int], Ex]] = {}
        n = max(1, len(p.bindings))
        # what is left: under ``always`` of EVALS, and of the task's counted budget; the smallest atoms first, as
        # many as fit (under ``always`` always sorted; elsewhere only when the budget cuts)
        left = [x for x in (EVALS - self.spent if self.site.always else None,
                            None if self.limit is None else self.limit - self.spent) if x is not None]
        if self.site.always or (left and len(atoms) * n > min(left)):
            atoms = sorted(atoms, key=lambda a: a.size)[: max(0, min(left)) // n]
        self.spent += len(atoms) * len(p.bindings)
        for a in atoms:
            b = self.bits(p, a.node)
            rank = (a.size, -len(a.atoms & names))
            if b is not None and (b not in best or rank < best[b][0]):
                best[b] = (rank, a)
        return [(a.node, b, a.size) for b, (_, a) in best.items()]

    def guards(self, p: Problem, atoms: list[Ex]) -> list[tuple[Node, list[Node]]]:
        """(core, guard) pairs consistent with every labelled instance, smallest first. The core is the
        site's own, or (where that admits no guard) one of the CORES atoms that share a name with it and
        leave the fewest bindings to guard out; the
        guard is found by a beam search over covers of the negatives by atoms that keep a witness in every
        group, from nothing and from the original guard's conjuncts that no observation contradicts. With
        an extra variable, only guards that use it (the others are the skeleton without it)."""
        orig = [(n, b, 0) for n in self.site.guard if (b := self.bits(p, n)) is not None]
        every = self.classes(p, atoms)
        names = _names(self.site.core)
        alts = []  # other cores: sharing a name with the site's, admitting a guard, fewest negatives first
        for x in every:
            split = p.split(x[1]) if _names(x[0]) & names else None
            if split is not None:
                alts.append((split[0].bit_count(), x[2], x))
        alts.sort(key=lambda a: a[:2])
        cores = [(self.site.core, self.bits(p, self.site.core), 0)]
        cores += [a[2] for a in alts[:CORES]] if self.site.op != "AND" else []
        found: dict[frozenset[int], tuple[int, Node, list[Node]]] = {}
        for core, cb, csize in cores:
            split = p.split(cb) if cb is not None else None
            if split is None:
                continue
            negatives, groups = split
            kept = [x for x in orig if _keeps(groups, x[1])]
            pool = [x for x in every if negatives & ~x[1] and _keeps(groups, x[1]) and x[0] is not core]
            pool.sort(key=lambda x: (-_gain(negatives, x[1]), x[2]))
            pool = [x for x in orig if x not in kept] + pool[:POOL]
            for start in ([], kept) if kept else ([],):
                for chosen, size in _beam(negatives, groups, start, pool):
                    nodes = [n for n, _, _ in chosen]
                    if p.extra is not None and not any(_mentions(n, p.extra[0]) for n in [core, *nodes]):
                        continue
                    key = frozenset(id(n) for n in [core, *nodes])
                    found.setdefault(key, (size + csize, core, nodes))
            if found and core is self.site.core:
                break  # the site's own core admits a guard: no other core is tried
        ranked = sorted(found.values(), key=lambda x: x[0])
        return [(core, nodes) for _, core, nodes in ranked][:SOLUTIONS]


def _names(n: Node) -> set[str]:
    return {x.name for x in n.walk() if x.k in ("ExprVar", "PrimSig", "SubsetSig", "Field")}


def _mentions(n: Node, var: str) -> bool:
    return any(x.k == "ExprVar" and x.name == var for x in n.walk())


def _gain(remaining: int, bits: int) -> int:
    return (remaining & ~bits).bit_count()


def _keeps(groups: list[int], bits: int) -> bool:
    return all(g & bits for g in groups)


Atom = tuple[Node, int, int]  # node, its bits, its size (0: the original guard's)


def _beam(negatives: int, groups: list[int], start: list[Atom], pool: list[Atom]) -> list[tuple[list[Atom], int]]:
    """Conjunctions (at most MAX_GUARD atoms, ``start`` first) that reject every negative and keep a witness
    in every group, with their sizes: partial ones ranked by negatives left, then size; BEAM kept per step."""
    remaining = negatives
    for _, b, _ in start:
        groups, remaining = [g & b for g in groups], remaining & b
    if not all(groups):
        return []
    states: list[tuple[int, int, list[int], list[int]]] = [(remaining, 0, groups, [])]
    done: list[tuple[list[Atom], int]] = []
    for _ in range(MAX_GUARD - len(start)):
        nxt: dict[frozenset[int], tuple[int, int, list[int], list[int]]] = {}
        for rem, size, gs, idx in states:
            for j, (_, b, sz) in enumerate(pool):
                if j in idx or not rem & ~b or not _keeps(gs, b):
                    continue
                key = frozenset([*idx, j])
                if key not in nxt:
                    nxt[key] = (rem & b, size + sz, [g & b for g in gs], [*idx, j])
        ranked = sorted(nxt.values(), key=lambda s: (s[0].bit_count(), s[1]))
        done += [([*start, *(pool[j] for j in s[3])], s[1]) for s in ranked if not s[0]]
        states = [s for s in ranked if s[0]][:BEAM]
        if not states:
            break
    if not remaining:
        done.append((list(start), 0))
    return done


def build(
    site: Site,
    guard: list[Node],
    extra: tuple[str, str, str] | None,
    text: Callable[[Node], str],
    core: Node | None = None,
) -> Node:
    """The new formula: the site's quantifier over its declarations (and ``extra``), guard, core (default:
    the site's); under the site's ``always`` where it has one."""
    if site.op == "AND":  # the conjunction itself
        return _conjunction(guard, text, site.node)
    inner = _formula(site, guard, extra, text, core)
    if not site.always:
        return inner
    text_ = f"always {_par(inner.text)}"
    return Node("ExprUnary", site.node.s, site.node.e, [inner], op="ALWAYS", bool_=True, text=text_)


def _formula(
    site: Site, guard: list[Node], extra: tuple[str, str, str] | None, text: Callable[[Node], str], core: Node | None
) -> Node:
    core_node = site.core if core is None else core
    decls = list(site.decls)
    parts = [f"{'disj ' if disj else ''}{', '.join(names)}: {text(b.c[0])}" for names, disj, b in decls]
    if extra is not None:
        sig = sig_leaf(extra[1])
        bound = Node("ExprUnary", -1, -1, [sig], op="ONEOF", ar=1, text=extra[1])
        decls.append(([extra[0]], False, bound))
        parts.append(f"{extra[0]}: {extra[1]}")
    core_text = text(core_node)
    if guard:
        g = _conjunction(guard, text)
        gt = g.text
        op = "IMPLIES" if site.op in ("ALL",) else "AND"
        body_text = f"{gt} {'implies' if op == 'IMPLIES' else 'and'} {_par(core_text)}"
        body = Node("ExprBinary", -1, -1, [g, core_node], op=op, bool_=True, text=body_text)
    else:
        body, body_text = core_node, core_text
    if not decls:  # ``always A implies B``: no quantifier
        return body if guard else replace(core_node, id=next_node_id(), text=core_text)
    word = {"ALL": "all", "NO": "no", "SOME": "some"}[site.op]
    node = Node("ExprQt", site.node.s, site.node.e, [body], op=site.op, bool_=True)
    node.text = f"{word} {', '.join(parts)} | {body_text}"
    node.decls = decls
    return node


def _conjunction(parts: list[Node], text: Callable[[Node], str], at: Node | None = None) -> Node:
    """``parts`` joined by ``and`` (one part: a copy of it, with its text); spans of ``at`` where given."""
    g = parts[0]
    gt = _par(text(g))
    g = replace(g, id=next_node_id(), text=gt)
    for h in parts[1:]:
        gt = f"{gt} and {_par(text(h))}"
        g = Node("ExprBinary", -1, -1, [g, h], op="AND", bool_=True, text=gt)
    if at is not None:
        g.s, g.e = at.s, at.e
    return g


def _par(t: str) -> str:
    t = t.strip()
    if t.replace("_", "").replace("'", "").isalnum() or (t.startswith("(") and t.endswith(")") and balanced(t[1:-1])):
        return t
    return f"({t})"


def label(violates: Callable[[dict[int, Node]], bool | None], node: Node) -> bool | None:
    """The value ``node`` must take for the observation (``violates`` with overrides) to be met: True or
    False where only one does, None where either does or neither (the rest of the body decides)."""
    t, f = violates({node.id: TRUE}), violates({node.id: FALSE})
    if t is False and f is True:
        return True
    if f is False and t is True:
        return False
    return None


def rounds(
    sketcher: Sketcher,
    labelled: Callable[[], list[tuple[int, Instance, bool]]],
    atoms: Callable[[dict[str, str]], list[Ex]],
    scope: dict[str, str],
    extras: list[tuple[str, str, str] | None],
    text: Callable[[Node], str],
    max_rounds: int,
) -> Iterator[tuple[Node, str]]:
    """Candidates round after round: each round learns guards from the observations labelled so far
    (``labelled`` is called again, so counterexamples of the last round's checks refine the next); ``scope``:
    the site's variables' top-level sigs; stops when a round proposes nothing new."""
    proposed: set[str] = set()
    for _ in range(max_rounds):
        obs = labelled()
        fresh = []
        for extra in extras:
            p = sketcher.problem(obs, extra)
            inner = scope if extra is None else {**scope, extra[0]: extra[2]}
            for core, guard in sketcher.guards(p, atoms(inner)):
                if sketcher.site.op == "AND" and not guard:
                    continue  # the body left empty (`true`)
                node = build(sketcher.site, guard, extra, text, core)
                if node.text not in proposed:
                    proposed.add(node.text)
                    fresh.append((node, f"sketch: `{text(sketcher.site.node)}` -> `{node.text}`"))
        if not fresh:
            return
        fresh.sort(key=lambda x: len(x[0].text))
        yield from fresh
