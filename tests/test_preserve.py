"""Behaviour preservation (verifiers/alloy/preserve.py), assumed properties and vacuous premises
(verifiers/alloy/assume.py), decided by the real Analyzer, and the gate's outcomes for a user's file."""

from __future__ import annotations

import pytest

from fmrepair.verifiers.alloy.gate import gate
from fmrepair.verifiers.alloy.pieces import pieces
from fmrepair.verifiers.alloy.premise import premise, vacuous_premises
from fmrepair.verifiers.alloy.preserve import build_module, preservation
from fmrepair.verifiers.alloy.restate import restated

RBAC = """sig Perm {}
sig Role { perms: set Perm, parent: lone Role }
sig User { roles: set Role, direct: set Perm, can: set Perm }
fact NoCycle { no r: Role | r in r.^parent }
// a user can use direct permissions, those of their roles and of the roles' ancestors
fact Can { all u: User | u.can = u.direct + u.roles.perms }
assert Inherit { all u: User, r: u.roles | r.^parent.perms in u.can }
check Inherit for 4
"""
RBAC_RIGHT = RBAC.replace("u.can = u.direct + u.roles.perms", "u.can = u.direct + u.roles.*parent.perms")
RBAC_DROPS_DIRECT = RBAC.replace("u.can = u.direct + u.roles.perms", "u.can = u.roles.((^parent).perms)")

MUTEX = """abstract sig State {}
one sig Idle, Waiting, Critical extends State {}
sig Proc { var st: one State }
fact init { all p: Proc | p.st = Idle }
pred request[p: Proc] { p.st = Idle and p.st' = Waiting and all q: Proc - p | q.st' = q.st }
pred enter[p: Proc] { p.st = Waiting and p.st' = Critical and all q: Proc - p | q.st' = q.st }
pred leave[p: Proc] { p.st = Critical and p.st' = Idle and all q: Proc - p | q.st' = q.st }
pred stutter { st' = st }
fact trans { always (stutter or some p: Proc | request[p] or enter[p] or leave[p]) }
assert Mutex { always lone st.Critical }
check Mutex for 3 but 6 steps
"""
MUTEX_RIGHT = MUTEX.replace("pred enter[p: Proc] { p.st = Waiting and", "pred enter[p: Proc] { p.st = Waiting and "
                            "no st.Critical and")
MUTEX_ONE_WAITER = MUTEX.replace("pred request[p: Proc] { p.st = Idle and",
                                 "pred request[p: Proc] { historically p.st = Idle and no st.Waiting and")

LOCK = """sig Proc {}
one sig Lock { holder: set Proc, queue: set Proc }
assert OneHolder { lone Lock.holder }
check OneHolder for 3
"""


def test_every_instance_can_be_asked_not_only_the_good_ones(alloy) -> None:  # noqa: ANN001
    """``good=False`` asks every instance of the original's facts: a change that differs only where the assertion
    fails (the fault's instances) is no loss of a good instance, but it is a difference (the gate's pairing of
    respellings asks this: on good instances alone a fix that restates the property read as a respelling)."""
    lock = LOCK + "fact Queue { some Lock.queue }\n"
    other = LOCK + "fact Queue { some Lock.queue and lone Lock.holder }\n"
    assert preservation(lock, other, alloy).outcome == "preserved"
    assert preservation(lock, other, alloy, good=False).outcome == "narrows"
    assert preservation(lock, lock.replace("some Lock.queue", "not no Lock.queue"), alloy, good=False).outcome == (
        "preserved")


def test_the_right_fix_keeps_every_good_instance(alloy) -> None:  # noqa: ANN001
    assert preservation(RBAC, RBAC_RIGHT, alloy).outcome == "preserved"
    assert preservation(MUTEX, MUTEX_RIGHT, alloy).outcome == "preserved"


def test_a_fix_that_drops_behaviour_narrows_with_a_witness(alloy) -> None:  # noqa: ANN001
    rep = preservation(RBAC, RBAC_DROPS_DIRECT, alloy)
    assert rep.outcome == "narrows" and rep.lost_scopes == ["4"]
    assert "direct" in rep.lost[0] and rep.lost[0].startswith("for 4:")
    rep = preservation(MUTEX, MUTEX_ONE_WAITER, alloy)
    assert rep.outcome == "narrows" and "6 steps" in rep.lost_scopes[0] and "state 1" in rep.lost[0]


