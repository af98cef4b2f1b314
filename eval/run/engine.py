"""`fmrepair bench run`: a resumable, concurrent benchmark run over a suite.

The run folder holds ``manifest.json``, ``attempts.jsonl`` (every attempt) and ``results.jsonl`` (exactly
one line per finished task). A run killed at any point (SIGKILL included) continues with the same
command: finished tasks are skipped, and the attempts of tasks that did not finish are dropped before
they are redone, so nothing is lost or duplicated.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from fmrepair.eval.config import BenchConfig
from fmrepair.eval.run.identity import CODE, ConfigMismatch, check_identity, code_version
from fmrepair.eval.run.procs import run_in_processes, use_processes
from fmrepair.eval.run.retry import drop_errors, warn_errors
from fmrepair.eval.run.tasks import load_model
from fmrepair.inputs import InputError
from fmrepair.registry import did_you_mean
from fmrepair.runlog import RunLog, TaskResult, read_jsonl, rewrite_jsonl
from fmrepair.task import Task

__all__ = ["BenchConfig", "ConfigMismatch", "load_model", "outcomes", "run_bench", "select_tasks"]


def select_tasks(cfg: BenchConfig) -> tuple[list[Task], Any]:
    from fmrepair.eval.suites import get_suite, resolve_root
    from fmrepair.eval.suites.base import check_mode

    suite = get_suite(cfg.suite)
    cfg.mode = check_mode(suite, cfg.mode)  # record the resolved mode
    load = suite.load(resolve_root(cfg.suite, cfg.root), cfg.mode)
    tasks = [t for t in load.tasks if t.id not in load.duplicates]  # seed 000 §4.2: duplicates out
    if cfg.family:
        known = sorted({str(t.meta.get("family")) for t in tasks if t.meta.get("family")})
        for fam in cfg.family:
            if known and fam not in known:  # (a root with no tasks at all is the run's own business)
                raise InputError(did_you_mean(f"family of suite {cfg.suite}", fam, known))
        tasks = [t for t in tasks if t.meta.get("family") in cfg.family]
    if cfg.ids:
        wanted = set(cfg.ids)
        tasks = [t for t in tasks if t.id in wanted or t.id.rsplit("/", 1)[-1] in wanted]
        found = {t.id for t in tasks} | {t.id.rsplit("/", 1)[-1] for t in tasks}
        missing = sorted(wanted - found)
        if missing:
            raise InputError(f"no task {', '.join(repr(m) for m in missing[:5])} in suite {cfg.suite} "
                             f"(`fmrepair tasks list --suite {cfg.suite}`)")
    if cfg.editable:
        with_editable = getattr(suite, "with_editable", None)
        if with_editable is None:
            raise InputError(f"suite {cfg.suite} fixes what a repair may change; --editable is for a user's own "
                             "files (`fmrepair repair`, suite files)")
        tasks = with_editable(tasks, cfg.editable)
    if cfg.limit is not None:
        tasks = tasks[: cfg.limit]
    return tasks, load


# what a run's settings decide per task (not seconds, tokens' timing or cache hits): two runs of the same
# command agree on these whatever --workers is and however loaded the machine was (tests/test_parallel_search.py)
DECIDED = (
    "status", "repaired", "faithful", "equivalent", "candidate", "first_success", "iterations", "attempts",
    "verifier_calls", "unfaithful_rejected", "gate_unknown",
)


def outcomes(results: list[TaskResult]) -> dict[str, dict[str, Any]]:
    """Per task id: the DECIDED fields and the stop code."""
    from fmrepair.agents.runner import stop_code

    return {
        r.task_id: {**{k: getattr(r, k) for k in DECIDED}, "stop": stop_code(r.stop_reason)} for r in results
    }


def finished_ids(log: RunLog, strategies: tuple[str, ...] = ()) -> set[str]:
    """Tasks with a result line for every strategy of the run (one line each unless a formalize set)."""
    if len(strategies) <= 1:
        return log.finished_ids()
    seen: dict[str, set[str]] = {}
    for d in read_jsonl(log.folder / log.RESULTS):
        seen.setdefault(str(d.get("task_id")), set()).add(str(d.get("strategy")))
    return {tid for tid, names in seen.items() if set(strategies) <= names}


def compact_unfinished(log: RunLog, strategies: tuple[str, ...] = ()) -> int:
    """Drop attempts of tasks without their result lines (a killed run), and the result lines of a task
    that has some of its strategies' lines but not all; returns how many attempts were dropped."""
    done = finished_ids(log, strategies)
    results = log.folder / log.RESULTS
    if len(strategies) > 1 and results.exists():
        rows = list(read_jsonl(results))
        keep = [d for d in rows if d.get("task_id") in done]
        if len(keep) < len(rows):
            rewrite_jsonl(results, keep)
    path = log.folder / log.ATTEMPTS
    if not path.exists():
        return 0
    keep, dropped = [], 0
    for d in read_jsonl(path):
        if d.get("task_id") in done:
            keep.append(d)
        else:
            dropped += 1
    if dropped:
        rewrite_jsonl(path, keep)
    return dropped


