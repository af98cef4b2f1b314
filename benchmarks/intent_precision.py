"""Intent precision of `fmrepair repair`: when it says "repaired", is the repair the one the author meant?

Each case under benchmarks/intent/<name>/ holds a faulty `spec.als` (what the tool sees), hidden
`intent.als` probes (AUnit-style `run {...} expect 1` / `check {...} expect 0` commands that tell the
intended fix from plausible wrong ones), the intended fix `reference.als`, and `case.json`
({"domain", "mistakes", "note"}). Optional `decoys/*.als` (plausible wrong fixes that pass the file's own
commands) and `alternatives/*.als` (other acceptable fixes) are only used by `--validate`.

For every case the script copies spec.als alone into a temporary folder, runs

    fmrepair repair TMP/spec.als --json --dry-run --candidates N --strategy S --timeout T

and, when a candidate comes back (repaired or narrowing), appends intent.als to it and runs
`fmrepair check --json` on the result: the candidate is "intended" when the file's own commands and every
probe meet their expectations. It reports per case the outcome, intended (yes / no / ? undecided / -), the
probes met and the seconds, then precision (intended among claimed repairs), recall (intended repairs among
all cases) and the narrowing outcomes. Probe texts and references are never printed: only counts.

    .venv/bin/python benchmarks/intent_precision.py [--case NAME ...] [--candidates 300] [--out FILE.json]
    .venv/bin/python benchmarks/intent_precision.py --validate      # the case files themselves
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CASES_DIR = HERE / "intent"
DEFAULT_FMREPAIR = REPO / ".venv" / "bin" / "fmrepair"

# one command per line in intent.als: `run {...} for N expect 1`, `check {...} ... expect 0`, maybe labelled
_COMMAND_LINE = re.compile(r"^\s*(?:[A-Za-z_][\w'\"]*\s*:\s*)?(?:run|check)\b", re.MULTILINE)


@dataclass
class CaseRecord:
    case: str
    domain: str = ""
    mistakes: int = 0
    outcome: str | None = None  # repaired | narrows | unfaithful | unknown | not_repaired
    has_candidate: bool = False
    intended: bool | None = None  # None: no candidate, or the probes were undecided
    own_commands_met: bool | None = None
    probes_total: int = 0
    probes_met: int | None = None
    probes_undecided: int = 0
    seconds: float = 0.0  # the repair's wall time
    check_seconds: float = 0.0
    candidates_checked: int | None = None
    stop_reason: str | None = None
    repair_exit: int | None = None
    diff: str | None = None  # the tool's own diff against spec.als (not hidden material)
    error: str | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class CheckResult:
    ok: bool
    status: str
    commands: list[dict[str, Any]]
    errors: list[Any]
    seconds: float


def list_cases(root: Path, names: list[str] | None) -> list[Path]:
    all_cases = sorted(p for p in root.iterdir() if p.is_dir() and (p / "spec.als").is_file())
    if not names:
        return all_cases
    by_name = {p.name: p for p in all_cases}
    missing = [n for n in names if n not in by_name]
    if missing:
        raise SystemExit(f"unknown case(s): {', '.join(missing)}; known: {', '.join(by_name)}")
    return [by_name[n] for n in names]


def count_probes(intent_text: str) -> int:
    """The number of commands in intent.als (one per line, comments aside)."""
    no_block_comments = re.sub(r"/\*.*?\*/", "", intent_text, flags=re.DOTALL)
    lines = [re.sub(r"(//|--).*$", "", ln) for ln in no_block_comments.splitlines()]
    return len(_COMMAND_LINE.findall("\n".join(lines)))


def _kill_group(proc: subprocess.Popen[str]) -> None:
    """End the process group of a child we started (start_new_session=True), by its id."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    except PermissionError:
        proc.kill()


def run_tool(cmd: list[str], cwd: Path, timeout_s: float) -> tuple[int, str, str, float]:
    """Run one command in its own process group; return (exit, stdout, stderr, seconds)."""
    start = time.monotonic()
    proc = subprocess.Popen(
        cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        out, err = proc.communicate()
        raise TimeoutError(f"{Path(cmd[0]).name} {cmd[1]} ran past {timeout_s:.0f} s") from None
    except BaseException:
        _kill_group(proc)
        raise
    return proc.returncode, out, err, time.monotonic() - start


def last_json_object(stdout: str) -> dict[str, Any] | None:
    """The JSON summary: the last stdout line that parses as an object (else the whole stdout)."""
    for line in reversed(stdout.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict):
                return obj
    try:
        obj = json.loads(stdout)
    except json.JSONDecodeError:
        return None
    return obj if isinstance(obj, dict) else None


def check_text(fmrepair: Path, text: str, workdir: Path, timeout_s: float, stem: str = "probe") -> CheckResult:
    """`fmrepair check --json` on one Alloy text."""
    path = workdir / f"{stem}.als"
    path.write_text(text)
    code, out, err, secs = run_tool(
        [str(fmrepair), "check", "--json", "--timeout", str(timeout_s), str(path)], workdir, timeout_s + 120
    )
    try:
        obj = json.loads(out)
    except json.JSONDecodeError:
        tail = (err or out).strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"check exit {code}: {tail[0][:300]}") from None
    if isinstance(obj, list):
        obj = obj[0]
    return CheckResult(
        ok=bool(obj.get("ok")),
        status=str(obj.get("status")),
        commands=list(obj.get("commands") or []),
        errors=list(obj.get("errors") or []),
        seconds=secs,
    )


