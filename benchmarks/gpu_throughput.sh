#!/usr/bin/env bash
# Batched in-process inference on a GPU: a randomly initialised Qwen2.5-0.5B-shaped model (bf16) through
# the transformers backend at 1, 4, 16 and 64 task workers; JSON + markdown table in $OUT.
#
# Self-contained for a machine with python3 + torch (CUDA) + transformers and no network. Carried in
# (ignored paths; build them with `benchmarks/gpu_throughput.sh --prepare` on a machine with PyPI):
#   .cache/gpu_bench/wheels/     pydantic, pydantic_core (cp312), annotated_types, typing_inspection,
#                                typing_extensions, llguidance: installed into a private folder, only
#                                those missing or older there
#   .cache/gpu_bench/tokenizer/  Qwen2.5 tokenizer.json, tokenizer_config.json, chat_template.jinja
# fmrepair itself is not installed: a folder of symlinks mirrors pyproject's package-dir mapping and
# goes on PYTHONPATH (nothing is written outside $WORK and $OUT).
#
# Settings (environment): DEVICE=cuda DTYPE=bfloat16 SIZE=qwen2.5-0.5b|tiny WORKERS="1 4 16 64"
#   MAX_TOKENS=64 MIN_TASKS=8 PYTHON=python3 OUT=./gpu_out BUDGET_S=240 (hard cap on the benchmark)
#   FORCE_WHEELS=1 (install every carried wheel, even where a version is there)
# CPU check of the logic: DEVICE=cpu DTYPE=float32 SIZE=tiny WORKERS="1 4" MAX_TOKENS=8 bash benchmarks/gpu_throughput.sh
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CARRY="${CARRY:-$REPO/.cache/gpu_bench}"

if [[ "${1:-}" == "--prepare" ]]; then  # here, with PyPI: fetch what the GPU machine lacks
    PIP="${PIP:-$REPO/.venv/bin/pip}"
    mkdir -p "$CARRY/wheels" "$CARRY/tokenizer"
    "$PIP" download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
        --platform manylinux_2_31_x86_64 --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
        --platform manylinux2014_x86_64 -d "$CARRY/wheels" pydantic==2.14.4 pydantic_core==2.50.5 \
        annotated-types typing-inspection typing_extensions==4.16.0 llguidance==1.9.1
    SRC="${TOKENIZER_SRC:-$HOME/.cache/fmrepair/models/qwen2.5-coder-0.5b}"
    cp "$SRC"/tokenizer.json "$SRC"/tokenizer_config.json "$SRC"/chat_template.jinja "$CARRY/tokenizer/"
    du -sh "$CARRY"
    exit 0
fi

PYTHON="${PYTHON:-python3}"
DEVICE="${DEVICE:-cuda}"
DTYPE="${DTYPE:-bfloat16}"
SIZE="${SIZE:-qwen2.5-0.5b}"
WORKERS="${WORKERS:-1 4 16 64}"
MAX_TOKENS="${MAX_TOKENS:-64}"
MIN_TASKS="${MIN_TASKS:-8}"
BUDGET_S="${BUDGET_S:-240}"
OUT="${OUT:-$REPO/gpu_out}"
mkdir -p "$OUT"
WORK="$(mktemp -d /tmp/fmrepair-gpu-XXXXXX)"
cd "$WORK"  # not the repo root: its fmrepair/ folder (the core alone) would shadow the package tree below
exec > >(tee -a "$OUT/log.txt") 2>&1
say() { echo "[gpu_throughput $(date +%H:%M:%S)] $*"; }
say "repo $REPO, work $WORK, out $OUT, device $DEVICE, dtype $DTYPE, size $SIZE, workers $WORKERS"

# 1. the packages this machine lacks, into a private folder
SITE="$WORK/site"
mkdir -p "$SITE"
"$PYTHON" - "$CARRY/wheels" "$SITE" <<'EOF'
import importlib.metadata as md, os, pathlib, subprocess, sys
from packaging.version import Version
wheels, site = pathlib.Path(sys.argv[1]), sys.argv[2]
need = []
for whl in sorted(wheels.glob("*.whl")) if wheels.is_dir() else []:
    dist, version = whl.name.split("-")[:2]
    try:
        have = md.version(dist)
    except md.PackageNotFoundError:
        have = None
    print(f"  {dist}: wheel {version}, installed {have}")
    if have is None or Version(have) < Version(version) or os.environ.get("FORCE_WHEELS"):
        need.append(str(whl))
if need:
    try:
        subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                        "--disable-pip-version-check", "--target", site, *need], check=True)
    except (subprocess.CalledProcessError, OSError) as exc:  # no pip: a wheel is a zip of the site folder
        import zipfile
        print(f"  pip failed ({exc}); unpacking the wheels instead")
        for whl in need:
            zipfile.ZipFile(whl).extractall(site)
