"""The finder locator and the module sampler wired into the pipeline, on rendered marks and scenes."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print
from companion.printing.marks import DEFAULT_MARK, qr_matrix
from companion.vision import locator, sampler, synth
from companion.vision.pipeline import Pipeline

from companion.table.layouts import layout_for

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""

CODES = ["heart-x-25", "club-oval-50", "spade-square-100", "diamond-circle-25"]


def _top_down_mark(payload: str, angle: float, module_px: float = 2.0, seed: int = 0):
    """Return (patch, true module->patch homography) of a printed mark seen top-down, rotated, blurred."""
    rng = np.random.default_rng(seed)
    m = qr_matrix(payload, DEFAULT_MARK)
    s, q = 12, 4
    sym = cv2.resize(np.where(np.pad(m, q) == 1, 30, 225).astype(np.uint8), None, fx=s, fy=s,
                     interpolation=cv2.INTER_NEAREST)
    t = np.radians(angle)
    u = np.array([np.cos(t), np.sin(t)]) * module_px
    v = np.array([-u[1], u[0]])
    origin = np.array([60.0, 60.0]) - 7.5 * (u + v) + rng.uniform(-2, 2, 2)
    truth = np.array([[u[0], v[0], origin[0]], [u[1], v[1], origin[1]], [0, 0, 1.0]])
    sym_to_module = np.array([[1 / s, 0, -q], [0, 1 / s, -q], [0, 0, 1.0]])
    img = cv2.warpPerspective(sym, truth @ sym_to_module, (120, 120), flags=cv2.INTER_AREA, borderValue=225)
    img = cv2.GaussianBlur(img, (0, 0), 0.9)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    return img, truth


@pytest.mark.parametrize("angle", [0.0, 23.0, 41.0, 67.0, 118.0, 205.0, 300.0])
def test_finder_is_located_to_a_fraction_of_a_module_and_one_grid_is_the_mark(print_deck, angle):
    payload = print_deck.payload(print_deck.codes()[5])
    img, truth = _top_down_mark(payload, angle, seed=int(angle))
    finders = locator.find_finders(img, 2.0)
    assert finders, "no finder found"
    want = truth @ np.array([3.5, 3.5, 1.0])
    best = min(finders, key=lambda f: np.hypot(f.x - want[0], f.y - want[1]))
    assert np.hypot(best.x - want[0], best.y - want[1]) < 0.5 * 2.0  # within half a module
    # Of its 4 grids, the one whose fixed modules match best starts at the mark's true corner.
    grids = locator.grids(best, 2.0)
    top = max(grids, key=lambda h: sampler.fixed_score(sampler.module_values(img.astype(np.float32), h)))
    corner = top @ np.array([0.0, 0.0, 1.0])
    assert np.hypot(*(corner[:2] - truth[:2, 2])) < 2.0
    det = sampler.read_grids(img, grids)
    assert det is not None and det.payload == payload


def test_no_finder_on_plain_or_noisy_patches(rng):
    assert locator.find_finders(np.full((80, 80), 200, np.uint8), 2.0) == []
    noise = cv2.GaussianBlur(rng.integers(0, 256, (80, 80)).astype(np.uint8), (0, 0), 1.0)
    assert all(f.score < 0.8 for f in locator.find_finders(noise, 2.0))


@pytest.fixture(scope="module")
def blurred_scenes(arts):
    """Four frames of 4 cards at ~2.3 px/module, defocus 1.0 px, 3 px motion blur, noise, JPEG 80."""
    placements = [synth.Placement(c, (250 + 200 * i, 380), rotation=15 * i) for i, c in enumerate(CODES)]
    cam = synth.Camera(width=1920, height=1080, tilt=30, fill=0.95)
    return [synth.render_scene(arts, placements, cam,
                               synth.Nuisance(defocus=1.0, motion=3.0, noise=4, jpeg=80, seed=seed), layout=BUX_TABLE)
            for seed in range(4)]


def test_located_marks_read_blurred_cards_the_decoder_ladder_misses(blurred_scenes, print_deck):
    """The fixed print (conftest) reads 11 of 16 with the locator, 4 without."""
    new = old = 0
    for scene in blurred_scenes:
        want = {t.code for t in scene.readable(2.0)}
        assert len(want) == 4
        with Pipeline(print_deck, track=False, use_zbar=False, locate=False, layout=BUX_TABLE) as p:
            before = p.process(scene.image).codes()
        with Pipeline(print_deck, track=False, use_zbar=False, layout=BUX_TABLE) as p:
            r = p.process(scene.image)
        assert before <= want and r.codes() <= want, "a code that is not on the table"
        assert before <= r.codes()
        assert all(d.backend not in ("sampler", "codebook") or print_deck.identify(d.payload).status == "card"
                   for d in r.detections)
        old += len(before)
        new += len(r.codes())
    assert new >= 9 and new >= old + 5, (new, old)


def test_sampler_reads_of_another_prints_marks_never_become_cards(blurred_scenes, print_deck):
    """The same frames seen by a pipeline holding another print: its sampler path runs on the
    same marks, but nothing it reads is this print's card, so nothing is reported at all."""
    other = new_print(load_deck("bux"), "someone else's", secret=b"another-print-entirely")
    sampled = 0
    for scene in blurred_scenes:
        with Pipeline(print_deck, track=False, use_zbar=False, layout=BUX_TABLE) as p:
            sampled += sum(d.backend in ("sampler", "codebook") for d in p.process(scene.image).detections)
        with Pipeline(other, track=False, use_zbar=False, layout=BUX_TABLE) as p:
            r = p.process(scene.image)
        assert r.cards == ()
        assert not any(d.backend in ("sampler", "codebook") for d in r.detections)
    assert sampled >= 5  # the path did read these marks for the print they belong to


