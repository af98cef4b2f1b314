"""Parse the compact text of an Alloy counterexample or instance (verifiers/alloy/render.py) back into
atoms, signatures and relations, so it can be drawn.

The text is what verdicts keep (``CommandResult.witness``)::

    Node = {Node$0, Node$1}
    adj = {Node$1->Node$0, Node$1->Node$1}
    skolem n = {Node$0}

and, for a temporal trace, ``trace of N states, looping back to state L`` followed by ``state i:``
blocks of indented lines. Unary lines are signatures (or unary skolems), wider ones are fields.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

_LINE = re.compile(r"^(skolem\s+)?(\S+)\s*=\s*(.*)$")
_TRACE = re.compile(r"^trace of (\d+) states, looping back to state (-?\d+)")
_STATE = re.compile(r"^state (\d+):$")


class Relation(BaseModel):
    name: str
    tuples: list[list[str]] = Field(default_factory=list)
    skolem: bool = False

    @property
    def arity(self) -> int:
        return max((len(t) for t in self.tuples), default=0)


class State(BaseModel):
    """One instance (a static one, or one state of a trace)."""

    sigs: dict[str, list[str]] = Field(default_factory=dict)  # signature -> atoms, in order
    relations: list[Relation] = Field(default_factory=list)  # fields and skolems of arity >= 2
    labels: dict[str, list[str]] = Field(default_factory=dict)  # atom -> unary skolems / subset sigs

    def atoms(self) -> dict[str, str]:
        """Every atom and the signature it is drawn in (its own sig, else the first that lists it)."""
        owner: dict[str, str] = {}
        for sig, atoms in self.sigs.items():
            for a in atoms:
                if a.rsplit("$", 1)[0] == sig or a not in owner:
                    owner[a] = sig
        for rel in self.relations:
            for t in rel.tuples:
                for a in t:
                    owner.setdefault(a, "Int" if re.fullmatch(r"-?\d+", a) else "univ")
        return owner


class Instance(BaseModel):
    states: list[State] = Field(default_factory=list)
    loop: int | None = None  # the state a trace loops back to
    truncated: bool = False


def _tuples(value: str) -> list[list[str]] | None:
    value = value.strip()
    if not (value.startswith("{") and value.endswith("}")):
        return None
    body = value[1:-1].strip()
    if not body:
        return []
    return [[a.strip() for a in item.split("->")] for item in body.split(",") if item.strip()]


def _add(state: State, line: str) -> None:
    m = _LINE.match(line.strip())
    if not m:
        return
    skolem, name, value = bool(m.group(1)), m.group(2), m.group(3)
    tuples = _tuples(value)
    if tuples is None:  # a skolem with a non-set value (an integer)
        state.relations.append(Relation(name=f"${name} = {value.strip()}", skolem=True))
        return
    if tuples and all(len(t) == 1 for t in tuples):
        if skolem:
            for (a,) in tuples:
                state.labels.setdefault(a, []).append("$" + name)
            return
        state.sigs[name] = [t[0] for t in tuples]
        return
    if not tuples and not skolem and not state.relations:
        state.sigs[name] = []  # an empty signature (relations are listed only when non-empty)
        return
    state.relations.append(Relation(name=("$" + name) if skolem else name, tuples=tuples, skolem=skolem))


def parse_instance(text: str) -> Instance:
    """Read a witness text; lines that are not ``name = {...}`` are ignored (never fatal)."""
    inst = Instance()
    current: State | None = None
    skolems: list[str] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith("... "):
            inst.truncated = True
            continue
        if m := _TRACE.match(line):
            inst.loop = int(m.group(2))
            continue
        if _STATE.match(line.strip()):
            current = State()
            inst.states.append(current)
            continue
        if line.startswith("skolem "):
            skolems.append(line)
            continue
        if current is None:
            current = State()
            inst.states.append(current)
        _add(current, line)
    if not inst.states:
        inst.states.append(State())
    for line in skolems:  # skolems are evaluated in the first state
        _add(inst.states[0], line)
    for state in inst.states:  # unary lines of sets inside another sig's atoms are subset sigs: labels
        for sig, atoms in list(state.sigs.items()):
            others = [o for s2, o in state.sigs.items() if s2 != sig]
            if atoms and all(a.rsplit("$", 1)[0] != sig and any(a in o for o in others) for a in atoms):
                for a in atoms:
                    state.labels.setdefault(a, []).append(sig)
                del state.sigs[sig]
    for state in inst.states:
        _ordering_as_order(state)
    return inst


_ORD = re.compile(r"^(?:.*/)?Ord$")


def _ordering_as_order(state: State) -> None:
    """util/ordering drawn as an order: its internal ``ordering/Ord`` atom is dropped, ``Next`` becomes a
    binary ``next`` edge between the ordered atoms and ``First`` a ``first`` label."""
    ords = {a for sig, atoms in state.sigs.items() if _ORD.match(sig) for a in atoms}
    if not ords:
        return
    for sig in [s for s in state.sigs if _ORD.match(s)]:
        del state.sigs[sig]
    kept: list[Relation] = []
    for rel in state.relations:
        inner = [t for t in rel.tuples if t and t[0] in ords]
        if not inner or len(inner) != len(rel.tuples):
            kept.append(rel)
        elif rel.arity == 3:
            kept.append(Relation(name="next", tuples=[t[1:] for t in inner]))
        elif rel.arity == 2:
            for t in inner:
                state.labels.setdefault(t[1], []).append(rel.name.lower())
    state.relations = kept
