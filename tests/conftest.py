"""Fixtures shared by the Alloy search tests (test_mutation.py, test_mutation_library.py, test_lift.py,
test_synth_projection.py): one syntax worker and one Alloy verifier per test module. A module that defines
its own fixture of the same name uses that one."""

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
