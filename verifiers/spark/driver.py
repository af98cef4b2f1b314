"""Run-time contract TESTING of a library package on generated inputs (not a proof).

For each public, non-ghost subprogram declared in the visible part of a package spec whose body is in the
bundle, a generated main procedure calls it on a few small inputs: integers clamped into the declared
subtype (0, 1, -1, 2, 3, 7), Booleans, and arrays (constrained, or unconstrained with lengths 0, 1, 3, 5
and one shifted lower bound) filled with constant, ascending, descending and periodic patterns.
Everything is built with ``gnatmake -gnata`` so Pre, Post, Contract_Cases, Loop_Invariant and Assert are
checked during those calls. A call whose own precondition fails was an input outside the contract; it
is counted as rejected, not as a violation. Subprograms with a parameter type this module cannot
generate (records, floats, access types, ...) are skipped and listed.
"""

from __future__ import annotations

import random
import re
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from fmrepair import sandbox
from fmrepair.procs import run_group
from fmrepair.verifiers.base import CommandResult, Message

DRIVER = "fmrepair_driver"
MARK = "FMREPAIR|"
NOT_RUN = "not run: sandbox unavailable: "
_PKG = re.compile(r"^\s*package\s+([\w.]+)\s+(?:with\b|is\b)", re.M | re.I)
_SUB = re.compile(r"\b(procedure|function)\s+(\w+)\b", re.I)
_INT_TYPE = re.compile(r"\b(?:sub)?type\s+(\w+)\s+is\s+(?:new\s+)?(\w+)?\s*(?:range\s+[^;]+)?;", re.I)
_RANGE_TYPE = re.compile(r"\btype\s+(\w+)\s+is\s+range\b[^;]+;", re.I)
_ARRAY_TYPE = re.compile(r"\btype\s+(\w+)\s+is\s+array\s*\((.+?)\)\s*of\s+([\w.]+)\s*;", re.I | re.S)
_UNCONSTRAINED = re.compile(r"^([\w.]+)\s+range\s+<>$", re.I)
_LITERAL_RANGE = re.compile(r"^-?\d+\s*\.\.\s*-?\d+$")
INTEGERS = {"integer", "natural", "positive"}
SMALL = (0, 1, -1, 2, 3, 7)
PATTERNS = ("0", "P", "100 - P", "P mod 3", "(P * 7) mod 5")
ARRAY_SHAPES = ((0, 0), (1, 0), (3, 0), (5, 0), (4, 2))  # (length, offset of the lower bound)


@dataclass
class Param:
    name: str
    type: str  # as written, last component lower-cased for lookup


@dataclass
class Subprogram:
    package: str
    name: str
    kind: str  # procedure | function
    params: list[Param]
    returns: str | None
    spec_file: str
    lines: tuple[int, int]  # first and last line of the declaration in the spec file
    skip: str | None = None


@dataclass
class Types:
    scalars: set[str] = field(default_factory=lambda: set(INTEGERS))
    booleans: set[str] = field(default_factory=lambda: {"boolean"})
    arrays: dict[str, tuple[str, str, bool]] = field(default_factory=dict)  # name -> (index, element, bounded?)

    def values(self, type_name: str) -> list[str] | None:
        """Ada expressions of the type, or None when this module cannot make one."""
        key = type_name.split(".")[-1].lower()
        if key in self.booleans:
            return ["False", "True"]
        if key in self.scalars:
            return [f"{type_name}'Max ({type_name}'First, {type_name}'Min ({type_name}'Last, {k}))" for k in SMALL]
        if key in self.arrays:
            return self._arrays(type_name, *self.arrays[key])
        return None

    def _arrays(self, name: str, index: str, element: str, bounded: bool) -> list[str] | None:
        ekey = element.split(".")[-1].lower()
        if ekey not in self.scalars:
            return None
        pos = f"{index}'Pos (I)"

        def elem(pattern: str) -> str:
            p = pattern.replace("P", pos)
            return f"{element}'Max ({element}'First, {element}'Min ({element}'Last, {p}))"

        if bounded:
            return [f"{name}'(for I in {name}'Range => {elem(p)})" for p in PATTERNS]
        out = []
        for i, (length, offset) in enumerate(ARRAY_SHAPES):
            lo = f"{index}'Val ({index}'Pos ({index}'First) + {offset})"
            hi = f"{index}'Val ({index}'Pos ({index}'First) + {offset + length} - 1)"
            out.append(f"{name}'(for I in {lo} .. {hi} => {elem(PATTERNS[i % len(PATTERNS)])})")
        return out


