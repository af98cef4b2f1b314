"""A small lexer for annotated C: code tokens (comments and annotations removed) and ACSL annotations
split into clauses, each anchored to the code token that follows it. The text is read as gcc -C reads it for
Frama-C (``lexer``: line ends, splices, digraphs, comments, directives), and annotations as Frama-C reads them
('@' a blank, ``//`` comments inside, ``/*@{`` and ``/*@}`` no annotations); offsets and line numbers are the
original text's.

Used by the faithfulness gate (same code tokens, frozen clauses present at the same anchor), the
removal-schema builder (clause spans to cut) and the prompts (loop and assertion locations).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fmrepair.verifiers.acsl.lexer import Logical, Piece, digraph, is_annotation, is_hash, logical, pieces

_ACSL_TOKEN = re.compile(
    r"\\?[A-Za-z_]\w*|\d[\w.]*|<==>|==>|<==|<-->|-->|\.\.|->|<<|>>|<=|>=|==|!=|&&|\|\||\^\^|\S"
)
_BINDER = re.compile(r"\\(?:forall|exists|let|lambda|sum|product|numof|max|min)\b")
LOGIC_KEYWORDS = {"predicate", "logic", "lemma", "axiomatic", "axiom", "inductive", "type", "global"}
CONTRACT_KEYWORDS = {
    "requires", "ensures", "assigns", "behavior", "assumes", "terminates", "decreases", "complete",
    "disjoint", "allocates", "frees", "exits", "breaks", "continues", "returns",
}
CODE_KEYWORDS = {"assert", "check", "admit"}


def normalize(text: str) -> str:
    """ACSL text as tokens joined by single spaces (so ``0<=i`` equals ``0 <= i``)."""
    return " ".join(_ACSL_TOKEN.findall(text))


@dataclass
class CodeToken:
    text: str  # as spelled once line splices are deleted: a digraph keeps its spelling ('#x' strings it so)
    line: int
    start: int
    directive: bool = False  # a whole preprocessor directive ('#define N 10'), '%:' spelled '#'


@dataclass
class Clause:
    keyword: str  # "loop invariant", "requires", "assert", "admit ensures", "behavior", "ghost", ...
    text: str  # normalized clause text, keyword included, without the final ';'
    start: int  # offsets in the file: first character .. after the ';' (or the clause end)
    end: int
    line: int


@dataclass
class Annotation:
    start: int
    end: int
    line: int
    end_line: int
    inner: str  # the text between the markers (splices deleted), '@' and '//' comments blanked as Frama-C does
    anchor: int  # index of the next code token (len(tokens) at end of file)
    depth: int  # brace depth of the code at this point (0: file scope)
    kind: str = "other"  # contract | statement_contract | loop | assert | ghost | logic | other
    clauses: list[Clause] = field(default_factory=list)
    function: str | None = None  # the function it belongs to (or that it specifies)
    loop: int | None = None  # ordinal of the loop it annotates (loop annotations only)
    guard: tuple[str, ...] = ()  # the open conditional groups around it ('#if 0', '#ifdef X / #else', ...)
    oddities: list[str] = field(default_factory=list)  # what Frama-C reads in it that the clauses do not show
    copied: str = ""  # the text between the markers as gcc -C prints it, which Frama-C reads (see Logical.stale)


def _keyword(words: list[str]) -> str:
    if not words:
        return ""
    i = 0
    if words[0] == "for":  # "for b1, b2: loop invariant ..."
        while i < len(words) and words[i] != ":":
            i += 1
        i += 1
    w = words[i:]
    if not w:
        return ""
    if w[0] == "loop" and len(w) > 1:
        return f"loop {w[1]}"
    if w[0] in ("check", "admit") and len(w) > 1 and (w[1] in CONTRACT_KEYWORDS or w[1] == "loop"):
        return f"{w[0]} {_keyword(w[1:])}"
    return w[0]


def split_clauses(inner: str, base: int, source: str) -> list[Clause]:
    out: list[Clause] = []
    depth, start = 0, 0
    pieces: list[tuple[int, int]] = []
    binders: dict[int, int] = {}  # depth -> open "\forall x;"-style binders whose ';' is not a clause end
    for i, ch in enumerate(inner):
        if ch == "\\" and _BINDER.match(inner, i):
            binders[depth] = binders.get(depth, 0) + 1
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            binders.pop(depth, None)
            depth -= 1
        elif ch == ";" and binders.get(depth):
            binders[depth] -= 1
        elif ch == ";" and depth == 0:
            pieces.append((start, i + 1))
            start = i + 1
    if inner[start:].strip():
        pieces.append((start, len(inner)))
    for s, e in pieces:
        chunk = inner[s:e]
        lead = len(chunk) - len(chunk.lstrip())
        s += lead
        chunk = inner[s:e]
        m = re.match(r"\s*behavior\s+\w+\s*:", chunk)
        if m and chunk[m.end():].strip():  # "behavior b: assumes P;" -> "behavior b:" + "assumes P;"
            rest = m.end() + len(chunk[m.end():]) - len(chunk[m.end():].lstrip())
            out.append(_clause(chunk[: m.end()], base + s, base + s + m.end(), source))
            out.append(_clause(chunk[rest:], base + s + rest, base + e, source))
        elif chunk.strip():
            out.append(_clause(chunk, base + s, base + e, source))
    return out


def _clause(chunk: str, start: int, end: int, source: str) -> Clause:
    toks = _ACSL_TOKEN.findall(chunk.rstrip().removesuffix(";"))
    return Clause(_keyword(toks), " ".join(toks), start, end, source.count("\n", 0, start) + 1)


def _classify(a: Annotation, tokens: list[CodeToken]) -> None:
    first = a.clauses[0].keyword if a.clauses else ""
    head = first.split(" ")[-1] if first.startswith(("check ", "admit ")) and " loop" not in first else first
    nxt = tokens[a.anchor].text if a.anchor < len(tokens) else ""
    if first == "ghost":
        a.kind = "ghost"
    elif first.startswith(("loop", "check loop", "admit loop")) or (nxt in ("for", "while", "do") and "loop" in first):
        a.kind = "loop"
    elif first in CODE_KEYWORDS:
        a.kind = "assert"
    elif first in LOGIC_KEYWORDS:
        a.kind = "logic"
    elif head in CONTRACT_KEYWORDS:
        a.kind = "contract" if a.depth == 0 else "statement_contract"


def scan(source: str) -> tuple[list[CodeToken], list[Annotation]]:
    """Code tokens (preprocessor lines are one token each) and annotations, in source order, read as gcc -C
    reads them (see ``lexer``); offsets and lines are the original text's."""
    s = _Scanner(source)
    s.run()
    _anchor(s.tokens, s.annots)
    return s.tokens, s.annots


