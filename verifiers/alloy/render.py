"""Render an Alloy solution (counterexample or instance) as compact readable text for models.

Example::

    Student = {Student$0}
    Professor = {Professor$0}
    Class = {Class$0}
    assistant_for = {Class$0->Student$0}
    skolem s = {Student$0}

Works on the JPype proxies of `A4Solution`; needs no JPype import itself.
"""

from __future__ import annotations

from typing import Any

MAX_CHARS = 4000
MAX_STATES = 8


def _strip(label: str) -> str:
    label = str(label)
    if label.startswith("this/"):
        label = label[5:]
    return label.lstrip("$")


def _tuples(tupleset: Any) -> str:
    items = []
    for t in tupleset:
        items.append("->".join(str(t.atom(i)) for i in range(t.arity())))
    return "{" + ", ".join(items) + "}"


def _value(value: Any) -> str:
    if hasattr(value, "arity") and hasattr(value, "__iter__"):
        return _tuples(value)
    return str(value)


def _shown_sigs(sol: Any) -> list[Any]:
    """User sigs worth listing: not builtin, and not an abstract parent (its children are listed)."""
    shown = []
    for sig in sol.getAllReachableSigs():
        if sig.builtin:
            continue
        if sig.isAbstract is not None and hasattr(sig, "children") and not sig.children().isEmpty():
            continue
        shown.append(sig)
    return shown


def _fields(sigs: list[Any]) -> list[tuple[str, Any]]:
    fields = [(sig, f) for sig in sigs if not sig.builtin for f in sig.getFields()]
    labels = [str(f.label) for _, f in fields]
    out = []
    for sig, f in fields:
        name = str(f.label)
        if labels.count(name) > 1:
            name = f"{_strip(sig.label)}<:{name}"
        out.append((name, f))
    return out


def _state_lines(sol: Any, state: int | None, shown: list[Any], fields: list[tuple[str, Any]]) -> list[str]:
    def ev(x: Any) -> Any:
        return sol.eval(x) if state is None else sol.eval(x, state)

    lines = []
    for sig in shown:
        lines.append(f"{_strip(sig.label)} = {_tuples(ev(sig))}")
    for name, field in fields:
        ts = ev(field)
        if ts.size() > 0:
            lines.append(f"{name} = {_tuples(ts)}")
    return lines


def render_solution(sol: Any, max_chars: int = MAX_CHARS) -> str:
    """Atoms per sig, non-empty relations, and skolems (the witnesses of the failed check / the run)."""
    all_sigs = list(sol.getAllReachableSigs())
    shown = _shown_sigs(sol)
    fields = _fields(all_sigs)
    trace = int(sol.getTraceLength())
    lines: list[str] = []
    if trace <= 1:
        lines += _state_lines(sol, None, shown, fields)
    else:
        loop = int(sol.getLoopState())
        lines.append(f"trace of {trace} states, looping back to state {loop}")
        for state in range(min(trace, MAX_STATES)):
            lines.append(f"state {state}:")
            lines += ["  " + line for line in _state_lines(sol, state, shown, fields)]
        if trace > MAX_STATES:
            lines.append(f"... {trace - MAX_STATES} more states")
    for var in sol.getAllSkolems():
        try:
            value = sol.eval(var) if trace <= 1 else sol.eval(var, 0)
        except Exception:  # a skolem that cannot be evaluated is skipped, not fatal
            continue
        lines.append(f"skolem {_strip(var.label)} = {_value(value)}")
    text = "\n".join(lines)
    if len(text) > max_chars:
        text = text[: max_chars - 20].rsplit("\n", 1)[0] + "\n... (truncated)"
    return text
