"""Vacuous premises, decided by the Analyzer. An assertion ``all x | P implies Q`` (``always``, nested
quantifiers and implications included) holds trivially when ``P`` can no longer happen. The premise probe
is ``some x | P`` (``eventually`` under ``always``); when it has an instance among the original's good
instances (premise and assertion together) at the check's scope and none in the candidate, the candidate
is unfaithful (``vacuous premise``). A premise that only counterexamples met is no loss.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.assume import LABEL, commands_removed
from fmrepair.verifiers.alloy.text import Paragraph, Token, closing_bracket, split_paragraphs, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier


def premise(body: str) -> str | None:
    """The premise probe of an assertion body, or None when it has no implication."""
    toks = tokens(body)
    return _premise(body, toks, 0, len(toks))


def _premise(src: str, toks: Sequence[Token], i: int, j: int) -> str | None:
    while i < j and toks[i].text == "{" and closing_bracket(toks, i) == j - 1:
        i, j = i + 1, j - 1
    if i >= j:
        return None
    d = toks[i].depth
    top = [k for k in range(i, j) if toks[k].depth == d]
    words = [toks[k].text for k in top]
    if any(w in ("else", "iff", "<=>", "or", "||", "let") for w in words):
        return None
    if words[0] == "always":
        inner = _premise(src, toks, i + 1, j)
        return f"eventually ({inner})" if inner else None
    if words[0] in ("all", "no", "some", "one", "lone") and "|" in words:
        if words[0] != "all":
            return None
        bar = top[words.index("|")]
        decls = src[toks[i + 1].start : toks[bar].start].strip()
        inner = _premise(src, toks, bar + 1, j)
        return f"some {decls} | {inner}" if inner else None
    if "implies" in words or "=>" in words:
        k = next(top[n] for n, w in enumerate(words) if w in ("implies", "=>"))
        left = src[toks[i].start : toks[k - 1].end]
        inner = _premise(src, toks, k + 1, j)
        return f"({left})" + (f" and ({inner})" if inner else "")
    return None


def premise_probes(paras: Sequence[Paragraph]) -> list[tuple[str, str, str, str]]:
    """(assertion, premise formula, scope, the assertion's body) for every checked assertion with a premise."""
    asserts = {p.name: p for p in paras if p.kind == "assert"}
    out = []
    for c in paras:
        if c.kind != "command" or c.command != "check" or c.expect == 1:
            continue
        body, what = (asserts[c.target].body, c.target) if c.target in asserts else (c.block, "the checked block")
        pre = premise(body) if body else None
        if pre and body:
            out.append((what or "?", pre, c.scope or "3", body))
    return out


def vacuous_premises(original: str, candidate: str, verifier: Verifier, timeout_s: float = 30.0
                     ) -> tuple[list[str], list[str]]:
    """(reasons, unknown): premises the original can meet at the check's scope and the candidate cannot."""
    probes = premise_probes(split_paragraphs(candidate))
    if not probes:
        return [], []

    def ask(text: str, good: bool) -> dict[str, str]:
        runs = [f"{LABEL}{i}: run {{ ({pre}){f' and {{ {body} }}' if good else ''} }} for {scope}"
                for i, (_, pre, scope, body) in enumerate(probes)]
        v = verifier.check(commands_removed(text) + "\n" + "\n".join(runs) + "\n", CheckOptions(timeout_s=timeout_s))
        if v.status in ("syntax_error", "type_error", "error"):
            return {}
        return {c.label: c.outcome for c in v.commands}

    # the original's premise is asked of its good instances (those that meet the assertion): a premise only
    # counterexamples could meet (``all disj a, b | a.id = b.id implies ...``) is no loss when a fix removes it
    before, after = ask(original, True), ask(candidate, False)
    reasons, unknown = [], []
    for i, (what, pre, scope, _) in enumerate(probes):
        b, a = before.get(f"{LABEL}{i}"), after.get(f"{LABEL}{i}")
        if b != "instance" or a == "instance":
            continue
        probe = f"run {{ {' '.join(pre.split())[:200]} }} for {scope}"
        if a == "no_instance":
            reasons.append(f"vacuous premise: the premise of {what} can no longer hold for {scope} (the original's "
                           f"can); probe: {probe}")
        else:
            unknown.append(f"premise of {what}: the candidate's probe ended {a or 'with an error'} ({probe})")
    return reasons, unknown
