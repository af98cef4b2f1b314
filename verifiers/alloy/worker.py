"""Parent-side handle of one checking worker: start it with the jar, helper classes and heap cap, send
a check, yield its events under a deadline; killed on timeout or when the resident memory passes the
cap. The process itself (spawn, framing, kill) is process.py's, shared with the AST client."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fmrepair.verifiers.alloy.process import WorkerDied, WorkerMemory, WorkerProcessBase, WorkerTimeout

RSS_HEADROOM_MB = 1024  # resident memory allowed above the Java heap cap (JVM + native solver)

__all__ = ["WorkerDied", "WorkerMemory", "WorkerProcess", "WorkerTimeout"]


class WorkerProcess(WorkerProcessBase):
    def __init__(self, jar: Path, classes: Path | None, memory_mb: int) -> None:
        super().__init__()
        self.jar = jar
        self.classes = classes
        self.memory_mb = memory_mb
        self.info: dict[str, Any] = {}
        self.solving = threading.Event()  # set from the check's `parsed` event to its `done`
    def start(self) -> None:
        args = ["--serve", "check", "--jar", str(self.jar), "--memory-mb", str(self.memory_mb)]
        if self.classes is not None:
            args += ["--classes", str(self.classes)]
        self.rss_cap_mb = self.memory_mb + RSS_HEADROOM_MB
        self.info = self.spawn(args)

    def ensure(self, memory_mb: int) -> None:
        if not self.alive or memory_mb != self.memory_mb:
            self.memory_mb = memory_mb
            self.start()

    def check(self, source: str, solver: str, deadline: float) -> Iterator[dict[str, Any]]:
        """Send one check; yield its events up to and including `done`. Raises WorkerTimeout or
        WorkerDied (the worker is then dead; `ensure` restarts it)."""
        self.send({"op": "check", "source": source, "solver": solver})
        try:
            while True:
                message = self.read(deadline)
                if message.get("type") == "parsed":
                    self.solving.set()
                yield message
                if message.get("type") == "done":
                    if message.get("restart"):
                        self.kill()
                    return
        finally:
            self.solving.clear()
