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

# the built-in verifiers' ``extensions``, written here too so that `check` picks one without importing all
# six (tests/test_plugins.py asserts they agree); a plug-in verifier's come from its class
BUILTIN_EXTENSIONS: dict[str, str] = {
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


def extensions() -> dict[str, str]:
    """Every file suffix a registered verifier reads -> its formalism: the built-ins', then each plug-in
    verifier's ``extensions`` (imports the plug-ins; a built-in suffix wins)."""
    table = dict(BUILTIN_EXTENSIONS)
    for name in VERIFIERS.names():
        if name in BUILTIN_EXTENSIONS.values():
            continue
        for ext in getattr(VERIFIERS.load(name), "extensions", ()) or ():
            table.setdefault(str(ext).lower(), name)
    return table


def detect_formalism(path: str | Path) -> str:
    ext = Path(path).suffix.lower()
    table = BUILTIN_EXTENSIONS if ext in BUILTIN_EXTENSIONS else extensions()
    if ext not in table:
        raise UnknownFormalism(f"{path}: unknown extension {ext or '(none)'!r}; known: {', '.join(sorted(table))}")
    formalism = table[ext]
    if formalism not in VERIFIERS:
        raise UnknownFormalism(f"{path}: no verifier for formalism {formalism!r} is installed yet")
    return formalism


def get_verifier(formalism: str, **kwargs: object) -> Verifier:
    cls = VERIFIERS.load(formalism)
    return cls(**kwargs)  # type: ignore[call-arg]
