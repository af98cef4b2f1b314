"""Run manifests: resolved config, model, versions of fmrepair, the verifier and key packages, git commit."""

from __future__ import annotations

import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

from fmrepair import __version__
from fmrepair.runlog import RunKind, RunManifest

KEY_PACKAGES = ("pydantic", "JPype1", "pythonalloyclient", "torch", "transformers", "outlines", "vllm", "httpx")


def package_versions() -> dict[str, str]:
    out = {"fmrepair": __version__}
    for name in KEY_PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return out


def git_commit() -> str | None:
    here = Path(__file__).resolve().parent.parent
    try:
        r = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=5, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return r.stdout.strip() or None if r.returncode == 0 else None


def build_manifest(
    config: dict[str, Any],
    model: dict[str, Any],
    extra_versions: dict[str, str] | None = None,
    *,
    kind: RunKind = "repair",
    run_config: dict[str, Any] | None = None,
) -> RunManifest:
    """A format-2 manifest; ``run_config`` (the resolved typed run config's model_dump) defaults to
    ``config["bench"]``, where `bench run` has always put it."""
    versions = package_versions()
    versions.update(extra_versions or {})
    versions["alloy"] = "6.1.0 (pythonalloyclient jar)"
    if run_config is None:
        run_config = dict(config.get("bench") or {})
    return RunManifest(
        kind=kind, run_config=run_config, config=config, model=model, versions=versions, git_commit=git_commit()
    )
