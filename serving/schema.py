"""Parse and validate a model reply against the JSON schema it was asked for."""

from __future__ import annotations

import json
import re
from typing import Any

from fmrepair.serving.base import Completion

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def validation_error(obj: Any, schema: dict[str, Any]) -> str | None:
    """Return a message when ``obj`` does not satisfy ``schema`` (None when it does).

    Uses ``jsonschema`` when installed (it comes with the ``local`` and ``hosted`` extras); otherwise
    only checks that an object was returned with its required keys.
    """
    try:
        import jsonschema
    except ImportError:  # pragma: no cover - jsonschema ships with both extras
        if schema.get("type") == "object":
            if not isinstance(obj, dict):
                return "expected a JSON object"
            missing = [k for k in schema.get("required", []) if k not in obj]
            return f"missing required keys: {missing}" if missing else None
        return None
    validator_cls = jsonschema.validators.validator_for(schema)
    errors = sorted(validator_cls(schema).iter_errors(obj), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    first = errors[0]
    where = "/".join(str(p) for p in first.absolute_path) or "<root>"
    return f"{where}: {first.message}"[:500]


def _loads_lenient(text: str) -> Any:
    """json.loads, then the first fenced block, then the outermost {...} span."""
    stripped = text.strip()
    try:
        return json.loads(stripped)
    except ValueError:
        pass
    match = _FENCE.search(stripped)
    if match:
        try:
            return json.loads(match.group(1))
        except ValueError:
            pass
    start, end = stripped.find("{"), stripped.rfind("}")
    if 0 <= start < end:
        return json.loads(stripped[start : end + 1])
    raise ValueError("no JSON object found")


def parse_completion(
    text: str,
    schema: dict[str, Any] | None,
    finish_reason: str | None = None,
    *,
    strict: bool = True,
) -> Completion:
    """Build a Completion; with a schema, fill ``parsed`` (validated) or ``parse_error``.

    ``strict`` parses the text as is (constrained backends); otherwise fenced or embedded JSON is
    accepted too (hosted models in plain JSON mode).
    """
    if schema is None:
        return Completion(text=text, finish_reason=finish_reason)
    try:
        obj = json.loads(text) if strict else _loads_lenient(text)
    except ValueError as exc:
        hint = " (output cut at max_tokens)" if finish_reason == "length" else ""
        return Completion(text=text, parse_error=f"invalid JSON{hint}: {exc}", finish_reason=finish_reason)
    error = validation_error(obj, schema)
    if error is not None:
        return Completion(text=text, parse_error=f"schema violation: {error}", finish_reason=finish_reason)
    return Completion(text=text, parsed=obj, finish_reason=finish_reason)
