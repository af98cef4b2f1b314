"""`fmrepair train eval`: the same bench with and without the adapter on held-out tasks, then the
paired comparison (transitions, exact McNemar, paired bootstrap) of the eval harness.

Both arms are ordinary `bench run`s (resumable run logs under OUT/base and OUT/adapter) with identical
settings; only the model differs: the adapter arm is the base registry entry (same context window and
sampling) pointed at the merged weights in OUT/merged, registered through an extra $FMREPAIR_MODELS file.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from fmrepair.train.config import TrainEvalConfig, as_dict

LEVELS = ("raw", "faithful", "equivalent")


@contextlib.contextmanager
def extra_registry(path: Path) -> Iterator[None]:
    """Add a model registry file on top of the user's for the duration of the block."""
    from fmrepair.serving.config import user_files

    old = os.environ.get("FMREPAIR_MODELS")
    os.environ["FMREPAIR_MODELS"] = os.pathsep.join([*(str(p) for p in user_files()), str(path)])
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("FMREPAIR_MODELS", None)
        else:
            os.environ["FMREPAIR_MODELS"] = old


def adapter_entry(base: str, merged: Path, name: str) -> dict[str, Any]:
    """A registry entry equal to ``base``'s except for where the weights are."""
    from fmrepair.serving.config import resolve

    entry = resolve(base).model_dump(exclude={"name"})
    entry.update(path=str(merged), embedded=None, model_id=name, description=f"{base} + LoRA adapter ({merged})")
    return entry


def select_ids(cfg: TrainEvalConfig) -> list[str]:
    from fmrepair.train.build import heldout_ids

    ids = list(cfg.ids)
    if cfg.ids_from:
        ids += [i for i in heldout_ids(cfg.ids_from, cfg.suite) if i not in ids]
    if not ids:
        raise ValueError("no task ids: give --ids-from DATA:heldout or --ids")
    ids = sorted(ids)
    return ids[: cfg.limit] if cfg.limit is not None else ids


def _bench(cfg: TrainEvalConfig, model: str, ids: list[str], out: Path) -> None:
    from fmrepair.eval.run.engine import BenchConfig, run_bench

    bench = BenchConfig(
        suite=cfg.suite,
        root=cfg.root,
        mode=cfg.mode,
        strategy=cfg.strategy,
        model=model,
        k=cfg.k,
        temperature=cfg.temperature,
        seed=cfg.seed,
        max_new_tokens=cfg.max_new_tokens,
        check_timeout_s=cfg.timeout,
        ids=ids,
        workers=cfg.workers,
    )
    run_bench(bench, out)


def compare_runs(run_a: Path, run_b: Path) -> dict[str, Any]:
    """Paired comparison at every level (common tasks only) with eval.stats.compare."""
    from fmrepair.eval.report.tables import load_run
    from fmrepair.eval.stats import compare

    (_, ra), (_, rb) = load_run(run_a), load_run(run_b)

    def outcome(r: Any, level: str) -> bool:
        return {"raw": r.repaired, "faithful": r.faithful, "equivalent": bool(r.equivalent)}[level]

    return {
        level: compare({r.task_id: outcome(r, level) for r in ra}, {r.task_id: outcome(r, level) for r in rb})
        for level in LEVELS
    }


def markdown(res: dict[str, Any], a: str, b: str) -> str:
    lines = [
        f"A = {a} (base), B = {b} (base + adapter)",
        "",
        "| level | tasks | A % | B % | wrong->right | right->wrong | McNemar p (exact) | B-A (pp) | 95% CI |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for level, r in res.items():
        t = r["transitions"]
        lines.append(
            f"| {level} | {r['tasks']} | {r['a_rate']} | {r['b_rate']} | {t['wrong_to_right']} | {t['right_to_wrong']} "
            f"| {r['mcnemar_p']:.4g} | {r['diff_pp']} | [{r['ci95_pp'][0]}, {r['ci95_pp'][1]}] |"
        )
    return "\n".join(lines) + "\n"


def evaluate(cfg: TrainEvalConfig) -> dict[str, Any]:
    from fmrepair.train.adapter import merge_adapter
    from fmrepair.train.lora import base_model_dir

    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    ids = select_ids(cfg)
    merged = merge_adapter(base_model_dir(cfg.base), cfg.adapter, out / "merged")
    name = f"{cfg.base}+{Path(cfg.adapter).resolve().name}"
    registry = out / "models.yaml"
    registry.write_text(yaml.safe_dump({"models": {name: adapter_entry(cfg.base, merged, name)}}), encoding="utf-8")
    _bench(cfg, cfg.base, ids, out / "base")
    with extra_registry(registry):
        _bench(cfg, name, ids, out / "adapter")
    res = compare_runs(out / "base", out / "adapter")
    report = {"config": as_dict(cfg), "ids": ids, "adapter_model": name, "comparison": res}
    (out / "comparison.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    (out / "comparison.md").write_text(markdown(res, str(out / "base"), str(out / "adapter")), encoding="utf-8")
    return report
