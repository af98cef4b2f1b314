"""A job (kind, resources, template variables) rendered into an sbatch script."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fmrepair import __version__
from fmrepair.slurm.config import Kind, Resources, SlurmConfig

if TYPE_CHECKING:
    import jinja2


@dataclass
class Job:
    """One sbatch script. ``params`` are the kind's own template variables; ``template`` is the body
    template's text when the kind brings its own (a plug-in kind: it may include ``_header.sh.j2`` and
    ``_env.sh.j2``), else ``templates/<kind>.sh.j2``."""

    kind: Kind
    name: str
    run_dir: Path
    resources: Resources
    description: list[str]
    params: dict[str, Any] = field(default_factory=dict)
    array: str | None = None
    dependency: str | None = None
    requeue: bool = True
    template: str | None = None
    gpu_note: str = ""
    notices: list[str] = field(default_factory=list)  # printed on stderr when the job is submitted

    @property
    def log(self) -> Path:
        """Where SLURM writes the job's output (the folder must exist at submission)."""
        return self.run_dir / "logs" / ("%x-%A_%a.out" if self.array else "%x-%j.out")

    @property
    def script(self) -> Path:
        """Where ``submit`` keeps the rendered script, beside the logs."""
        return self.run_dir / "slurm" / f"{self.kind}.sbatch"


def gres(res: Resources) -> str:
    kind = f"gpu:{res.gpu_type}" if res.gpu_type else "gpu"
    return f"{kind}:{max(res.gpus, 1)}"


def shell_words(args: list[str]) -> str:
    return " ".join(shlex.quote(a) for a in args)


@cache
def _environment() -> jinja2.Environment:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("fmrepair.slurm", "templates"),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["q"] = lambda value: shlex.quote(str(value))
    return env


def render(job: Job, cfg: SlurmConfig, command: str | None = None) -> str:
    """The script text. ``command`` (the fmrepair command line that made it) goes into its header."""
    variables: dict[str, Any] = {
        "version": __version__,
        "command": command,
        "description": job.description,
        "name": job.name,
        "cfg": cfg,
        "res": job.resources,
        "gres": gres(job.resources),
        "gpu_note": job.gpu_note,
        "array": job.array,
        "dependency": job.dependency,
        "workdir": cfg.workdir_path(),
        "log": job.log,
        "requeue": job.requeue,
        "venv": cfg.venv_path(),
        "run_dir": job.run_dir,
        **job.params,
    }
    env = _environment()
    template = env.from_string(job.template) if job.template else env.get_template(f"{job.kind}.sh.j2")
    return template.render(**variables)
