"""Fixtures shared by the Alloy search tests (test_mutation.py, test_mutation_library.py, test_lift.py,
test_synth_projection.py): one syntax worker and one Alloy verifier per test module; and ``alloy``, the
verifier for the gate's tests (test_preserve.py, test_frames.py, test_postcond.py, ...), which skips the module
when the Analyzer cannot start. A module that defines its own fixture of the same name uses that one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from fmrepair.verifiers.alloy.syntax import AstClient

if TYPE_CHECKING:
    from fmrepair.verifiers.alloy import AlloyVerifier


@pytest.fixture(scope="module")
def client() -> Iterator[AstClient]:
    c = AstClient()
    yield c
    c.close()


@pytest.fixture(scope="module")
def verifier() -> Iterator[AlloyVerifier]:
    from fmrepair.verifiers.alloy import AlloyVerifier

    with AlloyVerifier(workers=1) as v:
        yield v


@pytest.fixture(scope="module")
def alloy() -> Iterator[AlloyVerifier]:
    from fmrepair.verifiers.alloy import AlloyVerifier

    v = AlloyVerifier(workers=1)
    try:
        v.check("sig A {}\nrun {} for 1\n")
    except Exception as e:  # noqa: BLE001
        pytest.skip(f"Alloy not available: {e}")
    yield v
    v.close()
