"""`fmrepair bench merge`: shard run folders -> one run folder, as if a single process had run it.

The merged folder has the results and attempts of every shard (lines copied verbatim, in the whole run's
task order) and one manifest: the first shard's, with the whole run's selection and task count, and a
``shards`` list saying where it came from. Shards must agree on everything that changes what a run
measures; missing or unfinished shards are refused (resume them first: rerun their array tasks).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fmrepair.eval.config import BenchConfig
from fmrepair.eval.run.identity import IDENTITY
from fmrepair.runlog import RunLog, RunManifest, read_jsonl
from fmrepair.slurm.shard import ShardRecord, interleave, read_record

# bench settings that only say which part of the suite a shard took, or how it was run (the run config
# fields outside a run's identity: workers, verifier_workers, shared_cache)
_PER_SHARD = ("ids", "limit", "family", *(k for k in BenchConfig.model_fields if k not in IDENTITY))
# model fields that may differ between shards (a requeued server comes back at another address)
_MODEL_VOLATILE = ("base_url",)


class MergeError(ValueError):
    pass


@dataclass
class Shard:
    folder: Path
    record: ShardRecord | None
    manifest: RunManifest | None
    results: list[dict[str, Any]]
    lines: dict[str, list[str]]  # task id -> its results.jsonl lines, verbatim (one per strategy of a set)


def _load(folder: Path) -> Shard:
    if not folder.is_dir():
        raise MergeError(f"{folder}: no such run folder")
    log = RunLog(folder, readonly=True)  # a reader: creates nothing, leaves a live shard alone
    results = list(read_jsonl(folder / RunLog.RESULTS))
    lines: dict[str, list[str]] = {}
    path = folder / RunLog.RESULTS
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
            if line.endswith("\n") and line.strip():
                try:
                    lines.setdefault(json.loads(line)["task_id"], []).append(line)
                except (json.JSONDecodeError, KeyError):
                    continue
    return Shard(folder, read_record(folder), log.read_manifest(), results, lines)


def _strategies(shard: Shard) -> set[str]:
    """The strategies every finished task has a line for (a formalize strategy set writes one each)."""
    from fmrepair.agents.strategies import strategy_names

    if shard.manifest is None:
        return set()
    name = shard.manifest.settings.get("strategy")
    return set(strategy_names(name)) if name else set()


def _finished(shard: Shard) -> set[str]:
    want = _strategies(shard)
    seen: dict[str, set[str]] = {}
    for d in shard.results:
        seen.setdefault(str(d.get("task_id")), set()).add(str(d.get("strategy")))
    return {tid for tid, names in seen.items() if want <= names}


def _identity(manifest: RunManifest) -> dict[str, Any]:
    bench = {k: v for k, v in manifest.config.get("bench", {}).items() if k not in _PER_SHARD}
    model = {k: v for k, v in manifest.model.items() if k not in _MODEL_VOLATILE}
    return {"bench": bench, "model": model}


def _check_records(shards: list[Shard]) -> list[str]:
    """Shard records agree, cover 0..n-1 once, and every shard finished its tasks; returns the run's ids."""
    records = [s.record for s in shards]
    if any(r is None for r in records):
        if not all(r is None for r in records):
            raise MergeError("some folders are shards (shard.json) and some are not")
        return []
    recs = [r for r in records if r is not None]
    first = recs[0]
    for s, r in zip(shards, recs, strict=True):
        if r.selection != first.selection or r.count != first.count:
            raise MergeError(f"{s.folder} is a shard of another run ({r.selection.describe()}, {r.count} shards)")
    seen = sorted(r.index for r in recs)
    if seen != list(range(first.count)):
        missing = sorted(set(range(first.count)) - set(seen))
        dup = sorted({i for i in seen if seen.count(i) > 1})
        raise MergeError(f"expected shards 0..{first.count - 1}: missing {missing or '-'}, repeated {dup or '-'}")
    for s, r in zip(shards, recs, strict=True):
        stray = sorted({str(d["task_id"]) for d in s.results} - set(r.ids))
        if stray:
            raise MergeError(f"{s.folder}: results for tasks outside shard {r.index}: {', '.join(stray[:5])}")
        done = _finished(s)
        todo = [t for t in r.ids if t not in done]
        if todo:
            raise MergeError(
                f"{s.folder}: shard {r.index} has {len(todo)} of {len(r.ids)} tasks unfinished "
                "(rerun its array task; it resumes)"
            )
    by_index = sorted(zip(recs, shards, strict=True), key=lambda p: p[0].index)
    shards[:] = [s for _, s in by_index]
    return interleave([r.ids for r, _ in by_index])


