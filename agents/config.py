"""Budgets and repair settings in one config object."""

from __future__ import annotations

from pydantic import BaseModel, Field

from fmrepair.agents.toolcall import EditMode

# Counted budgets decide results; wall time is only a safety cap (a task it cuts short says
# ``stop_reason: "wall_cap: ..."``, and that result depends on how loaded the machine was).
DEFAULT_SEARCH_CANDIDATES = 3000  # search: checked candidates per task when Budget.candidates is None
DEFAULT_SEARCH_PROPOSALS = 200_000  # search: proposals (pruned in Python or checked) per task when None
DEFAULT_SEARCH_WALL_CAP_S = 1800.0  # search: the wall-time cap per task when Budget.wall_seconds is None


class Budget(BaseModel):
    iterations: int = Field(6, ge=1, description="k: repair attempts per chain (seed 000 uses 6)")
    samples: int = Field(1, ge=1, description="n: independent chains (the `sample` strategy)")
    total_answers: int | None = Field(
        None, ge=1, description="fixed total of model answers (n x r); default samples * iterations"
    )
    max_tokens: int | None = Field(None, ge=1, description="prompt + completion tokens over the task")
    wall_seconds: float | None = Field(
        None,
        gt=0,
        description="safety cap on wall-clock time per task (None: none for model strategies, "
        "DEFAULT_SEARCH_WALL_CAP_S for search); a result it cuts short depends on machine load",
    )
    verifier_calls: int | None = Field(None, ge=1, description="verifier calls per task")
    candidates: int | None = Field(
        None, ge=1, description="search: candidate specifications checked per task (None: DEFAULT_SEARCH_CANDIDATES)"
    )
    proposals: int | None = Field(
        None,
        ge=1,
        description="search: distinct candidates proposed per task, pruned by counterexamples in Python or checked "
        "(bounds the pruning work, which checks do not count; None: DEFAULT_SEARCH_PROPOSALS)",
    )


class RepairConfig(BaseModel):
    strategy: str = "single-gf"
    edit_mode: EditMode = "paragraph"
    budget: Budget = Field(default_factory=Budget)
    temperature: float = Field(0.2, ge=0.0, le=2.0)
    top_p: float = 1.0
    max_new_tokens: int = Field(400, ge=16, description="tokens per model answer")
    seed: int | None = 0
    history_turns: int | None = Field(
        None, ge=0, description="keep at most this many past exchanges (None: as many as the context fits)"
    )
    check_timeout_s: float = 30.0
    instructor_model: str | None = Field(None, description="dual-af: the instructor's model (default: same)")
