"""Turn a worker's event stream (parsed, command..., done) into a Verdict."""

from __future__ import annotations

from typing import Any

from fmrepair.verifiers.base import CommandResult, Message, Verdict

FOUND = {"counterexample", "instance"}


def expectation_met(kind: str, expect: int | None, outcome: str) -> bool:
    """A check without `expect` is met when it has no counterexample, a run when it has an instance;
    `expect 0` wants nothing found, `expect N` (N >= 1) wants something found."""
    if outcome not in FOUND and outcome not in {"no_counterexample", "no_instance"}:
        return False  # timeout, error
    found = outcome in FOUND
    if expect is None:
        return not found if kind == "check" else found
    return found == (expect != 0)


def _command(event: dict[str, Any]) -> CommandResult:
    return CommandResult(
        label=event["label"],
        kind=event["kind"],
        expect=event.get("expect"),
        outcome=event["outcome"],
        met=expectation_met(event["kind"], event.get("expect"), event["outcome"]),
        vars=event.get("vars"),
        clauses=event.get("clauses"),
        ms=event.get("ms", 0.0),
        witness=event.get("witness"),
        index=event.get("index"),
        solver=event.get("solver"),
    )


def _messages(items: list[dict[str, Any]]) -> list[Message]:
    return [Message(line=m.get("line"), column=m.get("column"), message=m["message"]) for m in items]


def assemble(
    events: list[dict[str, Any]],
    *,
    timeout_s: float | None = None,
    died: str | None = None,
    elapsed_ms: float = 0.0,
) -> Verdict:
    """`timeout_s` set: the check ran out of time; `died` set: the worker crashed (its note)."""
    parsed: list[dict[str, Any]] = []
    done: dict[str, Any] = {}
    results: dict[int, dict[str, Any]] = {}
    for event in events:
        if event.get("type") == "parsed":
            parsed = event["commands"]
        elif event.get("type") == "command":
            results[event["index"]] = event
        elif event.get("type") == "done":
            done = event
    unfinished = "timeout" if timeout_s is not None else "error"
    commands = [_command(results.get(c["index"], {**c, "outcome": unfinished})) for c in parsed]
    errors = _messages(done.get("errors", []))
    if timeout_s is not None:
        running = next((c.label for c in commands if c.outcome == "timeout"), None)
        where = f" while solving {running!r}" if running else " before the commands were known"
        status = "timeout"
        errors.append(Message(message=f"timed out after {timeout_s:g} s{where}"))
    elif died is not None:
        status = "error"
        errors.append(Message(message=died))
    elif done.get("status", "error") != "ok":
        status = done.get("status", "error")
    else:
        status = "ok" if all(c.met for c in commands) else "failed"
    warnings = done.get("warnings") or []
    return Verdict(
        formalism="alloy",
        status=status,
        commands=commands,
        errors=errors,
        elapsed_ms=elapsed_ms,
        raw="\n".join(f"warning: {w}" for w in warnings) or None,
    )
