"""Small HTML helpers shared by the index and the task pages. Every text put on a page goes through
:class:`Writer`, which withholds hidden text (eval/report/viewer/guard.py) before escaping it."""

from __future__ import annotations

import difflib
import html
from collections.abc import Callable, Iterable
from functools import lru_cache
from importlib import resources

Cell = str | int | float | None


@lru_cache(maxsize=2)
def asset(name: str) -> str:
    """A file shipped in the package (eval/report/viewer/assets), read once."""
    return resources.files("fmrepair.eval.report.viewer").joinpath("assets", name).read_text(encoding="utf-8")


class Writer:
    """Escapes (and redacts) text for a page."""

    def __init__(self, redact: Callable[[str], str] | None = None) -> None:
        self.redact = redact or (lambda s: s)

    def t(self, text: object) -> str:
        """Text, redacted and escaped."""
        return html.escape(self.redact("" if text is None else str(text)), quote=True)

    def pre(self, text: str | None, cls: str = "code") -> str:
        return f"<pre class='{cls}'>{self.t(text or '')}</pre>"

    def details(self, summary: str, body: str, open_: bool = False) -> str:
        return f"<details{' open' if open_ else ''}><summary>{summary}</summary>{body}</details>"

    def table(
        self,
        header: list[str],
        rows: Iterable[list[Cell]],
        cls: str = "",
        numeric: Iterable[int] = (),
        row_attrs: Iterable[str] | None = None,
        raw_cols: Iterable[int] = (),
    ) -> str:
        """A real HTML table. Cells are text (escaped) except the columns in ``raw_cols`` (already HTML)."""
        num, raw = set(numeric), set(raw_cols)
        attrs = list(row_attrs) if row_attrs is not None else None
        head = "".join(f"<th{' class=num' if i in num else ''}>{self.t(h)}</th>" for i, h in enumerate(header))
        body = []
        for n, row in enumerate(rows):
            cells = []
            for i, c in enumerate(row):
                value = "" if c is None else (f"{c:.2f}" if isinstance(c, float) else str(c))
                shown = value if i in raw else self.t(value)
                sort = f" data-v='{c:.6g}'" if isinstance(c, float) else ""
                cells.append(f"<td{' class=num' if i in num else ''}{sort}>{shown}</td>")
            extra = (" " + attrs[n]) if attrs else ""
            body.append(f"<tr{extra}>{''.join(cells)}</tr>")
        return f"<table class='{cls}'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"

    def diff(self, before: str, after: str, a: str = "faulty", b: str = "candidate", context: int = 3) -> str:
        """A unified diff; the +/- markers come from CSS so the page text keeps each line whole."""
        lines = list(difflib.unified_diff(before.splitlines(), after.splitlines(), a, b, n=context, lineterm=""))[2:]
        if not lines:
            return "<p class='note'>no change</p>"
        out = []
        for line in lines:
            if line.startswith("@@"):
                out.append(f"<div class='hunk'>{self.t(line[2:].split('@@')[0].strip())}</div>")
            else:
                cls = {"+": "add", "-": "del"}.get(line[:1], "ctx")
                out.append(f"<div class='{cls}'>{self.t(line[1:])}</div>")
        return f"<div class='code diff'>{''.join(out)}</div>"


def page(title: str, body: str, w: Writer) -> str:
    """A whole self-contained page: the package's CSS and JS inlined, nothing fetched."""
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{w.t(title)}</title><style>{asset('viewer.css')}</style></head><body>{body}"
        f"<script>{asset('viewer.js')}</script></body></html>\n"
    )
