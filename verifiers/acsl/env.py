"""Locating Frama-C, why3 and the provers, and the repo-local why3 configuration.

Frama-C's WP reads the why3 configuration named by ``$WHY3CONFIG``; we never touch ``~/.why3.conf``.
``why3 config detect`` writes ours once into ``<cache>/acsl/why3.conf`` (``$FMREPAIR_CACHE_DIR`` or
``~/.cache/fmrepair``), under a file lock so parallel workers do not race.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

# WP prover ids, in the order we prefer them; "auto" uses every one that why3 found
KNOWN_PROVERS = ("alt-ergo", "z3", "cvc4", "cvc5")
_WHY3_NAMES = {"Alt-Ergo": "alt-ergo", "Z3": "z3", "CVC4": "cvc4", "CVC5": "cvc5"}


class FramaCUnavailable(RuntimeError):
    """Frama-C or why3 is not installed (see docs/acsl.md for the apt line)."""


def cache_dir() -> Path:
    base = os.environ.get("FMREPAIR_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "fmrepair"
    )
    return Path(base) / "acsl"


def framac_path() -> str | None:
    return shutil.which("frama-c")


def available() -> bool:
    """Frama-C, why3 and at least one SMT prover are installed."""
    try:
        return bool(framac_path()) and bool(provers())
    except FramaCUnavailable:
        return False


def require() -> str:
    exe = framac_path()
    if not exe or not shutil.which("why3"):
        raise FramaCUnavailable(
            "frama-c/why3 not found: apt-get install --no-install-recommends frama-c-base why3 z3 cvc4"
        )
    return exe


def why3_config() -> Path:
    """The repo-local why3 config (created by ``why3 config detect`` on first use)."""
    require()
    path = cache_dir() / "why3.conf"
    if path.exists() and path.stat().st_size > 0:
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.parent / "why3.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (path.exists() and path.stat().st_size > 0):
            tmp = path.with_suffix(".tmp")
            env = dict(os.environ, WHY3CONFIG=str(tmp))
            proc = subprocess.run(["why3", "config", "detect"], env=env, capture_output=True, text=True, timeout=120)
            if proc.returncode != 0 or not tmp.exists():
                raise FramaCUnavailable(f"why3 config detect failed: {proc.stderr.strip()[:300]}")
            os.replace(tmp, path)
    return path


@lru_cache(maxsize=4)
def _provers_in(path: str, mtime: float) -> tuple[str, ...]:
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    names = set(re.findall(r'^name\s*=\s*"([^"]+)"', text, re.M))
    found = {_WHY3_NAMES[n] for n in names if n in _WHY3_NAMES}
    return tuple(p for p in KNOWN_PROVERS if p in found)


def provers() -> tuple[str, ...]:
    """WP prover ids that why3 detected (e.g. ``("z3", "cvc4")``)."""
    conf = why3_config()
    return _provers_in(str(conf), conf.stat().st_mtime)


def framac_env() -> dict[str, str]:
    """Environment for a Frama-C run: our why3 config, no user-wide cache settings leaking in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FRAMAC_WP_CACHE")}
    env["WHY3CONFIG"] = str(why3_config())
    env.setdefault("LC_ALL", "C.UTF-8")
    return env


@lru_cache(maxsize=1)
def versions() -> dict[str, str]:
    """Tool versions for run manifests."""
    out: dict[str, str] = {}
    for name, cmd in (("frama-c", ["frama-c", "-version"]), ("why3", ["why3", "--version"])):
        try:
            out[name] = subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            out[name] = "unavailable"
    return out
