"""Task builders shared by the Alloy search tests (not a test module): Alloy4Fun-style hidden-oracle tasks,
ARepair-style frozen tasks, the gate as the loop calls it (text checks only), a search config, and the
evaluator-against-analyzer comparison."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.agents.mutation.operators import close_brackets
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy.gate import gate_task
from fmrepair.verifiers.alloy.instance import Instance, Unknown, parse_witness
from fmrepair.verifiers.alloy.syntax import Model, Node
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


def mutations_only(candidates: int) -> RepairConfig:
    """A short search of mutations and their pairs (no synthesis, 20,000 proposals): tests of one operator."""
    cfg = config("mutate", candidates=candidates)
    cfg.budget.proposals = 20000
    cfg.search_synth = False
    return cfg


def formulas_decided_like_the_analyzer(
    client, verifier, head: str, model: Model, formulas: list[Node], scope: str = "3 but 1..5 steps"
) -> tuple[int, int]:
    """Each synthesized tree becomes a pred of ``head`` (its text must compile) with a check and a run; on
    their witnesses the tree itself, evaluated in Python (facts holding), must be what the analyzer found."""
    from fmrepair.verifiers.alloy.instance import facts_hold, holds

    src = head + "\n".join(f"pred p{i} {{ {f.text} }}" for i, f in enumerate(formulas)) + "\n"
    src += "\n".join(
        f"check c{i} {{ p{i} }} for {scope}\nrun r{i} {{ p{i} }} for {scope}" for i in range(len(formulas))
    )
    client.parse(src)  # every synthesized text compiles

    def value(i: int, inst: Instance) -> bool:
        got = holds(model, inst, formulas[i])  # the synthesized tree itself, not a parse of its text
        assert facts_hold(model, inst)
        return got

    return decided_like_the_analyzer(verifier, src, model, value)


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


def edits_decided_like_the_analyzer(
    client, verifier, spec: str, edits: list[tuple[Node, Node, str]]
) -> tuple[int, int]:
    """Each edit (target node of ``spec``'s last paragraph ``pred base {...}``, its override tree, the edited
    text) becomes a pred of its own with a check and a run; on their witnesses the override tree, evaluated
    in Python, must be what the analyzer found for the text (decided_like_the_analyzer)."""
    from fmrepair.verifiers.alloy.instance import holds

    head = "pred base {"
    bodies = [t[t.index(head) + len(head) : t.rindex("}")] for _, _, t in edits]
    src = spec + "".join(f"pred p{i} {{{b}}}\n" for i, b in enumerate(bodies))
    cmds = "check c{0} {{ p{0} }} for 3 but 1..4 steps\nrun r{0} {{ p{0} }} for 3 but 1..4 steps\n"
    src += "".join(cmds.format(i) for i in range(len(edits)))
    full = client.parse(src)  # every edited text compiles
    base = full.funcs["base"].body
    for n in base.walk():
        close_brackets(n, src)  # a call's span as the search's Context has it (with its `]`)
    by_span = {(n.s, n.e): n for n in base.walk()}

    def value(i: int, inst: Instance) -> bool:
        target, new, _ = edits[i]
        return holds(full, inst, base, {by_span[(target.s, target.e)].id: new})  # the tree, not the text

    return decided_like_the_analyzer(verifier, src, full, value)


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
