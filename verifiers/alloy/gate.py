"""Faithfulness gate for Alloy repairs: did the candidate fix the model, or move the goalposts?

Text checks (no JVM): frozen regions unchanged after normalization (assertions, commands with
label/scope/expect, and whatever else the task froze), no frozen region removed, no command or
assertion added, nothing outside the editable paragraphs added when the task names them, no name or
body of the hidden reference present. Vacuity checks (need a verifier; verifiers/alloy/semantic.py): the
model still has an instance (``run {}``), every ``run`` of the original that had an instance still has
one, and every predicate the candidate changed is still satisfiable when it was before. ``gate`` combines
them with the assumed-property, premise and behaviour-preservation checks into one report.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field, computed_field

from fmrepair.task import FrozenRegion, Task
from fmrepair.verifiers.alloy.probes import (
    field_names,
    sig_names,
)
from fmrepair.verifiers.alloy.reach import CALLABLE, describe, reached, referenced_names, roots_of, short_name
from fmrepair.verifiers.alloy.semantic import by_key, semantic_checks
from fmrepair.verifiers.alloy.text import Paragraph, canonical, misread_characters, split_paragraphs
from fmrepair.verifiers.base import Verifier

MIN_LEAK_CHARS = 40  # shorter reference bodies are too easy to rediscover to count as a leak
_HIDDEN_NAME = re.compile(r"\b\w+_OK\b|\b\w+_Repaired\b|\brepair_(?:assert|pred)_\d+\b")


class FaithfulnessReport(BaseModel):
    faithful: bool  # no reason and nothing unknown
    reasons: list[str] = Field(default_factory=list)  # why the candidate is unfaithful
    unknown: list[str] = Field(default_factory=list)  # probes that could not be decided (never faithful)
    reached_edits: list[str] = Field(default_factory=list)  # edited paragraphs a frozen property reaches
    vacuity_checked: bool = False
    probe_scope: str | None = None
    skipped_probes: list[str] = Field(default_factory=list)
    # the hidden reference body, verbatim, in a candidate that no model wrote (the search alone): a
    # rediscovery, recorded here and not a reason (see ``gate(model_free=...)``)
    rediscovered: bool = False

    # behaviour preservation (verifiers/alloy/preserve.py): "preserved" | "narrows" | "unknown"; None when
    # not asked; ``lost`` holds the good instances of the original that the candidate excludes
    behaviour: str | None = None
    lost: list[str] = Field(default_factory=list)
    behaviour_required: bool = False  # a narrowing candidate is not faithful (a user's own file)
    # the frames the author's operations leave out (verifiers/alloy/implicit.py), put in to read the good instances
    # where the candidate keeps every good instance of the file with them and not every one of the file itself
    implicit_frames: list[str] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def status(self) -> str:
        """unfaithful | unknown | narrows | faithful (in that order of precedence)."""
        if self.reasons:
            return "unfaithful"
        if self.unknown:
            return "unknown"
        return "narrows" if self.behaviour == "narrows" else "faithful"


def _is_editable(p: Paragraph, editable: Sequence[str]) -> bool:
    return p.key in editable or p.name in editable or short_name(p) in editable


def default_frozen(original: str, editable: Sequence[str] = ()) -> list[FrozenRegion]:
    """For a user's own pair: every assertion, every command and every ``open``, and every pred, fun
    and macro they reach (to any depth), except the paragraphs named editable ("acyclic" or
    "pred acyclic")."""
    paras = split_paragraphs(original)
    out = [FrozenRegion(name=p.key, kind=p.kind, text=p.text) for p in paras if p.kind in ("assert", "command", "open")]
    for key, (root, path) in reached(paras, roots_of(paras)).items():
        for p in (q for q in paras if q.key == key):  # overloads share a key: each is frozen, in order
            if not _is_editable(p, editable):
                note = f"reached by {root}: {describe(path)}"
                out.append(FrozenRegion(name=key, kind=p.kind, text=p.text, note=note))
    return out


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
            why = f" ({region.note})" if region.note else ""
            reasons.append(f"frozen {region.name} was removed{why}")
            continue
        if canonical(cands[i].text) == canonical(region.text):
            continue
        if region.kind == "command":
            orig = split_paragraphs(region.text)
            if orig and orig[0].kind == "command":
                reasons.append(f"frozen {region.name} changed: {_describe_cmd(orig[0])} -> {_describe_cmd(cands[i])}")
                continue
        why = f" ({region.note}; name it editable to allow this)" if region.note else ""
        reasons.append(f"frozen {region.name} was edited{why}")
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
    return reasons + verbatim(candidate, original, hidden_bodies)


def verbatim(candidate: str, original: str, hidden_bodies: Sequence[str]) -> list[str]:
    """A hidden reference body (at least MIN_LEAK_CHARS normalized characters) that the candidate holds
    and the original does not."""
    code, orig = canonical(candidate), canonical(original)
    hits = [b for b in map(canonical, hidden_bodies) if len(b) >= MIN_LEAK_CHARS and b in code and b not in orig]
    return ["hidden reference body present verbatim"] if hits else []


def property_reach(original: str, hidden: str = "") -> tuple[list[Paragraph], dict[str, tuple[str, list[str]]]]:
    """(the original's paragraphs, what its assertions and commands, and those of a hidden oracle with its
    preds and funs, reach: callable key -> (root key, path))."""
    opar = split_paragraphs(original)
    extra = split_paragraphs(hidden) if hidden else []
    roots = roots_of(opar) + roots_of(extra) + [p for p in extra if p.kind in ("pred", "fun")]
    return opar, reached([*opar, *extra], roots)


def reached_edits(
    original: str, candidate: str, roots_source: str = "", hidden_roots: bool = False, exclude: Sequence[str] = ()
) -> list[str]:
    """Paragraphs of the original that a frozen property reaches and the candidate edited or removed.

    Roots are the original's assertions and commands, plus those of roots_source (a hidden oracle; then
    the root is called "the hidden oracle", never by name)."""
    opar, reach = property_reach(original, roots_source)
    now = by_key(split_paragraphs(candidate))
    okeys = {p.key: p for p in opar}
    out = []
    for key, (root, path) in reach.items():
        if key not in okeys or key in exclude or now.get(key) == canonical(okeys[key].text):
            continue
        hidden = root not in {p.key for p in opar}
        where = "the hidden oracle" if (hidden and hidden_roots) else f"{root}: {describe(path)}"
        out.append(f"{key} ({'removed' if key not in now else 'edited'}; reached by {where})")
    return out


def _captured(frozen: Sequence[FrozenRegion], original: str, candidate: str) -> list[str]:
    """New definitions that capture a name a frozen paragraph uses (its text unchanged, its meaning not):
    e.g. a field ``next`` removed and ``fun next { none -> none }`` added."""
    opar, cpar = split_paragraphs(original), split_paragraphs(candidate)
    used: dict[str, str] = {}
    for region in frozen:
        for para in split_paragraphs(region.text)[:1]:
            for n in referenced_names(para):
                used.setdefault(n, region.name)

    def defs(paras: Sequence[Paragraph]) -> list[tuple[str, str, str]]:  # (name, what, paragraph key)
        out = [(short_name(p), "definition", p.key) for p in paras if p.kind in CALLABLE]
        out += [(n, "signature", p.key) for p in paras if p.kind == "sig" for n in sig_names(p)]
        return out + [(f, "field", p.key) for p in paras if p.kind == "sig" for f, _ in field_names(p)]

    before = {(n, what) for n, what, _ in defs(opar)}
    reasons = []
    for n, what, key in defs(cpar):
        if n in used and (n, what) not in before:
            reasons.append(f"{key} defines {n} as a {what}, a name frozen {used[n]} uses: its meaning would change")
    return reasons


def _taut_exempt(original: str, hidden_roots: str, editable: Sequence[str]) -> set[str]:
    """Preds the tautology check leaves alone: those no property (visible or hidden) reaches, whose
    becoming always true only weakens a fact, and the task's own editable part, which the task's oracle
    judges directly (an Alloy4Fun reference can be valid by the signature hierarchy alone, e.g.
    ``no Student & Teacher`` for two extensions of Person)."""
    opar, hit = property_reach(original, hidden_roots)
    return {p.key for p in opar if p.kind == "pred" and (p.key not in hit or p.key in editable)}


_MARKDOWN = re.compile(r"\A\s*---")


def _unreadable(original: str, candidate: str) -> list[str]:
    """Texts the gate cannot read the way Alloy does: Alloy 6 reads a file that starts with ``---`` as
    markdown (only its ```alloy blocks count), and a paragraph whose name the splitter cannot read."""
    out = []
    for label, text in (("original", original), ("candidate", candidate)):
        if _MARKDOWN.match(text):
            out.append(f"the {label} starts with '---': Alloy would read it as markdown (only ```alloy blocks)")
    before = set(misread_characters(original))
    for label, chars in (("original", before), ("candidate", set(misread_characters(candidate)) - before)):
        if chars:
            out.append(f"the {label} holds characters the Analyzer reads differently from the gate "
                       f"({', '.join(sorted(chars)[:5])}): not read as Alloy reads it")
    for p in split_paragraphs(candidate):
        if p.kind in ("pred", "fun", "sig", "assert", "let") and not p.name:
            out.append(f"{p.kind} paragraph at line {p.start_line} has a name the gate cannot read")
    return out


