"""Prompt templates (agents/prompts/*.j2, Jinja with StrictUndefined) and the leak guard.

Every message a strategy sends goes through :class:`PromptGuard`, which refuses to let any hidden
oracle or reference text (or a distinctive line of it) reach a model.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

PROMPTS_DIR = Path(__file__).parent / "prompts"


@lru_cache(maxsize=1)
def _env() -> Any:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(PROMPTS_DIR)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=False,
        autoescape=False,
    )


def render(name: str, **context: Any) -> str:
    """Render ``prompts/<name>.j2``; a missing variable is an error, not an empty string."""
    return _env().get_template(f"{name}.j2").render(**context).strip()


def _squeezed(text: str) -> str:
    return _WS.sub("", text)


def _comment_secrets(secrets: list[str], visible_code: str, min_chars: int = 8) -> list[str]:
    """Secrets (whitespace removed) that are not in the visible text's code: a comment holding one leaks it."""
    code = _squeezed(visible_code)
    keys = (_squeezed(_COMMENTS.sub(" ", s)) for s in secrets)
    return [k for k in keys if len(k) >= min_chars and k not in code]


def redact_comments(text: str, secrets: list[str], formalism: str) -> str:
    """``text`` with every comment that holds a secret (whitespace ignored) blanked to its line ends.

    An Alloy4Fun file can carry its own reference answer commented out in the very body a model is asked to
    fix (graphs' ``complete``, 34 files; cv, 60): shown as it is, a model learns to uncomment it. Comments
    are read as the Analyzer reads them; other formalisms (whose annotations are comments) are unchanged."""
    if formalism != "alloy":
        return text
    from fmrepair.verifiers.alloy.text import comment_spans, strip_comments

    keys = _comment_secrets(secrets, strip_comments(text))
    if not keys:
        return text
    out, last = [], 0
    for a, b in comment_spans(text):
        if any(k in _squeezed(text[a:b]) for k in keys):
            out += [text[last:a], "".join(c for c in text[a:b] if c in "\r\n")]
            last = b
    return "".join(out) + text[last:]


class PromptLeak(RuntimeError):
    """Raised when a message would carry hidden oracle or reference text."""


_WS = re.compile(r"\s+")
_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*|--[^\n]*", re.S)


def _norm(text: str) -> str:
    return _WS.sub(" ", _COMMENTS.sub(" ", text)).strip()


class PromptGuard:
    """Checks outgoing messages against the secrets of a task.

    A secret leaks when its whole normalized text appears in a message, or when any of its
    distinctive lines does (a line of at least ``min_line`` characters that is absent from the visible
    text). Names (e.g. reference predicate names) are matched as whole words.
    """

    def __init__(self, secrets: list[str], visible: str, names: list[str] | None = None, min_line: int = 24):
        vis = _norm(visible)
        self._whole = [n for s in secrets if (n := _norm(s)) and n not in vis]
        self._lines: list[str] = []
        for s in secrets:
            for line in _COMMENTS.sub(" ", s).splitlines():
                n = _norm(line)
                if len(n) >= min_line and n not in vis:
                    self._lines.append(n)
        self._in_comments = _comment_secrets(secrets, _COMMENTS.sub(" ", visible))
        self._names = [
            re.compile(rf"(?<![A-Za-z0-9_]){re.escape(n)}(?![A-Za-z0-9])")
            for n in (names or [])
            if n and n not in visible
        ]

    def check(self, text: str, model_texts: list[str] | None = None) -> None:
        """Raise PromptLeak if ``text`` carries a secret. A fragment that the model itself wrote
        (in ``model_texts``: its answers and the candidates built from them) is not a leak."""
        n = _norm(text)
        own = [_norm(t) for t in (model_texts or [])]
        for s in self._whole:
            if s in n and not any(s in o for o in own):
                raise PromptLeak("a message would contain hidden oracle or reference text")
        for line in self._lines:
            if line in n and not any(line in o for o in own):
                raise PromptLeak(f"a message would contain a hidden line: {line[:60]!r}")
        if self._in_comments:  # a secret inside a comment is a secret too (the checks above skip comments)
            comments = [_squeezed(c) for c in _COMMENTS.findall(text)]
            own_sq = [_squeezed(t) for t in (model_texts or [])]
            for k in self._in_comments:
                if any(k in c for c in comments) and not any(k in o for o in own_sq):
                    raise PromptLeak("a message would contain hidden text inside a comment")
        for pat in self._names:
            if pat.search(text) and not any(pat.search(o) for o in (model_texts or [])):
                raise PromptLeak(f"a message would name a hidden definition: {pat.pattern}")

    def check_messages(self, messages: list[dict[str, str]], model_texts: list[str] | None = None) -> None:
        for m in messages:
            if m["role"] != "assistant":
                self.check(m["content"], model_texts)
