"""The join chains of one relation read through funs and lets (verifiers/alloy/unrolled.py, above.beyond_probes):
helper-55's o45_F_c04 (a fun nested eight deep) and o45_F_c05 (lets squared) unroll a closure past every probe."""

from __future__ import annotations

from fmrepair.verifiers.alloy.above import beyond_probes
from fmrepair.verifiers.alloy.unrolled import unrolled

TREE = """sig Dir { up: lone Dir, tag: lone Dir }
fact NoLoop { no d: Dir | d.up = d }
assert Acyclic { no d: Dir | d in d.^up }
check Acyclic for 4
"""
FACT = "fact NoLoop { no d: Dir | d.up = d }"
UP = {"up", "tag"}


def _with(fact: str, extra: str = "") -> str:
    return TREE.replace(FACT, extra + fact)


def test_a_fun_nested_or_lets_squared_count_their_joins() -> None:
    nested = _with("fact NoLoop { no d: Dir | d in step[step[step[step[step[step[d.up]]]]]] }",
                   "fun step[x: set Dir]: set Dir { x + x.up }\n")
    assert unrolled(TREE, nested, UP) == 7 + 2
    squared = _with("fact NoLoop { let a = up + up.up, b = a + a.a, c = b + b.b | no d: Dir | d in d.c }")
    assert unrolled(TREE, squared, UP) == 8 + 2
    for text in (nested, squared):
        got = beyond_probes(TREE, text)
        assert len(got) == 1 and "more than the probes above the file's scopes reach (8)" in got[0], got


def test_closures_other_relations_and_conjuncts_side_by_side_are_not_a_chain() -> None:
    closure = _with("fact NoLoop { no d: Dir | d in d.^up }")
    mixed = _with("fact NoLoop { no d: Dir | d in d.up.tag.up.tag }")
    side = _with("fact NoLoop { all d: Dir | d.up != d\n  d.up.up != d  d.up.up != d.up }")
    for text in (closure, mixed, side):
        assert unrolled(TREE, text, UP) == 0, text
        assert beyond_probes(TREE, text) == []
    # a fun calling itself is read as its arguments, not unfolded without end
    looping = _with("fact NoLoop { no d: Dir | d in f[d.up] }", "fun f[x: set Dir]: set Dir { f[x.up] }\n")
    assert unrolled(TREE, looping, UP) == 0