def gate(
    original: str,
    candidate: str,
    *,
    frozen: Sequence[FrozenRegion] | None = None,
    editable: Sequence[str] | None = None,
    also_editable: Sequence[str] = (),
    hidden_names: Sequence[str] = (),
    hidden_bodies: Sequence[str] = (),
    hidden_roots: str = "",
    verifier: Verifier | None = None,
    scope: str | None = None,
    timeout_s: float = 30.0,
    model_free: bool = False,
    behaviour: str = "off",
) -> FaithfulnessReport:
    """Judge ``candidate`` against ``original`` (the visible text the model was given).

    frozen defaults to every assertion, command and open of the original and every pred/fun they reach
    (except those named in also_editable); editable (paragraph keys such as "pred inv1") is a task's
    whole editable part and forbids any other added paragraph; hidden_roots is a hidden oracle whose
    reach is recorded (reached_edits) without naming it. Without a verifier only the text checks run.

    A hidden reference body found verbatim is a reason (a leak, or a model that memorized the answer),
    except when ``model_free``: the candidate was built by the mutation search alone (span edits of the
    visible text and synthesized formulas; no model, no prompt, the oracle never in view), which can only
    have rediscovered it; then it is recorded (``rediscovered``). Hidden names are reasons either way.

    behaviour (with a verifier): "off"; "record" (benchmark tasks, whose oracle decides: whether the
    candidate loses a good instance is recorded, not a reason); "require" (a user's own file: a candidate
    that narrows is not faithful, one whose preservation is undecided is unknown, and the property
    assumed by an added constraint or an assertion's premise made vacuous are checked too).
    """
    unreadable = _unreadable(original, candidate)
    frozen = list(frozen) if frozen is not None else default_frozen(original, also_editable)
    paras = split_paragraphs(candidate)
    reasons = _compare_regions(frozen, paras) + _added(frozen, paras, editable)
    reasons += _captured(frozen, original, candidate)
    reasons += leaks(candidate, original, hidden_names, () if model_free else hidden_bodies)
    rediscovered = model_free and bool(verbatim(candidate, original, hidden_bodies))
    edits = reached_edits(original, candidate, hidden_roots, hidden_roots=True, exclude=editable or ())
    report = FaithfulnessReport(
        faithful=False, reasons=reasons + unreadable, reached_edits=edits, rediscovered=rediscovered
    )
    if verifier is not None:
        more, unknown, used_scope, skipped = semantic_checks(
            original, candidate, verifier, scope, timeout_s, _taut_exempt(original, hidden_roots, editable or ()),
            good_only=behaviour == "require",
        )
        report.reasons += more
        report.unknown, report.probe_scope, report.skipped_probes = unknown, used_scope, skipped
        report.vacuity_checked = True
        if behaviour != "off" and not report.reasons:
            _behaviour(report, original, candidate, verifier, timeout_s, behaviour == "require")
    report.faithful = not report.reasons and not report.unknown and not (
        report.behaviour_required and report.behaviour == "narrows")
    return report


