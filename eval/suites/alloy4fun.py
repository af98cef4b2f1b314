"""Alloy4Fun repair suite: one faulty student predicate per file, the iff oracle hidden.

File layout (AlloySpecRepair datasets/a4f): the model with the student's faulty predicate, then from
``/*======== IFF PERFECT ORACLE ===============*/`` on: reference predicates ``xxx_OK``, asserts
``xxx_Repaired { xxx[] iff xxx_OK[] }``, their checks (expect 0) and ``repair_pred_1`` /
``repair_assert_1`` naming the faulty predicate. Everything from the marker on is hidden.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fmrepair.eval.suites.base import Candidate, Scored, SuiteLoad, check_mode, finish_load
from fmrepair.eval.suites.preprocess import ORACLE_MARKER, normalize_newlines, remove_lone_dash_lines
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy.text import split_paragraphs

_FAULTY = re.compile(r"pred\s+repair_pred_1\s*\{\s*([A-Za-z_][\w']*)\s*\[\s*\]\s*iff\s*([A-Za-z_][\w']*)\s*\[")


class Alloy4FunSuite:
    name = "alloy4fun"
    modes = ("hidden",)
    kind = "repair"
    data_folder = "alloy4fun"
    default_strategy = "single-gf"

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        check_mode(self, mode)
        root = Path(root)
        files = sorted(root.rglob("*.als"))
        direct = any(f.parent == root for f in files)
        tasks: list[Task] = []
        problems: list[str] = []
        raw: list[tuple[str, str]] = []
        for f in files:
            rel = f.relative_to(root)
            family = root.name if direct and len(rel.parts) == 1 else rel.parts[0]
            task_id = (Path(family) / rel.with_suffix("") if direct else rel.with_suffix("")).as_posix()
            try:
                text = f.read_text(encoding="utf-8", errors="strict")
                task = build_task(task_id, family, rel, text)
            except (ValueError, KeyError, UnicodeDecodeError) as e:
                problems.append(f"{rel}: {e}")
                continue
            raw.append((task_id, text))
            tasks.append(task)
        return finish_load(tasks, raw, problems)

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def unscorable(self, task: Task) -> str | None:
        return None

    def score(self, task: Task, candidate: Candidate) -> Scored:
        from fmrepair.eval.scoring import repair_score

        return repair_score(task, candidate, oracle_equivalent)


def oracle_equivalent(
    task: Task, candidate: str, verdict: Any, verifier: Any, root: Path | None
) -> tuple[bool | None, str]:
    """Alloy4Fun's equivalence: the hidden iff oracle ``check <pred>_Repaired expect 0`` (bounded
    equivalence of the repaired predicate with its ``_OK`` reference), run with the candidate, is met."""
    want = task.meta.get("hidden_check", "")
    hit = [c for c in verdict.commands if c.label == want]
    return bool(hit) and all(c.met for c in hit), ""


def _exercise(family: str, rel: Path, faulty: str) -> str:
    if len(rel.parts) > 2:
        return rel.parts[-2]  # classroom/inv10/classroom_inv10_1.als -> inv10
    return faulty


def build_task(task_id: str, family: str, rel: Path, text: str) -> Task:
    text = normalize_newlines(text)
    idx = text.find(ORACLE_MARKER)
    if idx < 0:
        raise ValueError("no IFF PERFECT ORACLE marker")
    visible = text[:idx].rstrip() + "\n"
    oracle, dashes = remove_lone_dash_lines(text[idx:])
    m = _FAULTY.search(oracle)
    if not m:
        raise ValueError("no repair_pred_1 naming the faulty predicate")
    faulty, ok_name = m.group(1), m.group(2)
    paras = split_paragraphs(visible)
    oracle_paras = split_paragraphs(oracle)
    faulty_para = next((p for p in paras if p.kind == "pred" and p.name == faulty), None)
    ok_para = next((p for p in oracle_paras if p.kind == "pred" and p.name == ok_name), None)
    if faulty_para is None or faulty_para.body_start is None or ok_para is None or ok_para.body is None:
        raise ValueError(f"predicate {faulty} or {ok_name} not found")
    reference = (
        visible[: faulty_para.body_start] + "\n" + ok_para.body.strip("\n") + "\n" + visible[faulty_para.body_end :]
    )
    frozen: list[FrozenRegion] = []
    for p in paras:
        if p.kind == "pred" and p.name == faulty:
            header = visible[p.start : p.body_start - 1] if p.body_start else p.text
            frozen.append(FrozenRegion(name=f"pred {faulty} header", kind="header", text=header.strip()))
        else:
            frozen.append(FrozenRegion(name=p.key, kind=p.kind, text=p.text))
    defects = ["lone_dash_line"] if dashes else []
    ok_names = sorted({p.name for p in oracle_paras if p.kind == "pred" and p.name.endswith("OK")})
    repaired = sorted({p.name for p in oracle_paras if p.kind == "assert" and p.name.endswith("Repaired")})
    # the iff check is `<faulty>_Repaired` in most families, `<faulty>Repaired` in graphs
    hidden_check = next((n for n in (f"{faulty}_Repaired", f"{faulty}Repaired") if n in repaired), f"{faulty}_Repaired")
    return Task(
        id=task_id,
        suite="alloy4fun",
        visible=visible,
        frozen=frozen,
        hidden_oracle="\n" + oracle,
        reference=reference,
        meta={
            "family": family,
            "exercise": _exercise(family, rel, faulty),
            "mode": "hidden",
            "faulty_pred": faulty,
            "editable": [f"pred {faulty}"],
            "source": rel.as_posix(),
            "defects": defects,
            "hidden_reference_names": sorted(set(ok_names + repaired + [hidden_check])),
            "hidden_reference_body": ok_para.body.strip(),
            "hidden_check": hidden_check,
        },
    )