def check_run_identity(log: RunLog, cfg: BenchConfig, code: dict[str, Any], allow_code_change: bool = False) -> None:
    """Refuse a resume that differs in a setting or in the code version; a code change the user allowed
    is recorded in the manifest's ``resumes`` (so a report shows that the run mixes code versions)."""
    old = log.read_manifest()
    if old is None:
        return
    old_code = {k: getattr(old, k) for k in CODE}
    if check_identity(log.folder, old.config.get("bench", {}), old_code, cfg.model_dump(), code, allow_code_change):
        log.write_manifest(old.model_copy(update={"resumes": [*old.resumes, {"time": time.time(), **code}]}))


def run_bench(
    cfg: BenchConfig,
    out: Path,
    progress: bool = True,
    command: str | None = None,
    allow_code_change: bool = False,
    verifiers: Any = None,
    on_attempt: Callable[[Any], None] | None = None,
) -> dict[str, Any]:
    """Run (or resume) ``cfg`` into the run folder ``out``: each task goes to the suite's kind (eval/kinds:
    repair, formalize, annotate, or a plug-in's); returns the score card. ``verifiers``: the caller's
    (eval/run/tasks.py Verifiers, e.g. one that already checked the input); ``on_attempt``: called with
    each attempt as it is logged (tasks run in this process: not with worker processes). With one worker
    the tasks run in the calling thread, so Ctrl-C stops the running task at once (it runs again on resume)."""
    from fmrepair.agents.strategies import strategy_names
    from fmrepair.eval.kinds import get_kind
    from fmrepair.eval.metrics import summarize
    from fmrepair.eval.run.progress import Progress
    from fmrepair.eval.run.tasks import Verifiers, resolve_config, run_task
    from fmrepair.eval.suites import get_suite, resolve_root

    cfg, kind = resolve_config(cfg)
    strategies = strategy_names(cfg.strategy)
    tasks, load = select_tasks(cfg)  # bad input (suite, family, ids) stops here: no run folder is made
    log = RunLog(out)
    log.observer = on_attempt
    code = code_version()
    check_run_identity(log, cfg, code, allow_code_change)
    retried = drop_errors(log)  # error tasks run again (their attempts are dropped next)
    dropped = compact_unfinished(log, strategies)
    finished = finished_ids(log, strategies)
    todo = [t for t in tasks if t.id not in finished]
    if log.read_manifest() is None:
        _write_manifest(log, cfg, kind, len(tasks), code, command)
    families = {t.id: str(t.meta.get("family", "-")) for t in tasks}
    prog = Progress(
        len(tasks) * len(strategies), [r for r in log.results() if r.task_id in families], label=f"{cfg.suite} "
    )
    if progress and finished:
        prog.stream.write(f"resuming: {len(finished)} of {len(tasks)} tasks done, {len(todo)} to run\n")
    if progress and retried:
        prog.stream.write(f"resuming: running {len(retried)} error task(s) again\n")
    if progress and dropped:
        prog.stream.write(f"resuming: dropped {dropped} attempts of unfinished tasks\n")
    lock = threading.Lock()

    def on_result(result: TaskResult) -> None:
        if progress:
            with lock:
                prog.update(result)

    if use_processes(cfg):  # search strategies: one process per worker (threads would share one GIL)
        run_in_processes(cfg, todo, log, on_result)
    elif todo:
        suite = get_suite(cfg.suite)
        root = resolve_root(cfg.suite, cfg.root)
        model = load_model(cfg)
        with contextlib.ExitStack() as stack:
            if verifiers is None:
                verifiers = stack.enter_context(Verifiers(workers=cfg.verifier_workers or cfg.workers))
            if cfg.workers == 1:  # in this thread: Ctrl-C stops the running task at once
                for t in todo:
                    for result in run_task(kind, t, cfg, model, verifiers, log, suite, root):
                        on_result(result)
            else:
                _run_in_threads(cfg.workers, [(kind, t, cfg, model, verifiers, log, suite, root) for t in todo],
                                on_result, prog.stream if progress else None)
    from fmrepair.agents.runner import stop_code

    results = [r for r in log.results() if r.task_id in families]
    summary = summarize(results, cfg.k, families)
    summary["kind"] = kind
    summary["duplicates_skipped"] = len(load.duplicates)
    summary["stop_reasons"] = dict(Counter(stop_code(r.stop_reason) or "other" for r in results))
    get_kind(kind).summarize(log, summary, strategies)
    if progress:
        warn_load_dependent(results, prog.stream)
        warn_errors(results, prog.stream)
    return summary


