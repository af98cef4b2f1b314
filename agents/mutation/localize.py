"""Fault localization: which editable nodes to mutate first.

Three signals, combined into one suspiciousness score per node:

* unsat cores: a visible ``run`` that should have an instance but has none is solved again with the
  MiniSatProver solver (in our parse worker's JVM); nodes inside the minimized core are suspicious
  (the model is over-constrained there);
* counterexamples (mutation-based, Metallaxis-style): a node whose single mutants make the recorded
  counterexamples stop being counterexamples is suspicious, in proportion to how many they fix;
* hints: spans the language model named or edited (hybrid strategy).
"""

from __future__ import annotations

from collections.abc import Iterable

from fmrepair.verifiers.alloy.syntax import AstClient, Node
from fmrepair.verifiers.base import Verdict

Span = tuple[int, int]


def overlaps(n: Node, spans: Iterable[Span]) -> bool:
    return any(n.s < b and a < n.e for a, b in spans)


def core_spans(client: AstClient, source: str, verdict: Verdict, n_visible: int) -> list[Span]:
    """Unsat-core spans of every visible run that should have an instance and has none."""
    spans: list[Span] = []
    for i, c in enumerate(verdict.commands[:n_visible]):
        if c.kind == "run" and not c.met and c.outcome == "no_instance":
            spans += client.core(source, c.index if c.index is not None else i) or []
    return spans


def score_nodes(
    nodes: Iterable[Node],
    core: list[Span],
    hints: list[Span],
    fixes: dict[int, float] | None = None,
) -> dict[int, float]:
    """Suspiciousness of each node id: 1 + 2 (in a core) + 3 (hinted) + 4 x fraction of counterexamples
    some single mutant of the node fixes. Leaves weigh a little less than operators (ties)."""
    fixes = fixes or {}
    out: dict[int, float] = {}
    for n in nodes:
        s = 1.0 + (0.0 if n.leaf else 0.1)
        if core and overlaps(n, core):
            s += 2.0
        if hints and overlaps(n, hints):
            s += 3.0
        s += 4.0 * fixes.get(n.id, 0.0)
        out[n.id] = s
    return out


def describe(nodes: list[Node], scores: dict[int, float], source: str, top: int = 5) -> list[str]:
    """The top-ranked locations as readable lines (line number and text)."""
    ranked = sorted(nodes, key=lambda n: -scores.get(n.id, 0.0))
    lines, seen = [], set()
    for n in ranked:
        text = " ".join(source[n.s : n.e].split())
        if n.s < 0 or text in seen or len(text) > 120:
            continue
        seen.add(text)
        lines.append(f"line {source.count(chr(10), 0, n.s) + 1}: `{text}` (score {scores.get(n.id, 0.0):.1f})")
        if len(lines) >= top:
            break
    return lines
