"""The `mutate` (search only) and `hybrid` (language model + search) strategies."""

from __future__ import annotations

import contextlib
import difflib

from fmrepair.agents.config import ILL_FORMED_PER_CANDIDATE
from fmrepair.agents.feedback import generic_feedback
from fmrepair.agents.mutation.search import Found, MutationSearch, RoundDone
from fmrepair.agents.session import RepairSession
from fmrepair.agents.strategies import StrategyInfo, new_conversation
from fmrepair.verifiers.alloy.syntax import AstClient, ParseError, shared_client

Span = tuple[int, int]


# Candidates are checked one at a time: a batch is checked before any of its counterexamples can prune
# the rest, so a larger batch would change what the search checks, and a result must not depend on how
# many analyzer workers a run has (no switch outside the run config changes this).
CHECK_BATCH = 1


class MutateStrategy:
    """Fault localization + bounded mutation search over the editable paragraphs; no model calls."""

    name = "mutate"
    info = StrategyInfo(("repair",), needs_model=False, processes=True, help="bounded search over edits of the "
                        "formulas, no model; the CPU default, it repairs most here")
    depth = 3

    def __init__(self, client: AstClient | None = None) -> None:
        self.client = client

    def run(self, session: RepairSession) -> None:
        search = MutationSearch(session, self.client or shared_client(), self.name, CHECK_BATCH)
        try:
            search.run(session.task.visible, depth=self.depth)
        except ParseError:
            return  # the faulty spec does not parse: mutation needs a tree (hybrid lets the model fix it)


def changed_spans(old: str, new: str) -> list[Span]:
    """Character spans of ``new`` that differ from ``old`` (where the model edited)."""
    spans: list[Span] = []
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            spans.append((max(0, j1 - 1), max(j1 + 1, j2 + 1)))
    return spans


def search_notes(found: Found) -> str:
    """What search learned, for the next prompt (no hidden text: masked verdicts and witnesses only)."""
    lines = [f"A mutation search checked {found.checked} variants of the specification and pruned {found.pruned}."]
    if found.locations:
        lines.append("Most suspicious locations:")
        lines += [f"- {x}" for x in found.locations]
    if found.best is not None:
        lines.append(f"Closest variant ({found.best[0]:g} failing checks): {found.best[1][:300]}")
    if found.witness:
        lines.append("A counterexample it met:\n" + found.witness[:800])
    return "\n".join(lines)


class HybridStrategy:
    """The model proposes an edit; search refines around it (and around the spec, hinted by the edit);
    what search learned goes into the next prompt. The candidate budget is shared between rounds."""

    name = "hybrid"
    info = StrategyInfo(("repair",), processes=True, help="the mutation search started from model answers "
                        "(when a model is at hand)")
    depth = 2

    def __init__(self, client: AstClient | None = None) -> None:
        self.client = client

    def run(self, session: RepairSession) -> None:
        search = MutationSearch(session, self.client or shared_client(), self.name, CHECK_BATCH)
        base = session.task.visible
        conv = new_conversation(session, base)
        rounds = session.config.budget.iterations
        share = max(1, search.max_candidates // max(1, rounds))
        for it in range(1, rounds + 1):
            step = session.step(session.fit_history(conv.messages), base, 0, it, self.name)  # raises Repaired
            feedback = generic_feedback(step)
            search.round_cap = search.found.checked + share
            search.round_ill_cap = search.found.ill_formed + ILL_FORMED_PER_CANDIDATE * share
            search.chain = it
            compiled = step.evaluation is not None and step.evaluation.verdict.status in ("ok", "failed")
            roots = [(step.candidate, [])] if compiled and step.candidate else []
            roots.append((base, changed_spans(base, step.candidate) if step.candidate else []))
            try:
                for root, hints in roots:
                    with contextlib.suppress(RoundDone, ParseError):
                        search.run(root, depth=self.depth, hints=hints)
                    if search.found.checked >= search.round_cap or search.found.ill_formed >= search.round_ill_cap:
                        break
            finally:
                feedback += "\n\n" + search_notes(search.found)
                step.record.feedback = feedback
                session.record(step.record)
            conv.add_answer(step.record.raw)
            conv.add_feedback(feedback)
