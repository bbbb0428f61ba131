"""A rules card's 18 mm mark (1.2 mm modules; the deck design gives rules cards a mark size of their own) is read
as well as a 30 mm one at the same px/module: the finder search looks for every module size the print carries
(PrintDeck.other_modules_mm), at 2 px/module on its top-down patch whatever the size (issue 33)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print
from companion.printing.render import card_image
from companion.table.layouts import layout_for
from companion.vision import synth
from companion.vision.pipeline import Pipeline

BUX_TABLE = layout_for("bux")
RULES = ["rules-1", "rules-2", "rules-3", "rules-4"]
SPOTS = [(300, 560), (860, 560), (450, 220), (750, 250)]
TURNS = [0, 35, 100, 200]
PLACEMENTS = [synth.Placement(c, s, rotation=r) for c, s, r in zip(RULES, SPOTS, TURNS)]
SOFT = synth.Nuisance(defocus=1.3, noise=2, jpeg=90, seed=5)
"""A soft 4K webcam: at ~2.5 px/module zxing does not read these small marks; the module sampler does."""


@pytest.fixture(scope="module")
def rules_scene():
    deck = load_deck("bux")
    printed = new_print(deck, "rules marks", secret=b"rules-marks-print")
    arts = {}
    for code in RULES:
        face = np.ascontiguousarray(card_image(printed, code, 300, deck=deck)[..., ::-1])
        back = np.ascontiguousarray(card_image(printed, code, 300, deck=deck, back=True)[..., ::-1])
        arts[code] = synth.card_art(code, printed.payload(code), face, back, modules=15)
    scene = synth.render_scene(arts, PLACEMENTS, synth.Camera(width=3840, height=2160, tilt=12, fill=0.82), SOFT,
                               layout=BUX_TABLE)
    return printed, scene


def test_the_print_names_its_rules_cards_module_size():
    printed = new_print(load_deck("bux"), "sizes", secret=b"rules-marks-print")
    assert printed.module_mm == 2.0 and printed.other_modules_mm == (1.2,)
    assert new_print(load_deck("cats"), "sizes", secret=b"rules-marks-print").other_modules_mm == ()


def test_rules_cards_18_mm_marks_at_2_5_px_per_module_are_read(rules_scene):
    printed, scene = rules_scene
    assert all(2.2 <= t.px_per_module <= 2.8 for t in scene.truth), [t.px_per_module for t in scene.truth]
    with Pipeline(printed, layout=BUX_TABLE, track=False, use_zbar=False) as pipeline:
        assert pipeline.module_sizes == (2.0, 1.2)
        codes = set(pipeline.process(scene.image).codes())
    assert codes <= set(RULES)
    assert len(codes) >= 3, sorted(codes)
    # Searched for 2 mm modules only (the finder search before issue 33), these marks are mostly not read.
    with Pipeline(printed, layout=BUX_TABLE, track=False, use_zbar=False, module_sizes_mm=()) as pipeline:
        assert len(set(pipeline.process(scene.image).codes())) < len(codes) - 1
