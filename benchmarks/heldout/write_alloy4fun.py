"""Write the held-out Alloy4Fun-style families (docs/heldout.md) into benchmarks/heldout/alloy4fun/.

Each family is a model of this project's own (heldout_families.py: the first four;
heldout_families_2.py: hospital and workflow, written later) with reference predicates; each exercise has
student-like faulty bodies, each labelled with the mistake it makes. One file per faulty body, in
the Alloy4Fun repair format (the model with the faulty predicate, then the ``IFF PERFECT ORACLE``
section: ``xxx_OK`` references, ``xxx_Repaired`` iff assertions, their checks and ``repair_pred_1`` /
``repair_assert_1``). Also writes ``<out>_manifest.json`` (task id, family, exercise, mistake) next to the
output folder, outside the suite root.

    .venv/bin/python benchmarks/heldout/write_alloy4fun.py [--out benchmarks/heldout/alloy4fun]

The held-out split is evaluated only: never change an operator, prompt or threshold because of it.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from heldout_families import FAMILIES
from heldout_families_2 import FAMILIES_2

ORACLE_MARKER = "/*======== IFF PERFECT ORACLE ===============*/"


@dataclass
class Exercise:
    name: str
    comment: str
    ok: str
    faulty: list[tuple[str, str]] = field(default_factory=list)  # (body, mistake)
    equivalent: list[str] = field(default_factory=list)  # correct alternatives: never tasks of the split


@dataclass
class Family:
    name: str
    model: str
    exercises: list[Exercise]
    ok_suffix: str = "_OK"  # graphs-style families use "OK" / "Repaired"
    repaired_suffix: str = "_Repaired"


def parse_family(raw: dict) -> Family:
    exercises = [
        Exercise(e["name"], e["comment"], e["ok"], [(b, m) for b, m in e["faulty"]], list(e.get("equivalent", [])))
        for e in raw["exercises"]
    ]
    return Family(
        raw["name"],
        raw["model"].strip("\n"),
        exercises,
        raw.get("ok_suffix", "_OK"),
        raw.get("repaired_suffix", "_Repaired"),
    )


def _pred(name: str, comment: str, body: str) -> str:
    return f"/*\n{comment.strip()}\n*/\npred {name} {{\n\t{body.strip()}\n}}"


def render(fam: Family, target: Exercise, faulty_body: str) -> str:
    """One task file: the model, every exercise's predicate (the target one faulty), the oracle."""
    parts = [fam.model]
    for ex in fam.exercises:
        parts.append(_pred(ex.name, ex.comment, faulty_body if ex is target else ex.ok))
    visible = "\n".join(parts)
    oracle = [ORACLE_MARKER]
    for ex in fam.exercises:
        ok, rep = ex.name + fam.ok_suffix, ex.name + fam.repaired_suffix
        oracle.append(f"pred {ok} {{\n\t{ex.ok.strip()}\n}}")
        oracle.append(f"assert {rep} {{\n    {ex.name}[] iff {ok}[]\n}}")
        oracle.append("--------")
    oracle.append("-- PerfectOracleCommands")
    oracle.extend(f" check {ex.name}{fam.repaired_suffix} expect 0" for ex in fam.exercises)
    ok = target.name + fam.ok_suffix
    oracle.append(f"pred repair_pred_1{{{target.name}[] iff {ok}[] }}")
    oracle.append("run repair_pred_1")
    oracle.append(f"assert repair_assert_1{{{target.name}[] iff {ok}[] }}")
    oracle.append("check repair_assert_1")
    return visible + "\n" + "\n".join(oracle) + "\n"


def _norm(body: str) -> str:
    return " ".join(body.split())


def check_family(fam: Family) -> None:
    """Clear errors on bad data: duplicate names, a faulty body equal to its reference or repeated."""
    names = [e.name for e in fam.exercises]
    if len(set(names)) != len(names):
        raise ValueError(f"{fam.name}: duplicate exercise names")
    for ex in fam.exercises:
        seen = {_norm(ex.ok)}
        for body, mistake in ex.faulty + [(b, "believed equivalent") for b in ex.equivalent]:
            if not mistake:
                raise ValueError(f"{fam.name}/{ex.name}: faulty body without a mistake label: {body}")
            if _norm(body) in seen:
                raise ValueError(f"{fam.name}/{ex.name}: repeated or reference body: {body}")
            seen.add(_norm(body))


def write(out: Path, families: list[Family], equivalent: bool = False) -> list[dict[str, str]]:
    """The split (``equivalent=False``), or, as a check of the oracle, one file per body written as
    equivalent to its reference (``tasks verify`` must report every one of them not faulty)."""
    manifest: list[dict[str, str]] = []
    out.mkdir(parents=True, exist_ok=True)
    for fam in families:
        check_family(fam)
        folder = out / fam.name
        folder.mkdir(exist_ok=True)
        for old in folder.glob("*.als"):
            old.unlink()
        for ex in fam.exercises:
            bodies = [(b, "believed equivalent") for b in ex.equivalent] if equivalent else ex.faulty
            for i, (body, mistake) in enumerate(bodies, 1):
                stem = f"{fam.name}_{ex.name}_{i}"
                (folder / f"{stem}.als").write_text(render(fam, ex, body), encoding="utf-8")
                manifest.append(
                    {"id": f"{fam.name}/{stem}", "family": fam.name, "exercise": ex.name, "mistake": mistake}
                )
    (out.parent / f"{out.name}_manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def cli(argv: list[str] | None, raw_families: list[dict], default_out: Path, description: str) -> int:
    """The command line of a split's writer: ``--out`` (default ``default_out``) and ``--equivalent``."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--out", type=Path, default=default_out)
    ap.add_argument(
        "--equivalent", action="store_true", help="write the bodies believed equivalent instead (to another --out)"
    )
    args = ap.parse_args(argv)
    if args.equivalent and args.out.resolve() == default_out.resolve():
        print("--equivalent writes check files, not the split: give another --out", file=sys.stderr)
        return 2
    families = [parse_family(f) for f in raw_families]
    manifest = write(args.out, families, equivalent=args.equivalent)
    for fam in families:
        n = sum(1 for m in manifest if m["family"] == fam.name)
        print(f"{fam.name}: {len(fam.exercises)} exercises, {n} tasks")
    print(f"total: {len(manifest)} tasks -> {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    default_out = Path(__file__).resolve().parent / "alloy4fun"
    return cli(argv, FAMILIES + FAMILIES_2, default_out, __doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
