#!/usr/bin/env bash
# Installs everything the companion needs on Debian/Ubuntu, idempotently:
# system packages (apt), then a virtual environment in .venv with the project in it.
#   scripts/setup.sh          runtime only
#   scripts/setup.sh --test   also the test tools (pytest, hypothesis, playwright), Chromium and PostgreSQL
#                             (the tests start their own throwaway cluster from its binaries: tests/pg.py)
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

packages=(python3 python3-venv python3-pip libzbar0 fonts-dejavu-core)
[ "$want_test" = 1 ] && packages+=(chromium poppler-utils postgresql)

missing=()
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing system packages: ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    python3 -m venv .venv
fi
stamp_for() { echo ".venv/.installed-$( (cat pyproject.toml; echo "$1") | sha256sum | cut -c1-16)"; }
stamp="$(stamp_for "$want_test")"
# A test install includes the runtime one: ./run.sh after ./test.sh installs nothing again.
if [ ! -f "$stamp" ] && ! { [ "$want_test" = 0 ] && [ -f "$(stamp_for 1)" ]; }; then
    echo "setup: installing Python packages into .venv"
    # The build backend's notes (editable-install advice) are not for the person running this.
    export PYTHONWARNINGS=ignore
    .venv/bin/python -m pip install -q --upgrade pip
    if [ "$want_test" = 1 ]; then
        .venv/bin/python -m pip install -q -e '.[test]'
    else
        .venv/bin/python -m pip install -q -e .
    fi
    rm -f .venv/.installed-*
    touch "$stamp"
fi
