"""One page per task: the visible faulty spec (never a hidden part), then for every run each attempt in
order (its source, the messages collapsed, a diff against the faulty spec, the verdict per command with
its witness drawn, the gate's reasons, the feedback) and the final repair's diff."""

from __future__ import annotations

import json
from typing import Any

from fmrepair.eval.report.viewer.html import Writer, page
from fmrepair.eval.report.viewer.instance_svg import draw_instances
from fmrepair.eval.report.viewer.load import RunData, outcome
from fmrepair.eval.report.viewer.witness_tables import table_for
from fmrepair.runlog import AttemptRecord, TaskResult
from fmrepair.task import Task


class Witnesses:
    """Collects the Alloy witnesses of a page so they are laid out by one Graphviz call."""

    def __init__(self, use_graphviz: bool = True) -> None:
        self.texts: list[str] = []
        self.use_graphviz = use_graphviz

    def add(self, text: str) -> str:
        if text not in self.texts:  # the same instance recurs across attempts: drawn once, shown each time
            self.texts.append(text)
        return f"\x00W{self.texts.index(text)}\x00"

    def fill(self, body: str) -> str:
        for i, svg in enumerate(draw_instances(self.texts, self.use_graphviz) if self.texts else []):
            body = body.replace(f"\x00W{i}\x00", svg)
        return body


def _source(a: AttemptRecord) -> str:
    if a.role == "search" or a.model == "search":
        return "search"
    if a.role == "instructor":
        return f"instructor ({a.model})"
    return f"model ({a.model})"


def _witness(c: dict[str, Any], formalism: str, w: Writer, ws: Witnesses) -> str:
    text = w.redact(c.get("witness") or "")
    caption = f"<figcaption>{w.t(c.get('label'))}: {w.t(c.get('outcome'))}</figcaption>"
    if formalism == "alloy" and c.get("outcome") in ("counterexample", "instance"):
        return f"<figure class='witness'>{caption}{ws.add(text)}{w.details('as text', w.pre(text))}</figure>"
    table = table_for(formalism, str(c.get("kind")), text)
    shown = w.table(*table) if table else w.pre(text)
    return f"<div class='witness-text'>{caption}{shown}</div>"


def verdict_html(v: dict[str, Any] | None, w: Writer, ws: Witnesses) -> str:
    if not v:
        return "<p class='note'>not checked</p>"
    formalism = str(v.get("formalism") or "")
    rows = [
        [
            c.get("index"),
            c.get("label"),
            c.get("kind"),
            c.get("expect"),
            c.get("outcome"),
            f"<span class='met-{str(bool(c.get('met'))).lower()}'>{'met' if c.get('met') else 'NOT met'}</span>",
            float(c.get("ms") or 0.0),
            c.get("solver"),
            c.get("vars"),
            c.get("clauses"),
        ]
        for c in v.get("commands") or []
    ]
    out = [
        f"<p>verdict: <b>{w.t(v.get('status'))}</b>{' (cached)' if v.get('cached') else ''}, "
        f"{float(v.get('elapsed_ms') or 0):.0f} ms</p>"
    ]
    if rows:
        out.append(
            w.table(
                ["#", "command", "kind", "expect", "outcome", "met", "ms", "solver", "vars", "clauses"],
                rows,
                numeric=[0, 6, 8, 9],
                raw_cols=[5],
            )
        )
    if v.get("errors"):
        out.append(
            w.table(
                ["line", "column", "message"], [[e.get("line"), e.get("column"), e.get("message")] for e in v["errors"]]
            )
        )
    out += [_witness(c, formalism, w, ws) for c in v.get("commands") or [] if c.get("witness")]
    return "".join(out)


def _gate(a: AttemptRecord, w: Writer) -> str:
    parts = []
    if a.gate is not None:
        g = a.gate
        state = "faithful" if g.get("faithful") else "NOT faithful"
        state = "unknown (could not decide)" if g.get("unknown") else state
        reasons = "".join(f"<li>{w.t(r)}</li>" for r in g.get("reasons") or [])
        extra = {k: v for k, v in g.items() if k not in ("faithful", "reasons", "unknown")}
        parts.append(
            f"<p>gate: <b>{state}</b></p>"
            + (f"<ul>{reasons}</ul>" if reasons else "")
            + (w.details("gate details", w.pre(json.dumps(extra, indent=1, default=str))) if extra else "")
        )
    if a.gated is not None:
        parts.append(w.details("evidence-gate decision", w.pre(json.dumps(a.gated, indent=1, default=str))))
    return "".join(parts)


def _text_or_diff(task: Task | None, text: str, w: Writer, title: str) -> str:
    if task is not None and task.kind in ("repair", "annotate"):
        return w.details(f"{title}: diff against the faulty spec", w.diff(task.visible, text), open_=True)
    return w.details(title, w.pre(text))


def _verdict(a: AttemptRecord) -> str:
    """One word on faithfulness that never contradicts the gate line: a text whose checks fail is not a
    repair, so the gate's verdict on it (faithful text, say) is not a 'not faithful'."""
    if a.faithful:
        return "faithful"
    return "not faithful" if a.raw_ok else "checks fail (no repair to judge)"


