"""The `run_alloy_analyzer` tool call: its JSON schemas (grammar-constrained by every backend) and how a
parsed call becomes a candidate specification.

Three forms: ``whole`` (the whole fixed specification, the seed paper's setting), ``paragraph`` (name of
an editable paragraph + its new body; the default, far cheaper for small models) and ``patch`` (a line
range and its replacement).
"""

from __future__ import annotations

from typing import Any, Literal

EditMode = Literal["paragraph", "patch", "whole"]
TOOL_NAME = "run_alloy_analyzer"
MAX_BODY = 1500


class ToolCallError(ValueError):
    """The call parsed but cannot be applied (unknown paragraph, bad line range, ...)."""


def tool_schema(mode: EditMode, spec: str, editable: list[str] | None = None) -> dict[str, Any]:
    request = {"type": "string", "enum": [TOOL_NAME]}
    if mode == "whole":
        props: dict[str, Any] = {
            "request": request,
            "specification": {"type": "string", "minLength": 1, "maxLength": 2 * len(spec) + 500},
        }
    elif mode == "paragraph":
        if not editable:
            raise ToolCallError("no editable paragraph in this specification")
        props = {
            "request": request,
            "paragraph": {"type": "string", "enum": list(editable)},
            "body": {"type": "string", "maxLength": MAX_BODY},
        }
    elif mode == "patch":
        n = max(1, len(spec.splitlines()))
        props = {
            "request": request,
            "start_line": {"type": "integer", "minimum": 1, "maximum": n},
            "end_line": {"type": "integer", "minimum": 1, "maximum": n},
            "replacement": {"type": "string", "maxLength": MAX_BODY},
        }
    else:  # pragma: no cover - Literal guards this
        raise ToolCallError(f"unknown edit mode {mode!r}")
    return {
        "type": "object",
        "properties": props,
        "required": list(props),
        "additionalProperties": False,
    }


def numbered(spec: str) -> str:
    from fmrepair.verifiers.alloy.text import source_lines

    lines = [line.rstrip("\r\n") for line in source_lines(spec)]
    width = len(str(len(lines)))
    return "\n".join(f"{i:>{width}}| {line}" for i, line in enumerate(lines, 1))


def apply_call(mode: EditMode, spec: str, call: Any, editable: list[str] | None = None) -> str:
    """Turn a parsed tool call into a full candidate specification (raises ToolCallError)."""
    if not isinstance(call, dict):
        raise ToolCallError("the tool call is not a JSON object")
    if call.get("request") != TOOL_NAME:
        raise ToolCallError(f"request must be {TOOL_NAME!r}")
    if mode == "whole":
        text = call.get("specification")
        if not isinstance(text, str) or not text.strip():
            raise ToolCallError("specification is missing or empty")
        return text
    if mode == "paragraph":
        name, body = call.get("paragraph"), call.get("body")
        if not isinstance(name, str) or not isinstance(body, str):
            raise ToolCallError("paragraph and body must be strings")
        if editable is not None and name not in editable:
            raise ToolCallError(f"paragraph {name!r} is not editable")
        return replace_body(spec, name, body)
    if mode == "patch":
        from fmrepair.verifiers.alloy.text import apply_line_patch

        start, end, repl = call.get("start_line"), call.get("end_line"), call.get("replacement")
        if not (isinstance(start, int) and isinstance(end, int) and isinstance(repl, str)):
            raise ToolCallError("start_line, end_line must be integers and replacement a string")
        try:
            return apply_line_patch(spec, start, end, repl)
        except ValueError as e:
            raise ToolCallError(str(e)) from None
    raise ToolCallError(f"unknown edit mode {mode!r}")


def replace_body(spec: str, key: str, body: str) -> str:
    """Replace the body of the paragraph whose key is ``key`` (e.g. "fact #2"; verifiers/alloy/text.py)."""
    from fmrepair.verifiers.alloy.text import replace_paragraph_body

    try:
        return replace_paragraph_body(spec, key, body)
    except KeyError as e:
        raise ToolCallError(e.args[0]) from None
    except ValueError as e:
        raise ToolCallError(str(e)) from None


INSTRUCTOR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"instruction": {"type": "string", "minLength": 1, "maxLength": 400}},
    "required": ["instruction"],
    "additionalProperties": False,
}
