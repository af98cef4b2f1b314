"""A comparison's one-step version (library._one_step): util/ordering's ``lt[a, b]`` -> ``a in b.prev``,
``lte[a, b]`` -> ``a in b + b.prev`` (``gt``/``gte``: ``next``). The new trees are evaluated in Python like
the analyzer evaluates their text (on lasso traces too), a model that opens no ordering gets none, and a
hidden-oracle task written here (a cursor moves at most one slot per step) is repaired by it and is not
without it."""

from __future__ import annotations

from alloy_tasks import edits_decided_like_the_analyzer, hidden_task, mutations_only, repaired_by

from fmrepair.agents.mutation import library as library_mod
from fmrepair.agents.mutation.operators import Context, mutations, render, scopes

TAPE = """open util/ordering[Slot]
sig Slot {}
one sig Cursor { var at: one Slot, mark: lone Slot }
pred base {
  always (lte[Cursor.at, Cursor.at'] and lt[first, Cursor.at] and gte[Cursor.mark, Cursor.at] and gt[last, first])
}
"""


def steps(text: str, client) -> tuple[Context, list]:
    model = client.parse(text)
    ctx = Context(text, model)
    singles = [m for n, env in scopes(model.funcs["base"].body, {}) for m in mutations(n, ctx, env)]
    return ctx, [m for m in singles if m.operator == "library" and " in " in m.new.text]


def test_one_step_versions_are_evaluated_like_the_analyzer(client, verifier):
    ctx, found = steps(TAPE, client)
    assert sorted(m.new.text for m in found) == [
        "(Cursor.at) in (Cursor.at') + (Cursor.at').prev",
        "(Cursor.mark) in (Cursor.at) + (Cursor.at).next",
        "first in (Cursor.at).prev",
        "last in first.next",
    ]
    edits = [(m.target, m.new, TAPE[: m.target.s] + render(m.new, ctx) + TAPE[m.target.e :]) for m in found]
    decided, undecided = edits_decided_like_the_analyzer(client, verifier, TAPE, edits)
    assert undecided == 0 and decided >= 2 * len(found) - 1  # `last in first.next` may have no instance


def test_no_ordering_no_one_step(client):
    """The model's own predicates named like util/ordering's are not the library's."""
    own = "".join(f"pred {p}[a, b: Slot] {{ a in b }}\n" for p in ("lt", "lte", "gt", "gte"))
    own += "fun first: Slot { Slot }\nfun last: Slot { Slot }\n"
    plain = TAPE.replace("open util/ordering[Slot]\n", "") + own
    assert steps(plain, client)[1] == []


SPEC = """open util/ordering[Slot]
sig Slot {}
one sig Cursor { var at: one Slot }
pred moves {
  always lte[Cursor.at, Cursor.at']
}
"""
ORACLE = """
pred moves_OK { always Cursor.at' in Cursor.at + Cursor.at.next }
assert moves_Repaired { moves[] iff moves_OK[] }
check moves_Repaired expect 0
"""


def test_at_most_one_step_needs_the_one_step_version(verifier, monkeypatch):
    task = hidden_task("moves", SPEC, ORACLE, "moves")
    cfg = mutations_only(40)  # synthesis would spend these proposals first
    accepted, out = repaired_by(verifier, task, cfg, lambda: monkeypatch.setattr(library_mod, "ONE_STEP", {}))
    assert accepted == "library: `lte[Cursor.at, Cursor.at']` -> `(Cursor.at) in (Cursor.at') + (Cursor.at').prev`"
    assert not out.result.faithful, out.candidate