class _Scanner:
    def __init__(self, source: str) -> None:
        self.lg = logical(source)
        self.pieces = list(pieces(self.lg.text))
        self.tokens: list[CodeToken] = []
        self.annots: list[Annotation] = []
        self.depth = 0
        self.guards: list[list[str]] = []  # open conditional groups: the directives of each chain so far

    def run(self) -> None:
        k, bol = 0, True
        while k < len(self.pieces):
            p = self.pieces[k]
            if p.kind == "newline":
                bol = True
            elif p.kind == "space":
                pass
            elif p.kind == "comment":
                bol = False  # gcc -C: a comment is a token, so a '#' after it starts no directive
                if is_annotation(p.text):
                    self._annotation(p)
            elif bol and is_hash(p):
                k = self._directive(k)
                continue
            else:
                bol = False
                self._code(p)
            k += 1

    def _token(self, text: str, start: int, directive: bool = False) -> None:
        self.tokens.append(CodeToken(text, self.lg.line(start), self.lg.offset(start), directive))

    def _code(self, p: Piece) -> None:
        canon = digraph(p.text)
        self.depth += canon == "{"
        self.depth -= canon == "}"
        self._token(p.text, p.start)

    def _directive(self, k: int) -> int:
        """The directive from the '#' (or '%:') at piece ``k`` to its line end, as one token: its tokens as
        spelled, one blank where the text has blanks or comments (a block comment carries the directive across
        lines, as in gcc; an annotation in it is no annotation). Returns the index of that line end."""
        parts: list[str] = ["#"]
        blank, j = False, k + 1
        while j < len(self.pieces) and self.pieces[j].kind != "newline":
            q = self.pieces[j]
            j += 1
            if q.kind in ("space", "comment"):
                blank = True
                continue
            text = q.text
            if text == "<" and len(parts) == 2 and parts[1].strip() in _INCLUDES:
                text, j = self._header_name(q, j)
            parts.append((" " if blank else "") + text)
            blank = False
        self._guard(parts)
        self._token("".join(parts), self.pieces[k].start, directive=True)
        return j

    def _header_name(self, q: Piece, j: int) -> tuple[str, int]:
        """``#include <a  b.h>``: the name is one token up to the first '>', blanks included."""
        close = self.lg.text.find(">", q.start, self._line_end(q.start))
        if close == -1:
            return q.text, j
        while j < len(self.pieces) and self.pieces[j].start <= close:
            j += 1
        return self.lg.text[q.start : close + 1], j

    def _line_end(self, i: int) -> int:
        end = self.lg.text.find("\n", i)
        return len(self.lg.text) if end == -1 else end

    def _guard(self, parts: list[str]) -> None:
        name = parts[1].strip() if len(parts) > 1 else ""
        text = "".join(parts)
        if name in ("if", "ifdef", "ifndef"):
            self.guards.append([text])
        elif name in ("elif", "else", "elifdef", "elifndef") and self.guards:
            self.guards[-1].append(text)
        elif name == "endif" and self.guards:
            self.guards.pop()

    def _annotation(self, p: Piece) -> None:
        lg, block = self.lg, p.text.startswith("/*")
        s = p.start + 3
        e = p.end - 2 if block and p.text.endswith("*/") and len(p.text) >= 5 else p.end
        inner = _clean(lg.text[s:e])[0]
        a = Annotation(lg.offset(p.start), lg.end(p.end), lg.line(p.start), lg.line(p.end - 1), inner, -1,
                       self.depth, guard=tuple(" / ".join(g) for g in self.guards))
        a.clauses = [_relocate(c, lg, s) for c in split_clauses(inner, 0, inner)]
        a.copied = lg.gcc_copy(s, e) if block else lg.text[s:e]
        a.oddities = _annotation_oddities(a.copied)
        self.annots.append(a)