print(f"  installed into {site}: {[pathlib.Path(n).name for n in need]}")
EOF

# 2. fmrepair from the working tree (pyproject's package-dir: fmrepair.serving = serving, ...)
TREE="$WORK/tree"
"$PYTHON" - "$REPO" "$TREE" <<'EOF'
import pathlib, sys, tomllib
repo, tree = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
dirs = tomllib.loads((repo / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
top = tree / "fmrepair"
top.mkdir(parents=True)
for entry in (repo / dirs["fmrepair"]).iterdir():
    (top / entry.name).symlink_to(entry)
for package, folder in dirs.items():
    if package != "fmrepair":
        (top / package.split(".", 1)[1]).symlink_to(repo / folder)
print(f"  fmrepair tree: {sorted(p.name for p in top.iterdir())}")
EOF
export PYTHONPATH="$SITE:$TREE${PYTHONPATH:+:$PYTHONPATH}"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
"$PYTHON" -c "import fmrepair.serving.transformers_backend, fmrepair.serving.row_processors, pydantic, llguidance; print('  imports ok: pydantic', pydantic.VERSION, 'from', pydantic.__file__, '; llguidance from', llguidance.__file__)"

# 3. a randomly initialised Qwen2-shaped model with the Qwen2.5 tokenizer
MODEL="$WORK/model"
"$PYTHON" - "$CARRY/tokenizer" "$MODEL" "$SIZE" "$DEVICE" "$DTYPE" "$OUT/env.json" <<'EOF'
import json, pathlib, platform, sys, time
import torch, transformers
from transformers import AutoModelForCausalLM, AutoTokenizer, GenerationConfig, PreTrainedTokenizerFast, Qwen2Config
tok_dir, out, size, device, dtype, env_path = sys.argv[1:7]
started = time.perf_counter()
try:
    tok = AutoTokenizer.from_pretrained(tok_dir, local_files_only=True)
except Exception as exc:  # an older transformers may not read a newer tokenizer_config
    print(f"  AutoTokenizer failed ({exc}); building PreTrainedTokenizerFast from tokenizer.json")
    tok = PreTrainedTokenizerFast(tokenizer_file=f"{tok_dir}/tokenizer.json", eos_token="<|im_end|>",
                                  pad_token="<|endoftext|>")
    tok.chat_template = pathlib.Path(tok_dir, "chat_template.jinja").read_text()
shape = {  # Qwen2.5-0.5B(-Instruct) config.json
    "qwen2.5-0.5b": dict(hidden_size=896, intermediate_size=4864, num_hidden_layers=24, num_attention_heads=14,
                         num_key_value_heads=2, tie_word_embeddings=True),
    "tiny": dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
                 num_key_value_heads=2, tie_word_embeddings=True),
}[size]
config = Qwen2Config(vocab_size=151936, max_position_embeddings=32768, rms_norm_eps=1e-6,
                     bos_token_id=151643, eos_token_id=151645, pad_token_id=151643, **shape)
torch.manual_seed(0)
with torch.device(device):
    model = AutoModelForCausalLM.from_config(config, dtype=getattr(torch, dtype))
model.generation_config = GenerationConfig(bos_token_id=151643, eos_token_id=[151645, 151643], pad_token_id=151643)
model.save_pretrained(out)
tok.save_pretrained(out)
params = sum(p.numel() for p in model.parameters())
env = {"python": platform.python_version(), "torch": torch.__version__, "transformers": transformers.__version__,
       "device": device, "dtype": dtype, "size": size, "params": params,
       "gpu": torch.cuda.get_device_name(0) if device.startswith("cuda") else None,
       "build_s": round(time.perf_counter() - started, 1)}
pathlib.Path(env_path).write_text(json.dumps(env, indent=1))
print(f"  model: {env}")
EOF

# 4. the benchmark (JSON rewritten after every level, so a cut run keeps what it measured)
say "benchmark (cap ${BUDGET_S} s)"
rc=0
timeout "$BUDGET_S" "$PYTHON" "$REPO/benchmarks/inprocess_throughput.py" --backend transformers --model "$MODEL" \
    --device "$DEVICE" --dtype "$DTYPE" --workers $WORKERS --max-batch 64 --window-ms 20 \
    --max-tokens "$MAX_TOKENS" --min-tasks "$MIN_TASKS" --calls-per-task 2 --prompt alloy \
    --label "transformers random-${SIZE} ${DTYPE} ${DEVICE}" \
    --out "$OUT/gpu_throughput.json" --markdown "$OUT/gpu_throughput.md" || rc=$?
if command -v nvidia-smi >/dev/null 2>&1; then nvidia-smi > "$OUT/nvidia-smi.txt" 2>&1 || true; fi
rm -rf "$WORK"
say "done (benchmark exit $rc); files in $OUT: $(ls "$OUT" | tr '\n' ' ')"
exit "$rc"
