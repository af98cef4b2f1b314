"""The one typed run config of `fmrepair bench run`.

Every setting of a benchmark run is a field of `BenchConfig`, declared once: its name, type, default and
description. The `bench run` options are generated from these fields (eval/run/options.py), a YAML file
(``--config run.yaml``) holds the same keys, the manifest records the resolved config, and the repair
settings of a task (`RepairConfig`, `Budget`) are derived from it (`repair_config`). Fields that the
repair settings already declare take their default, constraints and description from there, so there is
no second list of defaults.

A field's ``json_schema_extra`` may say:
- ``identity: False``: it does not change results (parallelism, caching), so a resumed run may differ in
  it (eval/run/identity.py); every other field is part of a run's identity.
- ``cli``: the option's name when it is not ``--field-name`` (``check_timeout_s`` is ``--timeout``), or a
  list of names (``k`` is ``--k`` or ``-k``).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.fields import FieldInfo

from fmrepair.agents.config import Budget, PromptView, RepairConfig


def inherit(model: type[BaseModel], name: str, title: str | None = None, **extra: Any) -> Any:
    """A copy of ``model``'s field ``name`` (default, constraints, description) with its one-line
    ``title`` and ``extra`` added to its ``json_schema_extra``: a run setting that the repair settings
    already declare."""
    src = model.model_fields[name]
    info: FieldInfo = copy.copy(src)
    info.title = title
    if extra:
        info.json_schema_extra = {**(src.json_schema_extra or {}), **extra}  # type: ignore[dict-item]
    return info


def _names(value: Any) -> Any:
    """``"a,b c"`` or ``["a,b", "c"]`` -> ``["a", "b", "c"]`` (the --ids/--family lists)."""
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list | tuple):
        return [x for v in value for x in re.split(r"[,\s]+", str(v)) if x]
    return value


class BenchConfig(BaseModel):
    """A benchmark run's settings (what `fmrepair bench run` options and ``--config`` files set)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    # -- which tasks
    suite: str = Field(..., title="suite name (`fmrepair tasks list`)", description="suite name (fmrepair tasks list)")
    root: str | None = Field(
        None,
        title="benchmark folder (default: the suite's)",
        description="benchmark root laid out like the suite's folder (default: the suite's)",
    )
    mode: str | None = Field(
        None,
        title="suite mode (default: the suite's first)",
        description="suite mode, e.g. frozen | hidden for ARepair (default: the suite's)",
    )
    family: list[str] = Field(
        default_factory=list,
        title="only these families (a,b or repeated)",
        description="only these families (repeatable, or comma-separated)",
    )
    ids: list[str] = Field(
        default_factory=list,
        title="only these task ids (a,b or repeated)",
        description="only these task ids (repeatable, or comma-separated)",
    )
    limit: int | None = Field(
        None, ge=0, title="only the first N selected tasks", description="only the first N selected tasks"
    )
    # -- how to repair them
    # fields left None take the suite's / the suite kind's default (eval/kinds: each kind's ``defaults``), and
    # the manifest records the resolved value
    strategy: str | None = Field(
        None,
        title="how to repair (`fmrepair strategies`)",
        description="strategy, or a comma-separated formalize set such as zero-shot,self-review,gated "
        "(default: the suite's; docs/bench.md lists every strategy and its kind)",
    )
    model: str | None = Field(
        None,
        title="model (`fmrepair models list`)",
        description="model name (fmrepair models list; default qwen2.5-coder-0.5b); not needed by search-only "
        "strategies (mutate)",
    )
    k: int | None = Field(
        None,
        ge=1,
        title="model answers per chain (the k of Correct@k)",
        description="iterations per chain: repair 6; formalize: repair rounds, 1; annotate: answers per chain, 2",
        json_schema_extra={"cli": ["--k", "-k"]},
    )
    samples: int | None = Field(
        None, ge=1, title="chains per task (n)", description="chains per task (repair 1, formalize 1, annotate 2)"
    )
    independent_samples: bool = Field(
        False,
        title="run every chain to the end (pass@k)",
        description="run every sample to the end (for unbiased pass@k)",
    )
    alternatives: int = inherit(RepairConfig, "alternatives", title="search on until N distinct repairs")
    weakest_of: int = inherit(RepairConfig, "weakest_of", title="keep the weakest of N repairs")
    narrowing_compare: int = inherit(RepairConfig, "narrowing_compare", title="compare N narrowing candidates")
    editable: list[str] = Field(
        default_factory=list,
        title="a pred/fun the repair may change",
        description="a pred/fun an assertion reaches that the repair may change (repeatable; only suites of "
        "a user's own files: `files`, `fmrepair repair`)",
    )
    edit_mode: str | None = Field(
        None,
        title="how answers edit: paragraph, patch, whole",
        description="how answers edit the text: repair paragraph | patch | whole (paragraph); annotate "
        "insert | whole (insert)",
    )
    prompt_view: PromptView = inherit(RepairConfig, "prompt_view", title="what a model is shown: full, compact")
    temperature: float | None = Field(
        None,
        ge=0.0,
        le=2.0,
        title="sampling temperature",
        description="sampling temperature (repair 0.2, formalize 0.0, annotate 0.7)",
    )
    seed: int = inherit(RepairConfig, "seed", title="sampling seed")
    instructor_model: str | None = inherit(
        RepairConfig, "instructor_model", title="dual-af: the instructor's model", cli="--instructor"
    )
    max_new_tokens: int | None = Field(
        None,
        ge=1,
        title="tokens per model answer",
        description="completion tokens per answer (repair 400, formalize 700, annotate 384)",
    )
    constraint: str | None = Field(
        None,
        title="JSON-schema engine (default: the model's)",
        description="the engine that constrains answers to the tool-call schema: llguidance | xgrammar | "
        "outlines (default: the model's registry entry, llguidance; serving/constraints.py); in-process and "
        "vLLM offline models only (a served model uses its server's, `fmrepair serve --constraint`)",
    )
    wall_seconds: float | None = inherit(Budget, "wall_seconds", title="wall-time safety cap per task, seconds")
    candidates: int | None = inherit(Budget, "candidates", title="search budget: candidates checked per task")
    proposals: int | None = inherit(Budget, "proposals", title="search: candidates proposed per task, at most")
    sketch_evals: int | None = inherit(Budget, "sketch_evals", title="search: sketch atom-bindings per task")
    check_timeout_s: float | None = Field(
        None,
        gt=0,
        title="seconds per verifier check",
        description="verifier seconds per check (repair 30; formalize: per diagnosis probe, 10; annotate: per "
        "Frama-C run, 300)",
        json_schema_extra={"cli": "--timeout"},
    )
    search_prune: bool = inherit(RepairConfig, "search_prune", title="skip candidates a counterexample refutes")
    search_synth: bool = inherit(RepairConfig, "search_synth", title="also synthesize small formulas")
    confirm_scope: int = inherit(RepairConfig, "confirm_scope", title="hidden checks also hold at this scope")
    search_lift: bool = inherit(RepairConfig, "search_lift", title="first try definitions the properties state")
    search_classes: bool = inherit(RepairConfig, "search_classes", title="one formula per behaviour on the examples")
    search_audit: str | None = inherit(RepairConfig, "search_audit", title="audit the search into this JSONL file")
    search_ranker: str | None = inherit(RepairConfig, "search_ranker", title="a trained ranker orders the candidates")
    # -- how fast (never changes results)
    workers: int = Field(
        1,
        ge=1,
        title="tasks in parallel",
        description="tasks in parallel: processes for search strategies (mutate, hybrid), else threads",
        json_schema_extra={"identity": False},
    )
    verifier_workers: int | None = Field(
        None,
        ge=1,
        title="Alloy processes shared by threads",
        description="Alloy analyzer processes shared by the threads of a model run (default: --workers)",
        json_schema_extra={"identity": False},
    )
    shared_cache: bool = Field(
        True,
        title="one verdict cache for all processes",
        description="search processes share one verdict cache in the run folder (definitive verdicts only, "
        "so results are the same either way)",
        json_schema_extra={"identity": False},
    )

    @field_validator("ids", "family", "editable", mode="before")
    @classmethod
    def _split_names(cls, value: Any) -> Any:
        return _names(value)

    def repair_config(self, seed: int | None = None, samples: int | None = None) -> RepairConfig:
        """The repair settings of one chain (``seed``/``samples`` default to the run's). A setting left
        None takes the repair settings' own default (agents/config.py), so there is no second list."""

        def given(**values: Any) -> dict[str, Any]:
            return {k: v for k, v in values.items() if v is not None}

        budget = Budget(
            **given(
                iterations=self.k,
                samples=self.samples if samples is None else samples,
                wall_seconds=self.wall_seconds,
                candidates=self.candidates,
                proposals=self.proposals,
                sketch_evals=self.sketch_evals,
            )
        )
        return RepairConfig(
            budget=budget,
            **given(
                strategy=self.strategy,
                edit_mode=self.edit_mode,
                prompt_view=self.prompt_view,
                temperature=self.temperature,
                seed=self.seed if seed is None else seed,
                max_new_tokens=self.max_new_tokens,
                check_timeout_s=self.check_timeout_s,
                alternatives=self.alternatives,
                weakest_of=self.weakest_of,
                narrowing_compare=self.narrowing_compare,
                instructor_model=self.instructor_model,
                search_prune=self.search_prune,
                search_synth=self.search_synth,
                search_lift=self.search_lift,
                confirm_scope=self.confirm_scope,
                search_classes=self.search_classes,
                search_audit=self.search_audit,
                search_ranker=self.search_ranker,
            ),
        )


