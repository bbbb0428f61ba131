"""Shared screens: scoreboard page, its JSON, the live stream, rules; nothing hidden leaks."""

from __future__ import annotations

import json

from companion.store.backends import open_store
from tests.web.conftest import CODE, GAME_ID, LINES, session_of, start_game


def test_index_lists_games(client):
    page = client.get("/").get_data(as_text=True)
    assert f"/g/{GAME_ID}" in page


def test_scoreboard_page_renders_without_token_and_hides_entry(client):
    response = client.get(f"/g/{GAME_ID}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'id="players"' in page and 'id="entry"' not in page
    assert 'data-token=""' in page


def test_unknown_game_is_404_with_a_message(client):
    response = client.get("/g/nosuchgame/state.json", headers={"Accept": "application/json"})
    assert response.status_code == 404
    assert "nosuchgame" in response.json["error"]["message"]


def test_state_json_has_seat_order_chips_turn_timer_and_numbered_history(client):
    board = client.get(f"/g/{GAME_ID}/state.json").json["board"]
    assert [p["name"] for p in board["players"]] == ["Ann", "Ben", "Cat"]
    assert [p["chips"] for p in board["players"]] == [160, 235, 325]
    assert board["turn"] == "Ann" and board["players"][0]["turn"]
    ann = board["players"][0]
    assert "breakdown" not in ann, "which chips a player holds is not known; only what a payment hands over"
    assert ann["count"] == 6 and len(ann["spread"]) == 6
    assert board["deck"] == 1 and board["timer"] == 1 and not board["double_bux"]
    assert board["chart"]["series"][0] == [200, 200, 200] and board["chart"]["series"][-1] == [160, 235, 325]
    assert len(board["chart"]["series"]) == 6
    newest = board["history"][0]
    assert newest["text"].startswith("Cat drew") and newest["n"] == 5, "the newest move keeps its real number"
    assert [entry["n"] for entry in board["history"]] == [5, 4, 3, 2, 1]
    paid = sum(c["value"] * c["count"] for c in newest["pay"])
    assert f"for {paid}." in newest["text"] and newest["pay"][0]["count"] >= 1


def test_a_payment_shows_the_fewest_chips_to_hand_over():
    from companion.games.bux.screens.view import chip_breakdown

    assert [(c["name"], c["count"]) for c in chip_breakdown(165)] == [("Black", 1), ("Gold", 1), ("Silver", 1), ("White", 1)]
    assert chip_breakdown(0) == []


def _shared_texts(client) -> list[str]:
    texts = [client.get(f"/g/{GAME_ID}").get_data(as_text=True),
             client.get(f"/g/{GAME_ID}/state.json").get_data(as_text=True),
             client.get(f"/g/{GAME_ID}/stream").get_data(as_text=True),
             client.get(f"/g/{GAME_ID}/rules").get_data(as_text=True)]
    return texts


def test_no_card_code_or_back_value_reaches_shared_screens(client, db):
    """"On the backs of all cards are one of three numbers, 25, 50, and 100" - and only the owner may look."""
    store, session = session_of(db)
    session.raise_attention("camera saw heart-x-50 move to the bid area", cards=["heart-x-50", "club-oval-25"],
                            proposed={"type": "draw", "player": "Ann", "cards": ["heart-x-50", "club-x-25", "spade-x-50"], "winner": None})
    store.close()
    for text in _shared_texts(client):
        assert CODE.search(text) is None, CODE.search(text).group(0)
    body = client.get(f"/g/{GAME_ID}/state.json").json["board"]
    for player in body["players"]:
        for card in player["spread"]:
            assert set(card) == {"suit", "shape", "h", "tag"}
    assert body["attention"][0]["message"].startswith("camera saw ♥ X [")


def test_identical_faces_are_not_ordered_by_value(client, db):
    """Ann holds two heart-circle cards (25 and 100): their order must follow the handle, not the value."""
    board = client.get(f"/g/{GAME_ID}/state.json").json["board"]
    handles = [c["h"] for c in board["players"][0]["spread"] if (c["suit"], c["shape"]) == ("heart", "circle")]
    assert len(handles) == 2 and handles == sorted(handles)
    # Same game under a different key: the order may differ, so it cannot encode the values.
    start_game(db, 5, game_id="g2")
    other = client.get("/g/g2/state.json").json["board"]
    assert [c["h"] for c in other["players"][0]["spread"]] != [c["h"] for c in board["players"][0]["spread"]]


def test_player_names_are_escaped(client, db):
    setup = json.loads(json.dumps(LINES[0]).replace("Ann", "<img src=x onerror=f()>"))
    start_game(db, 0, game_id="xss", setup=setup)
    page = client.get("/g/xss").get_data(as_text=True)
    assert "<img src=x" not in page
    body = client.get("/g/xss/state.json").json
    assert body["board"]["players"][0]["name"] == "<img src=x onerror=f()>"


def test_stream_sends_change_events_and_ends(client, db):
    text = client.get(f"/g/{GAME_ID}/stream").get_data(as_text=True)
    with open_store(db) as store:
        seq = store.last_seq(GAME_ID)
    assert "retry:" in text
    assert f"id: {seq}\nevent: change\ndata: {{\"seq\": {seq}}}" in text
    resumed = client.get(f"/g/{GAME_ID}/stream", headers={"Last-Event-ID": str(seq)}).get_data(as_text=True)
    assert "event: change" not in resumed, "a client that is up to date gets no change event"


def test_rules_page_shows_summary_and_house_readings(client):
    page = client.get(f"/g/{GAME_ID}/rules").get_data(as_text=True)
    assert "Double-BUX" in page and "House readings" in page
    assert "Timer card order" in page and "Your turn: do ONE thing" in page
    assert client.get("/rules/bux").status_code == 200
    assert client.get("/rules/chess").status_code == 404


def test_game_end_shows_winners(client, tmp_path):
    full = tmp_path / "full.db"
    start_game(full, len(LINES) - 1, game_id="done")
    from companion.web import create_app

    body = create_app({"DB": str(full)}).test_client().get("/g/done/state.json").json
    board = body["board"]
    assert board["over"] is True
    top = max(p["chips"] for p in board["players"])
    assert board["winners"] == [p["name"] for p in board["players"] if p["chips"] == top]
    assert all(p["winner"] == (p["name"] in board["winners"]) for p in board["players"])


def test_a_long_games_state_json_describes_only_the_moves_it_shows(store_target, monkeypatch):
    """A read after a new event must cost what the screen shows, not the whole game: the history
    described all 2,000 moves of a long game on every new event (115 ms instead of 4 ms)."""
    import pytest

    from companion.errors import RuleViolation
    from companion.store.session import GameSession
    from companion.web import create_app
    from companion.games.bux.screens.view import HISTORY, BuxView

    def refused_draw(session):
        """The player to move names three cards of another player's spread: refused, not in the draw deck."""
        from companion.games.bux.state import turn

        state = session.state
        player = turn(state)
        other = next(spread for name, spread in zip(state.players, state.spreads) if name != player and len(spread) >= 3)
        with pytest.raises(RuleViolation) as refusal:
            session.submit({"type": "draw", "player": player, "cards": sorted(other)[:3], "winner": None}, source="tablet")
        assert refusal.value.rule == "draw.not_in_draw_deck"

    with open_store(store_target) as store:
        session = GameSession.start(store, LINES[0], game_id="long")
        for line in LINES[1:21]:
            session.submit(line, source="import")
        refused_draw(session)  # older than the last HISTORY moves: pushed out
        for line in LINES[21:41]:
            session.submit(line, source="import")
        refused_draw(session)
    described = []
    real = BuxView.describe

    def counting(self, line, before=None, after=None):
        described.append(line)
        return real(self, line, before, after)

    monkeypatch.setattr(BuxView, "describe", counting)
    client = create_app({"DB": str(store_target), "TESTING": True}).test_client()
    history = client.get("/g/long/state.json").json["board"]["history"]
    assert [entry["n"] for entry in history] == [None] + list(range(40, 40 - HISTORY + 1, -1))
    assert history[0]["refused"] and history[0]["text"].endswith("not in the draw deck.")
    assert len(described) == HISTORY
