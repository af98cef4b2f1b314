"""The search on specifications that open library modules and on Alloy 6 traces (issue 18.2): the
Python evaluator agrees with the analyzer on util/ordering, util/relation, util/boolean functions and on
lasso traces (var sigs and fields, primes, temporal operators), library operators parse, and an
ordering task is repaired."""

from __future__ import annotations

from alloy_tasks import config, decided_like_the_analyzer, gate, hidden_task

from fmrepair.agents.mutation.operators import Context, mutations, scopes
from fmrepair.agents.runner import repair_task
from fmrepair.serving.scripted import ScriptedModel
from fmrepair.verifiers.alloy.instance import holds, parse_witness

# util/ordering: the evaluator runs the module's own bodies over ordering/Ord, First, Next in the witness
ORDERED = """open util/ordering[Time] as ord
open util/ordering[Level]
sig Time { on: set Light, lv: lone Level }
sig Light {}
sig Level {}
"""
ORDERED_FORMULAS = [
    "some ord/first.on",
    "all t: Time - ord/last | t.ord/next.on in t.on",
    "all t: Time | some t.ord/nexts or t = ord/last",
    "all t, u: Time | ord/lt[t, u] implies t.on in u.on",
    "all t, u: Time | ord/gte[t, u] implies t.lv in u.lv",
    "ord/first.ord/next in ord/prevs[ord/last] + ord/last",
    "ord/max[Time.on.~on] = ord/last",
    "ord/min[on.Light] = ord/first",
    "all t: Time | ord/larger[t, ord/first] = t and ord/smaller[t, ord/last] = t",
    "ordering/first in Time.lv",
    "all t: Time | t.lv in ordering/nexts[ordering/first] + ordering/first",
    "some t: Time | t.ord/prevs = t.^~(ord/next)",
]
# Alloy 6 traces: var sig and fields per state, primes, future and past operators on the lasso
LIFT = """open util/ordering[Floor]
sig Floor {}
var sig Open in Floor {}
one sig Lift { var at: one Floor, var calls: set Floor }
fact { always (Lift.at' in Lift.at + Lift.at.next + Lift.at.prev) }
"""
LIFT_FORMULAS = [
    "always some Lift.calls",
    "eventually Lift.at = last",
    "after Lift.at = first",
    "Lift.at' = Lift.at.next",
    "always (Lift.at in Lift.calls implies after Lift.at not in Lift.calls)",
    "historically no Open",
    "eventually (before Lift.at = last)",
    "some Open until Lift.at = last",
    "no Open releases some Lift.calls",
    "always (Lift.calls' in Lift.calls)",
    "always eventually Lift.at = first",
    "eventually always no Open",
    "after after (Lift.at != first since Lift.at = last)",
    "all f: Floor | eventually f in Open",
    "always (Lift.at in Open or Lift.at' in Open')",
    "always (Lift.at = last implies once Lift.at = first)",
    "always lt[Lift.at, last] or eventually Lift.at = last",
    # past operators inside future ones, nested up to three deep: evaluated on the loop's unrollings
    "always (Lift.at in Open implies once no Open)",
    "eventually always once Lift.at = last",
    "always (historically some Lift.calls or once Lift.at = first)",
    "always (once historically Lift.at = first implies before Lift.at in Open)",
    "always (some Open since (Lift.at = last and once no Lift.calls))",
    "eventually (historically once (before Lift.at = first))",
    "always (Lift.at = first triggered once Lift.at = last)",
    "some Open until once Lift.at = last",
]


def _agree_with_analyzer(client, verifier, head: str, formulas: list[str], scope: str) -> tuple[int, int]:
    """Each formula checked and run by Alloy: our value on every counterexample must be false and on every
    instance true (facts hold on both). Returns (decided, undecided)."""
    from fmrepair.verifiers.alloy.instance import facts_hold

    src = head + "\n".join(f"pred p{i} {{ {f} }}" for i, f in enumerate(formulas)) + "\n"
    src += "\n".join(
        f"check c{i} {{ p{i} }} for {scope}\nrun r{i} {{ p{i} }} for {scope}" for i in range(len(formulas))
    )
    model = client.parse(src)

    def value(i: int, inst) -> bool:
        got = holds(model, inst, model.funcs[f"p{i}"].body)
        assert facts_hold(model, inst)
        return got

    return decided_like_the_analyzer(verifier, src, model, value)


