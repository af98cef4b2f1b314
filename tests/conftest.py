"""Fixtures shared by the Alloy search tests (test_mutation.py, test_lift.py): one syntax worker and one
Alloy verifier per test module. A module that defines its own fixture of the same name uses that one."""

from __future__ import annotations

import pytest

from fmrepair.verifiers.alloy.syntax import AstClient


@pytest.fixture(scope="module")
def client():
    c = AstClient()
    yield c
    c.close()


@pytest.fixture(scope="module")
def verifier():
    from fmrepair.verifiers.alloy import AlloyVerifier

    with AlloyVerifier(workers=1) as v:
        yield v
