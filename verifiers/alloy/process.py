"""One Alloy worker process (a JVM), parent side: spawn, frame JSON lines, read under a deadline, watch
memory, kill. The one process stack under both protocols: checking (worker.py, the verifier's pool)
and parsing / unsat cores (syntax.py, the AST client of the mutation search). The child side is
worker_main.py (``--serve check`` or ``--serve ast``); it exits when this process goes away.

Not thread-safe: each user serializes its requests (the verifier's pool hands a worker to one thread
at a time; the AST client holds a lock).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any

from fmrepair.faults import InfrastructureError

WORKER_MAIN = "fmrepair.verifiers.alloy.worker_main"
STARTUP_TIMEOUT_S = 120.0
POLL_S = 0.2


class WorkerTimeout(Exception):
    """The deadline passed; the worker was killed."""


class WorkerDied(Exception):
    """The worker exited, crashed, or was killed for memory."""


class WorkerMemory(WorkerDied):
    """The worker passed its resident-memory cap and was killed."""


class VerifierUnavailable(InfrastructureError):
    """The Alloy analyzer could not be run or kept alive for a request (fmrepair/faults.py)."""


class WorkerProcessBase:
    """A ``python -m fmrepair.verifiers.alloy.worker_main ARGS`` child with a private temp folder
    (``--tmpdir``, removed with the process) and stderr kept for the death note. ``rss_cap_mb``: kill
    the worker (WorkerMemory) when its resident memory passes this many MB while a reply is awaited."""

    name = "the Alloy worker"

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.rss_cap_mb: int | None = None
        self._buf = b""
        self._log: Any = None
        self._tmpdir: str | None = None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def spawn(self, args: list[str]) -> dict[str, Any]:
        """(Re)start the process and return its ``ready`` message; raises WorkerDied if it does not start."""
        self.kill()
        self._tmpdir = tempfile.mkdtemp(prefix="fmrepair-alloy-")
        cmd = [sys.executable, "-m", WORKER_MAIN, *args, "--tmpdir", self._tmpdir]
        env = dict(os.environ, MALLOC_ARENA_MAX="2")
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process
        self._buf = b""
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log, env=env, start_new_session=True
        )
        message = self.read(time.monotonic() + STARTUP_TIMEOUT_S)
        if message.get("type") != "ready":
            self.kill()
            raise WorkerDied(f"{self.name} did not start: {message.get('message') or message}")
        return message

    def send(self, payload: dict[str, Any]) -> None:
        """Write one request line; raises WorkerDied (the worker is then killed) if the pipe is gone."""
        if self.proc is None or self.proc.stdin is None:
            raise WorkerDied(f"{self.name} was stopped")
        try:
            self.proc.stdin.write((json.dumps(payload) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
        except (OSError, ValueError):
            note = self.death_note()
            self.kill()
            raise WorkerDied(note) from None

    def read(self, deadline: float) -> dict[str, Any]:
        """The next reply line. Raises WorkerTimeout at the deadline and WorkerDied (or WorkerMemory)
        when the worker goes away; the worker is killed in each case."""
        proc = self.proc
        if proc is None or proc.stdout is None:
            raise WorkerDied(f"{self.name} was stopped")
        try:
            fd = proc.stdout.fileno()
        except ValueError:  # closed by `kill()` from another thread
            raise WorkerDied(f"{self.name} was stopped") from None
        while b"\n" not in self._buf:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.kill()
                raise WorkerTimeout()
            try:
                ready, _, _ = select.select([fd], [], [], min(remaining, POLL_S))
                if not ready:
                    self._watch_memory()
                    continue
                chunk = os.read(fd, 1 << 20)
            except (OSError, ValueError):  # the pipe was closed under us
                chunk = b""
            if not chunk:
                note = self.death_note()
                self.kill()
                raise WorkerDied(note)
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return json.loads(line)

    def _watch_memory(self) -> None:
        if self.rss_cap_mb is None or self.proc is None:
            return
        rss = rss_mb(self.proc.pid)
        if rss is not None and rss > self.rss_cap_mb:
            self.kill()
            raise WorkerMemory(f"{self.name} used {rss} MB (cap {self.rss_cap_mb} MB)")

    def death_note(self) -> str:
        """Why the worker is gone: its exit code and the last line it wrote to stderr."""
        code = self.proc.poll() if self.proc else None
        tail = ""
        if self._log is not None:
            self._log.seek(0, os.SEEK_END)
            size = self._log.tell()
            self._log.seek(max(0, size - 2000))
            lines = self._log.read().decode("utf-8", "replace").strip().splitlines()
            tail = lines[-1] if lines else ""
        where = f" (exit code {code})" if code is not None else ""
        return f"{self.name} died{where}" + (f": {tail}" if tail else "")

    def quit(self, timeout: float = 5.0) -> None:
        """Ask the worker to exit, then make sure it has."""
        if self.alive and self.proc is not None and self.proc.stdin is not None:
            try:
                self.proc.stdin.write(b'{"op": "quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(timeout)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        self.kill()

    def kill(self) -> None:
        """SIGKILL the worker's process group, close its pipes, remove its temp folder."""
        if self.proc is not None:
            if self.proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
            self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None
        if self._tmpdir is not None:
            shutil.rmtree(self._tmpdir, ignore_errors=True)
            self._tmpdir = None


def rss_mb(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        return None
    return None