def test_a_settled_table_searches_no_finders(blurred_scenes, print_deck, monkeypatch):
    calls = []
    real = locator.find_finders
    monkeypatch.setattr(locator, "find_finders", lambda *a, **k: calls.append(1) or real(*a, **k))
    with Pipeline(print_deck, use_zbar=False, layout=BUX_TABLE) as p:
        first = p.process(blurred_scenes[0].image)
        n = len(calls)
        assert n > 0
        for _ in range(5):
            again = p.process(blurred_scenes[0].image.copy())
            assert again.scan == "settled" and again.codes() == first.codes()
    assert len(calls) == n


def test_a_video_of_a_blurred_table_reaches_the_still_figure_over_a_few_full_scans(arts, print_deck):
    """A video's full scan samples at most a few marks; finders that failed are not tried again while
    their area is unchanged, so the periodic full scans work through the rest. The fixed print reads
    9 on the first full scan and 10 from the second on (10 as a still); before reads gave their try back
    (issue 33 item 2) 5, 8, 9 and 10 from the fourth on; since the finder is scored inside its 9x9-module square
    only (issue 33, "finders not located") 10 from the first. (Earlier: 3 first, 5 from the fifth on. Before the marks
    got their full 2-module quiet zone this scene read 5, then 7 after four; over eight scenes the
    still figures are 37 of 83 before and 36 of 83 after: the scene's luck moved, not the recall.)"""
    rng = np.random.default_rng(0)
    placements = synth.random_table(rng, sorted(arts), 30, timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)
    cam = synth.Camera(width=1920, height=1080, tilt=35, fill=0.95)
    scene = synth.render_scene(arts, placements, cam,
                               synth.Nuisance(texture="felt", defocus=1.1, motion=3.5, noise=5, jpeg=78, seed=0), layout=BUX_TABLE)
    want = {t.code for t in scene.readable(2.0)}
    on_table = {t.code for t in scene.truth}
    with Pipeline(print_deck, use_zbar=False, track=False, layout=BUX_TABLE) as p:
        still = p.process(scene.image).codes()
    full = []
    with Pipeline(print_deck, use_zbar=False, full_every=2, layout=BUX_TABLE) as p:
        for _ in range(16):
            r = p.process(scene.image.copy())
            assert r.codes() <= on_table, "a code that is not on the table"
            if r.scan == "full":
                full.append(len(r.codes() & want))
    assert len(full) == 6
    assert full == sorted(full) and full[-1] >= len(still & want), (full, len(still & want))


