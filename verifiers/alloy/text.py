"""Pure-Python, comment- and string-aware Alloy paragraph splitter and text normalization.

No JVM. Good enough for the shapes in the benchmarks and for edit-scoped tool calls:
``split_paragraphs(source)`` finds top-level paragraphs (module, open, sig, enum, fact, pred, fun,
assert, let, commands) with 0-based character spans and 1-based line ranges;
``replace_paragraph_body(source, key, new_body)`` swaps the text between a paragraph's braces and
``apply_line_patch`` replaces a range of lines (the two patching functions the repair loop uses).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

_PARA_KEYWORDS = {"module", "open", "sig", "enum", "fact", "pred", "fun", "assert", "run", "check", "let"}
_SIG_MODIFIERS = {"abstract", "one", "lone", "some", "var", "private"}


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int
    depth: int  # brace/bracket/paren depth *before* this token


@dataclass
class Paragraph:
    kind: str  # module|open|sig|enum|fact|pred|fun|assert|let|command
    name: str  # "" for anonymous facts/asserts and unnamed commands
    start: int  # character offsets into the source (end exclusive)
    end: int
    start_line: int  # 1-based, inclusive
    end_line: int
    text: str
    body_start: int | None = None  # offsets of the text between the outer braces (exclusive of braces)
    body_end: int | None = None
    # commands only
    command: str | None = None  # "run" | "check"
    label: str | None = None  # explicit label or target name; None for an unlabelled block
    target: str | None = None  # the named pred/assert, if any
    block: str | None = None  # inline {...} formula, if any
    scope: str = ""  # normalized text after "for" (up to "expect")
    expect: int | None = None

    @property
    def body(self) -> str | None:
        if self.body_start is None or self.body_end is None:
            return None
        return self.text[self.body_start - self.start : self.body_end - self.start]

    @property
    def key(self) -> str:
        """A readable identity, e.g. "pred inv1", "fact #2", "command check lookup"."""
        return f"{self.kind} {self.name}".strip()


# Read as the Analyzer's lexer (Alloy.lex) reads: a line comment ends at \r or \n (a lone \r is a line end);
# a block comment ends at the first */; a string literal may span lines; a name is a Java identifier start
# followed by identifier parts and " (``x"`` is one name; in Alloy 6 ``x'`` is x primed, two tokens);
# whitespace is space, tab, form feed, \r and \n.
_LINE_COMMENT = r"(?://|--)[^\r\n]*"
_BLOCK_COMMENT = r"/\*.*?(?:\*/|\Z)"
_STRING = r'"(?:\\.|[^"\\])*"?'
_NAME = r"[^\W\d$][\w$\"]*|\$[\w$\"]*"
_IDENT = re.compile(_NAME)  # Alloy names may start with any (Unicode) letter
_LEXICAL = re.compile(rf"(?P<name>{_NAME})|{_LINE_COMMENT}|{_BLOCK_COMMENT}|{_STRING}", re.S)
_LINE_END = re.compile(r"\r\n|\r|\n")


_ALLOY_SPACE = frozenset(" \t\f\r\n")
_IGNORABLE = re.compile(r"[\x00-\x08\x0e-\x1b\x7f-\x9f]")


def _java_start(c: str) -> bool:
    cat = unicodedata.category(c)
    return cat[0] == "L" or cat in ("Nl", "Sc", "Pc")


def _java_part(c: str) -> bool:
    return _java_start(c) or unicodedata.category(c) in ("Nd", "Mn", "Mc", "Cf") or bool(_IGNORABLE.match(c))


def misread_characters(source: str) -> list[str]:
    """Characters in code (outside comments and strings) that this module's lexer classifies differently
    from the Analyzer's (a Java identifier character, whitespace, or neither): e.g. U+00A0 or U+2028
    (whitespace here, an error there), a zero-width joiner or U+0001 (part of a name there). Text that
    holds one cannot be read here as the Analyzer reads it."""
    out: set[str] = set()
    mask = code_mask(source)
    for i, c in enumerate(source):
        if c.isascii() and (c.isprintable() or c in _ALLOY_SPACE) or not mask[i]:
            continue
        ours = ("space" if c.isspace() else "start" if _IDENT.fullmatch(c) else
                "part" if re.fullmatch(r"[\w$]", c) else "other")
        java = ("space" if c in _ALLOY_SPACE else "start" if _java_start(c) else
                "part" if _java_part(c) else "other")
        if ours != java:
            out.add(f"U+{ord(c):04X}")
    return sorted(out)


def comment_spans(source: str) -> list[tuple[int, int]]:
    """(start, end) of every comment; string literals are skipped over, not reported."""
    return [m.span() for m in _LEXICAL.finditer(source) if not m.group("name") and not m.group(0).startswith('"')]


def code_mask(source: str) -> list[bool]:
    """True for characters that are code (not inside a comment); strings count as code."""
    mask = [True] * len(source)
    for a, b in comment_spans(source):
        mask[a:b] = [False] * (b - a)
    return mask


def strip_comments(source: str, keep_lines: bool = False) -> str:
    """Remove comments; with keep_lines, newlines inside comments are kept (line numbers survive)."""
    out: list[str] = []
    pos = 0
    for a, b in comment_spans(source):
        out.append(source[pos:a])
        out.append(("\n" * len(_LINE_END.findall(source, a, b)) or " ") if keep_lines else " ")
        pos = b
    out.append(source[pos:])
    return "".join(out)


def normalize(text: str) -> str:
    """Comments removed, whitespace collapsed to single spaces."""
    return " ".join(strip_comments(text).split())


def canonical(text: str) -> str:
    """normalize() plus no spaces next to punctuation: ``a [x]`` == ``a[x]``, ``a & b`` == ``a&b``."""
    t = normalize(text)
    return re.sub(r"\s*([^\w\s'\"])\s*", r"\1", t)


_SCAN = re.compile(
    rf"(?P<skip>[ \t\f\r\n]+|{_LINE_COMMENT}|{_BLOCK_COMMENT})|(?P<str>{_STRING})"
    rf"|(?P<word>{_NAME}|\d[\d_]*)|(?P<punct>.)",
    re.S,
)


def tokens(source: str) -> list[Token]:
    """Significant tokens outside comments: identifiers/numbers, strings, single punctuation characters."""
    out: list[Token] = []
    depth = 0
    for m in _SCAN.finditer(source):
        if m.lastgroup == "skip":
            continue
        c = m.group(0)
        out.append(Token(c, m.start(), m.end(), depth))
        if c in "{[(":
            depth += 1
        elif c in "}])":
            depth = max(0, depth - 1)
    return out


def words(source: str) -> set[str]:
    """The distinct token texts of ``source`` (names, keywords, operators), comments left out as ``tokens`` does."""
    return {t.text for t in tokens(source)}


def _is_start(toks: list[Token], k: int) -> bool:
    t = toks[k]
    if t.depth != 0:
        return False
    prev = toks[k - 1].text if k > 0 else None
    if t.text in ("sig", "enum", "fact", "pred", "fun", "assert", "module", "open", "let"):
        return prev not in _SIG_MODIFIERS or t.text != "sig" or prev is None
    if t.text in ("run", "check"):
        return not (prev == ":" and k >= 2 and toks[k - 2].depth == 0)
    if t.text in _SIG_MODIFIERS:
        # a run of modifiers that ends in "sig", not preceded by another modifier
        if prev in _SIG_MODIFIERS:
            return False
        j = k
        while j < len(toks) and toks[j].text in _SIG_MODIFIERS:
            j += 1
        return j < len(toks) and toks[j].text == "sig" and toks[j].depth == 0
    # a command label "name : run|check"
    return (
        _IDENT.fullmatch(t.text) is not None
        and k + 2 < len(toks)
        and toks[k + 1].text == ":"
        and toks[k + 2].text in ("run", "check")
        and t.text not in _PARA_KEYWORDS
    )


def fact_span(p: Paragraph) -> tuple[int, int] | None:
    """Offsets of the body of a fact, or of a sig's appended fact."""
    if p.kind == "fact":
        return (p.body_start, p.body_end) if p.body_start is not None else None
    toks = [t for t in tokens(p.text)]
    opens = [i for i, t in enumerate(toks) if t.text == "{" and t.depth == 0]
    if len(opens) < 2:
        return None
    lb = opens[1]
    rb = next((i for i in range(lb + 1, len(toks)) if toks[i].text == "}" and toks[i].depth == 1), None)
    return (p.start + toks[lb].end, p.start + toks[rb].start) if rb is not None else None