def judge(result: CheckResult, n_probes: int, rec: CaseRecord) -> None:
    """Fill intended / own_commands_met / probes_met from a check of candidate + intent.als."""
    rec.probes_total = n_probes
    if result.status in ("syntax_error", "type_error"):
        # the candidate no longer declares a name the probes use, or the text does not parse with them
        rec.intended = False
        rec.probes_met = 0
        rec.notes.append(f"candidate + probes: {result.status}")
        return
    cmds = result.commands
    if len(cmds) < n_probes:
        rec.intended = None
        rec.notes.append(f"check returned {len(cmds)} commands, expected at least {n_probes} probes")
        return
    own, probes = cmds[: len(cmds) - n_probes], cmds[len(cmds) - n_probes :]
    undecided = [c for c in probes if c.get("outcome") in ("timeout", "error")]
    own_undecided = [c for c in own if c.get("outcome") in ("timeout", "error")]
    rec.own_commands_met = all(c.get("met") for c in own)
    rec.probes_met = sum(1 for c in probes if c.get("met"))
    rec.probes_undecided = len(undecided)
    failed = [c for c in probes + own if not c.get("met") and c.get("outcome") not in ("timeout", "error")]
    if failed:
        rec.intended = False
    elif undecided or own_undecided:
        rec.intended = None
        rec.notes.append(f"{len(undecided) + len(own_undecided)} command(s) timed out or errored")
    else:
        rec.intended = True


def run_case(case_dir: Path, args: argparse.Namespace) -> CaseRecord:
    rec = CaseRecord(case=case_dir.name)
    try:
        meta = json.loads((case_dir / "case.json").read_text())
        rec.domain = str(meta.get("domain", ""))
        rec.mistakes = int(meta.get("mistakes", 0))
    except (OSError, ValueError) as exc:
        rec.notes.append(f"case.json unreadable: {exc}")
    intent_text = (case_dir / "intent.als").read_text()
    rec.probes_total = count_probes(intent_text)
    with tempfile.TemporaryDirectory(prefix=f"intent-{case_dir.name}-") as tmp_s:
        tmp = Path(tmp_s)
        spec = tmp / "spec.als"
        shutil.copyfile(case_dir / "spec.als", spec)  # only the faulty spec goes where the tool can see it
        cmd = [
            str(args.fmrepair), "repair", str(spec), "--json", "--dry-run",
            "--candidates", str(args.candidates), "--strategy", args.strategy, "--timeout", str(args.timeout),
        ]  # fmt: skip
        if args.wall_seconds:
            cmd += ["--wall-seconds", str(args.wall_seconds)]
        if args.weakest_of > 1:
            cmd += ["--weakest-of", str(args.weakest_of)]
        code, out, err, secs = run_tool(cmd, tmp, args.repair_timeout)
        rec.seconds = round(secs, 1)
        rec.repair_exit = code
        summary = last_json_object(out)
        if summary is None:
            tail = (err or out).strip().splitlines()[-3:]
            raise RuntimeError(f"repair exit {code}, no JSON summary: {' | '.join(tail)[:400]}")
        rec.outcome = summary.get("outcome")
        rec.candidates_checked = summary.get("candidates_checked")
        rec.stop_reason = summary.get("stop_reason")
        rec.diff = summary.get("diff")
        candidate = summary.get("candidate")
        if not candidate:
            return rec
        rec.has_candidate = True
        workdir = tmp / "judge"
        workdir.mkdir()
        result = check_text(args.fmrepair, candidate.rstrip("\n") + "\n\n" + intent_text, workdir, args.check_timeout)
        rec.check_seconds = round(result.seconds, 1)
        judge(result, rec.probes_total, rec)
    return rec


def yes_no(value: bool | None, has_candidate: bool) -> str:
    if not has_candidate:
        return "-"
    return "?" if value is None else ("yes" if value else "no")


