"""Budgets and repair settings in one config object.

These are the defaults, constraints and descriptions of the repair settings; `fmrepair bench run`'s run
config (eval/config.py) takes its matching fields from here, so each is declared once.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator

from fmrepair.agents.edits import EditMode

PromptView = Literal["full", "compact"]

# Counted budgets decide results; wall time is only a safety cap (a task it cuts short says
# ``stop_reason: "wall_cap: ..."``, and that result depends on how loaded the machine was).
DEFAULT_SEARCH_CANDIDATES = 3000  # search: checked candidates per task when Budget.candidates is None
DEFAULT_SEARCH_PROPOSALS = 200_000  # search: proposals (pruned in Python or checked) per task when None
# ... in a model whose states change (Alloy 6 `var`): each proposal is evaluated over traces, about twice the
# work, and the development temporal families' unfixed tasks took a median of 92-95 s at 200,000 against 53 s
# at 100,000 (issue 35: 60 s), for 2 of 86 development repairs (at 162,233 and 169,568 proposals; docs/search.md)
DEFAULT_TEMPORAL_SEARCH_PROPOSALS = 100_000


def search_proposals(proposals: int | None, temporal: bool) -> int:
    """The search's proposal budget: ``proposals`` where set, else the default for the model's kind."""
    if proposals is not None:
        return proposals
    return DEFAULT_TEMPORAL_SEARCH_PROPOSALS if temporal else DEFAULT_SEARCH_PROPOSALS
# search: atom-bindings the guard sketches evaluate per task when None (agents/mutation/sketch.py; measured on
# development lts: repairs spent up to 125 million, and lts_inv7_06 ran into the wall cap after 405 million)
DEFAULT_SKETCH_EVALS = 200_000_000
# search: a candidate the analyzer's compiler rejects (syntax or type error; nothing solved) does not spend
# the candidate budget; at most this many such candidates per candidate of the budget (counted)
ILL_FORMED_PER_CANDIDATE = 10
DEFAULT_SEARCH_WALL_CAP_S = 1800.0  # search: the wall-time cap per task when Budget.wall_seconds is None


class Budget(BaseModel):
    iterations: int = Field(6, ge=1, description="k: repair attempts (model answers) per chain (seed 000 uses 6)")
    samples: int = Field(1, ge=1, description="n: chains per task (the `sample` strategy)")
    total_answers: int | None = Field(
        None, ge=1, description="fixed total of model answers (n x r); default samples * iterations"
    )
    max_tokens: int | None = Field(None, ge=1, description="prompt + completion tokens over the task")
    wall_seconds: float | None = Field(
        None,
        gt=0,
        description="safety cap on wall time per task (default: none for model strategies, "
        f"{DEFAULT_SEARCH_WALL_CAP_S:.0f} s for search); a task it cuts short says stop_reason wall_cap, and "
        "that result depends on machine load",
    )
    verifier_calls: int | None = Field(None, ge=1, description="verifier calls per task")
    candidates: int | None = Field(
        None,
        ge=1,
        description=f"search: candidate specifications checked per task (default {DEFAULT_SEARCH_CANDIDATES}); "
        "the budget that decides results; a candidate the analyzer's compiler rejects (syntax or type error) "
        f"is counted apart, at most {ILL_FORMED_PER_CANDIDATE} per candidate",
    )
    proposals: int | None = Field(
        None,
        ge=1,
        description="search: distinct candidates proposed per task, pruned by counterexamples in Python or "
        f"checked (bounds the pruning work, which checks do not count; default {DEFAULT_SEARCH_PROPOSALS}, "
        f"or {DEFAULT_TEMPORAL_SEARCH_PROPOSALS} in a model with var sigs or fields)",
    )
    sketch_evals: int | None = Field(
        None,
        ge=1,
        description="search: atom-bindings the guard sketches evaluate per task, at most (bounds the sketches' "
        f"Python work, which proposals do not count; default {DEFAULT_SKETCH_EVALS:,})",
    )


class RepairConfig(BaseModel):
    strategy: str = Field("single-gf", description="repair strategy (fmrepair models strategies)")
    edit_mode: EditMode = Field("paragraph", description="how the model edits: paragraph | patch | whole")
    prompt_view: PromptView = Field(
        "full",
        description="what a model is shown of the specification: full (all of it, seed 000) | compact (the "
        "declarations, facts, editable paragraphs and what they use or are used by; paragraph edits only)",
    )
    budget: Budget = Field(default_factory=Budget)
    temperature: float = Field(0.2, ge=0.0, le=2.0, description="sampling temperature")
    top_p: float | None = Field(None, gt=0.0, le=1.0, description="nucleus sampling (None: the model's profile)")
    max_new_tokens: int = Field(400, ge=16, description="tokens per model answer")
    seed: int | None = Field(0, description="sampling seed (sample s of independent chains uses seed + 7919 s)")
    history_turns: int | None = Field(
        None, ge=0, description="keep at most this many past exchanges (None: as many as the context fits)"
    )
    check_timeout_s: float = Field(30.0, gt=0, description="verifier timeout per check, in seconds")
    instructor_model: str | None = Field(None, description="dual-af: the instructor's model (default: same)")
    # search strategies (mutate, hybrid); these were the FMREPAIR_MUTATION_* environment variables
    search_prune: bool = Field(
        True,
        description="search: prune candidates that a counterexample already refutes before checking them "
        "(off: check every candidate and audit each prediction against the analyzer)",
    )
    search_synth: bool = Field(
        True, description="search: synthesize small replacement formulas besides mutating the given ones"
    )
    search_classes: bool = Field(
        True,
        description="search: synthesize the formulas after the pairs of mutations from one representative per "
        "value on the counterexamples collected so far (observational equivalence; rebuilt at each size)",
    )
    confirm_scope: int = Field(
        5,
        ge=0,
        description="a candidate that meets every command is checked once more with the hidden oracle's check "
        "commands at this overall scope at least, and passes only if they still hold (a formula learned from "
        "bounded counterexamples can agree with the reference at the oracle's scope only); one more verifier "
        "call per passing candidate; 0: off. Scores stay the oracle's own",
    )
    search_lift: bool = Field(
        True,
        description="search: first try the definitions a visible (frozen) property states for an editable predicate "
        "no fact calls (`all x | P[x] <=> F`: P's body := F); hidden properties are never read",
    )
    alternatives: int = Field(
        1, ge=1,
        description="repairs to collect before stopping: the search goes on past the first repair until it has "
        "this many distinct ones (or the budget ends); the first is the result, the rest are alternatives",
    )
    weakest_of: int = Field(
        1, ge=1,
        description="repairs to collect (within the budget) before keeping the weakest: a repair that allows no "
        "instance another one forbids, while that one allows more, loses to it (asked of the Analyzer at the "
        "file's command scopes; Alloy only); 1: the first repair",
    )
    narrowing_compare: int = Field(
        4, ge=1,
        description="when no candidate keeps every good instance: the narrowing candidates (the fewest scopes with a "
        "lost instance first, then the smallest edits) compared by what they allow, and a later one that allows "
        "every instance of the one kept and more is shown instead (asked of the Analyzer; Alloy only); 1: the first",
    )
    search_audit: str | None = Field(
        None,
        description="search: audit mode; re-parse each checked candidate to cross-check the Python evaluator, and "
        "append predictions, unsound prunes and mistrust events to this JSONL file",
    )
    search_ranker: str | None = Field(
        None,
        description="search: a ranker file (fmrepair train ranker) that orders each level's candidates by "
        "localization plus its score (None: the search's own order)",
    )

    @model_validator(mode="after")
    def _compact_needs_paragraph_edits(self) -> RepairConfig:
        if self.prompt_view == "compact" and self.edit_mode != "paragraph":
            raise ValueError("prompt_view compact shows part of the text: it needs edit_mode paragraph")
        return self