def is_name(word: str) -> bool:
    """An Alloy name as the Analyzer's lexer reads one (any Unicode letter may start it)."""
    return _IDENT.fullmatch(word) is not None


def line_starts(source: str) -> list[int]:
    """The offset where each line begins, lines counted as the Analyzer counts them (\r\n, \r, \n)."""
    return [0, *(m.end() for m in _LINE_END.finditer(source))]


def _line_of(source: str, offset: int) -> int:
    """1-based line as the Analyzer counts it (\r\n, \r and \n each end a line)."""
    return len(_LINE_END.findall(source, 0, offset)) + 1


def split_paragraphs(source: str) -> list[Paragraph]:
    """Top-level paragraphs in source order. Text before the first paragraph (comments) is skipped."""
    toks = tokens(source)
    starts = [k for k in range(len(toks)) if _is_start(toks, k)]
    paras: list[Paragraph] = []
    anon = {"fact": 0, "assert": 0}
    for idx, k in enumerate(starts):
        stop = starts[idx + 1] if idx + 1 < len(starts) else len(toks)
        ptoks = toks[k:stop]
        start, end = ptoks[0].start, ptoks[-1].end
        para = _make(source, ptoks, start, end)
        if para.kind in anon and not para.name:
            anon[para.kind] += 1
            para.name = f"#{anon[para.kind]}"
        paras.append(para)
    return paras


