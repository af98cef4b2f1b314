"""Check the import contracts (pyproject.toml [tool.importlinter]) on the package as it installs.

fmrepair's subpackages live in the design's top-level folders (agents/, eval/, ...), which the build's
package-dir mapping installs as fmrepair.agents, ...; import-linter walks one package folder, so this
script stages that tree (a copy of fmrepair/*.py with each top-level folder under it, as a wheel lays it
out) in a temporary folder and runs ``lint-imports`` there with the repository's pyproject.toml.

    .venv/bin/python scripts/lint_imports.py [lint-imports options, e.g. --verbose]

Exit status: lint-imports' own (0 when every contract is kept).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def stage(dest: Path, root: Path = ROOT) -> Path:
    """Lay out the package under ``dest`` as the build installs it; returns ``dest/fmrepair``."""
    mapping: dict[str, str] = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["package-dir"]
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package, folder in sorted(mapping.items()):  # fmrepair first, then fmrepair.agents, ... into it
        shutil.copytree(root / folder, dest / Path(*package.split(".")), ignore=ignore)
    return dest / "fmrepair"


def lint(staged: Path, argv: list[str], **run: object) -> subprocess.CompletedProcess:
    """``lint-imports`` on a staged tree (its working directory goes first on sys.path, so it finds the
    staged package, not the editable install)."""
    cmd = [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()",
           "--config", str(ROOT / "pyproject.toml"), *argv]
    return subprocess.run(cmd, cwd=staged, **run)  # type: ignore[call-overload]


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="fmrepair-layers-") as tmp:
        stage(Path(tmp))
        return lint(Path(tmp), argv).returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
