"""Tasks in worker processes: what `bench run --workers N` does for the search strategies.

Threads share one GIL, and the search strategies (`mutate`, `hybrid`) spend their time in Python
(candidate evaluation on counterexamples): with threads, N workers bought about one core. Here N worker
processes (multiprocessing, ``spawn``) each own one Alloy analyzer worker and one syntax-tree worker and
run one task at a time, exactly as a 1-worker run does (the search checks one candidate at a time, so a
task's result does not depend on N). The parent hands out tasks in the run's order and is the only writer
of the run folder: attempts are appended as they arrive, and a task's result line is written (fsync)
after its attempts, so resuming and SIGKILL-safety are those of a threaded run.

Verdicts are shared between the processes through the on-disk :class:`VerdictCache` in the run folder
(``verdict-cache/``: one JSON file per verdict, written to a temporary name and renamed, so readers never
see half a file; removed when the run is complete). The run setting ``shared_cache: false`` keeps each
process's cache in memory only. A worker that dies leaves its task unfinished (redone on resume; the run
ends with :class:`UnfinishedTasks`); a parent that dies takes its workers with it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import shutil
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fmrepair.runlog import AttemptRecord, RunLog, TaskResult
from fmrepair.task import Task

__all__ = ["CACHE_DIR", "UnfinishedTasks", "run_in_processes", "use_processes"]

CACHE_DIR = "verdict-cache"
ATTEMPT_CHUNK = 64  # attempt lines per message from a worker


class UnfinishedTasks(RuntimeError):
    """Worker processes died while running these tasks; rerunning the same command resumes them."""

    def __init__(self, ids: list[str], why: list[str]) -> None:
        self.ids = ids
        super().__init__(
            f"{len(ids)} task(s) did not finish ({'; '.join(why[:3])}): {', '.join(ids[:5])}"
            + (" ..." if len(ids) > 5 else "")
            + "; rerun the same command to resume them"
        )


def use_processes(cfg: Any) -> bool:
    """Worker processes for a CPU-bound search strategy (its ``info.processes``, agents/strategies.py)
    with several workers, unless the model's weights live in the process (the backend's
    ``weights_in_process``: transformers, vLLM offline; N copies of the weights, so those batch across
    threads instead)."""
    from fmrepair.agents.strategies import strategy_info

    try:
        info = strategy_info(cfg.strategy or "")
    except Exception:  # noqa: BLE001 - an unknown strategy fails later, with its own message
        return False
    if cfg.workers < 2 or not info.processes:
        return False
    if cfg.model == "none":
        return True
    try:
        from fmrepair.serving.config import resolve
        from fmrepair.serving.registry import BACKENDS

        return not getattr(BACKENDS.load(resolve(cfg.model).backend), "weights_in_process", True)
    except Exception:  # noqa: BLE001 - an unknown model fails later, with its own message
        return False


# -- the worker process -------------------------------------------------------------------------------
class _QueueLog:
    """The RunLog of a worker process: attempts and results go to the parent, which writes them."""

    def __init__(self, out: Any) -> None:
        self.out = out
        self.pid = os.getpid()
        self.lines: list[str] = []

    def append_attempt(self, record: AttemptRecord) -> None:
        self.lines.append(record.model_dump_json() + "\n")
        if len(self.lines) >= ATTEMPT_CHUNK:
            self.flush()

    def flush(self) -> None:
        if self.lines:
            self.out.put(("attempts", self.pid, self.lines))
            self.lines = []

    def append_result(self, result: TaskResult) -> None:
        self.flush()
        self.out.put(("result", self.pid, result.model_dump_json() + "\n"))


def _exit_with_parent(parent: int) -> None:
    """SIGKILL this process when the parent goes away (a SIGKILLed run must not leave workers running)."""

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(0.5)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _worker(cfg_json: str, inbox: Any, out: Any, cache_dir: str | None, parent: int) -> None:
    _exit_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    from fmrepair.eval.config import BenchConfig
    from fmrepair.eval.run.tasks import Verifiers, load_model, run_task
    from fmrepair.eval.suites import get_suite, resolve_root

    cfg = BenchConfig.model_validate_json(cfg_json)
    model = load_model(cfg)
    log = _QueueLog(out)
    suite = get_suite(cfg.suite)
    root = resolve_root(cfg.suite, cfg.root)
    with Verifiers(workers=1, cache_dir=cache_dir) as verifiers:  # the task's formalism, from the registry
        out.put(("ready", log.pid, None))
        while (task := inbox.get()) is not None:  # the task through its kind, as in a run without processes
            run_task(suite.kind, task, cfg, model, verifiers, log, suite, root)  # type: ignore[arg-type]  # a RunLog
    out.put(("exit", log.pid, None))


# -- the parent ---------------------------------------------------------------------------------------
class _Pool:
    def __init__(self, cfg: Any, cache_dir: Path | None) -> None:
        self.ctx = multiprocessing.get_context("spawn")
        self.out = self.ctx.Queue()
        self.cfg_json = cfg.model_dump_json()
        self.cache_dir = str(cache_dir) if cache_dir else None
        self.procs: dict[int, Any] = {}
        self.inbox: dict[int, Any] = {}
        self.holding: dict[int, str | None] = {}
        self.started: set[int] = set()  # pids that reported ready

    def spawn(self) -> None:
        inbox = self.ctx.Queue()
        p = self.ctx.Process(
            target=_worker, args=(self.cfg_json, inbox, self.out, self.cache_dir, os.getpid()), daemon=True
        )
        p.start()
        assert p.pid is not None
        self.procs[p.pid], self.inbox[p.pid], self.holding[p.pid] = p, inbox, None

    def give(self, pid: int, task: Task | None) -> None:
        self.holding[pid] = task.id if task is not None else None
        self.inbox[pid].put(task)

    def dead(self) -> list[tuple[int, int | None]]:
        """Workers that exited without being told to (pid, exit code); they are forgotten."""
        gone = [(pid, p.exitcode) for pid, p in self.procs.items() if not p.is_alive()]
        for pid, _ in gone:
            self.procs.pop(pid).join()
            self.inbox.pop(pid)
        return gone

    def stop(self) -> None:
        """Kill the workers still running (only on an error or Ctrl-C: a finished run has none left);
        their analyzer JVMs follow them (they watch their parent)."""
        for p in self.procs.values():
            with contextlib.suppress(Exception):
                p.kill()
        for p in self.procs.values():
            p.join()
        self.procs.clear()


def run_in_processes(cfg: Any, todo: list[Task], log: RunLog, on_result: Callable[[TaskResult], None]) -> None:
    """Run ``todo`` in ``cfg.workers`` processes, writing every attempt and result into ``log``."""
    if not todo:
        return
    cache_dir = log.folder / CACHE_DIR if cfg.shared_cache else None
    pool = _Pool(cfg, cache_dir)
    pending = list(reversed(todo))  # pop() takes them in the run's order
    lost: list[str] = []
    why: list[str] = []
    for _ in range(min(cfg.workers, len(todo))):
        pool.spawn()
    attempts = open(log.folder / RunLog.ATTEMPTS, "a", encoding="utf-8")  # noqa: SIM115 - closed below
    try:
        while pool.procs:
            try:
                kind, pid, payload = pool.out.get(timeout=1.0)
            except queue.Empty:
                kind, pid, payload = "tick", 0, None
            if kind == "attempts":
                attempts.write("".join(payload))
            elif kind == "result":
                attempts.flush()
                os.fsync(attempts.fileno())  # a task's attempts are on disk before its result line
                result = TaskResult.model_validate_json(payload)
                log.append_result(result)
                if result.task_id in lost:
                    lost.remove(result.task_id)  # it finished after all (its message was in flight)
                on_result(result)
            if kind in ("ready", "result") and pid in pool.procs:
                pool.started.add(pid)
                pool.give(pid, pending.pop() if pending else None)
            elif kind == "exit" and pid in pool.procs:
                pool.procs.pop(pid).join()
                pool.inbox.pop(pid)
            for dpid, code in pool.dead():
                if dpid not in pool.started:
                    raise RuntimeError(f"a bench worker process failed to start (exit code {code})")
                held = pool.holding.get(dpid)
                if held is not None:
                    lost.append(held)
                    why.append(f"worker {dpid} died with exit code {code} on {held}")
                    if pending:
                        pool.spawn()
    finally:
        pool.stop()
        attempts.close()
    if lost:
        raise UnfinishedTasks(lost, why)
    if cache_dir is not None and cache_dir.is_dir():
        shutil.rmtree(cache_dir, ignore_errors=True)