def _brace_span(ptoks: list[Token], from_k: int = 0) -> tuple[int, int, int] | None:
    """(index of '{', body start offset, body end offset) of the first depth-0 brace block."""
    for k in range(from_k, len(ptoks)):
        t = ptoks[k]
        if t.text == "{" and t.depth == 0:
            for j in range(k + 1, len(ptoks)):
                if ptoks[j].text == "}" and ptoks[j].depth == 1:
                    return j, t.end, ptoks[j].start
            return None
    return None


def _make(source: str, ptoks: list[Token], start: int, end: int) -> Paragraph:
    words = [t.text for t in ptoks]
    text = source[start:end]
    p = Paragraph("", "", start, end, _line_of(source, start), _line_of(source, end), text)
    first = next((w for w in words if w not in _SIG_MODIFIERS or w == "sig"), words[0])
    if len(words) > 2 and words[1] == ":" and words[2] in ("run", "check"):
        first = words[2]
    if first in ("run", "check"):
        _fill_command(p, ptoks, source)
        return p
    p.kind = first
    k = words.index(first) + 1
    if first in ("module", "open"):
        p.name = canonical(source[ptoks[k].start : end]) if k < len(ptoks) else ""
        return p
    if first == "sig":
        names = []
        while k < len(words) and _IDENT.fullmatch(words[k]) and words[k] not in ("extends", "in"):
            names.append(words[k])
            k += 1
            if k < len(words) and words[k] == ",":
                k += 1
        p.name = ", ".join(names)
    elif k < len(words) and words[k] != "{" and _IDENT.fullmatch(words[k]):
        name = words[k]
        if k + 2 < len(words) and words[k + 1] == "." and _IDENT.fullmatch(words[k + 2]):
            name = f"{name}.{words[k + 2]}"  # pred Sig.name
        p.name = name
    span = _brace_span(ptoks)
    if span:
        p.body_start, p.body_end = span[1], span[2]
    return p


def _fill_command(p: Paragraph, ptoks: list[Token], source: str) -> None:
    words = [t.text for t in ptoks]
    p.kind = "command"
    k = 0
    if len(words) > 2 and words[1] == ":":
        p.label = words[0]
        k = 2
    p.command = words[k]
    k += 1
    if k < len(words) and words[k] == "{":
        span = _brace_span(ptoks, k)
        if span:
            p.body_start, p.body_end = span[1], span[2]
            p.block = normalize(source[span[1] : span[2]])
            k = span[0] + 1
    elif k < len(words) and _IDENT.fullmatch(words[k]) and words[k] not in ("for", "expect"):
        p.target = words[k]
        k += 1
        while k + 1 < len(words) and words[k] == "/" and _IDENT.fullmatch(words[k + 1]):
            p.target = words[k + 1] if p.target == "this" else f"{p.target}/{words[k + 1]}"  # `check this/A`
            k += 2
        if p.label is None:
            p.label = p.target
        if k < len(words) and words[k] == "{":  # `run Name {...} for 5`: Name labels the block
            span = _brace_span(ptoks, k)
            if span:
                p.body_start, p.body_end = span[1], span[2]
                p.block = normalize(source[span[1] : span[2]])
                p.label, p.target = p.target, None
                k = span[0] + 1
    rest = source[ptoks[k].start : p.end] if k < len(ptoks) else ""
    rest = normalize(rest)
    m = re.search(r"\bexpect\s+(\d+)", rest)
    if m:
        p.expect = int(m.group(1))
        rest = rest[: m.start()].strip()
    if rest.startswith("for"):
        rest = rest[3:].strip()
    p.scope = canonical(rest)
    p.name = p.label or f"{p.command} {{{p.block or ''}}}"


def find_paragraph(source: str, name: str, kind: str | None = None) -> Paragraph | None:
    """The first paragraph called ``name`` (commands only when kind == "command")."""
    for p in split_paragraphs(source):
        if p.name == name and (p.kind == kind if kind else p.kind != "command"):
            return p
    return None