# what a run whose manifest lacks a field (made before the field existed) ran with, where that is not the
# field's default: before confirm_scope, hidden checks were run at their own scope only; before prompt_view,
# models were shown the whole specification
LEGACY_VALUES: dict[str, Any] = {"confirm_scope": 0, "prompt_view": "full"}


def identity_fields() -> tuple[str, ...]:
    """The fields that change a run's results (all but those marked ``identity: False``)."""
    return tuple(
        name
        for name, f in BenchConfig.model_fields.items()
        if (f.json_schema_extra or {}).get("identity", True)  # type: ignore[union-attr]
    )


# -- building a run config: defaults < config file < command-line flags < KEY=VALUE overrides -------------


class ConfigError(ValueError):
    """A run config that cannot be resolved: unreadable file, unknown key, invalid value."""


def _key_names() -> dict[str, str]:
    """Every spelling of a field's key -> the field (``check_timeout_s``, ``check-timeout-s``, ``timeout``)."""
    out: dict[str, str] = {}
    for name, f in BenchConfig.model_fields.items():
        out[name] = out[name.replace("_", "-")] = name
        cli = (f.json_schema_extra or {}).get("cli")  # type: ignore[union-attr]
        for flag in [cli] if isinstance(cli, str) else cli or []:
            if str(flag).startswith("--"):
                out[flag.lstrip("-")] = out[flag.lstrip("-").replace("-", "_")] = name
    return out


