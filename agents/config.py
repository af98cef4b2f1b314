"""Budgets and repair settings in one config object."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .toolcall import EditMode


class Budget(BaseModel):
    iterations: int = Field(6, ge=1, description="k: repair attempts per chain (seed 000 uses 6)")
    samples: int = Field(1, ge=1, description="n: independent chains (the `sample` strategy)")
    total_answers: int | None = Field(
        None, ge=1, description="fixed total of model answers (n x r); default samples * iterations"
    )
    max_tokens: int | None = Field(None, ge=1, description="prompt + completion tokens over the task")
    wall_seconds: float | None = Field(None, gt=0, description="wall-clock time per task")
    verifier_calls: int | None = Field(None, ge=1, description="verifier calls per task")
    candidates: int | None = Field(None, ge=1, description="search: candidate specifications checked per task")


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
