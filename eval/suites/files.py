"""A user's own Alloy files as repair tasks: the suite `fmrepair repair FILE` runs (``--root FILE``), or a
folder of ``.als`` files (``bench run --suite files --root DIR``).

Nothing is hidden: the task is the file as written. Its assertions, commands and opens, and every
pred/fun they reach, are frozen (verifiers/alloy/gate.py ``default_frozen``), except the reached
paragraphs the run names ``editable``. There is no reference, so equivalence is never scored (a report
shows it as n/a) and no file is dropped as a duplicate of another: they are the user's, not a corpus.
"""

from __future__ import annotations

from pathlib import Path

from fmrepair.eval.suites.base import Candidate, Scored, SuiteLoad, check_mode
from fmrepair.inputs import InputError, read_spec
from fmrepair.registry import did_you_mean
from fmrepair.task import Task

SUFFIX = ".als"


def user_task(task_id: str, path: Path, text: str, editable: list[str] | tuple[str, ...] = ()) -> Task:
    from fmrepair.agents.runner import task_from_user_file

    return task_from_user_file(str(path), text, editable, task_id=task_id)


def check_editable(text: str, names: list[str], where: str) -> None:
    """Every name must be a pred/fun/macro of the file (``acyclic`` or ``pred acyclic``)."""
    from fmrepair.verifiers.alloy.text import split_paragraphs

    paras = [p for p in split_paragraphs(text) if p.kind in ("pred", "fun", "let")]
    known = {p.name for p in paras} | {p.key for p in paras} | {f"{p.kind} {p.name}" for p in paras}
    for name in names:
        if name not in known and not paras:
            raise InputError(f"{where}: --editable {name}: the file has no pred or fun")
        if name not in known:
            raise InputError(f"{where}: " + did_you_mean("editable pred/fun", name, sorted(p.name for p in paras)))


class FilesSuite:
    name = "files"
    modes = ("visible",)
    kind = "repair"
    data_folder = ""  # no default: --root names the file or the folder
    default_strategy = "mutate"  # no model; the one that repairs most on a CPU (README)
    root_may_be_file = True
    scores_equivalence = False  # no reference

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        check_mode(self, mode)
        root = Path(root)
        if root.is_file():
            if root.suffix != SUFFIX:
                raise InputError(f"{root}: only Alloy ({SUFFIX}) repair is supported so far")
            return SuiteLoad(tasks=[user_task(root.name, root.resolve(), read_spec(root))])
        tasks, problems = [], []
        for path in sorted(root.glob(f"*{SUFFIX}")):
            try:
                tasks.append(user_task(path.name, path.resolve(), read_spec(path)))
            except InputError as e:  # an unreadable file is reported (`tasks verify`), the others run
                problems.append(str(e))
        return SuiteLoad(tasks=tasks, problems=problems)

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def with_editable(self, tasks: list[Task], names: list[str]) -> list[Task]:
        """The tasks with ``names`` left editable (a name no file defines is an InputError)."""
        for t in tasks:
            check_editable(t.visible, names, t.id)
        return [user_task(t.id, Path(t.meta["path"]), t.visible, names) for t in tasks]

    def unscorable(self, task: Task) -> str | None:
        return None

    def score(self, task: Task, candidate: Candidate) -> Scored:
        return Scored(correct=None, note="a user's file: no reference to compare with")
