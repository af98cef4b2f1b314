"""What a resumed run must agree on: every setting that changes results, and the code version.

A run folder's manifest records the bench settings and the code (git commit of the package, whether the
tree was dirty and a hash of the changes). Resuming with any of them different is refused with the
fields and both values named: a figure must come from one configuration of one code version.
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path
from typing import Any

from fmrepair.eval.config import BenchConfig, identity_fields

# bench settings that change what a run measures (budgets, timeouts, sampling, model, selection, search
# options): every run config field except those marked ``identity: False`` there (workers, caching)
IDENTITY = identity_fields()
# manifest fields naming the code version
CODE = ("git_commit", "git_dirty", "git_diff_sha256")

REPO = Path(__file__).resolve().parents[2]  # eval/run/identity.py -> the repository
# files that cannot change a run's results: left out of the dirty check and the diff hash, so that
# editing a test or a document does not make a run folder unresumable
NOT_CODE = (":(exclude)tests", ":(exclude)docs", ":(exclude)benchmarks", ":(exclude,glob)**/*.md")


class ConfigMismatch(ValueError):
    pass


def _git(*args: str) -> subprocess.CompletedProcess[bytes] | None:
    try:
        r = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return r if r.returncode == 0 else None


def code_version() -> dict[str, Any]:
    """``git_commit``, ``git_dirty`` (tracked changes or untracked, not ignored, files outside tests/,
    docs/, benchmarks/ and *.md) and ``git_diff_sha256`` (SHA-256 of that ``git diff HEAD`` plus the
    untracked files' names and contents). All None outside a git checkout."""
    head = _git("rev-parse", "HEAD")
    if head is None:
        return dict.fromkeys(CODE)
    diff = _git("diff", "HEAD", "--binary", "--", ".", *NOT_CODE)
    untracked = _git("ls-files", "--others", "--exclude-standard", "-z", "--", ".", *NOT_CODE)
    if diff is None or untracked is None:
        return {"git_commit": head.stdout.decode().strip(), "git_dirty": None, "git_diff_sha256": None}
    h = hashlib.sha256(diff.stdout)
    names = sorted(n for n in untracked.stdout.decode("utf-8", "replace").split("\0") if n)
    for name in names:
        h.update(b"\0untracked\0" + name.encode())
        try:
            h.update(hashlib.sha256((REPO / name).read_bytes()).digest())
        except OSError:
            h.update(b"\0unreadable")
    dirty = bool(diff.stdout) or bool(names)
    return {
        "git_commit": head.stdout.decode().strip(),
        "git_dirty": dirty,
        "git_diff_sha256": h.hexdigest() if dirty else None,
    }


def identity_diffs(
    old_bench: dict[str, Any], old_code: dict[str, Any], bench: dict[str, Any], code: dict[str, Any]
) -> list[str]:
    """``field: old -> new`` for every identity field that differs (a field the old manifest lacks, made
    before the field existed, is compared as the field's default)."""
    fields = BenchConfig.model_fields

    def get(d: dict[str, Any], k: str) -> Any:
        return d[k] if k in d else fields[k].get_default(call_default_factory=True)

    out = [f"{k}: {get(old_bench, k)!r} -> {get(bench, k)!r}" for k in IDENTITY if get(old_bench, k) != get(bench, k)]
    out += [f"{k}: {old_code.get(k)!r} -> {code.get(k)!r}" for k in CODE if old_code.get(k) != code.get(k)]
    return out


def check_identity(
    folder: Path,
    old_bench: dict[str, Any],
    old_code: dict[str, Any],
    bench: dict[str, Any],
    code: dict[str, Any],
    allow_code_change: bool = False,
) -> bool:
    """Raise ConfigMismatch on any difference; with ``allow_code_change`` a difference in the code
    version alone is let through. Returns whether the code version differs."""
    diffs = identity_diffs(old_bench, old_code, bench, code)
    code_diffs = [d for d in diffs if d.split(":", 1)[0] in CODE]
    if diffs and not (allow_code_change and diffs == code_diffs):
        hint = " (--allow-code-change resumes with other code, recorded in the manifest)" if code_diffs else ""
        raise ConfigMismatch(
            f"{folder} holds a different run ({'; '.join(diffs)}); rerun with the same settings and code, "
            f"or use another --out{hint}"
        )
    return bool(code_diffs)
