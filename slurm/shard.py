"""Sharding a benchmark: which tasks shard i of n runs, and the record it leaves in its run folder.

Shard i runs tasks i, i+n, i+2n, ... of ``select_tasks``' stable order (round robin, so every shard gets
a similar mix of families). Each shard folder holds ``shard.json``: the selection of the whole run, the
shard's place in it and its task ids; ``merge`` rebuilds the single run from these. It also holds
``run.yaml``: the whole run's config narrowed to the shard's ids, which `fmrepair bench run --config` runs.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from pydantic import BaseModel, Field

from fmrepair.eval.config import BenchConfig, inherit

SHARD_FILE = "shard.json"
RUN_CONFIG = "run.yaml"  # a run config file (eval/config.py): the whole run's in RUN_DIR, a shard's in its folder
SELECTION = ("suite", "root", "mode", "family", "limit", "ids")  # the run config fields that choose tasks


class Selection(BaseModel):
    """Which tasks the whole run covers (the run config fields that choose tasks)."""

    suite: str = inherit(BenchConfig, "suite")
    root: str | None = inherit(BenchConfig, "root")
    mode: str | None = inherit(BenchConfig, "mode")
    family: list[str] = inherit(BenchConfig, "family")
    limit: int | None = inherit(BenchConfig, "limit")
    ids: list[str] = inherit(BenchConfig, "ids")

    @classmethod
    def of(cls, cfg: BenchConfig) -> Selection:
        return cls(**{k: getattr(cfg, k) for k in SELECTION})

    def describe(self) -> str:
        parts = [f"suite {self.suite}"]
        if self.family:
            parts.append(f"famil{'y' if len(self.family) == 1 else 'ies'} {', '.join(self.family)}")
        if self.ids:
            parts.append(f"{len(self.ids)} chosen ids")
        if self.limit is not None:
            parts.append(f"first {self.limit}")
        if self.mode:
            parts.append(f"mode {self.mode}")
        return parts[0] + (f" ({', '.join(parts[1:])})" if len(parts) > 1 else "")

    def task_ids(self) -> list[str]:
        from fmrepair.eval.run.engine import select_tasks

        cfg = BenchConfig(**self.model_dump())
        tasks, _ = select_tasks(cfg)
        return [t.id for t in tasks]


class ShardRecord(BaseModel):
    selection: Selection
    index: int = Field(ge=0)
    count: int = Field(ge=1)
    ids: list[str]


def shard_ids(ids: list[str], index: int, count: int) -> list[str]:
    """Shard ``index`` of ``count``: every ``count``-th id, starting at ``index``."""
    if not 0 <= index < count:
        raise ValueError(f"shard {index} is not in 0..{count - 1}")
    return ids[index::count]


def interleave(shards: list[list[str]]) -> list[str]:
    """Inverse of ``shard_ids`` over all shards: the ids in the whole run's order."""
    out: list[str] = []
    for i in range(max((len(s) for s in shards), default=0)):
        out += [s[i] for s in shards if i < len(s)]
    return out


def read_record(folder: Path) -> ShardRecord | None:
    path = folder / SHARD_FILE
    return ShardRecord.model_validate_json(path.read_text(encoding="utf-8")) if path.is_file() else None


def write_record(folder: Path, record: ShardRecord) -> None:
    """Write ``shard.json``, or check that the one already there (a resumed shard) is the same."""
    old = read_record(folder)
    if old is not None:
        if old != record:
            raise ValueError(f"{folder} holds shard {old.index} of {old.count} of another run; use another --out")
        return
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / (SHARD_FILE + ".tmp")
    tmp.write_text(json.dumps(record.model_dump(), indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, folder / SHARD_FILE)


def shard_config(cfg: BenchConfig, record: ShardRecord) -> BenchConfig:
    """The whole run's config narrowed to the shard's tasks (its ids; no family or limit left to apply)."""
    return cfg.model_copy(update={"ids": list(record.ids), "family": [], "limit": None})


def write_run_config(folder: Path, cfg: BenchConfig) -> Path:
    """``folder/run.yaml`` (written to a temporary name and renamed)."""
    from fmrepair.eval.config import dump_config

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / RUN_CONFIG
    tmp = folder / (RUN_CONFIG + ".tmp")
    tmp.write_text(dump_config(cfg), encoding="utf-8")
    os.replace(tmp, path)
    return path


def bench_command(config_file: Path, out: Path) -> list[str]:
    """The ``fmrepair bench run`` command line of a shard: its run config file and its run folder."""
    return [sys.executable, "-m", "fmrepair", "bench", "run", "--config", str(config_file), "--out", str(out)]


def prepare(selection: Selection, index: int, count: int, out: Path) -> ShardRecord:
    """Choose the shard's tasks and record them in its folder."""
    record = ShardRecord(selection=selection, index=index, count=count, ids=[])
    record.ids = shard_ids(selection.task_ids(), index, count)
    write_record(out, record)
    return record
