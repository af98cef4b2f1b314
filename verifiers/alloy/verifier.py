"""AlloyVerifier: a thread-safe pool of Alloy worker processes behind the Verifier protocol.

    with AlloyVerifier(workers=2) as v:
        verdict = v.check(source, CheckOptions(timeout_s=10))

Each worker process owns one JVM (JPype) and solves one spec at a time; a check that runs past its
timeout is killed with its worker, which restarts on the next check. A worker that dies during a check
is restarted and the check rerun; one that keeps dying raises VerifierUnavailable (an infrastructure
fault, fmrepair/faults.py). Verdicts are cached.
"""

from __future__ import annotations

import atexit
import contextlib
import queue
import threading
import time
import weakref
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar

from fmrepair.verifiers.alloy.assemble import assemble
from fmrepair.verifiers.alloy.cache import VerdictCache, cache_key
from fmrepair.verifiers.alloy.jvm import AlloyUnavailable, alloy_jar, helper_classes
from fmrepair.verifiers.alloy.process import VerifierUnavailable
from fmrepair.verifiers.alloy.solvers import check_solver_name
from fmrepair.verifiers.alloy.worker import WorkerDied, WorkerMemory, WorkerProcess, WorkerTimeout
from fmrepair.verifiers.base import CheckOptions, Verdict

RESTARTS = 2  # a worker that dies during a check is restarted and the check rerun this many times


