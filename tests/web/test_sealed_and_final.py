"""Sealed means sealed, and what showed something or used chance is never undone (issue 29).

Grow Your Assets over Flask's test client and a real SQLite file: the shared
tablet cannot replace a bid a phone sealed, the history and the audit name
the device class of every sealed bid, and neither a reveal nor a dice roll
can be undone (the undo control says why). The same rule for cats and match
is checked through the store.
"""

from __future__ import annotations

import json

import pytest

from companion.audit.audit import run_audit
from companion.audit.source import from_store
from companion.games import find_game
from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web import create_app
from tests.web.test_grow import PLAYERS, bid, events_of, start_grow, state_of, tokens_of

BOARD = "/g/gr/grow/state.json"


@pytest.fixture
def grow(tmp_path):
    db = tmp_path / "grow.db"
    start_grow(db, moves=[{"type": "draw", "cards": ["green-02", "red-02", "blue-05"]}])
    token, phones = tokens_of(db)
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    return client, {"X-Companion-Token": token}, phones, db


def _sealed(db):
    return [e for e in events_of(db) if e.kind == "sealed_bid"]


def test_the_tablet_cannot_replace_a_bid_sealed_on_a_phone(grow):
    client, auth, phones, db = grow
    assert bid(client, "Ben", 5, k=phones["Ben"]).status_code == 200
    before = events_of(db)
    replaced = bid(client, "Ben", 0, headers=auth)
    assert replaced.status_code == 422
    error = replaced.get_json()["error"]
    assert error["rule"] == "bids.sealed_by_seat"
    assert error["message"] == "Ben's bid is already sealed; only Ben's own phone can change it."
    assert events_of(db) == before, "nothing stored, not even a rejected event"
    russian = client.post("/g/gr/grow/api/bid", json={"player": "Ben", "bid": 0}, headers={**auth, "Accept-Language": "ru"})
    assert "только" in russian.get_json()["error"]["message"]
    # Ben's own phone may still change it; the other two bid and the reveal says Ben 6.
    assert bid(client, "Ben", 6, k=phones["Ben"]).status_code == 200
    assert bid(client, "Ann", 3, k=phones["Ann"]).status_code == 200
    assert bid(client, "Cat", 1, headers=auth).status_code == 200
    assert state_of(db).bids == {"Ann": 3, "Ben": 6, "Cat": 1}


def test_the_tablet_enters_a_bid_only_for_a_seat_that_sealed_nothing(grow):
    client, auth, phones, db = grow
    assert bid(client, "Cat", 2, headers=auth).status_code == 200  # Cat has no phone
    again = bid(client, "Cat", 4, headers=auth)
    assert again.status_code == 422 and again.get_json()["error"]["rule"] == "bids.sealed_by_seat"
    assert bid(client, "Cat", 4, k=phones["Cat"]).status_code == 200, "the seat's own link may change it"
    assert [(e.data["player"], e.source) for e in _sealed(db)] == [("Cat", "tablet"), ("Cat", "phone")]


def test_history_and_audit_name_the_device_class_of_every_sealed_bid(grow):
    client, auth, phones, db = grow
    bid(client, "Ann", 3, k=phones["Ann"])
    bid(client, "Ben", 5, k=phones["Ben"])
    bid(client, "Cat", 0, headers=auth)
    board = client.get(BOARD).get_json()["board"]
    assert board["history"][0] == "Bids revealed: Ann 3 (own phone), Ben 5 (own phone), Cat 0 (shared tablet)."
    reveal = [e for e in events_of(db) if e.kind == "move"][-1]
    assert {p: v["device"] for p, v in reveal.data["evidence"]["sealed"].items()} == {"Ann": "phone", "Ben": "phone", "Cat": "tablet"}
    with open_store(db) as store:
        audit = run_audit(from_store(store, "gr"))
    said = sorted(a.message for a in audit.anomalies if a.kind.startswith("bid."))
    assert said == ["Ann's bid sealed on their own phone", "Ben's bid sealed on their own phone",
                    "Cat's bid sealed on the shared tablet"]


def test_the_audit_warns_of_a_bid_the_tablet_replaced_in_an_old_log(tmp_path):
    """A log written before the rule: both of Ben's sealed bids came from the tablet."""
    db = tmp_path / "old.db"
    start_grow(db, moves=[{"type": "draw", "cards": ["green-02", "red-02", "blue-05"]}])
    with open_store(db) as store:
        for source in ("phone", "tablet"):
            store.append("gr", "sealed_bid", {"player": "Ben", "round": 1, "rebid": False, "undo": 0, "commitment": "0" * 64}, source)
        audit = run_audit(from_store(store, "gr"))
    [replaced] = [a for a in audit.anomalies if a.kind == "bid.replaced"]
    assert replaced.severity == "warning" and "Ben's sealed bid was replaced on the shared tablet" in replaced.message


