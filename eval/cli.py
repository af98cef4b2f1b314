"""CLI commands of the eval subsystem: `fmrepair tasks list|show|verify` and `fmrepair gate`.

Module-level imports stay light: suites, the verifier and the JVM load inside the commands.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from fmrepair.inputs import InputError

tasks_app = typer.Typer(
    help="Benchmark tasks: list, show (never the hidden parts), verify, build-acsl.", no_args_is_help=True
)

SUITE = typer.Option(..., "--suite", "-s", help="Suite name: alloy4fun or arepair.")
ROOT = typer.Option(
    None, "--root", help="Benchmark folder (default $FMREPAIR_BENCHMARKS/<suite>, else ../shared/benchmarks/<suite>)."
)
MODE = typer.Option(None, "--mode", help="arepair: frozen (default) or hidden; alloy4fun: hidden.")
JSON = typer.Option(False, "--json", help="Print JSON.")


def _fail(msg: str) -> None:
    sys.stderr.write(f"error: {msg}\n")
    raise typer.Exit(2)


def _load(suite: str, root: str | None, mode: str | None) -> Any:
    from fmrepair.eval.suites import get_suite, resolve_root
    from fmrepair.registry import UnknownName

    try:
        s = get_suite(suite)
        return s.load(resolve_root(suite, root), mode)
    except (UnknownName, InputError) as e:
        _fail(str(e))
    return None  # unreachable


def _pick(load: Any, task_id: str) -> Any:
    exact = [t for t in load.tasks if t.id == task_id]
    if exact:
        return exact[0]
    stem = [t for t in load.tasks if t.id.rsplit("/", 1)[-1] == task_id]
    if len(stem) == 1:
        return stem[0]
    _fail(f"no task {task_id!r}" if not stem else f"task id {task_id!r} is ambiguous")
    return None


@tasks_app.command("list")
def list_tasks(
    suite: str = SUITE,
    root: str | None = ROOT,
    mode: str | None = MODE,
    dedupe: bool = typer.Option(False, "--dedupe", help="Drop normalized-MD5 duplicates (seed 000 §4.2)."),
    as_json: bool = JSON,
) -> None:
    """List the tasks of a suite."""
    load = _load(suite, root, mode)
    rows = []
    for t in load.tasks:
        if dedupe and "duplicate_of" in t.meta:
            continue
        m = t.meta
        row = {"id": t.id, "family": m.get("family"), "exercise": m.get("exercise"), "mode": m.get("mode")}
        row |= {k: m[k] for k in ("faulty_pred", "fix_lines", "duplicate_of", "defects") if k in m}
        row["has_reference"] = t.reference is not None
        rows.append(row)
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    for r in rows:
        extra = f" duplicate_of={r['duplicate_of']}" if r.get("duplicate_of") else ""
        typer.echo(f"{r['id']}\t{r['family']}\t{r['exercise']}{extra}")
    sys.stderr.write(f"{len(rows)} tasks; {len(load.duplicates)} duplicates; defects repaired {load.defects}\n")


@tasks_app.command("show")
def show_task(task_id: str = typer.Argument(..., help="Task id (or its unique last path part)."),
              suite: str = SUITE, root: str | None = ROOT, mode: str | None = MODE, as_json: bool = JSON) -> None:
    """Show what a model may see of one task: visible text, frozen regions, public meta."""
    task = _pick(_load(suite, root, mode), task_id)
    view = task.public_view()
    out = {"id": view["id"], "visible": view["visible"], "frozen": view["frozen"], "meta": view["meta"]}
    if as_json:
        typer.echo(json.dumps(out, indent=1))
        return
    typer.echo(f"# task {out['id']}  meta: {json.dumps(out['meta'])}")
    typer.echo(f"# frozen: {', '.join(f['name'] for f in out['frozen'])}")
    typer.echo(out["visible"])


@tasks_app.command("verify")
def verify_tasks(
    suite: str = SUITE,
    root: str | None = ROOT,
    mode: str | None = MODE,
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="Alloy worker processes."),
    family: str | None = typer.Option(None, "--family", help="Only this family."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N tasks."),
    as_json: bool = JSON,
) -> None:
    """Check every task: faulty + hidden oracle fails, reference + hidden oracle passes."""
    load = _load(suite, root, mode)
    if family:
        load.tasks = [t for t in load.tasks if t.meta.get("family") == family]
    if limit:
        load.tasks = load.tasks[:limit]
    from fmrepair.eval.suites.verify import verify
    from fmrepair.verifiers.alloy import AlloyVerifier

    verifier = AlloyVerifier(workers=workers)
    try:
        result = verify(suite, load, verifier, workers)
    finally:
        verifier.close()
    if as_json:
        typer.echo(json.dumps(result, indent=1))
    else:
        for k in ("suite", "tasks", "faulty_fails", "references", "reference_passes", "defects_repaired", "duplicates"):
            typer.echo(f"{k}: {result[k]}")
        for fam, c in result["families"].items():
            typer.echo(f"  {fam}: {c}")
        for e in result["errors"]:
            typer.echo(f"  ! {e['id']}: {e['what']}: {e['detail']}")


def gate_cmd(
    original: str = typer.Argument(..., help="The original (faulty) specification."),
    candidate: str = typer.Argument(..., help="The candidate repair."),
    no_vacuity: bool = typer.Option(False, "--no-vacuity", help="Text checks only (no JVM)."),
    editable: list[str] = typer.Option(
        [], "--editable", help="Alloy: a pred/fun an assertion or command reaches that may change (repeatable)."
    ),
    as_json: bool = JSON,
) -> None:
    """Faithfulness gate for your own pair. Alloy: assertions, commands, opens and every pred/fun they
    reach frozen (unless --editable), no signature, field, run or changed pred/fun loses its instances,
    no changed pred becomes always true; C/ACSL: the code, contracts, assertions and the logic they
    reach frozen, escapes rejected; Alloy also: no good instance of the original (one that meets its facts
and checked assertions) lost, no property assumed by an added constraint, no premise made vacuous.
Exit 0 faithful, 1 unfaithful, 3 unknown (undecided), 4 narrows (Alloy: faithful text that loses good
instances). Whether the candidate's own commands are met is said beside the verdict (`candidate_checks`), not
in it."""
    from fmrepair.inputs import read_spec

    try:
        orig, cand = read_spec(original), read_spec(candidate)
    except InputError as e:
        _fail(str(e))
        return
    suffixes = {original.rsplit(".", 1)[-1].lower(), candidate.rsplit(".", 1)[-1].lower()}
    if suffixes == {"c"}:
        from fmrepair.verifiers.acsl.gate import gate_files

        rep = gate_files(original, candidate, use_framac=not no_vacuity)
        if as_json:
            typer.echo(json.dumps(rep))
        else:
            typer.echo("faithful" if rep["faithful"] else "NOT faithful")
            for r in rep.get("reasons", []):
                typer.echo(f"  - {r}")
        raise typer.Exit(0 if rep["faithful"] else 1)
    if suffixes != {"als"}:
        _fail(f"gate compares two .als or two .c files, not {original} and {candidate}")
    from fmrepair.verifiers.alloy.gate import gate

    verifier = None
    checks = "not run (--no-vacuity)"
    if not no_vacuity:
        from fmrepair.verifiers.alloy import AlloyVerifier

        verifier = AlloyVerifier(workers=1)
    try:
        report = gate(orig, cand, verifier=verifier, also_editable=editable, behaviour="require")
        if verifier is not None:  # the gate judges faithfulness only: whether the checks pass is said beside it
            checks = {"ok": "met", "failed": "not met"}.get(verifier.check(cand).status, "undecided")
    finally:
        if verifier is not None:
            verifier.close()
    if as_json:
        typer.echo(json.dumps({**report.model_dump(), "candidate_checks": checks}))
    else:
        if checks != "met":
            typer.echo(f"note: the candidate's own commands are {checks}: this verdict is on faithfulness only, "
                       "and a candidate whose commands are not met is no repair")
        typer.echo({"faithful": "faithful (keeps every good instance)", "unfaithful": "NOT faithful",
                    "narrows": "NARROWS: faithful text, but it loses behaviour the original allows",
                    }.get(report.status, "UNKNOWN (not faithful)"))
        for r in report.reasons:
            typer.echo(f"  - {r}")
        for r in report.unknown:
            typer.echo(f"  ? {r}")
        if report.implicit_frames:
            typer.echo("  note: good instances read with the frames the original's operations leave out (a step may "
                       f"change nothing it does not name): {'; '.join(report.implicit_frames)}")
        for r in report.lost[:3]:
            typer.echo(f"  lost (an instance of the original that satisfies its facts and checked assertions) {r}")
        for r in report.reached_edits:
            typer.echo(f"  note: edited {r}")
    raise typer.Exit(GATE_EXIT[report.status])


GATE_EXIT = {"faithful": 0, "unfaithful": 1, "unknown": 3, "narrows": 4}


@tasks_app.command("build-acsl")
def build_acsl_cmd(
    out: str = typer.Option(..., "--out", help="Output folder."),
    sources: str = typer.Option("examples/acsl", "--sources", help="Folder of proved .c programs."),
    workers: int = typer.Option(2, "--workers", min=1),
    goal_timeout: float = typer.Option(10.0, "--goal-timeout"),
) -> None:
    """Build the ACSL removal-schema benchmark (eval/acsl_bench): keeps only variants Frama-C fails on."""
    from fmrepair.eval.acsl_bench import build

    summary = build(sorted(Path(sources).glob("*.c")), Path(out), workers=workers, goal_timeout_s=goal_timeout)
    keys = ("programs", "proved", "generated", "kept", "kept_total")
    typer.echo(json.dumps({k: summary[k] for k in keys} | {"not_proved": list(summary["not_proved"])}, indent=1))


def register(app: typer.Typer) -> None:
    """Add this subsystem's commands to the root app: `tasks ...` and `gate`."""
    app.add_typer(tasks_app, name="tasks")
    app.command("gate")(gate_cmd)