def source_lines(source: str) -> list[str]:
    """The lines as the Analyzer counts them (a line ends at \\n, \\r\\n or a lone \\r; a form feed or
    \\u2028 is not a line end, unlike str.splitlines), each with its line end."""
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", source)


def replace_paragraph_body(source: str, key: str, new_body: str) -> str:
    """Replace the text between the braces of the paragraph whose key is ``key`` ("pred inv1", "fact #2",
    Paragraph.key): the new body on its own lines, its first line indented by two spaces. The one
    patching function for paragraph edits (a model's tool call, docs/repair.md). Raises KeyError if there
    is no such paragraph and ValueError if it has no brace body."""
    para = next((p for p in split_paragraphs(source) if p.key == key), None)
    if para is None:
        raise KeyError(f"no paragraph {key!r} in the specification")
    if para.body_start is None or para.body_end is None:
        raise ValueError(f"paragraph {key!r} has no body")
    return source[: para.body_start] + "\n  " + new_body.strip() + "\n" + source[para.body_end :]


def apply_line_patch(source: str, start_line: int, end_line: int, replacement: str) -> str:
    """Replace lines start_line..end_line (1-based, inclusive, counted by ``source_lines``) with the
    replacement; the lines around keep their own line ends. Raises ValueError for a range outside the
    text. The one patching function for line edits."""
    lines = source_lines(source)
    if not (1 <= start_line <= end_line <= len(lines)):
        raise ValueError(f"bad line range {start_line}-{end_line} (the specification has {len(lines)} lines)")
    end = lines[end_line - 1][len(lines[end_line - 1].rstrip("\r\n")) :]
    rep = replacement if not replacement or replacement.endswith(("\n", "\r")) else replacement + end
    return "".join(lines[: start_line - 1]) + rep + "".join(lines[end_line:])


def commands(source: str) -> list[Paragraph]:
    return [p for p in split_paragraphs(source) if p.kind == "command"]


def closing_bracket(toks: Sequence[Token], i: int) -> int:
    """The index of the bracket that closes ``toks[i]`` (``{`` or ``(``), or -1."""
    close = {"{": "}", "(": ")"}[toks[i].text]
    d = toks[i].depth
    return next((k for k in range(i + 1, len(toks)) if toks[k].text == close and toks[k].depth == d + 1), -1)


def in_order(before: Sequence[Paragraph], after: Sequence[Paragraph]) -> list[tuple[Paragraph, Paragraph | None]]:
    """Each paragraph of ``after`` with its counterpart in ``before``: the paragraph of the same key at the
    same rank among that key's (two facts may share a name, overloads share a key); None when new."""
    ranks: dict[str, list[Paragraph]] = {}
    for p in before:
        ranks.setdefault(p.key, []).append(p)
    seen: dict[str, int] = {}
    out: list[tuple[Paragraph, Paragraph | None]] = []
    for p in after:
        i = seen[p.key] = seen.get(p.key, -1) + 1
        same = ranks.get(p.key, [])
        out.append((p, same[i] if i < len(same) else None))
    return out


def split_top(text: str, sep: str = ",") -> list[str]:
    """``text`` split at ``sep`` outside brackets (a declaration list, a sig's fields)."""
    out, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur))
    return out


def widen_checks(source: str, scope: int) -> str:
    """``source`` with every ``check`` command run at an overall scope of at least ``scope``: ``for N``
    becomes ``for max(N, scope)``, a command with per-signature bounds only gains ``for scope but``, one
    without ``for`` gains ``for scope`` (before ``expect``). Runs are left as they are (an instance found at
    a scope exists at every larger one; a check's claim is what a larger scope can refute)."""
    edits: list[tuple[int, int, str]] = []
    for p in commands(source):
        if p.command != "check":
            continue
        toks = [t for t in tokens(source[p.start : p.end]) if t.depth == 0]
        words = [t.text for t in toks]
        at = p.start
        if "for" in words:
            f = words.index("for")
            nxt = words[f + 2] if f + 2 < len(words) else None
            if f + 1 < len(words) and words[f + 1].isdigit() and nxt in (None, "but", "expect"):
                n = toks[f + 1]
                edits.append((at + n.start, at + n.end, str(max(int(n.text), scope))))
            else:
                edits.append((at + toks[f].end, at + toks[f].end, f" {scope} but"))
        else:
            if "expect" in words:
                e = at + toks[words.index("expect")].start
                edits.append((e, e, f"for {scope} "))
            else:
                edits.append((p.end, p.end, f" for {scope}"))
    for a, b, new in sorted(edits, reverse=True):
        source = source[:a] + new + source[b:]
    return source
