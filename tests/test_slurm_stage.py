"""`fmrepair slurm stage`: the offline bundle's plan, its manifest, and the offline check (no downloads:
the steps are run by a stand-in that writes files, so the manifest and the check are exercised for real)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fmrepair.slurm.stage import MANIFEST, check_bundle, execute, make_plan

ROOT = Path(__file__).resolve().parents[1]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fmrepair", "slurm", "stage", *args],
                          capture_output=True, text=True, timeout=120)


def test_dry_run_plans_train_extra_cuda_torch_vllm_and_weights(tmp_path) -> None:
    done = _cli("--out", str(tmp_path / "b"), "--model", "qwen3-coder-30b-a3b", "--cuda", "12.8", "--dry-run", "--json")
    assert done.returncode == 0, done.stderr
    plan = json.loads(done.stdout)
    argvs = [" ".join(s["argv"]) for s in plan["steps"]]
    assert any("train" in a and "pip wheel" in a for a in argvs)  # the train job's accelerate comes with it
    assert any("torch==" in a and "download.pytorch.org/whl/cu128" in a for a in argvs)
    assert any("wheelhouse-vllm" in a and "vllm==" in a for a in argvs)
    assert any("hf download Qwen/Qwen3-Coder-30B-A3B-Instruct" in a for a in argvs)
    assert not (tmp_path / "b").exists()  # a dry run writes nothing
    text = _cli("--out", str(tmp_path / "b"), "--dry-run")
    assert text.returncode == 0 and "GB" in text.stdout and "Java 17" in text.stdout


def test_bad_model_and_cuda_are_bad_input(tmp_path) -> None:
    done = _cli("--out", str(tmp_path / "b"), "--model", "gpt-4o", "--dry-run")
    assert done.returncode == 2 and "no weights to stage" in done.stderr
    done = _cli("--out", str(tmp_path / "b"), "--cuda", "twelve", "--dry-run")
    assert done.returncode == 2 and "CUDA version" in done.stderr


def test_manifest_and_offline_check(tmp_path) -> None:
    out = tmp_path / "bundle"
    plan = make_plan(out, ROOT, ["smollm2-135m"])

    def stand_in(argv, cwd, env):  # noqa: ANN001, ANN202 (writes one file where the step would)
        step = next(s for s in plan.steps if s.argv == argv)
        dest = Path(cwd) / step.dest
        target = dest if "." in dest.name else dest / "part.bin"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(step.what.encode())
        return subprocess.CompletedProcess(argv, 0)

    manifest = execute(plan, run=stand_in, progress=lambda m: None)
    assert (out / MANIFEST).is_file() and len(manifest.files) == len({s.dest for s in plan.steps})
    assert check_bundle(out) == []
    assert _cli("--check", str(out)).returncode == 0
    (out / "wheelhouse" / "part.bin").write_bytes(b"tampered")
    (out / "extra.whl").write_bytes(b"x")
    problems = check_bundle(out)
    assert any("changed: wheelhouse/part.bin" in p for p in problems)
    assert any("not in the manifest: extra.whl" in p for p in problems)
    assert _cli("--check", str(out)).returncode == 1


def test_a_failed_step_is_named(tmp_path) -> None:
    plan = make_plan(tmp_path / "b", ROOT)

    def fails(argv, cwd, env):  # noqa: ANN001, ANN202
        return subprocess.CompletedProcess(argv, 1)

    try:
        execute(plan, run=fails, progress=lambda m: None)
    except RuntimeError as e:
        assert "step 1" in str(e) and "fmrepair[" in str(e)
    else:
        raise AssertionError("a failed step must raise")
    assert not (tmp_path / "b" / MANIFEST).exists()
