"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ARTIFACTS_ENV = "COMPANION_ARTIFACTS"


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory) -> Path:
    """Return the folder screenshots and summaries go to: $COMPANION_ARTIFACTS if set, else pytest's tmp dir.

    Nothing is written into the checkout unless asked for:
    `COMPANION_ARTIFACTS=test-artifacts pytest -m browser` keeps them in ./test-artifacts/.
    """
    chosen = os.environ.get(ARTIFACTS_ENV)
    if chosen:
        folder = Path(chosen).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return tmp_path_factory.mktemp("artifacts")