def _behaviour(report: FaithfulnessReport, original: str, candidate: str, verifier: Verifier, timeout_s: float,
               required: bool) -> None:
    """Behaviour preservation (always recorded), and for a user's file the property-assumption, dropped-constraint
    and vacuous-premise checks (verifiers/alloy/assume.py, dropped.py, unneeded.py, premise.py)."""
    from fmrepair.verifiers.alloy.above import (
        above_scope,
        beyond_bitwidth,
        beyond_probes,
        floor,
        lost_above,
        scope_sensitive,
        wraps,
    )
    from fmrepair.verifiers.alloy.assume import assumed
    from fmrepair.verifiers.alloy.dropped import dropped
    from fmrepair.verifiers.alloy.escapes import dead_escapes
    from fmrepair.verifiers.alloy.evict import evictions
    from fmrepair.verifiers.alloy.idle import idles
    from fmrepair.verifiers.alloy.implicit import baselines, kept_operations
    from fmrepair.verifiers.alloy.nextvalue import next_values
    from fmrepair.verifiers.alloy.premise import vacuous_premises
    from fmrepair.verifiers.alloy.preserve import preservation
    from fmrepair.verifiers.alloy.relocate import relocations
    from fmrepair.verifiers.alloy.restate import restated
    from fmrepair.verifiers.alloy.unneeded import unneeded

    if required:
        report.behaviour_required = True
        reasons, unknown = vacuous_premises(original, candidate, verifier, timeout_s)
        report.reasons += reasons
        axioms = (restated(original, candidate) or assumed(original, candidate, verifier, timeout_s)
                  or dropped(original, candidate, verifier, timeout_s))
        report.unknown += unknown + [f"unknown: {r}" for r in axioms]
        if not report.reasons and not report.unknown:
            report.unknown += [f"unknown: {r}" for r in beyond_bitwidth(original, candidate)
                               + beyond_probes(original, candidate) + wraps(original, candidate)]
        if not report.reasons and not report.unknown:  # the invariant written as the next value (helper-54)
            report.unknown += [f"unknown: {r}" for r in next_values(original, candidate, verifier, timeout_s)]
        if not report.reasons and not report.unknown and scope_sensitive(original, candidate):
            above, skipped = above_scope(candidate, verifier, timeout_s, floor(original, candidate))
            report.unknown += [f"unknown: {r}" for r in above]
            report.skipped_probes += skipped
        if not report.reasons and not report.unknown:
            escapes, skipped = dead_escapes(original, candidate, verifier, timeout_s)
            report.unknown += [f"unknown: {r}" for r in escapes]
            report.skipped_probes += skipped
        if report.reasons or report.unknown:
            return
    pres = preservation(original, candidate, verifier, timeout_s)
    kept = original  # the file whose good instances are kept: the author's, or with the frames it leaves out
    if pres.outcome == "narrows":  # a missing frame: every fix loses the steps that change what it never named
        for text, added in baselines(original, verifier, timeout_s):
            again = preservation(text, candidate, verifier, timeout_s)
            # and the candidate allows nothing the frames forbid (not a frame that lets the operation cancel sales,
            # helper-48's o41_C_c01): every instance of its facts is one of the framed file's
            # and keeps the operations the frames are put in as the reading has them (helper-51's o42_O_c01, c02)
            if again.outcome == "preserved" and preservation(candidate, text, verifier, timeout_s,
                                                             good=False).outcome == "preserved" \
                    and kept_operations(original, text, added, candidate, verifier, timeout_s):
                pres, report.implicit_frames, kept = again, added, text
                break
    report.behaviour, report.lost = pres.outcome, pres.lost
    if required and pres.outcome == "unknown":
        report.unknown.append(f"behaviour preservation not decided: {pres.why}")
    if required and pres.outcome == "preserved":
        # what preservation cannot see: a change no command needs that changes instances the good ones leave out
        # read with the frames put in too (a frame spelled as two inclusions is not a change no command needs), and
        # asked only where both readings find one (a frame written in the step fact is no change of the framed pred)
        needless = unneeded(original, candidate, verifier, timeout_s)
        if needless and kept != original and not unneeded(kept, candidate, verifier, timeout_s):
            needless = []
        report.unknown += [f"unknown: {r}" for r in needless]
        if not report.unknown:  # what preservation cannot see either: others' tuples taken away (helper-38)
            report.unknown += [f"unknown: {r}" for r in evictions(original, candidate, verifier, timeout_s)]
        if not report.unknown:  # and an operation that does nothing where it would break the property
            report.unknown += [f"unknown: {r}" for r in idles(original, candidate, verifier, timeout_s)]
        if not report.unknown:  # and an operation that sends its effect to atoms it is not given
            report.unknown += [f"unknown: {r}" for r in relocations(original, candidate, verifier, timeout_s)]
        if not report.unknown:
            lost, skipped = lost_above(kept, candidate, verifier, timeout_s)
            report.unknown += [f"unknown: {r}" for r in lost]
            report.skipped_probes += skipped


