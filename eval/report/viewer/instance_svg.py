"""Draw a parsed Alloy instance as SVG: atoms as nodes grouped by signature, fields as labelled edges.

Graphviz (Debian ``graphviz``: ``dot -Tsvg``) lays the graphs out when it is installed; several graphs go
through one ``dot`` process. Without it (or when it fails) a small built-in layout puts each signature's
atoms on an arc of a circle, one circle per state of a trace.
"""

from __future__ import annotations

import html
import math
import re
import shutil
import subprocess

from fmrepair.eval.report.viewer.alloy_instance import Instance, State

PALETTE = ["#cfe2f3", "#d9ead3", "#fff2cc", "#f4cccc", "#d9d2e9", "#fce5cd", "#d0e0e3", "#ead1dc"]
_XML_HEAD = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->", re.S)


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _colors(inst: Instance) -> dict[str, str]:
    sigs: list[str] = []
    for st in inst.states:
        for s in list(st.sigs) + sorted(set(st.atoms().values())):
            if s not in sigs:
                sigs.append(s)
    return {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(sigs)}


def _edges(state: State) -> list[tuple[str, str, str]]:
    """(from, to, label): binary tuples a->b; wider ones a->...->z labelled name[middle atoms]."""
    out = []
    for rel in state.relations:
        for t in rel.tuples:
            if len(t) < 2:
                continue
            label = rel.name if len(t) == 2 else f"{rel.name}[{', '.join(t[1:-1])}]"
            out.append((t[0], t[-1], label))
    return out


def _node_label(atom: str, state: State) -> str:
    extra = state.labels.get(atom, [])
    return atom + (f"\n({', '.join(extra)})" if extra else "")


def to_dot(inst: Instance, name: str = "witness") -> str:
    colors = _colors(inst)
    lines = [
        f"digraph {_q(name)} {{",
        'graph [rankdir=LR, fontsize=10, fontname="Helvetica"];',
        'node [shape=box, style="rounded,filled", fontsize=10, fontname="Helvetica"];',
        'edge [fontsize=9, fontname="Helvetica"];',
    ]
    many = len(inst.states) > 1
    before: set[tuple[str, str, str]] = set()
    for i, state in enumerate(inst.states):
        prefix = f"s{i}_" if many else ""
        if many:
            loop = " (loop target)" if inst.loop == i else ""
            lines.append(f"subgraph {_q(f'cluster_state_{i}')} {{ label={_q(f'state {i}{loop}')};")
        groups: dict[str, list[str]] = {}
        for atom, sig in state.atoms().items():
            groups.setdefault(sig, []).append(atom)
        for g, (sig, atoms) in enumerate(groups.items()):
            lines.append(f"subgraph {_q(f'cluster_{i}_{g}')} {{ label={_q(sig)}; style=dashed; color=gray60;")
            for a in atoms:
                lines.append(f"{_q(prefix + a)} [label={_q(_node_label(a, state))}, fillcolor={_q(colors[sig])}];")
            lines.append("}")
        edges = _edges(state)
        for a, b, label in edges:  # a tuple new since the state before is drawn red and bold
            new = i > 0 and (a, b, label) not in before
            changed = ', color="#d62728", fontcolor="#d62728", penwidth=2.2' if new else ""
            lines.append(f"{_q(prefix + a)} -> {_q(prefix + b)} [label={_q(label)}{changed}];")
        before = set(edges)
        for rel in state.relations:
            if not rel.tuples:  # a skolem with a plain value
                lines.append(f'{_q(prefix + rel.name)} [shape=plaintext, style="", label={_q(rel.name)}];')
        if many:
            lines.append("}")
    lines.append("}")
    return "\n".join(lines)


def graphviz_available() -> bool:
    return shutil.which("dot") is not None


def _split_svgs(output: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"<svg\b.*?</svg>", output, re.S)]


