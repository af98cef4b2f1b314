"""Faithfulness gate for Alloy repairs: did the candidate fix the model, or move the goalposts?

Text checks (no JVM): frozen regions unchanged after normalization (assertions, commands with
label/scope/expect, and whatever else the task froze), no frozen region removed, no command or
assertion added, nothing outside the editable paragraphs added when the task names them, no name or
body of the hidden reference present. Vacuity checks (need a verifier): the model still has an
instance (``run {}``), every ``run`` of the original that had an instance still has one, and every
predicate the candidate changed is still satisfiable when it was before.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from pydantic import BaseModel, Field

from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy_text import Paragraph, canonical, split_paragraphs
from fmrepair.verifiers.base import Verifier

MIN_LEAK_CHARS = 40  # shorter reference bodies are too easy to rediscover to count as a leak
_HIDDEN_NAME = re.compile(r"\b\w+_OK\b|\b\w+_Repaired\b|\brepair_(?:assert|pred)_\d+\b")


class FaithfulnessReport(BaseModel):
    faithful: bool
    reasons: list[str] = Field(default_factory=list)
    vacuity_checked: bool = False


def default_frozen(original: str) -> list[FrozenRegion]:
    """For a user's own pair: every assertion and every command is frozen."""
    return [
        FrozenRegion(name=p.key, kind=p.kind, text=p.text)
        for p in split_paragraphs(original)
        if p.kind in ("assert", "command")
    ]


def _describe_cmd(p: Paragraph) -> str:
    target = p.target or f"{{{p.block}}}"
    return f"{p.command} {target} for [{p.scope or 'default'}] expect {p.expect}"


def _compare_regions(frozen: Sequence[FrozenRegion], paras: list[Paragraph]) -> list[str]:
    reasons: list[str] = []
    by_key: dict[str, list[Paragraph]] = defaultdict(list)
    for p in paras:
        by_key[p.key].append(p)
    seen: dict[str, int] = defaultdict(int)
    for region in frozen:
        if region.kind == "header":
            continue
        i = seen[region.name]
        seen[region.name] += 1
        cands = by_key.get(region.name, [])
        if i >= len(cands):
            reasons.append(f"frozen {region.name} was removed")
            continue
        if canonical(cands[i].text) == canonical(region.text):
            continue
        if region.kind == "command":
            orig = split_paragraphs(region.text)
            if orig and orig[0].kind == "command":
                reasons.append(f"frozen {region.name} changed: {_describe_cmd(orig[0])} -> {_describe_cmd(cands[i])}")
                continue
        reasons.append(f"frozen {region.name} was edited")
    for region in frozen:
        if region.kind != "header":
            continue
        name = region.name.removesuffix(" header").split(" ", 1)[-1]
        heads = [p for p in paras if p.kind == "pred" and p.name == name and p.body_start is not None]
        if not heads:
            reasons.append(f"editable pred {name} was removed")
        elif canonical(heads[0].text[: heads[0].body_start - heads[0].start - 1]) != canonical(region.text):
            reasons.append(f"header of pred {name} was changed")
    return reasons


def _added(frozen: Sequence[FrozenRegion], paras: list[Paragraph], editable: Sequence[str] | None) -> list[str]:
    reasons: list[str] = []
    counts: dict[str, int] = defaultdict(int)
    for r in frozen:
        counts[r.name] += 1
    allowed = set(editable or [])
    for p in paras:
        if counts[p.key] > 0:
            counts[p.key] -= 1
            continue
        if p.key in allowed:
            continue
        if p.kind == "command":
            reasons.append(f"command added: {_describe_cmd(p)}")
        elif p.kind == "assert":
            reasons.append(f"assertion added: {p.name}")
        elif editable is not None:
            reasons.append(f"{p.key} added or edited outside the editable part ({', '.join(editable)})")
    return reasons


def leaks(
    candidate: str, original: str, hidden_names: Sequence[str] = (), hidden_bodies: Sequence[str] = ()
) -> list[str]:
    """Names or bodies of the hidden reference that appear in the candidate but not in the original."""
    code, orig = canonical(candidate), canonical(original)
    words, owords = set(re.findall(r"[\w']+", code)), set(re.findall(r"[\w']+", orig))
    fresh = [n for n in sorted(set(hidden_names)) if n in words and n not in owords]
    reasons = [f"hidden reference name {n} present" for n in fresh]
    pattern_hits = {m.group(0) for m in _HIDDEN_NAME.finditer(code)} - {m.group(0) for m in _HIDDEN_NAME.finditer(orig)}
    reasons += [f"oracle-like name {n} present" for n in sorted(pattern_hits - set(hidden_names))]
    for body in hidden_bodies:
        b = canonical(body)
        if len(b) >= MIN_LEAK_CHARS and b in code and b not in orig:
            reasons.append("hidden reference body present verbatim")
    return reasons