def test_signature_constraints_are_compared_over_the_original_declarations(alloy) -> None:  # noqa: ANN001
    honest = LOCK.replace("holder: set Proc", "holder: lone Proc")  # only counterexamples had two holders
    squeeze = LOCK.replace("holder: set Proc, queue: set Proc", "holder: lone Proc, queue: lone Proc")
    sig_fact = LOCK.replace("queue: set Proc }", "queue: set Proc } { lone holder and no queue & holder }")
    static = "var sig Job {}\nfact { always lone Job }\nassert A { always lone Job }\ncheck A for 3 but 4 steps\n"
    assert preservation(LOCK, honest, alloy).outcome == "preserved"
    assert preservation(LOCK, squeeze, alloy).outcome == "narrows"  # two queued processes are lost
    assert preservation(LOCK, sig_fact, alloy).outcome == "narrows"  # a holder in the queue is lost
    assert preservation(static, static.replace("var sig Job", "sig Job"), alloy).outcome == "narrows"


def test_a_changed_signature_structure_is_unknown(alloy) -> None:  # noqa: ANN001
    rep = preservation(LOCK, LOCK.replace("queue: set Proc", "queue: set Proc, extra: set Proc"), alloy)
    assert rep.outcome == "unknown" and "fields" in (rep.why or "")


def test_the_candidate_is_renamed_apart_and_the_original_kept_as_written() -> None:
    module, scopes, _ = build_module(RBAC, RBAC_RIGHT)
    assert scopes == ["4"]
    assert "fact Can { all u: User | u.can = u.direct + u.roles.perms }" in module  # the original's fact
    assert "*parent" in module.split("renamed apart")[1] and "check" not in module


def test_pieces_are_pure_insertions_only() -> None:
    added = RBAC.replace("u.roles.perms }", "u.roles.perms\n  all u: User | u.roles.^parent.perms in u.can }")
    (piece,) = pieces(RBAC, added)
    assert added[piece.span[0] : piece.span[1]] == "all u: User | u.roles.^parent.perms in u.can"
    assert pieces(RBAC, RBAC_RIGHT) == []  # an edit, not an insertion
    new_fact = RBAC + "fact Extra { some Perm }\n"
    assert [new_fact[p.span[0] : p.span[1]].strip() for p in pieces(RBAC, new_fact)] == ["some Perm"]
    joined = RBAC.replace("fact NoCycle { no r: Role | r in r.^parent }", "fact NoCycle { no r: Role | r in r.^parent "
                          "and some Perm }")
    (piece,) = pieces(RBAC, joined)
    assert joined[piece.removal[0] : piece.removal[1]] == "and some Perm"


@pytest.mark.parametrize(
    ("before", "after", "scopes"),
    [
        ("all n: Node | n in H.*s", "all n: Node | n in H.*s and no (n & n.^s)", ("all n: Node |",)),
        ("all disj a, b: N | some m: a.s | m in b.s", "all disj a, b: N | some m: a.s | m in b.s and a != m",
         ("all disj a, b: N | some m: a.s |",)),  # only the headers that bind what the piece uses
        ("all h: H, n: N | n in h.*s", "all h: H, n: N | n in h.*s and no (n & n.^s)", ("all h: H, n: N |",)),
        ("let x = N.s, y = s | x in N", "let x = N.s, y = s | x in N and no x.y", ("let x = N.s, y = s |",)),
        ("all n: Node { n in H.*s }", "all n: Node { n in H.*s and no (n & n.^s) }", ("all n: Node |",)),  # a block
        ("all n: Node | n in H.*s", "all n: Node | no n.s and n in H.*s", ("all n: Node |",)),  # first, after |
        ("always all p: P | p in W", "always all p: P | p in W and p in C", ("always all p: P |", "all p: P |")),
        # under an or / implication the reading is not implied: the Analyzer is asked before it counts
        ("all n: Node | n in H.*s or n = H", "all n: Node | n in H.*s or n = H and no n.s", ("all n: Node |",)),
        ("all n: Node | n in H.*s", "all x: Node | x in H.*s and no x.s", ("all x: Node |",)),  # renamed too
        ("no n: Node | n in H.*s", "no n: Node | n in H.*s and n in N", ("all n: Node |",)),  # read negated
        ("some N", "some N and no N.s", ()),  # at the top: asked as it is
        ("all n: N | always { n in H }", "all n: N | always { n in H\n n in W }", ("all n: N | always", "all n: N |")),
        ("always { some N }", "always { some N and no N.s }", ("always", "")),  # a prefix only
        ("all n: N | (n in H)", "all n: N | (n in H and no (n & n.^s))", ("all n: N |",)),  # before a ')'
        ("all n: N | n in H", "all Head: N | Head in H and no Head.s", ("all Head: N |",)),
    ],
)
def test_a_piece_under_a_quantifier_is_asked_under_it(before: str, after: str, scopes: tuple[str, ...]) -> None:
    (piece,) = pieces(f"fact F {{ {before} }}\n", f"fact F {{ {after} }}\n")
    assert piece.scopes == scopes
    assert piece.negated == before.startswith("no ")  # under ``no``: ``all n | not P`` (asked where implied)


