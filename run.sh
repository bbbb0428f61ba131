#!/usr/bin/env bash
# Install everything (idempotent) and start the companion's main job: the self-playing demo
# (a game on video, read live by the camera pipeline; BUX, the main game, unless --game says another)
# with its tablet page on port 8000.
# Extra arguments go to `companion demo` (e.g. --game bux, --seed 7, --headless --out DIR, --port 8080).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
case " $* " in
  *" --game "*|*" --game="*) exec .venv/bin/companion demo "$@" ;;
  *) exec .venv/bin/companion demo --game bux "$@" ;;
esac
