"""C text as gcc's preprocessor reads it for Frama-C (``gcc -E -C``), before any macro is expanded.

Phases 1-2 (``logical``): every line end (``\\n``, ``\\r\\n``, a lone ``\\r``) becomes ``\\n`` and every line splice
(a backslash, optional blanks, a line end) is deleted, with a map from each character of the result back to its
offset in the original text, so callers report lines and slice spans in the original. Trigraphs are left alone,
as gcc's default (gnu) mode leaves them. Phase 3 (``pieces``): the logical text cut into comments, blanks, line
ends and preprocessing tokens by maximal munch (digraphs keep their spelling; ``digraph`` maps one to its
punctuator; a literal left open ends at its line end, as in gcc).

With -C gcc prints each comment from its line buffer after cleaning it in place, so a multi-line block comment
whose lines had splices (or ``\\r\\n`` ends) comes out with the bytes the cleaning freed after each line end
(``Logical.gcc_copy``, a replay of libcpp's ``_cpp_clean_line``); Frama-C reads that print.

``oddities`` names what a text holds that this reading cannot promise to share with gcc and Frama-C (NUL bytes,
trigraphs, raw strings, a ``#`` outside directives, a comment before a line's ``#``, characters outside printable
ASCII in the code, such stray bytes in an annotation or a stray ``*/`` in a comment). The faithfulness gate
rejects a candidate that brings one in.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

_PHASE12 = re.compile(r"\\[ \t\f\v\0]*(?:\r\n|\r|\n)|\r\n|\r")
_LINE_END = re.compile(r"\r\n|\r|\n")
_UCN = r"\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}"
_ID_START = rf"[A-Za-z_$]|{_UCN}|[^\x00-\x7f]"
_ID_CHAR = rf"[A-Za-z0-9_$]|{_UCN}|[^\x00-\x7f]"
_PUNCT = (
    r"%:%:|\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|##|<:|:>|<%|%>|%:"
    r"|[\[\](){}.&*+\-~!/%<>^|?:;=,#]"
)
_PIECE = re.compile(
    r"(?P<newline>\n)"
    r"|(?P<space>[ \t\f\v\0]+)"
    r"|(?P<comment>//[^\n]*|/\*[\s\S]*?(?:\*/|\Z))"
    r"|(?P<literal>(?:u8|[uUL])?\"(?:\\[^\n]|[^\"\\\n])*(?:\"|\\?(?=\n|\Z))"
    r"|[uUL]?'(?:\\[^\n]|[^'\\\n])*(?:'|\\?(?=\n|\Z)))"
    r"|(?P<number>\.?[0-9](?:[eEpP][+-]|[.]|" + _ID_CHAR + r")*)"
    r"|(?P<identifier>(?:" + _ID_START + r")(?:" + _ID_CHAR + r")*)"
    r"|(?P<punct>" + _PUNCT + r")"
    r"|(?P<other>[\s\S])"
)
DIGRAPHS = {"<:": "[", ":>": "]", "<%": "{", "%>": "}", "%:": "#", "%:%:": "##"}
_TRIGRAPH = re.compile(r"\?\?[=/'()!<>\-]")
_RAW_PREFIXES = {"R", "LR", "uR", "UR", "u8R"}
_NOT_AS_GCC = "which the gate does not read as gcc does"
_NOT_AS_FRAMA_C = "the gate does not read it as Frama-C does"


class Piece(NamedTuple):
    kind: str  # newline | space | comment | literal | number | identifier | punct | other
    start: int  # offsets in the logical text
    end: int
    text: str


@dataclass(frozen=True)
class Logical:
    """The text after phases 1-2, and where each of its characters came from."""

    source: str
    text: str
    origin: tuple[int, ...]  # origin[i]: offset in source of text[i]; origin[len(text)] == len(source)
    line_starts: tuple[int, ...]  # offsets in source where each physical line starts

    def offset(self, i: int) -> int:
        """Offset in the source of the logical character ``i`` (a start)."""
        return self.origin[i]

    def end(self, i: int) -> int:
        """Offset in the source just after the logical character ``i - 1`` (an exclusive end)."""
        if i <= 0:
            return self.origin[0]
        j = self.origin[i - 1]
        return j + (2 if self.source.startswith("\r\n", j) else 1)

    @cached_property
    def gcc_buffer(self) -> str:
        """The source after gcc's own phase 1-2 pass (see ``_clean_line``)."""
        return _gcc_buffer(self.source)

    def buffer_pos(self, i: int) -> int:
        """Where gcc's cleaned buffer holds the logical character ``i``: each line is cleaned in place."""
        ls = self.text.rfind("\n", 0, i) + 1
        return (self.end(ls) if ls > 0 else 0) + (i - ls)

    def stale(self, nl: int) -> str:
        """What gcc -C prints after the line end at logical ``nl`` inside a block comment: the bytes that
        cleaning the line freed (splices, ``\\r\\n``), as the cleaning left them."""
        return self.gcc_buffer[self.buffer_pos(nl) + 1 : self.end(nl + 1)]

    def gcc_copy(self, start: int, end: int) -> str:
        """The logical span [start, end) of a block comment as gcc -C prints it, which Frama-C then reads: gcc
        copies a comment from its cleaned buffer, stale bytes after each inner line end included."""
        return self.gcc_buffer[self.buffer_pos(start) : self.buffer_pos(end)] if end > start else ""

    def line(self, i: int) -> int:
        """1-based physical line (``\\n``, ``\\r\\n`` and ``\\r`` each end one) of the logical character ``i``."""
        return bisect.bisect_right(self.line_starts, self.origin[min(i, len(self.text))])


