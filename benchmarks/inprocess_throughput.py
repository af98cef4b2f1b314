"""Throughput of a ChatModel under concurrent task workers: requests/s, tasks/min and generated tokens/s
against the number of workers (threads), as `fmrepair bench run --workers N` drives a model.

A *task* is ``--calls-per-task`` chat calls in sequence (a repair conversation: the second call sees
the first reply and a verifier message); each call asks for a schema-constrained tool call (the
agents' shape) with ``--max-tokens`` new tokens at most, greedy. Each level runs a fixed number of
tasks (``max(--min-tasks, workers)``), after a warm-up call that loads the model.

Backends:
  transformers  in-process (batched ``generate``); any registry name or weights directory
      python benchmarks/inprocess_throughput.py --backend transformers --model smollm2-135m
  vllm          the offline engine (``LLM.chat``) in-process; run with the vLLM environment's python
      .venv-vllm/bin/python benchmarks/inprocess_throughput.py --backend vllm --model smollm2-135m
  server        a vLLM server launched here, through the OpenAI backend; also samples the server's
                ``vllm:num_requests_running`` (its /metrics) while each level runs
      python benchmarks/inprocess_throughput.py --backend server --model smollm2-135m

Writes the rows as JSON (``--out``) and a markdown table (stdout, and ``--markdown``). A benchmark, not
a test: wall-clock figures depend on the machine and what else runs on it.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving_throughput import ALLOY  # noqa: E402  (the shared Alloy model of the server benchmark)

SYSTEM_SHORT = (
    "You repair Alloy specifications. Reply with a tool call that runs the Alloy Analyzer on your repaired model."
)
FEEDBACK = "The analyzer reports: assertion delUndoesAdd has a counterexample. Repair the model again."


def _system(prompt: str) -> str:
    alloy = ALLOY if prompt == "alloy" else "\n".join(ALLOY.splitlines()[:9])
    return f"{SYSTEM_SHORT}\n\n{alloy}"


def _task(model: Any, task_id: int, args: argparse.Namespace, schema: dict | None) -> dict[str, Any]:
    from fmrepair.serving import ChatMessage, Sampling

    sampling = Sampling(max_tokens=args.max_tokens, temperature=0.0)
    messages = [
        ChatMessage(role="system", content=_system(args.prompt)),
        ChatMessage(role="user", content=f"Task {task_id}: which assertion fails, and how do you repair it?"),
    ]
    calls, tokens, latencies = 0, 0, []
    for _ in range(args.calls_per_task):
        started = time.perf_counter()
        result = model.chat(messages, schema, sampling)
        latencies.append(time.perf_counter() - started)
        calls += 1
        tokens += result.usage.completion_tokens
        messages += [
            ChatMessage(role="assistant", content=result.first.text),
            ChatMessage(role="user", content=FEEDBACK),
        ]
    return {"calls": calls, "tokens": tokens, "latencies": latencies}


class RunningSampler:
    """Polls a vLLM server's /metrics for ``vllm:num_requests_running`` in a thread."""

    def __init__(self, metrics_url: str, period_s: float = 0.2) -> None:
        self.url, self.period_s = metrics_url, period_s
        self.samples: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        while not self._stop.is_set():
            try:
                with urllib.request.urlopen(self.url, timeout=2) as response:
                    text = response.read().decode()
                values = [float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
                          if line.startswith("vllm:num_requests_running")]
                if values:
                    self.samples.append(sum(values))
            except (OSError, ValueError):
                pass
            self._stop.wait(self.period_s)

    def __enter__(self) -> RunningSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def run_level(model: Any, workers: int, args: argparse.Namespace, schema: dict | None,
              metrics_url: str | None = None) -> dict[str, Any]:
    tasks = max(args.min_tasks, workers)
    batcher = getattr(model, "batcher", None)
    before = (batcher.stats.batches, batcher.stats.items) if batcher else (0, 0)
    sampler = RunningSampler(metrics_url) if metrics_url else None
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        if sampler:
            with sampler:
                results = list(pool.map(lambda i: _task(model, i, args, schema), range(tasks)))
        else:
            results = list(pool.map(lambda i: _task(model, i, args, schema), range(tasks)))
    wall = time.perf_counter() - started
    calls = sum(r["calls"] for r in results)
    tokens = sum(r["tokens"] for r in results)
    latencies = [x for r in results for x in r["latencies"]]
    row: dict[str, Any] = {
        "workers": workers,
        "tasks": tasks,
        "requests": calls,
        "seconds": round(wall, 2),
        "requests_per_s": round(calls / wall, 3),
        "tasks_per_min": round(60 * tasks / wall, 2),
        "gen_tokens_per_s": round(tokens / wall, 1),
        "gen_tokens_per_request": round(tokens / calls, 1),
        "latency_p50_s": round(statistics.median(latencies), 2),
    }
    if batcher:
        batches, items = batcher.stats.batches - before[0], batcher.stats.items - before[1]
        row["engine_calls"] = batches
        row["mean_batch"] = round(items / batches, 2) if batches else 0.0
    if sampler:
        row["server_running_max"] = max(sampler.samples, default=0)
        row["server_running_mean"] = round(statistics.mean(sampler.samples), 1) if sampler.samples else 0
    return row


