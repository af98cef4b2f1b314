"""Regenerate the README's table of archived runs from ``docs/results/*`` (one row per suite, mode,
families and split: the newest finished archive) and docs/results-history.md (every archive).

    .venv/bin/python benchmarks/regenerate_readme.py            # print the table
    .venv/bin/python benchmarks/regenerate_readme.py --write    # replace it in README.md
    .venv/bin/python benchmarks/regenerate_readme.py --check    # exit 1 when README.md is out of date

An archive is what `fmrepair bench archive RUN --out docs/results/NAME` writes (manifest.json,
results.jsonl.gz, command.txt). The table sits between ``<!-- results:begin -->`` and
``<!-- results:end -->`` in README.md; nothing else in the README is touched. Rates are over the tasks
counted (not-faulty tasks are out); gate-unknown, errors, unknown scores and not-faulty tasks have their
own columns.

The adversarial gate benchmark archives its own way (``docs/results/gate-adversarial-<formalism>/``,
written by ``benchmarks/gate_adversarial.py --out``): its row in the README is prose, so this script does
not write it, but ``--check`` (and ``--write``) fail unless the README quotes each archive's sentence.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"
HEADER = (
    "| archive | suite / mode / families | strategy / model | budget per task | tasks counted | faithful "
    "| raw | equivalent | raw, gate rejected | raw, gate unknown | errors | score unknown | not faulty "
    "| faithful editing a reached paragraph | command |\n"
    "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n"
)


class ReadmeError(ValueError):
    pass


def archives(results: Path) -> list[Path]:
    """Archive folders under ``results`` (those with a manifest and a results.jsonl.gz), by name."""
    if not results.is_dir():
        return []
    return sorted(
        p for p in results.iterdir() if (p / "manifest.json").is_file() and (p / "results.jsonl.gz").is_file()
    )


def _rate(n: int, d: int) -> str:
    return f"{n} / {d} ({100.0 * n / d:.1f}%)" if d else f"{n} / 0"


def _budget(run: dict[str, Any]) -> str:
    parts = []
    if run.get("wall_seconds") is not None:
        parts.append(f"{run['wall_seconds']:g} s")
    if run.get("candidates") is not None:
        parts.append(f"{run['candidates']} candidates")
    if run.get("model") not in (None, "none"):
        parts.append(f"k={run.get('k')}, samples={run.get('samples')}")
    parts.append(f"check timeout {run.get('check_timeout_s'):g} s" if run.get("check_timeout_s") else "")
    return ", ".join(p for p in parts if p)


def split(folder: Path) -> str:
    """Which split a run's tasks come from (docs/heldout.md). The families under benchmarks/heldout/ were
    written inside the project, mostly one operator from the answer: a synthetic near-mutant regression
    set, not evidence of generalization (issue 35); only real submissions nobody tuned on are."""
    from fmrepair.eval.report.tables import load_manifest

    root = str(load_manifest(folder).settings.get("root") or "").replace("\\", "/") + "/"
    if "benchmarks/heldout/" in root:
        return "synthetic near-mutant regression set, written here"
    if "benchmarks/devtemporal/" in root:
        return "development split, synthetic, written here"
    return "development split"


def row(folder: Path) -> str:
    from fmrepair.eval.report.tables import run_summary

    s = run_summary(folder, distance=False)
    run, o = s["run"], s["overall"]
    command_file = folder / "command.txt"
    command = command_file.read_text(encoding="utf-8").strip() if command_file.is_file() else (run.get("command") or "")
    if not command:
        raise ReadmeError(f"{folder}: no command.txt and no command in the manifest")
    fams = ", ".join(run.get("family") or []) or "all"
    n = o["tasks"]
    out = o["outcomes"]
    code = f"{(run.get('git_commit') or 'no commit')[:10]}{', dirty tree' if run.get('git_dirty') else ''}"
    if run.get("resumed_with_other_code"):
        code += f", resumed {run['resumed_with_other_code']}x with other code"
    cells = [
        f"`{folder.name}` ({code})",
        f"{run.get('suite')} / {run.get('mode')} / {fams} ({split(folder)})",
        f"{run.get('strategy')} / {run.get('model')}",
        _budget(run),
        str(n),
        f"**{_rate(o['faithful'], n)}**",
        _rate(o["raw"], n),
        _rate(o["equivalent"], n),
        str(out["unfaithful"]),
        str(out["gate_unknown"]),
        str(out["error"]),
        str(out["score_unknown"]),
        str(out["not_faulty"]),
        str(o["faithful_reached_edits"]),
        "`" + command.replace("|", "\\|").replace("`", "'") + "`",
    ]
    if run.get("finished") != run.get("expected_tasks"):
        cells[4] += f" (run unfinished: {run.get('finished')} of {run.get('expected_tasks')})"
    return "| " + " | ".join(cells) + " |\n"


def _group(folder: Path) -> tuple[Any, ...]:
    """One README row per suite, mode, families, split, strategy and model (a paired evaluation's two arms
    are two rows)."""
    from fmrepair.eval.report.tables import load_manifest

    m = load_manifest(folder)
    st = m.settings
    return (st.get("suite"), st.get("mode"), tuple(sorted(st.get("family") or [])), tuple(st.get("ids") or []),
            split(folder), st.get("strategy"), st.get("model"))


def current(folders: list[Path]) -> list[Path]:
    """The newest finished archive of each group (the newest unfinished one where none finished)."""
    from fmrepair.eval.report.tables import load_manifest

    best: dict[tuple[Any, ...], tuple[tuple[bool, str], Path]] = {}
    for f in folders:
        m = load_manifest(f)
        expected = m.config.get("tasks")
        from fmrepair.eval.report.runs import open_run

        finished = not isinstance(expected, int) or len(open_run(f).results) >= expected
        key = (finished, str(m.created or ""))
        g = _group(f)
        if g not in best or key > best[g][0]:
            best[g] = (key, f)
    return sorted(p for _, p in best.values())


def table(results: Path, history: bool = False) -> str:
    """The README's table (one row per group: ``current``) or, with history, every archive."""
    folders = archives(results)
    if not folders:
        return HEADER + "| (no archived runs yet) |" + " |" * 14 + "\n"
    return HEADER + "".join(row(f) for f in (folders if history else current(folders)))


