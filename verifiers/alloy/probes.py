"""Probe commands that ask whether a specification kept its instances (the gate's semantic checks).

Each probe is one ``run`` appended to the specification under a reserved label:
- ``model``: every signature inhabited at once (the empty instance would survive ``fact { no Node }``);
- ``sig S`` / ``field S.f``: the signature / field can be non-empty (non-degeneracy);
- ``pred p``: p is satisfiable; ``pred p (not always true)``: some arguments make p false;
- ``fun f``: f can return a non-empty value.
A probe whose own text does not compile (an unusual parameter shape) is dropped from both sides and
named in ``skipped``; a probe that times out or errors is *unknown*, never a pass.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from pydantic import BaseModel, Field

from fmrepair.verifiers.alloy.reach import reached, short_name
from fmrepair.verifiers.alloy.text import Paragraph, line_starts, split_paragraphs, split_top, strip_comments, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_probe_"
_MODS = {"disj", "var", "private", "one", "lone", "some", "abstract"}


class Probe(BaseModel):
    key: str  # "sig Node", "field Node.next", "pred acyclic", "pred acyclic (not always true)", "fun f"
    formula: str
    kind: str  # "model" | "sig" | "field" | "pred" | "taut" | "noop" | "fun" | "shape"


class ProbeResults(BaseModel):
    outcomes: dict[str, str] = Field(default_factory=dict)  # probe key -> outcome
    witnesses: dict[str, str] = Field(default_factory=dict)
    runs: list[tuple[str, str]] = Field(default_factory=list)  # the spec's own runs: (label, outcome)
    skipped: list[str] = Field(default_factory=list)
    error: str | None = None  # the specification itself does not compile
    complete: bool = True  # False when the check was cut short (timeout, dead worker)


def _decl_names(decls: str) -> list[str]:
    names: list[str] = []
    for piece in split_top(decls):
        head = piece.split(":", 1)[0].split()
        head = [w for w in head if w not in _MODS]
        if head:
            names.append(head[-1])
    return names


def signature(p: Paragraph) -> tuple[str, list[str], str | None] | None:
    """(parameter declarations, argument names, receiver sig) of a pred/fun; None if unreadable."""
    if p.body_start is None:
        return None
    header = p.text[: p.body_start - p.start - 1]
    toks = tokens(header)
    words = [t.text for t in toks]
    try:
        k = words.index(p.kind) + 1
    except ValueError:
        return None
    receiver = None
    if k + 2 < len(words) and words[k + 1] == ".":
        receiver, k = words[k], k + 2
    k += 1  # past the name
    decls = ""
    if k < len(toks) and toks[k].text in "[(":
        close = "]" if toks[k].text == "[" else ")"
        depth = toks[k].depth + 1
        end = next((j for j in range(k + 1, len(toks)) if toks[j].text == close and toks[j].depth == depth), None)
        if end is None:
            return None
        decls = header[toks[k].end : toks[end].start].strip()
    return decls, _decl_names(decls) if decls else [], receiver


def _call(
    p: Paragraph, sig: tuple[str, list[str], str | None], negate: bool = False, some: bool = False, also: str = ""
) -> str:
    decls, args, receiver = sig
    name = short_name(p)
    call = f"fmr_this.{name}" if receiver else name
    if args:
        call += "[" + ", ".join(args) + "]"
    body = f"some {call}" if some else (f"not {call}" if negate else call)
    if also:
        body = f"{body} and ({also})"
    quant = ([f"fmr_this: {receiver}"] if receiver else []) + ([decls] if decls else [])
    return f"some {', '.join(quant)} | {body}" if quant else body


def sig_names(p: Paragraph) -> list[str]:
    return [n.strip() for n in p.name.split(",") if n.strip()]


def _is_var(p: Paragraph) -> bool:
    head = p.text[: (p.body_start - p.start) if p.body_start is not None else len(p.text)]
    return "var" in head.split()


def field_names(p: Paragraph) -> list[tuple[str, bool]]:
    """(field, is var) declared in a sig paragraph's body."""
    if p.kind != "sig" or p.body is None:
        return []
    out: list[tuple[str, bool]] = []
    pending: list[str] = []
    for piece in split_top(p.body):
        words = piece.split(":", 1)[0].split()
        var = "var" in words
        words = [w for w in words if w not in _MODS]
        if not words or not re.fullmatch(r"[^\W\d][\w']*", words[-1]):
            continue
        pending.append(words[-1])
        if ":" in piece:
            out += [(n, var) for n in pending]
            pending = []
    return out