def dot_svgs(sources: list[str], timeout_s: float = 60.0) -> list[str] | None:
    """Lay out several dot graphs with one ``dot -Tsvg`` process; None when dot is absent or fails."""
    if not sources or not graphviz_available():
        return None if sources else []
    try:
        proc = subprocess.run(
            ["dot", "-Tsvg"], input="\n".join(sources), capture_output=True, text=True, timeout=timeout_s
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    svgs = _split_svgs(_XML_HEAD.sub("", proc.stdout))
    return svgs if proc.returncode == 0 and len(svgs) == len(sources) else None


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def builtin_svg(inst: Instance, uid: str = "0") -> str:
    """A dependency-free layout: per state, atoms on a circle grouped by signature, straight edges."""
    colors = _colors(inst)
    r, box_w, box_h, gap = 130.0, 300.0, 320.0, 20.0
    width = box_w * max(1, len(inst.states)) + gap
    parts: list[str] = []
    # one slot on the circle per atom of the whole trace, the same in every state (state 0 first, left)
    every: dict[str, str] = {}
    for st in inst.states:
        for a, sig in st.atoms().items():
            every.setdefault(a, sig)
    order = sorted(every.items(), key=lambda x: list(colors).index(x[1]) if x[1] in colors else 99)
    slot = {a: k for k, (a, _) in enumerate(order)}
    previous: set[tuple[str, str, str]] | None = None
    for i, st in enumerate(inst.states):
        cx, cy = gap + box_w * i + box_w / 2, 170.0
        atoms = sorted(st.atoms().items(), key=lambda x: slot[x[0]])
        pos: dict[str, tuple[float, float]] = {}
        for a, _ in atoms:
            ang = 2 * math.pi * slot[a] / max(1, len(order)) - math.pi / 2
            rr = r if len(order) > 1 else 0.0
            pos[a] = (cx + rr * math.cos(ang), cy + rr * math.sin(ang))
        if len(inst.states) > 1:
            loop = " (loop target)" if inst.loop == i else ""
            parts.append(f'<text x="{cx:.0f}" y="16" text-anchor="middle" font-size="12">state {i}{loop}</text>')
        edges = _edges(st)
        for a, b, label in edges:
            (x1, y1), (x2, y2) = pos[a], pos[b]
            new = previous is not None and (a, b, label) not in previous  # changed since the state before
            stroke, width_attr = ("#d62728", ' stroke-width="2.2" class="changed"') if new else ("#555", "")
            if a == b:
                parts.append(f'<circle cx="{x1:.1f}" cy="{y1 - 22:.1f}" r="12" fill="none" stroke="{stroke}"'
                             f'{width_attr}/>')
                lx, ly = x1, y1 - 38
            else:
                d = math.hypot(x2 - x1, y2 - y1) or 1.0
                ex, ey = x2 - (x2 - x1) * 28 / d, y2 - (y2 - y1) * 28 / d
                parts.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="{stroke}"{width_attr} '
                    f'marker-end="url(#arrow{uid})"/>'
                )
                lx, ly = (x1 + x2) / 2, (y1 + y2) / 2 - 3
            parts.append(
                f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="10" text-anchor="middle" fill="#333">{_esc(label)}</text>'
            )
        for a, sig in atoms:
            x, y = pos[a]
            extra = st.labels.get(a, [])
            parts.append(
                f'<g><title>{_esc(sig)}</title><rect x="{x - 34:.1f}" y="{y - 13:.1f}" width="68" '
                f'height="26" rx="6" fill="{colors.get(sig, "#eee")}" stroke="#666"/>'
                f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="10" text-anchor="middle">{_esc(a)}</text>'
            )
            if extra:
                parts.append(
                    f'<text x="{x:.1f}" y="{y + 24:.1f}" font-size="9" text-anchor="middle">'
                    f"({_esc(', '.join(extra))})</text>"
                )
            parts.append("</g>")
        previous = set(edges)
        for k, rel in enumerate(rl for rl in st.relations if not rl.tuples):
            parts.append(
                f'<text x="{cx - box_w / 2 + 8:.0f}" y="{box_h - 10 - 12 * k:.0f}" font-size="10">'
                f"{_esc(rel.name)}</text>"
            )
    legend = " ".join(f'<tspan fill="#333">■ {_esc(s)}</tspan>' for s in colors)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="instance" width="{width:.0f}" height="{box_h + 20:.0f}" '
        f'viewBox="0 0 {width:.0f} {box_h + 20:.0f}"><defs><marker id="arrow{uid}" viewBox="0 0 10 10" refX="10" '
        'refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        f'fill="#555"/></marker></defs>{"".join(parts)}<text x="8" y="{box_h + 14:.0f}" font-size="10">'
        f"{legend}</text></svg>"
    )


def draw_instances(texts: list[str], use_graphviz: bool = True) -> list[str]:
    """One SVG per witness text (Graphviz when present, else the built-in layout)."""
    from fmrepair.eval.report.viewer.alloy_instance import parse_instance

    insts = [parse_instance(t) for t in texts]
    svgs = dot_svgs([to_dot(inst, f"w{i}") for i, inst in enumerate(insts)]) if use_graphviz else None
    if svgs is None:
        return [builtin_svg(inst, str(i)) for i, inst in enumerate(insts)]
    return svgs
