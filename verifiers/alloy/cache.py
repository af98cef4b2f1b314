"""Verdict cache keyed by normalized source text and the options that change a verdict.

In memory (LRU, thread-safe), optionally backed by a folder of JSON files. Only definitive verdicts
are stored: timeouts and internal errors are not (they may not repeat).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections import OrderedDict
from pathlib import Path

from fmrepair.verifiers.base import CheckOptions, Verdict

CACHE_FORMAT = "alloy-6.1/1"
CACHEABLE = {"ok", "failed", "syntax_error", "type_error"}


def normalize(source: str) -> str:
    """Newlines to \\n, trailing whitespace of each line and trailing blank lines dropped.
    (Line and column numbers of every token stay the same.)"""
    lines = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).rstrip("\n")


def cache_key(source: str, options: CheckOptions) -> str:
    h = hashlib.sha256()
    h.update(CACHE_FORMAT.encode())
    h.update(json.dumps(options.model_dump(), sort_keys=True).encode())
    h.update(b"\0")
    h.update(normalize(source).encode("utf-8"))
    return h.hexdigest()


class VerdictCache:
    def __init__(self, max_entries: int = 1024, directory: str | Path | None = None) -> None:
        self.max_entries = max_entries
        self.directory = Path(directory) if directory else None
        self._entries: OrderedDict[str, Verdict] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> Verdict | None:
        with self._lock:
            verdict = self._entries.get(key)
            if verdict is not None:
                self._entries.move_to_end(key)
        if verdict is None and self.directory is not None:
            verdict = self._load(key)
            if verdict is not None:
                self._remember(key, verdict)
        with self._lock:
            if verdict is None:
                self.misses += 1
                return None
            self.hits += 1
        return verdict.model_copy(deep=True, update={"cached": True})

    def put(self, key: str, verdict: Verdict) -> None:
        if verdict.status not in CACHEABLE:
            return
        stored = verdict.model_copy(deep=True, update={"cached": False})
        self._remember(key, stored)
        if self.directory is not None:
            self._save(key, stored)

    def _remember(self, key: str, verdict: Verdict) -> None:
        with self._lock:
            self._entries[key] = verdict
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def _path(self, key: str) -> Path:
        assert self.directory is not None
        return self.directory / key[:2] / f"{key}.json"

    def _load(self, key: str) -> Verdict | None:
        try:
            return Verdict.model_validate_json(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def _save(self, key: str, verdict: Verdict) -> None:
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_text(verdict.model_dump_json(), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only or full disk only costs the cache

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
