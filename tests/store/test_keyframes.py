"""Keyframes: JPEG pictures kept beside the events, within a byte budget, never touching the chain (both backends)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.audit.keyframes import encode_keyframe
from companion.errors import StoreError
from companion.store.backends import open_store
from companion.store.sqlite import verify_chain


def _frame(i: int) -> np.ndarray:
    rng = np.random.default_rng(i)
    return rng.integers(0, 255, (720, 1280, 3), dtype=np.uint8)


def test_keyframe_is_a_downscaled_jpeg(store_target):
    jpeg = encode_keyframe(_frame(0))
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (360, 640, 3)
    with open_store(store_target) as store:
        frame_id = store.put_keyframe("g", jpeg)
        assert store.get_keyframe(frame_id) == jpeg
        assert store.get_keyframe(frame_id + 99) is None


def test_budget_drops_the_oldest_keyframes_only(store_target):
    frames = [encode_keyframe(_frame(i)) for i in range(6)]
    budget = sum(len(f) for f in frames[-3:]) + 10
    with open_store(store_target, keyframe_budget=budget) as store:
        store.append("g", "move", {"type": "note"})
        ids = [store.put_keyframe("g", f) for f in frames]
        other = store.put_keyframe("h", frames[0])
        assert [store.get_keyframe(i) is not None for i in ids] == [False, False, False, True, True, True]
        count, size = store.keyframe_usage("g")
        assert count == 3 and size <= budget
        assert store.get_keyframe(other) == frames[0]  # another game's pictures are its own budget
        assert verify_chain(store.events("g")) is None and store.last_seq("g") == 1


def test_newest_keyframe_stays_even_over_budget(store_target):
    with open_store(store_target) as store:
        frame_id = store.put_keyframe("g", encode_keyframe(_frame(1)), budget=10)
        assert store.get_keyframe(frame_id) is not None


def test_non_jpeg_is_refused(store_target):
    with open_store(store_target) as store:
        with pytest.raises(StoreError, match="JPEG"):
            store.put_keyframe("g", b"\x89PNG....")
        assert store.keyframe_usage("g") == (0, 0)
