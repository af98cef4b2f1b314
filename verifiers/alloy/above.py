"""Just above the scope: does a candidate's repair still hold when the scope grows?

A bounded check sees nothing above its scope, and a repair can be written to hold only there: an escape that
opens with a fifth team (`m.home != m.away or #Team > 4`, checked for 4), a transitive closure unrolled to the
scope's depth (`c in c.parent + c.parent.parent + ...`), a fix that covers the first two shipments of a trace
checked for 6 steps (helper-33, 2026-12-06). For a user's file the gate asks each of the candidate's checks
(and runs expected to have no instance) once more, above its scope: every signature's scope plus two (plus one
in a model whose states change, where traces cost more), ``exactly`` ones kept, ``steps`` plus two, the
``Int`` bitwidth plus one (so that more atoms' sums do not overflow into a counterexample), and only when the
candidate's new text counts or joins a field to itself (`scope_sensitive`). A counterexample there makes the
candidate undecided (``unknown: ... fails just above its scope``). An honest repair of the checked fault
holds there too, unless the file has a second fault the check meets only at the larger scope (which the author
should see as well, but which is no reason to refuse this repair: hence the condition on the new text). A probe
that does not finish is listed as skipped, never as a failure or a pass.
"""

from __future__ import annotations

import difflib
import re

from fmrepair.verifiers.alloy.preserve import temporal
from fmrepair.verifiers.alloy.text import Paragraph, split_paragraphs, strip_comments, tokens
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_above_"
_ITEM = re.compile(r"^(exactly\s+)?(\d+)\s+([\w/$]+)$")


def bumped(scope: str, by: int = 1) -> str | None:
    """The scope text (what follows ``for``) with every signature's scope ``by`` up (``exactly`` ones kept) and
    ``steps`` two up; None when it is not read (ranges, ``seq`` forms)."""
    raw = " ".join(scope.split())
    if not raw:
        raw = "3"
    head, _, rest = raw.partition(" but ") if not raw.startswith("but ") else ("3", "", raw[4:])
    items: list[str] = []
    default = ""
    if re.fullmatch(r"\d+", head.strip()):
        default = str(int(head) + by)
    else:
        rest = f"{head}, {rest}" if rest else head
    for item in (x.strip() for x in rest.split(",") if x.strip()):
        m = _ITEM.match(item)
        if m is None:
            return None
        exact, n, name = m.group(1) or "", int(m.group(2)), m.group(3)
        if name == "steps":
            n += 2
        elif name == "Int":
            n += 1  # more atoms make sums larger: a wider bitwidth, so that overflow is no new counterexample
        elif name != "seq" and not exact:
            n += by
        items.append(f"{exact}{n} {name}")
    if not default and not items:
        return None
    if not any(i.endswith(" Int") for i in items):
        items.append("5 Int")  # the default bitwidth is 4
    return default + (" but " if default and items else "") + ", ".join(items)


def _probe(p: Paragraph, scope: str, i: int) -> str | None:
    what = f"{{ {p.block} }}" if p.block is not None else p.target
    if not what:
        return None
    return f"{LABEL}{i}: {p.command} {what} for {scope}"


_COUNTING = {"#", "Int", "sum", "plus", "minus", "mul", "div", "rem"}


def scope_sensitive(original: str, candidate: str) -> bool:
    """Does the candidate's new text count (``#``, an integer, integer functions) or join a field to itself
    (``n.next.next``)? What holds only within a scope is written with these; asked above the scope only then,
    since a file's other faults and integer overflow also show there (an honest guard added to a mutex whose
    check fails with four processes, helper t_fix_guard: a second fault the author should see, but no reason to
    refuse this repair)."""
    ot = [t.text for t in tokens(strip_comments(original))]
    ct = tokens(strip_comments(candidate))
    m = difflib.SequenceMatcher(a=ot, b=[t.text for t in ct], autojunk=False)
    new = [ct[k] for tag, _, _, j1, j2 in m.get_opcodes() if tag in ("insert", "replace") for k in range(j1, j2)]
    if any(t.text in _COUNTING or t.text.isdigit() for t in new):
        return True
    texts = [t.text for t in ct]
    near = {k + d for tag, _, _, j1, j2 in m.get_opcodes() if tag in ("insert", "replace")
            for k in range(j1, j2) for d in range(4)}  # a join chain that ends up to three tokens after the edit
    return any(3 <= k < len(texts) and texts[k - 1] == texts[k - 3] == "." and texts[k] == texts[k - 2]
               for k in near)


def above_scope(candidate: str, verifier: Verifier, timeout_s: float) -> tuple[list[str], list[str]]:
    """(reasons: a check, or a run expected empty, that fails above its scope; skipped: probes not decided)."""
    paras = split_paragraphs(candidate)
    asked: list[tuple[str, Paragraph, str]] = []
    for p in paras:
        if p.kind != "command" or not ((p.command == "check" and p.expect != 1) or (p.command == "run"
                                                                                      and p.expect == 0)):
            continue
        scope = bumped(p.scope, 1 if temporal(candidate) else 2)
        if scope is not None and (probe := _probe(p, scope, len(asked))) is not None:
            asked.append((probe, p, scope))
    if not asked:
        return [], []
    body = candidate
    for p in sorted((q for q in paras if q.kind == "command"), key=lambda q: q.start, reverse=True):
        body = body[: p.start] + body[p.end :]
    v = verifier.check(body + "\n" + "\n".join(a for a, _, _ in asked) + "\n", CheckOptions(timeout_s=timeout_s))
    got = {c.label: c for c in v.commands}
    reasons, skipped = [], []
    for i, (_, p, scope) in enumerate(asked):
        c = got.get(f"{LABEL}{i}")
        name = p.label or p.target or "the checked block"
        if c is None or c.outcome not in ("counterexample", "no_counterexample", "instance", "no_instance"):
            skipped.append(f"{p.command} {name} for {scope} (above its scope): not decided")
        elif c.outcome in ("counterexample", "instance"):
            witness = " ".join((c.witness or "").split())[:300]
            reasons.append(f"{p.command} {name} fails just above its scope (for {scope}): the repair may hold only "
                           f"within the scope the file checks ({witness})")
    return reasons, skipped

