"""Counterexamples as observations: what a repair must do on them, pruning, and its soundness audit.

A failing *hidden* check (single parameterless editable pred, not shaping the facts) gives a "flip": on that
instance the checked candidate and the reference disagree, so any repair must give the pred the opposite value
there (on an Alloy 6 trace: a different value at some position, whatever temporal formula the hidden check is;
`trace_values` lists the positions that decide). A failing *visible* check of assertion A gives a "check": a
candidate for which the facts hold and A fails there keeps that counterexample. When the analyzer contradicts
our evaluator (`mistrust`), pruning stops for the task; with pruning off (run setting `search_prune: false`)
every prediction is audited against the analyzer's verdict (`search_audit: PATH` logs them).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field

from fmrepair.agents.evaluate import Evaluation
from fmrepair.agents.session import RepairSession
from fmrepair.verifiers.alloy.instance import (
    Instance,
    Unknown,
    facts_hold,
    holds,
    parse_witness,
    same_values,
    trace_values,
)
from fmrepair.verifiers.alloy.syntax import AstClient, Model, Node, ParseError


@dataclass
class Observation:
    inst: Instance
    kind: str  # "flip": the editable pred must not take the values `seen` again; "check": facts and not assertion
    name: str
    seen: tuple[bool, ...] = ()  # flip: the checked candidate's value at each position (one for a static instance)


@dataclass
class Found:
    """What the search learned (fed to the next prompt by the hybrid strategy)."""

    checked: int = 0  # candidates the analyzer checked (compiled and solved): the candidate budget
    ill_formed: int = 0  # candidates its compiler rejected (syntax or type error): counted apart
    pruned: int = 0
    proposals: int = 0  # distinct candidates proposed (pruned or checked): the budget of the Python work
    best: tuple[float, str, str] | None = None  # (weight, description, candidate)
    locations: list[str] = field(default_factory=list)
    witness: str | None = None
    audited: int = 0  # pruning off: candidates checked although predicted to fail
    unsound: int = 0  # ... of which the analyzer said the predicted-failing command is met
    mistrust: list[str] = field(default_factory=list)  # why pruning was switched off


def called_from_facts(model: Model) -> set[str]:
    """Preds/funs that facts call, directly or not. A flip observation (the pred must change its value on
    a hidden counterexample) needs the instance to stay valid, i.e. the pred not to shape the facts."""
    todo = [b for _, b in model.facts]
    seen: set[str] = set()
    while todo:
        for n in todo.pop().walk():
            if n.k == "ExprCall" and n.name not in seen:
                seen.add(n.name)
                if n.name in model.funcs:
                    todo.append(model.funcs[n.name].body)
    return seen


class Observer:
    """Mixin of `MutationSearch`: observations learned from verdicts, and predictions on them."""

    session: RepairSession
    client: AstClient
    obs: list[Observation]
    trust: bool
    found: Found
    audit_path: str | None

    def editable_pred(self, model: Model) -> str | None:
        preds = [k.split(" ", 1)[1] for k in self.session.editable if k.startswith("pred ")]
        if len(preds) == 1 and len(self.session.editable) == 1:
            f = model.funcs.get(preds[0])
            if f is not None and not f.params and preds[0] not in called_from_facts(model):
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
        return dataclasses.replace(model, funcs={**model.funcs, **funcs})

    def value(self, model: Model, over: dict[int, Node], text: str, inst: Instance, pred: str) -> tuple[bool, ...]:
        """The checked candidate's values on ``inst`` (at every position that decides a trace's: `trace_values`);
        in audit mode cross-checked against its re-parse."""
        v = trace_values(model, inst, model.funcs[pred].body, over)
        m2 = self.exact(text, model, over)
        if m2 is not None:
            try:
                v2 = trace_values(m2, inst, m2.funcs[pred].body)
            except (Unknown, RecursionError, ValueError, KeyError, TypeError, IndexError):
                return v
            if v2 != v:
                self.mistrust(f"override tree and re-parse disagree: {text[-300:]}")
                return v2
        return v

    def learn(self, ev: Evaluation, model: Model, over: dict[int, Node], text: str) -> None:
        pred = self.editable_pred(model)
        hidden_cmds = [c for c in ev.verdict.commands if c.label.startswith("hidden_property_")]
        flips = [o for o in self.obs if o.kind == "flip"]
        # every hidden check accepts this candidate: so must every flip observation
        accepted = pred is not None and hidden_cmds and all(c.met for c in hidden_cmds)
        if accepted and any(self.violates(o, model, over) for o in flips):
            self.mistrust("a candidate every hidden check accepts violates a flip observation")
        for c in ev.verdict.commands:
            hidden = c.label.startswith("hidden_property_")
            if c.met or c.outcome != "counterexample" or not c.witness:
                continue
            self.found.witness = c.witness
            inst = parse_witness(c.witness, model)
            if inst is None:
                continue
            try:
                if hidden:
                    if pred is not None:
                        self.obs.append(Observation(inst, "flip", pred, self.value(model, over, text, inst, pred)))
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
                return same_values(trace_values(model, o.inst, model.funcs[o.name].body, over), o.seen, o.inst)
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
