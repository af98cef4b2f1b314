"""Check the layer contract of pyproject.toml ([tool.importlinter]) with import-linter.

pyproject maps the sub-packages of fmrepair onto top-level folders (``fmrepair.verifiers`` ->
verifiers/, ...), which import-linter cannot follow: this script copies the sources into one
``fmrepair/`` tree in a temporary folder (the package-dir mapping of pyproject, nothing else) and
runs ``lint-imports`` on it. Exit code and output are import-linter's.

    .venv/bin/python scripts/lint_imports.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def assemble(into: Path) -> Path:
    """Copy every mapped package folder (only its .py files) to where its import name says."""
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    mapping: dict[str, str] = setup["package-dir"]
    for package in setup["packages"]:
        parent = max((p for p in mapping if package == p or package.startswith(p + ".")), key=len)
        source = ROOT / mapping[parent] / Path(*package.split(".")[len(parent.split(".")) :])
        target = into / Path(*package.split("."))
        target.mkdir(parents=True, exist_ok=True)
        for file in source.glob("*.py"):
            shutil.copy2(file, target / file.name)
    return into


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="fmrepair-layers-") as tmp:
        assemble(Path(tmp))
        env = {**os.environ, "PYTHONPATH": tmp}
        cmd = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; c()"]
        done = subprocess.run([*cmd, "--config", str(ROOT / "pyproject.toml"), "--no-cache"], cwd=tmp, env=env)
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
