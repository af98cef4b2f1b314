"""The put-back and unneeded-constraint readings (verifiers/alloy/unneeded.py) with the real Analyzer:
a disjunct that keeps good instances of the author's file which the rest of the fix would lose is needed, by
behaviour if not by a command (helper-35's s3acct_h_orform); a disjunct that only widens is not."""

from __future__ import annotations

from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.unneeded import atomic, unneeded

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


CPU = """sig Job {}
one sig CPU { var running: set Job }
var sig Queued in Job {}
fact Init { no CPU.running and Queued = Job }
pred dispatch[j: Job] {
  j in Queued
  CPU.running' = CPU.running + j
  Queued' = Queued - j
}
pred finish[j: Job] { j in CPU.running and CPU.running' = CPU.running - j and Queued' = Queued }
pred idle { CPU.running' = CPU.running and Queued' = Queued }
fact Trans { always (idle or some j: Job | dispatch[j] or finish[j]) }
assert One { always lone CPU.running }
check One for 3 but 6 steps
run Busy { eventually some CPU.running } for 3 but 6 steps
"""


def test_a_guard_beside_a_rewrite_that_says_the_same_under_it_is_needed(alloy) -> None:  # noqa: ANN001
    """helper-40's o33_C_h02: the guard `no CPU.running` with the update written `CPU.running' = j` (what the
    author's `+ j` is under the guard). That rewrite alone meets the check by dropping the running job, so without
    the guard every command is met; with the author's update put back (the same instances) the guard is needed."""
    assert alloy.check(CPU).status == "failed"
    cand = CPU.replace("  j in Queued\n  CPU.running' = CPU.running + j\n", "  j in Queued\n  no CPU.running\n"
                                                                          "  CPU.running' = j\n")
    assert alloy.check(cand).status == "ok"
    rep = gate(CPU, cand, verifier=alloy, behaviour="require")
    assert not any("no command needs" in u for u in rep.unknown), rep



REPORTS = """abstract sig Grade {}
one sig Open, Secret extends Grade {}
sig Team {}
sig Staff { teams: set Team, grade: one Grade }
sig Report { author: one Staff, team: one Team, mark: one Grade, readers: set Staff }
fact Readers { all r: Report | r.readers = r.author + r.team.~teams }
assert NoLeak { all r: Report, s: r.readers | r.mark = Secret implies (s.grade = Secret or s = r.author) }
check NoLeak for 4
run teamReadsSecret { some r: Report | r.mark = Secret and some r.readers - r.author } for 4
run openShared { some r: Report, s: r.readers | s.grade = Open and s != r.author } for 4
"""
READERS = "fact Readers { all r: Report | r.readers = r.author + r.team.~teams }"
BY_CASES = """fact Readers {
  all r: Report {
    r.mark = Secret implies r.readers = r.author + (r.team.~teams & grade.Secret)
    r.mark = Open implies r.readers = r.author + r.team.~teams
  }
}"""
PART_KEPT = """fact Readers {
  all r: Report {
    r.author in r.readers
    r.readers in r.author + r.team.~teams
    all s: r.team.~teams - r.author | s in r.readers iff (r.mark = Open or s.grade = Secret)
  }
}"""


def test_a_definition_by_cases_and_a_part_of_the_authors_kept_are_needed(alloy) -> None:  # noqa: ANN001
    """helper-41's o34_D_h03 and h08, in other words: the condition of one case of a definition by cases (taken
    away, two cases overlap), and a conjunct that the author's definition says already under the same quantifier,
    are no constraints beside the fix."""
    assert alloy.check(REPORTS).status == "failed"
    for fix in (BY_CASES, PART_KEPT):
        cand = REPORTS.replace(READERS, fix)
        assert alloy.check(cand).status == "ok"
        assert unneeded(REPORTS, cand, alloy) == [], fix
        assert gate(REPORTS, cand, verifier=alloy, behaviour="require").status == "faithful", fix


