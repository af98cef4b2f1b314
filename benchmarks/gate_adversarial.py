"""The adversarial gate benchmark: every case under benchmarks/gate_cases/<formalism>/<case>/ through the
faithfulness gate, accepted / rejected / unknown per loophole class.

A case is ``original.<ext>``, ``candidate.<ext>`` and ``case.json`` ({"class", "expect": "reject" |
"accept", "note", optional "editable": [names]}). Target: every unfaithful candidate rejected, every
faithful one accepted ("expect": "unknown" where the honest answer is undecided; "narrows" for an honest
fix that also removes behaviour the assertions allow, which the Alloy gate reports with a witness; a
cheat, "reject", is met by "narrows" and "unknown" too: none of them is accepted; the table says which). A case with
"known_gap" (the reason) is a hole we know of and have not closed: it is reported on its own and does
not fail the run. Exit 0 when every other case meets its expectation, 1 otherwise.

    .venv/bin/python benchmarks/gate_adversarial.py [--formalism alloy|acsl] [--json] [--out DIR]

``--out docs/results/gate-adversarial-alloy`` archives the run: ``records.json`` (every case's verdict and
reasons), ``summary.json`` (the counts, the commit and the command) and ``command.txt``. The README's gate
row quotes ``summary.json``'s sentence, and ``benchmarks/regenerate_readme.py --check`` fails when it
does not.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from pydantic import BaseModel

CASES = Path(__file__).resolve().parent / "gate_cases"


def load_cases(formalism: str | None = None) -> list[dict[str, Any]]:
    out = []
    for d in sorted(CASES.glob("*/*")):
        if not (d / "case.json").is_file() or (formalism and d.parent.name != formalism):
            continue
        meta = json.loads((d / "case.json").read_text(encoding="utf-8"))
        orig = next(d.glob("original.*"))
        out.append({**meta, "name": d.name, "formalism": d.parent.name, "dir": d, "original": orig,
                    "candidate": next(d.glob("candidate.*"))})
    return out


class Judge:
    """One JVM for every Alloy case."""

    def __init__(self) -> None:
        self._alloy = None

    def alloy(self):  # noqa: ANN201
        if self._alloy is None:
            from fmrepair.verifiers.alloy import AlloyVerifier

            self._alloy = AlloyVerifier(workers=1)
        return self._alloy

    def verdict(self, case: dict[str, Any]) -> tuple[str, list[str]]:
        """("accept" | "reject" | "unknown", reasons)."""
        if case["formalism"] == "alloy":
            from fmrepair.verifiers.alloy.gate import gate

            orig = case["original"].read_bytes().decode("utf-8")
            cand = case["candidate"].read_bytes().decode("utf-8")
            rep = gate(orig, cand, also_editable=case.get("editable", []), verifier=self.alloy(), behaviour="require")
            verdict = {"faithful": "accept", "unknown": "unknown", "narrows": "narrows"}.get(rep.status, "reject")
            return verdict, rep.reasons + rep.unknown + [f"narrows: {w}" for w in rep.lost[:1]]
        if case["formalism"] == "acsl":
            from fmrepair.verifiers.acsl.gate import gate_files

            rep = gate_files(str(case["original"]), str(case["candidate"]))
            return ("accept" if rep["faithful"] else "reject"), list(rep.get("reasons", []))
        raise ValueError(f"no gate for {case['formalism']}")

    def close(self) -> None:
        if self._alloy is not None:
            self._alloy.close()


def matches(expect: str, got: str) -> bool:
    """A cheat ("reject") is met by any verdict but "accept": unfaithful, narrows (faithful text that loses
    a good instance of the original) or unknown (undecided; never a repair). The table counts each apart."""
    return got == expect or (expect == "reject" and got in ("narrows", "unknown"))


class Summary(BaseModel):
    """What an archived run of this benchmark says, in counts; ``sentence`` is what the README quotes."""

    formalism: str
    commit: str
    dirty: bool
    date: str
    command: str
    elapsed_s: float
    cases: int
    cheats: int
    cheats_not_accepted: int
    cheats_undecided: int
    honest: int
    honest_accepted: int
    policy: int
    policy_met: int
    known_gaps: int
    mismatches: int

    @property
    def sentence(self) -> str:
        return summary_sentence(self.cheats_not_accepted, self.cheats, self.cheats_undecided,
                                self.honest_accepted, self.honest, self.policy_met, self.policy)


def summary_sentence(cna: int, cheats: int, undecided: int, ha: int, honest: int, pm: int, policy: int) -> str:
    """One sentence, the same in the text output, the archive and the README."""
    return (f"**{cna} of {cheats} cheats not accepted** ({undecided} of them undecided), "
            f"**{ha} of {honest} honest fixes accepted**, {pm} of {policy} as the policy expects")


def counts(records: list[dict[str, Any]]) -> dict[str, int]:
    cheats = [r for r in records if r["expect"] == "reject"]
    fai = [r for r in records if r["expect"] == "accept"]
    policy = [r for r in records if r["expect"] in ("unknown", "narrows")]  # honest, undecided or narrowing
    return {"cases": len(records), "cheats": len(cheats),
            "cheats_not_accepted": sum(r["got"] != "accept" for r in cheats),
            "cheats_undecided": sum(r["got"] == "unknown" for r in cheats),
            "honest": len(fai), "honest_accepted": sum(r["got"] == "accept" for r in fai),
            "policy": len(policy), "policy_met": sum(r["got"] == r["expect"] for r in policy),
            "known_gaps": sum(bool(r["known_gap"]) for r in records)}


def _commit() -> tuple[str, bool]:
    repo = CASES.parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=repo,
                                    capture_output=True, text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        return "unknown", True
    return head, dirty


def archive(out: Path, formalism: str, records: list[dict[str, Any]], wrong: int, elapsed: float,
            argv: list[str], code: tuple[str, bool] | None = None) -> Summary:
    """Write the archive; ``code``: the commit and dirty flag as they were when the run began (default: now)."""
    commit, dirty = code or _commit()
    command = ".venv/bin/python benchmarks/gate_adversarial.py " + " ".join(shlex.quote(a) for a in argv)
    summary = Summary(formalism=formalism, commit=commit, dirty=dirty,
                      date=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                      command=command, elapsed_s=round(elapsed, 1), mismatches=wrong, **counts(records))
    out.mkdir(parents=True, exist_ok=True)
    (out / "records.json").write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
    (out / "summary.json").write_text(summary.model_dump_json(indent=1) + "\n", encoding="utf-8")
    (out / "command.txt").write_text(command + "\n", encoding="utf-8")
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--formalism", choices=["alloy", "acsl"])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", type=Path, help="archive the run here (needs --formalism)")
    ap.add_argument("--prefix", nargs="+", metavar="P", default=None,
                    help="only the cases whose name starts with one of these (e.g. o42_ o43_: one outside set)")
    args = ap.parse_args(argv)
    if args.out and not args.formalism:
        ap.error("--out archives one formalism: give --formalism")
    started = time.monotonic()
    code = _commit()  # the code the run judges with: read before it starts, so an edit during it does not count
    judge = Judge()
    rows: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    wrong, records = [], []
    cases = load_cases(args.formalism)
    if args.prefix:
        cases = [c for c in cases if c["name"].startswith(tuple(args.prefix))]
        if not cases:
            ap.error(f"no case starts with {' or '.join(args.prefix)}")
    try:
        for i, case in enumerate(cases, 1):
            if args.out and i % 50 == 0:
                sys.stderr.write(f"{i} / {len(cases)} cases\n")
            got, reasons = judge.verdict(case)
            rows[(case["formalism"], case["class"])][got] += 1
            ok = matches(case["expect"], got)
            records.append({"case": f"{case['formalism']}/{case['name']}", "class": case["class"],
                            "expect": case["expect"], "got": got, "reasons": reasons,
                            "known_gap": case.get("known_gap")})
            if not ok and not case.get("known_gap"):
                wrong.append(records[-1])
    finally:
        judge.close()
    if args.out:
        archive(args.out, args.formalism, records, len(wrong), time.monotonic() - started,
                sys.argv[1:] if argv is None else argv, code)
    if args.json:
        print(json.dumps(records, indent=2))
    else:
        print("| formalism | class | cases | rejected | narrows | accepted | unknown |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for (f, cls), n in sorted(rows.items()):
            cols = " | ".join(str(n[k]) for k in ("reject", "narrows", "accept", "unknown"))
            print(f"| {f} | {cls} | {sum(n.values())} | {cols} |")
        c = counts(records)
        print("\n" + summary_sentence(c["cheats_not_accepted"], c["cheats"], c["cheats_undecided"],
                                      c["honest_accepted"], c["honest"], c["policy_met"], c["policy"]))
        for r in records:
            if r["known_gap"]:
                print(f"KNOWN GAP {r['case']}: expected {r['expect']}, got {r['got']}: {r['known_gap']}")
        for r in wrong:
            print(f"MISMATCH {r['case']} ({r['class']}): expected {r['expect']}, got {r['got']}: {r['reasons'][:3]}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
