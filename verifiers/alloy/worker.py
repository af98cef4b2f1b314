"""Parent-side handle of one Alloy worker process: start, send a check, read events under a deadline,
kill on timeout or when the resident memory passes the cap. Not thread-safe: the pool hands each
worker to one thread at a time."""

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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

STARTUP_TIMEOUT_S = 120.0
POLL_S = 0.2
RSS_HEADROOM_MB = 1024  # resident memory allowed above the Java heap cap (JVM + native solver)


class WorkerTimeout(Exception):
    """The deadline passed; the worker was killed."""


class WorkerDied(Exception):
    """The worker exited, crashed, or was killed for memory."""


class WorkerMemory(WorkerDied):
    """The worker passed its resident-memory cap and was killed."""


class WorkerProcess:
    def __init__(self, jar: Path, classes: Path | None, memory_mb: int) -> None:
        self.jar = jar
        self.classes = classes
        self.memory_mb = memory_mb
        self.proc: subprocess.Popen[bytes] | None = None
        self.info: dict[str, Any] = {}
        self._buf = b""
        self._log: Any = None
        self._tmpdir: str | None = None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self) -> None:
        self.kill()
        cmd = [sys.executable, "-m", "fmrepair.verifiers.alloy.worker_main", "--jar", str(self.jar)]
        cmd += ["--memory-mb", str(self.memory_mb)]
        if self.classes is not None:
            cmd += ["--classes", str(self.classes)]
        self._tmpdir = tempfile.mkdtemp(prefix="fmrepair-alloy-")
        cmd += ["--tmpdir", self._tmpdir]
        env = dict(os.environ, MALLOC_ARENA_MAX="2")
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process
        self._buf = b""
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log, env=env, start_new_session=True
        )
        message = self._read(time.monotonic() + STARTUP_TIMEOUT_S)
        if message.get("type") != "ready":
            self.kill()
            raise WorkerDied(f"the Alloy worker did not start: {message.get('message') or message}")
        self.info = message

    def ensure(self, memory_mb: int) -> None:
        if not self.alive or memory_mb != self.memory_mb:
            self.memory_mb = memory_mb
            self.start()

    def check(self, source: str, solver: str, deadline: float) -> Iterator[dict[str, Any]]:
        """Send one check; yield its events up to and including `done`. Raises WorkerTimeout or
        WorkerDied (the worker is then dead; `ensure` restarts it)."""
        assert self.proc is not None and self.proc.stdin is not None
        request = json.dumps({"op": "check", "source": source, "solver": solver}) + "\n"
        try:
            self.proc.stdin.write(request.encode("utf-8"))
            self.proc.stdin.flush()
        except OSError:
            note = self._death_note()
            self.kill()
            raise WorkerDied(note) from None
        while True:
            message = self._read(deadline)
            yield message
            if message.get("type") == "done":
                if message.get("restart"):
                    self.kill()
                return

    def _read(self, deadline: float) -> dict[str, Any]:
        proc = self.proc
        if proc is None or proc.stdout is None:
            raise WorkerDied("the Alloy worker was stopped")
        try:
            fd = proc.stdout.fileno()
        except ValueError:  # closed by `close()` from another thread
            raise WorkerDied("the Alloy worker was stopped") from None
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
                chunk = os.read(fd, 1 << 16)
            except (OSError, ValueError):  # the pipe was closed under us
                chunk = b""
            if not chunk:
                note = self._death_note()
                self.kill()
                raise WorkerDied(note)
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return json.loads(line)

    def _watch_memory(self) -> None:
        rss = _rss_mb(self.proc.pid) if self.proc else None
        if rss is not None and rss > self.memory_mb + RSS_HEADROOM_MB:
            self.kill()
            raise WorkerMemory(f"the Alloy worker used {rss} MB (cap {self.memory_mb + RSS_HEADROOM_MB} MB)")

    def _death_note(self) -> str:
        code = self.proc.poll() if self.proc else None
        tail = ""
        if self._log is not None:
            self._log.seek(0, os.SEEK_END)
            size = self._log.tell()
            self._log.seek(max(0, size - 2000))
            lines = self._log.read().decode("utf-8", "replace").strip().splitlines()
            tail = lines[-1] if lines else ""
        where = f" (exit code {code})" if code is not None else ""
        return f"the Alloy worker died{where}" + (f": {tail}" if tail else "")

    def quit(self, timeout: float = 5.0) -> None:
        if self.alive and self.proc is not None and self.proc.stdin is not None:
            try:
                self.proc.stdin.write(b'{"op": "quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(timeout)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()

    def kill(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.proc.pid, signal.SIGKILL)
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


def _rss_mb(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        return None
    return None
