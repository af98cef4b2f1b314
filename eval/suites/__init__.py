"""Benchmark suites: name -> lazily imported Suite class."""

from __future__ import annotations

from fmrepair.eval.suites.base import Candidate, Scored, Suite, SuiteLoad, default_root, resolve_root
from fmrepair.registry import LazyRegistry

SUITES: LazyRegistry[type[Suite]] = LazyRegistry(
    "suite",
    {
        "alloy4fun": "fmrepair.eval.suites.alloy4fun:Alloy4FunSuite",
        "arepair": "fmrepair.eval.suites.arepair:ARepairSuite",
        "folio": "fmrepair.eval.suites.folio:FolioSuite",
        "marmaragan": "fmrepair.eval.suites.marmaragan:MarmaraganSuite",
        "cp-bench": "fmrepair.eval.suites.cpbench:CpBenchSuite",
        "planetarium-gen": "fmrepair.eval.suites.planetarium_gen:PlanetariumGenSuite",
        "acsl-removal": "fmrepair.eval.suites.acsl_removal:AcslRemovalSuite",
        "files": "fmrepair.eval.suites.files:FilesSuite",
    },
    group="fmrepair.suites",
)


def get_suite(name: str) -> Suite:
    return SUITES.load(name)()


__all__ = ["SUITES", "Candidate", "Scored", "Suite", "SuiteLoad", "default_root", "get_suite", "resolve_root"]
