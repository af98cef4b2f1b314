"""Run a tool (a compiler, a prover) so that a timeout stops all of it.

``subprocess.run(..., timeout=...)`` kills only the direct child: ``gcc`` dies and the ``gnat1`` it
started runs on, orphaned, burning a core (seen: three such compilers for 25 minutes after a fuzz
test). Here the tool runs in its own process group and the whole group is killed at the timeout.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path


def run_group(
    args: Sequence[str],
    cwd: str | Path | None = None,
    timeout: float | None = None,
    text: bool = True,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess:
    """Like ``subprocess.run(args, capture_output=True)``; on timeout the process group is killed and
    ``subprocess.TimeoutExpired`` is raised."""
    with subprocess.Popen(
        list(args), cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=text,
        start_new_session=True,
    ) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            proc.communicate()
            raise
        except BaseException:
            _kill_group(proc)
            raise
        return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
