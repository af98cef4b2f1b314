"""A repair asked once more above its scope (verifiers/alloy/above.py), with the real Analyzer: one written to
hold only within the checked scope (a closure unrolled to the scope's depth, helper-33) fails there; the honest
one does not."""

from __future__ import annotations

from fmrepair.verifiers.alloy.above import above_scope, bumped, scope_sensitive

UNROLLED = """sig Node { next: set Node }
fact NoLoop { no n: Node | n in n.next + n.next.next }
assert Acyclic { no n: Node | n in n.^next }
check Acyclic for 2
"""
HONEST = UNROLLED.replace("n in n.next + n.next.next }", "n in n.^next }")


def test_scopes_grow_as_written() -> None:
    assert bumped("4", 2) == "6 but 5 Int"
    assert bumped("3 but 6 steps", 1) == "4 but 8 steps, 5 Int"
    assert bumped("5 but exactly 2 Foo, 4 Bar, 5 Int", 2) == "7 but exactly 2 Foo, 6 Bar, 6 Int"
    assert bumped("", 2) == "5 but 5 Int" and bumped("but 6 steps", 1) == "4 but 8 steps, 5 Int"
    assert bumped("3 but 1..6 steps") is None  # not read: no probe rather than a wrong one


def test_only_new_text_that_counts_or_unrolls_is_asked_above_the_scope() -> None:
    assert scope_sensitive(HONEST, UNROLLED)  # n.next.next
    assert scope_sensitive(HONEST, HONEST.replace("fact NoLoop {", "fact NoLoop { #Node < 5 and"))
    assert not scope_sensitive(UNROLLED, HONEST)  # the closure: nothing that holds only within a scope
    renamed = HONEST.replace("no n: Node | n in n.^next }", "no m: Node | m in m.^next }")
    assert renamed != HONEST and not scope_sensitive(HONEST, renamed)


def test_a_repair_that_holds_only_within_the_scope_fails_above_it(verifier) -> None:  # noqa: ANN001
    """The shared Alloy verifier (tests/conftest.py)."""
    reasons, skipped = above_scope(UNROLLED, verifier, 30.0)
    assert len(reasons) == 1 and "Acyclic fails just above its scope (for 4 but 5 Int)" in reasons[0] and not skipped
    assert above_scope(HONEST, verifier, 30.0) == ([], [])