def _probes(text: str, preds: Sequence[str], scope: str, sigs: Sequence[str] = ()) -> str:
    # the model has a non-trivial instance: every declared signature inhabited (the empty instance
    # of ``run {}`` would survive even ``fact { no Node }``)
    nonempty = " and ".join(f"some {s}" for s in sigs)
    lines = [f"fmrepair_probe_0: run {{ {nonempty} }} for {scope}"]
    lines += [f"fmrepair_probe_{i + 1}: run {name} for {scope}" for i, name in enumerate(preds)]
    return text.rstrip() + "\n\n" + "\n".join(lines) + "\n"


def _changed_preds(original: list[Paragraph], candidate: list[Paragraph]) -> list[str]:
    before = {p.name: canonical(p.text) for p in original if p.kind == "pred"}
    return [
        p.name
        for p in candidate
        if p.kind == "pred" and p.body is not None and before.get(p.name) != canonical(p.text)
    ]


def _outcomes(verdict, preds: Sequence[str]) -> dict[str, str]:  # noqa: ANN001
    """{"model" or pred name: outcome} of the probe commands."""
    names = ["model", *preds]
    out: dict[str, str] = {}
    for c in verdict.commands:
        if c.label.startswith("fmrepair_probe_"):
            out[names[int(c.label.rsplit("_", 1)[1])]] = c.outcome
    return out


def vacuity_reasons(original: str, candidate: str, verifier: Verifier, scope: str = "3") -> list[str]:
    """The candidate still has an instance where the original had one: the whole model (run {}), each
    run of the original, each changed predicate. Two verifier calls."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    changed = _changed_preds(opar, cpar)
    old = [n for n in changed if any(q.kind == "pred" and q.name == n for q in opar)]
    sigs = [n.strip() for p in opar if p.kind == "sig" for n in p.name.split(",") if n.strip()]
    sigs = [n for n in sigs if any(q.kind == "sig" and n in q.name.split(", ") for q in cpar)]
    cv = verifier.check(_probes(candidate, changed, scope, sigs))
    if cv.status in ("syntax_error", "type_error", "error"):
        msg = cv.errors[0].message if cv.errors else cv.status
        return [f"candidate does not compile ({cv.status}: {msg}); vacuity not checked"]
    ov = verifier.check(_probes(original, old, scope, sigs))
    if ov.status in ("syntax_error", "type_error", "error"):
        return []  # nothing to compare against
    before, after = _outcomes(ov, old), _outcomes(cv, changed)
    reasons = [
        f"vacuous: {'the model (all signatures inhabited)' if name == 'model' else 'pred ' + name}"
        f" has no instance for {scope}"
        for name, outcome in after.items()
        if outcome == "no_instance" and before.get(name) == "instance"
    ]
    remaining = [c for c in cv.commands if not c.label.startswith("fmrepair_probe_")]
    for oc in ov.commands:
        if oc.kind != "run" or oc.outcome != "instance" or oc.label.startswith("fmrepair_probe_"):
            continue
        match = next((c for c in remaining if c.label == oc.label and c.kind == "run"), None)
        if match is not None:
            remaining.remove(match)
            if match.outcome == "no_instance":
                reasons.append(f"vacuous: run {oc.label} had an instance and has none now")
    return reasons


def gate(
    original: str,
    candidate: str,
    *,
    frozen: Sequence[FrozenRegion] | None = None,
    editable: Sequence[str] | None = None,
    hidden_names: Sequence[str] = (),
    hidden_bodies: Sequence[str] = (),
    verifier: Verifier | None = None,
    scope: str = "3",
) -> FaithfulnessReport:
    """Judge ``candidate`` against ``original`` (the visible text the model was given).

    frozen defaults to every assertion and command of the original; editable (paragraph keys such as
    "pred inv1") forbids any other added paragraph; without a verifier the vacuity checks are skipped.
    """
    frozen = list(frozen) if frozen is not None else default_frozen(original)
    paras = split_paragraphs(candidate)
    reasons = _compare_regions(frozen, paras) + _added(frozen, paras, editable)
    reasons += leaks(candidate, original, hidden_names, hidden_bodies)
    checked = False
    if verifier is not None:
        reasons += vacuity_reasons(original, candidate, verifier, scope)
        checked = True
    return FaithfulnessReport(faithful=not reasons, reasons=reasons, vacuity_checked=checked)


def gate_task(task: Task, candidate: str, verifier: Verifier | None = None) -> FaithfulnessReport:
    """The gate with everything the task knows (hidden names/bodies come from hidden meta)."""
    return gate(
        task.visible,
        candidate,
        frozen=task.frozen,
        editable=task.meta.get("editable"),
        hidden_names=[*task.meta.get("hidden_reference_names", []), *task.meta.get("hidden_property", [])],
        hidden_bodies=[task.meta["hidden_reference_body"]] if task.meta.get("hidden_reference_body") else [],
        verifier=verifier,
    )
