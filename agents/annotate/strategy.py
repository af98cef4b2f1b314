"""The C/ACSL annotation loop as a registered strategy (agents/strategies.py STRATEGIES): its facts and
name. It runs in agents/annotate/loop.py (``annotate_task``), not in a repair session."""

from __future__ import annotations

from fmrepair.agents.session import RepairSession
from fmrepair.agents.strategies import StrategyInfo


class Annotate:
    name = "annotate"
    info = StrategyInfo(("annotate",), help="C/ACSL: n chains x r feedback rounds of annotation edits")

    def run(self, session: RepairSession) -> None:
        raise TypeError("'annotate' runs in the annotation loop (agents/annotate/loop.py), not a repair session")
