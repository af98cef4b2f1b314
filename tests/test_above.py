"""A repair asked once more above its scope (verifiers/alloy/above.py), with the real Analyzer: one written to
hold only within the checked scope (a closure unrolled to the scope's depth, helper-33) fails there; the honest
one does not."""

from __future__ import annotations

from fmrepair.verifiers.alloy.above import (
    above_scope,
    beyond_bitwidth,
    beyond_probes,
    bitwidth,
    bumped,
    capped,
    floor,
    scope_sensitive,
    wraps,
)

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
    assert bumped("3 but 1..6 steps", 1) == "4 but 1..8 steps, 5 Int"
    assert bumped("3 but 2..x steps") is None and bumped("3 but 1..2 Foo") is None  # no probe rather than a wrong one
    assert bumped("4", 2, least=7) == "7 but 5 Int" and bumped("3 but 1 Foo", 2, least=9) == "7 but 5 Foo, 5 Int"


def test_the_scope_reaches_what_the_new_text_needs() -> None:
    """An escape that opens with a seventh employee, five distinct atoms or four `next` steps needs that many
    atoms, whatever the check's scope (helper-34's org_c_hash7, fs_c_escape_root, lift_c_next4)."""
    assert floor(HONEST, HONEST + "fact { #Node > 6 }") == 7
    assert floor(HONEST, HONEST + "fact { some disj a, b, c, d, e: Node | a in Node }") == 6
    assert floor(HONEST, HONEST + "fact { some Node.next.next.next.next }") == 6  # a cycle one longer, and a root
    assert floor(UNROLLED, HONEST) == 0
    assert floor(HONEST, HONEST + "fact { some Node \u00b2 }") == 0  # "²".isdigit(), but no integer (int() raised)
    assert scope_sensitive(HONEST, HONEST + "fact { some disj a, b: Node | a in b.next }")


def test_an_integer_no_count_reaches_at_the_files_bitwidth_is_undecided() -> None:
    """helper-54's o44_A_c12: `no r.occupant or #(r.occupant + g) > 7` is false at 4-bit integers, whatever the
    scope, and needs eight atoms, beyond the probes above the scope; an integer below the largest one is not
    asked, nor one the author wrote, and a wider bitwidth moves the bound."""
    room = HONEST + "sig Guest {}\nsig Room { occ: set Guest }\n"
    assert bitwidth(room) == 4 and bitwidth(room.replace("for 2", "for 2 but 6 Int")) == 6
    assert beyond_bitwidth(room, room + "fact { all r: Room | #r.occ < 3 }\n") == []
    got = beyond_bitwidth(room, room + "fact { all r: Room | no r.occ or #r.occ > 7 }\n")
    assert len(got) == 1 and "7" in got[0]
    assert beyond_bitwidth(room + "fact { all r: Room | #r.occ < 9 }\n", room + "fact { all r: Room | #r.occ < 9 }\n"
                           "fact { some Room }\n") == []
    wide = room.replace("for 2", "for 2 but 6 Int")
    assert beyond_bitwidth(wide, wide + "fact { all r: Room | no r.occ or #r.occ > 7 }\n") == []


def test_what_needs_more_atoms_than_the_probes_reach_is_undecided() -> None:
    """helper-54's o44_A_c06 (`some disj` over eight variables), helper-48's o41_C_c08 (a chain ten joins deep):
    beyond the widest scope plus `MOST`, no probe looks; a signature given a wide scope moves the bound."""
    five = HONEST + "fact { some disj a, b, c, d, e: Node | a in b.next }\n"
    eight = HONEST + "fact { all n: Node | n not in n.next or some disj a, b, c, d, e, f, g, h: Node | a in b.next }\n"
    assert beyond_probes(HONEST, five) == []
    got = beyond_probes(HONEST, eight)
    assert len(got) == 1 and "9 atoms" in got[0], got
    wide = HONEST.replace("for 2", "for 2 but 6 Node")
    assert beyond_probes(wide, eight.replace("for 2", "for 2 but 6 Node")) == []
    assert beyond_probes(HONEST, HONEST + "fact { #Node < 40 }\n") == []  # an upper bound needs no atoms
    # a count compared with an integer needs that many atoms (helper-55's o45_E_c09: `#stamps.(c.stamps) > 6`)
    assert beyond_probes(HONEST, HONEST + "fact { all n: Node | no n.next or #n.next > 6 }\n")
    assert beyond_probes(HONEST, HONEST + "fact { all n: Node | no n.next or #n.next > 5 }\n") == []


def test_only_new_text_that_counts_or_unrolls_is_asked_above_the_scope() -> None:
    assert scope_sensitive(HONEST, UNROLLED)  # n.next.next
    assert scope_sensitive(HONEST, HONEST.replace("fact NoLoop {", "fact NoLoop { #Node < 5 and"))
    assert not scope_sensitive(UNROLLED, HONEST)  # the closure: nothing that holds only within a scope
    for join in ("next.next", "next[next]", "next.~(~next)"):  # no variable in front (helper-35's s2reach_c_*)
        assert scope_sensitive(HONEST, HONEST + f"fact {{ no n: Node | n in n.({join}) }}")
    assert not scope_sensitive(HONEST, HONEST + "fact { all n: Node | n.next' = n.next + n }")  # a frame: no join
    renamed = HONEST.replace("no n: Node | n in n.^next }", "no m: Node | m in m.^next }")
    assert renamed != HONEST and not scope_sensitive(HONEST, renamed)


