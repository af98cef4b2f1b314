"""The Analyzer's check of the gate's reading of appended facts (verifiers/alloy/sigread.py): a reading
that resolves as the Analyzer resolves the sig fact passes, any other reading is undecided, and a
misreading inside preserve.py comes out ``unknown`` rather than a verdict on the wrong formula."""

from __future__ import annotations

import pytest

from fmrepair.verifiers.alloy import preserve
from fmrepair.verifiers.alloy.sigread import check_readings
from fmrepair.verifiers.alloy.sigtext import Unsupported
from fmrepair.verifiers.alloy.syntax import node_from

NODES = """sig B { g: set B }
sig A { f: set A, h: set B } { some f and all x: f | x.@f in f }
one sig L { m: set B } { lone m }
"""


def test_the_reading_the_analyzer_resolves_the_same_passes() -> None:
    check_readings(NODES, [("A", None, "some (fmr_this.f) and all x: (fmr_this.f) | x.f in (fmr_this.f)")])
    check_readings(NODES, [("L", None, "lone (fmr_this.m)")])  # a `one sig`: the Analyzer writes its atom as L


@pytest.mark.parametrize(
    "reading",
    [
        "some f and all x: (fmr_this.f) | x.f in (fmr_this.f)",  # `f` left as the whole relation
        "some (fmr_this.f) and all x: (fmr_this.f) | x.f in A",  # a bound changed
        "some (fmr_this.f) or all x: (fmr_this.f) | x.f in (fmr_this.f)",  # another connective
        "some (fmr_this.f)",  # a conjunct lost
        "some (fmr_this.f) and all x: (fmr_this.f) | x.f in (fmr_this.f) and some g",  # one added
        "some (fmr_this.h) and all x: (fmr_this.f) | x.f in (fmr_this.f)",  # another field
    ],
)
def test_any_other_reading_is_undecided(reading: str) -> None:
    with pytest.raises(Unsupported, match="otherwise than the Analyzer"):
        check_readings(NODES, [("A", None, reading)])


def test_a_reading_the_analyzer_cannot_type_is_undecided() -> None:
    with pytest.raises(Unsupported, match="does not accept"):
        check_readings(NODES, [("A", None, "some (fmr_this.f).(fmr_this.h)")])


ORIGINAL = """sig Node { succ: set Node, tag: set Node }
assert NoSelf { all n: Node | n not in n.succ }
check NoSelf for 3
"""
# the appended fact constrains each node's own `next`: Alloy reads `succ` there as `this.succ`
CANDIDATE = ORIGINAL.replace("tag: set Node }", "tag: set Node } { some succ }")


def test_a_misreading_in_preserve_is_unknown_not_a_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    from fmrepair.verifiers.alloy import AlloyVerifier

    with AlloyVerifier(workers=1) as v:
        assert preserve.preservation(ORIGINAL, CANDIDATE, v).outcome in ("preserved", "narrows")
        # a reader that forgets Alloy's implicit `this.` (the kind of slip outside attacks found five times)
        monkeypatch.setattr(preserve, "this_fields", lambda src, scope: src.replace("this", "fmr_this"))
        rep = preserve.preservation(ORIGINAL, CANDIDATE, v)
    assert rep.outcome == "unknown" and "otherwise than the Analyzer" in (rep.why or ""), rep


FIELDS = """sig B {}
sig A { f: set A, h: lone B, r: A -> lone B, s: f }
"""


def test_a_field_bound_is_read_with_its_multiplicity_and_siblings() -> None:
    check_readings(FIELDS, [("A", "h", "lone (B)"), ("A", "r", "A -> lone B"), ("A", "s", "one ((fmr_this.f))")])
    for wrong in [("A", "h", "set (B)"), ("A", "r", "A -> B"), ("A", "s", "one (A)"), ("A", "f", "set (B)")]:
        with pytest.raises(Unsupported, match="Analyzer"):
            check_readings(FIELDS, [wrong])


def test_a_misread_default_multiplicity_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    from fmrepair.verifiers.alloy import AlloyVerifier

    candidate = ORIGINAL.replace("tag: set Node", "tag: Node")  # Alloy's default for a set of atoms: one
    with AlloyVerifier(workers=1) as v:
        assert preserve.preservation(ORIGINAL, candidate, v).outcome == "narrows"  # a tagless node is lost
        # a reader that takes the missing multiplicity for `set` would see no loss
        monkeypatch.setattr(preserve, "_field_bound", lambda sig, field, rhs, sigs=(), readings=None: ("set", rhs))
        rep = preserve.preservation(ORIGINAL, candidate, v)
    assert rep.outcome == "unknown" and "the field tag" in (rep.why or ""), rep


def test_the_multiplicity_the_analyzer_declares_is_known() -> None:
    from fmrepair.verifiers.alloy.sigread import Readings

    r = Readings(FIELDS + "sig N { nxt: set N, e: ^@nxt }\n")
    assert [r.multiplicity("A", f) for f in ("h", "s", "f", "r")] == ["lone", "one", "set", ""]
    assert r.multiplicity("N", "e") is not None and r.multiplicity("A", "nope") is None


def test_an_appended_fact_is_read_from_the_analyzers_resolution() -> None:
    """`(f).B` in sig A: Alloy takes `f` as B's field (not this.f) and `B` as the signature; the text rules
    refuse it, the Analyzer's tree tells it, and the reading resolves the same."""
    from fmrepair.verifiers.alloy.sigread import Readings

    text = "sig B { f: set B }\nsig A { f: set A, B: set A } { some f and this in B and (f).B = none }\n"
    r = Readings(text)
    got = r.fact("A")
    assert got == "some (fmr_this.f) and fmr_this in (fmr_this.B) and (f).B = none"
    r.add("A", None, got)
    r.check()


def test_spans_count_lines_and_columns_as_the_analyzer_does() -> None:
    """A lone carriage return ends a line for the Analyzer, and a character beyond the BMP is two Java
    chars: the spans of the resolved tree still point at the text it read (a seventh outside attack
    put a decoy fact one `\\n`-line below a lone `\\r`)."""
    from fmrepair.verifiers.alloy.syntax import shared_client

    for src in (
        '// c\rsig N { s: set N } { some s and "x" = "y" }\nfact D { some N and "x" = "x" }\n',
        'sig N { s: set N } { "\U0001F600" = "x" and some s }\n',
    ):
        fact = node_from(shared_client().parse(src).sigs[0]["facts"][0])
        assert all(src[n.s : n.e] == n.name for n in fact.walk() if n.k == "Field"), src
        assert '"y"' in src[fact.s : fact.e] or "\U0001F600" in src[fact.s : fact.e]
        assert {n.name for n in fact.walk() if n.k == "ExprConstant"} >= {'"x"'}  # string values are compared