def collect_types(specs: list[tuple[str, str]]) -> Types:
    types = Types()
    for _, text in specs:
        code = strip_comments(text)
        for m in _RANGE_TYPE.finditer(code):
            types.scalars.add(m.group(1).lower())
        for m in _INT_TYPE.finditer(code):
            base = (m.group(2) or "").lower()
            if base in types.scalars:
                types.scalars.add(m.group(1).lower())
        for m in _ARRAY_TYPE.finditer(code):
            index = " ".join(m.group(2).split())
            if "," in index:
                continue  # multi-dimensional: not generated
            u = _UNCONSTRAINED.match(index)
            if u:
                types.arrays[m.group(1).lower()] = (u.group(1), m.group(3), False)
            elif _LITERAL_RANGE.match(index) or index.split(".")[-1].lower() in types.scalars:
                types.arrays[m.group(1).lower()] = (
                    "Integer" if _LITERAL_RANGE.match(index) else index,
                    m.group(3),
                    True,
                )
    return types


def strip_comments(text: str) -> str:
    return re.sub(r"--[^\n]*", "", text)


def public_subprograms(spec_name: str, text: str) -> list[Subprogram]:
    """Subprograms of the visible part of a package spec (not nested packages, not the private part)."""
    code = strip_comments(text)
    pkg = _PKG.search(code)
    if not pkg or re.search(r"^\s*generic\b", code[: pkg.start()], re.M | re.I):
        return []
    private = re.search(r"^\s*private\s*$", code, re.M | re.I)
    visible = code[: private.start()] if private else code
    subs = []
    for m in _SUB.finditer(visible, pkg.end()):
        decl_end = _declaration_end(visible, m.end())
        decl = visible[m.start() : decl_end]
        params, returns = _profile(decl[m.end() - m.start() :])
        first = code.count("\n", 0, m.start()) + 1
        sub = Subprogram(
            pkg.group(1), m.group(2), m.group(1).lower(), params, returns, spec_name, (first, first + decl.count("\n"))
        )
        if re.search(r"\bGhost\b", decl, re.I):
            sub.skip = "ghost (callable only from ghost code)"
        subs.append(sub)
    return subs


def _declaration_end(code: str, start: int) -> int:
    depth = 0
    for i in range(start, len(code)):
        c = code[i]
        depth += c == "("
        depth -= c == ")"
        if c == ";" and depth == 0:
            return i + 1
    return len(code)


def _profile(rest: str) -> tuple[list[Param], str | None]:
    params: list[Param] = []
    rest = rest.lstrip()
    if rest.startswith("("):
        end = _close(rest)
        for part in _split_top(rest[1:end], ";"):
            if ":" not in part:
                continue
            names, spec = part.split(":", 1)
            spec = re.sub(r"^\s*(in\s+out|in|out)\b", "", spec.split(":=")[0], flags=re.I).strip()
            if spec.lower().startswith(("access", "not null")):
                spec = "access"
            for n in names.split(","):
                params.append(Param(n.strip(), " ".join(spec.split())))
        rest = rest[end + 1 :]
    ret = re.match(r"\s*return\s+([\w.]+)", rest, re.I)
    return params, ret.group(1) if ret else None


def _close(text: str) -> int:
    depth = 0
    for i, c in enumerate(text):
        depth += c == "("
        depth -= c == ")"
        if depth == 0:
            return i
    return len(text) - 1