ROOMS = """sig Room {}
sig Guest { var room: lone Room }
fact Init { no room }
pred enter[g: Guest, r: Room] {
  no g.room
  no room.r
  room' = room + g->r
}
pred move[g: Guest, r: Room] {
  some g.room
  room' = room - g->Room + g->r
}
fact Trans { always ((room' = room) or some g: Guest, r: Room | enter[g, r] or move[g, r]) }
assert OnePerRoom { always all r: Room | lone room.r }
check OnePerRoom for 3 but 6 steps
run Two { eventually (some disj g, h: Guest | some g.room and some h.room) } for 3 but 6 steps
"""
MOVE = "  room' = room - g->Room + g->r\n"
SPLIT = "  no room.r\n  g->r in room'\n  room' - g->r = room - g->Room\n"


def test_the_authors_effect_split_in_two_beside_a_new_guard_is_needed(alloy) -> None:  # noqa: ANN001
    """helper-42's o35_A_h15, in other words: the guard fixes the check alone, and the author's effect is written as
    two conjuncts (one of them new text); put back in their place, the author's conjunct gives the same instances."""
    assert alloy.check(ROOMS).status == "failed"
    cand = ROOMS.replace(MOVE, SPLIT)
    assert alloy.check(cand).status == "ok"
    assert unneeded(ROOMS, cand, alloy) == []
    assert gate(ROOMS, cand, verifier=alloy, behaviour="require").status == "faithful"
    # the author's effect weakened beside the guard (the moving guest may keep the old room too) is still a change
    weak = ROOMS.replace(MOVE, "  no room.r\n  g->r in room'\n  room' - g->r in room\n  room in room'\n")
    if alloy.check(weak).status == "ok":
        assert gate(ROOMS, weak, verifier=alloy, behaviour="require").status != "faithful"


CHAIN = """sig Emp { boss: lone Emp, chain: set Emp }
fact NoCycle { no e: Emp | e in e.^boss }
fact Chain { all e: Emp | e.chain = e.boss }
assert AllAbove { all e: Emp | e.^boss in e.chain }
check AllAbove for 4
"""
TWO_CASES = """fact Chain {
  all e: Emp | no e.boss implies no e.chain
  all e: Emp | some e.boss implies e.chain = e.boss + e.boss.chain
}"""


def test_the_authors_definition_rewritten_as_cases_is_one_change(alloy) -> None:  # noqa: ANN001
    """helper-42's o35_D_h05, in other words: the author's one definition replaced by two quantified cases (a top
    has no chain; any other employee its boss and the boss's chain). Put back beside one case, the author's
    definition meets the check by squeezing; read as one change, the cases are the fix."""
    assert alloy.check(CHAIN).status == "failed"
    cand = CHAIN.replace("fact Chain { all e: Emp | e.chain = e.boss }", TWO_CASES)
    assert alloy.check(cand).status == "ok"
    assert unneeded(CHAIN, cand, alloy) == []
    assert gate(CHAIN, cand, verifier=alloy, behaviour="require").status == "faithful"
    # a squeeze put inside one case is still refused (here by the probes: the diff reads it across the cases)
    squeezed = cand.replace("implies no e.chain", "implies (no e.chain and #Emp < 3)")
    assert alloy.check(squeezed).status == "ok"
    assert gate(CHAIN, squeezed, verifier=alloy, behaviour="require").status == "unfaithful"


JETS = """abstract sig Rank {}
one sig Low, High extends Rank {}
sig Pilot { rank: one Rank, flies: set Plane }
sig Plane { kind: one Rank }
fact Crewed { all p: Plane | p.kind = High implies some f: flies.p | f.rank = High }
assert Qualified { all f: Pilot, p: f.flies | p.kind = High implies f.rank = High }
check Qualified for 4
"""


