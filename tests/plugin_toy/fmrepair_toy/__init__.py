"""A toy plug-in distribution (tests only): the ``.tally`` formalism, its gate, a strategy, a suite, a
SLURM job kind. A ``.tally`` file is lines ``want N`` and numbers; it is ``ok`` when the numbers sum to
every ``want``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, ClassVar

import typer

from fmrepair.agents.strategies import StrategyInfo
from fmrepair.eval.suites.base import Candidate, Scored, SuiteLoad
from fmrepair.task import Task
from fmrepair.verifiers.base import CheckOptions, CommandResult, Verdict


class TallyVerifier:
    formalism = "tally"
    extensions: ClassVar[tuple[str, ...]] = (".tally",)

    def check(self, source: str, options: CheckOptions | None = None) -> Verdict:
        words = [ln.split() for ln in source.splitlines() if ln.strip() and not ln.startswith("#")]
        try:
            total = sum(int(w[0]) for w in words if w[0] != "want")
            wants = [int(w[1]) for w in words if w[0] == "want"]
        except (ValueError, IndexError):
            return Verdict(formalism="tally", status="syntax_error")
        commands = [
            CommandResult(
                label=f"want {n}", kind="goal", outcome="proved" if total == n else "unproved", met=total == n, index=i
            )
            for i, n in enumerate(wants)
        ]
        return Verdict(formalism="tally", status="ok" if all(c.met for c in commands) else "failed", commands=commands)

    def close(self) -> None:
        pass


def tally_gate(task: Any, candidate: str, verifier: Any = None, *, model_free: bool = False) -> dict[str, Any]:
    """Faithful when every ``want`` line of what the model was given is kept as it was."""
    kept = all(ln in candidate.splitlines() for ln in task.visible.splitlines() if ln.startswith("want"))
    status = "faithful" if kept else "unfaithful"
    return {"faithful": kept, "reasons": [] if kept else ["a want line changed"], "status": status}


class AddOne:
    """Try the given text plus ``1`` lines, one more each time, up to 5 (no model)."""

    name = "tally-add"
    info = StrategyInfo(("repair",), needs_model=False, help="toy: append 1s until the tally is met")

    def run(self, session: Any) -> None:
        from fmrepair.runlog import AttemptRecord

        text = session.task.visible
        for i in range(1, 6):
            text = text.rstrip("\n") + "\n1\n"
            ev = session.evaluator.evaluate(text)
            rec = AttemptRecord(
                task_id=session.task.id, strategy=self.name, chain=0, iteration=i, role="search", model="none",
                messages=[], raw="", candidate=text,
                verdict=ev.verdict.model_dump(exclude={"raw"}), gate=ev.gate, raw_ok=ev.raw, faithful=ev.faithful,
            )
            session.record(rec)
            if ev.faithful:
                session.accept(text, rec)  # raises Repaired


class TallySuite:
    name = "tally"
    modes = ("frozen",)
    kind = "repair"
    data_folder = "tally"
    default_strategy = "tally-add"

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        tasks = [
            Task(id=p.stem, suite="tally", formalism="tally", kind="repair", visible=p.read_text())
            for p in sorted(root.glob("*.tally"))
        ]
        return SuiteLoad(tasks)

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def unscorable(self, task: Task) -> str | None:
        return None

    def score(self, task: Task, candidate: Candidate) -> Scored:
        v = TallyVerifier().check(candidate.artifact)
        return Scored(correct=v.ok, raw=v.ok, faithful=v.ok)


class Look:
    """The audit kind's strategy: no model, nothing to do but look."""

    name = "tally-look"
    info = StrategyInfo(("tally-audit",), needs_model=False, help="toy: report whether the tally is met")

    def run(self, session: Any) -> None:
        raise TypeError("the audit kind runs it")


class AuditKind:
    """A task kind of its own: one result line per task, ``repaired`` when the file is already met."""

    name = "tally-audit"
    defaults: ClassVar[dict[str, Any]] = {"k": 1, "samples": 1, "temperature": 0.0, "max_new_tokens": 1,
                                          "check_timeout_s": 5.0, "edit_mode": "whole"}

    def configure(self, cfg: Any) -> None:
        from fmrepair.eval.kinds import RunSetupError

        if cfg.samples != 1:
            raise RunSetupError("an audit takes one sample")

    def run(self, task: Task, cfg: Any, model: Any, verifiers: Any, log: Any, suite: Any, root: Any) -> list[Any]:
        from fmrepair.runlog import TaskResult

        met = verifiers.get(task.formalism).check(task.visible).ok
        row = TaskResult(task_id=task.id, strategy=cfg.strategy, model=cfg.model, status="ran", repaired=met,
                         faithful=met, equivalent=None, iterations=1, attempts=0, stop_reason="audited")
        log.append_result(row)
        return [row]

    def summarize(self, log: Any, summary: dict[str, Any], strategies: tuple[str, ...]) -> None:
        summary["audited"] = len(log.results())


class AuditSuite(TallySuite):
    name = "tally-audit"
    kind = "tally-audit"
    default_strategy = "tally-look"


TEMPLATE = """{% include "_header.sh.j2" %}
{% include "_env.sh.j2" %}

echo "tally job for {{ run_dir }}: {{ greeting }}"
"""


def tally_job(
    run_dir: Annotated[Path, typer.Option("--run-dir", help="Where the job writes.")],
    greeting: Annotated[str, typer.Option("--greeting", help="What it says.")] = "hello",
) -> tuple[Any, Any]:
    """A toy job kind: prints a greeting."""
    from fmrepair.slurm.config import SlurmConfig
    from fmrepair.slurm.render import Job

    cfg = SlurmConfig()
    job = Job(kind="tally", name="tally", run_dir=run_dir.absolute(), resources=cfg.resources("tally"),
              description=["a toy job"], params={"greeting": greeting}, template=TEMPLATE)
    return job, cfg
