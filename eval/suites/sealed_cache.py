"""A folder of JSON entries sealed with HMAC-SHA256 (the CP-Bench reference answers' cache).

Entries are written only here (atomically, mode 0600, folder 0700) and sealed under a key created once
in the folder (``.hmac-key``, 0600): an entry whose seal does not verify (edited, truncated, forged
without the key) reads as absent with the reason, so the caller recomputes and rewrites it. The folder
must lie outside everything a sandboxed script can read (``check_hidden``)."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tempfile
from pathlib import Path
from typing import Any


class SealedCache:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def check_hidden(self, seen: list[Path], hint: str) -> None:
        """ValueError when the folder lies inside one of ``seen`` (paths a sandboxed script can read)."""
        real = self.folder.resolve()
        for p in seen:
            if real == p.resolve() or p.resolve() in real.parents:
                raise ValueError(
                    f"cache folder {self.folder} lies inside {p}, which sandboxed scripts can read: {hint}"
                )

    def _key(self) -> bytes:
        path = self.folder / ".hmac-key"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return path.read_bytes()
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
        return path.read_bytes()

    def _seal(self, name: str, payload: str) -> str:
        return hmac.new(self._key(), f"{name}\n{payload}".encode(), hashlib.sha256).hexdigest()

    def read(self, name: str) -> tuple[dict[str, Any] | None, str | None]:
        """(entry, None) for a verified entry; (None, reason) when unreadable or tampered; (None, None) absent."""
        path = self.folder / name
        if not path.is_file():
            return None, None
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            payload = entry["reference"]
            if not hmac.compare_digest(str(entry.get("hmac_sha256", "")), self._seal(name, payload)):
                return None, f"cache entry {name} failed its HMAC-SHA256 check (tampered or corrupt): recomputed"
            value = json.loads(payload)
            if not isinstance(value, dict):
                raise TypeError("not an object")
        except (OSError, ValueError, KeyError, TypeError) as e:
            return None, f"cache entry {name} unreadable ({type(e).__name__}): recomputed"
        return value, None

    def write(self, name: str, value: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        payload = json.dumps(value, sort_keys=True)
        entry = json.dumps({"reference": payload, "hmac_sha256": self._seal(name, payload)})
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(entry)
        os.replace(tmp, self.folder / name)
