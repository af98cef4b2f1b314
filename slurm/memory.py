"""A memory estimate for a LoRA training job, printed (and used for --mem) when a SLURM train job is rendered
or submitted.

An estimate, not a measurement: nothing here has run on a GPU. The parts are stated so that a user can
check them against their node:

- **Base weights** frozen in bf16 (2 bytes per parameter; 4 on a CPU, float32). Under plain DDP every
  GPU holds all of them; under FSDP each holds its shard (weights / GPUs).
- **QLoRA** (``--qlora``): the frozen base in 4-bit NF4 with double quantization, about 4.1 bits per
  quantized weight; 0.55 bytes per parameter are counted, which leaves room for the embeddings and norms
  that stay in 16 bits. Host memory is counted as without it (the loader may hold a 16-bit shard).
- **LoRA states**: trainable parameters x 16 bytes (fp32 weight, gradient and two Adam moments). The
  trainable share at rank 16 with ``all-linear`` targets was measured on the embedded models: 3.6% of
  SmolLM2-135M and 1.8% of Qwen2.5-Coder-0.5B. It falls with the square root of the model's size, and
  is scaled by rank / 16. A mixture-of-experts model with LoRA on every expert can have far more.
- **Activations and the CUDA context**: a headroom of 20% plus 2 GiB per GPU (CPU: 20% plus 1 GiB).
  Checked against two CPU runs of one step (`fmrepair train lora --max-steps 1 --max-length 512 --rank
  16`, peak RSS): SmolLM2-135M 1.28 GiB (estimate 1.69), Qwen2.5-Coder-0.5B 2.86 GiB (estimate 3.37).
- **Host memory** (SLURM ``--mem``): every process that loads the full weights on the CPU (each DDP
  rank; under FSDP with ``cpu_ram_efficient_loading``, rank 0 only) holds them once, plus 10% and 8 GiB.
"""

from __future__ import annotations

import math

from pydantic import BaseModel

GIB = 2**30
# trainable share at rank 16, all-linear, fitted to the two measured models: 0.036 at 0.135 B parameters,
# falling with the square root of the size (0.0188 predicted at 0.494 B; measured 0.0178)
SHARE_AT_SMOLLM = 0.036
SMOLLM_B = 0.135


class MemoryEstimate(BaseModel):
    parameters_b: float
    gpus: int
    fsdp: bool
    qlora: bool = False
    trainable_m: float  # millions
    weights_gib_per_device: float
    lora_states_gib_per_device: float
    per_device_gib: float
    host_gib: float

    def lines(self) -> list[str]:
        where = f"{self.gpus} GPU{'s' if self.gpus != 1 else ''}" if self.gpus else "the CPU"
        mode = "FSDP (weights sharded)" if self.fsdp else ("DDP (full weights on each)" if self.gpus > 1 else "")
        if self.qlora:
            mode = ", ".join(x for x in (mode, "QLoRA (base in 4-bit NF4)") if x)
        return [
            f"memory estimate (not measured on a GPU; slurm/memory.py): {self.parameters_b:g} B parameters on "
            f"{where}{', ' + mode if mode else ''}",
            f"  per device: {self.per_device_gib:.1f} GiB (weights {self.weights_gib_per_device:.1f}, LoRA states "
            f"{self.lora_states_gib_per_device:.1f} for ~{self.trainable_m:.0f} M trainable, headroom 20% + fixed)",
            f"  host memory (--mem): {self.host_gib:.0f} GiB",
        ]


def trainable_share(parameters_b: float, rank: int) -> float:
    return SHARE_AT_SMOLLM * math.sqrt(SMOLLM_B / parameters_b) * rank / 16


QLORA_BYTES = 0.55  # per parameter of a 4-bit NF4 base (double quantization; 16-bit embeddings and norms)


def estimate(
    parameters_b: float, gpus: int = 1, fsdp: bool = False, rank: int = 16, qlora: bool = False
) -> MemoryEstimate:
    """The estimate for a LoRA run of a ``parameters_b``-billion-parameter base (``gpus`` 0: the CPU)."""
    if qlora and fsdp:
        raise ValueError("QLoRA with FSDP is not supported here: use --qlora on one GPU (or DDP), or --fsdp")
    params = parameters_b * 1e9
    on_gpu = gpus > 0
    shard = gpus if (fsdp and gpus > 1) else 1
    weights = params * (QLORA_BYTES if qlora else 2 if on_gpu else 4) / shard
    trainable = params * trainable_share(parameters_b, rank)
    states = trainable * 16 / shard
    per_device = (weights + states) * 1.2 + (2 if on_gpu else 1) * GIB
    loaders = 1 if (fsdp or gpus <= 1) else gpus
    host = loaders * params * (2 if on_gpu else 4) * 1.1 + 8 * GIB
    return MemoryEstimate(
        parameters_b=parameters_b, gpus=gpus, fsdp=fsdp, qlora=qlora, trainable_m=round(trainable / 1e6, 1),
        weights_gib_per_device=round(weights / GIB, 2), lora_states_gib_per_device=round(states / GIB, 2),
        per_device_gib=round(per_device / GIB, 2), host_gib=round(host / GIB, 1),
    )  # fmt: skip


def mem_gib(mem: str) -> float:
    """A SLURM ``--mem`` value (``64G``, ``500M``, ``1T``; a bare number is MiB) in GiB."""
    units = {"K": 1 / 2**20, "M": 1 / 1024, "G": 1.0, "T": 1024.0}
    mem = mem.strip().upper()
    if mem and mem[-1] in units:
        return float(mem[:-1]) * units[mem[-1]]
    return float(mem) / 1024
