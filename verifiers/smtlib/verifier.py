"""SMT-LIB2 verifier: z3 in-process (a fresh context per script), cvc5 as a strict second parser.

``check(script)`` runs the whole script in a fresh z3 context and reports one command per
``(check-sat)``: outcome ``sat`` / ``unsat`` / ``unknown`` (``timeout`` when z3 gave up at the time
limit). A preceding ``(set-info :status sat|unsat)`` becomes the expectation (``expect`` 1 = sat,
0 = unsat, as Alloy's expect); without one a command is met when it is decided. The witness is the
response of a ``(get-model)`` / ``(get-unsat-core)`` that follows it. z3 errors come back with line and
column; cvc5 complaints are added as warnings (``strict=True`` turns them into a syntax error).
``run_script`` gives the raw per-command responses for diagnosis.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from typing import ClassVar

from fmrepair.verifiers.base import CheckOptions, CommandResult, Message, Verdict
from fmrepair.verifiers.sexpr import SExprError, TopLevel, read_all

_ERROR = re.compile(r'^\(error "(?:line (\d+) column (\d+): )?(.*)"\)$', re.S)
_TYPE_WORDS = ("unknown constant", "sort", "invalid function application", "ill-formed", "unknown function")
_ANSWERS = ("sat", "unsat", "unknown")
_Z3_LOCK = threading.Lock()  # z3's SMT-LIB front end is not safe across threads on one global
# Deeper terms are refused unchecked: cvc5's parser overflowed the C stack (killing the whole process)
# at 200000 nested terms; 100000 parsed in both solvers.
MAX_DEPTH = 50_000


@dataclass
class SmtRun:
    """Responses of one z3 run, in output order."""

    answers: list[str] = field(default_factory=list)  # one per check-sat answered
    responses: list[str] = field(default_factory=list)  # every non-answer response (models, cores, errors)
    errors: list[Message] = field(default_factory=list)
    ms: float = 0.0
    raw: str = ""


def _z3_eval(script: str) -> str:
    import z3

    ctx = z3.Context()
    try:
        return z3.Z3_eval_smtlib2_string(ctx.ref(), script)
    except z3.Z3Exception as e:  # z3 reports errors this way but keeps the full transcript
        msg = e.value if hasattr(e, "value") else e.args[0]
        return msg.decode() if isinstance(msg, bytes) else str(msg)


def run_script(script: str, timeout_s: float = 30.0) -> SmtRun:
    """Evaluate a whole script with z3 in a fresh context (timeout per check-sat)."""
    started = time.perf_counter()
    prefix = f"(set-option :timeout {max(1, int(timeout_s * 1000))}) "  # same line: locations stay exact
    out = _z3_eval(prefix + script)
    run = SmtRun(raw=out, ms=(time.perf_counter() - started) * 1000)
    try:
        items = read_all(out)
    except SExprError:
        items = [TopLevel(line, line, 0) for line in out.splitlines() if line.strip()]
    for item in items:
        text = item.text.strip()
        if text in _ANSWERS:
            run.answers.append(text)
            continue
        m = _ERROR.match(text)
        if text == "unsupported":  # z3 skips a command it does not know and says only this
            run.errors.append(Message(message="z3: unsupported command skipped", severity="warning"))
            continue
        if m and m.group(3).startswith("check annotation"):
            continue  # z3 checking a (set-info :status): our expectation handles it
        if m:
            line, col, msg = m.group(1), m.group(2), m.group(3)
            column = int(col) - (len(prefix) if line == "1" else 0) if col else None
            run.errors.append(Message(line=int(line) if line else None, column=column, message=msg))
        else:
            run.responses.append(text)
    return run


def cvc5_complaints(script: str) -> list[Message]:
    """Parse (and declare/assert, never solve) the script with cvc5; its errors as warnings."""
    try:
        import cvc5
    except ImportError:  # pragma: no cover - optional second opinion
        return []
    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    sm = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(solver, sm)
    body = script if "set-logic" in script else "(set-logic ALL)\n" + script
    shift = 0 if body is script else 1
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, body, "input.smt2")
    out: list[Message] = []
    while True:
        try:
            cmd = parser.nextCommand()
            if cmd.isNull():
                break
            text = str(cmd)
            if not text.startswith(("(check-sat", "(get-", "(exit", "(set-option")):
                cmd.invoke(solver, sm)
        except Exception as e:  # cvc5 raises RuntimeError / CVC5ApiException with "...:L.C: msg"
            msg = " ".join(str(e).split())
            m = re.search(r":(\d+)\.(\d+):", msg)
            line = int(m.group(1)) - shift if m else None
            out.append(
                Message(line=line, column=int(m.group(2)) if m else None, message=f"cvc5: {msg}", severity="warning")
            )
            break
    return out


def _commands(script: str) -> list[TopLevel]:
    try:
        return [t for t in read_all(script) if isinstance(t.expr, list) and t.expr]
    except SExprError:
        return []


def _expectations(script: str) -> list[tuple[str, int | None, int]]:
    """(label, expect, line) for each check-sat, the expectation from a preceding :status."""
    out: list[tuple[str, int | None, int]] = []
    status: int | None = None
    for t in _commands(script):
        head = t.expr[0]
        if head == "set-info" and len(t.expr) >= 3 and t.expr[1] == ":status":
            status = {"sat": 1, "unsat": 0}.get(str(t.expr[2]))
        elif head in ("check-sat", "check-sat-assuming"):
            out.append((f"check-sat {len(out) + 1}", status, t.line))
            status = None
    return out


def _depth(items: list[TopLevel]) -> int:
    """The deepest nesting of parentheses (iterative: Python's recursion limit is far lower)."""
    deepest, todo = 0, [(t.expr, 1) for t in items if isinstance(t.expr, list)]
    while todo:
        expr, depth = todo.pop()
        deepest = max(deepest, depth)
        todo += [(e, depth + 1) for e in expr if isinstance(e, list)]
    return deepest


def _classify(errors: list[Message]) -> str:
    errors = [e for e in errors if e.severity == "error"]
    if not errors:
        return "ok"
    msg = errors[0].message.lower()
    return "type_error" if any(w in msg for w in _TYPE_WORDS) else "syntax_error"


def _results(source: str, run: SmtRun, timeout_s: float) -> list[CommandResult]:
    """Pair each check-sat with its answer, and with the model / core a get-* after it printed."""
    expectations = iter(_expectations(source))
    answers, responses = iter(run.answers), iter(run.responses)
    commands: list[CommandResult] = []
    for t in _commands(source):
        head = t.expr[0]
        if head in ("check-sat", "check-sat-assuming"):
            answer = next(answers, None)
            label, expect, _ = next(expectations)
            if answer is None:
                break  # z3 stopped before answering (an error)
            outcome = answer
            if answer == "unknown" and run.ms >= timeout_s * 1000 * 0.9:
                outcome = "timeout"
            met = outcome in ("sat", "unsat") if expect is None else outcome == ("sat" if expect else "unsat")
            commands.append(
                CommandResult(
                    label=label,
                    kind="check-sat",
                    expect=expect,
                    outcome=outcome,  # type: ignore[arg-type]
                    met=met,
                    ms=run.ms,
                    index=len(commands),
                    solver="z3",
                )
            )
        elif commands and head in ("get-model", "get-unsat-core", "get-value"):
            last = commands[-1]
            wanted = {"get-model": "sat", "get-value": "sat", "get-unsat-core": "unsat"}[str(head)]
            if last.outcome == wanted:
                resp = next(responses, None)
                last.witness = ((last.witness + "\n") if last.witness else "") + (resp or "")
    return commands


class SmtVerifier:
    """z3 in-process; cvc5 as a second parser."""

    formalism = "smtlib"
    extensions: ClassVar[tuple[str, ...]] = (".smt2",)

    def __init__(self, strict: bool = False, second_opinion: bool = True) -> None:
        self.strict = strict
        self.second_opinion = second_opinion

    def check(self, source: str, options: CheckOptions | None = None) -> Verdict:
        options = options or CheckOptions()
        started = time.perf_counter()
        try:
            depth = _depth(read_all(source))
        except SExprError as e:
            msg = Message(line=e.line, column=e.column, message=str(e).split(": ", 1)[-1])
            return Verdict(formalism="smtlib", status="syntax_error", errors=[msg], elapsed_ms=0.0)
        if depth > MAX_DEPTH:
            why = f"terms nested {depth} deep (limit {MAX_DEPTH}): not checked, the solvers would overflow"
            msg = Message(message=why)
            return Verdict(formalism="smtlib", status="error", errors=[msg], elapsed_ms=0.0)
        with _Z3_LOCK:
            run = run_script(source, options.timeout_s)
        errors = list(run.errors)
        status = _classify(errors)
        if self.second_opinion:
            complaints = cvc5_complaints(source)
            if complaints and self.strict and status == "ok":
                status = "syntax_error"
                complaints = [m.model_copy(update={"severity": "error"}) for m in complaints]
            errors += complaints
        commands = _results(source, run, options.timeout_s)
        if status == "ok":
            if any(c.outcome == "timeout" for c in commands):
                status = "timeout"
            elif any(not c.met for c in commands):
                status = "failed"
        return Verdict(
            formalism="smtlib",
            status=status,
            commands=commands,
            errors=errors,  # type: ignore[arg-type]
            elapsed_ms=(time.perf_counter() - started) * 1000,
            raw=run.raw,
        )

    def close(self) -> None:
        """Nothing to release: a fresh z3 context per script."""
