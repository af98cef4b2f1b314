"""Evicting instead of guarding (verifiers/alloy/evict.py), with the real Analyzer: an operation made to take
a lock away from the process holding it is undecided (helper-38's alloc_c_evict, the intent benchmark's mutex);
the guard, and an operation made to replace its own argument's value (a move), are not asked."""

from __future__ import annotations

from fmrepair.verifiers.alloy.evict import evictions
from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.probes import var_arities
from fmrepair.verifiers.alloy.text import split_paragraphs

LOCKS = """sig Lock {}
sig Proc { var holds: set Lock, var at: lone Room }
sig Room {}
fact Init { no holds }
pred acquire[p: Proc, l: Lock] {
  holds' = holds + p->l
  at' = at
}
pred release[p: Proc, l: Lock] {
  p->l in holds
  holds' = holds - p->l
  at' = at
}
pred walk[p: Proc, r: Room] {
  holds' = holds
  at' = at + p->r
}
pred idle { holds' = holds and at' = at }
fact Trans { always (idle or some p: Proc, l: Lock, r: Room | acquire[p, l] or release[p, l] or walk[p, r]) }
assert Exclusive { always all l: Lock | lone holds.l }
check Exclusive for 3 but 6 steps
run Busy { eventually some holds } for 3 but 6 steps
"""
ACQUIRE = "  holds' = holds + p->l\n"


def test_variable_relations_and_their_arity() -> None:
    assert var_arities(split_paragraphs(LOCKS)) == {"holds": 2, "at": 2}
    assert var_arities(split_paragraphs("sig A { var f: B -> lone A, g: set B }\nvar sig V in A {}\nsig B {}")) == {
        "f": 3, "V": 1}
    # a comment in the field list is no field (helper-54's o44_I: its words were read as field names)
    assert var_arities(split_paragraphs("one sig M {\n  var t: set A,   -- tickets, unused\n  var i: set A // in\n}\n"
                                        "sig A {}")) == {"t": 2, "i": 2}


