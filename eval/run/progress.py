"""A progress line for long runs: done/total, running score, time per task, ETA (stderr)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from fmrepair.runlog import TaskResult


def _fmt_s(seconds: float) -> str:
    seconds = int(max(0, seconds))
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    return f"{h}h{m:02d}m" if h else f"{m}m{s:02d}s"


class Progress:
    def __init__(self, total: int, already: list[TaskResult], stream: TextIO | None = None, label: str = "") -> None:
        self.total = total
        self.done = len(already)
        self.raw = sum(r.repaired for r in already)
        self.faithful = sum(r.faithful for r in already)
        self.started = time.monotonic()
        self.new = 0
        self.stream = stream or sys.stderr
        self.label = label
        self.tty = self.stream.isatty()
        self._last = 0.0

    def update(self, result: TaskResult) -> None:
        self.done += 1
        self.new += 1
        self.raw += int(result.repaired)
        self.faithful += int(result.faithful)
        now = time.monotonic()
        if self.tty or now - self._last >= 5 or self.done == self.total:
            self._last = now
            self.stream.write(self.line(now) + ("\r" if self.tty and self.done < self.total else "\n"))
            self.stream.flush()

    def line(self, now: float | None = None) -> str:
        now = now or time.monotonic()
        per = (now - self.started) / self.new if self.new else 0.0
        eta = per * (self.total - self.done)
        pct = 100.0 * self.faithful / self.done if self.done else 0.0
        return (
            f"{self.label}[{self.done}/{self.total}] faithful {self.faithful} ({pct:.1f}%) raw {self.raw}"
            f" | {per:.1f} s/task | ETA {_fmt_s(eta)}"
        )
