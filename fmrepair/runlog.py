"""The run-log format shared by agents/, eval/ and train/.

A run is a folder: ``manifest.json`` plus append-only JSONL files (``attempts.jsonl`` for every model
attempt, ``results.jsonl`` for one line per finished task). Lines are written whole and flushed with
fsync, so a killed run loses at most the line being written; readers skip a torn last line.
"""

from __future__ import annotations

import gzip
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator

FORMAT_VERSION = 2  # 1: untyped verdict/gate dicts, no kind/source (upgraded on read)

# what a run does: repair a faulty spec, formalize a natural-language task, annotate code (ACSL)
RunKind = str  # a task kind: repair | formalize | annotate, or a plug-in kind (eval/kinds)
# the strategy names a format-1 formalize log used (a fact of that old format, not the strategy registry)
FORMAT1_FORMALIZE_NAMES = frozenset({"zero-shot", "self-review", "gated"})


class _Record(BaseModel):
    """A stored record that also reads like the dict it used to be (``rec.verdict.get("status")``,
    ``gate["reasons"]``), so format-1 readers keep working; unknown keys are kept."""

    model_config = ConfigDict(extra="allow")

    def get(self, key: str, default: Any = None) -> Any:
        if key in type(self).model_fields:
            return getattr(self, key)
        return (self.model_extra or {}).get(key, default)

    def __getitem__(self, key: str) -> Any:
        if key in type(self).model_fields:
            return getattr(self, key)
        extra = self.model_extra or {}
        if key in extra:
            return extra[key]
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return key in self.model_fields_set or key in (self.model_extra or {})

    def keys(self) -> list[str]:
        return list(self._stored(self.model_dump()))

    def items(self) -> list[tuple[str, Any]]:
        return list(self._stored(self.model_dump()).items())

    def _stored(self, dumped: dict[str, Any]) -> dict[str, Any]:
        keep = self.model_fields_set | set(self.model_extra or {})
        return {k: v for k, v in dumped.items() if k in keep}

    @model_serializer(mode="wrap")
    def _dump(self, handler: Any) -> dict[str, Any]:
        """Stored as given: the keys the producer set (plus extras), not every default of every formalism."""
        return self._stored(handler(self))


class CommandRecord(_Record):
    """One command of a stored verdict (verifiers.base.CommandResult's keys)."""

    label: str = ""
    kind: str = ""
    expect: int | None = None
    outcome: str = ""
    met: bool = False
    vars: int | None = None
    clauses: int | None = None
    ms: float = 0.0
    witness: str | None = None
    index: int | None = None
    solver: str | None = None


class MessageRecord(_Record):
    """A stored tool diagnostic (verifiers.base.Message's keys)."""

    line: int | None = None
    column: int | None = None
    message: str = ""
    severity: str = "error"


class VerdictRecord(_Record):
    """A verifier verdict as stored in an attempt (verifiers.base.Verdict without its raw output)."""

    formalism: str = ""
    status: str = ""  # ok | failed | syntax_error | type_error | timeout | error ...
    commands: list[CommandRecord] = Field(default_factory=list)
    errors: list[MessageRecord] = Field(default_factory=list)
    elapsed_ms: float = 0.0
    cached: bool = False


class GateRecord(_Record):
    """A faithfulness gate report as stored in an attempt: the Alloy gate's keys (unknown, reached_edits,
    probes) and the ACSL gate's (escapes, notes, code) both fit; other keys are kept."""

    faithful: bool = False
    reasons: list[str] = Field(default_factory=list)
    unknown: list[str] = Field(default_factory=list)
    reached_edits: list[str] = Field(default_factory=list)
    vacuity_checked: bool = False
    probe_scope: str | None = None
    skipped_probes: list[str] = Field(default_factory=list)
    rediscovered: bool = False  # the search alone rebuilt the hidden reference body (Alloy gate, model_free)
    escapes: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    code: str | None = None


