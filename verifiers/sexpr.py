"""A small S-expression reader shared by the SMT-LIB2 and PDDL tools (comments, strings, |symbols|)."""

from __future__ import annotations

from dataclasses import dataclass

SExpr = str | list["SExpr"]


class SExprError(ValueError):
    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line} column {column}: {message}")
        self.line = line
        self.column = column


@dataclass
class TopLevel:
    """One top-level expression with its source text and 1-based start line."""

    expr: SExpr
    text: str
    line: int


def _tokens(text: str, comment: str) -> list[tuple[str, int, int, int]]:
    """(token, line, column, offset) for '(' ')' and atoms."""
    out: list[tuple[str, int, int, int]] = []
    i, line, col, n = 0, 1, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            i, line, col = i + 1, line + 1, 1
            continue
        if c.isspace():
            i, col = i + 1, col + 1
            continue
        if c == comment:
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c in "()":
            out.append((c, line, col, i))
            i, col = i + 1, col + 1
            continue
        start, sline, scol = i, line, col
        if c in '"|':
            close = c
            i += 1
            while i < n:
                if text[i] == close:
                    if close == '"' and i + 1 < n and text[i + 1] == '"':
                        i += 2
                        continue
                    break
                if text[i] == "\n":
                    line, col = line + 1, 0
                i += 1
            if i >= n:
                raise SExprError(f"unterminated {close}", sline, scol)
            i += 1
        else:
            while i < n and not text[i].isspace() and text[i] not in "()" and text[i] != comment:
                i += 1
        col += i - start if line == sline else 0
        out.append((text[start:i], sline, scol, start))
    return out


def read_all(text: str, comment: str = ";") -> list[TopLevel]:
    """Parse every top-level expression; raises SExprError with a location on unbalanced input."""
    tokens = _tokens(text, comment)
    result: list[TopLevel] = []
    stack: list[list[SExpr]] = []
    start: tuple[int, int, int] | None = None
    for tok, line, col, off in tokens:
        if tok == "(":
            if not stack:
                start = (line, col, off)
            stack.append([])
        elif tok == ")":
            if not stack:
                raise SExprError("unexpected ')'", line, col)
            done = stack.pop()
            if stack:
                stack[-1].append(done)
            else:
                assert start is not None
                result.append(TopLevel(done, text[start[2] : off + 1], start[0]))
        elif stack:
            stack[-1].append(tok)
        else:
            result.append(TopLevel(tok, tok, line))
    if stack:
        assert start is not None
        raise SExprError("unbalanced '(' (missing ')')", start[0], start[1])
    return result


def to_text(expr: SExpr) -> str:
    if isinstance(expr, str):
        return expr
    return "(" + " ".join(to_text(e) for e in expr) + ")"


def atoms(expr: SExpr) -> list[str]:
    """Every atom in an expression, in order."""
    if isinstance(expr, str):
        return [expr]
    out: list[str] = []
    for e in expr:
        out.extend(atoms(e))
    return out
