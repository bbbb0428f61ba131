"""Fixtures for vision tests: the real exported card PNGs (once per session) and rendered scenes."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards.payloads import load_print
from companion.cli import main


@pytest.fixture(scope="session")
def export(tmp_path_factory):
    """Return (folder, PrintDeck) of `companion cards export --game bux --png DIR --backs`."""
    folder = tmp_path_factory.mktemp("export")
    deck_file = folder / "bux.print.json"
    assert main(["cards", "export", "--game", "bux", "--png", str(folder), "--deck", str(deck_file),
                 "--backs", "--quiet"]) == 0
    return folder, load_print(deck_file)


@pytest.fixture(scope="session")
def arts(export):
    from companion.vision.synth import load_card_arts

    return load_card_arts(export[0])


@pytest.fixture(scope="session")
def print_deck(export):
    return export[1]


@pytest.fixture
def rng():
    return np.random.default_rng(1234)