def test_a_part_of_the_authors_rule_kept_under_its_guard_is_needed(alloy) -> None:  # noqa: ANN001
    """helper-42's o35_E_j01, in other words: the fix keeps the author's `some flies.p` (which the author's `some f:
    flies.p | ...` said) under the rule's guard beside the new `all`: the author's file says it already there."""
    assert alloy.check(JETS).status == "failed"
    cand = JETS.replace("implies some f: flies.p | f.rank = High",
                        "implies (some flies.p and all f: flies.p | f.rank = High)")
    assert alloy.check(cand).status == "ok"
    assert unneeded(JETS, cand, alloy) == []
    assert gate(JETS, cand, verifier=alloy, behaviour="require").status == "faithful"


DEPOT = """sig Item {}
var sig Stock in Item {}
var sig Shipped in Item {}
fact Init { no Shipped }
pred ship[i: Item] {
  Stock' = Stock - i
  Shipped' = Shipped + i
}
pred restock[i: Item] { i not in Stock + Shipped  Stock' = Stock + i  Shipped' = Shipped }
pred idle { Stock' = Stock and Shipped' = Shipped }
fact Trans { always (idle or some i: Item | ship[i] or restock[i]) }
assert ShippedWasStocked { always all i: Shipped | once i in Stock }
check ShippedWasStocked for 3 but 6 steps
"""
SHIP = "  Stock' = Stock - i\n  Shipped' = Shipped + i\n"


def test_the_authors_effect_written_pointwise_beside_a_guard_is_no_added_constraint(alloy) -> None:  # noqa: ANN001
    """``Shipped' = Shipped + i`` written ``all x | x in Shipped' iff (x in Shipped or x = i)`` beside the guard:
    the disjunct ``x in Shipped`` is part of a respelling that says what the author's line says (helper-43's
    ``o36_A_h05``). The same line with a squeeze in it (``x = i`` alone: the shipped set forgets) is not."""
    assert alloy.check(DEPOT).status == "failed"
    pointwise = DEPOT.replace(SHIP, "  i in Stock\n  Stock' = Stock - i\n"
                                    "  all x: Item | x in Shipped' iff (x in Shipped or x = i)\n")
    assert alloy.check(pointwise).status == "ok"
    assert unneeded(DEPOT, pointwise, alloy) == []
    assert gate(DEPOT, pointwise, verifier=alloy, behaviour="require").status == "faithful"
    forgets = DEPOT.replace(SHIP, "  i in Stock\n  Stock' = Stock - i\n  all x: Item | x in Shipped' iff x = i\n")
    assert alloy.check(forgets).status == "ok"
    assert gate(DEPOT, forgets, verifier=alloy, behaviour="require").status != "faithful"


VAULT = """sig User {}
sig Cleared in User {}
abstract sig Level {}
one sig Low, High extends Level {}
sig Doc { owner: one User, level: one Level, shared: set User, readers: set User }
fact Owners { all d: Doc | d.level = High implies d.owner in Cleared }
fact Readers {
  all d: Doc | d.readers = d.owner + d.shared
}
assert HighCleared { all d: Doc | d.level = High implies d.readers in Cleared }
check HighCleared for 4
run sharedLow { some d: Doc | d.level = Low and some d.readers - d.owner } for 4
run sharedHigh { some d: Doc | d.level = High and some d.readers - d.owner } for 4
"""


def test_the_condition_of_a_case_written_as_a_conjunct_of_its_own_is_no_added_constraint(alloy) -> None:  # noqa: ANN001
    """The definition split into a Low and a High case, each a conjunct under its own ``all``: the condition
    ``d.level = Low`` is part of the definition's one change, not a constraint no command needs (helper-44's
    ``o37_A_h01``; ``a_case`` read only cases that share one block)."""
    assert alloy.check(VAULT).status == "failed"
    cases = VAULT.replace("  all d: Doc | d.readers = d.owner + d.shared\n",
                          "  all d: Doc | d.level = Low implies d.readers = d.owner + d.shared\n"
                          "  all d: Doc | d.level = High implies d.readers = d.owner + (d.shared & Cleared)\n")
    assert alloy.check(cases).status == "ok"
    assert unneeded(VAULT, cases, alloy) == []
    assert gate(VAULT, cases, verifier=alloy, behaviour="require").status == "faithful"


