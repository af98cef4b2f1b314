"""MiniZinc verifier: the Debian `minizinc` driver with Gecode, `--json-stream --output-mode json`.

``check(model, options, data=None)`` solves one model (with optional ``.dzn`` data text) and returns a
Verdict with one command, ``solve``: outcome ``sat`` (a solution; ``met``), ``unsat``, ``unknown`` or
``timeout``; the witness is the JSON of the last solution (``_objective`` included for optimisation).
``solve(model, data)`` gives the richer :class:`MznRun` (status, objective, assignment, errors with
location) used by diagnosis and scoring.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from fmrepair.procs import run_group
from fmrepair.verifiers.base import CheckOptions, CommandResult, Message, Verdict

# MiniZinc status -> (our outcome, solved)
_STATUS = {
    "OPTIMAL_SOLUTION": ("sat", True),
    "SATISFIED": ("sat", True),
    "ALL_SOLUTIONS": ("sat", True),
    "UNSATISFIABLE": ("unsat", False),
    "UNBOUNDED": ("unknown", False),
    "UNSAT_OR_UNBOUNDED": ("unsat", False),
    "UNKNOWN": ("unknown", False),
    "ERROR": ("error", False),
}
# Debian's package ships a count.mzn that triggers this on every run: not about the user's model.
_NOISE = ("overrides a global constraint file",)


@dataclass
class MznRun:
    """What one MiniZinc solve produced."""

    status: str  # ok | failed | syntax_error | type_error | timeout | error (Verdict.status)
    mzn_status: str | None = None  # OPTIMAL_SOLUTION, SATISFIED, UNSATISFIABLE, UNKNOWN, ...
    outcome: str = "unknown"  # sat | unsat | unknown | timeout | error
    assignment: dict[str, Any] | None = None  # the last solution (without _objective)
    objective: float | int | None = None
    method: str | None = None  # satisfy | minimize | maximize (from statistics)
    solutions: int = 0
    errors: list[Message] = field(default_factory=list)
    warnings: list[Message] = field(default_factory=list)
    ms: float = 0.0
    raw: str = ""


def _loc(obj: dict[str, Any], model_name: str) -> tuple[int | None, int | None]:
    loc = obj.get("location") or {}
    if not loc:
        for frame in obj.get("stack") or []:
            loc = frame.get("location") or {}
            if loc:
                break
    if not loc or not str(loc.get("filename", "")).endswith(model_name):
        return None, None
    return loc.get("firstLine"), loc.get("firstColumn")


def parse_stream(text: str, model_name: str = "model.mzn") -> MznRun:
    """Turn a `--json-stream` transcript into an MznRun (status still to be finalised)."""
    run = MznRun(status="ok", raw=text)
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            continue
        kind = obj.get("type")
        if kind == "solution":
            sol = dict((obj.get("output") or {}).get("json") or {})
            run.objective = sol.pop("_objective", run.objective)
            run.assignment = sol
            run.solutions += 1
        elif kind == "status":
            run.mzn_status = obj.get("status")
        elif kind == "statistics":
            run.method = (obj.get("statistics") or {}).get("method", run.method)
        elif kind in ("error", "warning"):
            msg = str(obj.get("message", "")).strip()
            if kind == "warning" and any(n in msg for n in _NOISE):
                continue
            line_no, col = _loc(obj, model_name)
            what = obj.get("what")
            text_ = f"{what}: {msg}" if what else msg
            m = Message(line=line_no, column=col, message=text_, severity="error" if kind == "error" else "warning")
            (run.errors if kind == "error" else run.warnings).append(m)
            if kind == "error":
                run.status = (
                    "syntax_error" if what == "syntax error" else "type_error" if what == "type error" else "error"
                )
    return run


class MiniZincVerifier:
    """Solve MiniZinc models with the `minizinc` driver (default solver Gecode)."""

    formalism = "minizinc"
    extensions: ClassVar[tuple[str, ...]] = (".mzn",)

    def __init__(self, binary: str = "minizinc", solver: str = "gecode") -> None:
        self.binary = binary
        self.solver = solver

    def available(self) -> bool:
        return shutil.which(self.binary) is not None

    def solve(self, model: str, data: str | None = None, timeout_s: float = 30.0) -> MznRun:
        if not self.available():
            raise RuntimeError(f"{self.binary!r} not found (apt-get install minizinc)")
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="fmr-mzn-") as tmp:
            mzn = Path(tmp) / "model.mzn"
            mzn.write_text(model, encoding="utf-8")
            args = [self.binary, "--solver", self.solver, "--json-stream", "--output-mode", "json"]
            args += ["--output-objective", "--statistics", "--time-limit", str(int(timeout_s * 1000)), str(mzn)]
            if data is not None and data.strip():
                dzn = Path(tmp) / "data.dzn"
                dzn.write_text(data, encoding="utf-8")
                args.append(str(dzn))
            try:
                proc = run_group(args, cwd=tmp, timeout=timeout_s + 10)
                out = proc.stdout + ("\n" + proc.stderr if proc.stderr else "")
            except subprocess.TimeoutExpired:
                return MznRun(status="timeout", outcome="timeout", ms=(time.perf_counter() - started) * 1000)
        run = parse_stream(out)
        run.ms = (time.perf_counter() - started) * 1000
        if run.status != "ok":
            run.outcome = "error"
            return run
        outcome, solved = _STATUS.get(run.mzn_status or "", ("unknown", False))
        if run.mzn_status is None:
            # no status line: the time limit ran out before anything was decided (or the driver died)
            outcome = "timeout" if proc.returncode == 0 else "error"
            if run.solutions:
                outcome, solved = "sat", True
        run.outcome = outcome
        if solved:
            run.status = "ok"
        elif outcome == "timeout" or (outcome == "unknown" and run.mzn_status == "UNKNOWN"):
            run.status = "timeout"
        elif outcome == "error":
            run.status = "error"
            run.errors.append(Message(message=f"minizinc exited with code {proc.returncode}"))
        else:
            run.status = "failed"
        return run

    def check(self, source: str, options: CheckOptions | None = None, data: str | None = None) -> Verdict:
        options = options or CheckOptions()
        run = self.solve(source, data, options.timeout_s)
        return verdict_of(run)

    def close(self) -> None:
        """Nothing to release: one process per solve."""


def verdict_of(run: MznRun) -> Verdict:
    commands: list[CommandResult] = []
    if run.status not in ("syntax_error", "type_error", "error"):
        witness = None
        if run.assignment is not None:
            sol = dict(run.assignment)
            if run.objective is not None:
                sol["_objective"] = run.objective
            witness = json.dumps(sol, sort_keys=True)
        label = run.method or ("optimise" if run.objective is not None else "solve")
        commands.append(
            CommandResult(
                label=label,
                kind="solve",
                outcome=run.outcome,  # type: ignore[arg-type]
                met=run.outcome == "sat",
                ms=run.ms,
                witness=witness,
                index=0,
                solver="gecode",
            )
        )
    return Verdict(
        formalism="minizinc",
        status=run.status,  # type: ignore[arg-type]
        commands=commands,
        errors=run.errors,
        elapsed_ms=run.ms,
        raw=run.raw,
    )
