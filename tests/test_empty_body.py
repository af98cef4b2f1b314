"""An editable predicate submitted with nothing between its braces (Alloy4Fun's empty submissions): no node
to mutate, so the search synthesizes the whole body into the hole (search.empty_body). A task written here
is repaired that way and is not without the hole; a predicate with a formula, or with parameters (their
types are in no node of an empty body), or one of several editable paragraphs (a model's `pred show {}`),
gets no hole."""

from __future__ import annotations

import time
from types import SimpleNamespace

from alloy_tasks import config, hidden_task, repaired_by

from fmrepair.agents.mutation import search as search_mod
from fmrepair.agents.mutation.search import MutationSearch

SPEC = """sig Member {}
sig Book { loans: set Member }
pred oneLoan {
  -- to do
}
pred full[b: Book] {
}
pred busy {
  some loans
}
"""
ORACLE = """
pred oneLoan_OK { all b: Book | lone b.loans }
assert oneLoan_Repaired { oneLoan[] iff oneLoan_OK[] }
check oneLoan_Repaired expect 0
"""


def holes(client, editable: list[str]) -> list[str]:
    """The text of each hole the search prepares when ``editable`` are the editable paragraphs."""
    task = hidden_task("empty", SPEC, ORACLE, "oneLoan")
    task.frozen = [f for f in task.frozen if f.name not in editable]  # the editable ones are not frozen
    session = SimpleNamespace(config=config("mutate"), started=time.monotonic(), editable=editable, task=task)
    search = MutationSearch(session, client, "mutate")  # type: ignore[arg-type]
    _, _, targets = search.prepare(SPEC)
    return [SPEC[n.s : n.e] for n, _ in targets if n.id in search.empty]


def test_only_an_empty_parameterless_body_is_a_hole(client):
    assert holes(client, ["pred oneLoan"]) == ["\n  -- to do\n"]  # the text between its braces
    assert holes(client, ["pred full"]) == []  # a parameter
    assert holes(client, ["pred busy"]) == []  # a formula
    assert holes(client, ["pred oneLoan", "pred busy"]) == []  # one of several editable paragraphs


def test_an_empty_body_is_repaired_by_synthesis_and_not_without_the_hole(verifier, monkeypatch):
    task = hidden_task("empty", SPEC, ORACLE, "oneLoan")
    cfg = config("mutate", candidates=40)
    accepted, out = repaired_by(
        verifier, task, cfg, lambda: monkeypatch.setattr(search_mod, "empty_body", lambda *a: False)
    )
    assert accepted.startswith("synth:"), accepted
    assert "lone" in accepted, accepted
    assert not out.result.faithful
    assert out.result.stop_reason.startswith("exhausted"), out.result.stop_reason
