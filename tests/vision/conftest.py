"""Fixtures for vision tests: the real exported card PNGs (once per session) and rendered scenes."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards.decks import load_deck
from companion.cards.payloads import load_print, new_print, save_print
from companion.cli import main


@pytest.fixture(scope="session")
def export(tmp_path_factory):
    """Return (folder, PrintDeck) of `companion cards export --game bux --png DIR --backs`.

    The print's secret is fixed, so every run renders the same marks: recall bounds on blurred,
    near-limit marks vary from print to print (12 prints: sampler 9-12 of 12, table 3-9 of 16),
    and a test that passes or fails with the print drawn would measure luck, not the code.
    The export command reuses an existing deck file, as it does for a player's own print."""
    folder = tmp_path_factory.mktemp("export")
    deck_file = folder / "bux.print.json"
    save_print(new_print(load_deck("bux"), "export", secret=b"vision-tests-fixed-print"), deck_file)
    assert main(["cards", "export", "--game", "bux", "--png", str(folder), "--deck", str(deck_file),
                 "--backs", "--quiet"]) == 0
    return folder, load_print(deck_file)


@pytest.fixture(scope="session")
def bench_export(tmp_path_factory):
    """Return (card arts, PrintDeck) of the benches' fixed print (`scripts/bench_camera.py --secret` default).

    For the few tests that hold a bench frame's measured miss: which mark is near the limit depends on
    the print's payloads, so only the bench's own print shows that frame's case."""
    from companion.vision.synth import load_card_arts

    folder = tmp_path_factory.mktemp("bench-export")
    deck_file = folder / "bux.print.json"
    save_print(new_print(load_deck("bux"), "bench", secret=b"bench-fixed-print"), deck_file)
    assert main(["cards", "export", "--game", "bux", "--png", str(folder), "--deck", str(deck_file),
                 "--backs", "--quiet"]) == 0
    return load_card_arts(folder), load_print(deck_file)


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
