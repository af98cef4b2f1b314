"""Marmaragan (SPARK 2014) removal-schema cases as annotate tasks.

Layout (``Marmaragan/benchmarks``): five schema folders (``1-all_pragmas``, ``2-last_invariant_all_loops``,
``3-one_assert``, ``4-all_pragmas_one_loop``, ``5-last_invariant_one_loop``) holding 71 cases named
``P-V.txt``, and ``baseline-programs/P-name.txt`` (16 fully annotated programs). A case is its baseline
``P`` with annotation lines deleted (checked: every case differs from its baseline by deleted or blanked
lines only). Each file is a bundle of ``.ads``/``.adb`` files between ``-- start file X`` / ``-- end
file X`` markers (`fmrepair.verifiers.spark.verifier.split_files`).

Visible: the case bundle. Reference (never in a prompt): the baseline bundle; ``meta["hidden_removed"]``
holds the deleted lines. Task ids: ``marmaragan-<schema>-<P>-<V>``, e.g. ``marmaragan-1-all_pragmas-10-1``.
Modes: ``all`` or one schema folder name.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from fmrepair.eval.suites.base import Candidate, Scored, SuiteLoad, check_mode
from fmrepair.task import Task
from fmrepair.verifiers.spark.verifier import split_files

BENCH = Path("Marmaragan") / "benchmarks"
BASELINES = "baseline-programs"
SCHEMATA = (
    "1-all_pragmas",
    "2-last_invariant_all_loops",
    "3-one_assert",
    "4-all_pragmas_one_loop",
    "5-last_invariant_one_loop",
)
# why no task of this suite is scored here (`bench run` records them as status "unknown", not run)
NO_PROVER = "not scorable here: proving SPARK annotations needs GNATprove, which is not installed (docs/acsl.md)"
_CASE = re.compile(r"^(\d+)-(\d+)\.txt$")
_BASE = re.compile(r"^(\d+)-(\w+)\.txt$")


def removed_lines(reference: str, case: str) -> list[str] | None:
    """The reference lines missing from the case, or None when the case is not a pure deletion."""
    ref, vis = reference.splitlines(), case.splitlines()
    removed: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ref, vis, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if any(line.strip() for line in vis[j1:j2]):  # the case added text: not a removal
            return None
        removed += [line for line in ref[i1:i2] if line.strip()]
    return removed


def baselines(root: Path) -> dict[str, tuple[str, Path]]:
    """Program number -> (program name, baseline file)."""
    out = {}
    for path in sorted((Path(root) / BENCH / BASELINES).glob("*.txt")):
        m = _BASE.match(path.name)
        if m:
            out[m.group(1)] = (m.group(2), path)
    return out


class MarmaraganSuite:
    name = "marmaragan"
    modes = ("all", *SCHEMATA)
    kind = "annotate"
    data_folder = "marmaragan"
    default_strategy = "annotate"

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        mode = check_mode(self, mode)
        bench = Path(root) / BENCH
        programs = baselines(root)
        tasks: list[Task] = []
        problems: list[str] = []
        for schema in SCHEMATA if mode == "all" else (mode,):
            for path in sorted((bench / schema).glob("*.txt"), key=_case_key):
                m = _CASE.match(path.name)
                if not m or m.group(1) not in programs:
                    problems.append(f"{path}: no baseline program for this case")
                    continue
                program, base_path = programs[m.group(1)]
                visible = path.read_text(encoding="utf-8")
                reference = base_path.read_text(encoding="utf-8")
                removed = removed_lines(reference, visible)
                if removed is None or not removed:
                    problems.append(f"{path}: not a deletion of annotations from {base_path.name}")
                    continue
                tasks.append(
                    Task(
                        id=f"marmaragan-{schema}-{m.group(1)}-{m.group(2)}",
                        suite=self.name,
                        formalism="spark",
                        kind="annotate",
                        visible=visible,
                        reference=reference,
                        meta={
                            "schema": schema,
                            "program": program,
                            "baseline": base_path.name,
                            "files": [f.name for f in split_files(visible)],
                            "removed_line_count": len(removed),
                            "hidden_removed": "\n".join(removed),
                        },
                    )
                )
        return SuiteLoad(tasks=tasks, problems=problems)

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def unscorable(self, task: Task) -> str | None:
        return NO_PROVER

    def score(self, task: Task, candidate: Candidate) -> Scored:
        return Scored(correct=None, note=NO_PROVER)

    def references(self, root: Path) -> dict[str, str]:
        """Program name -> fully annotated baseline bundle (for verifier tests; never a prompt)."""
        return {name: path.read_text(encoding="utf-8") for name, path in baselines(root).values()}


def _case_key(path: Path) -> tuple[int, int]:
    m = _CASE.match(path.name)
    return (int(m.group(1)), int(m.group(2))) if m else (10**6, 0)
