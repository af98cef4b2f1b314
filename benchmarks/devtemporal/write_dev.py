"""Write the development temporal split (docs/heldout.md) into benchmarks/devtemporal/alloy4fun/.

Two Alloy 6 families of this project's own (dev_families.py: railway, with util/ordering and var
state; mailbox, with var fields and a var sig), for tuning the mutation/synthesis repair search:
unlike the held-out split, failures on it may be read and used. Rendered with the held-out renderer
(``cli`` of benchmarks/heldout/write_alloy4fun.py), so the files have the same
Alloy4Fun repair format; also writes ``<out>_manifest.json`` (task id, family, exercise, mistake) next
to the output folder, outside the suite root.

    .venv/bin/python benchmarks/devtemporal/write_dev.py [--out benchmarks/devtemporal/alloy4fun]
    .venv/bin/python benchmarks/devtemporal/write_dev.py --equivalent --out /tmp/devtemporal_eq/alloy4fun
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "heldout"))
sys.path.insert(0, str(HERE))

from dev_families import FAMILIES_DEV  # noqa: E402
from write_alloy4fun import cli  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    return cli(argv, FAMILIES_DEV, HERE / "alloy4fun", __doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