def global_probes(paras: Sequence[Paragraph]) -> list[Probe]:
    """The model, every signature and every field (enum sigs excluded: their atoms are fixed): can it be
    non-empty, and can it be more than trivial (two atoms; two tuples, a tuple off the diagonal, two
    different values, two atoms that have it; a var field that changes, and is non-empty after the first
    state)? ("not every pair of its domain and range" was tried and dropped: within a small scope a real
    fix can make a field total, e.g. one class per teacher with three persons.)"""
    sigs = [(n, p) for p in paras if p.kind == "sig" for n in sig_names(p)]
    probes: list[Probe] = []
    if sigs:
        # a var sig at some time of the trace (an initial condition may empty it: o18_h1_init, `no Crit`)
        probes.append(Probe(key="model", formula=" and ".join(f"{'eventually ' if _is_var(p) else ''}some {n}"
                                                              for n, p in sigs), kind="model"))
    for n, p in sigs:
        ev = "eventually " if _is_var(p) else ""
        probes.append(Probe(key=f"sig {n}", formula=f"{ev}some {n}", kind="sig"))
        probes.append(Probe(key=f"sig {n} (two atoms)", formula=f"{ev}#{n} > 1", kind="shape"))
        if ev:  # a var sig made constant, or frozen by a fact, loses every trace where it changes
            probes.append(Probe(key=f"sig {n} (changes)", formula=f"eventually {n}' != {n}", kind="shape"))
    for n, p in sigs:
        for f, var in field_names(p):
            ev, r = ("eventually " if var else ""), f"({n} <: {f})"
            key = f"field {n}.{f}"
            probes.append(Probe(key=key, formula=f"{ev}some {r}", kind="field"))
            probes.append(Probe(key=f"{key} (two tuples)", formula=f"{ev}#{r} > 1", kind="shape"))
            probes.append(Probe(key=f"{key} (a tuple off the diagonal)", formula=f"{ev}some {r} - iden", kind="shape"))
            probes.append(Probe(key=f"{key} (two values)", formula=f"{ev}#({n}.{r}) > 1", kind="shape"))
            probes.append(Probe(key=f"{key} (two atoms have it)", formula=f"{ev}#({r}.univ) > 1", kind="shape"))
            if var:
                probes.append(Probe(key=f"{key} (changes)", formula=f"eventually {r}' != {r}", kind="shape"))
                probes.append(Probe(key=f"{key} (after the first state)", formula=f"after eventually some {r}",
                                    kind="shape"))
    return probes


def state_changes(paras: Sequence[Paragraph], also_in: Sequence[Paragraph] | None = None) -> str:
    """A formula that holds where some ``var`` sig or field changes in the next state ("" with none);
    ``also_in``: only those var there too (a probe asked of two versions of a model must compile in both)."""
    def parts(ps: Sequence[Paragraph]) -> list[str]:
        sigs = [(n, p) for p in ps if p.kind == "sig" for n in sig_names(p)]
        return ([f"{n}' != {n}" for n, p in sigs if _is_var(p)]
                + [f"({n} <: {f})' != ({n} <: {f})" for n, p in sigs for f, var in field_names(p) if var])
    both = set(parts(also_in)) if also_in is not None else None
    return " or ".join(x for x in parts(paras) if both is None or x in both)


def operation_probes(paras: Sequence[Paragraph], among: Collection[str],
                     also_in: Sequence[Paragraph] | None = None) -> list[Probe]:
    """An Alloy 6 model's operations (preds with parameters whose body, or a pred it calls, has a prime;
    keys in ``among``): can one, taken, change some ``var`` sig or field in a trace? An operation made a
    stutter (``Token' = Token``) takes no good trace away where every use of it broke the property (the
    intent set's token ring), so preservation passes it; the gate asks this of the operations a candidate
    changed, under the original's facts, and leaves the answer undecided (an operation meant to do nothing
    reads the same: helper-26). A pred without parameters is exempt: an idle step is meant to change
    nothing (helper-25's `h_skip_typo`). ``also_in``: the other version the probes are asked of."""
    changes = state_changes(paras, also_in)
    if not changes:
        return []
    preds = {p.key: p for p in paras if p.kind == "pred"}
    probes = []
    for key in among:
        p = preds.get(key)
        sig = signature(p) if p is not None else None
        if p is None or sig is None or not sig[1]:
            continue
        bodies = [p.body or ""] + [preds[k].body or "" for k in reached(paras, [p]) if k in preds]
        if any(t.text == "'" for b in bodies for t in tokens(b)):
            probes.append(Probe(key=f"{key} (changes the state)", formula=f"eventually ({_call(p, sig, also=changes)})",
                                kind="noop"))
    return probes


def callable_probes(paras: Sequence[Paragraph], names: Sequence[str] | None = None) -> list[Probe]:
    """Satisfiable and not-always-true probes for preds, non-empty probes for funs (keys in names). In an
    Alloy 6 model with ``var`` declarations each is asked at some state of a trace (``eventually``): an
    operation guarded by what only a later state has (``m in Sent``) is not vacuous."""
    probes: list[Probe] = []
    ev = "eventually " if any(_is_var(p) or any(v for _, v in field_names(p)) for p in paras if p.kind == "sig") else ""
    for p in paras:
        if p.kind not in ("pred", "fun") or (names is not None and p.key not in names):
            continue
        sig = signature(p)
        if sig is None:
            continue
        if p.kind == "pred":
            probes.append(Probe(key=p.key, formula=f"{ev}({_call(p, sig)})", kind="pred"))
            probes.append(Probe(key=f"{p.key} (not always true)", formula=f"{ev}({_call(p, sig, negate=True)})",
                                kind="taut"))
        else:
            probes.append(Probe(key=p.key, formula=f"{ev}({_call(p, sig, some=True)})", kind="fun"))
    return probes


