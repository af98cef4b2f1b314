"""Submitting rendered jobs with ``sbatch`` and waiting for a served endpoint."""

from __future__ import annotations

import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from fmrepair.slurm.config import SlurmConfig
from fmrepair.slurm.render import Job, render


class SubmitError(RuntimeError):
    pass


def write_script(job: Job, cfg: SlurmConfig, command: str | None = None) -> Path:
    """Render the job into ``RUN/slurm/KIND.sbatch`` and create the log folder SLURM writes into."""
    job.script.parent.mkdir(parents=True, exist_ok=True)
    job.log.parent.mkdir(parents=True, exist_ok=True)
    job.script.write_text(render(job, cfg, command), encoding="utf-8")
    return job.script


def sbatch(script: Path, wait: bool = False) -> str:
    """Submit a script; returns the job id. With ``wait``, returns when the job has ended (and fails if it did)."""
    exe = shutil.which("sbatch")
    if exe is None:
        raise SubmitError("sbatch not found: run this on a SLURM login node (or use `fmrepair slurm render`)")
    cmd = [exe, "--parsable"] + (["--wait"] if wait else []) + [str(script)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    job_id = proc.stdout.strip().split(";")[0].split("\n")[0]
    if proc.returncode != 0:
        where = f" (job {job_id})" if job_id else ""
        raise SubmitError(f"sbatch {script}{where} failed with code {proc.returncode}: {proc.stderr.strip()}")
    return job_id


def submit(job: Job, cfg: SlurmConfig, command: str | None = None, wait: bool = False) -> str:
    return sbatch(write_script(job, cfg, command), wait=wait)


def _healthy(base_url: str) -> bool:
    health = base_url.rstrip("/").removesuffix("/v1") + "/health"
    try:
        with urllib.request.urlopen(health, timeout=5) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def wait_endpoint(path: Path, timeout: float, poll: float = 10.0) -> str:
    """Wait until ``path`` names an endpoint whose /health answers; returns its base URL."""
    deadline = time.monotonic() + timeout
    while True:
        url = path.read_text(encoding="utf-8").strip() if path.is_file() else ""
        if url and _healthy(url):
            return url
        if time.monotonic() >= deadline:
            state = f"{url} is not healthy" if url else f"{path} was not written"
            raise TimeoutError(f"no model server after {timeout:.0f} s: {state}")
        time.sleep(poll)