def print_table(records: list[CaseRecord]) -> None:
    head = f"{'case':<20} {'mistakes':>8}  {'outcome':<13} {'intended':<8} {'probes':>7} {'seconds':>8}"
    print(head)
    print("-" * len(head))
    for r in records:
        probes = f"{r.probes_met}/{r.probes_total}" if r.probes_met is not None else "-"
        outcome = r.outcome or "error"
        print(
            f"{r.case:<20} {r.mistakes:>8}  {outcome:<13} {yes_no(r.intended, r.has_candidate):<8} {probes:>7} "
            f"{r.seconds:>8.1f}"
        )
        if r.error:
            print(f"{'':<20} error: {r.error}")
        for note in r.notes:
            print(f"{'':<20} note: {note}")


def totals(records: list[CaseRecord]) -> dict[str, Any]:
    n = len(records)
    repaired = [r for r in records if r.outcome == "repaired"]
    narrows = [r for r in records if r.outcome == "narrows"]
    rep_int = sum(1 for r in repaired if r.intended is True)
    rep_und = sum(1 for r in repaired if r.intended is None)
    nar_int = sum(1 for r in narrows if r.intended is True)
    by_outcome: dict[str, int] = {}
    for r in records:
        key = r.outcome or "error"
        by_outcome[key] = by_outcome.get(key, 0) + 1
    return {
        "cases": n,
        "errors": sum(1 for r in records if r.error),
        "outcomes": by_outcome,
        "claimed_repaired": len(repaired),
        "repaired_intended": rep_int,
        "repaired_undecided": rep_und,
        "precision": (rep_int / len(repaired)) if repaired else None,
        "recall": (rep_int / n) if n else None,
        "narrows": len(narrows),
        "narrows_intended": nar_int,
        "any_candidate_intended": sum(1 for r in records if r.intended is True),
    }


def print_totals(t: dict[str, Any]) -> None:
    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.0f}%"

    print()
    print(
        f"cases: {t['cases']}  errors: {t['errors']}  outcomes: "
        + ", ".join(f"{k} {v}" for k, v in t["outcomes"].items())
    )
    print(
        f"claimed repaired: {t['claimed_repaired']}, of them intended: {t['repaired_intended']}"
        f" (precision {pct(t['precision'])}; undecided {t['repaired_undecided']})"
    )
    print(f"intended repairs among all cases: {t['repaired_intended']}/{t['cases']} (recall {pct(t['recall'])})")
    print(f"narrows: {t['narrows']}, of them intended: {t['narrows_intended']}")
    print(f"any returned candidate intended (repaired or narrows): {t['any_candidate_intended']}/{t['cases']}")


def save(path: Path | None, records: list[CaseRecord], args: argparse.Namespace) -> None:
    if path is None:
        return
    payload = {
        "settings": {
            "candidates": args.candidates,
            "strategy": args.strategy,
            "timeout": args.timeout,
            "wall_seconds": args.wall_seconds,
            "weakest_of": args.weakest_of,
        },
        "totals": totals(records),
        "cases": [asdict(r) for r in records],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2) + "\n")


# --validate: the case files themselves (spec fails, reference meets every probe, decoys are told apart)


def validate_case(case_dir: Path, args: argparse.Namespace) -> list[str]:
    """Problems with one case (empty when it is sound). Prints no probe text."""
    problems: list[str] = []
    intent = (case_dir / "intent.als").read_text()
    n_probes = count_probes(intent)
    if not 4 <= n_probes <= 8:
        problems.append(f"{n_probes} probes (want 4 to 8)")
    try:
        meta = json.loads((case_dir / "case.json").read_text())
        if meta.get("mistakes") not in (1, 2) or not meta.get("domain") or not meta.get("note"):
            problems.append("case.json lacks domain/note or mistakes is not 1 or 2")
    except (OSError, ValueError) as exc:
        problems.append(f"case.json: {exc}")
    with tempfile.TemporaryDirectory(prefix=f"intent-validate-{case_dir.name}-") as tmp_s:
        tmp = Path(tmp_s)
        spec = check_text(args.fmrepair, (case_dir / "spec.als").read_text(), tmp, args.check_timeout, "spec")
        if spec.ok or spec.status != "failed":
            problems.append(f"spec.als: status {spec.status} (want failed)")
        if not any(c.get("kind") == "check" and c.get("outcome") == "counterexample" for c in spec.commands):
            problems.append("spec.als: no check has a counterexample")
        if not any(c.get("kind") == "run" and c.get("outcome") == "instance" for c in spec.commands):
            problems.append("spec.als: no run has an instance")
        ref = check_text(
            args.fmrepair, (case_dir / "reference.als").read_text() + "\n" + intent, tmp, args.check_timeout, "ref"
        )
        if not ref.ok:
            bad = sum(1 for c in ref.commands if not c.get("met"))
            problems.append(f"reference + intent: status {ref.status}, {bad} command(s) not met")
        spec_probed = CaseRecord(case_dir.name)
        judge(
            check_text(args.fmrepair, (case_dir / "spec.als").read_text() + "\n" + intent, tmp, args.check_timeout),
            n_probes,
            spec_probed,
        )
        if spec_probed.probes_met == n_probes:
            problems.append("spec.als meets every probe (the probes do not see the mistake)")
        for kind in ("decoys", "alternatives"):
            for f in sorted((case_dir / kind).glob("*.als")) if (case_dir / kind).is_dir() else []:
                own = check_text(args.fmrepair, f.read_text(), tmp, args.check_timeout, "own")
                rec = CaseRecord(case_dir.name)
                judge(check_text(args.fmrepair, f.read_text() + "\n" + intent, tmp, args.check_timeout), n_probes, rec)
                if kind == "decoys" and own.ok and rec.intended is not False:
                    problems.append(f"decoy {f.name} passes its own commands and every probe")
                if kind == "alternatives" and rec.intended is not True:
                    problems.append(f"alternative {f.name}: {rec.probes_met}/{n_probes} probes met")
                print(
                    f"    {kind[:-1]:<11} {f.name:<34} own commands {'pass' if own.ok else 'fail'}, "
                    f"probes {rec.probes_met}/{n_probes}"
                )
    return problems