def markdown(rows: list[dict[str, Any]], label: str) -> str:
    base = rows[0]["requests_per_s"] if rows else 0
    extra = [k for k in ("mean_batch", "server_running_max", "server_running_mean") if rows and k in rows[0]]
    head = "| backend | workers | tasks | requests | req/s | x (vs 1st) | tasks/min | gen tok/s | tok/req | p50 s |"
    lines = [head + "".join(f" {k} |" for k in extra), "|---|" + "---:|" * (9 + len(extra))]
    for r in rows:
        speedup = round(r["requests_per_s"] / base, 2) if base else 0
        lines.append(
            f"| {label} | {r['workers']} | {r['tasks']} | {r['requests']} | {r['requests_per_s']} | {speedup} | "
            f"{r['tasks_per_min']} | {r['gen_tokens_per_s']} | {r['gen_tokens_per_request']} | {r['latency_p50_s']} |"
            + "".join(f" {r[k]} |" for k in extra)
        )
    return "\n".join(lines)


def build_model(args: argparse.Namespace) -> tuple[Any, Any, str | None]:
    """(model, server context or None, metrics URL or None)."""
    from fmrepair.serving import get_model

    overrides: dict[str, Any] = {"max_batch": args.max_batch, "batch_window_ms": args.window_ms}
    if args.backend == "transformers":
        for key in ("device", "dtype", "threads"):
            if getattr(args, key) is not None:
                overrides[key] = getattr(args, key)
        return get_model(args.model, backend="transformers", **overrides), None, None
    if args.backend == "vllm":
        return get_model(args.model, backend="vllm", max_num_seqs=max(args.workers), **overrides), None, None
    from fmrepair.serving.server import VLLMServer, config_for

    config = config_for(args.model, port=args.port, prefix_caching=True, max_model_len=2048)
    server = VLLMServer(config, log_path=Path("/tmp/fmrepair-inprocess-server.log"))
    url = server.start()
    model = get_model("local-vllm", base_url=url, model_id=config.served_name, timeout=600.0)
    return model, server, url.removesuffix("/v1") + "/metrics"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", choices=["transformers", "vllm", "server"], default="transformers")
    parser.add_argument("--model", default="smollm2-135m", help="registry name or weights directory")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--min-tasks", type=int, default=4, help="tasks per level: max(this, workers)")
    parser.add_argument("--calls-per-task", type=int, default=2)
    parser.add_argument("--max-tokens", type=int, default=32)
    parser.add_argument("--prompt", choices=["short", "alloy"], default="short",
                        help="system prompt: a 9-line Alloy excerpt, or the whole model (~400 tokens)")
    parser.add_argument("--no-schema", action="store_true", help="unconstrained replies")
    parser.add_argument("--max-batch", type=int, default=64, help="in-process backends: rows per engine call")
    parser.add_argument("--window-ms", type=float, default=20.0, help="in-process backends: gather window")
    parser.add_argument("--device", help="transformers: cpu | cuda")
    parser.add_argument("--dtype", help="transformers: float32 | bfloat16 | ...")
    parser.add_argument("--threads", type=int, help="transformers on CPU: torch threads")
    parser.add_argument("--port", type=int, default=8124)
    parser.add_argument("--label", help="backend label in the table")
    parser.add_argument("--out", type=Path, help="JSON results (rewritten after every level)")
    parser.add_argument("--markdown", type=Path, help="markdown table")
    args = parser.parse_args(argv)

    from fmrepair.serving.toolcall import DEMO_TOOL_SCHEMA

    schema = None if args.no_schema else DEMO_TOOL_SCHEMA
    label = args.label or f"{args.backend} {Path(args.model).name}"
    meta = {**{k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
            "host": platform.node(), "machine": platform.machine(), "started": time.strftime("%Y-%m-%dT%H:%M:%S")}
    model, server, metrics_url = build_model(args)
    rows: list[dict[str, Any]] = []
    try:
        started = time.perf_counter()
        _task(model, -1, argparse.Namespace(**{**vars(args), "calls_per_task": 1}), schema)  # load + warm up
        meta["warmup_s"] = round(time.perf_counter() - started, 1)
        print(f"warm-up (load) {meta['warmup_s']} s", file=sys.stderr, flush=True)
        for workers in args.workers:
            row = run_level(model, workers, args, schema, metrics_url)
            print(json.dumps(row), file=sys.stderr, flush=True)
            rows.append(row)
            if args.out:
                args.out.parent.mkdir(parents=True, exist_ok=True)
                args.out.write_text(json.dumps({"meta": meta, "rows": rows}, indent=2))
    finally:
        close = getattr(model, "close", None)
        if close:
            close()
        if server is not None:
            server.stop()
    table = markdown(rows, label)
    print(table)
    if args.markdown:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text(table + "\n")
    if args.out:
        args.out.write_text(json.dumps({"meta": meta, "rows": rows, "table": table}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
