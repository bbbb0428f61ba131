"""A laid-out table under a 1080p camera, read by a real LiveTable and LiveCamera: shared by the camera page's tests."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print
from companion.live import LiveCamera, LiveTable
from companion.printing.render import card_png
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.vision import synth
from companion.vision.pipeline import Pipeline
from tests.web.conftest import GAME_ID

from companion.table.layouts import layout_for

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""

CODES = ("heart-x-25", "club-x-50", "spade-oval-50")


@pytest.fixture(scope="module")
def table_frames():
    """Return (print, good frame, dark frame): a few real printed cards laid out under a 1080p camera."""
    return render_rooms()[:3]


@pytest.fixture(scope="module")
def low_frame():
    """The same table under a 1080p camera held too low: the outer plates and zones fall outside the picture."""
    return render_rooms(low=True)[3]


def render_rooms(*, low: bool = False):
    """Return (print, good frame, dark frame, frame of a camera too low, or None unless `low`)."""
    printed = new_print(load_deck("bux"), "camera-check", secret=b"camera-check-page-print")
    arts = {}
    for code in CODES:
        face = cv2.imdecode(np.frombuffer(card_png(printed, code, 300), np.uint8), cv2.IMREAD_COLOR)
        arts[code] = synth.card_art(code, printed.payload(code), face, face)
    cards = [synth.Placement("heart-x-25", (300, 620)), synth.Placement("club-x-50", (900, 620)),
             synth.Placement("spade-oval-50", (600, 470))]
    camera = synth.Camera(width=1920, height=1080, tilt=12)
    room = dict(warm=0.3, light_falloff=0.2, defocus=0.5, noise=2, jpeg=90, seed=1)
    good = synth.render_scene(arts, cards, camera, synth.Nuisance(**room), layout=BUX_TABLE).image
    dark = synth.render_scene(arts, cards, camera, synth.Nuisance(**{**room, "exposure": 0.3}), layout=BUX_TABLE).image
    too_low = synth.Camera(width=1920, height=1080, tilt=12, fill=1.25)
    low_frame = synth.render_scene(arts, cards, too_low, synth.Nuisance(**room), layout=BUX_TABLE).image if low else None
    return printed, good, dark, low_frame


@pytest.fixture
def live_app(app, db, table_frames):
    printed = table_frames[0]
    store = open_store(db)
    live = LiveTable(GameSession(store, GAME_ID), Pipeline(printed, use_zbar=False, layout=BUX_TABLE), keyframes=False)
    camera = LiveCamera(live)
    app.config["CAMERA"] = camera
    yield app, live, printed
    live.pipeline.close()
    store.close()