def source_of_role(role: str) -> str:
    """Where a format-1 attempt's candidate came from, from its role."""
    return role if role in ("search", "instructor") else "model"


class AttemptRecord(BaseModel):
    """One model call (or one search candidate) and what came of it."""

    model_config = ConfigDict(validate_assignment=True)

    format: int = FORMAT_VERSION
    task_id: str
    strategy: str
    chain: int = 0  # sample index (n samples x r retries)
    iteration: int  # 1-based within the chain
    role: str = "repair"  # "repair" | "instructor" | "search" | formalize: "generate" | "review" | "rewrite"
    # where the candidate came from: "model" (a model call), "search" (mutation search), "instructor"
    # (the instructor model's advice), or another producer's name
    source: str = "model"
    model: str
    messages: list[dict[str, str]]  # exactly what was sent
    raw: str  # raw completion text
    parsed: Any | None = None  # the parsed tool call (dict) or None
    parse_error: str | None = None
    candidate: str | None = None  # the full candidate specification, when one was built
    candidate_error: str | None = None  # why no candidate could be built from the call
    repeated: bool = False  # candidate identical to the faulty / current spec
    verdict: VerdictRecord | None = None  # Verdict.model_dump() (visible + hidden, hidden labels masked)
    gate: GateRecord | None = None  # faithfulness report
    gated: dict[str, Any] | None = None  # evidence-gate decision (gated strategy)
    raw_ok: bool = False
    faithful: bool = False
    feedback: str | None = None  # the message sent back after this attempt
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    cost_usd: float = 0.0
    time: float = Field(default_factory=time.time)

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        """Without a source (a format-1 line) it follows from the role; a format-1 line is read as format 2."""
        if isinstance(data, dict) and ("source" not in data or int(data.get("format", FORMAT_VERSION)) < 2):
            data = {**data, "format": FORMAT_VERSION}
            data.setdefault("source", source_of_role(str(data.get("role", "repair"))))
        return data


# what became of a task: "ran" (a strategy ran; repaired/faithful say how it went), "not_faulty" (the
# faulty text already meets every oracle command: nothing ran, out of every rate), "unknown" (the score
# could not be decided, e.g. a CP-Bench assignment that could not be checked: never correct), "error"
# (the run of this task raised; never correct)
TaskStatus = Literal["ran", "not_faulty", "unknown", "error"]


def gate_unknown(gate: GateRecord | dict[str, Any] | None) -> bool:
    """A gate report whose probes could not all be decided (e.g. a timeout): not faithful, not unfaithful."""
    return bool(gate and gate.get("unknown"))


def reached_edits(gate: GateRecord | dict[str, Any] | None) -> list[str]:
    """Edited paragraphs that a frozen property reaches, as the gate names them."""
    return [str(x) for x in (gate or {}).get("reached_edits") or []]


class TaskResult(BaseModel):
    """One line per finished task."""

    format: int = FORMAT_VERSION
    task_id: str
    strategy: str
    model: str
    status: TaskStatus = "ran"
    repaired: bool  # raw: every visible and hidden command met
    faithful: bool  # raw and the faithfulness gate passed
    equivalent: bool | None = None  # faithful and equal to the reference (None: not scored)
    iterations: int
    attempts: int
    first_success: int | None = None  # 1-based attempt index of the first faithful repair
    candidate: str | None = None  # the accepted (faithful) repair, if any
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    cost_usd: float = 0.0
    verifier_calls: int = 0
    cache_hits: int = 0
    unfaithful_rejected: int = 0  # raw-correct candidates the gate rejected (decided)
    gate_unknown: int = 0  # raw-correct candidates whose gate could not decide (e.g. a probe timed out)
    reached_edits: list[str] = Field(default_factory=list)  # accepted repair: edited paragraphs a property reaches
    stop_reason: str = ""
    # an "error" caused by an infrastructure fault (the model endpoint or a verifier worker lost; see
    # fmrepair/faults.py): out of every rate, on its own row, run again on resume
    infrastructure: bool = False
    extra: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _undecided_score(cls, data: Any) -> Any:
        """A score that could not be decided (None for repaired/faithful) is status "unknown", never correct;
        a format-1 line reads as format 2 (same fields)."""
        if isinstance(data, dict) and int(data.get("format", FORMAT_VERSION)) < 2:
            data = {**data, "format": FORMAT_VERSION}
        undecided = isinstance(data, dict) and None in (data.get("repaired", False), data.get("faithful", False))
        if undecided:
            data = {**data, "repaired": bool(data.get("repaired")), "faithful": False, "status": "unknown"}
        return data

    @property
    def counted(self) -> bool:
        """Whether the task counts in a rate (a not-faulty task never does, nor an infrastructure fault)."""
        return self.status != "not_faulty" and not (self.status == "error" and self.infrastructure)