_INCLUDES = {"include", "include_next", "import"}
_ANNOT_LITERAL = re.compile(r"\"(?:\\[\s\S]|[^\"\\])*\"?|'(?:\\[\s\S]|[^'\\])*'?")
_ANNOT_BLANKS = re.compile(r"@|//[^\n]*")
_ANNOT_DIRECTIVE = re.compile(r"(?m)^(?:[ \t\f\v@]|/\*.*?\*/)*(?:#|%:)[^\n]*")


def _clean(raw: str) -> tuple[str, bool]:
    """The annotation text as Frama-C reads it: '@' is a blank and ``//`` starts a comment, except inside string
    and character literals (which, as in Frama-C, may span lines). Same length as ``raw``; True when a literal
    is left open."""
    out: list[str] = []
    pos, open_literal = 0, False
    for m in re.finditer(_ANNOT_LITERAL.pattern + r"|" + _ANNOT_BLANKS.pattern, raw):
        out.append(raw[pos : m.start()])
        tok = m.group()
        if tok[0] in "\"'":
            out.append(tok)
            open_literal = open_literal or len(tok) < 2 or tok[-1] != tok[0] or _escaped_end(tok)
        else:
            out.append(" " * len(tok))
        pos = m.end()
    out.append(raw[pos:])
    return "".join(out), open_literal


def _escaped_end(tok: str) -> bool:
    """True when the final quote of ``tok`` is escaped (so the literal is still open)."""
    body = tok[1:-1]
    return (len(body) - len(body.rstrip("\\"))) % 2 == 1


def _annotation_oddities(copied: str) -> list[str]:
    """What Frama-C reads in an annotation (``copied``: gcc -C's print of it) that its clauses do not show (stray
    characters of that print are ``lexer.oddities``)."""
    lines = re.sub(r"\r\n?", "\n", copied)  # the annotation preprocessor's gcc ends lines at '\r' too
    out = [f"a preprocessor directive inside an annotation ('{' '.join(m.group().replace('@', ' ').split())}'), "
           "which Frama-C's annotation preprocessing runs: a macro rewrites the annotations after it, contracts "
           "included" for m in _ANNOT_DIRECTIVE.finditer(lines)]
    if _clean(copied)[1]:
        out.append("a string or character literal left open in an annotation, which the gate does not read as "
                   "Frama-C does (its annotation reader runs on past the annotation's end)")
    return out


def _relocate(c: Clause, lg: Logical, base: int) -> Clause:
    """A clause found at ``base`` in the logical text, with offsets and line in the original text."""
    return Clause(c.keyword, c.text, lg.offset(base + c.start), lg.end(base + c.end), lg.line(base + c.start))


def _anchor(tokens: list[CodeToken], annots: list[Annotation]) -> None:
    k = 0
    loops = 0
    for a in annots:
        while k < len(tokens) and tokens[k].start < a.start:
            k += 1
        a.anchor = k
        _classify(a, tokens)
        if a.kind == "loop":
            a.loop = loops
            loops += 1
    # the function each annotation belongs to: the name before '(' of the enclosing/next definition
    fn: str | None = None
    depth = 0
    starts: dict[int, str] = {}
    for idx, t in enumerate(tokens):
        if depth == 0 and t.text == "(" and idx > 0 and re.match(r"[A-Za-z_]\w*$", tokens[idx - 1].text):
            fn = tokens[idx - 1].text
            starts.setdefault(idx - 1, fn)
        if digraph(t.text) == "{":
            depth += 1
        elif digraph(t.text) == "}":
            depth -= 1
    names = sorted(starts.items())
    for a in annots:
        before = [name for pos, name in names if pos < a.anchor]
        after = [name for pos, name in names if pos >= a.anchor]
        if a.kind == "contract" or a.depth == 0:
            a.function = after[0] if after else None
        else:
            a.function = before[-1] if before else None
