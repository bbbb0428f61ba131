#!/usr/bin/env bash
# Install everything (idempotent) and start the companion's main job.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
exec .venv/bin/companion replay tests/records/bux-3p-full.jsonl "$@"
