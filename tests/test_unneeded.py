"""The put-back and unneeded-constraint readings (verifiers/alloy/dropped.py, ``unneeded``) with the real Analyzer:
a disjunct that keeps good instances of the author's file which the rest of the fix would lose is needed, by
behaviour if not by a command (helper-35's s3acct_h_orform); a disjunct that only widens is not."""

from __future__ import annotations

from fmrepair.verifiers.alloy.dropped import atomic, unneeded
from fmrepair.verifiers.alloy.gate import gate

CLUBS = """sig Team { members: set Player }
sig Player { team: one Team }
fact Link { all p: Player | p in p.team.members  all t: Team | t.members.team in Team }
assert Consistent { all p: Player, t: Team | p in t.members iff p.team = t }
check Consistent for 3
"""
FAULT = "all t: Team | t.members.team in Team"
OR_FORM = CLUBS.replace(FAULT, "all t: Team | no t.members or t.members.team = t")
WIDENED = CLUBS.replace(FAULT, "all t: Team | t.members.team = t or #t.members > 2")


def test_atomic_pieces_have_no_connective() -> None:
    assert atomic("no t.members") and atomic("x >= y") and atomic("p in t.members")
    assert not any(atomic(t) for t in ("a => b", "a && b", "a || b", "all x: A | p", "a and (b or c)"))


def test_a_disjunct_that_keeps_good_instances_is_needed(alloy) -> None:  # noqa: ANN001
    assert unneeded(CLUBS, OR_FORM, alloy) == []
    rep = gate(CLUBS, OR_FORM, verifier=alloy, behaviour="require")
    assert rep.status == "faithful", rep.reasons + rep.unknown


def test_a_disjunct_that_only_widens_is_not(alloy) -> None:  # noqa: ANN001
    """`#t.members > 2` lets big teams' members name other teams: no check fails at scope 3, and without it the
    fix keeps every good instance; it is a change no command needs (or an escape above the scope)."""
    rep = gate(CLUBS, WIDENED, verifier=alloy, behaviour="require")
    assert rep.status != "faithful", rep
