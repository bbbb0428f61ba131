#!/usr/bin/env bash
# Upgrading the dependencies is a deliberate step, not something a fresh machine does by accident:
# this script re-resolves requirements.lock to the newest versions the registries serve (within
# pyproject.toml's ranges and requirements-hold.txt's held-back pins), prints what moved, then runs
# the whole suite on a venv built from the new lock (./test.sh rebuilds .venv when the lock changes).
# Commit the new lock only when the suite is green; `git checkout requirements.lock` undoes it.
#   scripts/upgrade-lock.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

UV_VERSION=0.13.9  # the resolver; it only writes the lock, nothing installs it into .venv
tools="$(mktemp -d)"
trap 'rm -rf "$tools"' EXIT
python3 -m venv "$tools/venv"
PIP_DISABLE_PIP_VERSION_CHECK=1 "$tools/venv/bin/python" -m pip install -q "uv==$UV_VERSION"

cp requirements.lock "$tools/before.lock"
# The same command as the lock's header says, with --upgrade; keep the two in step.
"$tools/venv/bin/uv" pip compile pyproject.toml requirements-tools.in --extra test --generate-hashes \
    --universal --python-version 3.11 --constraint requirements-hold.txt --upgrade --quiet \
    --output-file requirements.lock

pins() { grep -E '^[A-Za-z0-9._-]+==' "$1" | sed -E 's/ *\\$//' | sort -u; }
changes="$(diff <(pins "$tools/before.lock") <(pins requirements.lock) | grep -E '^[<>]' || true)"
if [ -z "$changes" ]; then
    echo "upgrade-lock: every pin is already the newest the registries serve"
else
    echo "upgrade-lock: pins that moved (< before, > now):"
    echo "$changes"
fi
exec ./test.sh "$@"
