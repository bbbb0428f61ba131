#!/usr/bin/env bash
# Rebuild every message catalog - the shared screens' (companion/web/translations/) and each
# game's (companion/games/<game>/screens/translations/, and a COMPANION_GAMES game's likewise):
# extract its strings afresh, fill the Russian from the ru_source*.py dicts, compile the .mo files
# (committed; tests/web/test_i18n.py checks they match the .po files). companion/web/catalogs.py
# says which files feed which catalog. Prints each untranslated string and unused Russian text.
# PYTHON may name the interpreter (default: the checkout's .venv).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
PYTHONPATH=".${PYTHONPATH:+:$PYTHONPATH}" "$PYTHON" -m companion.web.catalogs