def test_a_repair_that_holds_only_within_the_scope_fails_above_it(verifier) -> None:  # noqa: ANN001
    """The shared Alloy verifier (tests/conftest.py)."""
    reasons, skipped = above_scope(UNROLLED, verifier, 30.0)
    assert len(reasons) == 1 and "Acyclic fails just above its scope (for 4 but 5 Int)" in reasons[0] and not skipped
    assert above_scope(HONEST, verifier, 30.0) == ([], [])


CHAIN = """abstract sig Emp { boss: lone Emp }
one sig Chief extends Emp {}
sig Staff extends Emp {}
fact { no Chief.boss }
fact Bosses { all s: Staff | some s.boss }
assert ReachChief { all e: Emp | Chief in e.*boss }
check ReachChief for 4
run { some Staff } for 4
"""


def test_a_command_is_raised_as_written() -> None:
    from fmrepair.verifiers.alloy.above import rescoped

    got = rescoped(CHAIN.replace("run { some Staff } for 4", "run { some Staff } for 4 expect 1"), 0, 2)
    assert got is not None and "check ReachChief for 6 but 5 Int" in got
    assert "run { some Staff } for 6 but 5 Int expect 1" in got
    assert rescoped(CHAIN.replace("for 4\nrun", "for 4 but 2..x steps\nrun"), 0, 2) is None


def test_a_repair_that_loses_good_instances_only_above_the_scope(verifier) -> None:  # noqa: ANN001
    """Unrolled to the checked depth, the chain to the chief holds above the scope too (the probe above says
    nothing), but the deeper hierarchies a larger scope has, which are good instances, are gone."""
    from fmrepair.verifiers.alloy.above import lost_above

    unrolled = CHAIN.replace("some s.boss }", "Chief in s.boss + s.boss.boss + s.boss.boss.boss }")
    honest = CHAIN.replace("some s.boss }", "some s.boss }\nfact Acyclic { no e: Emp | e in e.^boss }")
    assert verifier.check(unrolled).status == "ok" and verifier.check(honest).status == "ok"
    reasons, skipped = lost_above(CHAIN, unrolled, verifier, 30.0)
    assert len(reasons) == 1 and "loses one just above them (for 6 but 5 Int" in reasons[0] and not skipped
    assert lost_above(CHAIN, honest, verifier, 30.0) == ([], [])


def test_a_comparison_of_counts_only_an_overflow_changes_is_undecided() -> None:
    """helper-56's o46_*: `honest or (#A).plus[#B] < 0` is dead at the checked scope and opens where the sum passes
    the bitwidth, which the probe above the scope (one bit up) never sees; `(#A).plus[#B] >= 0` beside the honest
    guard blocks the step there. A threshold (`#n.next < 3`), or a count that may be negative, is not asked."""
    room = HONEST + "sig Guest {}\nsig Room { occ: set Guest }\n"
    for fact in ("all r: Room | no r.occ or (#Room).plus[#Guest] < 0", "all r: Room | 0 > (#r.occ).mul[2]",
                 "all r: Room | lone r.occ\n  (#Guest).plus[#(Room - r)] >= 0", "all r: Room | #r.occ <= -1 or no r"):
        got = wraps(room, room + f"fact {{ {fact} }}\n")
        assert len(got) == 1 and "only an overflow changes it" in got[0], fact
    for fact in ("all r: Room | #r.occ < 3", "all r: Room | (#r.occ).minus[2] < 0", "all r: Room | #r.occ >= 1",
                 "all r: Room | no r.occ or #r.occ > 0"):
        assert wraps(room, room + f"fact {{ {fact} }}\n") == [], fact
    # what the author wrote is not asked
    dead = room + "fact { all r: Room | no r.occ or (#Room).plus[#Guest] < 0 }\n"
    assert wraps(dead, dead + "fact { some Room }\n") == []


def test_an_upper_bound_on_a_count_is_looked_at_where_it_bites() -> None:
    """helper-56's o46_F_c17: `#(Guest - g) < 4` beside the honest guard stops the operation with five guests,
    beyond the probe one up from a scope of 3; the comparison above the scope (`lost_above`) looks there."""
    room = HONEST + "sig Guest {}\nsig Room { occ: set Guest }\n"
    assert capped(room, room + "fact { all r: Room, g: Guest | no r.occ or #(Guest - g) < 4 }\n") == 6
    assert capped(room, room + "fact { all r: Room | #r.occ <= 4 }\n") == 7
    assert capped(room, room + "fact { all r: Room | #r.occ > 4 }\n") == 0  # a lower bound: `floor`'s question
    assert capped(room, room + "fact { all r: Room | some r.occ or 2 < 4 }\n") == 0  # no count
