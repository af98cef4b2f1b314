"""CP-Bench (DCP-Bench-Open, 164 problems) as formalize tasks: NL description -> MiniZinc.

Layout: ``dataset/<p>/<p>.cpmpy.py`` = module docstring (the NL description, with the required output
keys), on 120 problems a ``# Data`` ... ``# End of data`` block (the sample instance, Python
assignments), then the reference CPMpy model; ``dataset/<p>/<p>.json`` = instances (empty list when the
data is in the description; the first instance equals the data block where one exists).

Visible: the docstring, plus the data block when there is one (the instance the model must use).
Reference (never in a prompt, never imported): the rest of the script. ``meta["hidden_script"]`` is the
script's path, read only by the scorer, which runs it in the sandbox of :mod:`.cpbench_ref`.

Scoring of a MiniZinc candidate (:func:`score_minizinc`) is by status and objective against the
reference: the reference must be definite (``optimal`` for optimisation, ``sat``/``unsat`` otherwise);
a satisfaction problem is correct when the candidate finds a solution; an optimisation problem when it
finds one with the same objective value and sense. :func:`score_cpbench` adds CP-Bench's own check:
the candidate must print every output key the reference prints, and its values, fixed on the reference
variables of those names, must satisfy the reference model (:func:`.cpbench_ref.check_assignment`). An
answer that could not be checked (reference not definite, check timed out or failed, no key matched,
sandbox unavailable) scores None: unknown, never correct, counted on its own.
Task ids: ``cpbench-<problem>``.
"""

from __future__ import annotations

import ast
import json
import warnings
from dataclasses import dataclass
from pathlib import Path

from fmrepair.eval.suites.base import SEED_001, Candidate, Scored, SuiteLoad, check_mode
from fmrepair.eval.suites.cpbench_ref import AssignmentCheck, Reference, check_assignment, run_reference
from fmrepair.task import Task
from fmrepair.verifiers.minizinc.verifier import MznRun

DATASET = "DCP-Bench-Open/dataset"
DATA_START = "# Data"
DATA_END = "# End of data"
MZN_SCORE_TIMEOUT_S = 30.0  # solver time for scoring a candidate


@dataclass
class ScriptParts:
    description: str  # the docstring
    data: str  # the sample-instance block ("" when absent)
    code: str  # everything else: the reference model (and header comments)
    category: str | None = None


def split_script(text: str) -> ScriptParts:
    """Split a ``.cpmpy.py`` into description, data block and reference code (no execution)."""
    with warnings.catch_warnings():  # old scripts have invalid escapes in strings
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        tree = ast.parse(text)
    first = tree.body[0] if tree.body else None
    if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
        raise ValueError("no module docstring (NL description)")
    if not isinstance(first.value.value, str):
        raise ValueError("no module docstring (NL description)")
    lines = text.splitlines()
    doc_end = first.end_lineno or first.lineno  # 1-based, inclusive
    rest = lines[doc_end:]
    data: list[str] = []
    code: list[str] = list(lines[: first.lineno - 1])  # header comments
    inside = False
    for ln in rest:
        s = ln.strip()
        if not inside and s == DATA_START and not data:
            inside = True
            continue
        if inside and s == DATA_END:
            inside = False
            continue
        (data if inside else code).append(ln)
    if inside:
        raise ValueError("data block not closed")
    category = next((ln.split(":", 1)[1].strip() for ln in code if ln.startswith("# Category:")), None)
    return ScriptParts(
        description=first.value.value.strip(),
        data="\n".join(data).strip(),
        code="\n".join(code).strip(),
        category=category,
    )


def visible_text(parts: ScriptParts) -> str:
    if not parts.data:
        return parts.description
    return f"{parts.description}\n\nInstance data (use exactly these values):\n{parts.data}"


