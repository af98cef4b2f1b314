"""AcslVerifier: Frama-C/WP on one C file given as text, with RTE guards, per-goal and per-annotation
results, annotation errors with locations, and a hard wall-clock limit (the process group is killed).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from fmrepair.verifiers.acsl import env
from fmrepair.verifiers.acsl.report import Goal, Property, parse_errors, parse_goals, parse_properties, scheduled
from fmrepair.verifiers.base import CheckOptions, CommandResult, Message, Verdict

FILE_NAME = "input.c"


@dataclass
class AcslResult:
    """Everything one Frama-C run said: the Verdict plus the goals and annotation statuses behind it."""

    verdict: Verdict
    goals: list[Goal] = field(default_factory=list)
    properties: list[Property] = field(default_factory=list)
    command: list[str] = field(default_factory=list)

    def unproved(self) -> list[Goal]:
        return [g for g in self.goals if g.outcome != "proved"]

    def to_json_dict(self, path: str | None = None) -> dict[str, object]:
        d = self.verdict.to_json_dict(path)
        d["goals"] = [g.to_dict() for g in self.goals]
        d["annotations"] = [p.to_dict() for p in self.properties]
        return d


def _witness(goal: Goal, source_lines: list[str]) -> str:
    parts = []
    if goal.line is not None and 0 < goal.line <= len(source_lines):
        parts.append(f"line {goal.line}: {source_lines[goal.line - 1].strip()}")
    if goal.prove:
        parts.append(f"Prove: {goal.prove}")
    return "\n".join(parts)


def _run(cmd: list[str], cwd: str, timeout_s: float) -> tuple[int | None, str]:
    """Run in its own process group; on timeout kill the whole group (provers included)."""
    proc = subprocess.Popen(
        cmd, cwd=cwd, env=env.framac_env() | {"PWD": cwd}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=timeout_s)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        return None, out or ""


class AcslVerifier:
    """Frama-C WP behind the Verifier protocol. ``check`` returns the Verdict; ``run`` everything."""

    formalism = "acsl"
    extensions: ClassVar[tuple[str, ...]] = (".c",)

    def __init__(
        self,
        rte: bool = True,
        goal_timeout_s: float = 10.0,
        provers: tuple[str, ...] | None = None,
        parallel: int = 2,
        wp_cache: bool = True,
        extra_args: tuple[str, ...] = (),
    ) -> None:
        self.rte = rte
        self.goal_timeout_s = goal_timeout_s
        self.provers = provers
        self.parallel = parallel
        self.wp_cache = wp_cache
        self.extra_args = extra_args

    def _provers(self, options: CheckOptions) -> list[str]:
        if options.solver not in ("auto", ""):
            return [p.strip() for p in options.solver.split(",") if p.strip()]
        found = list(self.provers or env.provers())
        if not found:
            raise env.FramaCUnavailable("why3 found no prover: apt-get install z3 cvc4")
        return found

    def command(self, options: CheckOptions, csv_path: str, c_path: str = FILE_NAME) -> list[str]:
        cmd = [env.require(), "-wp", "-wp-print", "-wp-prover", ",".join(self._provers(options))]
        cmd += ["-wp-timeout", str(max(1, int(round(self.goal_timeout_s)))), "-wp-par", str(self.parallel)]
        if self.rte:
            cmd.append("-wp-rte")
        if self.wp_cache:
            cache = env.cache_dir() / "wp-cache"
            cache.mkdir(parents=True, exist_ok=True)
            cmd += ["-wp-cache", "update", "-wp-cache-dir", str(cache)]
        cmd += [*self.extra_args, c_path, "-then", "-report-csv", csv_path]
        return cmd

    def run(self, source: str, options: CheckOptions | None = None) -> AcslResult:
        options = options or CheckOptions()
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="fmrepair-acsl-") as tmp:
            c_path = Path(tmp, FILE_NAME)
            c_path.write_text(source, encoding="utf-8")
            csv_path = str(Path(tmp, "report.csv"))
            cmd = self.command(options, csv_path, str(c_path))
            code, out = _run(cmd, tmp, options.timeout_s)
            csv_text = Path(csv_path).read_text(encoding="utf-8") if Path(csv_path).exists() else ""
        elapsed = (time.perf_counter() - t0) * 1000.0
        goals = parse_goals(out)
        props = parse_properties(csv_text)
        err_status, errors = parse_errors(out)
        lines = source.splitlines()
        commands = [
            CommandResult(
                label=g.label, kind="goal", outcome=g.outcome, met=g.outcome == "proved", ms=g.ms,  # type: ignore[arg-type]
                witness=_witness(g, lines) or None, index=i,
                solver=next((p for p, s in g.provers.items() if s.lower() == "valid"), None),
            )
            for i, g in enumerate(goals)
        ]
        if code is None:
            status = "timeout"
            errors.append(Message(message=f"Frama-C did not finish within {options.timeout_s:g} s", severity="error"))
        elif err_status is not None:
            status = err_status
        elif code != 0:
            status = "error"
            crash = [ln for ln in out.splitlines() if ln.strip().startswith("Unexpected error")]  # stack overflow
            tail = crash[:1] or [ln for ln in out.splitlines() if ln.strip()][-3:]
            errors.append(Message(message=f"frama-c exited {code}: {' | '.join(tail)[:300]}"))
        else:
            expected = scheduled(out)
            missing = expected is not None and expected > len(goals)
            if expected is not None and expected != len(goals):  # a goal we could not read is not proved
                errors.append(Message(message=f"parsed {len(goals)} goals of {expected} scheduled",
                                      severity="error" if missing else "warning"))
            status = "error" if missing else "ok" if all(c.met for c in commands) else "failed"
        verdict = Verdict(
            formalism="acsl", status=status, commands=commands, errors=errors, elapsed_ms=elapsed, raw=out
        )
        return AcslResult(verdict, goals, props, cmd)

    def check(self, source: str, options: CheckOptions | None = None) -> Verdict:
        return self.run(source, options).verdict

    def close(self) -> None:
        """Nothing to release: every check is its own Frama-C process."""
