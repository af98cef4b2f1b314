"""Task builders shared by the Alloy search tests (not a test module): Alloy4Fun-style hidden-oracle tasks,
ARepair-style frozen tasks, the gate as the loop calls it (text checks only), a search config, and the
evaluator-against-analyzer comparison."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.agents.mutation.instance import Instance, Unknown, parse_witness
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy.gate import gate_task
from fmrepair.verifiers.alloy.syntax import Model
from fmrepair.verifiers.alloy.text import split_paragraphs

if TYPE_CHECKING:
    from fmrepair.agents.runner import RepairOutcome


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


def decided_like_the_analyzer(
    verifier, src: str, model: Model, value: Callable[[int, Instance], bool]
) -> tuple[int, int]:
    """``src`` has a ``check cI`` and a ``run rI`` per formula I: on each witness, ``value(I, instance)`` (the
    Python evaluator; Unknown skips it) must be what the analyzer found (true on a run's instance, false on a
    check's counterexample). Returns how many witnesses were decided and how many were not (Unknown)."""
    decided = undecided = 0
    for cmd in verifier.check(src).commands:
        if not cmd.witness:
            continue
        inst = parse_witness(cmd.witness, model)
        assert inst is not None, cmd.witness
        try:
            got = value(int(cmd.label[1:]), inst)
        except Unknown:
            undecided += 1
            continue
        assert got == (cmd.label[0] == "r"), (cmd.label, cmd.witness)
        decided += 1
    return decided, undecided


def repaired_by(verifier, task: Task, cfg: RepairConfig, switch_off: Callable[[], None]) -> tuple[str, RepairOutcome]:
    """Repairs ``task`` with the search (a faithful repair is asserted) and returns the accepted candidate's
    description, then the outcome of the same search after ``switch_off()`` (which removes one tool)."""
    from fmrepair.agents.runner import repair_task
    from fmrepair.serving.scripted import ScriptedModel

    seen: list[tuple[str, bool]] = []
    out = repair_task(
        task,
        ScriptedModel([]),
        verifier,
        cfg,
        gate=gate,
        on_attempt=lambda a: seen.append((a.raw or "", bool(a.faithful))),
    )
    assert out.result.faithful, out.result.stop_reason
    accepted = [r for r, ok in seen if ok][0]
    switch_off()
    return accepted, repair_task(task, ScriptedModel([]), verifier, cfg, gate=gate)