def _split_top(text: str, sep: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for c in text:
        depth += c == "("
        depth -= c == ")"
        if c == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    return out + [cur]


def plan(subs: list[Subprogram], types: Types, inputs: int, seed: int = 0) -> dict[str, list[list[str]]]:
    """Subprogram key -> argument vectors (Ada expressions); marks subprograms it cannot feed as skipped."""
    rng = random.Random(seed)
    out: dict[str, list[list[str]]] = {}
    for sub in subs:
        if sub.skip:
            continue
        choices = []
        for p in sub.params:
            vals = types.values(p.type)
            if vals is None:
                sub.skip = f"cannot generate a value of type {p.type} (parameter {p.name})"
                break
            choices.append(vals)
        if sub.skip:
            continue
        vectors = [[c[min(i, len(c) - 1)] for c in choices] for i in range(max((len(c) for c in choices), default=1))]
        for _ in range(inputs * 4):
            if len(vectors) >= inputs:
                break
            v = [rng.choice(c) for c in choices]
            if v not in vectors:
                vectors.append(v)
        out[key(sub)] = vectors[:inputs]
    return out


def key(sub: Subprogram) -> str:
    return f"{sub.package}.{sub.name}@{sub.lines[0]}"


def driver_source(subs: list[Subprogram], vectors: dict[str, list[list[str]]], packages: list[str]) -> str:
    lines = ["with Ada.Text_IO;", "with Ada.Exceptions;"]
    lines += [f"with {p}; use {p};" for p in packages]
    lines += [f"procedure {DRIVER.title()} is", "begin"]
    for sub in subs:
        for n, args in enumerate(vectors.get(key(sub), [])):
            lines += _call(sub, n, args)
    lines += ["   null;", f"end {DRIVER.title()};", ""]
    return "\n".join(lines)


def _call(sub: Subprogram, n: int, args: list[str]) -> list[str]:
    tag = f'"{MARK}{key(sub)}|{n}|"'
    decls = [f"      Fmr_{i} : {p.type} := {a};" for i, (p, a) in enumerate(zip(sub.params, args, strict=True))]
    actuals = f" ({', '.join(f'Fmr_{i}' for i in range(len(args)))})" if args else ""
    call = f"{sub.package}.{sub.name}{actuals}"
    if sub.kind == "function":
        body = ["      declare", f"         Fmr_R : constant {sub.returns} := {call};", "      begin", "         null;"]
    else:
        body = ["      begin", f"         {call};"]
    body.append("      end;")
    return [
        "   begin",
        "      declare",
        *decls,
        "      begin",
        *["   " + b for b in body],
        f'         Ada.Text_IO.Put_Line ({tag} & "OK");',
        "      end;",
        "   exception",
        "      when Fmr_E : others =>",
        f'         Ada.Text_IO.Put_Line ({tag} & Ada.Exceptions.Exception_Name (Fmr_E) & "|"',
        "            & Ada.Exceptions.Exception_Message (Fmr_E));",
        "   end;",
    ]


def run_program(folder: Path, exe: Path, timeout: float) -> tuple[int | None, str]:
    """Run a compiled program (candidate code) in :mod:`fmrepair.sandbox`, ``folder`` its only writable
    place: (exit code or None on timeout, stdout + stderr). Raises ``SandboxUnavailable`` (fails closed)."""
    r = sandbox.run([str(exe)], folder, sandbox.Limits(timeout_s=timeout, memory_mb=2048, processes=32))
    if r.timed_out:
        return None, r.stdout + r.stderr
    limits = f"\n[sandbox: limits hit: {', '.join(r.limits_hit)}]" if r.limits_hit else ""
    return r.returncode, r.stdout + r.stderr + limits


def build_and_run(folder: Path, source: str, timeout: float) -> tuple[int | None, str, str]:
    """(exit code or None on timeout, build output, run output); the driver runs in the sandbox."""
    (folder / f"{DRIVER}.adb").write_text(source, encoding="utf-8")
    try:
        b = run_group(["gnatmake", "-q", "-gnata", "-gnat2022", "-gnatf", f"{DRIVER}.adb"], cwd=folder, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", ""
    if b.returncode != 0:
        return b.returncode, (b.stdout + b.stderr).strip(), ""
    try:
        rc, output = run_program(folder, folder / DRIVER, timeout)
    except sandbox.SandboxUnavailable as e:
        return 1, f"{NOT_RUN}{e}", ""
    return rc, "", output


def results(subs: list[Subprogram], output: str, ms: float) -> list[CommandResult]:
    """One `test` command per subprogram that was called: passed, contract_violated or error."""
    calls: dict[str, list[tuple[str, str]]] = {}
    for line in output.splitlines():
        if line.startswith(MARK):
            parts = line[len(MARK) :].split("|", 3)
            calls.setdefault(parts[0], []).append((parts[2], parts[3] if len(parts) > 3 else ""))
    commands = []
    for sub in subs:
        if sub.skip:
            continue
        seen = calls.get(key(sub), [])
        ok = sum(1 for name, _ in seen if name == "OK")
        rejected = [m for name, m in seen if _own_precondition(sub, name, m)]
        bad = [(n, m) for n, m in seen if n != "OK" and not _own_precondition(sub, n, m)]
        violated = [(n, m) for n, m in bad if "ASSERTION" in n.upper()]
        summary = f"{ok} passed, {len(rejected)} rejected by its precondition, {len(bad)} failed, of {len(seen)} calls"
        if violated:
            outcome, witness = "contract_violated", f"{summary}; first: {violated[0][1]}"
        elif bad:
            outcome, witness = "error", f"{summary}; first: {bad[0][0]}: {bad[0][1]}"
        elif not seen:
            outcome, witness = "error", "the driver never reached this subprogram"
        else:
            outcome, witness = "passed", summary + ("" if ok else " (no input satisfied the precondition)")
        commands.append(
            CommandResult(
                label=f"test {sub.package}.{sub.name} (generated inputs; not a proof)",
                kind="test",
                outcome=outcome,
                met=outcome == "passed",
                ms=ms,  # type: ignore[arg-type]
                witness=witness,
            )
        )
    return commands


def _own_precondition(sub: Subprogram, name: str, message: str) -> bool:
    m = re.search(r"failed precondition from (\S+):(\d+)", message)
    if not m or "ASSERTION" not in name.upper() or m.group(1).lower() != sub.spec_file:
        return False
    return sub.lines[0] <= int(m.group(2)) <= sub.lines[1]


def skipped(subs: list[Subprogram]) -> list[Message]:
    return [Message(message=f"not tested: {s.package}.{s.name}: {s.skip}", severity="info") for s in subs if s.skip]


def test_package(
    folder: Path, specs: list[tuple[str, str]], bodies: set[str], timeout: float, inputs: int = 12
) -> tuple[list[CommandResult], list[Message]]:
    """Test every public subprogram of the specs whose body is in `bodies` (file names); folder holds the files."""
    t0 = time.monotonic()
    types = collect_types(specs)
    subs = [
        s
        for name, text in specs
        if name.removesuffix(".ads") + ".adb" in bodies
        for s in public_subprograms(name, text)
    ]
    if not subs:
        return [], [Message(message="no public subprogram to test", severity="info")]
    vectors = plan(subs, types, inputs)
    packages = [
        p.group(1)
        for _, text in specs
        for p in [_PKG.search(strip_comments(text))]
        if p and not re.search(r"^\s*generic\b", strip_comments(text)[: p.start()], re.M | re.I)
    ]
    rc, build, output = build_and_run(folder, driver_source(subs, vectors, packages), timeout)
    ms = 1000 * (time.monotonic() - t0)
    notes = skipped(subs)
    if rc is None:
        return [CommandResult(label="test driver", kind="test", outcome="timeout", met=False, ms=ms)], notes
    if build:
        why = build[:800] if build.startswith(NOT_RUN) else f"the generated driver did not build: {build[:800]}"
        return [
            CommandResult(
                label="test driver",
                kind="test",
                outcome="error",
                met=False,
                ms=ms,
                witness=why,
            )
        ], notes
    return results(subs, output, ms), notes