def logical(source: str) -> Logical:
    """Phases 1-2: line ends as ``\\n``, splices deleted (gcc accepts blanks between the backslash and the end)."""
    parts: list[str] = []
    origin: list[int] = []
    pos = 0
    for m in _PHASE12.finditer(source):
        parts.append(source[pos : m.start()])
        origin.extend(range(pos, m.start()))
        if m.group().startswith("\r"):
            parts.append("\n")
            origin.append(m.start())
        pos = m.end()
    parts.append(source[pos:])
    origin.extend(range(pos, len(source)))
    origin.append(len(source))
    starts = (0, *(m.end() for m in _LINE_END.finditer(source)))
    return Logical(source, "".join(parts), tuple(origin), starts)


_NVSPACE = " \t\f\v\0"


def _gcc_buffer(source: str) -> str:
    """libcpp's ``_cpp_clean_line`` (gcc 12) run over every line of ``source``, in place, as gcc does."""
    end = len(source)
    buf = [*source, "\r" if source.endswith("\r") else "\n"]  # the terminator gcc puts after the text
    nxt = 0
    while nxt < end:
        nxt = _clean_line(buf, nxt, end)
    return "".join(buf[:end])


def _clean_line(buf: list[str], s: int, rlimit: int) -> int:
    """One line: the fast path looks for a line end; a splice moves the rest of the line left (the slow path
    writes each character before it knows whether a splice deletes it). Returns the next line's start."""
    backslash = -1
    while buf[s] not in "\r\n":
        backslash = s if buf[s] == "\\" else backslash
        s += 1
    d = s
    if s != rlimit and buf[s] == "\r" and buf[s + 1] == "\n":
        s += 1
    if s == rlimit or backslash < 0:
        buf[d] = "\n"
        return s + 1
    p = d
    while buf[p - 1] in _NVSPACE and p - 1 > backslash:
        p -= 1
    if p - 1 != backslash:
        buf[d] = "\n"
        return s + 1
    return _slow_path(buf, s, p - 2, p - 1, rlimit)


def _slow_path(buf: list[str], s: int, d: int, floor: int, rlimit: int) -> int:
    while True:
        s += 1
        d += 1
        c = buf[d] = buf[s]
        if c not in "\r\n":
            continue
        if c == "\r" and s != rlimit and buf[s + 1] == "\n":
            s += 1
        if s == rlimit:
            break
        p = d
        while p != floor and buf[p - 1] in _NVSPACE:
            p -= 1
        if p == floor or buf[p - 1] != "\\":
            break
        d, floor = p - 2, p - 1
    buf[d] = "\n"
    return s + 1