class RunManifest(BaseModel):
    format: int = FORMAT_VERSION
    kind: RunKind = "repair"
    created: float = Field(default_factory=time.time)
    # the resolved typed run config (eval.config's model_dump); a format-1 run has only ``config``
    run_config: dict[str, Any] = Field(default_factory=dict)
    # free-form run description; format 1 kept the bench config under ``config["bench"]`` (repair) or
    # ``methods``/``rounds``/``suite`` (formalize), and readers of those keys still work
    config: dict[str, Any] = Field(default_factory=dict)
    model: dict[str, Any] = Field(default_factory=dict)
    versions: dict[str, str] = Field(default_factory=dict)
    git_commit: str | None = None
    git_dirty: bool | None = None  # uncommitted changes to tracked or untracked (not ignored) files
    git_diff_sha256: str | None = None  # SHA-256 of those changes (None when clean or unknown)
    command: str | None = None  # the command line that made the run
    resumes: list[dict[str, Any]] = Field(default_factory=list)  # resumes allowed with another code version
    upgraded_from: int | None = None  # set on read when the stored manifest had an older format

    @property
    def settings(self) -> dict[str, Any]:
        """The run's settings: the typed run config, or a format-1 run's ``config["bench"]`` (repair), or its
        whole ``config`` (formalize: methods, rounds, suite)."""
        return self.run_config or self.config.get("bench") or self.config

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        """A format-1 manifest: kind formalize when it lists formalize methods, else repair (RunLog refines
        it from the results' strategies); the bench config is the run config."""
        if not isinstance(data, dict):
            return data
        config = data.get("config") or {}
        if "kind" not in data and "methods" in config:  # the formalize runner's manifest names its methods
            data = {**data, "kind": "formalize"}
        if int(data.get("format", FORMAT_VERSION)) >= 2:
            return data
        data = {**data, "format": FORMAT_VERSION, "upgraded_from": int(data.get("format", 1))}
        data.setdefault("kind", "formalize" if "methods" in config else "repair")
        if not data.get("run_config"):
            data["run_config"] = dict(config.get("bench") or {}) if "bench" in config else {}
        return data


def _append_line(path: Path, obj: BaseModel, lock: threading.Lock) -> None:
    line = obj.model_dump_json() + "\n"
    with lock, open(path, "a", encoding="utf-8") as f:
        f.write(line)
        f.flush()
        os.fsync(f.fileno())


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """Yield the complete JSON lines of a file; a torn final line (killed writer) is skipped."""
    if not path.exists():
        return
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.endswith("\n"):
                break  # torn write
            line = line.strip()
            if not line:
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                continue