def test_taking_the_lock_from_its_holder_is_undecided(alloy) -> None:  # noqa: ANN001
    assert alloy.check(LOCKS).status == "failed"
    for evict in ("  holds' = holds - Proc->l + p->l\n", "  holds' = (holds - (Proc - p)->l) + p->l\n"):
        cand = LOCKS.replace(ACQUIRE, evict)
        assert alloy.check(cand).status == "ok"
        rep = gate(LOCKS, cand, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("evicts: pred acquire" in u for u in rep.unknown), rep


def test_the_guard_is_a_repair_and_a_move_is_not_an_eviction(alloy) -> None:  # noqa: ANN001
    guard = LOCKS.replace(ACQUIRE, "  no holds.l\n" + ACQUIRE)
    assert gate(LOCKS, guard, verifier=alloy, behaviour="require").status == "faithful"
    # walk made to leave the old room: it takes away its own argument's tuple (p->old), not another's
    moved = guard.replace("  at' = at + p->r\n", "  at' = at - p->Room + p->r\n")
    assert evictions(guard, moved, alloy) == []


SEATS = """sig Guest {}
var sig Seated in Guest {}
var sig Waiting in Guest {}
fact Init { no Seated and Waiting = Guest }
pred sit[g: Guest] { g in Waiting  Seated' = Seated + g  Waiting' = Waiting - g }
pred stand[g: Guest] { g in Seated  Seated' = Seated - g  Waiting' = Waiting + g }
pred idle { Seated' = Seated and Waiting' = Waiting }
fact Trans { always (idle or some g: Guest | sit[g] or stand[g]) }
assert OneChair { always lone Seated }
check OneChair for 3 but 6 steps
"""
TOKEN = """sig Node {}
var sig Holder in Node {}
fact Init { one Holder }
pred pass[n: Node] { n not in Holder  Holder' = Holder + n }
pred skip { Holder' = Holder }
fact Trans { always (skip or some n: Node | pass[n]) }
assert OneToken { always one Holder }
check OneToken for 3 but 6 steps
"""


def test_a_set_taken_from_its_members_is_eviction_only_where_another_operation_releases_it(alloy) -> None:  # noqa: ANN001
    """`Seated' = g` while `stand` is how a guest leaves the chair: eviction. `Holder' = n` in a ring whose only
    move is `pass`: the token passed on (helper-25's o20_b_ghost_honest), not asked."""
    evict = SEATS.replace("Seated' = Seated + g", "Seated' = g")
    assert alloy.check(SEATS).status == "failed" and alloy.check(evict).status == "ok"
    assert any("evicts: pred sit" in r for r in evictions(SEATS, evict, alloy))
    passed = TOKEN.replace("Holder' = Holder + n", "Holder' = n")
    assert alloy.check(TOKEN).status == "failed" and alloy.check(passed).status == "ok"
    assert evictions(TOKEN, passed, alloy) == []


def test_an_eviction_in_a_helper_pred_or_a_new_operation_is_undecided(alloy) -> None:  # noqa: ANN001
    """helper-39's grab[p, r] that acquire calls, and take[p, r] called in the transition fact in place of the
    author's acquire (left unchanged, unused)."""
    helper = LOCKS.replace(ACQUIRE, "  grab[p, l]\n").replace(
        "pred release", "pred grab[p: Proc, l: Lock] { holds' = holds - Proc->l + p->l }\npred release")
    new_op = LOCKS.replace("pred release", "pred take[p: Proc, l: Lock] {\n  holds' = holds - Proc->l + p->l\n"
                                           "  at' = at\n}\npred release").replace("| acquire[p, l]", "| take[p, l]")
    for cand, who in ((helper, "pred acquire"), (new_op, "pred take")):
        assert alloy.check(cand).status == "ok"
        got = evictions(LOCKS, cand, alloy)
        assert got and got[0].startswith(f"evicts: {who} now takes holds"), got
    # the guard in a new operation called in acquire's place is no eviction
    guarded = LOCKS.replace("pred release", "pred take[p: Proc, l: Lock] {\n  no holds.l\n  holds' = holds + p->l\n"
                                            "  at' = at\n}\npred release").replace("| acquire[p, l]", "| take[p, l]")
    assert alloy.check(guarded).status == "ok"
    assert evictions(LOCKS, guarded, alloy) == []


def test_a_field_of_a_one_sig_is_owned_by_its_second_atom(alloy) -> None:  # noqa: ANN001
    """`one sig Lock { var holds: Proc -> Res }`: the first atom of every tuple is Lock's; taking away the
    argument's own tuple is no eviction, another process's is."""
    one = """sig Proc {}
sig Res {}
one sig Lock { var holds: Proc -> Res }
fact Init { no Lock.holds }
pred acquire[p: Proc, r: Res] { Lock.holds' = Lock.holds + p->r }
pred release[p: Proc, r: Res] { p->r in Lock.holds and Lock.holds' = Lock.holds - p->r }
pred idle { Lock.holds' = Lock.holds }
fact Trans { always (idle or some p: Proc, r: Res | acquire[p, r] or release[p, r]) }
assert Exclusive { always all r: Res | lone Lock.holds.r }
check Exclusive for 3 but 6 steps
"""
    own = one.replace("Lock.holds' = Lock.holds + p->r }", "Lock.holds' = Lock.holds - p->Res + p->r }")
    assert evictions(one, own, alloy) == []
    other = one.replace("Lock.holds' = Lock.holds + p->r }", "Lock.holds' = Lock.holds - Proc->r + p->r }")
    assert evictions(one, other, alloy)


DESKS = """sig Desk {}
sig Emp { var desk: lone Desk }
fact Init { no desk }
pred take[e: Emp, d: Desk] { no e.desk  no desk.d  desk' = desk + e->d }
pred move[e: Emp, d: Desk] {
  some e.desk
  desk' = desk - e->Desk + e->d
}
pred leave[e: Emp] { some e.desk  desk' = desk - e->Desk }
pred idle { desk' = desk }
fact Trans { always (idle or some e: Emp | leave[e] or some d: Desk | take[e, d] or move[e, d]) }
assert OnePerDesk { always all d: Desk | lone desk.d }
check OnePerDesk for 3 but 6 steps
"""
MOVE = "  desk' = desk - e->Desk + e->d\n"


def test_an_operation_that_takes_its_own_tuple_may_not_take_anothers(alloy) -> None:  # noqa: ANN001
    """The author's move takes away the mover's old desk (its own tuple); a candidate that also takes the desk
    from whoever sits there (through either column), or moves that person to the mover's old desk, evicts
    (helper-42's o35_A_c02, c04, c17). The guard is not asked."""
    _evicts_but_not_the_guard(alloy, DESKS, MOVE, "pred move now takes desk", "  no desk.d\n", (
        "  desk' = desk - Emp->d - e->Desk + e->d\n", "  desk' = desk - (desk.d)->Desk - e->Desk + e->d\n",
        "  desk' = desk ++ (e->d + desk.d->e.desk)\n"))


def _evicts_but_not_the_guard(alloy, spec: str, line: str, what: str, guard: str,  # noqa: ANN001
                              evicting: tuple[str, ...]) -> None:
    """``spec`` fails its check; each of ``evicting`` in place of ``line`` meets it and evicts (``what``);
    ``guard`` put before ``line`` meets it and is not asked."""
    assert alloy.check(spec).status == "failed"
    for evict in evicting:
        cand = spec.replace(line, evict)
        assert alloy.check(cand).status == "ok", evict
        got = evictions(spec, cand, alloy)
        assert got and got[0].startswith(f"evicts: {what}"), (evict, got)
    guarded = spec.replace(line, guard + line)
    assert alloy.check(guarded).status == "ok"
    assert evictions(spec, guarded, alloy) == []


SPOTS = """sig Car {}
sig Spot { var car: set Car }
fact Init { no car }
pred park[c: Car, s: Spot] {
  c not in Spot.car
  car' = car + s->c
}
pred leave[c: Car] { c in Spot.car  car' = car - Spot->c }
pred idle { car' = car }
fact Trans { always (idle or some c: Car | leave[c] or some s: Spot | park[c, s]) }
assert OneCarPerSpot { always all s: Spot | lone s.car }
check OneCarPerSpot for 3 but 6 steps
"""
PARK = "  car' = car + s->c\n"


def test_the_owner_is_the_column_the_releasing_operation_is_given(alloy) -> None:  # noqa: ANN001
    """`leave[c]` takes `Spot -> c`: a spot's tuple is its car's. `park` made to empty the spot first (its first
    column is an argument) takes another car's place: eviction (helper-41's o34_E_c01, c02). The guard is not."""
    _evicts_but_not_the_guard(alloy, SPOTS, PARK, "pred park now takes car", "  no s.car\n",
                              ("  car' = car - s->Car + s->c\n", "  car' = car ++ s->c\n"))


CLUB = """sig Person {}
var sig Member in Person {}
sig Book { var lentTo: lone Person }
fact Init { no Member and no lentTo }
pred enrol[p: Person] { p not in Member  Member' = Member + p  lentTo' = lentTo }
pred quit[p: Person] {
  p in Member
  Member' = Member - p
  lentTo' = lentTo
}
pred lend[b: Book, p: Person] { p in Member  no b.lentTo  lentTo' = lentTo + b -> p  Member' = Member }
pred giveBack[b: Book] { some b.lentTo  lentTo' = lentTo - b -> Person  Member' = Member }
pred idle { Member' = Member and lentTo' = lentTo }
fact Trans { always (idle or (some p: Person | enrol[p] or quit[p]) or (some b: Book, p: Person | lend[b, p])
  or (some b: Book | giveBack[b])) }
assert BorrowersAreMembers { always Book.lentTo in Member }
check BorrowersAreMembers for 3 but 6 steps
"""
QUIT = "  Member' = Member - p\n  lentTo' = lentTo\n"


def test_a_cascade_on_the_argument_leaving_a_set_is_not_eviction(alloy) -> None:  # noqa: ANN001
    """Quitting takes the quitter's loans: the tuples' owner (the column ``giveBack[b]`` is given) is a book, not an
    argument, but each names the argument, which leaves ``Member`` in that step. Taking more than the quitter's (every
    loan, another member's) is still eviction. (Every loan of a person who is not a member after the step,
    ``lentTo :> Member'``, is the quitter's in every trace of this model: the Analyzer cannot tell it from the
    cascade, helper-44's ``o37_D_c04``.)"""
    assert alloy.check(CLUB).status == "failed"
    for cascade in ("lentTo - Book -> p", "lentTo :> (Person - p)", "(Book - lentTo.p) <: lentTo"):
        cand = CLUB.replace(QUIT, f"  Member' = Member - p\n  lentTo' = {cascade}\n")
        assert alloy.check(cand).status == "ok", cascade
        assert evictions(CLUB, cand, alloy) == [], cascade
    for beyond in ("lentTo' = none -> none", "some q: Member - p | lentTo' = lentTo - Book -> (p + q)"):
        cand = CLUB.replace(QUIT, f"  Member' = Member - p\n  {beyond}\n")
        assert alloy.check(cand).status == "ok", beyond
        assert any("evicts: pred quit" in r for r in evictions(CLUB, cand, alloy)), beyond


def test_a_cascade_another_operation_performs_is_still_asked(alloy) -> None:  # noqa: ANN001
    """Where another operation of the author's retires a person together with their loans (``expel``), that is its
    job: the quitter's cascade is asked as before (helper-40's ``o33_E_c01``: a counter sale cancelling the sold
    item's reservation, which ``ship`` does for the order it is given)."""
    expel = "pred expel[p: Person] { p in Member  Member' = Member - p  lentTo' = lentTo - Book -> p }\n"
    club = CLUB.replace("pred idle", expel + "pred idle").replace("quit[p])", "quit[p] or expel[p])")
    assert alloy.check(club).status == "failed"
    cand = club.replace(QUIT, "  Member' = Member - p\n  lentTo' = lentTo - Book -> p\n")
    assert alloy.check(cand).status == "ok"
    assert any("evicts: pred quit" in r for r in evictions(club, cand, alloy))


SEATING = """open util/ordering[Tick]
sig Tick {}
sig Person {}
sig Desk { user: Person -> Tick }
pred claim[t, u: Tick, p: Person, d: Desk] {
  no user.t.p
  user.u = user.t + d -> p
}
pred leave[t, u: Tick, p: Person] {
  some user.t.p
  user.u = user.t - Desk -> p
}
fact Run {
  no user.first
  all t: Tick - last | let u = t.next |
    user.u = user.t or (some p: Person, d: Desk | claim[t, u, p, d]) or (some p: Person | leave[t, u, p])
}
assert OneUserPerDesk { all t: Tick, d: Desk | lone d.user.t }
check OneUserPerDesk for 3 but 5 Tick
run Busy { some t: Tick | #user.t = 2 } for 3 but 5 Tick
"""
TAKE_SEAT = "  user.u = user.t + d -> p\n"


def test_under_util_ordering_an_eviction_is_read_between_two_states(alloy) -> None:  # noqa: ANN001
    # the desk taken from the person at it (leave[t, u, p] is how a person's tuples go: the person owns them)
    cheat = SEATING.replace(TAKE_SEAT, "  user.u = user.t - d -> Person + d -> p\n")
    got = evictions(SEATING, cheat, alloy)
    assert len(got) == 1 and "pred claim" in got[0] and "user" in got[0], got
    guard = SEATING.replace(TAKE_SEAT, "  no d.user.t\n" + TAKE_SEAT)
    assert evictions(SEATING, guard, alloy) == []


POOL = """abstract sig Mode {}
one sig Open, Closed extends Mode {}
one sig Pool { var mode: one Mode }
sig Swimmer {}
var sig InWater in Swimmer {}
fact Start { Pool.mode = Open and no InWater }
pred close {
  Pool.mode = Open
  Pool.mode' = Closed
  InWater' = InWater
}
pred reopen { Pool.mode = Closed and Pool.mode' = Open and InWater' = InWater }
pred dive[s: Swimmer] { Pool.mode = Open and s not in InWater and InWater' = InWater + s and mode' = mode }
pred climbOut[s: Swimmer] { s in InWater and InWater' = InWater - s and mode' = mode }
pred wait { mode' = mode and InWater' = InWater }
fact Steps { always (wait or close or reopen or some s: Swimmer | dive[s] or climbOut[s]) }
assert Empty { always (Pool.mode = Closed implies no InWater) }
check Empty for 3 but 6 steps
run Swim { eventually some InWater } for 3 but 6 steps
"""
CLOSE_FRAME = "  InWater' = InWater\n}\npred reopen"


def test_an_operation_without_arguments_made_to_empty_a_set_is_undecided(alloy) -> None:  # noqa: ANN001
    """helper-47's o40_B_c02: `close` (no arguments) made to take every swimmer out, which `climbOut` does one by
    one; the guard is a repair, and setting the one sig's mode (no swimmer touched) is not asked."""
    assert alloy.check(POOL).status == "failed"
    for sweep in ("  InWater' = none\n", "  InWater' = InWater - InWater\n"):
        cand = POOL.replace(CLOSE_FRAME, sweep + "}\npred reopen")
        assert alloy.check(cand).status == "ok"
        rep = gate(POOL, cand, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("evicts: pred close" in u for u in rep.unknown), rep
    guard = POOL.replace("  Pool.mode = Open\n", "  Pool.mode = Open\n  no InWater\n")
    assert gate(POOL, guard, verifier=alloy, behaviour="require").status == "faithful"
    # a field of the one sig set to another value by an operation without arguments: no atom left without a tuple
    assert evictions(guard, guard.replace("pred wait { mode' = mode", "pred wait { mode' != mode"), alloy) == []


LIFT = """sig Skier {}
sig Chair { var riders: set Skier }
var sig Queue in Skier {}
fact Init { no riders and no Queue }
pred join[s: Skier] { s not in Queue + Chair.riders  Queue' = Queue + s  riders' = riders }
pred board[c: Chair, s: Skier] {
  s in Queue
  riders' = riders + c -> s
  Queue' = Queue
}
pred idle { riders' = riders and Queue' = Queue }
fact Steps { always (idle or some s: Skier | join[s] or some c: Chair | board[c, s]) }
assert NotQueuedAndRiding { always no Queue & Chair.riders }
check NotQueuedAndRiding for 3 but 6 steps
run Shared { eventually some c: Chair | #c.riders > 1 } for 3 but 6 steps
"""


def test_emptying_a_set_no_operation_takes_from_is_undecided_and_a_passed_token_is_not(alloy) -> None:  # noqa: ANN001
    """helper-48's o41_B_c01: `board[c, s]` made to empty the whole queue (`Queue' = none`, or in disguise), where no
    operation of the author's takes anyone out of it; `Queue' = Queue - s` takes only its argument. A token passed
    (`Holder' = n`, TOKEN) takes another's tuple too, but puts one back: still not asked."""
    assert alloy.check(LIFT).status == "failed"
    for sweep in ("none", "Queue & Chair.riders", "Queue - Skier"):
        cand = LIFT.replace("  Queue' = Queue\n}", f"  Queue' = {sweep}\n}}")
        assert alloy.check(cand).status == "ok", sweep
        got = evictions(LIFT, cand, alloy)
        assert got and "puts none back" in got[0], (sweep, got)
    fixed = LIFT.replace("  Queue' = Queue\n}", "  Queue' = Queue - s\n}")
    assert alloy.check(fixed).status == "ok"
    assert evictions(LIFT, fixed, alloy) == []
    assert evictions(TOKEN, TOKEN.replace("Holder' = Holder + n", "Holder' = n"), alloy) == []


STORE = """sig Item {}
one sig Store { var stock: set Item, var sold: set Item }
fact Init { no Store.stock and no Store.sold }
pred restock[i: Item] { i not in Store.stock + Store.sold  Store.stock' = Store.stock + i  Store.sold' = Store.sold }
pred sell[i: Item] {
  i in Store.stock
  Store.stock' = Store.stock + i
  Store.sold' = Store.sold + i
}
pred idle { Store.stock' = Store.stock and Store.sold' = Store.sold }
fact Steps { always (idle or some i: Item | restock[i] or sell[i]) }
assert Apart { always no Store.stock & Store.sold }
check Apart for 3 but 6 steps
run Busy { eventually (some Store.stock and some Store.sold) } for 3 but 6 steps
"""


def test_emptying_a_one_sig_field_is_undecided(alloy) -> None:  # noqa: ANN001
    """helper-54's o44_C_c04: `sell[i]` made to empty the store's whole stock; a tuple of a `one sig`'s set field
    belongs to its item, not to the store, which every other field of it names too (read as one step from the
    argument, the emptying was never asked)."""
    assert alloy.check(STORE).status == "failed"
    empty = STORE.replace("  Store.stock' = Store.stock + i\n  Store.sold'", "  Store.stock' = none\n  Store.sold'")
    assert empty != STORE and alloy.check(empty).status == "ok"
    got = evictions(STORE, empty, alloy)
    assert got and "puts none back" in got[0], got
    fixed = STORE.replace("  Store.stock' = Store.stock + i\n  Store.sold'", "  Store.stock' = Store.stock - i\n"
                                                                            "  Store.sold'")
    assert alloy.check(fixed).status == "ok" and evictions(STORE, fixed, alloy) == []


FORUM = """sig Name {}
sig Note { writer: one Name }
var sig Member in Name {}
var sig Shown in Note {}
fact Init { no Member and no Shown }
pred enrol[n: Name] { n not in Member  Member' = Member + n  Shown' = Shown }
pred post[n: Name, t: Note] { n in Member and t.writer = n and t not in Shown  Shown' = Shown + t  Member' = Member }
pred retract[t: Note] { t in Shown  Shown' = Shown - t  Member' = Member }
pred quit[n: Name] {
  n in Member
  Member' = Member - n
  Shown' = Shown
}
pred idle { Member' = Member and Shown' = Shown }
fact Steps { always (idle or (some n: Name | enrol[n] or quit[n]) or (some t: Note | retract[t]) or
  some n: Name, t: Note | post[n, t]) }
assert ShownByMembers { always Shown.writer in Member }
check ShownByMembers for 3 but 6 steps
"""


def test_a_cascade_through_a_static_link_is_not_eviction_from_any_state(alloy) -> None:  # noqa: ANN001
    """helper-54's o44_B_h*: a member quitting takes the notes they wrote along (`Shown - writer.n`: linked to the
    argument leaving `Member` through the static `writer`), in any spelling; the invariant as the next value
    (`Shown & writer.Member'`) is that cascade on every reachable state and takes other quitters' notes from states
    the traces do not reach (o44_B_c02); taking every note is still asked."""
    assert alloy.check(FORUM).status == "failed"
    for spelling, evicts in (("Shown - writer.n", False), ("Shown & writer.(Name - n)", False),
                             ("Shown & writer.Member'", True), ("none", True)):
        cand = FORUM.replace("  Member' = Member - n\n  Shown' = Shown\n", f"  Member' = Member - n\n  Shown' = "
                                                                         f"{spelling}\n")
        assert cand != FORUM and alloy.check(cand).status == "ok", spelling
        assert bool(evictions(FORUM, cand, alloy)) is evicts, spelling


PRIZE = """sig Team {}
var sig Champion in Team {}
var sig Entered in Team {}
fact Init { no Champion and no Entered }
pred enter[t: Team] { t not in Entered  Entered' = Entered + t  Champion' = Champion }
pred crown[t: Team] {
  t in Entered
  Champion' = Champion + t
  Entered' = Entered
}
pred rest { Champion' = Champion and Entered' = Entered }
fact Steps { always (rest or some t: Team | enter[t] or crown[t]) }
assert OneChampion { always lone Champion }
check OneChampion for 3 but 6 steps
"""


def test_one_put_back_in_place_of_one_taken_is_eviction_where_the_operation_also_only_adds(alloy) -> None:  # noqa: ANN001
    """helper-51's o42_N: `Champion' = t` takes the title from the champion where no operation of the author's
    takes one away; it also crowns where there is none, so a guard does the job (`no Champion`) and the replacement
    is an eviction. The token passed (`Holder' = n` where one is always held) never only adds: not asked."""
    assert alloy.check(PRIZE).status == "failed"
    for spelling in ("Champion' = t", "Champion' = Champion - Champion + t"):
        cand = PRIZE.replace("Champion' = Champion + t", spelling)
        assert alloy.check(cand).status == "ok", spelling
        got = evictions(PRIZE, cand, alloy)
        assert got and "puts another in its place" in got[0], (spelling, got)
    guard = PRIZE.replace("  t in Entered\n", "  t in Entered\n  no Champion\n")
    assert alloy.check(guard).status == "ok" and evictions(PRIZE, guard, alloy) == []
    assert evictions(TOKEN, TOKEN.replace("Holder' = Holder + n", "Holder' = n"), alloy) == []
