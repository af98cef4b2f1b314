"""Parsing Frama-C's output: annotation/C errors with locations, WP goals (from ``-wp-print``) and
per-annotation statuses (from the Report plugin's ``-report-csv``).

Per-goal statuses come from the goal blocks ``-wp-print`` writes (one per proof obligation, with
file, line and every prover's answer). A goal is ``proved`` when some prover (or Qed) returned Valid,
``timeout`` when none did and one timed out, ``unproved`` otherwise (Unknown, Failed, Invalid).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import asdict, dataclass, field

from fmrepair.verifiers.base import Message

_GOAL = re.compile(
    r"^Goal (?P<desc>.*?)(?: \(file (?P<file>[^,]+), line (?P<line>\d+)\))?(?: in '(?P<fn>[^']+)')?"
    r"(?P<part> \(\d+/\d+\))?(?: in '(?P<fn2>[^']+)')?:$"
)
_LEMMA = re.compile(r"^Lemma (?P<name>[A-Za-z_]\w*):$")  # global goals: WP proves lemmas too
_PROVER = re.compile(r"^Prover (?P<prover>.+?) returns (?P<status>\w+)(?P<rest>.*)$")
_FUNCTION = re.compile(r"^\s+Function (?P<fn>\S+)")
_KERNEL_MSG = re.compile(r"^\[(?P<src>kernel[^\]]*)\] (?P<file>[^:\s]+):(?P<line>\d+): (?P<body>.*)$")
_SCHEDULED = re.compile(r"^\[wp\] (\d+) goals? scheduled")
_PROVED_LINE = re.compile(r"^\[wp\] Proved goals:\s+(\d+) / (\d+)")


@dataclass
class Goal:
    """One WP proof obligation."""

    function: str | None
    description: str  # e.g. "Preservation of Invariant", "Assertion 'rte,mem_access'"
    line: int | None
    outcome: str  # proved | unproved | timeout
    provers: dict[str, str] = field(default_factory=dict)  # prover -> raw status
    prove: str = ""  # the "Prove:" formula WP sent (trimmed)
    ms: float = 0.0

    @property
    def label(self) -> str:
        where = f" (line {self.line})" if self.line is not None else ""
        return f"{self.function or '?'}: {self.description}{where}"

    def to_dict(self) -> dict[str, object]:
        return asdict(self) | {"label": self.label}


@dataclass
class Property:
    """One annotation (or generated RTE guard) and its consolidated status, from the Report plugin."""

    line: int | None
    function: str | None
    kind: str  # "loop invariant", "user assertion", "postcondition", "mem_access", ...
    status: str  # "Valid", "Unknown", "Partially proven", "Invalid", ...
    text: str

    @property
    def proved(self) -> bool:
        return self.status.lower().startswith("valid")

    def to_dict(self) -> dict[str, object]:
        return asdict(self) | {"proved": self.proved}


def _ms(rest: str) -> float:
    total = 0.0
    for value, unit in re.findall(r"\((?:Qed:)?([\d.]+)(ms|s)\)", rest):
        total += float(value) * (1.0 if unit == "ms" else 1000.0)
    return total


def _outcome(statuses: list[str]) -> str:
    low = [s.lower() for s in statuses]
    if any(s == "valid" for s in low):
        return "proved"
    if any(s in ("timeout", "stepout") for s in low):
        return "timeout"
    return "unproved"


def _headers_joined(lines: list[str]) -> list[str]:
    """The lines with a goal header that WP's printer wrapped put back on one line: a long header ("Goal Instance
    of 'Pre-condition (...) in 'square'' in 'cube' at call 'square' (file F, line 21)") gets its final ':' on a
    line of its own (helper-27: the goal went unread, and a fully proved file was an `error`)."""
    out: list[str] = []
    k = 0
    while k < len(lines):
        line = lines[k]
        k += 1
        if line.startswith("Goal ") and not line.endswith(":"):
            more = 0
            while k < len(lines) and more < 3 and not line.endswith(":") and lines[k].strip():
                line = line + ("" if lines[k].strip() == ":" else " ") + lines[k].strip()
                k, more = k + 1, more + 1
        out.append(line)
    return out


def parse_goals(output: str, max_prove_chars: int = 400) -> list[Goal]:
    """The goal blocks of ``-wp-print`` output, in the order WP printed them."""
    goals: list[Goal] = []
    function: str | None = None
    current: Goal | None = None
    statuses: list[str] = []
    prove: list[str] = []
    in_prove = False

    def close() -> None:
        nonlocal current
        if current is not None:
            current.outcome = _outcome(statuses)
            current.prove = " ".join(" ".join(prove).split())[:max_prove_chars]
            goals.append(current)
        current = None

    for line in _headers_joined(output.splitlines()):
        if m := _FUNCTION.match(line):
            function = m["fn"]
            continue
        if m := _GOAL.match(line):
            close()
            statuses, prove, in_prove = [], [], False
            lineno = int(m["line"]) if m["line"] else None
            current = Goal(m["fn"] or m["fn2"] or function, m["desc"] + (m["part"] or ""), lineno, "unproved")
            continue
        if m := _LEMMA.match(line):
            close()
            statuses, prove, in_prove = [], [], False
            current = Goal(None, f"Lemma {m['name']}", None, "unproved")
            continue
        if current is None:
            continue
        if line.startswith("----"):
            close()
            in_prove = False
            continue
        if m := _PROVER.match(line):
            in_prove = False
            statuses.append(m["status"])
            current.provers[m["prover"]] = m["status"]
            current.ms = max(current.ms, _ms(m["rest"]))
        elif line.startswith("Prove:"):
            in_prove = True
            prove.append(line.removeprefix("Prove:").strip())
        elif in_prove and line.strip():
            prove.append(line.strip())
    close()
    return goals


def parse_errors(output: str) -> tuple[str | None, list[Message]]:
    """(status, messages): ``syntax_error`` / ``type_error`` / ``error`` when Frama-C refused the input."""
    messages: list[Message] = []
    kinds: set[str] = set()
    lines = output.splitlines()
    for i, line in enumerate(lines):
        m = _KERNEL_MSG.match(line)
        if not m:
            continue
        body = m["body"].strip()
        j = i + 1
        while j < len(lines) and lines[j].startswith("  ") and not lines[j].startswith("  Location"):
            body += " " + lines[j].strip()
            j += 1
        body = re.sub(r"^(?:Warning|User Error|Failure):\s*", "", body).strip()
        if m["src"] == "kernel:annot-error":
            kind = "syntax_error" if ("unexpected token" in body or "syntax error" in body) else "type_error"
        elif "syntax error" in body or "Location: between" in body:
            kind = "syntax_error"
        elif m["src"] == "kernel" and ("User Error" in m["body"] or "error" in body.lower()):
            kind = "type_error"
        else:
            continue
        kinds.add(kind)
        messages.append(Message(line=int(m["line"]), message=body or "error", severity="error"))
    if not messages and "Frama-C aborted" in output:
        detail = [ln for ln in lines if "Error" in ln or "error" in ln] or ["Frama-C aborted"]
        return "error", [Message(message=" ".join(detail[0].split())[:300])]
    status = "syntax_error" if "syntax_error" in kinds else ("type_error" if kinds else None)
    return status, messages


def parse_properties(csv_text: str) -> list[Property]:
    """Rows of the Report plugin's tab-separated CSV."""
    rows = list(csv.reader(io.StringIO(csv_text), delimiter="\t"))
    out: list[Property] = []
    for row in rows[1:]:
        if len(row) < 7:
            continue
        _, _, line, fn, kind, status, text = row[:7]
        out.append(Property(int(line) if line.isdigit() else None, fn or None, kind, status, text))
    return out


def scheduled(output: str) -> int | None:
    for line in output.splitlines():
        if m := _SCHEDULED.match(line):
            return int(m.group(1))
    return None
