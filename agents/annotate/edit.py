"""The answer format and building a candidate from it.

``insert`` mode (default): the model lists annotations, each inserted as a ``//@ ...`` line before a
given line of the program it was shown; nothing else of the file can change through this format, but a
candidate still goes through the gate (an answer can smuggle code, e.g. through a newline).
``whole`` mode: the model returns the whole annotated program.
"""

from __future__ import annotations

from typing import Any, Literal

EditMode = Literal["insert", "whole"]
MAX_ANNOTATIONS = 8
MAX_ACSL_CHARS = 240


class AnswerError(ValueError):
    """The answer cannot be turned into a candidate."""


def answer_schema(mode: EditMode, n_lines: int, max_chars: int = 16000) -> dict[str, Any]:
    if mode == "whole":
        return {
            "type": "object",
            "properties": {"program": {"type": "string", "maxLength": max_chars}},
            "required": ["program"],
            "additionalProperties": False,
        }
    item = {
        "type": "object",
        "properties": {
            "before_line": {"type": "integer", "minimum": 1, "maximum": n_lines + 1},
            "acsl": {"type": "string", "maxLength": MAX_ACSL_CHARS},
        },
        "required": ["before_line", "acsl"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {"annotations": {"type": "array", "items": item, "minItems": 1, "maxItems": MAX_ANNOTATIONS}},
        "required": ["annotations"],
        "additionalProperties": False,
    }


def _clean(acsl: str) -> str:
    text = acsl.strip()
    for prefix in ("/*@", "//@"):
        text = text.removeprefix(prefix)
    text = text.removesuffix("*/").strip()
    return text if text.endswith(";") else text + ";"


def _loop_annotation_line(lines: list[str], at: int) -> int | None:
    """0-based index of the line that opens the loop annotation right above line ``at`` (1-based)."""
    i = at - 1
    while i >= 1:
        above = lines[i - 1].strip()
        if above.startswith("//@"):
            if "loop" in above:
                return i - 1
            i -= 1
        elif above.endswith("*/"):
            j = i - 1
            while j >= 0 and "/*" not in lines[j]:
                j -= 1
            if j < 0 or "/*@" not in lines[j]:
                return None
            if any("loop" in lines[k] for k in range(j, i)):
                return j
            i = j
        else:
            return None
    return None


def apply_answer(mode: EditMode, base: str, parsed: Any) -> str:
    """The candidate program built from a parsed answer (raises AnswerError).

    Frama-C accepts one annotation comment per loop, with the variant last: loop clauses aimed at a
    loop that already has one are put at the front of it; otherwise they form one new ``//@`` line.
    """
    if not isinstance(parsed, dict):
        raise AnswerError("the answer is not a JSON object")
    if mode == "whole":
        program = parsed.get("program")
        if not isinstance(program, str) or not program.strip():
            raise AnswerError("no program in the answer")
        return program if program.endswith("\n") else program + "\n"
    items = parsed.get("annotations")
    if not isinstance(items, list) or not items:
        raise AnswerError("no annotations in the answer")
    lines = base.splitlines()
    inserts: dict[int, list[str]] = {}
    loop_clauses: dict[int, list[str]] = {}
    for it in items:
        ok = isinstance(it, dict) and isinstance(it.get("before_line"), int) and isinstance(it.get("acsl"), str)
        if not ok:
            raise AnswerError("each annotation needs before_line (integer) and acsl (string)")
        at = it["before_line"]
        if not 1 <= at <= len(lines) + 1:
            raise AnswerError(f"before_line {at} is outside the program (1..{len(lines) + 1})")
        text = _clean(it["acsl"])
        (loop_clauses if text.startswith("loop") else inserts).setdefault(at, []).append(text)
    for at, clauses in loop_clauses.items():
        clauses.sort(key=lambda c: c.startswith("loop variant"))  # variants last
        j = _loop_annotation_line(lines, at)
        if j is None:
            inserts.setdefault(at, []).append(" ".join(clauses))
        else:
            marker = "/*@" if "/*@" in lines[j] else "//@"
            lines[j] = lines[j].replace(marker, f"{marker} {' '.join(clauses)}", 1)
    out: list[str] = []
    for i, line in enumerate(lines + [""], start=1):
        indent = line[: len(line) - len(line.lstrip())]
        out += [f"{indent}//@ {a}" for a in inserts.get(i, [])]
        if i <= len(lines):
            out.append(line)
    return "\n".join(out) + "\n"
