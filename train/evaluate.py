"""`fmrepair train eval`: the same bench with and without the adapter on held-out tasks, then the
paired comparison (transitions, exact McNemar, paired bootstrap) of the eval harness.

Both arms are ordinary `bench run`s (resumable run logs under OUT/base and OUT/adapter) with identical
settings; only the model differs: the adapter arm is the base registry entry (same context window,
sampling and constraint engine) with the adapter attached, registered through an extra $FMREPAIR_MODELS
file (OUT/models.yaml). Nothing is merged on disk: a transformers base merges the adapter into its
weights at load, in the dtype it loads in; a vLLM base serves it as a runtime LoRA (``lora`` and
``default_lora``). Each arm runs in its own process (``fmrepair bench run --config OUT/ARM.yaml``), so the
base arm's model is released before the adapter arm loads its own.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml

from fmrepair.train.config import TrainEvalConfig, as_dict

LEVELS = ("raw", "faithful", "equivalent")


def adapter_entry(base: str, adapter: Path, name: str) -> dict[str, Any]:
    """A registry entry equal to ``base``'s, with ``adapter`` attached as its backend takes one."""
    import json as _json

    from fmrepair.serving.config import resolve

    entry = resolve(base).model_dump(exclude={"name"})
    adapter = Path(adapter).resolve()
    options = dict(entry.get("options") or {})
    if entry["backend"] == "transformers":
        options["adapter"] = str(adapter)
    elif entry["backend"] == "vllm":
        rank = int(_json.loads((adapter / "adapter_config.json").read_text()).get("r", 16))
        options.update(lora={name: str(adapter)}, default_lora=name,
                       max_lora_rank=max(rank, int(options.get("max_lora_rank", 16))))
    else:
        raise ValueError(f"train eval runs the base in process (transformers) or in vLLM, not {entry['backend']!r}")
    entry.update(options=options, description=f"{base} + LoRA adapter {adapter}")
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


def _bench(cfg: TrainEvalConfig, model: str, ids: list[str], out: Path, registry: Path | None = None) -> None:
    """One arm: `fmrepair bench run` in its own process (resumable; its model released when it ends)."""
    import subprocess
    import sys

    from fmrepair.eval.config import BenchConfig, dump_config

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
        prompt_view=cfg.prompt_view,
        check_timeout_s=cfg.timeout,
        ids=ids,
        workers=cfg.workers,
    )
    config = out.with_suffix(".yaml")
    config.write_text(dump_config(bench), encoding="utf-8")
    env = dict(os.environ)
    if registry is not None:
        from fmrepair.serving.config import user_files

        env["FMREPAIR_MODELS"] = os.pathsep.join([*(str(p) for p in user_files()), str(registry)])
    cmd = [sys.executable, "-m", "fmrepair", "bench", "run", "--config", str(config), "--out", str(out)]
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}; rerun `train eval` to resume")


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
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    ids = select_ids(cfg)
    adapter = Path(cfg.adapter)
    if not (adapter / "adapter_config.json").is_file():
        raise ValueError(f"{adapter}: no adapter_config.json (not a LoRA adapter folder)")
    name = f"{cfg.base}+{adapter.resolve().name}"
    registry = out / "models.yaml"
    registry.write_text(yaml.safe_dump({"models": {name: adapter_entry(cfg.base, adapter, name)}}), encoding="utf-8")
    _bench(cfg, cfg.base, ids, out / "base")
    _bench(cfg, name, ids, out / "adapter", registry)
    res = compare_runs(out / "base", out / "adapter")
    split = split_rule(cfg.ids_from)
    report = {"config": as_dict(cfg), "ids": ids, "adapter_model": name, "split": split, "comparison": res}
    (out / "comparison.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    text = markdown(res, str(out / "base"), str(out / "adapter"))
    (out / "comparison.md").write_text(text + (f"\nHeld-out tasks: {split}\n" if split else ""), encoding="utf-8")
    return report


def split_rule(ids_from: str | None) -> str | None:
    """The split rule of the build-data folder the held-out ids came from (its card), if any."""
    from fmrepair.train.build import data_folder
    from fmrepair.train.card import read_card

    return (read_card(data_folder(ids_from)).get("split_rule") or None) if ids_from else None
