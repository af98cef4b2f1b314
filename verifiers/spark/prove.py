"""GNATprove backend, used only when ``gnatprove`` is on PATH (it is not installable on this machine).

Writes a one-directory project file next to the units, runs ``gnatprove --mode=prove --report=all
--output=brief`` and turns each reported check into a `goal` command: ``info: ... proved`` is
`proved`; ``low|medium|high|warning|error: ...`` is `unproved` (GNATprove's "might fail" and failures).
Lines are mapped back to the bundle. Without gnatprove it returns no goals and one info message.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Protocol

from fmrepair.procs import run_group
from fmrepair.verifiers.base import CommandResult, Message

PROJECT = "fmrepair_prove.gpr"
_CHECK = re.compile(
    r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): (?P<sev>info|low|medium|high|warning|error): (?P<msg>.*)$"
)


class AdaFileLike(Protocol):
    name: str
    line_offset: int


def available() -> bool:
    return shutil.which("gnatprove") is not None


def project_text() -> str:
    return (
        "project Fmrepair_Prove is\n"
        '   for Source_Dirs use (".");\n'
        '   for Object_Dir use "gnatprove-obj";\n'
        "end Fmrepair_Prove;\n"
    )


def parse(output: str, offsets: dict[str, int]) -> list[CommandResult]:
    goals = []
    for line in output.splitlines():
        m = _CHECK.match(line.strip())
        if not m:
            continue
        sev, msg = m.group("sev"), m.group("msg")
        if sev == "info" and "proved" not in msg:
            continue  # other notes (e.g. "implicit aspect") are not checks
        proved = sev == "info"
        bundle_line = int(m.group("line")) + offsets.get(m.group("file").lower(), 0)
        goals.append(
            CommandResult(
                label=f"line {bundle_line}: {msg}",
                kind="goal",
                outcome="proved" if proved else "unproved",
                met=proved,
                witness=None if proved else line.strip(),
                solver="gnatprove",
            )
        )
    return goals


def prove(
    folder: Path, files: list[AdaFileLike], timeout: float, level: int = 2
) -> tuple[list[CommandResult], Message | None]:
    if not available():
        return [], Message(
            message="gnatprove is not on PATH: nothing was proved (proof needs an external GNATprove)", severity="info"
        )
    (folder / PROJECT).write_text(project_text(), encoding="utf-8")
    t0 = time.monotonic()
    cmd = ["gnatprove", "-P", PROJECT, "--mode=prove", f"--level={level}", "--report=all", "--output=brief", "-j0"]
    try:
        p = run_group(cmd, cwd=folder, timeout=timeout)
    except subprocess.TimeoutExpired:
        return [
            CommandResult(
                label="gnatprove", kind="goal", outcome="timeout", met=False, ms=1000 * (time.monotonic() - t0)
            )
        ], None
    goals = parse(p.stdout + p.stderr, {f.name: f.line_offset for f in files})
    if not goals:
        text = (p.stderr or p.stdout).strip()[-800:]
        return [CommandResult(label="gnatprove", kind="goal", outcome="error", met=False, witness=text)], None
    return goals, None
