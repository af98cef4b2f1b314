"""FOL as SMT-LIB2: the artifact contract, z3 probes for consistency and entailment, alignment cues.

Contract: declarations, one ``(assert ...)`` per premise (in order), and the conclusion as
``(define-fun conclusion () Bool <formula>)``. Commands that ask the solver (check-sat, get-*, push,
pop, set-logic, set-info, set-option, exit, echo) are dropped: we pose our own queries.
Answer: premises + not conclusion unsat -> True; premises + conclusion unsat -> False; else Uncertain
(None when the premises are inconsistent, the solver gave up, or the artifact does not execute).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fmrepair.verifiers.diagnosis.base import GAVE_UP, NOT_EXECUTED, RAN, Diagnosis, Finding
from fmrepair.verifiers.sexpr import SExprError, TopLevel, atoms, read_all, to_text
from fmrepair.verifiers.smtlib.verifier import run_script

_DROP = {
    "check-sat",
    "check-sat-assuming",
    "get-model",
    "get-unsat-core",
    "get-value",
    "get-info",
    "get-option",
    "get-assertions",
    "push",
    "pop",
    "set-logic",
    "set-info",
    "set-option",
    "exit",
    "echo",
    "reset",
}
_DECL = {
    "declare-fun",
    "declare-const",
    "define-fun",
    "declare-sort",
    "define-sort",
    "declare-datatypes",
    "declare-datatype",
    "define-fun-rec",
}
_XOR_CUE = re.compile(r"\beither\b.*\bor\b", re.I)


@dataclass
class FolArtifact:
    decls: list[str] = field(default_factory=list)
    premises: list[tuple[str, int]] = field(default_factory=list)  # (assert body text, line)
    conclusion: str | None = None  # body of define-fun conclusion
    declared: set[str] = field(default_factory=set)
    premise_symbols: set[str] = field(default_factory=set)
    problem: str | None = None  # contract problem found while reading


def read_artifact(script: str) -> FolArtifact:
    art = FolArtifact()
    try:
        items: list[TopLevel] = read_all(script)
    except SExprError as e:
        art.problem = str(e)
        return art
    for t in items:
        e = t.expr
        if not isinstance(e, list) or not e:
            continue
        head = str(e[0])
        if head in _DROP:
            continue
        if head == "define-fun" and len(e) >= 5 and e[1] == "conclusion":
            art.conclusion = to_text(e[4])
            continue
        if head in _DECL:
            art.decls.append(t.text)
            if len(e) > 1 and isinstance(e[1], str):
                art.declared.add(e[1])
        elif head == "assert" and len(e) == 2:
            if "conclusion" in atoms(e[1]):
                continue  # the script's own query about the conclusion, not a premise
            body = e[1]
            if isinstance(body, list) and body and body[0] == "!":
                body = body[1]
            art.premises.append((to_text(body), t.line))
            art.premise_symbols.update(atoms(body))
        else:
            art.decls.append(t.text)  # anything else: keep it, z3 will judge it
    return art


def _probe_script(art: FolArtifact) -> str:
    lines = ["(set-option :produce-unsat-cores true)", *art.decls]
    conc = art.conclusion or "true"
    lines += [f"(push 1)(assert (not {conc}))(check-sat)(pop 1)", f"(push 1)(assert {conc})(check-sat)(pop 1)"]
    lines += [f"(assert (! {body} :named premise_{i + 1}))" for i, (body, _) in enumerate(art.premises)]
    lines += [
        "(check-sat)",
        "(get-unsat-core)",
        f"(push 1)(assert (not {conc}))(check-sat)(pop 1)",
        f"(push 1)(assert {conc})(check-sat)(pop 1)",
    ]
    return "\n".join(lines)


def diagnose_fol(problem: str, artifact: str, premises: list[str] | None = None, timeout_s: float = 5.0) -> Diagnosis:
    """Diagnose an SMT-LIB2 formalization of NL ``premises`` (list) and a conclusion (in ``problem``)."""
    d = Diagnosis(formalism="smtlib")
    art = read_artifact(artifact)
    d.facts = {"assertions": len(art.premises), "premise_sentences": len(premises or [])}
    if art.problem:
        d.facts["trace"] = f"parse error: {art.problem}"
        d.exec_rank = NOT_EXECUTED
        d.findings.append(Finding(kind="parse_error", weight=5, axis="contract", evidence=art.problem))
        return d
    if art.conclusion is None:
        d.facts["trace"] = "contract error: no (define-fun conclusion () Bool ...)"
        d.exec_rank = NOT_EXECUTED
        d.findings.append(
            Finding(
                kind="missing_conclusion",
                weight=5,
                axis="contract",
                evidence="no (define-fun conclusion () Bool ...) in the script",
            )
        )
        return d
    run = run_script(_probe_script(art), timeout_s)
    errors = [e for e in run.errors if e.severity == "error" and "unsat core" not in e.message]
    if errors or len(run.answers) < 5:
        d.exec_rank = NOT_EXECUTED
        msg = errors[0].message if errors else "z3 did not answer every probe"
        d.facts["trace"] = f"z3 error: {msg}"
        d.findings.append(Finding(kind="solver_error", weight=5, axis="contract", evidence=msg))
        return d
    d.facts["trace"] = (
        f"z3: premises {run.answers[2]}; premises + not conclusion {run.answers[3]}; "
        f"premises + conclusion {run.answers[4]}"
    )
    concl_valid, concl_contra = run.answers[0] == "unsat", run.answers[1] == "unsat"
    consistent, entail_neg, entail_pos = run.answers[2], run.answers[3], run.answers[4]
    if not art.premises:
        d.findings.append(
            Finding(kind="no_premises", weight=3, axis="contract", evidence="no (assert ...) for the premises")
        )
    if premises and len(art.premises) < len(premises):
        d.findings.append(
            Finding(
                kind="missing_premises",
                weight=1,
                axis="alignment",
                evidence=f"{len(premises)} premise sentences but {len(art.premises)} assertions",
            )
        )
    if concl_valid or concl_contra:
        what = "valid on its own (true without any premise)" if concl_valid else "unsatisfiable on its own"
        d.findings.append(
            Finding(kind="trivial_conclusion", location="conclusion", weight=2, axis="entailment", evidence=what)
        )
    used = {s for s in atoms(read_all(art.conclusion)[0].expr) if s in art.declared}
    loose = sorted(used - art.premise_symbols)
    if loose:
        d.findings.append(
            Finding(
                kind="conclusion_unconstrained",
                location="conclusion",
                weight=2,
                axis="alignment",
                evidence=f"symbols {', '.join(loose)} occur in the conclusion but in no premise",
            )
        )
    if "unknown" in (consistent, entail_neg, entail_pos):
        d.exec_rank = GAVE_UP
        d.findings.append(
            Finding(
                kind="solver_unknown",
                weight=1,
                axis="solver",
                blocking=False,
                evidence=f"z3 answers: consistency {consistent}, premises+not(c) {entail_neg}, premises+c {entail_pos}",
            )
        )
    if consistent == "unsat":
        core = next((r for r in run.responses if r.startswith("(premise_")), "")
        d.findings.append(
            Finding(
                kind="inconsistent_premises",
                location=core,
                weight=3,
                axis="consistency",
                evidence=f"the premises have no model; unsat core {core or '(not available)'}",
            )
        )
        return d
    if d.exec_rank == RAN:
        d.answer = "True" if entail_neg == "unsat" else "False" if entail_pos == "unsat" else "Uncertain"
        if d.answer == "Uncertain":
            d.findings.append(
                Finding(
                    kind="underdetermined",
                    location="conclusion",
                    blocking=False,
                    axis="entailment",
                    evidence="both the conclusion and its negation are consistent with the premises",
                )
            )
    text = " ".join(premises or []) + " " + problem
    if _XOR_CUE.search(text) and not re.search(r"\(\s*(xor|distinct)\b", artifact):
        d.findings.append(
            Finding(
                kind="xor_cue",
                blocking=False,
                axis="lexical",
                evidence="the text says 'either ... or' but no xor/distinct appears (exclusive?)",
            )
        )
    return d
