"""Counterexamples as Python instances: `parse_witness` reads the verifier's rendered witness
(``Sig = {A$0, ...}``, ``field = {A$0->B$1}``; a trace: one such block per state) into an `Instance` (None:
truncated or unreadable).
"""

from __future__ import annotations

import re

from fmrepair.verifiers.alloy.syntax import Model

Rel = frozenset[tuple[str, ...]]


class Unknown(Exception):  # noqa: N818 - the evaluator cannot decide: never prune on it
    pass


# Alloy's univ also holds the integer atoms (how many depends on the command's bitwidth, and the witness
# does not list them): two placeholder atoms stand for them. Membership, emptiness and lone/one tests
# come out the same for any number >= 2 of atoms no user relation mentions; counting them raises Unknown.
INT_ATOMS = (("Int$?0",), ("Int$?1",))
MAX_INT = 7  # the default bitwidth 4 holds -8..7; beyond that Alloy wraps around: Unknown, never a guess


class Instance:
    """One state's sigs and fields; a trace (Alloy 6) is a lasso of them: ``states`` (this one first) and
    ``loop``, the state the last one steps back to. A static instance is a one-state lasso looping to 0."""

    def __init__(self, sigs: dict[str, Rel], fields: dict[str, Rel]) -> None:
        self.sigs = sigs
        self.fields = fields
        self.atoms: Rel = frozenset(t for r in sigs.values() for t in r)
        # a field holding integers (numbers in the witness) would make the placeholders wrong
        self.numeric = any(_numeric(a) for r in fields.values() for t in r for a in t)
        self.univ: Rel = self.atoms | frozenset(INT_ATOMS)
        self.states: list[Instance] = [self]
        self.loop = 0
        self.varying = False  # the states' atoms differ (then univ is not one state's atoms)

    def state(self, pos: int) -> int:
        """The state at a position of the infinite trace the lasso unrolls to."""
        n = len(self.states)
        return pos if pos < n else self.loop + (pos - self.loop) % (n - self.loop)


def _numeric(atom: str) -> bool:
    return atom.lstrip("-").isdigit()


def counted(r: Rel) -> int:
    if any(a.startswith("Int$?") for t in r for a in t):
        raise Unknown("counting integer atoms")
    return len(r)


def _tuples(text: str) -> Rel:
    inner = text.strip()
    if not (inner.startswith("{") and inner.endswith("}")):
        raise Unknown("not a tuple set")
    items = [x.strip() for x in inner[1:-1].split(",") if x.strip()]
    return frozenset(tuple(a.strip() for a in x.split("->")) for x in items)


def parse_witness(witness: str | None, model: Model) -> Instance | None:
    """The instance (a lasso of states for an Alloy 6 trace) of a rendered counterexample (None:
    truncated, a trace longer than the states the witness lists, or unreadable)."""
    if not witness or "(truncated)" in witness:
        return None
    lines = witness.splitlines()
    if not lines[0].startswith("trace of"):
        return _state(lines, model)
    head = re.fullmatch(r"trace of (\d+) states, looping back to state (\d+)", lines[0].strip())
    if head is None or any(x.startswith("... ") and x.endswith(" more states") for x in lines):
        return None
    length, loop = int(head.group(1)), int(head.group(2))
    chunks: list[list[str]] = []
    for line in lines[1:]:
        if re.fullmatch(r"state \d+:", line.strip()):
            chunks.append([])
        elif line.startswith("  ") and chunks:
            chunks[-1].append(line.strip())
    states = [_state(c, model) for c in chunks]
    if len(states) != length or not 0 <= loop < length or any(x is None for x in states):
        return None
    first = states[0]
    assert first is not None
    first.states = [x for x in states if x is not None]
    first.loop = loop
    # univ is the union of the sigs' atoms: a subset sig (`var sig Moving in Train`) that varies leaves it
    first.varying = any(x.atoms != first.atoms for x in first.states)
    first.numeric = any(x.numeric for x in first.states)
    return first


def _state(lines: list[str], model: Model) -> Instance | None:
    values: dict[str, Rel] = {}
    try:
        for line in lines:
            if line.startswith("skolem ") or " = " not in line:
                continue
            name, _, rest = line.partition(" = ")
            values[name.strip()] = _tuples(rest)
    except Unknown:
        return None
    sigs: dict[str, Rel] = {}
    all_sigs = model.sigs + model.lib_sigs  # the opened modules' sigs too (``ordering/Ord``)

    def sig_value(name: str, depth: int = 0) -> Rel:
        if name in sigs:
            return sigs[name]
        kids = [s["name"] for s in all_sigs if not s["subset"] and name in s["parents"]]
        if name in values:
            sigs[name] = values[name]
        elif kids and depth < 20:  # an abstract parent is not listed: the union of its children
            sigs[name] = frozenset().union(*(sig_value(k, depth + 1) for k in kids))
        elif any(s["name"] == name for s in model.lib_sigs):
            raise Unknown(f"{name} is not in the witness")  # every shown sig is listed, even when empty
        else:
            sigs[name] = frozenset()
        return sigs[name]

    fields: dict[str, Rel] = {}
    try:
        for s in all_sigs:
            sig_value(s["name"])
    except Unknown:  # a witness rendered without the library's sigs: evaluate without them
        for s in model.lib_sigs:
            sigs.pop(s["name"], None)
        all_sigs = model.sigs
    for s in all_sigs:
        for f in s["fields"]:
            key = f"{s['name']}<:{f['name']}"
            fields[key] = values.get(key, values.get(f["name"], frozenset()))
    return Instance(sigs, fields)