def attempt_html(n: int, a: AttemptRecord, task: Task | None, w: Writer, ws: Witnesses) -> str:
    ok = a.faithful or (a.raw_ok and a.gate is None)
    head = (
        f"#{n} · chain {a.chain} · iteration {a.iteration} · {w.t(_source(a))} · "
        f"{'raw ok' if a.raw_ok else 'raw not ok'} · {_verdict(a)}"
        f"{' · repeated' if a.repeated else ''} · {a.prompt_tokens}+{a.completion_tokens} tokens · "
        f"{a.seconds:.2f} s"
    )
    parts = [f"<div class='attempt {'ok' if ok else 'bad'}'><h4>{head}</h4>"]
    if a.messages:
        msgs = "".join(
            f"<div class='msg'><div class='role'>{w.t(m.get('role'))}</div>{w.pre(m.get('content'))}</div>"
            for m in a.messages
        )
        parts.append(w.details(f"messages sent ({len(a.messages)})", msgs))
    if a.raw:
        parts.append(w.details("answer" if a.messages else "what the search tried", w.pre(a.raw), open_=not a.messages))
    for label, err in (("parse error", a.parse_error), ("no candidate", a.candidate_error)):
        if err:
            parts.append(f"<p class='warn'>{label}: {w.t(err)}</p>")
    if a.candidate is not None:
        parts.append(_text_or_diff(task, a.candidate, w, "candidate"))
    parts.append(verdict_html(a.verdict, w, ws))
    parts.append(_gate(a, w))
    if a.feedback:
        parts.append(w.details("feedback sent back", w.pre(a.feedback)))
    parts.append("</div>")
    return "".join(parts)


def _result_table(run_name: str, r: TaskResult, o: str, w: Writer) -> str:
    rows = [
        [
            run_name,
            f"<span class='badge o-{o}'>{o}</span>",
            "-" if r.equivalent is None else str(r.equivalent),
            r.iterations,
            r.attempts,
            r.first_success,
            float(r.seconds),
            r.prompt_tokens + r.completion_tokens,
            r.verifier_calls,
            r.unfaithful_rejected,
            getattr(r, "gate_unknown", 0),
            r.stop_reason,
        ]
    ]
    header = [
        "run",
        "outcome",
        "equivalent",
        "iterations",
        "attempts",
        "first success",
        "seconds",
        "tokens",
        "verifier calls",
        "unfaithful rejected",
        "gate unknown",
        "stop reason",
    ]
    return w.table(header, rows, numeric=range(3, 11), raw_cols=[1])


def task_body(task_id: str, task: Task | None, runs: list[tuple[str, RunData]], w: Writer, ws: Witnesses) -> str:
    parts = [f"<p><a href='../index.html'>← all runs</a></p><h1>{w.t(task_id)}</h1>"]
    if task is None:
        parts.append(
            "<p class='warn'>the suite's tasks were not loaded: no faulty spec, no diffs, and no "
            "hidden-text guard on this page</p>"
        )
    else:
        view = task.public_view()  # never the hidden oracle or the reference
        meta = ", ".join(f"{k}={json.dumps(v, default=str)}" for k, v in view["meta"].items())
        parts.append(
            f"<p class='note'>{w.t(view['suite'])} · {w.t(view['formalism'])} · {w.t(task.kind)} · {w.t(meta)}</p>"
        )
        if view["frozen"]:
            parts.append(f"<p class='note'>frozen: {w.t(', '.join(f['name'] for f in view['frozen']))}</p>")
    for run_name, run in runs:  # per run: the outcome and the final repair first, the attempts below
        for r in (x for x in run.results if x.task_id == task_id):
            attempts = [a for a in run.attempts.get(task_id, []) if a.strategy == r.strategy]
            o = outcome(r, attempts)
            parts.append(f"<h2>Run {w.t(run_name)}: {w.t(run.label)} · {w.t(r.strategy)}</h2>")
            parts.append(_result_table(run_name, r, o, w))
            if r.candidate:
                narrows = r.extra.get("behaviour") == "narrows"
                head = ("Final repair" + (" (narrows: it loses a good instance of the visible file)" if narrows
                                          else "")) if r.faithful else "Final candidate (not accepted)"
                parts.append(f"<h3>{w.t(head)}</h3>")
                parts.append(_text_or_diff(task, r.candidate, w, "final"))
            elif not r.faithful:
                parts.append("<p class='note'>no repair was accepted</p>")
            if not run.has_attempts:
                parts.append("<p class='note'>attempts not recorded (an archived run keeps results only)</p>")
            elif attempts:
                parts.append(f"<details><summary>{len(attempts)} attempts</summary>")
                parts += [attempt_html(n, a, task, w, ws) for n, a in enumerate(attempts, 1)]
                parts.append("</details>")
    if task is not None:
        parts.append("<details><summary>Faulty spec (visible part)</summary>" + w.pre(task.visible) + "</details>")
    return "".join(parts)


def task_page(
    task_id: str, task: Task | None, runs: list[tuple[str, RunData]], w: Writer, use_graphviz: bool = True
) -> str:
    ws = Witnesses(use_graphviz)
    body = ws.fill(task_body(task_id, task, runs, w, ws))
    return page(f"{task_id} · fmrepair", body, w).replace("\x00", "")