def test_a_reveal_cannot_be_undone_and_the_undo_control_says_so(grow):
    client, auth, phones, db = grow
    for player, amount in zip(PLAYERS, (1, 4, 3)):
        bid(client, player, amount, k=phones[player])
    board = client.get(BOARD).get_json()["board"]
    assert board["undo_final"].startswith("The last move showed what was hidden, so it cannot be undone")
    before = events_of(db)
    undo = client.post("/g/gr/grow/api/undo", headers=auth, json={})
    assert undo.status_code == 409 and undo.get_json()["error"]["rule"] == "undo.final/reveal"
    assert undo.get_json()["error"]["message"] == board["undo_final"]
    assert client.post("/g/gr/api/undo", headers=auth, json={}).status_code == 409, "the shared undo refuses too"
    assert events_of(db) == before and state_of(db).bids == {"Ann": 1, "Ben": 4, "Cat": 3}
    ru = client.get(BOARD, headers={"Accept-Language": "ru"}).get_json()["board"]["undo_final"]
    assert ru.startswith("Последний ход открыл скрытое")


def test_a_warning_roll_cannot_be_undone_so_the_dice_are_never_rolled_again(grow):
    client, auth, phones, db = grow
    for player, amount in zip(PLAYERS, (1, 5, 0)):
        bid(client, player, amount, k=phones[player])
    assert client.post("/g/gr/grow/api/move", json={"line": {"type": "pick", "player": "Ben", "card": "blue-05"}},
                       headers=auth).status_code == 200
    assert client.get(BOARD).get_json()["board"]["undo_final"] is None, "a pick only records the table: undoable"
    assert client.post("/g/gr/grow/api/roll", json={"physical": [3, 3]}, headers=auth).status_code == 200
    undo = client.post("/g/gr/grow/api/undo", headers=auth, json={})
    assert undo.status_code == 409 and undo.get_json()["error"]["rule"] == "undo.final/dice"
    assert client.post("/g/gr/grow/api/roll", json={"physical": [5, 5]}, headers=auth).status_code == 409
    rolls = [e.data["dice"] for e in events_of(db) if e.kind == "move" and e.data.get("type") == "roll"]
    assert rolls == [[3, 3]] and not [e for e in events_of(db) if e.kind == "undo"]


@pytest.mark.parametrize("game, line, why", [
    ("grow", {"type": "reveal_bids", "bids": {}}, "reveal"),
    ("grow", {"type": "tiebreak", "rolls": {}}, "dice"),
    ("grow", {"type": "draw", "cards": []}, None),
    ("cats", {"type": "reveal", "player": "Ann", "cards": []}, "reveal"),
    ("cats", {"type": "draw", "player": "Ann", "cards": []}, "draw"),
    ("cats", {"type": "play", "player": "Ann", "card": "x", "turned": "y"}, "draw"),
    ("cats", {"type": "play", "player": "Ann", "card": "x"}, None),
    ("cats", {"type": "bid", "player": "Ann", "cards": []}, None),
    ("match", {"type": "draw", "player": "Ann", "from": "blue-deck", "card": "x"}, "draw"),
    ("match", {"type": "draw", "player": "Ann", "from": "red-discard", "card": "x"}, None),
    ("match", {"type": "steal", "player": "Ann", "draw": "x"}, "draw"),
    ("match", {"type": "score", "round": 1, "players": {}}, None),
    ("bux", {"type": "draw", "player": "Ann", "cards": []}, None),
])
def test_each_game_names_the_moves_that_cannot_be_undone(game, line, why):
    assert find_game(game).final_kind(line) == why


def test_a_stored_move_that_cannot_be_undone_is_refused_in_the_store(tmp_path):
    with open_store(tmp_path / "g.db") as store:
        session = GameSession.start(store, {"type": "setup", "game": "grow", "players": list(PLAYERS)}, game_id="g")
        session.submit({"type": "draw", "cards": ["green-02", "red-02", "blue-05"]})
        session.submit({"type": "reveal_bids", "bids": {"Ann": 1, "Ben": 2, "Cat": 0}})
        with pytest.raises(Exception) as refused:
            session.undo()
        assert getattr(refused.value, "rule", None) == "undo.final/reveal"
        assert [e.kind for e in session.events].count("undo") == 0


@pytest.mark.parametrize("game", ["bux", "grow", "cats", "match"])
def test_each_rules_page_says_what_can_be_undone(tmp_path, game):
    client = create_app({"DB": str(tmp_path / "r.db"), "TESTING": True}).test_client()
    page = client.get(f"/rules/{game}").get_data(as_text=True)
    assert "What can be undone" in page and "never undone" in page
    assert "Что можно отменить" in client.get(f"/rules/{game}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
