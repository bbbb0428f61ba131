#!/usr/bin/env bash
# Photograph every game's screens (tablet, wall, phone) at 1280x800 and 800x1280 (phones also 390x844),
# and the club's index and standings,
# into docs/screens/ as small 8-bit PNGs, for docs/screens.md. Needs Debian's chromium (scripts/setup.sh --test).
#   scripts/screenshots.sh                 # all four games
#   scripts/screenshots.sh -k cats         # one game (pytest's -k)
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
if [ $# -eq 0 ]; then rm -f docs/screens/*.png; fi
# tests/web/test_gallery.py writes to $COMPANION_ARTIFACTS/screens/.
COMPANION_ARTIFACTS=docs PYTHONPATH=. "$PY" -m pytest -q -p no:randomly -p no:cacheprovider tests/web/test_gallery.py "$@"
# The club index and standings (docs/club.md): tests/web/test_club_browser.py writes club-*.png on its SQLite run.
if [ $# -eq 0 ]; then
    COMPANION_ARTIFACTS=docs PYTHONPATH=. "$PY" -m pytest -q -p no:randomly -p no:cacheprovider tests/web/test_club_browser.py -k sqlite
fi
ls -l docs/screens/*.png | awk '{ total += $5; n += 1 } END { printf "%d screenshots, %d KB\n", n, total / 1024 }'