class CpBenchSuite:
    name = "cpbench"
    modes = ("open",)
    kind = "formalize"
    data_folder = "cp-bench"
    default_strategy = SEED_001

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        check_mode(self, mode)
        base = Path(root) / DATASET
        tasks, problems = [], []
        for folder in sorted(p for p in base.iterdir() if p.is_dir()):
            script = folder / f"{folder.name}.cpmpy.py"
            try:
                parts = split_script(script.read_text(encoding="utf-8"))
                inst = folder / f"{folder.name}.json"
                n_inst = len(json.loads(inst.read_text(encoding="utf-8"))) if inst.is_file() else 0
            except (OSError, ValueError, SyntaxError) as e:
                problems.append(f"{script}: {type(e).__name__}: {e}")
                continue
            tasks.append(
                Task(
                    id=f"cpbench-{folder.name}",
                    suite="cpbench",
                    formalism="minizinc",
                    kind="formalize",
                    visible=visible_text(parts),
                    reference=parts.code,
                    meta={
                        "problem": folder.name,
                        "category": parts.category,
                        "instances": n_inst,
                        "hidden_script": str(script.resolve()),
                    },
                )
            )
        return SuiteLoad(tasks=tasks, problems=problems)

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def unscorable(self, task: Task) -> str | None:
        """A task whose sandboxed reference is not definite (timed out, failed) cannot be scored."""
        ref = reference_for(task)
        definite = ref.status == "unsat" or (ref.status == "optimal" if ref.sense else ref.status == "sat")
        return None if definite else f"the reference is not definite ({ref.error or ref.status})"

    def score(self, task: Task, candidate: Candidate) -> Scored:
        """Status/objective and the assignment against the reference (:func:`score_cpbench`)."""
        from fmrepair.verifiers.minizinc.verifier import MiniZincVerifier

        run = MiniZincVerifier().solve(candidate.artifact, timeout_s=MZN_SCORE_TIMEOUT_S)
        correct, detail = score_cpbench(run, task)
        return Scored(correct=correct, detail=detail)


def reference_for(task: Task, timeout_s: float = 60.0) -> Reference:
    """The sandboxed (cached) reference answer of a CP-Bench task."""
    return run_reference(Path(task.meta["hidden_script"]), timeout_s=timeout_s)


def score_minizinc(run: MznRun, ref: Reference) -> bool | None:
    """True/False against a definite reference; None when the reference itself is not definite."""
    if ref.status == "unsat":
        return run.outcome == "unsat"
    if ref.sense is not None:
        if ref.status != "optimal" or ref.objective is None:
            return None
        if run.outcome != "sat" or run.objective is None:
            return False
        if ref.sense in ("minimize", "maximize") and run.method is not None and run.method != ref.sense:
            return False
        return abs(float(run.objective) - float(ref.objective)) <= 1e-6
    if ref.status != "sat":
        return None
    return run.outcome == "sat" and run.method in (None, "satisfy")


def score_cpbench(run: MznRun, task: Task, timeout_s: float = 60.0) -> tuple[bool | None, dict]:
    """Status/objective (:func:`score_minizinc`), then the assignment against the reference constraints.

    Returns (correct, detail). ``correct`` is True only when the assignment was checked and is consistent;
    False when the status/objective is wrong, an output key of the reference is missing, or the values make
    the reference model unsatisfiable; None (unknown, never correct) when the answer could not be checked:
    the reference is not definite, printed no solution, or the assignment check timed out, failed, matched
    no reference variable or could not run (sandbox unavailable). ``detail["score"]`` is ``correct`` /
    ``wrong`` / ``unknown`` and ``detail["assignment"]`` says why."""
    ref = reference_for(task)
    base = score_minizinc(run, ref)
    detail: dict = {"status_objective": base, "reference_sandboxed": ref.sandboxed}
    if base is None:
        why = ref.error or f"reference {ref.status}"
        return _scored(None, detail, f"unchecked (the reference is not definite: {why})")
    if base is False:
        return _scored(False, detail, "not checked (status/objective already wrong)")
    if not ref.solution:
        return _scored(None, detail, "unchecked (the reference printed no solution)")
    got = run.assignment or {}
    missing = [k for k in ref.solution if k not in got]
    if missing:
        return _scored(False, detail, f"missing output keys: {', '.join(missing)}")
    check: AssignmentCheck = check_assignment(
        Path(task.meta["hidden_script"]), {k: got[k] for k in ref.solution}, timeout_s=timeout_s
    )
    detail.update(matched=check.matched, unmatched=check.unmatched, mismatched=check.mismatched)
    detail["assignment_sandboxed"] = check.sandboxed
    if check.consistent is None:
        why = check.error or ("no output key names a reference variable" if not check.matched else "")
        return _scored(None, detail, f"unchecked ({check.status}{': ' + why if why else ''})")
    return _scored(check.consistent, detail, "consistent" if check.consistent else "violates the reference constraints")


def _scored(correct: bool | None, detail: dict, assignment: str) -> tuple[bool | None, dict]:
    detail["assignment"] = assignment
    detail["score"] = {True: "correct", False: "wrong", None: "unknown"}[correct]
    return correct, detail
