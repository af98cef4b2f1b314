"""Counterexamples as Python instances: `parse_witness` reads the verifier's rendered witness
(``Sig = {A$0, ...}``, ``field = {A$0->B$1}``) into an `Instance` (None: temporal, truncated or unreadable).
"""

from __future__ import annotations

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
    def __init__(self, sigs: dict[str, Rel], fields: dict[str, Rel]) -> None:
        self.sigs = sigs
        self.fields = fields
        self.atoms: Rel = frozenset(t for r in sigs.values() for t in r)
        # a field holding integers (numbers in the witness) would make the placeholders wrong
        self.numeric = any(_numeric(a) for r in fields.values() for t in r for a in t)
        self.univ: Rel = self.atoms | frozenset(INT_ATOMS)


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
    """The instance of a rendered counterexample (None: temporal, truncated or unreadable)."""
    if not witness or witness.startswith("trace of") or "(truncated)" in witness:
        return None
    values: dict[str, Rel] = {}
    try:
        for line in witness.splitlines():
            if line.startswith("skolem ") or " = " not in line:
                continue
            name, _, rest = line.partition(" = ")
            values[name.strip()] = _tuples(rest)
    except Unknown:
        return None
    sigs: dict[str, Rel] = {}
    known = {s["name"] for s in model.sigs}

    def sig_value(name: str, depth: int = 0) -> Rel:
        if name in sigs:
            return sigs[name]
        if name in values:
            sigs[name] = values[name]
        else:  # an abstract parent is not listed: the union of its children
            kids = [s["name"] for s in model.sigs if not s["subset"] and name in s["parents"]]
            sigs[name] = frozenset().union(*(sig_value(k, depth + 1) for k in kids)) if depth < 20 else frozenset()
        return sigs[name]

    for name in known:
        sig_value(name)
    fields: dict[str, Rel] = {}
    for s in model.sigs:
        for f in s["fields"]:
            key = f"{s['name']}<:{f['name']}"
            fields[key] = values.get(key, values.get(f["name"], frozenset()))
    return Instance(sigs, fields)
