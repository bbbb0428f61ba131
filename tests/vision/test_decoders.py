"""Decoder backends on real photos (the zxing-cpp sample set) and on a rendered card."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision import decoders
from companion.vision.sources import read_image

# The real photo set lives in shared/ beside the repository (CI lays a copy there too).
PHOTOS = next((p for p in (Path(__file__).resolve().parents[2].parent / "shared" / "datasets" / "qr-photos",
                           Path("/work/shared/datasets/qr-photos")) if (p / "manifest.json").exists()),
              Path("/work/shared/datasets/qr-photos"))
needs_photos = pytest.mark.skipif(not (PHOTOS / "manifest.json").exists(), reason="real photo set not present")


def _manifest():
    return json.loads((PHOTOS / "manifest.json").read_text(encoding="utf-8"))


@needs_photos
def test_zxing_reads_real_hand_held_photos_with_corners():
    entries = [e for e in _manifest() if e["folder"] in ("qrcode-1", "qrcode-3")]
    read = 0
    for e in entries:
        img = read_image(PHOTOS / e["file"])
        got = decoders.decode_zxing(img, model2_only=False, try_invert=True)
        if any(d.payload == e["expected"] for d in got):
            read += 1
            d = got[0]
            assert len(d.corners) == 4 and d.backend == "zxing"
            xs = [x for x, _ in d.corners]
            assert 0 <= min(xs) and max(xs) <= img.shape[1]
    assert read == len(entries), f"read {read} of {len(entries)} hand-held photos"


@needs_photos
def test_no_backend_reads_anything_from_the_no_code_photos():
    entries = [e for e in _manifest() if e["kind"] == "no_qr"]
    for e in entries:
        try:
            img = read_image(PHOTOS / e["file"])
        except Exception:  # two upstream files are 1x1 / broken WebP headers
            continue
        assert decoders.decode_zxing(img, model2_only=False, try_invert=True) == (), e["file"]
        assert decoders.decode_zbar(img) == (), e["file"]


def test_zbar_worker_start_is_not_counted_in_the_per_image_timeout():
    """The child's start (a new interpreter importing OpenCV, numpy, zxing, pyzbar) takes ~1-2 s on a busy
    machine; the first image must still be read with a per-image timeout shorter than that."""
    if decoders.availability()["zbar"] != "ok":
        pytest.skip("zbar unavailable")
    import segno

    code = segno.make("first image", micro=False)
    img = cv2.resize(np.array([[0 if v else 255 for v in row] for row in code.matrix], np.uint8), None, fx=6, fy=6,
                     interpolation=cv2.INTER_NEAREST)
    img = cv2.copyMakeBorder(img, 24, 24, 24, 24, cv2.BORDER_CONSTANT, value=255)
    worker = decoders.ZbarWorker(timeout=0.3)
    try:
        assert [d.payload for d in worker.decode(img)] == ["first image"]
        assert worker.restarts == 0
    finally:
        worker.close()


def test_zbar_worker_survives_a_dead_child():
    if decoders.availability()["zbar"] != "ok":
        pytest.skip("zbar unavailable")
    worker = decoders.ZbarWorker(timeout=5)
    try:
        img = np.full((64, 64), 255, np.uint8)
        assert worker.decode(img) == ()
        worker._proc.kill()  # what a zbar abort (pyzbar issue #143) looks like from here
        worker._proc.join()
        assert worker.decode(img) == ()
        assert worker.restarts == 1
    finally:
        worker.close()


def test_backends_return_nothing_for_empty_or_tiny_images():
    for img in (np.zeros((0, 0), np.uint8), np.zeros((2, 2), np.uint8)):
        assert decoders.decode_zxing(img) == ()
        assert decoders.decode_opencv(img) == ()
        assert decoders.decode_zbar_unsafe(img) == ()


def test_only_zxing_reads_the_printed_micro_qr_marks(export):
    """The printer draws Micro QR M3 marks: zxing-cpp reads them, OpenCV and zbar have no Micro QR support."""
    folder, deck = export
    code = "heart-x-25"
    face = cv2.imread(str(folder / f"{code}.png"))
    small = cv2.resize(face, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    want = deck.payload(code)
    assert {d.payload for d in decoders.decode_zxing(small)} == {want}
    assert decoders.decode_opencv(small) == ()
    assert decoders.decode_zbar(small) == ()


def test_model2_false_reads_micro_qr_alone(export):
    """`model2=False` (the pipeline's whole-frame pass) reads the cards' Micro QR marks and no QR Model 2."""
    import segno

    folder, deck = export
    face = cv2.cvtColor(cv2.imread(str(folder / "heart-x-25.png")), cv2.COLOR_BGR2GRAY)
    small = cv2.resize(face, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    model2 = segno.make("WIFI:T:WPA;S:home;P:secret;;", micro=False)
    qr = cv2.resize(np.array([[0 if v else 255 for v in row] for row in model2.matrix], np.uint8), None, fx=5, fy=5,
                    interpolation=cv2.INTER_NEAREST)
    qr = cv2.copyMakeBorder(qr, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=255)
    canvas = np.full((max(small.shape[0], qr.shape[0]), small.shape[1] + qr.shape[1]), 255, np.uint8)
    canvas[:small.shape[0], :small.shape[1]] = small
    canvas[:qr.shape[0], small.shape[1]:] = qr
    both = {d.payload for d in decoders.decode_zxing(canvas)}
    assert both == {deck.payload("heart-x-25"), "WIFI:T:WPA;S:home;P:secret;;"}
    assert {d.payload for d in decoders.decode_zxing(canvas, model2=False)} == {deck.payload("heart-x-25")}


@needs_photos
def test_payloads_are_the_symbols_content_not_a_human_readable_rendering():
    """zxing's default text mode renders GS1 data as "(01)..." and escapes control characters; the payload
    must be what the symbol holds (the GS1 separators included), as the photo set's expected files say."""
    entries = {e["file"]: e for e in _manifest()}
    for name in ("qrcode-2/gs1-figure-4.15.1-2.png", "qrcode-2/33.png"):
        got = [d.payload for d in decoders.decode_zxing(read_image(PHOTOS / name), model2_only=False, try_invert=True)]
        assert got == [entries[name]["expected"]], name
