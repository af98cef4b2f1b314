"""A constraint on a definition's inputs that makes the author's wrong definition meet the property
(verifiers/alloy/definitions.py, asked by ``assume``): the squeezes of helper-40's o33_D, helper-41's o34_D and
helper-42's o35_D, on a specification written here. The fix of the definition itself is a repair."""

from __future__ import annotations

from fmrepair.verifiers.alloy.definitions import definitions, squeezed_through
from fmrepair.verifiers.alloy.gate import gate

BOARD = """abstract sig Kind {}
one sig Open, Closed extends Kind {}
sig Person { member: set Team, senior: lone Kind }
sig Team {}
sig Task { owner: one Person, team: one Team, kind: one Kind, viewers: set Person }
fact Viewers { all t: Task | t.viewers = t.owner + member.(t.team) }
assert ClosedToSeniors { all t: Task, p: t.viewers | t.kind = Closed implies (p = t.owner or some p.senior) }
check ClosedToSeniors for 4
run sharedOpen { some t: Task | t.kind = Open and some t.viewers - t.owner } for 4
"""
FAULT = "fact Viewers { all t: Task | t.viewers = t.owner + member.(t.team) }"


def test_a_definition_is_an_equation_under_an_all_or_at_the_top() -> None:
    assert definitions(BOARD) == {"viewers": {"all t:Task|t.viewers=member.(t.team)+t.owner"}}  # terms in order
    assert definitions(BOARD.replace("t.owner + member.(t.team)", "member.(t.team) + t.owner")) == definitions(BOARD)
    # a difference keeps its order: `A + B - C` is `(A + B) - C`
    minus = BOARD.replace("t.owner + member.(t.team)", "member.(t.team) + t.owner - t.owner")
    assert definitions(minus) == {"viewers": {"all t:Task|t.viewers=member.(t.team)+t.owner-t.owner"}}
    assert definitions("sig A { f: set A, g: set A }\nfact { g = ^f }\nfact { all a: A | a.f != a.g }") == {
        "g": {"g=^f"}}
    cases = ("sig A { f: set A, g: set A }\n"
             "fact { all a: A | some a.f implies a.g = a.f\n all a: A | no a.f implies a.g = a }")
    assert definitions(cases) == {"g": {"all a:A|some a.f implies a.g=a.f", "all a:A|no a.f implies a.g=a"}}
    # in a sig's appended fact (helper-44's o37_B: `feed = follows.~author` of each Person)
    sig = "sig P { follows: set P, feed: set Post } { feed = follows.~author }\nsig Post { author: one P }"
    assert definitions(sig) == {"feed": {"feed=follows.~author"}}
    # recursive, an inclusion, or two equations: no definition
    assert definitions("sig A { f: set A }\nfact { all a: A | a.f = a.f.f }\nfact { all a: A | a.f in a.f }") == {}


def test_a_squeeze_of_the_definitions_inputs_is_undecided_and_the_fixed_definition_is_a_repair(alloy) -> None:  # noqa: ANN001
    assert alloy.check(BOARD).status == "failed"
    squeezes = (
        BOARD + "fact Staffing { all t: Task | t.kind = Closed implies member.(t.team) - t.owner in senior.Kind }\n",
        BOARD.replace("sig Task { owner: one Person, team: one Team, kind: one Kind, viewers: set Person }",
                      "sig Task { owner: one Person, team: one Team, kind: one Kind, viewers: set Person } {\n"
                      "  kind = Closed implies member.team - owner in senior.Kind\n}"),
        BOARD.replace(FAULT, "fact Viewers {\n  all t: Task | t.viewers = t.owner + member.(t.team)\n"
                             "  no t: Task | t.kind = Closed and some (member.(t.team) - t.owner - senior.Kind)\n}"),
    )
    for cand in squeezes:
        assert alloy.check(cand).status == "ok", cand
        rep = gate(BOARD, cand, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), rep
    assert squeezed_through(BOARD, squeezes[0], "member.(t.team) - t.owner in senior.Kind",
                            ["all t: Task, p: t.viewers | p = t.owner or some p.senior"]) == ["viewers"]
    fixed = BOARD.replace("t.owner + member.(t.team) }",
                          "t.owner + { p: member.(t.team) | t.kind = Open or some p.senior } }")
    assert alloy.check(fixed).status == "ok"
    assert gate(BOARD, fixed, verifier=alloy, behaviour="require").status == "faithful"


PLANS = """abstract sig Tier {}
one sig Free, Pro, Corp extends Tier {}
sig Feature {}
one sig Basic extends Feature {}
sig Org { features: set Feature }
sig User { tier: one Tier, org: one Org, can: set Feature }
fact CanRule {
  all u: User | u.tier = Free implies u.can = Basic
  all u: User | u.tier = Pro implies u.can = Basic + Org.features
  all u: User | u.tier = Corp implies u.can = Feature
}
assert OwnOrg { all u: User | u.tier != Corp implies u.can in Basic + u.org.features }
check OwnOrg for 4
run proUser { some u: User | u.tier = Pro and u.can != Basic } for 4
"""
ONE_QUANTIFIER = """fact CanRule {
  all u: User {
    u.tier = Free implies u.can = Basic
    u.tier = Pro implies u.can = Basic + u.org.features
    u.tier = Corp implies u.can = Feature
  }
}"""
ITE = """fact CanRule {
  all u: User | u.tier = Free implies u.can = Basic
    else u.tier = Pro implies u.can = Basic + u.org.features
    else u.can = Feature
}"""


