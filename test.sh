#!/usr/bin/env bash
# Install everything including the test tools (idempotent) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh --test
exec .venv/bin/python -m pytest -n 2 --durations=30 "$@"
