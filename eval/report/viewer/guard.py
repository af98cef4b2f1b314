"""Hidden text never reaches a viewer page.

Two parts with one definition of a leak:

- :class:`Redactor` runs over every text before it is put on a page. A model may write text equal to a
  hidden reference (a correct repair often does); such lines are withheld, not shown.
- :func:`scan_pages` reads every generated page back (the HTML with entities decoded, and its text with
  the tags taken out) and raises :class:`PageLeak` when any secret of any task (``Task.secrets()``: the
  hidden oracle, the reference, hidden meta values) appears, whole or as one of its distinctive lines,
  or a hidden definition is named. Text that is part of the task's visible spec is public by definition
  and is not a secret.

Normalisation collapses white space and is applied twice, once keeping and once removing comments, so
neither a comment marker on the page nor one in the secret hides a match.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from pathlib import Path

from fmrepair.task import Task

WITHHELD = "[withheld: this line matches hidden reference or oracle text]"
MIN_LINE = 16  # shorter secret lines are compared whole-line only (too common to search inside text)

_WS = re.compile(r"\s+")
_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*|--[^\n]*", re.S)
_TAGS = re.compile(r"<[^>]*>")


class PageLeak(RuntimeError):
    """A generated page carries hidden text."""


def _ws(text: str) -> str:
    return _WS.sub(" ", text).strip()


def _nc(text: str) -> str:
    return _ws(_COMMENTS.sub(" ", text))


_NORMS = (_ws, _nc)


class Secrets:
    """The secrets of every task of a site, prepared for matching.

    A secret of one task that is part of the visible text of any task is public (the viewer shows every
    visible spec) and is left out; everything else is matched on every page, whichever task it shows.
    """

    def __init__(self, tasks: Iterable[Task]) -> None:
        tasks = list(tasks)
        self.tasks = len(tasks)
        visible = [[n(t.visible) for t in tasks] for n in _NORMS]
        public: list[set[str]] = [set(), set()]
        self.whole: dict[str, str] = {}  # normalized whole secret -> task id
        self.long_lines: dict[str, str] = {}  # distinctive lines, searched inside text
        self.short_lines: dict[str, str] = {}  # short distinctive lines, compared with whole lines

        def hidden(k: int, s: str) -> bool:
            if len(s) < 4 or s in public[k]:
                return False
            if any(s in v for v in visible[k]):
                public[k].add(s)
                return False
            return True

        for t in tasks:
            for secret in t.secrets():
                for k, norm in enumerate(_NORMS):
                    if (s := norm(secret)) not in self.whole and hidden(k, s):
                        self.whole[s] = t.id
                # lines as written and with comments removed in context (a line inside a block comment
                # is not code); a line is public when either norm finds it in a visible text
                for line in set(secret.splitlines()) | set(_COMMENTS.sub(" ", secret).splitlines()):
                    s = _ws(line)
                    table = self.long_lines if len(s) >= MIN_LINE else self.short_lines
                    if s not in table and hidden(0, s) and hidden(1, _nc(line)):
                        table[s] = t.id
        # a whole secret that holds one of the distinctive lines is found by that line: drop it (speed)
        lines = list(self.long_lines)
        self.whole = {s: tid for s, tid in self.whole.items() if not any(ln in s for ln in lines)}
        names = {n for t in tasks for n in t.meta.get("hidden_reference_names") or [] if isinstance(n, str)}
        names = {n for n in names if len(n) >= 3}
        self.names: dict[str, re.Pattern[str]] = {}
        for n in sorted(names):
            pat = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(n)}(?![A-Za-z0-9_])")
            if not any(pat.search(t.visible) for t in tasks):
                self.names[n] = pat
        self.count = len(self.whole) + len(self.long_lines) + len(self.short_lines) + len(self.names)

    def find(self, text: str) -> str | None:
        """What leaks in ``text`` (a short description), or None."""
        forms = [n(text) for n in _NORMS]
        for table, what in ((self.whole, "hidden text"), (self.long_lines, "a hidden line")):
            for s, tid in table.items():
                if any(s in f for f in forms):
                    return f"{what} of task {tid} ({len(s)} characters)"
        if self.short_lines:
            for line in text.splitlines():
                for n in _NORMS:
                    if (tid := self.short_lines.get(n(line))) is not None:
                        return f"a short hidden line of task {tid}"
        for name, pat in self.names.items():
            if name in text and pat.search(text):  # the substring test first: far cheaper
                return f"the hidden name {name!r}"
        return None

    def _line_hits(self, line: str) -> bool:
        forms = [n(line) for n in _NORMS]
        if any(f in self.short_lines for f in forms):
            return True
        if any(s in f for s in self.long_lines for f in forms):
            return True
        return any(n in line and p.search(line) for n, p in self.names.items())

    def redact(self, text: str) -> str:
        """``text`` with every line that carries hidden text withheld; the whole text is withheld when a
        secret spans lines none of which is distinctive on its own."""
        if not text or self.find(text) is None:
            return text
        out = "\n".join(WITHHELD if self._line_hits(line) else line for line in text.split("\n"))
        return WITHHELD if self.find(out) else out


def page_texts(page: str) -> list[str]:
    """What a reader (or a scraper) gets from a page: the source with entities decoded, and its text."""
    return [html.unescape(page), html.unescape(_TAGS.sub("\n", page))]


def scan_pages(paths: Iterable[Path], secrets: Secrets) -> int:
    """Raise PageLeak if any page carries any secret of any task; returns the number of pages read."""
    n = 0
    for path in paths:
        n += 1
        for text in page_texts(Path(path).read_text(encoding="utf-8")):
            what = secrets.find(text)
            if what:
                raise PageLeak(f"{path}: {what}")
    return n