def test_premise_of_an_assertion() -> None:
    got = premise("all s: S, a: Int | inv[s] and op[s, a] implies inv[s]")
    assert got == "some s: S, a: Int | (inv[s] and op[s, a])"
    assert premise("always all p: P | p in Busy implies after p in Done") == "eventually (some p: P | (p in Busy))"
    assert premise("no n: Node | n in n.^next") is None
    assert premise("all x: X | x.a = 1 implies x.b = 2 else x.b = 3") is None


BANK = """sig Acct { var bal: one Int }
pred withdraw[a: Acct, amt: Int] { amt > 0 and a.bal' = sub[a.bal, amt] and all b: Acct - a | b.bal' = b.bal }
pred deposit[a: Acct, amt: Int] { amt > 0 and amt < 3 and a.bal' = add[a.bal, amt]
  and all b: Acct - a | b.bal' = b.bal }
fact { all a: Acct | a.bal >= 0 and a.bal < 4 }
fact { always (bal' = bal or some a: Acct, n: Int | withdraw[a, n] or deposit[a, n]) }
assert NonNeg { always all a: Acct, n: Int | withdraw[a, n] implies after a.bal >= 0 }
check NonNeg for 3 but 4 Int, 4 steps
"""


def test_gate_outcomes_for_a_users_file(alloy) -> None:  # noqa: ANN001
    right = gate(RBAC, RBAC_RIGHT, verifier=alloy, behaviour="require")
    assert right.status == "faithful" and right.faithful and right.behaviour == "preserved"
    narrow = gate(RBAC, RBAC_DROPS_DIRECT, verifier=alloy, behaviour="require")
    assert narrow.status == "narrows" and not narrow.faithful and narrow.lost
    recorded = gate(RBAC, RBAC_DROPS_DIRECT, verifier=alloy, behaviour="record")  # a benchmark task: recorded
    assert recorded.faithful and recorded.status == "narrows"
    axiom = RBAC.replace("assert Inherit", "fact Extra { all u: User, r: u.roles | r.^parent.perms in u.can }\n"
                         "assert Inherit")
    rep = gate(RBAC, axiom, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and "assumes the property" in rep.unknown[0]
    vacuous = BANK.replace("{ amt > 0 and a.bal'", "{ amt > 0 and amt > a.bal and amt < 0 and a.bal'")
    rep = gate(BANK, vacuous, verifier=alloy, behaviour="require", also_editable=["withdraw"])
    assert rep.status == "unfaithful"  # (the pred has no instance at all: caught before the premise probe)
    reasons, unknown = vacuous_premises(BANK, vacuous, alloy)
    assert reasons[0].startswith("vacuous premise: the premise of NonNeg can no longer hold for 3 but 4 Int,4 steps")
    assert "run { eventually (some a: Acct, n: Int | (withdraw[a, n])) }" in reasons[0] and not unknown
    assert vacuous_premises(BANK, BANK.replace("{ amt > 0 and a.bal'", "{ amt > 0 and amt <= a.bal and a.bal'"),
                            alloy) == ([], [])


LOANS = """sig Member { loans: set Book }
sig Book {}
fact Loans { all m: Member | #m.loans <= 3 }
assert LoanLimit { all m: Member | #m.loans <= 2 }
check LoanLimit for 4
"""


def test_restated_property_is_written_in_text_not_a_changed_constant() -> None:

    # the assertion's formula written into a fact (as a new conjunct or a new fact): an axiom
    conjunct = LOANS.replace("#m.loans <= 3 }", "#m.loans <= 3 and #m.loans <= 2 }")
    assert restated(LOANS, conjunct) and "LoanLimit" in restated(LOANS, conjunct)[0]
    new_fact = LOANS + "fact Limit { all m: Member | #m.loans <= 2 }\n"
    assert restated(LOANS, new_fact)
    # the same text reached by changing one constant of the rule: a fix, not written in
    assert restated(LOANS, LOANS.replace("<= 3", "<= 2")) == []
    assert restated(LOANS, LOANS) == []
    # a line the author wrote, moved below a longer one (helper-32's kennel_h_reordered), is not written in; a new
    # line with the property's formula beside the move is
    long = "  all b: Book | lone loans.b and some loans.b implies b in Member.loans and some Member\n"
    said = LOANS.replace("fact Loans { all m: Member | #m.loans <= 3 }",
                         "fact Loans {\n  all m: Member | #m.loans <= 2\n" + long + "}")
    moved = said.replace("  all m: Member | #m.loans <= 2\n" + long, long + "  all m: Member | #m.loans <= 2\n")
    assert moved != said and restated(said, moved) == []
    assert restated(said, moved.replace(long, long + "  all x: Member | #x.loans <= 2\n"))


# A signature's appended fact, read as the gate reads it (SigScope), against the Analyzer's own reading:
# an extra field `fmr_mark` is made to hold exactly when the appended fact holds for `this`; the check that
# it holds exactly when the gate's reading holds has no counterexample iff the two readings agree.
SIG_FACTS = [
    ("", "Node", "nxt: lone Node", "#iden.nxt.@nxt < #iden.nxt"),  # iden.nxt is iden.(this.nxt)
    ("", "Node", "nxt: lone Node", "this in nxt or no nxt"),
    ("", "Node", "nxt: set Node", "all x: Node | x in nxt implies no x.@nxt"),
    ("", "Node", "nxt: set Node", "some iden.nxt & nxt.~@nxt"),
    ("sig Person {} sig Garage { owner: one Person }", "Car", "owner: lone Person, garage: lone Garage",
     "some garage implies garage.owner = owner"),  # overloaded: garage.owner is Garage's relation
    ("sig Person {} sig Garage { owner: set Person }", "Car", "owner: lone Person", "some owner"),
    ("sig B { f: set B }", "A", "f: set A, g: lone B", "some g.f"),  # g.f: B's relation, never A's own
]


@pytest.mark.parametrize("before,sig,fields,fact", SIG_FACTS)
def test_a_signature_fact_is_read_as_the_analyzer_reads_it(alloy, before, sig, fields, fact) -> None:  # noqa: ANN001
    from fmrepair.verifiers.alloy.sigtext import THIS, sig_scopes, this_fields
    from fmrepair.verifiers.alloy.text import split_paragraphs
    from fmrepair.verifiers.base import CheckOptions

    decls = f"{before}\nsig {sig} {{ {fields}, fmr_mark: lone {sig} }}"
    scope = sig_scopes([p for p in split_paragraphs(decls) if p.kind == "sig"])[sig]
    reading = this_fields(fact, scope)
    module = (f"{decls} {{ ({fact}) <=> some fmr_mark }}\n"
              f"check {{ all {THIS}: {sig} | (some {THIS}.fmr_mark) <=> ({reading}) }} for 4 expect 0\n")
    v = alloy.check(module, CheckOptions(timeout_s=60))
    assert v.status == "ok" and all(c.met for c in v.commands), (reading, v.status, v.errors, v.commands)


@pytest.mark.parametrize("fact", [
    "some x: Node | x in ~owner.Node",  # an overloaded field beside an operator whose arity decides
    "all owner: Node | some owner",  # a field name bound as a variable
    "let Person = iden & Node->Node | some Person.owner",  # a signature's name rebound (helper's cheat 1)
    "some seqs.owner",  # after a join whose left side is not a set of atoms (cheat 2)
    "#(Garage <: owner) < 2",  # `<:` is two tokens (cheat 3)
    "some owner :> Node",  # `:>` is a range restriction, not a declaration
])
def test_a_signature_fact_the_gate_cannot_read_is_unsupported(fact) -> None:  # noqa: ANN001
    from fmrepair.verifiers.alloy.sigtext import Unsupported, sig_scopes, this_fields
    from fmrepair.verifiers.alloy.text import split_paragraphs

    decls = "sig Person {} sig Garage { owner: set Person } sig Node { owner: set Node, seqs: seq Node }"
    scope = sig_scopes([p for p in split_paragraphs(decls) if p.kind == "sig"])["Node"]
    with pytest.raises(Unsupported):
        this_fields(fact, scope)


def test_a_field_named_like_a_fun_is_not_read_as_the_fun() -> None:
    from fmrepair.verifiers.alloy.preserve import Unsupported, build_module

    original = "sig D {}\nsig E {}\nsig A { h: set D } { #(h & D) < 3 }\nfun h: set E { E }\nrun {} for 3\n"
    with pytest.raises(Unsupported, match="a pred/fun named like a field: h"):
        build_module(original, original.replace("< 3", "< 2"))


class _ProbesBreak:
    """The real Analyzer, except that a probe module without ``marker`` (the candidate's edit: so the
    original's) answers an error without a line: a probe module that cannot be built (as a miscounted line
    once made it) must not make the gate pass."""

    def __init__(self, inner, marker: str) -> None:  # noqa: ANN001
        self.inner, self.marker = inner, marker

    def check(self, text: str, options=None):  # noqa: ANN001, ANN201
        from fmrepair.verifiers.base import Verdict

        if "fmrepair_probe_" in text and self.marker not in text:
            return Verdict(formalism="alloy", status="error")
        return self.inner.check(text, options)


def test_the_originals_probes_failing_is_unknown_not_a_pass(alloy) -> None:  # noqa: ANN001
    from fmrepair.verifiers.alloy.semantic import semantic_checks

    broken = _ProbesBreak(alloy, "u.roles.*parent")
    reasons, unknown, _, skipped = semantic_checks(RBAC, RBAC_RIGHT, broken, good_only=True)
    assert reasons == [] and skipped == []
    assert unknown and "the original's probes could not be run" in unknown[0]
    reasons, unknown, _, _ = semantic_checks(RBAC, RBAC_RIGHT, alloy, good_only=True)
    assert (reasons, unknown) == ([], [])


def test_a_run_expected_empty_is_a_property_of_the_good_instances() -> None:
    """``run P expect 0`` says no instance has P (for some arguments): a good instance meets its negation, as it
    meets a checked assertion; a run expecting instances, or with no expectation, says nothing."""
    from fmrepair.verifiers.alloy.preserve import empty_runs, good_properties
    from fmrepair.verifiers.alloy.text import split_paragraphs

    spec = """sig C { r: set C }
pred loop { some c: C | c in c.r }
pred pair[a, b: C] { a in b.r and b in a.r }
assert Irreflexive { no iden & r }
check Irreflexive for 3
run loop for 3 expect 0
run pair for 3 expect 0
run { some r } for 3 expect 1
run { no r } for 3
run { some c: C | c.r = C } for 2 expect 0
"""
    paras = split_paragraphs(spec)
    assert [f for _, f in empty_runs(paras)] == ["not loop", "not (some a, b: C | pair[a, b])",
                                                  "not { some c: C | c.r = C }"]
    assert " ".join(good_properties(paras)[0].split()) == "{ no iden & r }" and len(good_properties(paras)) == 4


def test_a_fact_taken_away_is_a_dropped_constraint(alloy) -> None:  # noqa: ANN001
    """A fact deleted that the candidate no longer implies, or rewritten into a formula every instance meets, is
    the author's constraint dropped; a fact merged into another, or rewritten into a weaker one that still says
    something, is not."""
    from fmrepair.verifiers.alloy.dropped import dropped

    spec = """sig S { r: set S }
fact A { no iden & r }
fact B { all s: S | lone s.r }
run { some s: S | #s.r = 2 } for 4 expect 1
"""
    gone = spec.replace("fact B { all s: S | lone s.r }\n", "")
    vacuous = spec.replace("lone s.r }", "lone s.r or some s.r }")
    weaker = spec.replace("lone s.r }", "#s.r <= 2 }")
    merged = gone.replace("fact A { no iden & r }", "fact A { no iden & r\n  all s: S | lone s.r }")
    assert ["fact B is gone" in r for r in dropped(spec, gone, alloy)] == [True]
    assert ["fact B is rewritten" in r for r in dropped(spec, vacuous, alloy)] == [True]
    assert dropped(spec, weaker, alloy) == [] and dropped(spec, merged, alloy) == []
    assert dropped(spec, spec, alloy) == []


# a fault that breaks the property at every move (lighting a lamp lights its pair too): no good trace ever changes
# `On`, so a stutter in a parameterless operation (exempt from the operation probe) loses no good trace
LAMPS = """sig Lamp { pair: one Lamp }
fact { no l: Lamp | l.pair = l }
var sig On in Lamp {}
fact { lone On }
pred light { some l: Lamp - On | On' = On + l + l.pair }
pred rest { On' = On }
fact { always (rest or light) }
assert NeverBoth { always no l: On | l.pair in On }
check NeverBoth for 3 but 4 steps
"""


def test_a_stutter_the_fault_hid_from_the_good_traces_is_undecided(alloy) -> None:  # noqa: ANN001
    """A var sig the candidate never lets change, which the original's good traces never change either, is asked
    again of what the candidate kept of the facts and the checked properties: there `On` can change, so the
    stutter is undecided; the honest fix (a guard, one lamp lit) is accepted."""
    stutter = LAMPS.replace("On' = On + l + l.pair", "On' = On")
    rep = gate(LAMPS, stutter, verifier=alloy, behaviour="require")
    assert rep.status == "unknown", rep
    assert any("sig On (changes)" in u and "the candidate kept" in u for u in rep.unknown), rep.unknown
    right = LAMPS.replace("| On' = On + l + l.pair", "| no (l.pair + pair.l) & On and On' = On + l")
    assert alloy.check(right).status == "ok"
    assert gate(LAMPS, right, verifier=alloy, behaviour="require").status == "faithful"


def test_kept_facts_leaves_out_what_the_candidate_changed() -> None:
    from fmrepair.verifiers.alloy.semantic import kept_facts
    from fmrepair.verifiers.alloy.text import split_paragraphs

    two = ("sig Person {}\nsig Day {}\nsig Desk { users: some Person, days: some Day }\n"
           "fact OnePlacePerDay { all disj d1, d2: Desk | no d1.users & d2.users implies no d1.days & d2.days }\n"
           "fact Some { some Desk }\n")
    cand = two.replace("no d1.users &", "some d1.users &")
    kept = kept_facts(two, split_paragraphs(two), split_paragraphs(cand), [])
    assert "fact Some { some Desk }" in kept and "no d1.users" not in kept and "check" not in kept
    assert "fact OnePlacePerDay { no none }" in kept
    assert "fact Some" not in kept_facts(two, split_paragraphs(two), split_paragraphs(cand.replace(
        "fact Some { some Desk }", "")), [])
    # an operation's changed conjunct goes, its unchanged guard and the transition fact that calls it stay
    ops = ("sig G {}\nvar sig In in G {}\nvar sig Out in G {}\n"
           "pred leave[g: G] { g in In  In' = In  Out' = Out + g }\n"
           "fact Trans { always some g: G | leave[g] }\n")
    fixed = ops.replace("In' = In ", "In' = In - g ")
    kept = kept_facts(ops, split_paragraphs(ops), split_paragraphs(fixed), ["pred leave"])
    assert "pred leave[g: G] { g in In  no none  Out' = Out + g }" in kept and "fact Trans" in kept


ENTRY = """sig Proc {}
var sig Waiting, Critical in Proc {}
fact Init { no Waiting and no Critical }
pred request[p: Proc] { p not in Waiting + Critical  Waiting' = Waiting + p  Critical' = Critical }
pred enter[p: Proc] { p in Waiting  Waiting' = Waiting - p  Critical' = Critical + p }
pred leave[p: Proc] { p in Critical  Critical' = Critical - p  Waiting' = Waiting }
pred idle { Waiting' = Waiting and Critical' = Critical }
fact Trans { always (idle or some p: Proc | request[p] or enter[p] or leave[p]) }
assert Mutex { always lone Critical }
check Mutex for 3 but 6 steps
run { eventually some Critical } for 3 but 6 steps
"""
GUARD = "{ p in Waiting  Waiting'"


REDS = """sig Node { succ: lone Node }
sig Red in Node {}
fact NoSelf { no n: Node | n.succ = n }
fact RedLeaf { no Red.succ }
assert NoTwoCycle { no n: Node | n.succ.succ = n }
check NoTwoCycle for 4
run { some succ } for 4
"""


@pytest.mark.parametrize(("spec", "added"), [
    # a new invariant of every state that the operations keep a set empty for (no process waits while critical):
    # alone it does not entail the property, with the transitions it is the property
    ("ENTRY", "fact Extra { always lone (Critical - Waiting) }"),
    ("ENTRY", "pred calm { (Critical -> Critical - iden) in Waiting -> Waiting }\nfact Extra { always calm }"),
    # a do-nothing prime beside it in the same new fact: each conjunct is asked on its own (helper-37)
    ("ENTRY", "fact Extra { always lone (Critical - Waiting) and always Waiting' in Proc }"),
    # ... and a step beside it under one `always` (helper-37's mutex_c_overlap_after)
    ("ENTRY", "fact Extra { always (lone (Critical - Waiting) and after Critical in Proc) }"),
    # static: a node on a two-cycle has a successor, so RedLeaf keeps it from being red; the property behind an
    # inclusion and behind a count, each implied by the property over the declarations alone
    ("REDS", "fact Extra { {n: Node | n.succ.succ = n} in Red }"),
    ("REDS", "fact Extra { #{n: Node | n.succ.succ = n} <= #(Red.succ) }"),
])
def test_a_new_fact_that_says_only_the_property_given_the_rest_assumes_it(alloy, spec, added) -> None:  # noqa: ANN001
    """Asked semantically (`assume._restated`): the words no syntactic reading takes apart."""
    text = {"ENTRY": ENTRY, "REDS": REDS}[spec]
    assert alloy.check(text).status == "failed"
    cand = text + added + "\n"
    assert alloy.check(cand).status == "ok"
    rep = gate(text, cand, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("excludes only instances where a checked property fails" in u
                                           for u in rep.unknown), rep


def test_the_honest_guard_is_no_restatement(alloy) -> None:  # noqa: ANN001
    guard = ENTRY.replace(GUARD, "{ p in Waiting  no Critical  Waiting'")
    assert alloy.check(guard).status == "ok"
    assert gate(ENTRY, guard, verifier=alloy, behaviour="require").status == "faithful"


TRANS = "fact Trans { always (idle or some p: Proc | request[p] or enter[p] or leave[p]) }"


def test_an_invariant_inserted_into_the_transition_fact_is_asked_and_a_guard_there_is_not(alloy) -> None:  # noqa: ANN001
    """helper-37's mutex_c_overlap_in_trans: the restatement written into an existing fact where states change;
    the guard written into the same fact, beside the event it guards, is the honest fix."""
    inserted = ENTRY.replace(TRANS, TRANS.replace("{ always (", "{ always lone (Critical - Waiting) and always ("))
    rep = gate(ENTRY, inserted, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("excludes only instances where a checked property fails" in u
                                           for u in rep.unknown), rep
    guarded = ENTRY.replace(TRANS, TRANS.replace("or enter[p]", "or (no Critical and enter[p])"))
    assert alloy.check(guarded).status == "ok"
    assert gate(ENTRY, guarded, verifier=alloy, behaviour="require").status == "faithful"


def test_the_branches_a_candidate_adds() -> None:
    from fmrepair.verifiers.alloy.escapes import branches_dropped

    cand = ENTRY.replace(GUARD, "{ p in Waiting  no Critical or #Waiting > 5  Waiting'")
    got = branches_dropped(ENTRY, cand)
    assert any(t == "or #Waiting > 5" and "#Waiting > 5" not in c and "no Critical" in c for t, c in got), got
    assert branches_dropped(ENTRY, ENTRY.replace(GUARD, "{ p in Waiting  no Critical  Waiting'")) == []


def test_the_quantified_terms_of_added_text() -> None:
    from fmrepair.verifiers.alloy.escapes import quantified_terms

    text = "no Critical - {q: Proc | some disj a, b: Waiting - q | a != b} and (all x: Proc | x in Proc)"
    got = [(text[a:b], v) for a, b, v in quantified_terms(text)]
    assert got == [("{q: Proc | some disj a, b: Waiting - q | a != b}", ("none",)),
                   ("some disj a, b: Waiting - q | a != b", ("(some none)", "(no none)")),
                   ("all x: Proc | x in Proc", ("(some none)", "(no none)"))]


@pytest.mark.parametrize("guard", [
    # three more waiting processes than the check's three: no count, no repeated join, no disj for a trigger
    "no Critical or (some a: Waiting - p, b: Waiting - p - a, c: Waiting - p - a - b | a in Waiting)",
    "no Critical or (some a, b, c: Waiting - p | a != b and b != c and a != c)",
    # the same escape without `or` (helper-37): a term constant at the file's scopes and not above them
    "(all q: Waiting - p | lone (Waiting - p - q)) implies no Critical",
    "no Critical - {q: Proc | some disj a, b, c: Waiting - p | a != q}",
])
def test_an_escape_that_opens_only_above_the_scope_is_undecided(alloy, guard) -> None:  # noqa: ANN001
    """An added disjunct, or a quantified term, that changes nothing at the file's scopes and does above them
    (`escapes.py`)."""
    cand = ENTRY.replace(GUARD, f"{{ p in Waiting  {guard}  Waiting'")
    assert alloy.check(cand).status == "ok"
    rep = gate(ENTRY, cand, verifier=alloy, behaviour="require")
    assert rep.status == "unknown" and any("above them" in u and "an escape" in u for u in rep.unknown), rep


def test_a_branch_that_never_opens_is_harmless(alloy) -> None:  # noqa: ANN001
    cand = ENTRY.replace(GUARD, "{ p in Waiting  no Critical or no Proc  Waiting'")  # p is a Proc: never true
    assert alloy.check(cand).status == "ok"
    assert gate(ENTRY, cand, verifier=alloy, behaviour="require").status == "faithful"


LEVELS = """open util/ordering[Level]
sig Level {}
sig Object { level: one Level }
sig Team { docs: set Object }
sig Subject { team: one Team, clearance: one Level, reads: set Object }
fact ReadRule { all s: Subject | s.reads = s.team.docs }
assert NoReadUp { all s: Subject, o: s.reads | lte[o.level, s.clearance] }
check NoReadUp for 4
"""
RULE = "all s: Subject | s.reads = s.team.docs"


@pytest.mark.parametrize("fix", ["all s: Subject | s.reads = {o: s.team.docs | lte[o.level, s.clearance]}",
                                 "all s: Subject, o: Object | o in s.reads iff (o in s.team.docs and "
                                 "lte[o.level, s.clearance])"])
def test_a_definition_filtered_by_the_property_is_no_restatement(fix: str) -> None:
    """helper-40's o33_D_h01/h04: the relation the author defined, now defined with the property as its filter."""
    assert restated(LEVELS, LEVELS.replace(RULE, fix)) == []


@pytest.mark.parametrize("cheat", ["all s: Subject | s.reads = s.team.docs and (all o: s.reads | "
                                   "lte[o.level, s.clearance])",
                                   "all s: Subject, o: Object | (o in s.reads iff o in s.team.docs) and "
                                   "lte[o.level, s.clearance]",
                                   "all s: Subject | s.reads = {o: s.team.docs | lte[o.level, s.clearance] or some o}"])
def test_the_property_beside_a_definition_is_still_written_in(cheat: str) -> None:
    assert restated(LEVELS, LEVELS.replace(RULE, cheat))
