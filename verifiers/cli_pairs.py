"""Two-file checks behind `fmrepair check`: a MiniZinc model with its data (``check model.mzn data.dzn``)
or a PDDL domain with a problem (``check domain.pddl problem.pddl``), with the JSON shape of a one-file
check; and ``check --equiv A.pddl B.pddl``: are two PDDL problems the same up to renaming objects?

Exit codes as `fmrepair check`: 0 ok, 1 failed or error, 2 usage. No heavy imports at module level.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import typer


def _usage(command: str, message: str) -> typer.Exit:
    from fmrepair.inputs import one_line

    sys.stderr.write(f"fmrepair {command}: {one_line(message)}\n")
    return typer.Exit(2)


def _read(path: str, command: str) -> str:
    from fmrepair.inputs import InputError, read_spec

    try:
        return read_spec(path)
    except InputError as e:
        raise _usage(command, str(e)) from None


def _pddl_part(text: str, path: str, part: str, command: str, lenient: bool) -> None:
    """Exit 2 unless `text` holds a ``(define (PART ...))`` form (``lenient``: text that does not parse is
    left to the checker, which reports where)."""
    from fmrepair.inputs import one_line
    from fmrepair.verifiers.pddl.verifier import split_pddl
    from fmrepair.verifiers.sexpr import SExprError

    try:
        parts = split_pddl(text)
    except SExprError:
        if lenient:
            return
        raise _usage(command, f"{one_line(path)}: not balanced S-expressions") from None
    if getattr(parts, part) is None:
        raise _usage(command, f"{one_line(path)}: holds no (define ({part} ...)) form")


def is_pair(paths: list[str]) -> bool:
    """Whether `fmrepair check PATHS` is one two-file check: ``MODEL.mzn DATA.dzn``, or two .pddl files
    whose first holds a domain and no problem (two problems are two one-file checks)."""
    if len(paths) != 2:
        return False
    kinds = (Path(paths[0]).suffix.lower(), Path(paths[1]).suffix.lower())
    if kinds == (".mzn", ".dzn"):
        return True
    if kinds != (".pddl", ".pddl"):
        return False
    try:
        with open(paths[0], encoding="utf-8", errors="replace") as f:
            head = f.read(1 << 20)
    except (OSError, ValueError):
        return False
    return re.search(r"\(\s*domain\b", head, re.I) is not None and re.search(r"\(\s*problem\b", head, re.I) is None


def run_pair(first: str, second: str, as_json: bool, timeout: float, command: str = "check") -> None:
    """Check a MiniZinc model with its data file, or a PDDL problem against its domain (exits)."""
    from fmrepair.inputs import one_line
    from fmrepair.verifiers.base import CheckOptions

    kinds = (Path(first).suffix.lower(), Path(second).suffix.lower())
    if kinds not in ((".mzn", ".dzn"), (".pddl", ".pddl")):
        raise _usage(command, "expected MODEL.mzn DATA.dzn or DOMAIN.pddl PROBLEM.pddl")
    if not timeout > 0:
        raise _usage(command, "--timeout must be > 0")
    a, b = _read(first, command), _read(second, command)
    if kinds == (".pddl", ".pddl"):
        _pddl_part(a, first, "domain", command, lenient=True)
        _pddl_part(b, second, "problem", command, lenient=True)
    options = CheckOptions(timeout_s=timeout)
    try:
        if kinds == (".mzn", ".dzn"):
            from fmrepair.verifiers.minizinc.verifier import MiniZincVerifier

            verdict = MiniZincVerifier().check(a, options, data=b)
        else:
            from fmrepair.verifiers.pddl.verifier import PddlVerifier

            verdict = PddlVerifier(domain_dirs=[]).check(b, options, domain=a)
    except Exception as e:  # the verifier could not run at all (no minizinc, ...)
        sys.stderr.write(f"fmrepair {command}: {type(e).__name__}: {one_line(' '.join(str(e).split()))}\n")
        raise typer.Exit(1) from None
    label = one_line(f"{first}+{second}")
    if as_json:
        typer.echo(json.dumps(verdict.to_json_dict(label), indent=2))
    else:
        typer.echo(f"{label}: {verdict.status} ({len(verdict.commands)} commands, {verdict.elapsed_ms:.0f} ms)")
        for e in verdict.errors:
            where = f"{e.line}:{e.column}: " if e.line is not None else ""
            typer.echo(f"  {where}{one_line(' '.join(e.message.split()))}")
        for c in verdict.commands:
            typer.echo(f"  {c.kind} {c.label}: {c.outcome} [{'met' if c.met else 'NOT met'}]")
            if c.witness:
                typer.echo("      " + c.witness.replace("\n", "\n      "))
    raise typer.Exit(0 if verdict.ok else 1)


def run_equiv(a: str, b: str, command: str = "check --equiv") -> None:
    """Print whether two PDDL problems are equivalent (init and goal graphs isomorphic); exit 0 if so."""
    from fmrepair.verifiers.pddl.equiv import equivalent

    texts = [_read(a, command), _read(b, command)]
    for text, path in zip(texts, (a, b), strict=True):
        _pddl_part(text, path, "problem", command, lenient=False)
    result = equivalent(*texts)
    typer.echo(json.dumps({"equivalent": result.equivalent, "reason": result.reason}))
    raise typer.Exit(0 if result.equivalent else 1)