def test_library_functions_evaluated_like_the_analyzer(client, verifier):
    decided, undecided = _agree_with_analyzer(client, verifier, ORDERED, ORDERED_FORMULAS, "3 but 4 Time")
    assert undecided == 0 and decided >= len(ORDERED_FORMULAS)


def test_relation_and_boolean_modules_evaluated_like_the_analyzer(client, verifier):
    head = "open util/relation\nopen util/boolean\nsig N { r: set N, flag: one Bool }\n"
    formulas = ["acyclic[r, N]", "total[r, N]", "functional[r, N]", "injective[r, N]", "symmetric[r]"]
    formulas += ["transitive[r]", "some dom[r] & ran[r]", "bijective[r, N]", "partialOrder[r, N]"]
    formulas += ["all n: N | isTrue[n.flag] implies some n.r", "all n: N | n.flag = Not[n.flag] or some n.r"]
    decided, undecided = _agree_with_analyzer(client, verifier, head, formulas, "3")
    assert undecided == 0 and decided >= len(formulas)


def test_traces_evaluated_like_the_analyzer(client, verifier):
    decided, undecided = _agree_with_analyzer(client, verifier, LIFT, LIFT_FORMULAS, "3 but 1..6 steps")
    assert undecided == 0 and decided >= 2 * len(LIFT_FORMULAS) - 2  # two have no run or no check witness


def test_library_operators_parse_and_keep_the_override_tree(client, verifier):
    from fmrepair.agents.mutation.operators import render

    src = ORDERED.replace(" as ord", "").replace("open util/ordering[Level]\n", "") + (
        "pred a { all t: Time - last | t.next.on in t.on }\n"
        "pred b { all t, u: Time | lt[t, u] implies t.on in u.on }\n"
        "pred c { first.next in prevs[last] and some nexts[first].lv }\n"
        "run { a and not b } for 3 but 4 Time\nrun { not a and c } for 3 but 4 Time\n"
    ).replace("lv: lone Level", "lv: lone Light")
    model = client.parse(src)
    ctx = Context(src, model)
    assert {f.text for f in ctx.lib} >= {"first", "last", "next", "prev", "nexts", "prevs", "lt", "gt", "lte", "max"}
    insts = [parse_witness(c.witness, model) for c in verifier.check(src).commands if c.witness]
    assert insts
    texts = set()
    for name in ("a", "b", "c"):
        for n, env in scopes(model.funcs[name].body, {}):
            for m in mutations(n, ctx, env):
                if m.operator != "library":
                    continue
                texts.add(m.new.text)
                text = src[: m.target.s] + render(m.new, ctx) + src[m.target.e :]
                again = client.parse(text)
                for inst in insts:
                    want = holds(again, inst, again.funcs[name].body)
                    assert holds(model, inst, model.funcs[name].body, {m.target.id: m.new}) == want, m.desc
    assert {"prev", "gt[t, u]", "lt[u, t]", "last", "nexts[t]", "t.next"} <= texts


def test_mutate_repairs_an_ordering_task(verifier):
    spec = ORDERED.replace(" as ord", "").replace("open util/ordering[Level]\n", "")
    spec += "pred lit { all t: Time - first | t.on in nexts[t].on }\n"
    oracle = "pred lit_OK { all t: Time - last | t.on in prevs[t].on }\n"
    oracle += "assert lit_Repaired { lit[] iff lit_OK[] }\ncheck lit_Repaired for 3 expect 0\n"
    task = hidden_task("ordered", spec, oracle, "lit")
    out = repair_task(task, ScriptedModel([]), verifier, config("mutate"), gate=gate)
    assert out.result.faithful, out.result.stop_reason  # needs first -> last and nexts -> prevs (two edits)
