"""Tool calls as JSON schemas: ``{"name": <tool>, "arguments": {...}}``, constrained by every backend.

Model-specific tool-call parsers are fragile, so a tool call here is just a JSON reply whose schema
the backend enforces with a grammar; ``openai_tools`` gives the same shape in OpenAI ``tools`` form
for servers that constrain ``tool_choice`` instead.
"""

from __future__ import annotations

from typing import Any


def tool_call_schema(name: str, parameters: dict[str, Any]) -> dict[str, Any]:
    """Schema of one call of tool ``name`` whose arguments follow ``parameters``."""
    return {
        "type": "object",
        "properties": {"name": {"type": "string", "enum": [name]}, "arguments": parameters},
        "required": ["name", "arguments"],
        "additionalProperties": False,
    }


def tools_schema(tools: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Schema of a call of any one of ``tools`` (tool name -> parameters schema)."""
    if len(tools) == 1:
        ((name, params),) = tools.items()
        return tool_call_schema(name, params)
    return {"anyOf": [tool_call_schema(n, p) for n, p in tools.items()]}


def openai_tools(tools: dict[str, dict[str, Any]], descriptions: dict[str, str] | None = None) -> list[dict]:
    """The same tools in the OpenAI ``tools=[{"type": "function", ...}]`` form."""
    descriptions = descriptions or {}
    return [
        {"type": "function", "function": {"name": n, "description": descriptions.get(n, n), "parameters": p}}
        for n, p in tools.items()
    ]


# A small demo tool (the shape agents use to submit an Alloy candidate). Free-text fields carry a
# maxLength so constrained generation always terminates.
RUN_ALLOY_ANALYZER_PARAMETERS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "spec": {"type": "string", "maxLength": 300, "description": "the full repaired Alloy model"},
        "command": {"type": "string", "maxLength": 60, "description": "the run/check command to execute"},
    },
    "required": ["spec", "command"],
    "additionalProperties": False,
}

DEMO_TOOL_SCHEMA: dict[str, Any] = tool_call_schema("run_alloy_analyzer", RUN_ALLOY_ANALYZER_PARAMETERS)

DEMO_SCHEMAS: dict[str, dict[str, Any]] = {"tool": DEMO_TOOL_SCHEMA}
