"""`train eval` pieces that need no model: held-out id selection, the adapter registry entry (same settings
as the base), and the paired comparison over two run logs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fmrepair.runlog import RunLog, RunManifest, TaskResult
from fmrepair.train.build import heldout_ids
from fmrepair.train.config import TrainEvalConfig
from fmrepair.train.evaluate import adapter_entry, compare_runs, select_ids, split_rule


def _ids_folder(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    (data / "heldout_ids.json").write_text(json.dumps({"alloy4fun": ["lts/b", "lts/a", "lts/c"]}))
    return data


def test_ids_from_heldout(tmp_path):
    data = _ids_folder(tmp_path)
    assert heldout_ids(f"{data}:heldout", "alloy4fun") == ["lts/b", "lts/a", "lts/c"]
    cfg = TrainEvalConfig(adapter="x", out="o", ids_from=f"{data}:heldout", limit=2)
    assert select_ids(cfg) == ["lts/a", "lts/b"]
    with pytest.raises(KeyError, match="no held-out tasks of suite 'arepair'"):
        heldout_ids(f"{data}:heldout", "arepair")
    with pytest.raises(ValueError, match="no task ids"):
        select_ids(TrainEvalConfig(adapter="x", out="o"))
    # the comparison names the split the ids came from (the data card's rule), or nothing without a card
    assert split_rule(f"{data}:heldout") is None and split_rule(None) is None
    (data / "card.json").write_text(json.dumps({"split_rule": "family: lts held out (exercise-disjoint)"}))
    assert split_rule(f"{data}:heldout") == split_rule(str(data)) == "family: lts held out (exercise-disjoint)"


def _adapter(folder: Path, rank: int = 8) -> Path:
    folder.mkdir()
    (folder / "adapter_config.json").write_text(json.dumps({"r": rank}))
    return folder


def test_adapter_entry_matches_base_and_attaches_the_adapter(tmp_path, monkeypatch):
    """The adapter arm is the base's entry (context, sampling, constraint) with the adapter attached as its
    backend takes it: merged in at load in process, a runtime LoRA in vLLM; nothing merged on disk."""
    import yaml

    from fmrepair.serving.config import resolve

    adapter = _adapter(tmp_path / "ad")
    entry = adapter_entry("qwen2.5-coder-0.5b", adapter, "q+a")
    base = resolve("qwen2.5-coder-0.5b")
    assert entry["options"]["adapter"] == str(adapter.resolve()) and entry["embedded"] == base.embedded
    for key in ("context_window", "temperature", "top_p", "top_k", "backend", "constraint"):
        assert entry[key] == getattr(base, key), key
    gpu = adapter_entry("qwen3-coder-30b-a3b", adapter, "q3+a")
    assert gpu["options"]["lora"] == {"q3+a": str(adapter.resolve())} and gpu["options"]["default_lora"] == "q3+a"
    assert gpu["options"]["max_lora_rank"] == 16 and gpu["options"]["max_model_len"] == 32768
    with pytest.raises(ValueError, match="not 'openai'"):
        adapter_entry("gpt-4o", adapter, "x")
    reg = tmp_path / "models.yaml"
    reg.write_text(yaml.safe_dump({"models": {"q+a": entry}}))
    monkeypatch.setenv("FMREPAIR_MODELS", str(reg))
    assert resolve("q+a").options["adapter"] == str(adapter.resolve())


def _run(folder: Path, outcomes: dict[str, bool]) -> Path:
    log = RunLog(folder)
    log.write_manifest(RunManifest(config={"bench": {"suite": "alloy4fun"}}))
    for tid, ok in outcomes.items():
        log.append_result(
            TaskResult(task_id=tid, strategy="s", model="m", repaired=ok, faithful=ok, equivalent=ok, iterations=1,
                       attempts=1)
        )  # fmt: skip
    return folder


def test_paired_comparison(tmp_path):
    a = _run(tmp_path / "a", {"t1": False, "t2": False, "t3": True, "t4": False})
    b = _run(tmp_path / "b", {"t1": True, "t2": True, "t3": True, "t4": False})
    res = compare_runs(a, b)
    f = res["faithful"]
    assert f["tasks"] == 4 and f["transitions"] == {"wrong_to_right": 2, "right_to_wrong": 0, "both": 1, "neither": 1}
    assert f["diff_pp"] == 50.0 and f["mcnemar_p"] == 0.5 and set(res) == {"raw", "faithful", "equivalent"}