def _run_in_threads(workers: int, jobs: list[tuple[Any, ...]], on_result: Callable[[TaskResult], None],
                    stream: Any) -> None:
    from fmrepair.eval.run.tasks import run_task

    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_task, *job) for job in jobs]
        try:
            for fut in as_completed(futures):
                for result in fut.result():
                    on_result(result)
        except KeyboardInterrupt:  # tasks not started are dropped; a thread cannot be stopped, so the
            running = sum(f.running() for f in futures)  # running ones end within their counted budgets
            pool.shutdown(wait=False, cancel_futures=True)
            if stream is not None and running:
                stream.write(f"\ninterrupted: finishing the {running} running task(s) ...\n")
            raise


def _write_manifest(log: RunLog, cfg: BenchConfig, kind: str, tasks: int, code: dict[str, Any],
                    command: str | None) -> None:
    from fmrepair.manifest import build_manifest
    from fmrepair.runlog import RunManifest

    model_info: dict[str, Any] = {"name": cfg.model}
    if cfg.model != "none":
        try:
            from fmrepair.serving.config import resolve

            entry = resolve(cfg.model)
            if cfg.constraint:
                entry = entry.with_overrides(constraint=cfg.constraint)
            model_info = entry.model_dump(mode="json")
        except Exception:  # noqa: BLE001 - the manifest records what it can
            pass
    manifest = build_manifest({"bench": cfg.model_dump(), "tasks": tasks}, model_info)
    update: dict[str, Any] = {**code, "command": command}
    if "kind" in RunManifest.model_fields:
        update["kind"] = kind
    log.write_manifest(manifest.model_copy(update=update))


def warn_load_dependent(results: list[TaskResult], stream: Any) -> None:
    """Say which results the machine's load could have changed: tasks the wall-time cap cut short, and
    tasks with checks that ran past their (wall-clock) timeout."""
    from fmrepair.agents.runner import stop_code

    capped = [r.task_id for r in results if stop_code(r.stop_reason) == "wall_cap"]
    timed = [r.task_id for r in results if r.extra.get("timeouts")]
    if capped:
        stream.write(
            f"wall-time cap cut {len(capped)} task(s) short (stop_reason wall_cap; their results depend on "
            f"machine load; raise --wall-seconds or lower --candidates): {', '.join(capped[:5])}\n"
        )
    if timed:
        stream.write(
            f"{len(timed)} task(s) had checks past their timeout (extra.timeouts; results may depend on "
            f"machine load; raise --timeout): {', '.join(timed[:5])}\n"
        )
