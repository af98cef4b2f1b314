"""`fmrepair bench view`: write the static site (index.html and tasks/*.html) and check every page with the
hidden-text guard before returning. A page that carries hidden text fails the whole build."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from fmrepair.eval.report.viewer.guard import Secrets, scan_pages
from fmrepair.eval.report.viewer.html import Writer
from fmrepair.eval.report.viewer.index import index_page
from fmrepair.eval.report.viewer.load import RunData, load_run, load_tasks
from fmrepair.eval.report.viewer.task_page import task_page
from fmrepair.task import Task


@dataclass
class SiteReport:
    out: Path
    pages: list[Path] = field(default_factory=list)
    tasks_loaded: int = 0
    secrets: int = 0
    guard_pages: int = 0  # pages the hidden-text guard read back
    notes: list[str] = field(default_factory=list)


def task_filename(task_id: str) -> str:
    """A file name for a task page: readable, and unique (a short hash of the id)."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", task_id).strip("_.")[:80] or "task"
    return f"{stem}-{hashlib.sha1(task_id.encode()).hexdigest()[:8]}.html"


def run_names(runs: list[RunData]) -> list[str]:
    return [chr(65 + i) if i < 26 else str(i) for i in range(len(runs))]


def build_site(
    folders: list[Path],
    out: Path,
    root: str | None = None,
    with_tasks: bool = True,
    use_graphviz: bool = True,
    redact: bool = True,
) -> SiteReport:
    """Write the site for these run folders into ``out``. ``redact=False`` only exists so the tests can
    plant a leak and watch the guard refuse it."""
    runs = [load_run(Path(f)) for f in folders]
    tasks: dict[str, Task] = load_tasks(runs, root) if with_tasks else {}
    report = SiteReport(out=Path(out), tasks_loaded=len(tasks))
    secrets = Secrets(tasks.values())
    report.secrets = secrets.count
    w = Writer(secrets.redact if redact else None)
    if not with_tasks:
        report.notes.append(
            "the suites' tasks were not loaded (--no-tasks): no faulty specs, no diffs, and the "
            "hidden-text guard had no secrets to look for"
        )
    for run in runs:
        if not run.has_attempts:
            report.notes.append(f"{run.folder}: no attempts.jsonl (an archive): task pages show results only")
    ids = sorted({r.task_id for run in runs for r in run.results})
    links = {tid: f"tasks/{task_filename(tid)}" for tid in ids}
    (report.out / "tasks").mkdir(parents=True, exist_ok=True)
    index = report.out / "index.html"
    index.write_text(index_page(runs, w, links, report.notes), encoding="utf-8")
    report.pages.append(index)
    named = list(zip(run_names(runs), runs, strict=True))
    for tid in ids:
        path = report.out / links[tid]
        path.write_text(task_page(tid, tasks.get(tid), named, w, use_graphviz), encoding="utf-8")
        report.pages.append(path)
    report.guard_pages = scan_pages(report.pages, secrets)
    return report