def gate_task(
    task: Task, candidate: str, verifier: Verifier | None = None, leak_checks: bool = True, model_free: bool = False
) -> FaithfulnessReport:
    """The gate with everything the task knows: its frozen regions and editable part (the task decides
    what may change: Alloy4Fun one predicate body, ARepair everything but the property), hidden names
    and bodies from hidden meta (leak_checks=False only to calibrate the gate on the reference itself,
    which contains its own body); edits the (visible or hidden) property reaches are recorded.
    ``model_free``: the candidate comes from the mutation search alone (see ``gate``)."""
    hidden = [*task.meta.get("hidden_reference_names", []), *task.meta.get("hidden_property", [])]
    body = task.meta.get("hidden_reference_body")
    return gate(
        task.visible,
        candidate,
        frozen=task.frozen,
        editable=task.meta.get("editable"),
        hidden_names=hidden if leak_checks else [],
        hidden_bodies=[body] if body and leak_checks else [],
        hidden_roots=task.hidden_oracle,
        verifier=verifier,
        model_free=model_free,
        behaviour=task.meta.get("behaviour", "record"),
    )


def gate_report(
    task: Task, candidate: str, verifier: Verifier | None = None, *, model_free: bool = False
) -> dict[str, Any]:
    """The registered Gate (verifiers.base.Gate): ``gate_task`` as a JSON-able dict."""
    return gate_task(task, candidate, verifier, model_free=model_free).model_dump()
