"""The memory estimate of a SLURM train job (slurm/memory.py): its parts, --mem raised to the host estimate,
and the FSDP rendering (accelerate's FSDP flags; a full copy per GPU under DDP)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from fmrepair.cli import app
from fmrepair.slurm.memory import estimate, mem_gib


def test_the_estimate_shards_under_fsdp_and_counts_every_loading_rank_under_ddp() -> None:
    ddp, fsdp = estimate(30.5, gpus=4), estimate(30.5, gpus=4, fsdp=True)
    assert ddp.weights_gib_per_device == pytest.approx(30.5e9 * 2 / 2**30, rel=0.01)
    assert fsdp.weights_gib_per_device == pytest.approx(ddp.weights_gib_per_device / 4, rel=0.01)
    assert ddp.host_gib > 3.5 * fsdp.host_gib - 30  # four ranks load the full weights on the CPU under DDP
    cpu = estimate(0.494, gpus=0)  # float32 on the CPU; measured peak RSS of one step here: 2.86 GiB
    assert 2.86 <= cpu.per_device_gib <= 4.5
    assert estimate(0.494, gpus=1, rank=32).trainable_m == pytest.approx(2 * estimate(0.494, gpus=1).trainable_m)
    assert (mem_gib("64G"), mem_gib("1T"), mem_gib("512M"), mem_gib("2048")) == (64, 1024, 0.5, 2)


def test_a_train_job_shows_the_estimate_and_raises_mem(tmp_path) -> None:
    args = ["slurm", "render", "train", "--base", "qwen3-coder-30b-a3b", "--data", str(tmp_path / "d"),
            "--out", str(tmp_path / "a"), "--run-dir", str(tmp_path / "r")]
    ddp = CliRunner().invoke(app, [*args, "--gpus", "4"])
    assert ddp.exit_code == 0, ddp.output
    assert "#SBATCH --mem=258G" in ddp.stdout and "--multi_gpu" in ddp.stdout and "--use_fsdp" not in ddp.stdout
    assert "# memory estimate (not measured on a GPU" in ddp.stdout and "--mem raised from 64G to 258G" in ddp.stdout
    fsdp = CliRunner().invoke(app, [*args, "--gpus", "4", "--fsdp", "--mem", "500G"])
    assert fsdp.exit_code == 0, fsdp.output
    assert "#SBATCH --mem=500G" in fsdp.stdout  # never lowered
    assert "--use_fsdp --fsdp_version 2" in fsdp.stdout and "--multi_gpu" not in fsdp.stdout
    one = CliRunner().invoke(app, [*args, "--gpus", "1", "--fsdp"])
    assert one.exit_code == 2 and "--gpus 2 or more" in one.output


def test_qlora_counts_a_4bit_base_and_is_passed_to_train_lora(tmp_path) -> None:
    bf16, q = estimate(30.5, gpus=1), estimate(30.5, gpus=1, qlora=True)
    assert q.weights_gib_per_device == pytest.approx(bf16.weights_gib_per_device * 0.55 / 2, rel=0.01)
    assert q.per_device_gib < 40 < bf16.per_device_gib  # a 30B base fits one 40 GB GPU only as QLoRA
    with pytest.raises(ValueError, match="FSDP"):
        estimate(30.5, gpus=4, fsdp=True, qlora=True)
    args = ["slurm", "render", "train", "--base", "qwen3-coder-30b-a3b", "--data", str(tmp_path / "d"),
            "--out", str(tmp_path / "a"), "--run-dir", str(tmp_path / "r"), "--gpus", "1"]  # fmt: skip
    one = CliRunner().invoke(app, [*args, "--qlora"])
    assert one.exit_code == 0, one.output
    assert "QLoRA (base in 4-bit NF4)" in one.stdout and "--qlora" in one.stdout.split("-m fmrepair.train lora")[1]
    both = CliRunner().invoke(app, [*args[:-1], "4", "--fsdp", "--qlora"])
    assert both.exit_code == 2 and "does not combine with --fsdp" in both.output
