"""MiniZinc diagnosis: schema checks, deletion probes that localize unsatisfiable requirements,
countability and magnitude lints (lexical ones advisory)."""

from __future__ import annotations

import re

from fmrepair.verifiers.diagnosis.base import GAVE_UP, NOT_EXECUTED, Diagnosis, Finding
from fmrepair.verifiers.minizinc.verifier import MiniZincVerifier, MznRun

_ITEM_END = re.compile(r";\s*(?:%[^\n]*)?$")
_OPT_CUE = re.compile(r"\b(minimi[sz]e|maximi[sz]e|minimum|maximum|fewest|least|most|smallest|largest|optimal)\b", re.I)
MAX_PROBES = 24


def items(model: str) -> list[tuple[int, int, str]]:
    """Top-level items as (first line, last line, text), split at ';' outside strings and comments."""
    out, buf, start, depth = [], [], 1, 0
    for no, line in enumerate(model.splitlines(), 1):
        code = line.split("%", 1)[0]
        if not buf and not code.strip():
            continue
        if not buf:
            start = no
        buf.append(line)
        depth += (
            code.count("(") + code.count("[") + code.count("{") - code.count(")") - code.count("]") - code.count("}")
        )
        if depth <= 0 and code.rstrip().endswith(";"):
            out.append((start, no, "\n".join(buf)))
            buf, depth = [], 0
    if buf:
        out.append((start, start + len(buf) - 1, "\n".join(buf)))
    return out


def constraint_items(model: str) -> list[tuple[int, int, str]]:
    return [it for it in items(model) if it[2].lstrip().startswith("constraint")]


def deletion_probes(model: str, data: str | None, verifier: MiniZincVerifier, timeout_s: float) -> list[Finding]:
    """Delete each constraint item in turn; those whose removal makes the model satisfiable are where
    the unsatisfiable requirement lives. A probe that times out is no evidence."""
    lines = model.splitlines()
    found = []
    for first, last, text in constraint_items(model)[:MAX_PROBES]:
        probe = "\n".join(lines[: first - 1] + [""] * (last - first + 1) + lines[last:])
        run = verifier.solve(probe, data, timeout_s)
        if run.outcome == "sat":
            found.append(
                Finding(
                    kind="unsat_localized",
                    location=f"line {first}",
                    weight=1,
                    axis="solver",
                    evidence=f"without `{' '.join(text.split())[:120]}` the model has a solution",
                )
            )
    return found


def diagnose_mzn(
    problem: str,
    artifact: str,
    data: str | None = None,
    outputs: list[str] | None = None,
    timeout_s: float = 10.0,
    verifier: MiniZincVerifier | None = None,
    **_: object,
) -> Diagnosis:
    v = verifier or MiniZincVerifier()
    d = Diagnosis(formalism="minizinc")
    run: MznRun = v.solve(artifact, data, timeout_s)
    d.facts = {"constraints": len(constraint_items(artifact)), "trace": f"minizinc: {run.mzn_status or run.status}"}
    if run.errors:
        d.exec_rank = NOT_EXECUTED
        e = run.errors[0]
        d.findings.append(
            Finding(
                kind=run.status,
                location=f"line {e.line}" if e.line else "",
                weight=5,
                axis="contract",
                evidence=e.message,
            )
        )
        d.facts["trace"] = f"minizinc {run.status}: {e.message}"
        return d
    solve = [it for it in items(artifact) if it[2].lstrip().startswith("solve")]
    if len(solve) != 1:
        d.findings.append(Finding(kind="solve_item", weight=3, axis="contract", evidence=f"{len(solve)} solve items"))
    if outputs and run.assignment is not None:
        missing = [o for o in outputs if o not in run.assignment]
        if missing:
            d.findings.append(
                Finding(
                    kind="output_schema",
                    weight=2,
                    axis="contract",
                    evidence=f"required output variables missing: {', '.join(missing)}",
                )
            )
    if run.status == "timeout":
        d.exec_rank = GAVE_UP
        d.findings.append(
            Finding(kind="timeout", weight=1, blocking=False, axis="solver", evidence="no answer in time")
        )
    elif run.outcome == "unsat":
        d.findings.append(Finding(kind="unsatisfiable", weight=3, axis="solver", evidence="the model has no solution"))
        d.findings += deletion_probes(artifact, data, v, min(timeout_s, 5.0))
    elif run.mzn_status == "UNBOUNDED":
        d.findings.append(Finding(kind="unbounded", weight=2, axis="solver", evidence="the objective is unbounded"))
    d.answer = {"status": run.mzn_status, "objective": run.objective}
    method = run.method or ("satisfy" if "satisfy" in " ".join(s[2] for s in solve) else None)
    if _OPT_CUE.search(problem) and method == "satisfy":
        d.findings.append(
            Finding(
                kind="objective_cue",
                blocking=False,
                axis="lexical",
                evidence="the text asks for an optimum but the model only satisfies",
            )
        )
    numbers = [abs(float(n)) for n in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", problem)]
    if run.objective is not None and numbers and abs(float(run.objective)) > 1000 * max(numbers) + 1000:
        d.findings.append(
            Finding(
                kind="magnitude",
                blocking=False,
                axis="lexical",
                evidence=f"objective {run.objective} is far beyond every number in the text",
            )
        )
    if re.search(r"\bvar\s+int\b", artifact):
        d.findings.append(
            Finding(
                kind="unbounded_domain",
                blocking=False,
                axis="lexical",
                evidence="`var int` without bounds: countable quantities need finite domains",
            )
        )
    return d
