"""What a model's expressions are on every instance: free variables and the nesting of past operators.

The instance evaluator asks both of every node it meets; they depend on the text only, never on an
instance, so one `Structure` per model keeps them for every evaluator of that model. An evaluator with
overrides (a mutant) shares them for the nodes no override reaches: those of the model's own trees that
are not above an overridden node (and, for the past-operator depth, do not call a function whose body is),
and the synthesized nodes whose subtrees meet none of those.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable

from fmrepair.verifiers.alloy.syntax import Model, Node

__all__ = ["PAST", "PAST_BIN", "Structure", "depth_step", "free_step", "structure"]

PAST, PAST_BIN = ("BEFORE", "HISTORICALLY", "ONCE"), ("SINCE", "TRIGGERED")

_REGISTRY: dict[int, Structure] = {}
CAP = 1_000_000  # per-node facts kept per model before they are forgotten (Structure.trim)


def structure(model: Model) -> Structure:
    """The model's structure, kept while the model lives (never pickled with it)."""
    got = _REGISTRY.get(id(model))
    if got is None:
        got = _REGISTRY[id(model)] = Structure()
        weakref.finalize(model, _REGISTRY.pop, id(model), None)
    return got


def _roots(model: Model) -> Iterable[Node]:
    for f in [*model.funcs.values(), *model.lib.values()]:
        yield f.body
    for _, body in model.facts:
        yield body
    yield from model.asserts.values()
    for c in model.commands:
        if isinstance(c.get("formula"), Node):
            yield c["formula"]


class Mutant:
    """Structure facts with overrides applied (InstanceEvaluator), for one override map."""

    def __init__(self, key: tuple[tuple[int, int], ...], over: dict[int, Node]) -> None:
        self.key = key
        self.over = over  # held, so that the ids in ``key`` stay the nodes'
        self.fv: dict[int, frozenset[str]] = {}
        self.fvt: dict[int, tuple[str, ...]] = {}
        self.pd: dict[int, int] = {}
        self.reached: dict[bool, frozenset[int] | None] = {}


class Structure:
    """Free variables and past depth of nodes without overrides; which nodes an override reaches."""

    def __init__(self) -> None:
        self.fv: dict[int, frozenset[str]] = {}
        self.fvt: dict[int, tuple[str, ...]] = {}
        self.pd: dict[int, int] = {}
        self.ent: dict[int, frozenset[int]] = {}  # a node outside the model's trees -> `entries`
        self._parents: dict[int, int | None] | None = None
        self._mutant: Mutant | None = None
        self._calls: dict[str, list[int]] = {}  # function name -> ids of the calls to it in the model's trees
        self._bodies: dict[int, str] = {}  # id of a function body's root -> the function's name

    def mutant(self, over: dict[int, Node]) -> Mutant:
        """The structure facts of the nodes that ``over`` reaches, shared by the evaluators of one mutant
        (one candidate on every instance it is tried on): the latest mutant's are kept."""
        key = tuple((k, id(v)) for k, v in over.items())
        if self._mutant is None or self._mutant.key != key:
            self._mutant = Mutant(key, dict(over))
        return self._mutant

    def trim(self) -> None:
        """Forgets the per-node facts once they are many (synthesized nodes come and go in a search)."""
        if len(self.fv) + len(self.pd) + len(self.ent) > CAP:
            self.fv.clear()
            self.fvt.clear()
            self.pd.clear()
            self.ent.clear()

    def parents(self, model: Model) -> dict[int, int | None]:
        """Every node of the model's trees -> its parent's id (None for a root)."""
        if self._parents is None:
            parents: dict[int, int | None] = {}
            for root in _roots(model):
                stack: list[tuple[Node, int | None]] = [(root, None)]
                while stack:
                    n, up = stack.pop()
                    if n.id in parents:
                        continue
                    parents[n.id] = up
                    if n.k == "ExprCall":
                        self._calls.setdefault(n.name, []).append(n.id)
                    stack += [(b, n.id) for _, _, b in n.decls] + [(c, n.id) for c in n.c]
            for f in [*model.funcs.values(), *model.lib.values()]:
                self._bodies[f.body.id] = f.name
            self._parents = parents
        return self._parents

    def reached(self, model: Model, keys: Iterable[int], calls: bool) -> frozenset[int]:
        """Nodes of the model's trees at or above an overridden one; with ``calls``, also the calls (and
        what is above them) to a function whose body is reached."""
        parents = self.parents(model)
        out: set[int] = set()
        todo = [k for k in keys if k in parents]
        done: set[str] = set()
        while todo:
            k: int | None = todo.pop()
            while k is not None and k not in out:
                out.add(k)
                up = parents[k]
                if up is None and calls and k in self._bodies and self._bodies[k] not in done:
                    done.add(self._bodies[k])
                    todo += self._calls.get(self._bodies[k], [])
                k = up
        return frozenset(out)

    def entries(self, model: Model, n: Node) -> frozenset[int]:
        """For a node outside the model's trees (a synthesized one): the model's nodes under it that are
        reached through such nodes only, and the bodies of the functions that part calls."""
        got = self.ent.get(n.id)
        if got is None:
            parents = self.parents(model)
            out: set[int] = set()
            for c in [b for _, _, b in n.decls] + n.c:
                if c.id in parents:
                    out.add(c.id)
                else:
                    out |= self.entries(model, c)
            f = (model.funcs.get(n.name) or model.lib.get(n.name)) if n.k == "ExprCall" else None
            if f is not None:
                out.add(f.body.id)
            got = self.ent[n.id] = frozenset(out)
        return got

    def free(self, n: Node) -> frozenset[str]:
        """The node's free variables."""
        got = self.fv.get(n.id)
        if got is None:
            got = self.fv[n.id] = free_step(n, self.free)
        return got

    def past_depth(self, model: Model, n: Node, visiting: set[int] | None = None) -> int:
        """How deeply past operators nest in ``n``, called bodies included."""
        got = self.pd.get(n.id)
        if got is None:
            visiting = set() if visiting is None else visiting
            if n.id in visiting:
                return 0  # a recursive call counts as no deeper
            visiting.add(n.id)
            got = self.pd[n.id] = depth_step(model, n, lambda c: self.past_depth(model, c, visiting))
            visiting.discard(n.id)
        return got


def free_step(n: Node, free: Callable[[Node], frozenset[str]]) -> frozenset[str]:
    """The node's free variables from its children's (``free``); a call's body sees only its parameters,
    so a call's are its arguments'."""
    out: set[str] = set()
    if n.k == "ExprVar":
        out.add(n.name)
    elif n.k == "ExprQt":
        bound: set[str] = set()
        for names, _, b in n.decls:
            out |= free(b) - bound
            bound |= set(names)
        for ch in n.c:
            out |= free(ch) - bound
    elif n.k == "ExprLet" and len(n.c) == 2:
        out = set(free(n.c[0]) | (free(n.c[1]) - {n.name}))
    else:
        for _, _, b in n.decls:
            out |= free(b)
        for ch in n.c:
            out |= free(ch)
    return frozenset(out)


def depth_step(model: Model, n: Node, depth: Callable[[Node], int]) -> int:
    """How deeply past operators nest in ``n`` from its children's and a called body's (``depth``)."""
    subs = [b for _, _, b in n.decls] + list(n.c)
    if n.k == "ExprCall":
        f = model.funcs.get(n.name) or model.lib.get(n.name)
        subs += [f.body] if f is not None else []
    own = (n.k == "ExprUnary" and n.op in PAST) or (n.k == "ExprBinary" and n.op in PAST_BIN)
    return int(own) + max((depth(c) for c in subs), default=0)
