"""`fmrepair bench archive`: a run folder -> its compact, committable form (``docs/results/NAME``).

An archive holds ``manifest.json`` (the run's, upgraded to the current format), ``results.jsonl.gz``
(the result lines, verbatim: a format-1 run's lines stay format 1 and readers upgrade them; gzip with a
fixed timestamp so the same run archives to the same bytes) and ``command.txt``
(the command that made the run). No attempts log. Candidates are the model's or the search's own output
and stay, but only after a check that no hidden oracle text (an oracle paragraph, a hidden name, the
hidden reference body outside a recorded rediscovery) is in any string of a result line. `bench report`
reads an archive like a run folder.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fmrepair.runlog import RunLog, read_jsonl
from fmrepair.task import Task

COMMAND = "command.txt"
MIN_PARAGRAPH = 20  # canonical oracle paragraphs shorter than this are not searched for (too generic)


class ArchiveError(ValueError):
    pass


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def hidden_texts(task: Task) -> tuple[list[str], list[str]]:
    """(canonical hidden-oracle paragraphs, hidden names) of a task."""
    from fmrepair.verifiers.alloy.text import canonical, split_paragraphs

    paras = [canonical(p.text) for p in split_paragraphs(task.hidden_oracle)] if task.hidden_oracle.strip() else []
    names = [str(n) for n in task.meta.get("hidden_reference_names", [])]
    names += [str(n) for n in task.meta.get("hidden_property", [])]
    return [p for p in paras if len(p) >= MIN_PARAGRAPH], sorted(set(names))


def leaks(line: dict[str, Any], task: Task) -> list[str]:
    """What of the task's hidden oracle a result line holds (empty: nothing). The hidden reference body
    counts too, except in the candidate of a result the gate recorded as a rediscovery (the search alone
    rebuilt it: ``extra.rediscovered``, docs/gate.md)."""
    from fmrepair.verifiers.alloy.gate import verbatim
    from fmrepair.verifiers.alloy.text import canonical

    paras, names = hidden_texts(task)
    body = [str(task.meta["hidden_reference_body"])] if task.meta.get("hidden_reference_body") else []
    rediscovered = (line.get("extra") or {}).get("rediscovered") is True
    found: list[str] = []
    for text in _strings(line):
        flat = canonical(text)
        found += [f"oracle paragraph `{p[:40]}...`" for p in paras if p in flat]
        found += [f"hidden name `{n}`" for n in names if re.search(rf"(?<![\w']){re.escape(n)}(?![\w'])", text)]
        if not (rediscovered and text == line.get("candidate")) and verbatim(text, task.visible, body):
            found.append("hidden reference body")
    return sorted(set(found))


def load_tasks(settings: dict[str, Any], root: str | None = None) -> dict[str, Task]:
    """The run's tasks (suite, root and mode from the manifest's settings, RunManifest.settings; a format-1
    ``config`` with a ``bench`` key is accepted too; ``root`` overrides the root)."""
    from fmrepair.eval.suites import get_suite, resolve_root

    bench = settings.get("bench") or settings
    suite = get_suite(bench["suite"])
    load = suite.load(resolve_root(bench["suite"], root or bench.get("root")), bench.get("mode"))
    return {t.id: t for t in load.tasks}


def archive(
    run: Path, out: Path, tasks: dict[str, Task], command: str | None = None, force: bool = False
) -> dict[str, Any]:
    """Write the archive of ``run`` to ``out``; ``tasks`` (id -> Task) are checked for hidden text."""
    from fmrepair.eval.report.tables import load_manifest

    manifest = load_manifest(run)
    if not (run / RunLog.RESULTS).is_file():
        raise ArchiveError(f"{run}: no {RunLog.RESULTS} (an archive cannot be archived again)")
    command = command or manifest.command
    if not command:
        raise ArchiveError(f"{run}: the manifest records no command; pass --command 'fmrepair bench run ...'")
    lines = list(read_jsonl(run / RunLog.RESULTS))
    problems: list[str] = []
    for line in lines:
        task = tasks.get(line.get("task_id", ""))
        if task is None:
            problems.append(f"{line.get('task_id')}: not a task of the suite (cannot check for hidden text)")
            continue
        problems += [f"{task.id}: {what}" for what in leaks(line, task)]
    if problems:
        raise ArchiveError("refusing to archive: " + "; ".join(problems[:10]) + (" ..." if len(problems) > 10 else ""))
    if out.exists() and any(out.iterdir()) and not force:
        raise ArchiveError(f"{out} exists and is not empty (pass --force to overwrite)")
    out.mkdir(parents=True, exist_ok=True)
    (out / RunLog.MANIFEST).write_text(manifest.model_dump_json(indent=2) + "\n", encoding="utf-8")
    payload = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode("utf-8")
    with open(out / RunLog.RESULTS_GZ, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
        gz.write(payload)
    (out / COMMAND).write_text(command.strip() + "\n", encoding="utf-8")
    expected = manifest.config.get("tasks")
    return {
        "archive": str(out),
        "results": len(lines),
        "expected_tasks": len(expected) if isinstance(expected, list) else expected,
    }
