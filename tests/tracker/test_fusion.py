"""Fusion hysteresis: appear, move, occlusion grace, vanish, settled snapshots."""

from __future__ import annotations

from companion.tracker.fusion import Appeared, Fusion, Hysteresis, Moved, TableSnapshot, TrackState, Vanished
from companion.vision.pipeline import CardSeen, FrameResult


def _frame(**zones):
    return FrameResult(cards=tuple(CardSeen(code=c.replace("_", "-"), payload="", corners=((0, 0),) * 4,
                                            centre_px=(0, 0), zone=z) for c, z in zones.items()))


def _run(fusion, frames, fps=10.0, start=0.0):
    out = []
    for i, f in enumerate(frames):
        out += fusion.feed(f, start + i / fps)
    return out


def test_one_noisy_sighting_does_not_appear():
    f = Fusion()
    events = _run(f, [_frame(a_1="seat:1")] + [_frame()] * 20)
    assert not any(isinstance(e, Appeared) for e in events)


def test_card_appears_after_agreeing_frames_then_table_settles():
    f = Fusion(Hysteresis(appear_frames=3, settle_s=0.5))
    events = _run(f, [_frame(a_1="seat:1")] * 12)
    kinds = [type(e) for e in events]
    assert kinds.count(Appeared) == 1
    snaps = [e for e in events if isinstance(e, TableSnapshot)]
    assert snaps[-1].settled and dict(snaps[-1].cards) == {"a-1": "seat:1"}


def test_card_hidden_by_a_hand_has_not_moved():
    f = Fusion(Hysteresis(vanish_s=2.0))
    _run(f, [_frame(a_1="discard")] * 5)
    events = _run(f, [_frame()] * 10, start=0.5)  # one second under a hand
    assert not any(isinstance(e, (Vanished, Moved)) for e in events)
    assert f.state_of("a-1") is TrackState.FUZZY
    assert dict(f.snapshot().cards) == {"a-1": "discard"}
    # ... but the snapshot says it is unread just now: it may yet vanish.
    assert f.unread() == f.snapshot().unread == {"a-1"}
    _run(f, [_frame(a_1="discard")], start=1.5)
    assert f.unread() == frozenset()


def test_card_vanishes_after_the_grace_period():
    f = Fusion(Hysteresis(vanish_s=1.0, vanish_frames=5))
    _run(f, [_frame(a_1="discard")] * 5)
    events = _run(f, [_frame()] * 20, start=0.5)
    assert [e.code for e in events if isinstance(e, Vanished)] == ["a-1"]


def test_zone_change_needs_agreeing_frames():
    f = Fusion(Hysteresis(move_frames=3))
    _run(f, [_frame(a_1="bid_area")] * 5)
    blip = _run(f, [_frame(a_1="seat:2"), _frame(a_1="bid_area")] * 3, start=0.5)
    assert not any(isinstance(e, Moved) for e in blip)
    moved = _run(f, [_frame(a_1="seat:2")] * 4, start=1.2)
    assert [(e.code, e.from_zone, e.zone) for e in moved if isinstance(e, Moved)] == [("a-1", "bid_area", "seat:2")]


def _placed(code, zone, at):
    return CardSeen(code=code, payload="", corners=((0, 0),) * 4, centre_px=(0, 0), zone=zone, table_mm=at)


def test_snapshots_say_where_each_card_was_last_read_and_a_move_within_a_zone_changes_only_that():
    """Grow tells stacks in one seat apart by position: a card slid within its zone is no change, but the
    next snapshot has it where it now lies; a card read without a position keeps its last one."""
    f = Fusion(Hysteresis(appear_frames=3, settle_s=0.5))
    first = _run(f, [FrameResult(cards=(_placed("a-1", "seat:1", (100.0, 600.0)), _placed("b-2", "seat:1", (300.0, 600.0))))] * 10)
    assert dict(f.snapshot().positions) == {"a-1": (100.0, 600.0), "b-2": (300.0, 600.0)}
    assert dict([e for e in first if isinstance(e, TableSnapshot)][-1].positions) == dict(f.snapshot().positions)
    later = _run(f, [FrameResult(cards=(_placed("a-1", "seat:1", (180.0, 610.0)), _placed("b-2", "seat:1", None)))] * 5,
                 start=2.0)
    assert not [e for e in later if isinstance(e, (Appeared, Moved, Vanished))]
    assert dict(f.snapshot().positions) == {"a-1": (180.0, 610.0), "b-2": (300.0, 600.0)}
    _run(f, [_frame()] * 40, start=3.0)  # both vanish: no position stays behind
    assert dict(f.snapshot().positions) == {}
