#!/usr/bin/env bash
# Install everything (idempotent) and start the companion's main job: the self-playing demo
# (a BUX game on video, read live by the camera pipeline) with its tablet page on port 8000.
# Extra arguments go to `companion demo` (e.g. --seed 7, --headless --out DIR, --port 8080).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
exec .venv/bin/companion demo "$@"
