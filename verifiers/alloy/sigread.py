"""The gate's reading of a signature's appended fact, checked against the Analyzer's own (issue 33 item 4).

Behaviour preservation (preserve.py) writes a candidate's appended fact ``sig S {...} { F }`` as the
formula ``all fmr_this: S | { F' }``, F' being F as sigtext.py reads it (a field of S is ``fmr_this.f``,
``this`` is ``fmr_this``, ``@f`` is ``f``). That reading is text, and each of five outside attacks found
a place where it differed from Alloy's (a bracket hiding a join, a field named like a fun, ...). Here the
Analyzer decides instead: the candidate as the module holds it (its callables renamed apart, no commands)
with one predicate per reading appended is parsed by the Analyzer, and each reading's resolved tree must
equal the resolved tree of the signature's appended fact node for node: kinds, operators, which field of
which signature, types, bound variables, with ``this`` for ``fmr_this``. Any difference, or a text the
Analyzer cannot parse, is Unsupported: the gate does not decide, and never accepts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fmrepair.verifiers.alloy.sigtext import THIS, Unsupported, read_sig
from fmrepair.verifiers.alloy.syntax import Node, ParseError, node_from, shared_client
from fmrepair.verifiers.alloy.text import fact_span, split_paragraphs

MULT = {"ONEOF": "one", "LONEOF": "lone", "SOMEOF": "some", "SETOF": "set"}
PRED = "fmr_reading_"
BOUND = "fmr_bound"
SIGS = ("PrimSig", "SubsetSig")
Shape = tuple[Any, ...]
Reading = tuple[str, str | None, str]  # (signature, field or None for its appended fact, the text as read)


def shape(n: Node, this: str, one: str | None = None) -> Shape:
    """A resolved tree without its spans: what the Analyzer read, the variable ``this`` named ``this``; in
    the fact of a ``one sig`` (``one``: its name) the signature is its one atom, ``this`` too (the Analyzer
    writes it so)."""
    if (n.k == "ExprVar" and n.name == this) or (one is not None and n.k in SIGS and n.name == one):
        return ("this", n.ar, n.ty)
    decls = tuple((tuple(names), disj, shape(b, this, one)) for names, disj, b in n.decls)
    kids = tuple(shape(c, this, one) for c in n.c)
    return (n.k, n.op, n.name, n.owner, n.ar, n.ty, n.bool_, n.num, n.builtin, decls, kids)


def check_readings(module: str, readings: Sequence[Reading]) -> None:
    """``module``: the candidate's text as the comparison holds it (callables renamed apart, no commands);
    ``readings``: (signature, None, its appended fact as the gate reads it) and (signature, field, its
    bound as the gate reads it, multiplicity explicit). Raises Unsupported unless the Analyzer reads each
    exactly so."""
    if not readings:
        return
    preds = []
    for i, (sig, field, text) in enumerate(readings):
        inner = f"{{ {text} }}" if field is None else f"all {BOUND}: {text} | no none"  # a bound as a declaration
        preds.append(f"pred {PRED}{i} {{ all {THIS}: {sig} | {inner} }}")
    try:
        model = shared_client().parse(module.rstrip() + "\n" + "\n".join(preds) + "\n")
    except ParseError as e:
        raise Unsupported(f"the Analyzer does not accept the gate's reading of a signature's text ({e})") from None
    sigs = {s["name"]: s for s in model.sigs}
    for i, (sig, field, _) in enumerate(readings):
        s = sigs.get(sig, {})
        one = sig if s.get("one") else None
        inner = model.funcs[f"{PRED}{i}"].body.c[0]
        if field is None:
            facts = [node_from(f) for f in s.get("facts", [])]
            same = len(facts) == 1 and shape(facts[0], "this", one) == shape(inner, THIS, one)
            what = "the appended fact"
        else:
            got = [f["bound"] for f in s.get("fields", []) if f["name"] == field and f.get("bound")]
            same = len(got) == 1 and shape(node_from(got[0]), "this", one) == shape(inner.decls[0][2], THIS, one)
            what = f"the field {field}"
        if not same:
            raise Unsupported(f"the gate reads {what} of sig {sig} otherwise than the Analyzer")


class Readings:
    """The gate's readings of a candidate's signature text (``held``: the candidate as the comparison
    holds it), checked together by ``check``. Where the text alone does not tell, the Analyzer's own
    resolution is read instead, and checked like the others: a field's multiplicity (a default that
    depends on the type's arity) and an appended fact (``fact``)."""

    def __init__(self, held: str) -> None:
        self.held = held
        self.items: list[Reading] = []
        self._sigs: dict[str, dict[str, Any]] | None = None

    def add(self, sig: str, field: str | None, text: str) -> None:
        self.items.append((sig, field, text))

    def _sig(self, name: str) -> dict[str, Any]:
        """The Analyzer's view of signature ``name`` in ``held`` (empty: not parsed)."""
        if self._sigs is None:
            try:
                self._sigs = {s["name"]: s for s in shared_client().parse(self.held).sigs}
            except ParseError:
                self._sigs = {}
        return self._sigs.get(name, {})

    def multiplicity(self, sig: str, field: str) -> str | None:
        """``one``/``lone``/``some``/``set``, "" for a relation's bound written as it stands, None: unknown."""
        got = [node_from(f["bound"]) for f in self._sig(sig).get("fields", []) if f["name"] == field and f["bound"]]
        if len(got) != 1:
            return None
        return MULT.get(got[0].op, "") if got[0].k == "ExprUnary" else ""

    def fact(self, sig: str) -> str | None:
        """The appended fact of ``sig`` as the Analyzer resolved it, written as a formula over ``fmr_this``:
        its text with each field the Analyzer joined to ``this`` (written or not) read as ``fmr_this.f``
        and ``this`` as ``fmr_this`` (None: not read so)."""
        facts = self._sig(sig).get("facts", [])
        if len(facts) != 1:
            return None
        root = node_from(facts[0])
        reps: list[tuple[int, int, str]] = []
        try:
            paras = [p for p in split_paragraphs(self.held) if p.kind == "sig" and sig in read_sig(p).names]
        except Unsupported:
            return None
        braces = fact_span(paras[0]) if len(paras) == 1 else None  # the tree must lie in the fact's own text
        if braces is None or not braces[0] <= root.s < root.e <= braces[1]:
            return None
        if not _this_spans(root, self.held, sig, reps):
            return None
        out, pos = [], root.s
        for s, e, text in sorted(reps):
            if s < pos or e > root.e:
                return None
            out += [self.held[pos:s], text]
            pos = e
        return "".join(out) + self.held[pos : root.e]

    def check(self) -> None:
        check_readings(self.held, self.items)


def _this_spans(n: Node, src: str, sig: str, reps: list[tuple[int, int, str]]) -> bool:
    """Collects the replacements that write ``this`` out (False: a ``this`` the reading cannot place)."""
    left = n.c[0] if n.k == "ExprBinary" and n.op == "JOIN" else None
    if left is not None and n.c[1].k == "Field" and (left.s, left.e) == (n.c[1].s, n.c[1].e) and (
        (left.k == "ExprVar" and left.name == "this") or (left.k in SIGS and left.name == sig)
    ):  # a field joined to `this` by the Analyzer, not in the text (in a `one sig`, to the sig itself)
        reps.append((n.s, n.e, f"({THIS}.{src[n.c[1].s : n.c[1].e]})"))
        return n.s >= 0 and n.e <= len(src) and src[n.c[1].s : n.c[1].e] == n.c[1].name
    if n.k == "ExprVar" and n.name == "this":
        reps.append((n.s, n.e, THIS))
        return n.s >= 0 and src[n.s : n.e] == "this"
    return all(_this_spans(b, src, sig, reps) for _, _, b in n.decls) and all(
        _this_spans(c, src, sig, reps) for c in n.c
    )
