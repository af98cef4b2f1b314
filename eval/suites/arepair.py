"""ARepair suite: 38 real faulty Alloy models, the property either frozen-visible or hidden.

Sources under the root: ``with-oracles/*.als`` (the seed pipeline's files: ``Fix:`` lines removed,
property oracles ``repair_assert_N``/``repair_pred_N`` appended), else
``original/experiments/realbugs/*.als`` (``// Fix:`` lines removed here; the property is the file's own
assertions). ``original/experiments/realbugs`` also gives the bug-line metadata, and
``original/experiments/models/<family>.als`` the correct model used for the reference.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fmrepair.eval.suites.base import Candidate, Scored, SuiteLoad, check_mode, finish_load
from fmrepair.eval.suites.preprocess import normalize_newlines, rename_primed_names, strip_fix_lines
from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy.text import Paragraph, canonical, split_paragraphs

_PROPERTY = re.compile(r"repair_(assert|pred)_\d+")
_CODE_KINDS = ("sig", "enum", "fact", "pred", "fun")


def family_of(stem: str) -> str:
    s = re.sub(r"_\d+$", "", stem)
    s = re.sub(r"Faulty$", "", s)
    return re.sub(r"\d+$", "", s)


def _layout(root: Path) -> tuple[Path | None, Path | None, Path | None]:
    oracles = root / "with-oracles"
    realbugs = root / "original" / "experiments" / "realbugs"
    models = root / "original" / "experiments" / "models"
    if not oracles.is_dir() and not realbugs.is_dir() and any(root.glob("*.als")):
        oracles = root  # a flat folder laid out like with-oracles
    return (
        oracles if oracles.is_dir() else None,
        realbugs if realbugs.is_dir() else None,
        models if models.is_dir() else None,
    )


def _realbug_for(stem: str, realbugs: Path | None) -> Path | None:
    if realbugs is None:
        return None
    fam = family_of(stem)
    for cand in (stem, re.sub(r"_\d+$", "", stem), f"{fam}Faulty" if stem == f"{fam}1" else ""):
        if cand and (realbugs / f"{cand}.als").is_file():
            return realbugs / f"{cand}.als"
    return None


def clean(text: str) -> tuple[str, dict]:
    """Newlines, ``Fix:`` lines and primed names; returns the text and what was done."""
    text = normalize_newlines(text)
    text, fixes, bug_lines = strip_fix_lines(text)
    text, primed = rename_primed_names(text)
    return text, {"fix_comments": fixes, "bug_lines": bug_lines, "primed": primed}


def property_names(paras: list[Paragraph]) -> set[str]:
    named = {p.name for p in paras if p.kind in ("assert", "pred") and _PROPERTY.fullmatch(p.name)}
    return named or {p.name for p in paras if p.kind == "assert"}


def _is_property(p: Paragraph, props: set[str]) -> bool:
    if p.kind == "command":
        return p.target in props
    return p.kind in ("assert", "pred") and p.name in props


def _remove(text: str, paras: list[Paragraph]) -> str:
    for p in sorted(paras, key=lambda p: p.start, reverse=True):
        text = text[: p.start] + text[p.end :]
    return re.sub(r"\n[ \t]*\n(?:[ \t]*\n)+", "\n\n", text).rstrip() + "\n"


def transplant(visible: str, model: str) -> tuple[str | None, str]:
    """Reference = visible with every code paragraph that differs from the correct model replaced by it.

    Only when the two have the same code paragraphs (kind and name; anonymous facts by position);
    otherwise (None, why).
    """
    vp = [p for p in split_paragraphs(visible) if p.kind in _CODE_KINDS and not _PROPERTY.fullmatch(p.name)]
    mp = {(p.kind, p.name): p for p in split_paragraphs(model) if p.kind in _CODE_KINDS}
    vkeys = {(p.kind, p.name) for p in vp}
    if vkeys != set(mp):
        missing = sorted(f"{k} {n}" for k, n in vkeys - set(mp))
        extra = sorted(f"{k} {n}" for k, n in set(mp) - vkeys)
        return None, f"correct model differs in structure (only in task: {missing}; only in model: {extra})"
    changed = [p for p in vp if canonical(p.text) != canonical(mp[(p.kind, p.name)].text)]
    if not changed:
        return None, "correct model equals the faulty model in every code paragraph"
    out = visible
    for p in sorted(changed, key=lambda p: p.start, reverse=True):
        out = out[: p.start] + mp[(p.kind, p.name)].text + out[p.end :]
    return out, "paragraphs from the correct model: " + ", ".join(p.key for p in changed)


class ARepairSuite:
    name = "arepair"
    modes = ("frozen", "hidden")
    kind = "repair"
    data_folder = "arepair"
    default_strategy = "single-gf"

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        mode = check_mode(self, mode)
        root = Path(root)
        oracles, realbugs, models = _layout(root)
        source = oracles or realbugs
        if source is None:
            return SuiteLoad([], problems=[f"{root}: neither with-oracles/ nor original/experiments/realbugs/"])
        tasks: list[Task] = []
        problems: list[str] = []
        raw: list[tuple[str, str]] = []
        for f in sorted(source.glob("*.als")):
            try:
                task = self._task(f, mode, source is oracles, realbugs, models)
            except (ValueError, KeyError, UnicodeDecodeError) as e:
                problems.append(f"{f.name}: {e}")
                continue
            raw.append((task.id, f.read_text(encoding="utf-8")))
            tasks.append(task)
        return finish_load(tasks, raw, problems)

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def unscorable(self, task: Task) -> str | None:
        return None

    def score(self, task: Task, candidate: Candidate) -> Scored:
        from fmrepair.eval.scoring import repair_score

        return repair_score(task, candidate, aunit_equivalent)

    def _task(self, f: Path, mode: str, with_oracles: bool, realbugs: Path | None, models: Path | None) -> Task:
        text, done = clean(f.read_text(encoding="utf-8"))
        meta: dict = {"family": "arepair", "exercise": family_of(f.stem), "mode": mode}
        meta["source"] = f"{'with-oracles' if with_oracles else 'realbugs'}/{f.name}"
        bug = _realbug_for(f.stem, realbugs)
        fixes, bug_lines = done["fix_comments"], done["bug_lines"]
        if bug is not None and with_oracles:
            btext, bdone = clean(bug.read_text(encoding="utf-8"))
            fixes = bdone["fix_comments"]
            meta["realbugs_source"] = f"realbugs/{bug.name}"
            meta["realbugs_bug_lines"] = bdone["bug_lines"]
            bug_lines = _locate(btext, bdone["bug_lines"], text)
        meta["fix_lines"] = len(fixes)
        meta["multi_line_bug"] = len(fixes) > 1
        meta["bug_lines"] = bug_lines
        meta["hidden_fix_comments"] = fixes
        meta["defects"] = ["primed_names"] if done["primed"] else []
        if done["primed"]:
            meta["renamed"] = done["primed"]
        paras = split_paragraphs(text)
        props = property_names(paras)
        prop_paras = [p for p in paras if _is_property(p, props)]
        if not prop_paras:
            raise ValueError("no property (no assertion, no repair_assert_N)")
        if mode == "hidden":
            visible = _remove(text, prop_paras)
            oracle = "\n" + "\n\n".join(p.text for p in prop_paras) + "\n"
            meta["hidden_property"] = sorted(props)
        else:
            visible, oracle = text, ""
            meta["property"] = sorted(props)
        # no seed-pipeline property (farmer1): the ARepair AUnit test suite is the hidden oracle
        tests = "" if any(_PROPERTY.fullmatch(n) for n in props) else aunit_tests(f.stem, realbugs)
        if tests:
            oracle += "\n" + tests
            meta["hidden_aunit_tests"] = tests.count("\nrun ") + tests.startswith("run ")
        frozen = [
            FrozenRegion(name=p.key, kind=p.kind, text=p.text)
            for p in split_paragraphs(visible)
            if p.kind in ("assert", "command") or (p.kind == "pred" and p.name in props)
        ]
        reference, note = (None, "no correct model for this family")
        model = models / f"{family_of(f.stem)}.als" if models else None
        if model is not None and model.is_file():
            reference, note = transplant(visible, clean(model.read_text(encoding="utf-8"))[0])
        meta["hidden_reference_note"] = note
        return Task(
            id=f.stem,
            suite="arepair",
            visible=visible,
            frozen=frozen,
            hidden_oracle=oracle,
            reference=reference,
            meta=meta,
        )


def aunit_tests(stem: str, realbugs: Path | None) -> str:
    """The ARepair AUnit test suite of the family (runnable Alloy: ``pred testN {...}`` + ``run ... expect``),
    without its ``open`` lines (the model already opens what it needs)."""
    if realbugs is None:
        return ""
    suite = realbugs.parent / "test-suite" / f"{family_of(stem)}.als"
    if not suite.is_file():
        return ""
    text, _ = clean(suite.read_text(encoding="utf-8"))
    return re.sub(r"^[ \t]*open[ \t].*$\n?", "", text, flags=re.M)


def _locate(btext: str, blines: list[int], text: str) -> list[int | None]:
    """Map faulty-line numbers of the realbugs file onto the task text (first line with the same code)."""
    src = btext.splitlines()
    dst = [" ".join(x.split()) for x in text.splitlines()]
    out: list[int | None] = []
    for n in blines:
        want = " ".join(src[n - 1].split()) if 0 < n <= len(src) else ""
        out.append(dst.index(want) + 1 if want and want in dst else None)
    return out


def aunit_equivalent(
    task: Task, candidate: str, verdict: Any, verifier: Any, root: Path | None
) -> tuple[bool | None, str]:
    """ARepair's equivalence (a documented approximation): the candidate passes the family's AUnit test
    suite from ``original/experiments/realbugs`` (ARepair's own correctness criterion); None when there
    is no test suite or it does not compile against the candidate."""
    if root is None:
        return None, "no benchmark root given for the AUnit test suite"
    tests = aunit_tests(task.id, root / "original" / "experiments" / "realbugs")
    if not tests:
        return None, "no AUnit test suite"
    v = verifier.check(candidate.rstrip() + "\n" + tests)
    if v.status in ("syntax_error", "type_error", "error"):
        return None, f"AUnit tests do not compile against the candidate ({v.status})"
    return v.status == "ok", f"AUnit tests: {sum(c.met for c in v.commands)}/{len(v.commands)} met"