def _text(source: str, probes: Sequence[Probe], scope: str) -> tuple[str, int]:
    base = source.rstrip() + "\n\n"
    lines = [f"{LABEL}{i}: run {{ {pr.formula} }} for {scope}" for i, pr in enumerate(probes)]
    return base + "\n".join(lines) + "\n", len(line_starts(base))  # lines as the Analyzer counts them (a lone \r)


def run_probes(
    verifier: Verifier, source: str, probes: Sequence[Probe], scope: str, timeout_s: float = 30.0
) -> ProbeResults:
    """Check ``source`` with the probes appended; probes whose text does not compile are dropped."""
    live = list(probes)
    res = ProbeResults()
    for _ in range(len(probes) + 1):
        text, first_line = _text(source, live, scope)
        v = verifier.check(text, CheckOptions(timeout_s=timeout_s))
        if v.status in ("syntax_error", "type_error", "error"):
            line = next((e.line for e in v.errors if e.line is not None), None)
            if line is not None and line >= first_line and line - first_line < len(live):
                res.skipped.append(live.pop(line - first_line).key)
                continue
            # an error reported elsewhere (a higher-order probe is reported at the pred's own line, an outside
            # attack 2026-12-05): each probe alone tells which ones do not compile
            bad = [pr for pr in live if verifier.check(_text(source, [pr], scope)[0], CheckOptions(
                timeout_s=timeout_s)).status in ("syntax_error", "type_error", "error")] if len(live) > 1 else []
            if bad and len(bad) < len(live):
                res.skipped += [pr.key for pr in bad]
                live = [pr for pr in live if pr not in bad]
                continue
            res.error = f"{v.status}: {v.errors[0].message if v.errors else v.status}"
            return res
        for c in v.commands:
            if c.label.startswith(LABEL) and c.label[len(LABEL) :].isdigit():  # (a user's own run may
                pr = live[int(c.label[len(LABEL) :])]  # carry the prefix: an outside attack, 2026-12-05)
                res.outcomes[pr.key] = c.outcome
                if c.witness:
                    res.witnesses[pr.key] = c.witness
            elif c.kind == "run" and c.expect != 0:  # a run expecting none states an impossibility:
                res.runs.append((c.label, c.outcome))  # losing its instance is the repair working
        res.complete = v.status not in ("timeout", "error")
        for pr in live:  # a check cut short (timeout, dead worker) leaves probes without a result
            res.outcomes.setdefault(pr.key, "timeout" if v.status == "timeout" else "error")
        return res
    res.error = "probes could not be built"
    return res


def _size(scope: str) -> int:
    m = re.match(r"\s*(?:exactly\s+)?(\d+)", scope)
    return int(m.group(1)) if m else 3


def probe_scope(paras: Sequence[Paragraph]) -> str:
    """The largest overall scope among the original's commands (a check first on a tie; else 3)."""
    cmds = [p for p in paras if p.kind == "command"]
    if not cmds:
        return "3"
    best = max(cmds, key=lambda p: (_size(p.scope or "3"), p.command == "check"))
    return best.scope or "3"


def without_checks(source: str) -> str:
    """The source with its check commands removed (probes need its runs, not its checks)."""
    out = source
    for p in sorted((q for q in split_paragraphs(source) if q.kind == "command" and q.command == "check"),
                    key=lambda q: q.start, reverse=True):
        out = out[: p.start] + out[p.end :]
    return out


_FIELD_MODS = {"disj", "var", "private", "one", "lone", "some", "set"}


def arities(paras: Sequence[Paragraph]) -> dict[str, tuple[int, bool]]:
    """Each sig (arity 1) and field (1 + its type's arity) of the declarations, with whether it is variable."""
    out: dict[str, tuple[int, bool]] = {}
    for p in paras:
        if p.kind != "sig":
            continue
        head = strip_comments(p.text[: (p.body_start - p.start) if p.body_start is not None else len(p.text)])
        out.update(dict.fromkeys(sig_names(p), (1, "var" in head.split())))
        pending: list[str] = []
        # a comment inside the field list (`var ticket: set Visitor,  -- unused tickets`) is no field (helper-54's
        # o44_I: its words were read as field names, and every probe built from them failed to parse)
        for piece in split_top(strip_comments(p.body or "")):
            names, colon, typ = piece.partition(":")
            words = names.split()
            var = "var" in words
            pending += [w.strip(",") for w in words if w not in _FIELD_MODS and w.strip(",")]
            if not colon:
                continue
            ttoks = tokens(typ)
            arrows = sum(1 for t in ttoks if t.text == ">" and t.depth == ttoks[0].depth) if ttoks else 0
            out.update(dict.fromkeys(pending, (2 + arrows, var)))
            pending = []
    return out


def var_arities(paras: Sequence[Paragraph]) -> dict[str, int]:
    """Each variable sig (1) and variable field (1 + its type's arity) of the declarations."""
    return {n: a for n, (a, var) in arities(paras).items() if var}