def validate(cases: list[Path], args: argparse.Namespace) -> int:
    bad = 0
    for case_dir in cases:
        print(f"{case_dir.name}:")
        try:
            problems = validate_case(case_dir, args)
        except Exception as exc:  # keep going; report the case as broken
            problems = [f"{type(exc).__name__}: {exc}"]
        for p in problems:
            print(f"    PROBLEM: {p}")
        print(f"    {'ok' if not problems else 'BROKEN'}")
        bad += bool(problems)
    print(f"\n{len(cases) - bad}/{len(cases)} cases sound")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    doc = __doc__ or ""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--case", action="append", metavar="NAME", help="a case to run (repeatable; default: all)")
    ap.add_argument("--cases-dir", type=Path, default=CASES_DIR, help=f"default {CASES_DIR.relative_to(REPO)}")
    ap.add_argument("--candidates", type=int, default=300, help="repair search budget (default 300)")
    ap.add_argument("--strategy", default="mutate", help="repair strategy, passed through (default mutate)")
    ap.add_argument("--timeout", type=float, default=10.0, help="repair's verifier timeout per check (default 10)")
    ap.add_argument("--wall-seconds", type=float, default=None, help="repair's --wall-seconds cap (default none)")
    ap.add_argument("--weakest-of", type=int, default=1, help="repair's --weakest-of (default 1: the first repair)")
    ap.add_argument(
        "--repair-timeout", type=float, default=3600.0, help="kill a repair after this many seconds (default 3600)"
    )
    ap.add_argument("--check-timeout", type=float, default=120.0, help="timeout of one probe check (default 120)")
    ap.add_argument("--fmrepair", type=Path, default=DEFAULT_FMREPAIR, help="the fmrepair executable")
    ap.add_argument("--out", type=Path, default=None, help="save per-case records and totals as JSON")
    ap.add_argument("--validate", action="store_true", help="check the case files instead of running repair")
    args = ap.parse_args(argv)
    args.fmrepair = args.fmrepair.resolve()
    if not args.fmrepair.exists():
        ap.error(f"no fmrepair at {args.fmrepair}")
    cases = list_cases(args.cases_dir.resolve(), args.case)
    if args.validate:
        return validate(cases, args)

    records: list[CaseRecord] = []
    for i, case_dir in enumerate(cases, 1):
        print(f"[{i}/{len(cases)}] {case_dir.name} ...", file=sys.stderr, flush=True)
        try:
            rec = run_case(case_dir, args)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            break
        except Exception as exc:  # one broken case must not stop the benchmark
            rec = CaseRecord(case=case_dir.name, error=f"{type(exc).__name__}: {exc}")
            try:
                meta = json.loads((case_dir / "case.json").read_text())
                rec.domain, rec.mistakes = str(meta.get("domain", "")), int(meta.get("mistakes", 0))
            except (OSError, ValueError):
                pass
        records.append(rec)
        print(
            f"    {rec.outcome or 'error'}, intended {yes_no(rec.intended, rec.has_candidate)}, {rec.seconds:.1f} s",
            file=sys.stderr,
            flush=True,
        )
        save(args.out, records, args)  # after every case, so a long run keeps what it has
    print_table(records)
    t = totals(records)
    print_totals(t)
    save(args.out, records, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
