"""A small lexer for annotated C: code tokens (comments and annotations removed) and ACSL annotations
split into clauses, each anchored to the code token that follows it.

Used by the faithfulness gate (same code tokens, frozen clauses present at the same anchor), the
removal-schema builder (clause spans to cut) and the prompts (loop and assertion locations).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_CODE_TOKEN = re.compile(
    r"[A-Za-z_]\w*|\d[\w.]*|->|\+\+|--|<<=|>>=|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|<<|>>|\.\.\.|\S"
)
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
    text: str
    line: int
    start: int


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
    inner: str  # the text between the markers, '@' margins blanked
    anchor: int  # index of the next code token (len(tokens) at end of file)
    depth: int  # brace depth of the code at this point (0: file scope)
    kind: str = "other"  # contract | statement_contract | loop | assert | ghost | logic | other
    clauses: list[Clause] = field(default_factory=list)
    function: str | None = None  # the function it belongs to (or that it specifies)
    loop: int | None = None  # ordinal of the loop it annotates (loop annotations only)


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
    """Code tokens (preprocessor lines are one token each) and annotations, in source order."""
    tokens: list[CodeToken] = []
    annots: list[Annotation] = []
    i, n, depth = 0, len(source), 0
    line_start = True
    while i < n:
        ch = source[i]
        if ch == "\n":
            line_start = True
            i += 1
            continue
        if ch.isspace():
            i += 1
            continue
        if source.startswith("/*", i) or source.startswith("//", i):
            block = source[i + 1] == "*"
            end = source.find("*/", i + 2) + 2 if block else source.find("\n", i)
            if block and end == 1:
                end = n
            if not block and end == -1:
                end = n
            if source.startswith("@", i + 2):
                inner = source[i + 3 : end - 2] if block else source[i + 3 : end]
                inner = re.sub(r"(?m)^(\s*)@", lambda m: m.group(1) + " ", inner)
                line = source.count("\n", 0, i) + 1
                a = Annotation(i, end, line, source.count("\n", 0, end) + 1, inner, -1, depth)
                a.clauses = split_clauses(inner, i + 3, source)
                annots.append(a)
            i = end
            continue
        if line_start and ch == "#":
            end = i
            while True:
                end = source.find("\n", end)
                if end == -1 or source[end - 1] != "\\":
                    break
                end += 1
            end = n if end == -1 else end
            directive = " ".join(source[i:end].replace("\\\n", " ").split())
            tokens.append(CodeToken(directive, source.count("\n", 0, i) + 1, i))
            i = end
            continue
        line_start = False
        if ch in "\"'":
            j = i + 1
            while j < n and source[j] != ch:
                j += 2 if source[j] == "\\" else 1
            tokens.append(CodeToken(source[i : j + 1], source.count("\n", 0, i) + 1, i))
            i = j + 1
            continue
        m = _CODE_TOKEN.match(source, i)
        assert m is not None
        tok = m.group(0)
        depth += tok == "{"
        depth -= tok == "}"
        tokens.append(CodeToken(tok, source.count("\n", 0, i) + 1, i))
        i = m.end()
    _anchor(tokens, annots)
    return tokens, annots


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
        if t.text == "{":
            depth += 1
        elif t.text == "}":
            depth -= 1
    names = sorted(starts.items())
    for a in annots:
        before = [name for pos, name in names if pos < a.anchor]
        after = [name for pos, name in names if pos >= a.anchor]
        if a.kind == "contract" or a.depth == 0:
            a.function = after[0] if after else None
        else:
            a.function = before[-1] if before else None


def code_text(tokens: list[CodeToken]) -> list[str]:
    return [t.text for t in tokens]
