"""The three JSON-schema constraint engines (serving/constraints.py) on the embedded models, in process:
compile time of the tool-call schemas, seconds per answer and per token, and validity of the answers.

Prompts are the repair loop's real first turn (the repair_system, tool_paragraph and task templates) for
the user-style specifications of benchmarks/intent/ (the paragraph edit form, the default), answered one
at a time with seed 000's temperature 0.2 and fixed seeds. An answer is valid when it parses as JSON,
validates against the schema and ends by the model's stop token (not cut at --max-tokens). "none" is the
same prompts without a schema: the unconstrained speed the overhead is measured against.

Compile times are measured in a child process each, so an engine that builds its index eagerly
(outlines-core) can be stopped at --compile-timeout seconds without stopping the benchmark:

    .venv/bin/python benchmarks/constraint_backends.py --out docs/results/constraint-backends.json

Measures speed: run it alone on the machine.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import platform
import statistics
import time
from pathlib import Path
from typing import Any

ENGINES = ("llguidance", "xgrammar", "outlines")
ROOT = Path(__file__).resolve().parent / "intent"


def prompts(limit: int) -> list[tuple[str, list[Any], dict[str, Any]]]:
    """(name, messages, schema) of the repair loop's first turn for each intent specification."""
    from fmrepair.agents.edits import tool_schema
    from fmrepair.agents.prompting import render
    from fmrepair.agents.runner import editable_paragraphs, task_from_user_file
    from fmrepair.serving import ChatMessage

    out = []
    for spec in sorted(ROOT.glob("*/spec.als"))[:limit]:
        text = spec.read_text(encoding="utf-8")
        task = task_from_user_file(str(spec), text)
        editable = editable_paragraphs(task)
        if not editable:
            continue
        system = render("repair_system", iterations=6, frozen_names=[f.name for f in task.frozen])
        system += "\n\n" + render("tool_paragraph", editable=editable)
        user = render("task", spec=text)
        messages = [ChatMessage(role="system", content=system), ChatMessage(role="user", content=user)]
        out.append((spec.parent.name, messages, tool_schema("paragraph", text, editable)))
    return out


def _compile_child(model: str, engine: str, schema: dict[str, Any], queue: Any) -> None:
    from fmrepair.serving import get_model

    m = get_model(model, constraint=engine)
    m._ensure_loaded()
    eng = m._engine()
    t0 = time.perf_counter()
    eng.compile(schema)
    queue.put(time.perf_counter() - t0)


def compile_seconds(model: str, engine: str, schema: dict[str, Any], timeout: float) -> float | None:
    """Seconds to compile ``schema`` (None: past ``timeout``, the child was stopped)."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_compile_child, args=(model, engine, schema, queue))
    proc.start()
    proc.join(timeout)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return None
    return float(queue.get()) if not queue.empty() else None


def answers(model: str, engine: str, cases: list[tuple[str, list[Any], dict[str, Any]]], max_tokens: int) -> dict:
    import jsonschema

    from fmrepair.serving import Sampling, get_model

    m = get_model(model, **({} if engine == "none" else {"constraint": engine}))
    m.chat(cases[0][1][-1:], None, Sampling(temperature=0.0, max_tokens=4))  # load outside the timings
    rows = []
    for i, (name, messages, schema) in enumerate(cases):
        sampling = Sampling(temperature=0.2, max_tokens=max_tokens, seed=1000 + i)
        t0 = time.perf_counter()
        r = m.chat(messages, None if engine == "none" else schema, sampling)
        seconds = time.perf_counter() - t0
        c = r.first
        valid = None
        if engine != "none":
            try:
                jsonschema.validate(json.loads(c.text), schema)
                valid = c.finish_reason == "stop"
            except (ValueError, jsonschema.ValidationError):
                valid = False
        rows.append({"case": name, "seconds": round(seconds, 3), "completion_tokens": r.usage.completion_tokens,
                     "finish": c.finish_reason, "valid": valid})
    tokens = sum(r["completion_tokens"] for r in rows)
    total = sum(r["seconds"] for r in rows)
    return {
        "answers": len(rows),
        "valid": sum(1 for r in rows if r["valid"]) if engine != "none" else None,
        "cut_at_max_tokens": sum(1 for r in rows if r["finish"] == "length"),
        "completion_tokens": tokens,
        "seconds": round(total, 2),
        "median_seconds_per_answer": round(statistics.median(r["seconds"] for r in rows), 3),
        "ms_per_token": round(1000 * total / max(tokens, 1), 2),
        "rows": rows,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default="smollm2-135m,qwen2.5-coder-0.5b")
    ap.add_argument("--prompts", type=int, default=6, help="intent specifications used as prompts")
    ap.add_argument("--max-tokens", type=int, default=300)
    ap.add_argument("--compile-timeout", type=float, default=300.0)
    ap.add_argument("--out", type=Path, default=Path("runs/constraint-backends.json"))
    args = ap.parse_args()
    from fmrepair.agents.edits import tool_schema
    from fmrepair.serving.toolcall import DEMO_TOOL_SCHEMA

    cases = prompts(args.prompts)
    whole_spec = (ROOT / "library_loans" / "spec.als").read_text(encoding="utf-8")
    schemas = {
        "demo tool (maxLength 300)": DEMO_TOOL_SCHEMA,
        "paragraph edit (maxLength 1500)": cases[0][2],
        f"whole specification (maxLength {2 * len(whole_spec) + 500})": tool_schema("whole", whole_spec),
    }
    result: dict[str, Any] = {
        "command": "python benchmarks/constraint_backends.py " + " ".join(
            f"--{k.replace('_', '-')} {v}" for k, v in vars(args).items() if k != "out"),
        "machine": {"cpus": mp.cpu_count(), "python": platform.python_version()},
        "prompts": [c[0] for c in cases],
        "models": {},
    }
    for model in args.models.split(","):
        res: dict[str, Any] = {"compile_seconds": {}, "generation": {}}
        for engine in ENGINES:
            res["compile_seconds"][engine] = {
                label: (None if (s := compile_seconds(model, engine, schema, args.compile_timeout)) is None
                        else round(s, 3))
                for label, schema in schemas.items()
            }
            print(model, engine, "compile", res["compile_seconds"][engine], flush=True)
        for engine in ("none", *ENGINES):
            res["generation"][engine] = answers(model, engine, cases, args.max_tokens)
            g = res["generation"][engine]
            print(model, engine, {k: v for k, v in g.items() if k != "rows"}, flush=True)
        result["models"][model] = res
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
