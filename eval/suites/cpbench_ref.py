"""Reference answers for CP-Bench problems: run the reference CPMpy script in a sandboxed subprocess.

The reference script is benchmark data, never imported here. It runs in a separate Python process
(``python -I``), in a fresh temporary directory, with a minimal environment, no stdin, resource limits
(CPU seconds, address space, file size, open files, no core dumps), a wall-clock timeout and, where
``unshare -rn`` works, without a network namespace. A small wrapper patches ``cpmpy.Model.solve`` in
that process to record the solver's exit status, objective value and sense (single-threaded OR-Tools
when the script names no solver), and writes them to a JSON file in the sandbox. Results are cached
under ``~/.cache/fmrepair/cpbench/`` (``$FMREPAIR_CACHE/cpbench``) keyed by the SHA-256 of the script
and of the wrapper.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

CACHE_ENV = "FMREPAIR_CACHE"
DEFINITE = ("optimal", "sat", "unsat")  # results worth caching regardless of the time limit

WRAPPER = r'''
import json, runpy, sys
rec = {"solves": 0}
try:
    from cpmpy import Model
    _orig = Model.solve

    def _solve(self, solver=None, time_limit=None, **kw):
        if solver in (None, "ortools"):
            solver = "ortools"
            kw.setdefault("num_workers", 1)
        rec["via"] = "model"
        res = _orig(self, solver, time_limit, **kw)
        rec["solves"] += 1
        rec["solved"] = bool(res)
        rec["exitstatus"] = self.status().exitstatus.name
        if self.has_objective():
            rec["sense"] = "minimize" if self.objective_is_min else "maximize"
            rec["objective"] = self.objective_value() if res else None
        return res

    Model.solve = _solve

    from cpmpy.solvers.ortools import CPM_ortools
    _orig_ort = CPM_ortools.solve
    _depth = [0]

    def _ort_solve(self, *a, **kw):  # scripts that call a solver object directly (not via Model.solve)
        _depth[0] += 1
        try:
            res = _orig_ort(self, *a, **kw)
        finally:
            _depth[0] -= 1
        if _depth[0] == 0 and rec.get("via") != "model":
            rec["solves"] += 1
            rec["via"] = "solver"
            rec["solved"] = bool(res)
            rec["exitstatus"] = self.status().exitstatus.name
            if self.has_objective():
                rec["sense"] = "unknown"  # a solver object does not expose the sense
                rec["objective"] = self.objective_value() if res else None
        return res

    CPM_ortools.solve = _ort_solve
    runpy.run_path(sys.argv[1], run_name="__main__")
    rec["finished"] = True
except SystemExit as e:
    rec["finished"] = e.code in (None, 0)
except BaseException as e:  # noqa: B036 - the record must be written whatever the script does
    rec["exception"] = f"{type(e).__name__}: {e}"[:500]
finally:
    with open(sys.argv[2], "w") as f:
        json.dump(rec, f, default=str)
'''


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


def cache_dir() -> Path:
    base = os.environ.get(CACHE_ENV)
    return (Path(base) if base else Path.home() / ".cache" / "fmrepair") / "cpbench"


def cpmpy_available(python: str | None = None) -> bool:
    exe = python or sys.executable
    proc = subprocess.run([exe, "-I", "-c", "import cpmpy, ortools"], capture_output=True, timeout=120)
    return proc.returncode == 0


@cache
def _unshare_works() -> bool:
    exe = shutil.which("unshare")
    if not exe:
        return False
    try:
        return subprocess.run([exe, "-rn", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _limits(cpu_s: int, mem_bytes: int) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 5))
    resource.setrlimit(resource.RLIMIT_AS, (mem_bytes, mem_bytes))
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, 64 << 20))
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


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
) -> Reference:
    """Run ``script`` (a CP-Bench ``.cpmpy.py``) in the sandbox; cached by content hash."""
    text = Path(script).read_bytes()
    sha = hashlib.sha256(text).hexdigest()
    problem = Path(script).name.removesuffix(".cpmpy.py")
    runner = hashlib.sha256(WRAPPER.encode()).hexdigest()[:8]  # a changed wrapper invalidates the cache
    cached = cache_dir() / f"{problem}-{sha[:16]}-{runner}.json"
    if use_cache and cached.is_file():
        ref = Reference(**json.loads(cached.read_text()))
        if ref.status in DEFINITE or ref.timeout_s >= timeout_s:
            return ref
    with tempfile.TemporaryDirectory(prefix="fmr-cpbench-") as tmp:
        work = Path(tmp)
        (work / "reference.py").write_bytes(text)
        (work / "wrapper.py").write_text(WRAPPER, encoding="utf-8")
        args = [python or sys.executable, "-I", "wrapper.py", "reference.py", "record.json"]
        if _unshare_works():
            args = [shutil.which("unshare") or "unshare", "-rn", *args]
        env = {"PATH": "/usr/bin:/bin", "HOME": tmp, "TMPDIR": tmp, "OMP_NUM_THREADS": "1", "LANG": "C.UTF-8"}
        cpu = int(timeout_s) + 5
        ref = Reference(problem=problem, sha256=sha, status="error", timeout_s=timeout_s)
        started = time.perf_counter()
        try:
            proc = subprocess.run(
                args,
                cwd=tmp,
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=timeout_s,
                preexec_fn=lambda: _limits(cpu, mem_mb << 20),
            )
        except subprocess.TimeoutExpired:
            ref.status = "timeout"
        else:
            rec_path = work / "record.json"
            rec = json.loads(rec_path.read_text()) if rec_path.is_file() else {}
            ref.status = _status(rec) if rec else "error"
            ref.objective = rec.get("objective")
            ref.sense = rec.get("sense")
            ref.solution = _last_json(proc.stdout)
            ref.error = rec.get("exception") or (None if rec else f"exit {proc.returncode}: {proc.stderr[-500:]}")
            if ref.status == "error" and not ref.error:
                ref.error = "the script never called Model.solve"
        ref.seconds = round(time.perf_counter() - started, 3)
    if use_cache:
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps(asdict(ref), sort_keys=True))
    return ref
