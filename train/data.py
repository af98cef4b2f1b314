"""SFT examples from run logs: the accepted (faithful, and where scored equivalent) attempt of each task.

An example's prompt is exactly the messages the agent sent for the accepted attempt (as logged) and its
target the raw completion (the tool call). Repairs found by search carry no messages; with
``include_search`` they become examples whose prompt is the agent's first-turn prompt re-rendered for
the task and whose target is the paragraph-form tool call rebuilt from the candidate (checked: applying
it gives the candidate back). Every prompt is re-checked against the task's secrets with the agents'
PromptGuard; a prompt that fails is an error, not a silently dropped row.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from fmrepair.runlog import AttemptRecord, RunLog, TaskResult
from fmrepair.task import Task

SENT = "sent"
SYNTH = "search-synthesized"


class DataError(ValueError):
    """A run log cannot be turned into training data (bad folder, unknown suite, leaked prompt)."""


@dataclass
class RunInfo:
    folder: str
    suite: str
    root: str | None
    mode: str | None
    strategy: str
    model: str
    edit_mode: str
    k: int
    tasks: int = 0
    faithful: int = 0


@dataclass
class Collected:
    examples: list[dict[str, Any]] = field(default_factory=list)
    runs: list[RunInfo] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)
    tasks: dict[tuple[str, str], Task] = field(default_factory=dict)  # (suite, id) -> task, every suite task


def spec_hash(text: str) -> str:
    from fmrepair.eval.suites.preprocess import dedupe_key

    return dedupe_key(text)


def reference_hash(task: Task) -> str | None:
    body = task.meta.get("hidden_reference_body") or task.reference
    return spec_hash(body) if body else None


_LOADS: dict[tuple[str, str, str | None], Any] = {}


def load_suite(suite: str, root: str | None, mode: str | None) -> Any:
    """SuiteLoad of a suite (cached per process)."""
    from fmrepair.eval.suites import get_suite, resolve_root

    path = resolve_root(suite, root)
    key = (suite, str(path.resolve()), mode)
    if key not in _LOADS:
        _LOADS[key] = get_suite(suite).load(path, mode)
    return _LOADS[key]


def run_info(log: RunLog) -> RunInfo:
    manifest = log.read_manifest()
    if manifest is None:
        raise DataError(f"{log.folder}: no manifest.json (not a run folder)")
    bench = manifest.config.get("bench")
    if not isinstance(bench, dict) or "suite" not in bench:
        raise DataError(f"{log.folder}: manifest has no bench config (suite, root, strategy ...)")
    return RunInfo(
        folder=str(log.folder),
        suite=bench["suite"],
        root=bench.get("root"),
        mode=bench.get("mode"),
        strategy=bench.get("strategy", "?"),
        model=bench.get("model", "?"),
        edit_mode=bench.get("edit_mode", "paragraph"),
        k=int(bench.get("k", 6)),
    )


def first_turn_messages(
    task: Task, edit_mode: str, iterations: int, prompt_view: str = "full"
) -> list[dict[str, str]]:
    """The messages a model strategy sends first for ``task`` (the agents' own templates)."""
    from fmrepair.agents.config import Budget
    from fmrepair.agents.runner import editable_paragraphs
    from fmrepair.agents.strategies import new_conversation

    cfg = SimpleNamespace(edit_mode=edit_mode, budget=Budget(iterations=iterations), prompt_view=prompt_view)
    session = SimpleNamespace(config=cfg, editable=editable_paragraphs(task), task=task)
    return new_conversation(session, task.visible).messages()  # type: ignore[arg-type]


def rebuild_call(task: Task, candidate: str) -> dict[str, str] | None:
    """The paragraph-form tool call that turns the task's spec into ``candidate``, or None when the
    candidate differs in more (or other) than one editable paragraph body."""
    from fmrepair.agents.edits import TOOL_NAME, ToolCallError, apply_call
    from fmrepair.agents.runner import editable_paragraphs
    from fmrepair.verifiers.alloy.text import split_paragraphs

    editable = editable_paragraphs(task)
    old = {p.key: p for p in split_paragraphs(task.visible)}
    new = {p.key: p for p in split_paragraphs(candidate)}
    changed = [
        k for k in editable if k in old and k in new and (old[k].body or "").split() != (new[k].body or "").split()
    ]
    if len(changed) != 1:
        return None
    call = {"request": TOOL_NAME, "paragraph": changed[0], "body": (new[changed[0]].body or "").strip()}
    try:
        rebuilt = apply_call("paragraph", task.visible, call, editable)
    except ToolCallError:
        return None
    return call if rebuilt.split() == candidate.split() else None


def guard_prompt(task: Task, prompt: list[dict[str, str]], model_texts: list[str]) -> None:
    """Re-check a prompt with the agents' PromptGuard (raises DataError on a leak)."""
    from fmrepair.agents.prompting import PromptGuard, PromptLeak

    guard = PromptGuard(task.secrets(), task.visible, list(task.meta.get("hidden_reference_names", [])))
    try:
        guard.check_messages(prompt, model_texts)
    except PromptLeak as e:
        raise DataError(f"task {task.id}: a logged prompt carries hidden text ({e}); refusing to train on it") from e


def _accepted(result: TaskResult, attempts: list[AttemptRecord]) -> AttemptRecord | None:
    good = [a for a in attempts if a.faithful and a.candidate is not None]
    same = [a for a in good if result.candidate is not None and a.candidate == result.candidate]
    return (same or good or [None])[0]


def _example(
    info: RunInfo,
    task: Task,
    result: TaskResult,
    att: AttemptRecord,
    prior: list[AttemptRecord],
    include_search: bool,
    prompt_view: str = "full",
) -> tuple[dict[str, Any] | None, str]:
    """One example, or (None, reason skipped)."""
    if att.messages:
        prompt = [{"role": m["role"], "content": m["content"]} for m in att.messages]
        target = att.raw
        provenance = SENT
        own = [t for a in prior if a.chain == att.chain for t in (a.raw, a.candidate) if t]
        own += [m["content"] for m in prompt if m["role"] == "assistant"]
    else:
        if not include_search:
            return None, "search repair (--no-include-search)"
        if info.edit_mode != "paragraph":
            return None, f"search repair in edit mode {info.edit_mode} (only paragraph is rebuilt)"
        call = rebuild_call(task, att.candidate or "")
        if call is None:
            return None, "search repair not expressible as one paragraph edit"
        prompt = first_turn_messages(task, "paragraph", info.k, prompt_view)
        target, provenance, own = json.dumps(call), SYNTH, []
    guard_prompt(task, prompt, own)
    return {
        "task_id": task.id,
        "suite": task.suite,
        "family": str(task.meta.get("family", "")),
        "exercise": str(task.meta.get("exercise", "")),
        "spec_hash": spec_hash(task.visible),
        "reference_hash": reference_hash(task) or "",
        "prompt": prompt,
        "completion": [{"role": "assistant", "content": target}],
        "provenance": provenance,
        "source_run": info.folder,
        "strategy": info.strategy,
        "model": att.model,
        "edit_mode": info.edit_mode if provenance == SENT else "paragraph",
        "equivalent": result.equivalent,
    }, ""


def _from_result(info: RunInfo, result: TaskResult) -> AttemptRecord | None:
    """The accepted attempt of a search run whose attempts were not kept (an archived run keeps its
    results only): the result's candidate, with no messages, as the search logs it."""
    if result.candidate is None or info.model not in ("none", "?"):
        return None
    return AttemptRecord(
        task_id=result.task_id, strategy=info.strategy, iteration=result.attempts, role="search", source="search",
        model="none", messages=[], raw="", candidate=result.candidate, raw_ok=True, faithful=True,
    )


def collect(
    runs: list[str | Path], include_search: bool = True, require_equivalent: bool = True, prompt_view: str = "full"
) -> Collected:
    """Examples from the runs (before dedupe and split), with skip counts and every task of their suites.
    A search run archived without its attempts (``bench archive``) gives its results' candidates."""
    out = Collected()
    for folder in runs:
        if not Path(folder).is_dir():
            raise DataError(f"{folder}: not a folder")
        log = RunLog(folder, readonly=True)  # a reader: creates nothing, leaves a live run alone
        info = run_info(log)
        load = load_suite(info.suite, info.root, info.mode)
        by_id = {t.id: t for t in load.tasks}
        for t in load.tasks:
            if t.id not in load.duplicates:
                out.tasks.setdefault((t.suite, t.id), t)
        attempts: dict[str, list[AttemptRecord]] = {}
        for a in log.attempts():
            attempts.setdefault(a.task_id, []).append(a)
        for r in log.results():
            info.tasks += 1
            info.faithful += int(r.faithful)
            task = by_id.get(r.task_id)
            if task is None:
                raise DataError(f"{folder}: task {r.task_id} is not in suite {info.suite} at {info.root or 'default'}")
            if not r.faithful:
                out.skipped["not faithful"] += 1
                continue
            if require_equivalent and r.equivalent is False:
                out.skipped["faithful but not equivalent"] += 1
                continue
            tries = attempts.get(r.task_id, [])
            att = _accepted(r, tries) if tries else _from_result(info, r)
            if att is None:
                out.skipped["no accepted attempt in the log"] += 1
                continue
            prior = tries[: tries.index(att)] if att in tries else []
            ex, why = _example(info, task, r, att, prior, include_search, prompt_view)
            if ex is None:
                out.skipped[why] += 1
            else:
                out.examples.append(ex)
        out.runs.append(info)
    return out


def dedupe(examples: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """One example per normalized spec hash; sent prompts win over synthesized ones, then log order."""
    order = sorted(range(len(examples)), key=lambda i: (examples[i]["provenance"] != SENT, i))
    seen: set[str] = set()
    kept: list[int] = []
    for i in order:
        if examples[i]["spec_hash"] not in seen:
            seen.add(examples[i]["spec_hash"])
            kept.append(i)
    return [examples[i] for i in sorted(kept)], len(examples) - len(kept)
