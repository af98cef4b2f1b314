"""run_group: a timeout stops the whole process group (a compiler's own children included)."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from fmrepair.procs import run_group


def test_timeout_kills_grandchildren(tmp_path: Path) -> None:
    marker = tmp_path / "orphan-wrote-this"
    script = f"(sleep 2; touch {marker}) & sleep 30"
    with pytest.raises(subprocess.TimeoutExpired):
        run_group(["bash", "-c", script], timeout=0.5)
    time.sleep(2.5)  # the grandchild would have written the file by now
    assert not marker.exists()


def test_output_and_return_code(tmp_path: Path) -> None:
    p = run_group(["bash", "-c", "echo out; echo err >&2; exit 3"], cwd=tmp_path, timeout=10)
    assert (p.returncode, p.stdout, p.stderr) == (3, "out\n", "err\n")
