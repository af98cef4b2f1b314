"""Reference answers for CP-Bench problems: run the reference CPMpy script in the sandbox.

The reference script is benchmark data, never imported here. It runs in a separate Python process
(``python -I``) under :mod:`fmrepair.sandbox` (bubblewrap: read-only system, only its fresh temporary
folder and a private ``/tmp`` writable, no network, limits on processes, memory, CPU, file size and open
files, everything it started killed at the timeout). A small wrapper (eval/suites/cpbench_wrapper.py)
patches ``cpmpy.Model.solve`` in that process to record the solver's exit status, objective value and
sense (single-threaded OR-Tools when the script names no solver), and writes them to a JSON file in its
folder, read back as a plain file only (never through a link the script planted). When the sandbox cannot
be set up the script does not run: the reference is ``error`` (``sandbox unavailable: ...``), never
cached, and every score that needs it is unknown. ``unsafe_no_sandbox=True`` runs it without isolation
(recorded on the result as ``sandboxed: false``; such results are never cached).

Results are cached under ``~/.cache/fmrepair/cpbench/`` (``$FMREPAIR_CACHE/cpbench``), a folder no
sandboxed script can see (checked), keyed by the SHA-256 of the script and of the wrapper, written only
here (atomically, mode 0600) and sealed with an HMAC-SHA256 under a key kept in the cache folder: an
entry whose seal does not verify (edited, truncated, forged without the key) is ignored, recomputed and
rewritten, and the reason is kept on the returned reference (``cache_note``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from fmrepair import sandbox
from fmrepair.eval.suites.sealed_cache import SealedCache

CACHE_ENV = "FMREPAIR_CACHE"
DEFINITE = ("optimal", "sat", "unsat")  # results worth caching regardless of the time limit

# the program that runs a reference script in the sandbox: a real module (eval/suites/cpbench_wrapper.py),
# copied into the sandbox's folder; its text is part of the cache key
WRAPPER = Path(__file__).with_name("cpbench_wrapper.py").read_text(encoding="utf-8")


@dataclass
class AssignmentCheck:
    """Whether a candidate's output assignment satisfies the reference model's constraints."""

    consistent: bool | None  # None: nothing could be checked (no key names a reference variable, or an error)
    matched: list[str]
    unmatched: list[str]  # output keys that name no reference variable (not checked)
    mismatched: list[str]  # keys whose value does not fit the variable's shape (the candidate is wrong)
    status: str = "unknown"
    error: str | None = None
    by_value: list[str] = field(default_factory=list)  # matched keys found by the value the reference printed
    sandboxed: bool = True  # False only under unsafe_no_sandbox (to be recorded by the caller)


@dataclass
class Reference:
    problem: str
    sha256: str
    status: str  # optimal | sat | unsat | unknown | timeout | error
    objective: float | int | None = None
    sense: str | None = None  # minimize | maximize | unknown (solver object) | None (satisfaction)
    solution: dict | None = None  # the JSON the script printed (last JSON line of stdout)
    seconds: float = 0.0
    timeout_s: float = 0.0
    error: str | None = None
    sandboxed: bool = True  # False only under unsafe_no_sandbox (never cached)
    cache_note: str | None = None  # why a cached entry was not used (tampered, unreadable); not stored


def cache_dir() -> Path:
    base = os.environ.get(CACHE_ENV)
    return (Path(base) if base else Path.home() / ".cache" / "fmrepair") / "cpbench"


def cpmpy_available(python: str | None = None) -> bool:
    exe = python or sys.executable
    proc = subprocess.run([exe, "-I", "-c", "import cpmpy, ortools"], capture_output=True, timeout=120)
    return proc.returncode == 0


def _python(python: str | None) -> str:
    exe = python or sys.executable
    return exe if os.sep in exe else shutil.which(exe) or exe


def _cache(python: str | None) -> SealedCache:
    """The reference cache; it must lie outside everything the sandbox shows a script (it holds answers)."""
    cache = SealedCache(cache_dir())
    cache.check_hidden([Path("/usr"), *sandbox.python_paths(_python(python))], f"set {CACHE_ENV}")
    return cache


def _read_cached(cache: SealedCache, name: str) -> tuple[Reference | None, str | None]:
    value, note = cache.read(name)
    if value is None:
        return None, note
    try:
        return Reference(**value), None
    except TypeError as e:
        return None, f"cache entry {name} unreadable ({type(e).__name__}): recomputed"


def _last_json(stdout: str) -> dict | None:
    for line in reversed(stdout.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                value = json.loads(line)
            except json.JSONDecodeError:
                continue
            return value if isinstance(value, dict) else None
    return None


def _status(rec: dict) -> str:
    if not rec.get("solves"):
        return "error"
    return {"OPTIMAL": "optimal", "FEASIBLE": "sat", "UNSATISFIABLE": "unsat"}.get(rec.get("exitstatus", ""), "unknown")


def run_reference(
    script: Path,
    timeout_s: float = 60.0,
    mem_mb: int = 4096,
    python: str | None = None,
    use_cache: bool = True,
    unsafe_no_sandbox: bool = False,
) -> Reference:
    """Run ``script`` (a CP-Bench ``.cpmpy.py``) in the sandbox; cached by content hash, verified on read."""
    text = Path(script).read_bytes()
    sha = hashlib.sha256(text).hexdigest()
    problem = Path(script).name.removesuffix(".cpmpy.py")
    runner = hashlib.sha256(WRAPPER.encode()).hexdigest()[:8]  # a changed wrapper invalidates the cache
    cached = f"{problem}-{sha[:16]}-{runner}.json"
    note = None
    if use_cache:
        hit, note = _read_cached(_cache(python), cached)
        if hit is not None and hit.sha256 == sha and (hit.status in DEFINITE or hit.timeout_s >= timeout_s):
            return hit
    ref = Reference(problem=problem, sha256=sha, status="error", timeout_s=timeout_s, sandboxed=not unsafe_no_sandbox)
    started = time.perf_counter()
    try:
        out = _sandbox(text, "reference", timeout_s, mem_mb, python, unsafe=unsafe_no_sandbox)
    except sandbox.SandboxUnavailable as e:
        ref.error, ref.cache_note = f"sandbox unavailable: {e}", note
        return ref  # the script did not run: nothing to cache
    if out is None:
        ref.status = "timeout"
    else:
        rec, stdout, failure = out
        ref.status = _status(rec) if rec else "error"
        ref.objective = rec.get("objective")
        ref.sense = rec.get("sense")
        ref.solution = _last_json(stdout)
        ref.error = rec.get("exception") or (None if rec else failure)
        if ref.status == "error" and not ref.error:
            ref.error = "the script never called Model.solve"
    ref.seconds = round(time.perf_counter() - started, 3)
    if use_cache and not unsafe_no_sandbox:
        _cache(python).write(cached, {**asdict(ref), "cache_note": None})
    ref.cache_note = note
    return ref


def _sandbox(
    script: bytes,
    mode: str,
    timeout_s: float,
    mem_mb: int,
    python: str | None,
    extra: bytes | None = None,
    unsafe: bool = False,
) -> tuple[dict, str, str] | None:
    """Run the wrapper in ``mode`` (reference | check) on the script in the sandbox: (record, stdout, failure
    text), None on timeout.
    Raises :class:`fmrepair.sandbox.SandboxUnavailable` when isolation cannot be set up."""
    exe = _python(python)
    with tempfile.TemporaryDirectory(prefix="fmr-cpbench-") as tmp:
        work = Path(tmp)
        (work / "reference.py").write_bytes(script)
        (work / "wrapper.py").write_text(WRAPPER, encoding="utf-8")
        args = [exe, "-I", "wrapper.py", mode, "reference.py", "record.json"]
        if extra is not None:
            (work / "extra.json").write_bytes(extra)
            args.append("extra.json")
        limits = sandbox.Limits(timeout_s=timeout_s, cpu_s=int(timeout_s) + 5, memory_mb=mem_mb)
        res = sandbox.run(args, work, limits, python=exe, env={"OMP_NUM_THREADS": "1"}, unsafe_no_sandbox=unsafe)
        if res.timed_out:
            return None
        raw = sandbox.read_output(work, "record.json")
        try:
            rec = json.loads(raw) if raw else {}
        except (json.JSONDecodeError, UnicodeDecodeError):
            rec = {}
        if not isinstance(rec, dict):
            rec = {}
        limits_hit = f" (limits hit: {', '.join(res.limits_hit)})" if res.limits_hit else ""
        return rec, res.stdout, f"exit {res.returncode}{limits_hit}: {res.stderr[-500:]}"


def check_assignment(
    script: Path,
    assignment: dict,
    timeout_s: float = 60.0,
    mem_mb: int = 4096,
    python: str | None = None,
    unsafe_no_sandbox: bool = False,
) -> AssignmentCheck:
    """CP-Bench's solution check, in the sandbox: fix the reference variables named by the candidate's
    output keys to its values and solve the reference model. ``consistent`` is True when it stays
    satisfiable, False when it becomes unsatisfiable or a value does not fit a variable's shape, None
    when no key names a reference variable, the check did not finish or the sandbox is unavailable."""
    payload = json.dumps(assignment, default=str).encode()
    try:
        out = _sandbox(
            Path(script).read_bytes(), "check", timeout_s, mem_mb, python, extra=payload, unsafe=unsafe_no_sandbox
        )
    except sandbox.SandboxUnavailable as e:
        return AssignmentCheck(None, [], [], [], status="error", error=f"sandbox unavailable: {e}")
    if out is None:
        return AssignmentCheck(None, [], [], [], status="timeout", sandboxed=not unsafe_no_sandbox)
    rec, _, failure = out
    check = AssignmentCheck(
        None,
        list(rec.get("matched", [])),
        list(rec.get("unmatched", [])),
        list(rec.get("mismatched", [])),
        status=_status(rec) if rec else "error",
        error=rec.get("exception") or (None if rec else failure),
        by_value=list(rec.get("by_value", [])),
        sandboxed=not unsafe_no_sandbox,
    )
    if check.mismatched:
        check.consistent = False
    elif check.matched and check.status in ("optimal", "sat"):
        check.consistent = True
    elif check.matched and check.status == "unsat":
        check.consistent = False
    return check