def test_a_videos_full_scans_reach_the_still_on_a_hard_frame_by_the_fourth(bench_export, monkeypatch):
    """bench_vision's hard 1080p frame 22 (steep camera, wide fanned boxes searched in halves): with 10
    searched regions and 6 sampled marks a full scan, a video's 4th full scan still missed 4 legible cards the
    still reads; with 16 and 8 it reads them all (the bench's 24 frames: 135 -> 141 of 145)."""
    from companion.vision import pipeline

    from .bench_frames import hard_frame

    arts, deck = bench_export
    scene = hard_frame(arts, 22)
    want = {t.code for t in scene.legible(2.0, 0.3)}
    on_table = {t.code for t in scene.truth if t.face_up}
    with Pipeline(deck, use_zbar=False, track=False, layout=BUX_TABLE) as p:
        still = p.process(scene.image).codes() & want
    with Pipeline(deck, use_zbar=False, full_every=1, layout=BUX_TABLE) as p:
        for _ in range(7):  # full scans at frames 1, 3, 5, 7
            r = p.process(scene.image.copy())
            assert r.codes() <= on_table, "a code that is not on the table"
    assert len(still) >= len(want) - 1 and still <= r.codes(), sorted(still - r.codes())


def _mark_on_dark_card(payload: str, angle: float, seed: int, card: int = 70):
    """Return (patch, true module->patch homography) of a mark on its 2-module white plate on a dark card, top-down
    at 2 px/module, rotated and blurred: a printed card as the frame shows it, the card's colour past the plate."""
    rng = np.random.default_rng(seed)
    m = qr_matrix(payload, DEFAULT_MARK)
    s, q, c = 12, 2, 8
    sym = np.full((15 + 2 * (q + c),) * 2, card, np.uint8)
    sym[c:c + 15 + 2 * q, c:c + 15 + 2 * q] = 225
    sym[c + q:c + q + 15, c + q:c + q + 15] = np.where(m == 1, 30, 225)
    sym = cv2.resize(sym, None, fx=s, fy=s, interpolation=cv2.INTER_NEAREST)
    t = np.radians(angle)
    u = np.array([np.cos(t), np.sin(t)]) * 2.0
    v = np.array([-u[1], u[0]])
    origin = np.array([60.0, 60.0]) - 7.5 * (u + v) + rng.uniform(-2, 2, 2)
    truth = np.array([[u[0], v[0], origin[0]], [u[1], v[1], origin[1]], [0, 0, 1.0]])
    sym_to_module = np.array([[1 / s, 0, -(q + c)], [0, 1 / s, -(q + c)], [0, 0, 1.0]])
    img = cv2.warpPerspective(sym, truth @ sym_to_module, (120, 120), flags=cv2.INTER_AREA, borderValue=card)
    img = cv2.GaussianBlur(img, (0, 0), 1.0)
    return np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8), truth


def test_finders_of_marks_on_dark_cards_are_located(print_deck):
    # Issue 33: past the finder's light ring lie the mark's data modules and, two modules on, the card's colour;
    # scored against a template light all round its rotated square, a third of these finders fell below the
    # threshold. Only the 9x9-module square is scored now.
    found = []
    for i, code in enumerate(print_deck.codes()[:10]):
        for angle in (0.0, 20.0, 45.0):
            img, truth = _mark_on_dark_card(print_deck.payload(code), angle, seed=i)
            want = truth @ np.array([3.5, 3.5, 1.0])
            found.append(any(np.hypot(f.x - want[0], f.y - want[1]) < 2.0 for f in locator.find_finders(img, 2.0)))
    assert sum(found) >= 29, f"{sum(found)} of 30 finders located"
