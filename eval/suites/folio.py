"""FOLIO validation (v0.0) as formalize tasks: NL premises + conclusion -> SMT-LIB2, answer vs label.

Visible: the numbered premises and the conclusion. Reference (never in a prompt): the FOL annotations.
The label is in ``meta["hidden_label"]`` (public views drop ``hidden*`` keys); ``meta["premises"]`` is
the premise list that diagnosis aligns against. Task ids: ``folio-val-NNN`` (row number in the file).
"""

from __future__ import annotations

import json
from pathlib import Path

from fmrepair.eval.suites.base import SEED_001, Candidate, Scored, SuiteLoad, check_mode
from fmrepair.task import Task

FILES = {"validation": "FOLIO/data/v0.0/folio-validation.jsonl"}


def problem_text(premises: list[str], conclusion: str) -> str:
    lines = ["Premises:"] + [f"{i}. {p.strip()}" for i, p in enumerate(premises, 1)]
    lines += ["Conclusion to judge (True, False or Uncertain given the premises):", conclusion.strip()]
    return "\n".join(lines)


class FolioSuite:
    name = "folio"
    modes = ("validation",)
    kind = "formalize"
    data_folder = "folio"
    default_strategy = SEED_001

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        mode = check_mode(self, mode)
        path = Path(root) / FILES[mode]
        tasks, problems = [], []
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                premises = [p for p in row["premises"] if p.strip()]
                reference = "\n".join(row["premises-FOL"] + [row["conclusion-FOL"]])
                tasks.append(
                    Task(
                        id=f"folio-val-{i:03d}",
                        suite="folio",
                        formalism="smtlib",
                        kind="formalize",
                        visible=problem_text(premises, row["conclusion"]),
                        reference=reference,
                        meta={"premises": premises, "hidden_label": row["label"]},
                    )
                )
            except (KeyError, TypeError, json.JSONDecodeError) as e:
                problems.append(f"{path}:{i + 1}: {type(e).__name__}: {e}")
        return SuiteLoad(tasks=tasks, problems=problems)

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def unscorable(self, task: Task) -> str | None:
        return None

    def score(self, task: Task, candidate: Candidate) -> Scored:
        """The solver's answer for the formalization (True/False/Uncertain) against the hidden label."""
        answer = candidate.answer
        return Scored(correct=answer is not None and answer == task.meta.get("hidden_label"))