def field_key(key: str, where: str) -> str:
    """The field a user's key names; an unknown key is a ConfigError naming ``where`` and close matches."""
    names = _key_names()
    if key in names:
        return names[key]
    import difflib

    near = difflib.get_close_matches(key, list(BenchConfig.model_fields), n=3)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    known = ", ".join(BenchConfig.model_fields)
    raise ConfigError(f"{where}: unknown run config key {key!r}{hint} (known: {known})")


def _takes_text(name: str) -> bool:
    """Whether the field holds text (so an override value like ``on`` or ``1e3`` stays a string)."""
    import typing

    ann = BenchConfig.model_fields[name].annotation
    args = typing.get_args(ann)
    return ann is str or str in args or typing.get_origin(ann) in (typing.Literal, list)


def parse_override(pair: str) -> tuple[str, Any]:
    """``KEY=VALUE`` -> (field, value): the value is read as YAML (``null``, numbers, booleans, lists),
    except that text fields keep the text as written (``null`` or ``~`` is None)."""
    import yaml

    key, sep, raw = pair.partition("=")
    if not sep or not key.strip():
        raise ConfigError(f"override {pair!r}: expected KEY=VALUE")
    name = field_key(key.strip(), f"override {pair!r}")
    raw = raw.strip()
    if raw in ("null", "~", "None") and not BenchConfig.model_fields[name].is_required():
        return name, None
    if _takes_text(name) and not raw.startswith("["):
        return name, raw
    try:
        return name, yaml.safe_load(raw)
    except yaml.YAMLError as e:
        raise ConfigError(f"override {pair!r}: cannot read the value: {e}") from None


def load_config_file(path: Path) -> dict[str, Any]:
    """A YAML (or JSON) run config file: a mapping of run config keys (see `BenchConfig`)."""
    import yaml

    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ConfigError(f"cannot read run config {path}: {e.strerror or e}") from None
    except yaml.YAMLError as e:
        raise ConfigError(f"{path} is not valid YAML: {e}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: a run config is a mapping of keys to values, not a {type(data).__name__}")
    return {field_key(str(k), str(path)): v for k, v in data.items()}


def build_config(
    file: Path | None = None, flags: dict[str, Any] | None = None, overrides: list[str] | None = None
) -> BenchConfig:
    """The run config: field defaults, then ``file``'s keys, then ``flags`` (the options given on the
    command line, by field name), then ``KEY=VALUE`` ``overrides``; each later layer wins."""
    values: dict[str, Any] = {}
    source: dict[str, str] = {}
    layers: list[tuple[str, dict[str, Any]]] = []
    if file is not None:
        layers.append((str(file), load_config_file(file)))
    layers.append(("command line", {field_key(k, "command line"): v for k, v in (flags or {}).items()}))
    for pair in overrides or []:
        name, value = parse_override(pair)
        layers.append((pair, {name: value}))
    for label, layer in layers:
        for k, v in layer.items():
            values[k] = v
            source[k] = label
    return validate_config(values, source)


def validate_config(values: dict[str, Any], source: dict[str, str] | None = None) -> BenchConfig:
    """``BenchConfig(**values)`` with pydantic's errors as one clear message per field."""
    from pydantic import ValidationError

    try:
        return BenchConfig(**values)
    except ValidationError as e:
        lines = []
        for err in e.errors():
            key = ".".join(str(x) for x in err["loc"]) or "config"
            field = str(err["loc"][0]) if err["loc"] else ""
            if err["type"] == "missing":
                lines.append(f"{key}: required (give --{key.replace('_', '-')}, or {key}: in --config FILE)")
                continue
            where = f" (from {(source or {})[field]})" if field in (source or {}) else ""
            lines.append(f"{key}: {err['msg']}, got {err.get('input')!r}{where}")
        raise ConfigError("invalid run config:\n  " + "\n  ".join(lines)) from None


def dump_config(cfg: BenchConfig) -> str:
    """The config as a YAML run config file (every key, in declaration order)."""
    import yaml

    return yaml.safe_dump(cfg.model_dump(mode="json"), sort_keys=False)