HISTORY_HEAD = """# Every archived run

Generated by `benchmarks/regenerate_readme.py --write` from `docs/results/*`: every archive, including
partial and superseded reruns (the README shows the newest finished run of each suite, mode, families
and split). Each row regenerates from its archive.

"""


def gate_sentences(results: Path) -> dict[str, str]:
    """Each archived adversarial gate run's README sentence, by archive folder name."""
    out = {}
    for f in sorted(results.glob("gate-adversarial-*/summary.json")):
        s = json.loads(f.read_text(encoding="utf-8"))
        out[f.parent.name] = (
            f"**{s['cheats_not_accepted']} of {s['cheats']} cheats not accepted** ({s['cheats_undecided']} of "
            f"them undecided), **{s['honest_accepted']} of {s['honest']} honest fixes accepted**, "
            f"{s['policy_met']} of {s['policy']} as the policy expects")
    return out


def missing_gate_sentences(readme: str, results: Path) -> list[str]:
    """Archives whose sentence (or whose folder name) the README does not quote."""
    return [f"{name}: {sentence}" for name, sentence in gate_sentences(results).items()
            if sentence not in readme or name not in readme]


def replace_block(readme: str, new_table: str) -> str:
    if readme.count(BEGIN) != 1 or readme.count(END) != 1 or readme.index(BEGIN) > readme.index(END):
        raise ReadmeError(f"the README needs exactly one {BEGIN} ... {END} block")
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{new_table}{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", type=Path, default=REPO / "docs" / "results", help="folder of archives")
    ap.add_argument("--readme", type=Path, default=REPO / "README.md")
    ap.add_argument("--history", type=Path, default=None,
                    help="the page of every archive (default: docs/results-history.md beside the README)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="replace the table in the README")
    mode.add_argument("--check", action="store_true", help="exit 1 when the README's table is out of date")
    args = ap.parse_args(argv)
    try:
        new_table = table(args.results)
        if not (args.write or args.check):
            sys.stdout.write(new_table)
            return 0
        old = args.readme.read_text(encoding="utf-8")
        new = replace_block(old, new_table)
        hist_path = args.history or args.readme.parent / "docs" / "results-history.md"
        hist = HISTORY_HEAD + table(args.results, history=True)
        old_hist = hist_path.read_text(encoding="utf-8") if hist_path.is_file() else ""
    except (ReadmeError, FileNotFoundError) as e:
        sys.stderr.write(f"regenerate_readme: {e}\n")
        return 2
    missing = missing_gate_sentences(old, args.results)
    for m in missing:
        sys.stderr.write(f"{args.readme} does not quote the archived gate run {m}\n")
    if args.check:
        if new != old or hist != old_hist:
            sys.stderr.write(f"{args.readme} or {hist_path}: the archived-runs tables are out of date "
                             "(run with --write)\n")
            return 1
        return 1 if missing else 0
    if new != old:
        args.readme.write_text(new, encoding="utf-8")
    if hist != old_hist:
        hist_path.parent.mkdir(parents=True, exist_ok=True)
        hist_path.write_text(hist, encoding="utf-8")
    sys.stdout.write(f"{args.readme}: {len(archives(args.results))} archived runs in the table\n")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