def rewrite_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    """Replace a JSONL file by ``rows`` atomically (a kill leaves the old file or the new one, whole)."""
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        for d in rows:
            f.write(json.dumps(d) + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class RunNotFound(FileNotFoundError):
    """A reader was given a path that is not a run folder or archive."""


class RunLog:
    """A run folder. Thread-safe appends."""

    ATTEMPTS = "attempts.jsonl"
    RESULTS = "results.jsonl"
    RESULTS_GZ = "results.jsonl.gz"  # an archived run (docs/results/): read-only
    MANIFEST = "manifest.json"

    def __init__(self, folder: str | Path, *, readonly: bool = False) -> None:
        """A writer's run folder (created when missing; a torn last line is cut). Readers use
        ``RunLog.open``, which creates nothing and changes nothing."""
        self.folder = Path(folder)
        self.readonly = readonly
        self._lock = threading.Lock()
        self.observer: Callable[[AttemptRecord], None] | None = None  # called with each attempt once logged
        if readonly:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        self._repair_torn(self.folder / self.ATTEMPTS)
        self._repair_torn(self.folder / self.RESULTS)

    @classmethod
    def open(cls, folder: str | Path) -> RunLog:
        """Open an existing run folder or archive to read it; creates no folder and writes nothing.

        Raises RunNotFound (a FileNotFoundError) when the folder is missing or holds no manifest.json."""
        path = Path(folder)
        if not path.is_dir():
            raise RunNotFound(f"{folder}: no such run folder")
        if not (path / cls.MANIFEST).is_file():
            raise RunNotFound(f"{folder}: not a run folder or archive (no {cls.MANIFEST})")
        return cls(path, readonly=True)

    def _writable(self) -> None:
        if self.readonly:
            raise PermissionError(f"{self.folder}: opened read-only (RunLog.open)")

    @staticmethod
    def _repair_torn(path: Path) -> None:
        """Cut a torn last line left by a killed writer, so appends start on a fresh line."""
        if not path.exists() or path.stat().st_size == 0:
            return
        data = path.read_bytes()
        if data.endswith(b"\n"):
            return
        cut = data.rfind(b"\n") + 1
        with open(path, "r+b") as f:
            f.truncate(cut)

    def write_manifest(self, manifest: RunManifest) -> None:
        self._writable()
        tmp = self.folder / (self.MANIFEST + ".tmp")
        tmp.write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
        os.replace(tmp, self.folder / self.MANIFEST)

    def read_manifest(self) -> RunManifest | None:
        """The manifest, upgraded to the current format (None when there is none).

        A format-1 manifest names no kind: a run with the formalize methods, or whose results all use the
        seed 001 strategies (zero-shot, self-review, gated), is a formalize run; any other a repair run."""
        p = self.folder / self.MANIFEST
        if not p.exists():
            return None
        manifest = RunManifest.model_validate_json(p.read_text(encoding="utf-8"))
        config = manifest.config
        if manifest.upgraded_from is not None and "bench" not in config and "methods" not in config:
            strategies = {str(d.get("strategy")) for d in self._result_lines()}
            if strategies and strategies <= FORMAT1_FORMALIZE_NAMES:
                manifest.kind = "formalize"
        return manifest

    def append_attempt(self, record: AttemptRecord) -> None:
        self._writable()
        _append_line(self.folder / self.ATTEMPTS, record, self._lock)
        if self.observer is not None:
            self.observer(record)

    def append_result(self, result: TaskResult) -> None:
        self._writable()
        _append_line(self.folder / self.RESULTS, result, self._lock)

    def attempts(self) -> list[AttemptRecord]:
        return [AttemptRecord.model_validate(d) for d in read_jsonl(self.folder / self.ATTEMPTS)]

    def _result_lines(self) -> Iterator[dict[str, Any]]:
        plain, packed = self.folder / self.RESULTS, self.folder / self.RESULTS_GZ
        if not plain.exists() and packed.exists():
            with gzip.open(packed, "rt", encoding="utf-8") as f:
                yield from (json.loads(line) for line in f if line.strip())
            return
        yield from read_jsonl(plain)

    def results(self) -> list[TaskResult]:
        """The task results, from ``results.jsonl`` or, in an archive, ``results.jsonl.gz``."""
        return [TaskResult.model_validate(d) for d in self._result_lines()]

    def finished_ids(self) -> set[str]:
        return {r["task_id"] for r in self._result_lines()}
