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
    assert definitions(BOARD) == {"viewers": "all t:Task|t.viewers=t.owner+member.(t.team)"}
    assert definitions("sig A { f: set A, g: set A }\nfact { g = ^f }\nfact { all a: A | a.f != a.g }") == {"g": "g=^f"}
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
