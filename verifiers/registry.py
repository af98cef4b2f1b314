"""The verifier and gate registries keyed by formalism name, and formalism detection by file extension."""

from __future__ import annotations

from pathlib import Path

from fmrepair.registry import LazyRegistry
from fmrepair.verifiers.base import Gate, Verifier

VERIFIERS: LazyRegistry[type[Verifier]] = LazyRegistry(
    "formalism",
    {
        "alloy": "fmrepair.verifiers.alloy:AlloyVerifier",
        "minizinc": "fmrepair.verifiers.minizinc.verifier:MiniZincVerifier",
        "smtlib": "fmrepair.verifiers.smtlib.verifier:SmtVerifier",
        "pddl": "fmrepair.verifiers.pddl.verifier:PddlVerifier",
        "acsl": "fmrepair.verifiers.acsl:AcslVerifier",
        "spark": "fmrepair.verifiers.spark.verifier:SparkVerifier",
    },
    group="fmrepair.verifiers",
)

# formalism -> faithfulness gate (verifiers.base.Gate)
GATES: LazyRegistry[Gate] = LazyRegistry(
    "gate",
    {
        "alloy": "fmrepair.verifiers.alloy.gate:gate_report",
        "acsl": "fmrepair.verifiers.acsl.gate:gate_report",
    },
    group="fmrepair.gates",
)

EXTENSIONS: dict[str, str] = {
    ".als": "alloy",
    ".mzn": "minizinc",
    ".smt2": "smtlib",
    ".pddl": "pddl",
    ".c": "acsl",
    ".ads": "spark",
    ".adb": "spark",
}


class UnknownFormalism(ValueError):
    pass


def detect_formalism(path: str | Path) -> str:
    ext = Path(path).suffix.lower()
    if ext not in EXTENSIONS:
        raise UnknownFormalism(f"{path}: unknown extension {ext or '(none)'!r}; known: {', '.join(sorted(EXTENSIONS))}")
    formalism = EXTENSIONS[ext]
    if formalism not in VERIFIERS:
        raise UnknownFormalism(f"{path}: no verifier for formalism {formalism!r} is installed yet")
    return formalism


def get_verifier(formalism: str, **kwargs: object) -> Verifier:
    cls = VERIFIERS.load(formalism)
    return cls(**kwargs)  # type: ignore[call-arg]
