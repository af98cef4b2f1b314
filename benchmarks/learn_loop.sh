#!/usr/bin/env bash
# The learning loop on this machine (issue 36; 2 CPU cores, about 80 minutes alone): SFT data from the
# archived development search runs with the graphs family held out (exercise- and family-disjoint), a LoRA
# adapter on the embedded SmolLM2-135M, and base vs adapter on the first 100 held-out graphs tasks
# (single-gf, k=1, greedy, compact prompts). Everything lands in OUT (default runs/learn); the two arms are
# OUT/eval/base and OUT/eval/adapter, compared in OUT/eval/comparison.md. Each step resumes when rerun.
# Archive the arms with `fmrepair bench archive OUT/eval/base --out docs/results/learn-base --command ...`
# (and learn-adapter), then `bench compare docs/results/learn-base docs/results/learn-adapter`.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-runs/learn}
FM=${FMREPAIR:-.venv/bin/fmrepair}
R=docs/results
export FMREPAIR_BENCHMARKS=${FMREPAIR_BENCHMARKS:-../shared/benchmarks}

if [ ! -f "$OUT/data/card.json" ]; then
  "$FM" train build-data "$R/alloy4fun-classroom-mutate-c100-final" "$R/alloy4fun-cv-mutate-c100-sketch" \
      "$R/alloy4fun-lts-mutate-c100-final" "$R/arepair-frozen-mutate-c100-v" "$R/alloy4fun-graphs-mutate-c100-cover" \
      --out "$OUT/data" --split family --holdout graphs --prompt-view compact
fi
if [ ! -f "$OUT/adapter/adapter_model.safetensors" ]; then
  RESUME=
  if compgen -G "$OUT/adapter/checkpoints/checkpoint-*" > /dev/null; then RESUME=--resume; fi
  "$FM" train lora --base smollm2-135m --data "$OUT/data" --out "$OUT/adapter" --max-steps 150 --batch-size 4 \
      --lr 4e-4 --threads 2 --save-steps 25 $RESUME
fi
"$FM" train eval --base smollm2-135m --adapter "$OUT/adapter" --suite alloy4fun --ids-from "$OUT/data:heldout" \
    --limit 100 --strategy single-gf --k 1 --temperature 0 --max-new-tokens 200 --prompt-view compact \
    --timeout 30 --out "$OUT/eval"
