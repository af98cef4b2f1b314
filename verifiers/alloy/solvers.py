"""SAT solver names accepted by `--solver` (no JVM needed to list them)."""

from __future__ import annotations

# fmrepair solver name -> A4Options.SatSolver field; "auto" tries AUTO_ORDER and falls back to SAT4J.
SOLVERS: dict[str, str] = {
    "minisat": "MiniSatJNI",
    "glucose": "GlucoseJNI",
    "glucose41": "Glucose41JNI",
    "minisatprover": "MiniSatProverJNI",
    "lingeling": "LingelingJNI",
    "cryptominisat": "CryptoMiniSatJNI",
    "sat4j": "SAT4J",
}
AUTO_ORDER = ("minisat", "glucose", "sat4j")
SOLVER_NAMES = ("auto", *SOLVERS)


def check_solver_name(name: str) -> str:
    if name not in SOLVER_NAMES:
        raise ValueError(f"unknown solver {name!r}; known: {', '.join(SOLVER_NAMES)}")
    return name