class AlloyVerifier:
    """Alloy 6.1 in-process (per worker). Safe to call `check` from several threads."""

    formalism = "alloy"
    extensions: ClassVar[tuple[str, ...]] = (".als",)

    def __init__(
        self,
        workers: int = 1,
        cache: bool = True,
        cache_size: int = 1024,
        cache_dir: str | Path | None = None,
        memory_mb: int | None = None,
        restarts: int = RESTARTS,
    ) -> None:
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.workers = workers
        self.default_memory_mb = memory_mb
        self.restarts = restarts
        self.cache = VerdictCache(cache_size, cache_dir) if cache else None
        self._jar: Path | None = None
        self._classes: Path | None = None
        self._setup_lock = threading.Lock()
        self._all: list[WorkerProcess] = []
        self._idle: queue.Queue[WorkerProcess] = queue.Queue()
        self._closed = False
        atexit.register(_close_ref, weakref.ref(self))

    # -- lifecycle -------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def started_workers(self) -> int:
        """How many worker processes were set up (0 until the first check that misses the cache)."""
        return len(self._all)

    def _setup(self) -> None:
        with self._setup_lock:
            if self._closed:
                raise RuntimeError("AlloyVerifier is closed")
            if self._all:
                return
            self._jar = alloy_jar()
            self._classes = helper_classes(self._jar)
            memory = self.default_memory_mb or CheckOptions().memory_mb
            for _ in range(self.workers):
                worker = WorkerProcess(self._jar, self._classes, memory)
                self._all.append(worker)
                self._idle.put(worker)

    def start(self, memory_mb: int | None = None) -> None:
        """Start every worker now (in parallel) instead of on first use."""
        self._setup()
        memory = memory_mb or self.default_memory_mb or CheckOptions().memory_mb
        taken = [self._idle.get() for _ in range(self.workers)]
        threads = [threading.Thread(target=_quiet_ensure, args=(w, memory)) for w in taken]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for w in taken:
            self._idle.put(w)

    def close(self) -> None:
        """Stop every worker (also those busy in other threads; their checks end as errors)."""
        with self._setup_lock:
            self._closed = True
            workers = list(self._all)
        for w in workers:
            w.quit()

    def __enter__(self) -> AlloyVerifier:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers (for monitoring and fault-injection tests)."""
        return [w.proc.pid for w in list(self._all) if w.proc is not None and w.alive]

    def wait_solving(self, timeout_s: float) -> bool:
        """Block until some worker has parsed the check it runs and is solving it (for fault-injection
        tests that must kill a worker mid-check, not before or after); False at the timeout."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if any(w.solving.wait(0.05) for w in list(self._all)):
                return True
        return False

    def info(self) -> dict[str, Any]:
        """What the first started worker reported (solver chosen by "auto", reporter present)."""
        return next((dict(w.info) for w in self._all if w.info), {})

    # -- checking --------------------------------------------------------------------------
    def check(self, source: str, options: CheckOptions | None = None) -> Verdict:
        options = options or CheckOptions(memory_mb=self.default_memory_mb or CheckOptions().memory_mb)
        check_solver_name(options.solver)
        t0 = time.perf_counter()
        key = cache_key(source, options)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                hit.elapsed_ms = (time.perf_counter() - t0) * 1000.0
                return hit
        self._setup()
        worker = self._idle.get()
        try:
            verdict = self._check_on(worker, source, options)
        finally:
            self._idle.put(worker)
        if self.cache is not None:
            self.cache.put(key, verdict)
        return verdict

    def _check_on(self, worker: WorkerProcess, source: str, options: CheckOptions) -> Verdict:
        """Run one check, restarting a worker that dies (``restarts`` times: the same solver first, so a
        cured fault gives the verdict a run without it gives; SAT4J last, for a native solver that crashes
        on this problem). A worker that keeps dying raises :class:`VerifierUnavailable`: an infrastructure
        fault, never an error verdict that a search would score as a failed candidate."""
        deaths: list[str] = []
        for i in range(self.restarts + 1):
            last = i == self.restarts and i > 0
            solver = "sat4j" if last and options.solver != "sat4j" else options.solver
            verdict, died = self._run(worker, source, options, solver)
            if died is None:
                return verdict
            deaths.append(died)
            if self._closed:
                break
        raise VerifierUnavailable(
            f"the Alloy worker died {len(deaths)} time(s) on one check and restarts did not cure it: {deaths[-1]}"
        )

    def _run(
        self, worker: WorkerProcess, source: str, options: CheckOptions, solver: str
    ) -> tuple[Verdict, str | None]:
        """One attempt; returns the verdict and, when the worker died or could not start, why (the
        verdict is then meaningless). Running past the memory cap is the candidate's verdict, not a death."""
        if self._closed:
            raise VerifierUnavailable("the Alloy verifier was closed during a check")
        try:
            worker.ensure(options.memory_mb)
        except (WorkerDied, OSError) as e:
            return Verdict(formalism="alloy", status="error"), str(e)
        except AlloyUnavailable as e:
            raise VerifierUnavailable(f"the Alloy analyzer cannot run: {e}") from None
        events: list[dict[str, Any]] = []
        t0 = time.perf_counter()
        timeout, memory = None, None
        try:
            for event in worker.check(source, solver, time.monotonic() + options.timeout_s):
                events.append(event)
        except WorkerTimeout:
            timeout = options.timeout_s
        except WorkerMemory as e:
            memory = str(e)
        except WorkerDied as e:
            return Verdict(formalism="alloy", status="error"), str(e)
        elapsed = (time.perf_counter() - t0) * 1000.0
        return assemble(events, timeout_s=timeout, died=memory, elapsed_ms=elapsed), None


def _quiet_ensure(worker: WorkerProcess, memory_mb: int) -> None:
    with contextlib.suppress(WorkerDied, AlloyUnavailable, OSError):  # reported by the first check
        worker.ensure(memory_mb)


def _close_ref(ref: weakref.ref[AlloyVerifier]) -> None:
    verifier = ref()
    if verifier is not None:
        verifier.close()


_shared: AlloyVerifier | None = None
_shared_lock = threading.Lock()


def get_alloy_verifier(workers: int | None = None) -> AlloyVerifier:
    """The process-wide shared AlloyVerifier (created on first use with ``workers`` analyzer processes,
    default 1). Do not close it; it is closed at exit."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared.closed:
            _shared = AlloyVerifier(workers=workers or 1)
        return _shared
