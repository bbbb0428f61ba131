"""Scan to score: rendered photos of three laid-out rounds -> vision pipeline -> round_from_seats -> scores.

The photos are real renders of printed cards (tests/games/match/scenes.py);
the expected scores are worked by hand there. "Add each player's score from
3 rounds. The player with the highest score wins!"
"""

from __future__ import annotations

import cv2
import pytest

from companion.errors import CompanionError
from companion.games.match.scoring import score_round
from companion.store.session import GameSession
from companion.store.sqlite import EventStore, verify_chain
from companion.table.layouts import layout_for
from companion.vision.photo import PhotoReader, read_frame
from companion.games.match.table.photo import check_seats, reading_from_frame
from tests.games.match import scenes


def read_round(image, print_deck, seats, *, round_number=None):
    """What the match page does with a photo: the shared vision reader's frame, read as a match round."""
    return reading_from_frame(read_frame(image, print_deck, layout_for("match")), seats, round_number=round_number)


def read_photo(data, deck_path, seats):
    frame, sha256 = PhotoReader(str(deck_path), layout_for)(data)
    return reading_from_frame(frame, seats, sha256=sha256)


@pytest.fixture(scope="module")
def readings():
    return [read_round(scenes.render(n, seed=n), scenes.print_deck(), scenes.SEATS, round_number=n) for n in (1, 2, 3)]


def test_each_rendered_round_reads_without_problems(readings):
    for n, photo in enumerate(readings, start=1):
        assert photo.reading.problems == (), (n, photo.reading.problems)
        assert photo.ignored == (scenes.DISCARD_TOP[n - 1],), "the discard pile's top card is nobody's"
        assert photo.unplaced == ()
        for name, (matches, hand) in scenes.ROUNDS[n - 1].items():
            assert photo.reading.round["players"][name] == {"matches": [list(m) for m in matches], "hand": hand}


def test_three_rounds_score_to_the_hand_worked_totals(readings):
    board = score_round({"rounds": [p.reading.round for p in readings], "advanced": True})
    for name in scenes.PLAYERS:
        assert [board[name][f"round_{n}"] for n in (1, 2, 3)] == [s[name] for s in scenes.SCORES]
        assert board[name]["total"] == scenes.TOTALS[name]


def test_the_photos_score_a_stored_game(readings, tmp_path):
    """The camera's rounds, submitted as score lines, give the same totals in a real event store."""
    with EventStore(tmp_path / "m.db") as store:
        session = GameSession.start(store, {"type": "setup", "game": "match", "players": list(scenes.PLAYERS), "dealer": "Ann", "advanced": True})
        for n, photo in enumerate(readings, start=1):
            session.submit({"type": "score", "round": n, "players": photo.reading.round["players"]}, source="camera")
        state = session.state
        assert session.game.is_over(state)
        assert dict(zip(state.players, map(sum, zip(*state.scores)))) == scenes.TOTALS
        assert verify_chain(store.events(session.game_id)) is None


def test_a_card_face_down_is_reported_not_guessed():
    photo = read_round(scenes.render(2, hidden=("red-200-1",)), scenes.print_deck(), scenes.SEATS, round_number=2)
    assert photo.reading.rows["Ben"][1] == ("blue-200-1", None)
    assert any("'blue-200-1' has no partner" in p for p in photo.reading.problems)
    assert photo.reading.round["players"]["Ben"]["matches"] == [["blue-800-1", "red-800-1"], ["blue-600-1", "red-600-2"]]


def test_a_photo_without_the_table_plates_is_a_clear_error():
    image = scenes.render(1)
    ok, png = cv2.imencode(".png", image[400:900, 300:1100])
    with pytest.raises(CompanionError, match="table plates"):
        read_photo(png.tobytes(), _deck_file(), scenes.SEATS)


def test_bytes_that_are_no_image_are_a_clear_error():
    with pytest.raises(CompanionError, match="is not an image"):
        read_photo(b"\x89PNG\r\n\x1a\nnot really", _deck_file(), scenes.SEATS)


@pytest.mark.parametrize("seats, message", [
    ({"Ann": 1, "Ben": 2}, "seat plate for each player"),
    ({"Ann": 1, "Ben": 1, "Cat": 3}, "share a seat plate"),
    ({"Ann": 1, "Ben": 9, "Cat": 3}, "must be 1 to 5"),
])
def test_bad_seating_is_refused(seats, message):
    with pytest.raises(CompanionError, match=message):
        check_seats(seats, scenes.PLAYERS)


_DECK_FILE: list = []


def _deck_file():
    import tempfile
    from pathlib import Path

    from companion.cards.payloads import save_print

    if not _DECK_FILE:
        path = Path(tempfile.mkdtemp()) / "match.print.json"
        save_print(scenes.print_deck(), path)
        _DECK_FILE.append(path)
    return _DECK_FILE[0]
