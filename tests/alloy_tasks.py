"""Task builders shared by the Alloy search tests (not a test module): Alloy4Fun-style hidden-oracle tasks,
ARepair-style frozen tasks, the gate as the loop calls it (text checks only) and a search config."""

from __future__ import annotations

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy.gate import gate_task
from fmrepair.verifiers.alloy.text import split_paragraphs


def gate(task: Task, candidate: str) -> dict:
    return gate_task(task, candidate).model_dump()


def frozen_of(text: str) -> list[FrozenRegion]:
    return [
        FrozenRegion(name=p.key, kind=p.kind, text=p.text)
        for p in split_paragraphs(text)
        if p.kind in ("assert", "command")
    ]


def hidden_task(task_id: str, spec: str, oracle: str, pred: str) -> Task:
    """An Alloy4Fun-style task: only ``pred`` is editable; the oracle checks ``pred`` iff ``pred_OK``."""
    paras = split_paragraphs(spec)
    return Task(
        id=task_id,
        suite="test",
        visible=spec,
        frozen=[FrozenRegion(name=p.key, kind=p.kind, text=p.text) for p in paras if p.name != pred],
        hidden_oracle=oracle,
        meta={"editable": [f"pred {pred}"], "hidden_reference_names": [f"{pred}_OK", f"{pred}_Repaired"]},
    )


def config(strategy: str, candidates: int = 400, seconds: float = 900.0, iterations: int = 2) -> RepairConfig:
    return RepairConfig(
        strategy=strategy,
        budget=Budget(candidates=candidates, wall_seconds=seconds, iterations=iterations),
        check_timeout_s=10,
    )
