"""A gather-window batcher: requests from many threads become one call on a list.

Each caller blocks in ``submit(item)``. One background thread takes the first waiting item, gathers
more until none has arrived for ``window_s`` (at most ``MAX_WINDOWS`` windows in all) or ``max_batch``
are waiting, calls ``run_batch(items)`` once and hands each caller its own result, or the exception
``run_batch`` raised. In-process model backends use it so
that concurrent task workers share one batched ``generate`` call instead of queueing on a lock.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

MAX_WINDOWS = 10  # a batch waits at most this many windows for company
IDLE_EXIT_S = 5.0  # the batching thread ends after this long without work

T = TypeVar("T")
R = TypeVar("R")


@dataclass
class _Pending(Generic[T, R]):
    item: T
    done: threading.Event = field(default_factory=threading.Event)
    result: R | None = None
    error: BaseException | None = None


@dataclass
class BatchStats:
    """Counts of what the batcher did (for benchmarks and tests; no timing decides anything)."""

    batches: int = 0
    items: int = 0
    largest: int = 0
    sizes: list[int] = field(default_factory=list)

    def record(self, size: int) -> None:
        self.batches += 1
        self.items += size
        self.largest = max(self.largest, size)
        if len(self.sizes) < 10_000:
            self.sizes.append(size)


class GatherBatcher(Generic[T, R]):
    """Gather concurrent ``submit`` calls into ``run_batch`` calls of at most ``max_batch`` items.

    ``run_batch`` must return one result per item, in order. ``window_s`` is the longest quiet gap
    while a batch gathers; 0 takes whatever is already waiting. With ``max_batch == 1`` every
    item runs alone (still on the batcher's thread, so callers never run the model concurrently).
    """

    def __init__(
        self,
        run_batch: Callable[[list[T]], list[R]],
        *,
        window_s: float = 0.02,
        max_batch: int = 16,
        name: str = "batcher",
    ) -> None:
        if max_batch < 1:
            raise ValueError(f"max_batch must be >= 1, got {max_batch}")
        if window_s < 0:
            raise ValueError(f"window_s must be >= 0, got {window_s}")
        self._run_batch = run_batch
        self.window_s = window_s
        self.max_batch = max_batch
        self.name = name
        self.stats = BatchStats()
        self._queue: deque[_Pending[T, R]] = deque()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, item: T) -> R:
        """Queue ``item``, wait for its batch to run, return its result (or raise its error)."""
        pending: _Pending[T, R] = _Pending(item)
        with self._cond:
            if self._closed:
                raise RuntimeError(f"{self.name} is closed")
            self._queue.append(pending)
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
                self._thread.start()
            self._cond.notify_all()
        pending.done.wait()
        if pending.error is not None:
            raise pending.error
        return pending.result  # type: ignore[return-value]

    def close(self) -> None:
        """Stop the thread once the queue is empty; later ``submit`` calls raise. Safe to call twice."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    # -- the batching thread -------------------------------------------------------------------
    def _take(self) -> list[_Pending[T, R]] | None:
        with self._cond:
            while not self._queue:
                woken = False if self._closed else self._cond.wait(IDLE_EXIT_S)
                if not woken and not self._queue:
                    # closed, or idle: end (the next submit starts a new thread), so a model nobody
                    # uses any more is not kept alive by its batcher's thread
                    self._thread = None
                    return None
            # the batch closes when no request has come for window_s (callers of the previous batch
            # come back one after another, each after its own post-processing), when max_batch are
            # waiting, or MAX_WINDOWS windows after it opened
            opened = time.monotonic()
            last_size, last_arrival = len(self._queue), opened
            while len(self._queue) < self.max_batch and not self._closed:
                now = time.monotonic()
                if len(self._queue) != last_size:
                    last_size, last_arrival = len(self._queue), now
                left = min(last_arrival + self.window_s, opened + MAX_WINDOWS * self.window_s) - now
                if left <= 0:
                    break
                self._cond.wait(left)
            n = min(self.max_batch, len(self._queue))
            return [self._queue.popleft() for _ in range(n)]

    def _loop(self) -> None:
        while (batch := self._take()) is not None:
            self.stats.record(len(batch))
            try:
                results = self._run_batch([p.item for p in batch])
                if len(results) != len(batch):
                    raise RuntimeError(f"{self.name}: run_batch returned {len(results)} results for {len(batch)}")
            except BaseException as exc:  # noqa: BLE001 - every waiting caller gets the error
                for p in batch:
                    p.error = exc
                    p.done.set()
                continue
            for p, result in zip(batch, results, strict=True):
                p.result = result
                p.done.set()
