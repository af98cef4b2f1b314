"""The seed 001 NL -> formal methods as registered strategies (agents/strategies.py STRATEGIES): their
facts and names. They run in the formalize loop (agents/formalize/loop.py: ``zero_shot``,
``self_review``, ``gated``), one result line each from a shared zero-shot start; ``gated`` is
``EvidenceGated``, which runs on both kinds."""

from __future__ import annotations

from fmrepair.agents.session import RepairSession
from fmrepair.agents.strategies import StrategyInfo


class _FormalizeMethod:
    name = "formalize"
    info = StrategyInfo(("formalize",))

    def run(self, session: RepairSession) -> None:
        raise TypeError(f"{self.name!r} is an NL -> formal method: the formalize loop runs it, not a repair session")


class ZeroShot(_FormalizeMethod):
    name = "zero-shot"
    info = StrategyInfo(("formalize",), help="NL to formal: one generation, no repair")


class SelfReview(_FormalizeMethod):
    name = "self-review"
    info = StrategyInfo(("formalize",), help="NL to formal: the model reviews its artifact and may rewrite it")
