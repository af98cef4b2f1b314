#!/usr/bin/env bash
# The test command (README, CI): the default suite, real verifiers and a real small model.
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python -m pytest -q "$@"
