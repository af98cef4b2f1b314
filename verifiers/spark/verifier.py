"""Ada/SPARK as far as this machine allows: GNAT (Debian `gnat`) syntax and semantic checks with
assertions enabled, and run-time contract checks by running a main procedure built with `-gnata`.

GNATprove (the SPARK prover) is not obtainable from any registry here, so by default nothing in this module
proves anything: a `compile` command says the units are legal Ada 2022 with their SPARK aspects; a `run`
command says the contracts (Pre, Post, Loop_Invariant, Assert) held on one execution; with
``test_inputs > 0`` a library package without a main program gets a generated driver
(`spark_driver`) and one `test` command per public subprogram (contracts held on those generated
inputs: testing, not proof). With ``prove=True`` and ``gnatprove`` on PATH (`spark_prove`), GNATprove's
per-check results become `goal` commands (proved / unproved); without it an info message says so.

Input: one file, or several concatenated between ``-- start file NAME`` / ``-- end file NAME`` markers
(the Marmaragan layout). Messages carry lines of the combined text.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from fmrepair.procs import run_group
from fmrepair.sandbox import SandboxUnavailable
from fmrepair.verifiers.base import CheckOptions, CommandResult, Message, Verdict
from fmrepair.verifiers.spark import driver as spark_driver
from fmrepair.verifiers.spark import prove as spark_prove

_FILE = re.compile(r"^-- start file (\S+)[ \t]*\n(.*?)^-- end file \S+", re.S | re.M)
_MSG = re.compile(
    r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): (?:(?P<kind>error|warning|info|\(style\)): )?(?P<msg>.*)$"
)
_MAIN = re.compile(r"^\s*procedure\s+(\w+)\s+is\b", re.M | re.I)
_FILE_NAME = re.compile(r"^[a-z0-9][a-z0-9_.~-]*\.ad[bs]$")  # a bundle's file: a plain name in the folder
_UNIT = re.compile(r"^\s*(?:package\s+body|package|procedure|function)\s+([\w.]+)", re.M | re.I)
ADA_FLAGS = ["-gnata", "-gnat2022", "-gnatf"]


class GnatUnavailable(RuntimeError):
    pass


@dataclass
class AdaFile:
    name: str  # lower-case file name as GNAT wants it
    text: str
    line_offset: int  # line of the combined text where this file's first line is


def split_files(source: str) -> list[AdaFile]:
    """The files of a Marmaragan-style bundle, or the whole text as one file named after its unit."""
    files = []
    for m in _FILE.finditer(source):
        offset = source.count("\n", 0, m.start(2))
        files.append(AdaFile(m.group(1).lower(), m.group(2), offset))
    if files:
        return files
    unit = _UNIT.search(source)
    name = (unit.group(1).lower().replace(".", "-") if unit else "main") if unit else "main"
    body = re.search(r"^\s*(package\s+body|procedure|function)\b", source, re.M | re.I)
    return [AdaFile(f"{name}.{'adb' if body else 'ads'}", source, 0)]


def _gnat() -> str:
    path = shutil.which("gcc")
    if path is None or shutil.which("gnatmake") is None:
        raise GnatUnavailable("GNAT is not installed (apt-get install gnat)")
    return path


class SparkVerifier:
    formalism = "spark"
    extensions: ClassVar[tuple[str, ...]] = (".ads", ".adb")

    def __init__(self, test_inputs: int = 0, prove: bool = False) -> None:
        self.test_inputs = test_inputs  # > 0: test library packages on this many generated inputs each
        self.prove = prove  # run GNATprove when it is on PATH

    def check(self, source: str, options: CheckOptions | None = None) -> Verdict:
        options = options or CheckOptions()
        started = time.monotonic()
        try:
            gcc = _gnat()
        except GnatUnavailable as e:
            return Verdict(formalism=self.formalism, status="error", errors=[Message(message=str(e))])
        files = split_files(source)
        bad = [f.name for f in files if not _FILE_NAME.match(f.name)]
        if bad:  # "../x.adb" or "/tmp/x.adb" would be written outside the private folder
            why = f"bundle file name {bad[0]!r} is not a plain Ada file name (unit.ads / unit.adb)"
            return self._verdict("error", [], [Message(message=why)], "", started)
        with tempfile.TemporaryDirectory(prefix="fmrepair-spark-") as tmp:
            folder = Path(tmp)
            for f in files:
                (folder / f.name).write_text(f.text, encoding="utf-8")
            units = [f for f in files if f.name.endswith(".adb")] or files
            for mode, status in (("-gnats", "syntax_error"), ("-gnatc", "type_error")):
                errors, outputs = self._compile(gcc, folder, units, files, mode, options.timeout_s)
                if errors is None:
                    why = f"gcc {mode} did not finish within {options.timeout_s:g} s"
                    return self._verdict("timeout", [], [Message(message=why)], outputs, started)
                if "GNAT BUG DETECTED" in outputs:  # the compiler crashed (e.g. a stack overflow)
                    box = re.search(r"^\|\s*(\S.*?)\s*\|\s*$", outputs, re.M)
                    why = f"GNAT crashed: {box.group(1) if box else 'GNAT BUG DETECTED'}"
                    return self._verdict("error", [], [Message(message=why)], outputs, started)
                if any(e.severity == "error" for e in errors):
                    return self._verdict(status, [], errors, outputs, started)
            commands = [
                CommandResult(label=f"compile {u.name}", kind="compile", outcome="compiled", met=True) for u in units
            ]
            mains = [u for u in units if u.name.endswith(".adb") and _is_main(u, files)]
            for main in mains:
                commands.append(self._run(folder, main, options.timeout_s))
            notes: list[Message] = []
            if self.test_inputs > 0 and not mains:
                specs = [(f.name, f.text) for f in files if f.name.endswith(".ads")]
                tests, notes = spark_driver.test_package(
                    folder, specs, {u.name for u in units}, options.timeout_s, self.test_inputs
                )
                commands += tests
            if self.prove:
                goals, note = spark_prove.prove(folder, files, options.timeout_s)
                commands += goals
                notes += [note] if note else []
        status = "ok" if all(c.met for c in commands) else "failed"
        if any(c.outcome == "timeout" for c in commands):
            status = "timeout"
        return self._verdict(status, commands, notes, "", started)

    def _compile(
        self, gcc: str, folder: Path, units: list[AdaFile], files: list[AdaFile], mode: str, timeout: float
    ) -> tuple[list[Message] | None, str]:
        errors: list[Message] = []
        out = ""
        offsets = {f.name: f.line_offset for f in files}
        for u in units:
            try:
                p = run_group([gcc, "-c", *ADA_FLAGS, mode, u.name], cwd=folder, timeout=timeout)
            except subprocess.TimeoutExpired:
                return None, out
            out += p.stdout + p.stderr
            for line in (p.stdout + p.stderr).splitlines():
                m = _MSG.match(line)
                if not m:
                    continue
                kind = m.group("kind") or "error"
                severity = "error" if kind == "error" else "warning" if kind == "warning" else "info"
                line_no = int(m.group("line")) + offsets.get(m.group("file").lower(), 0)
                errors.append(
                    Message(line=line_no, column=int(m.group("col")), message=m.group("msg"), severity=severity)
                )
            if p.returncode != 0 and not errors:
                why = " ".join((p.stderr or p.stdout).split())[:500]
                errors.append(Message(message=why or "compilation failed"))
        return errors, out

    def _run(self, folder: Path, main: AdaFile, timeout: float) -> CommandResult:
        t0 = time.monotonic()
        label = f"run {main.name.removesuffix('.adb')}"
        try:
            b = run_group(["gnatmake", "-q", *ADA_FLAGS, main.name, "-o", "fmrepair_main"], cwd=folder, timeout=timeout)
            if b.returncode != 0:
                msg = (b.stderr or b.stdout).strip()[:500]
                return CommandResult(label=label, kind="run", outcome="error", met=False, witness=msg)
            rc, output = spark_driver.run_program(folder, folder / "fmrepair_main", timeout)  # in the sandbox
        except SandboxUnavailable as e:
            witness = f"{spark_driver.NOT_RUN}{e}"
            return CommandResult(label=label, kind="run", outcome="error", met=False, witness=witness)
        except subprocess.TimeoutExpired:
            rc = None
        if rc is None:
            return CommandResult(
                label=label, kind="run", outcome="timeout", met=False, ms=1000 * (time.monotonic() - t0)
            )
        ms = 1000 * (time.monotonic() - t0)
        if rc == 0:
            return CommandResult(
                label=label, kind="run", outcome="passed", met=True, ms=ms, witness=output[-500:] or None
            )
        text = output.strip()
        upper = text.upper()
        outcome = "contract_violated" if "ASSERTION_ERROR" in upper or "ASSERT_FAILURE" in upper else "error"
        return CommandResult(label=label, kind="run", outcome=outcome, met=False, ms=ms, witness=text[-800:])

    def _verdict(
        self, status: str, commands: list[CommandResult], errors: list[Message], raw: str, started: float
    ) -> Verdict:
        return Verdict(
            formalism=self.formalism,
            status=status,  # type: ignore[arg-type]
            commands=commands,
            errors=errors,
            elapsed_ms=1000 * (time.monotonic() - started),
            raw=raw or None,
        )

    def close(self) -> None:
        return None


def _is_main(unit: AdaFile, files: list[AdaFile]) -> bool:
    """A library-level parameterless procedure body without a spec file is a main program."""
    m = _MAIN.search(unit.text)
    if not m:
        return False
    spec = unit.name.removesuffix(".adb") + ".ads"
    return not any(f.name == spec for f in files) and m.group(1).lower() == unit.name.removesuffix(".adb")