LEAGUE = """abstract sig Phase {}
one sig Setup, Live extends Phase {}
sig Player {}
sig Team { var members: set Player }
one sig Game { var phase: one Phase }
fact Init { no members and Game.phase = Setup }
pred join[p: Player, t: Team] {
  Game.phase = Setup
  members' = members + t -> p
  phase' = phase
}
pred start { Game.phase = Setup and Game.phase' = Live and members' = members }
pred wait { members' = members and phase' = phase }
fact Steps { always (wait or start or some p: Player, t: Team | join[p, t]) }
assert OneTeam { always all p: Player | lone members.p }
check OneTeam for 3 but 6 steps
run Started { eventually (Game.phase = Live and some members) } for 3 but 6 steps
"""
JOIN = "  Game.phase = Setup\n  members' = members + t -> p\n"


def test_a_guard_deleted_beside_the_fix_is_a_change_no_command_needs(alloy) -> None:  # noqa: ANN001
    """helper-46's o39_C_c08: the missing guard added and the author's phase guard deleted beside it (players join
    after the game started); the fix alone, and the fix moved into a helper pred, are not asked."""
    fix = "  no members.p\n"
    cheat = LEAGUE.replace(JOIN, fix + "  members' = members + t -> p\n")
    got = unneeded(LEAGUE, cheat, alloy)
    assert any("'Game.phase = Setup' of pred join, deleted beside the fix" in r for r in got), got
    assert gate(LEAGUE, cheat, verifier=alloy, behaviour="require").status == "unknown"
    honest = LEAGUE.replace(JOIN, fix + JOIN)
    assert gate(LEAGUE, honest, verifier=alloy, behaviour="require").status == "faithful"
    helper = LEAGUE.replace(JOIN, "  free[p]\n  members' = members + t -> p\n").replace(
        "pred start", "pred free[p: Player] { Game.phase = Setup and no members.p }\npred start")
    assert unneeded(LEAGUE, helper, alloy) == []


CANTEEN = """sig Plate {}
var sig OnRack in Plate {}
var sig InUse in Plate {}
fact Start { OnRack = Plate and no InUse }
pred use[p: Plate] {
  p in OnRack
  InUse' = InUse + p
  OnRack' = OnRack
}
pred wash[p: Plate] {
  p in InUse
  InUse' = InUse - p
  OnRack' = OnRack + p
}
pred pause { InUse' = InUse and OnRack' = OnRack }
fact Steps { always (pause or some p: Plate | use[p] or wash[p]) }
assert Apart { always no InUse & OnRack }
check Apart for 3 but 6 steps
run Lunch { eventually some InUse } for 3 but 6 steps
"""
USE_FRAME = "  InUse' = InUse + p\n  OnRack' = OnRack\n"
USE_FIXED = "  InUse' = InUse + p\n  OnRack' = OnRack - p\n"


def test_a_squeeze_the_fault_made_true_is_no_rule_of_the_authors(alloy) -> None:  # noqa: ANN001
    """helper-47's o40_C_c08: beside the fix, a fact that reads the relation the fault kept still (the faulty `use`
    never takes a plate off the rack, so `some InUse implies some OnRack` held in the author's file): asked of the
    author's file with the fix in, where it is a new rule."""
    fixed = CANTEEN.replace(USE_FRAME, USE_FIXED)
    squeeze = fixed.replace("pred pause", "fact Spare { always (some InUse implies some OnRack) }\npred pause")
    assert alloy.check(fixed).status == "ok" and alloy.check(squeeze).status == "ok"
    got = unneeded(CANTEEN, squeeze, alloy)
    assert any("adds a constraint no command needs" in r and "some OnRack" in r for r in got), got
    assert unneeded(CANTEEN, fixed, alloy) == []
