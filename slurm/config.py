"""Cluster settings for job scripts: partition, account, per-job resources, the environment to activate.

Read from ``--config FILE``, else ``$FMREPAIR_SLURM``, else ``~/.config/fmrepair/slurm.yaml``; every
field has a default, so no file is needed to render a script.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

Kind = str  # a name in slurm/kinds.py JOB_KINDS (built-in or a plug-in's)
USER_FILE = Path("~/.config/fmrepair/slurm.yaml")
# the SlurmConfig fields that are also command-line options of every job kind (--partition, --account,
# --qos); every Resources field is one too (--time, --gpus, --gpu-type, --cpus, --mem): slurm/kinds.py
SITE_FIELDS = ("partition", "account", "qos")


class Resources(BaseModel):
    """What one job (or one array task) asks for."""

    model_config = ConfigDict(extra="forbid")

    time: str = Field("04:00:00", description="wall-time limit, [D-]HH:MM:SS")
    gpus: int = Field(0, ge=0, description="GPUs per job; 0 keeps the --gres line but does not request it")
    gpu_type: str | None = Field(None, description="GRES type, e.g. a100 -> --gres=gpu:a100:N")
    cpus: int = Field(4, ge=1, description="--cpus-per-task")
    mem: str = Field("16G", description="--mem (per node)")


# the built-in kinds' defaults; a plug-in kind without an entry asks for Resources() unless the file says more
DEFAULT_JOBS: dict[str, Resources] = {
    "serve": Resources(time="12:00:00", gpus=1, cpus=8, mem="64G"),
    "bench-array": Resources(time="06:00:00", gpus=0, cpus=4, mem="16G"),
    "merge": Resources(time="00:30:00", gpus=0, cpus=1, mem="4G"),
    "train": Resources(time="24:00:00", gpus=1, cpus=8, mem="64G"),
    "eval-adapter": Resources(time="12:00:00", gpus=1, cpus=8, mem="64G"),
    "formalize": Resources(time="12:00:00", gpus=1, cpus=8, mem="64G"),
}


class SlurmConfig(BaseModel):
    """One file per cluster (see docs/slurm.md for an example)."""

    model_config = ConfigDict(extra="forbid")

    partition: str | None = Field(None, description="--partition (none: the cluster's default)")
    account: str | None = Field(None, description="--account")
    qos: str | None = Field(None, description="--qos")
    venv: str | None = Field(None, description="virtual environment activated by every job (default: this one)")
    workdir: str | None = Field(None, description="--chdir of every job (default: the current directory)")
    setup: list[str] = Field(default_factory=list, description="shell lines run first, e.g. 'module load cuda'")
    env: dict[str, str] = Field(default_factory=dict, description="extra variables, e.g. FMREPAIR_WEIGHTS")
    jobs: dict[Kind, Resources] = Field(default_factory=dict, description="resources per job kind")

    def resources(self, kind: Kind) -> Resources:
        return self.jobs.get(kind, DEFAULT_JOBS.get(kind, Resources()))

    def venv_path(self) -> str | None:
        if self.venv:
            return str(Path(self.venv).expanduser().absolute())
        return sys.prefix if sys.prefix != sys.base_prefix else None

    def workdir_path(self) -> str:
        return str(Path(self.workdir).expanduser().absolute()) if self.workdir else os.getcwd()


def config_file(explicit: Path | None = None) -> Path | None:
    if explicit is not None:
        return explicit
    env = os.environ.get("FMREPAIR_SLURM")
    if env:
        return Path(env).expanduser()
    user = USER_FILE.expanduser()
    return user if user.is_file() else None


def load_config(explicit: Path | None = None) -> SlurmConfig:
    """The cluster settings; job entries in the file are merged field by field over the defaults."""
    path = config_file(explicit)
    if path is None:
        return SlurmConfig()
    if not path.is_file():
        raise FileNotFoundError(f"SLURM config {path} does not exist")
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping")
    jobs = data.get("jobs") or {}
    from fmrepair.slurm.kinds import JOB_KINDS

    known = JOB_KINDS.names()
    unknown = sorted(set(jobs) - set(known))
    if unknown:
        raise ValueError(f"{path}: unknown job kinds {unknown}; known: {', '.join(known)}")
    data["jobs"] = {
        k: Resources.model_validate(DEFAULT_JOBS.get(k, Resources()).model_dump() | (v or {})) for k, v in jobs.items()
    }
    return SlurmConfig.model_validate(data)