def pieces(text: str) -> Iterator[Piece]:
    """Phase 3 over a logical text: every character belongs to exactly one piece."""
    for m in _PIECE.finditer(text):
        kind = m.lastgroup
        assert kind is not None
        yield Piece(kind, m.start(), m.end(), m.group())


def digraph(token: str) -> str:
    """The punctuator a digraph spells (``<%`` -> ``{``); any other token unchanged."""
    return DIGRAPHS.get(token, token)


def is_hash(piece: Piece) -> bool:
    """'#' or its digraph '%:'."""
    return piece.kind == "punct" and digraph(piece.text) == "#"


def oddities(source: str) -> list[str]:
    """What ``source`` holds that the gate's reading cannot promise to share with gcc (one phrase each,
    without a location, so that the original's own can be told apart)."""
    out: list[str] = []
    if "\0" in source:
        out.append(f"a NUL character, {_NOT_AS_GCC} (gcc drops it from code, keeps it in comments and literals)")
    out += [f"the trigraph '{t}', which the gate does not read as every gcc does (the default gnu mode leaves it, "
            "-std=c* or -trigraphs replace it)" for t in _TRIGRAPH.findall(source)]
    lg = logical(source)
    ps = list(pieces(lg.text))
    return out + _code_oddities(ps) + _stray_oddities(lg, ps)


def is_annotation(comment: str) -> bool:
    """Frama-C reads ``/*@ ...*/`` and ``//@ ...`` as annotations, but skips ``/*@{``, ``/*@}``, ``//@{``, ``//@}``."""
    return comment[2:3] == "@" and comment[3:4] not in ("{", "}")


def _stray_oddities(lg: Logical, ps: list[Piece]) -> list[str]:
    """gcc -C prints a multi-line block comment with the bytes that cleaning its lines freed (``stale``), and
    Frama-C reads that print: stray characters in an annotation, or a '*/' that ends a comment early."""
    out: list[str] = []
    for p in ps:
        if p.kind != "comment" or not p.text.startswith("/*") or "\n" not in p.text:
            continue
        if is_annotation(p.text):
            out += [f"a line splice inside a multi-line annotation, which gcc -C prints with the stray characters "
                    f"{s!r} that Frama-C then reads: {_NOT_AS_FRAMA_C}"
                    for i in range(p.start, p.end) if lg.text[i] == "\n" and (s := lg.stale(i).strip())]
        elif "*/" in lg.gcc_copy(p.start, p.end)[2:].removesuffix("*/"):
            out.append("a line splice inside a multi-line comment, which gcc -C prints with a '*/' inside it: "
                       f"Frama-C reads the rest of that comment as code, and {_NOT_AS_FRAMA_C}")
    return out


def _code_oddities(ps: list[Piece]) -> list[str]:
    """A '#' that starts no directive, and odd tokens, one entry per occurrence."""
    out: list[str] = []
    bol, only_comments, in_directive = True, True, False
    for k, p in enumerate(ps):
        if p.kind == "newline":
            bol, only_comments, in_directive = True, True, False
            continue
        if p.kind in ("space", "comment"):
            bol = bol and p.kind == "space"
            continue
        if bol and is_hash(p):
            in_directive = True
        elif p.kind == "punct" and digraph(p.text) in ("#", "##") and not in_directive:
            out.append("a comment before '#' at the start of a line, which the gate does not read as every gcc does "
                       "(gcc reads a directive there, gcc -C as Frama-C runs it does not)" if only_comments else
                       "a '#' outside any preprocessor directive, which the gate does not read as Frama-C does (its "
                       "annotation preprocessing may still take a '#define' there)")
        out += _token_oddities(p, ps[k + 1] if k + 1 < len(ps) else None)
        bol = only_comments = False
    return out


def _token_oddities(p: Piece, nxt: Piece | None) -> list[str]:
    out: list[str] = []
    if p.kind == "identifier" and p.text in _RAW_PREFIXES and nxt and nxt.start == p.end and nxt.text[:1] == '"':
        out.append(f"a raw string literal, {_NOT_AS_GCC} (gcc undoes line splices inside it)")
    if p.kind != "literal":
        out += [f"the character U+{ord(c):04X} in the code, {_NOT_AS_GCC}" for c in p.text
                if not (" " <= c <= "~" or c in "\t\f\v\0")]
    return out
