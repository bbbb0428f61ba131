#!/usr/bin/env bash
# Installs everything the companion needs on Debian/Ubuntu, idempotently:
# system packages (apt), then a virtual environment in .venv with the project in it.
#   scripts/setup.sh          the runtime's system packages
#   scripts/setup.sh --test   also Chromium, poppler and PostgreSQL for the tests
#                             (the tests start their own throwaway cluster from its binaries: tests/pg.py)
# The Python side is the same for both: requirements.lock, test tools included (one lock, one set of versions).
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

# Python packages come from requirements.lock: every dependency, runtime and test, pinned with its
# hashes (scripts/upgrade-lock.sh makes it). The venv is rebuilt from nothing whenever the lock or
# pyproject.toml changes, so what runs is exactly what the lock says, never yesterday's leftovers.
stamp=".venv/.installed-$(cat requirements.lock pyproject.toml | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
    rm -rf .venv
    echo "setup: building .venv from requirements.lock"
    python3 -m venv .venv
    # The build backend's notes (editable-install advice) are not for the person running this.
    export PYTHONWARNINGS=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
    .venv/bin/python -m pip install -q --require-hashes -r requirements.lock
    # The project itself, with the locked setuptools (no isolated build fetching an unpinned one).
    .venv/bin/python -m pip install -q --no-deps --no-build-isolation -e .
    touch "$stamp"
fi
