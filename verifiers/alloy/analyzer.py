"""The Alloy Analyzer in-process (worker side; the JVM must be started): parse, execute, report.

`Analyzer.check` streams plain dicts through an `emit` callback, so the worker can forward each
command's result as soon as it is known (the parent keeps them when a later command times out).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import jpype
from jpype import JClass

from fmrepair.verifiers.alloy.render import render_solution
from fmrepair.verifiers.alloy.solvers import AUTO_ORDER, SOLVERS, check_solver_name

Emit = Callable[[dict[str, Any]], None]

PROBE_MODEL = "sig A { r: set A }\nrun { some r } for 2\n"
NAME_RESOLUTION = ("cannot be found", "is ambiguous")


def error_status(err: Any) -> str:
    """Map an Alloy Err to a verdict status. Alloy reports unresolved names as ErrorSyntax; they are
    semantic (name/type) errors, so they count as type_error here."""
    kind = type(err).__name__.rsplit(".", 1)[-1]
    if kind == "ErrorType":
        return "type_error"
    if kind == "ErrorSyntax":
        msg = str(err.msg or "")
        return "type_error" if any(m in msg for m in NAME_RESOLUTION) else "syntax_error"
    return "error"


def error_message(err: Any) -> dict[str, Any]:
    text = str(err.msg or err.toString()).strip()
    return {"line": _pos(err.pos, "y"), "column": _pos(err.pos, "x"), "message": " ".join(text.split())}


class Analyzer:
    """One per worker process (Alloy's global state is not shared between threads here)."""

    def __init__(self) -> None:
        self.CompUtil = JClass("edu.mit.csail.sdg.parser.CompUtil")
        self.Translate = JClass("edu.mit.csail.sdg.translator.TranslateAlloyToKodkod")
        self.A4Options = JClass("edu.mit.csail.sdg.translator.A4Options")
        self.Err = JClass("edu.mit.csail.sdg.alloy4.Err")
        try:
            self.reporter = JClass("FmrepairReporter")()
        except Exception:  # helper classes not compiled (no javac): no vars/clauses
            self.reporter = None
        self._usable: dict[str, bool] = {}

    def _options(self, solver: str) -> Any:
        opt = self.A4Options()
        opt.solver = getattr(self.A4Options.SatSolver, SOLVERS[solver])
        opt.skolemDepth = 1
        return opt

    def _rep(self) -> Any:
        return self.reporter if self.reporter is not None else JClass("edu.mit.csail.sdg.alloy4.A4Reporter").NOP

    def usable(self, solver: str) -> bool:
        """Whether a solver loads and solves here (JNI solvers need their native library)."""
        if solver not in self._usable:
            try:
                world = self.CompUtil.parseEverything_fromString(self._rep(), PROBE_MODEL)
                cmd = world.getAllCommands().get(0)
                sigs, opt = world.getAllReachableSigs(), self._options(solver)
                sol = self.Translate.execute_command(self._rep(), sigs, cmd, opt)
                self._usable[solver] = bool(sol.satisfiable())
            except (jpype.JException, RuntimeError):
                self._usable[solver] = False
        return self._usable[solver]

    def resolve_solver(self, requested: str) -> str:
        if requested == "auto":
            return next((s for s in AUTO_ORDER if self.usable(s)), "sat4j")
        check_solver_name(requested)
        return requested if self.usable(requested) else "sat4j"

    def check(self, source: str, requested_solver: str, emit: Emit) -> dict[str, Any]:
        """Parse and execute every command; emit `parsed` and one `command` event per command.
        Returns the final summary: status, errors, warnings, solver."""
        solver = self.resolve_solver(requested_solver)
        rep = self._rep()
        if self.reporter is not None:
            self.reporter.takeWarnings()
        try:
            world = self.CompUtil.parseEverything_fromString(rep, source)
        except self.Err as e:
            return {"status": error_status(e), "errors": [error_message(e)], "solver": solver}
        commands = list(world.getAllCommands())
        emit({"type": "parsed", "commands": [_describe(i, c) for i, c in enumerate(commands)]})
        sigs = world.getAllReachableSigs()
        opt = self._options(solver)
        status, errors = "ok", []
        for i, cmd in enumerate(commands):
            result, err = self._execute(i, cmd, sigs, opt, solver)
            emit({"type": "command", **result})
            if err is not None:
                message = error_message(err)
                if error_status(err) == "error":  # not located in the source: point at the command
                    message.update(line=_pos(cmd.pos(), "y"), column=_pos(cmd.pos(), "x"))
                errors.append(message)
                if status == "ok":
                    status = "error" if error_status(err) == "syntax_error" else error_status(err)
        warnings = list(self.reporter.takeWarnings()) if self.reporter is not None else []
        return {"status": status, "errors": errors, "warnings": [str(w) for w in warnings], "solver": solver}

    def _execute(self, index: int, cmd: Any, sigs: Any, opt: Any, solver: str) -> tuple[dict[str, Any], Any]:
        result = _describe(index, cmd)
        if self.reporter is not None:
            self.reporter.reset()
        t0 = time.perf_counter()
        try:
            sol = self.Translate.execute_command(self._rep(), sigs, cmd, opt)
        except self.Err as e:
            if error_status(e) != "error" or solver == "sat4j":
                result.update(outcome="error", found=None, ms=_ms(t0), solver=solver)
                return result, e
            # a native solver failed on this problem (e.g. a JNI crash wrapped in ErrorFatal): SAT4J
            return self._execute(index, cmd, sigs, self._options("sat4j"), "sat4j")
        found = bool(sol.satisfiable())
        ms = _ms(t0)
        if cmd.check:
            outcome = "counterexample" if found else "no_counterexample"
        else:
            outcome = "instance" if found else "no_instance"
        result.update(outcome=outcome, found=found, ms=ms, solver=solver)
        if self.reporter is not None:
            pv, cl = int(self.reporter.getPrimaryVars()), int(self.reporter.getClauses())
            result.update(vars=pv if pv >= 0 else None, clauses=cl if cl >= 0 else None)
        if found:
            result["witness"] = render_solution(sol)
        return result, None


def _describe(index: int, cmd: Any) -> dict[str, Any]:
    expects = int(cmd.expects)
    return {
        "index": index,
        "label": str(cmd.label),
        "kind": "check" if cmd.check else "run",
        "expect": expects if expects >= 0 else None,
    }


def _pos(pos: Any, axis: str) -> int | None:
    value = int(getattr(pos, axis)) if pos is not None else 0
    return value if value > 0 else None


def _ms(t0: float) -> float:
    return round((time.perf_counter() - t0) * 1000.0, 3)