def _check_manifests(shards: list[Shard]) -> RunManifest:
    with_manifest = [s for s in shards if s.manifest is not None]
    if not with_manifest:
        raise MergeError("no shard has a manifest.json (did any of them run?)")
    for s in shards:
        if s.manifest is None and s.results:
            raise MergeError(f"{s.folder}: results without a manifest.json")
    base = with_manifest[0]
    assert base.manifest is not None
    want = _identity(base.manifest)
    for s in with_manifest[1:]:
        assert s.manifest is not None
        got = _identity(s.manifest)
        if got != want:
            diffs = [
                f"{part}.{k}: {want[part].get(k)!r} vs {got[part].get(k)!r}"
                for part in ("bench", "model")
                for k in sorted(set(want[part]) | set(got[part]))
                if want[part].get(k) != got[part].get(k)
            ]
            raise MergeError(f"{s.folder} and {base.folder} are runs of different configurations: {'; '.join(diffs)}")
    return base.manifest


def _merged_manifest(base: RunManifest, shards: list[Shard], total: int) -> RunManifest:
    config = json.loads(json.dumps(base.config))
    bench = config.setdefault("bench", {})
    record = shards[0].record
    if record is not None:
        sel = record.selection
        bench.update(family=sel.family, limit=sel.limit, ids=sel.ids)
    else:
        bench["ids"] = [tid for s in shards for tid in s.lines]
        bench["limit"] = None
    config["tasks"] = total
    config["shards"] = [
        {
            "folder": str(s.folder.resolve()),
            "index": s.record.index if s.record else i,
            "tasks": len(s.lines),  # tasks (not lines)
            "created": s.manifest.created if s.manifest else None,
            "git_commit": s.manifest.git_commit if s.manifest else None,
            "versions": s.manifest.versions if s.manifest else None,
        }
        for i, s in enumerate(shards)
    ]
    created = min(s.manifest.created for s in shards if s.manifest is not None)
    return base.model_copy(update={"config": config, "created": created})


def _attempt_lines(shards: list[Shard], order: list[str]) -> list[str]:
    rank = {tid: i for i, tid in enumerate(order)}
    lines: list[tuple[int, int, str]] = []
    for s in shards:
        path = s.folder / RunLog.ATTEMPTS
        if not path.exists():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(keepends=True)):
            if not line.endswith("\n") or not line.strip():
                continue
            try:
                tid = json.loads(line)["task_id"]
            except (json.JSONDecodeError, KeyError):
                continue
            if tid in rank:  # attempts of unfinished tasks are not part of the run
                lines.append((rank[tid], n, line))
    return [line for _, _, line in sorted(lines, key=lambda t: (t[0], t[1]))]


def _write(out: Path, manifest: RunManifest, results: list[str], attempts: list[str]) -> None:
    """Write into a temporary sibling, then move it into place (a rerun merge replaces its own output)."""
    if out.exists():
        old = RunLog(out, readonly=True).read_manifest() if out.is_dir() else None
        if old is None or "shards" not in old.config:
            raise MergeError(f"{out} exists and is not a merged run; choose another --out")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        (tmp / RunLog.MANIFEST).write_text(manifest.model_dump_json(indent=2) + "\n", encoding="utf-8")
        (tmp / RunLog.RESULTS).write_text("".join(results), encoding="utf-8")
        (tmp / RunLog.ATTEMPTS).write_text("".join(attempts), encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def merge_runs(shards: list[Path], out: Path) -> dict[str, Any]:
    """Join shard run folders into one run folder at ``out``; returns a short summary."""
    if not shards:
        raise MergeError("no shards given")
    loaded = [_load(Path(p)) for p in shards]
    order = _check_records(loaded)
    manifest = _check_manifests(loaded)
    seen: dict[str, Path] = {}
    for s in loaded:
        for tid in s.lines:
            if tid in seen:
                raise MergeError(f"task {tid} is in both {seen[tid]} and {s.folder}")
            seen[tid] = s.folder
    if not order:  # plain run folders: keep their order
        order = [tid for s in loaded for tid in s.lines]
    lines = {tid: line for s in loaded for tid, line in s.lines.items()}
    tasks = [tid for tid in order if tid in lines]
    results = [line for tid in tasks for line in lines[tid]]
    _write(out, _merged_manifest(manifest, loaded, len(tasks)), results, _attempt_lines(loaded, order))
    return {"out": str(out), "shards": len(loaded), "tasks": len(tasks)}