def test_a_definition_by_cases_rewritten_in_another_form_drops_no_case(alloy) -> None:  # noqa: ANN001
    """helper-43's o36_G_h06 and o36_D_h04, in other words: the cases under one quantifier, or as an if-then-else
    chain, with the faulty case fixed. The author's faulty case put back beside the fix squeezes it (every
    organisation's features the user's own): it is the case the fix rewrote, not a rule dropped beside it."""
    from fmrepair.verifiers.alloy.dropped import dropped

    assert alloy.check(PLANS).status == "failed"
    start = PLANS.index("fact CanRule")
    end = PLANS.index("}\nassert") + 1
    for fix in (ONE_QUANTIFIER, ITE):
        cand = PLANS[:start] + fix + PLANS[end:]
        assert alloy.check(cand).status == "ok", fix
        assert dropped(PLANS, cand, alloy) == [], fix
        assert gate(PLANS, cand, verifier=alloy, behaviour="require").status == "faithful", fix


def test_a_squeeze_that_names_the_defined_relation_or_sits_inside_its_rewrite_is_undecided(alloy) -> None:  # noqa: ANN001
    """The squeeze said through the kept equation (``member.(t.team) in t.viewers & senior.Kind``: given the
    definition, the team is among the viewers, so this is the squeeze), or written beside the definition inside a
    case of the candidate's rewrite of it (a consequent, a branch of an ``if-then-else``): helper-44's
    ``o37_A_c05`` .. ``c07``, ``o37_B_c03``."""
    squeeze = "member.(t.team) - t.owner in senior.Kind"
    same = "t.viewers = t.owner + member.(t.team)"
    squeezes = (
        BOARD + "fact { all t: Task | t.kind = Closed implies member.(t.team) - t.owner in t.viewers & senior.Kind }\n",
        BOARD.replace(FAULT, f"fact Viewers {{\n  all t: Task | t.kind = Open implies {same}\n"
                             f"  all t: Task | t.kind = Closed implies ({same} and {squeeze})\n}}"),
        BOARD.replace(FAULT, f"fact Viewers {{\n  all t: Task | t.kind = Closed implies {{ {same}  {squeeze} }} "
                             f"else {same}\n}}"),
        # the definition's terms reordered beside a squeeze in a new fact (helper-45's o38_C_c05)
        BOARD.replace("t.owner + member.(t.team) }", "member.(t.team) + t.owner }")
        + f"fact {{ all t: Task | t.kind = Closed implies {squeeze} }}\n",
    )
    for cand in squeezes:
        assert alloy.check(cand).status == "ok", cand
        rep = gate(BOARD, cand, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), (cand, rep)


def test_a_squeeze_beside_the_definition_in_a_sigs_appended_fact_is_undecided(alloy) -> None:  # noqa: ANN001
    """The definition in the sig's appended fact, and the squeeze added beside it there, as a conjunct or through a
    new pred called on ``this`` (helper-44's ``o37_B_c04``, ``c07``: a sig fact was read only as a new one)."""
    task = "sig Task { owner: one Person, team: one Team, kind: one Kind, viewers: set Person }"
    sig = BOARD.replace(FAULT, "").replace(task, task + " {\n  viewers = owner + member.team\n}")
    assert alloy.check(sig).status == "failed"
    squeezes = (
        sig.replace("  viewers = owner + member.team\n",
                    "  viewers = owner + member.team\n  kind = Closed implies member.team - owner in senior.Kind\n"),
        sig.replace("  viewers = owner + member.team\n", "  viewers = owner + member.team\n  staffed[this]\n")
        + "pred staffed[t: Task] { t.kind = Closed implies member.(t.team) - t.owner in senior.Kind }\n",
    )
    for cand in squeezes:
        assert alloy.check(cand).status == "ok", cand
        rep = gate(sig, cand, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), (cand, rep)


BADGES = """abstract sig Area {}
one sig Hall, Office, Server extends Area {}
sig Gate { to: one Area }
sig Worker { grants: set Area, passes: set Gate }
sig Admin in Worker {}
pred passRule {
  all w: Worker, g: Gate | g in w.passes iff g.to in w.grants + Hall
}
fact Passes { passRule }
assert ServerAdminsOnly { all w: Worker, g: w.passes | g.to = Server implies w in Admin }
check ServerAdminsOnly for 4
"""


def test_a_pointwise_definition_in_a_pred_a_fact_calls_is_read(alloy) -> None:  # noqa: ANN001
    """``g in w.passes iff ...`` in a pred the fact calls defines ``passes`` (helper-44's ``o37_F``): a squeeze of
    its inputs in a new fact, or beside it in the pred, is undecided; the definition given the condition is not
    asked here."""
    assert definitions(BADGES) == {"passes": {"all w:Worker,g:Gate|g in w.passes iff g.to in w.grants+Hall"}}
    assert definitions("sig A { f: set A, g: set A }\nfact { all x, y: A | x -> y in g iff y in x.f }") == {
        "g": {"all x,y:A|x->y in g iff y in x.f"}}
    assert alloy.check(BADGES).status == "failed"
    squeeze = "all w: Worker - Admin | some to.Server implies Server not in w.grants"
    for cand in (BADGES + f"fact {{ {squeeze} }}\n",
                 BADGES.replace("+ Hall\n}", f"+ Hall\n  {squeeze}\n}}")):
        assert alloy.check(cand).status == "ok", cand
        rep = gate(BADGES, cand, verifier=alloy, behaviour="require")
        assert rep.status == "unknown" and any("assumes the property" in u for u in rep.unknown), (cand, rep)
