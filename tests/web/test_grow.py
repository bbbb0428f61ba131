"""Grow Your Assets on the tablet and the phones: sealed bids, dice, picks, camera reading (real SQLite, Flask client).

The secrecy tests play two twin games that differ only in one sealed bid and
check that every answer a page can get before the reveal is the same in both.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token
from companion.games.grow.screens.bids import SEALED, SECRET_PREFIX, SealedBidBox, audit_bids, commitment

PLAYERS = ["Ann", "Ben", "Cat"]
REMOVED_2P = ["green-03", "green-04", "red-03", "red-04", "blue-03", "blue-04", "gold-05", "gold-06"]


def start_grow(db: Path, game_id: str = "gr", players=PLAYERS, moves=()) -> None:
    """Store a grow game's setup (two players: REMOVED_2P taken out) and then `moves`."""
    setup = {"type": "setup", "game": "grow", "players": list(players)}
    if len(players) == 2:
        setup["removed"] = REMOVED_2P
    with open_store(db) as store:
        session = GameSession.start(store, setup, game_id=game_id)
        for line in moves:
            session.submit(line, source="import")


def tokens_of(db: Path, game_id: str = "gr") -> tuple[str, dict[str, str]]:
    """Return the game token and each player's phone token."""
    with open_store(db) as store:
        key = game_key(store, game_id)
        players = GameSession(store, game_id).state.players
        return game_token(key), {p: player_token(key, p) for p in players}


def state_of(db: Path, game_id: str = "gr"):
    with open_store(db) as store:
        return GameSession(store, game_id).state


def events_of(db: Path, game_id: str = "gr"):
    with open_store(db) as store:
        return store.events(game_id)


DRAW = {"type": "draw", "cards": ["green-02", "red-02", "blue-05"]}


@pytest.fixture
def grow_db(tmp_path) -> Path:
    db = tmp_path / "grow.db"
    start_grow(db, moves=[DRAW])
    return db


@pytest.fixture
def grow(grow_db):
    """(client, auth headers, phone tokens, db) for a 3-player game waiting for bids in round 1."""
    app = create_app({"DB": str(grow_db), "TESTING": True, "SSE_SECONDS": 0.3, "SSE_POLL": 0.05})
    token, phones = tokens_of(grow_db)
    return app.test_client(), {"X-Companion-Token": token}, phones, grow_db


def bid(client, player, amount, *, headers=None, k=None):
    body = {"player": player, "bid": amount}
    if k is not None:  # as the phone sends it: its seat's token in the body and in the header
        body["k"] = k
        headers = {"X-Companion-Token": k, **(headers or {})}
    return client.post("/g/gr/grow/api/bid", json=body, headers=headers or {})


# --- pages ------------------------------------------------------------------

def test_game_link_and_join_link_lead_to_the_grow_page(grow):
    client, auth, _phones, _db = grow
    assert client.get("/g/gr").headers["Location"].endswith("/g/gr/grow/")
    join = client.get("/g/gr?t=" + auth["X-Companion-Token"])
    assert join.status_code == 302 and "companion_gr=" in join.headers["Set-Cookie"]
    page = client.get("/g/gr", follow_redirects=True).get_data(as_text=True)
    assert 'id="entry"' in page and 'id="bid-cover"' in page, "the cookie unlocks the entry forms"
    watcher = create_app({"DB": str(grow[3]), "TESTING": True}).test_client()
    shared = watcher.get("/g/gr/grow/").get_data(as_text=True)
    assert 'id="entry"' not in shared and auth["X-Companion-Token"] not in shared


def test_scoreboard_shows_row_tokens_and_status(grow):
    client, *_ = grow
    board = client.get("/g/gr/grow/state.json").get_json()["board"]
    assert [c["code"] for c in board["row"]] == DRAW["cards"]
    assert board["row"][2]["warnings"] == 1
    assert board["players"][0]["tokens"] == {"blue": 1, "black": 10, "worth": 15}
    assert board["status"] == "Sealed bids: waiting for Ann, Ben, Cat."
    assert [p["bid_in"] for p in board["players"]] == [False, False, False]


def test_two_player_removed_cards_never_reach_a_screen(tmp_path):
    """'randomly remove two green cards, two red cards, two blue cards, and two gold cards' (unseen)."""
    db = tmp_path / "g2.db"
    start_grow(db, players=["Ann", "Ben"])
    token, phones = tokens_of(db)
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    texts = [client.get("/g/gr/grow/state.json").get_data(as_text=True),
             client.get("/g/gr/grow/").get_data(as_text=True),
             client.get(f"/g/gr/grow/me/Ann.json?k={phones['Ann']}").get_data(as_text=True)]
    for text in texts:
        assert not any(card in text for card in REMOVED_2P)
    assert json.loads(texts[0])["board"]["removed_count"] == 8
    options = client.get("/g/gr/grow/api/options", headers={"X-Companion-Token": token}).get_json()
    listed = {c["code"] for g in options["deck"] for c in g["cards"]}
    assert set(REMOVED_2P) <= listed and len(listed) == 48, "the draw picker lists removed cards with the deck"


# --- sealed bids ------------------------------------------------------------

def _observe(client, auth, phones) -> dict:
    """Everything a screen can read before the reveal, with per-game noise (ids, tokens, seed hash) removed."""
    def clean(text: str) -> str:
        for secret in [auth["X-Companion-Token"], *phones.values()]:
            text = text.replace(secret, "TOKEN")
        return re.sub(r"[0-9a-f]{64}", "HASH", text)

    state = client.get("/g/gr/grow/state.json").get_json()
    del state["dice"]  # the dice seed's commitment differs per game
    seen = {"state": state,
            "options": client.get("/g/gr/grow/api/options", headers=auth).get_json(),
            "page": clean(client.get("/g/gr/grow/", headers=auth).get_data(as_text=True)),
            "stream": client.get("/g/gr/stream").get_data(as_text=True)}
    for player, k in phones.items():
        seen[player] = client.get(f"/g/gr/grow/me/{player}.json?k={k}").get_json()
        seen[player + "-page"] = clean(client.get(f"/g/gr/grow/me/{player}?k={k}").get_data(as_text=True))
    return seen


def test_nothing_readable_tells_a_bid_before_the_reveal(tmp_path):
    """'each player secretly decides how much they would like to bid ... At the same time, all players reveal'."""
    worlds = []
    for amount in (0, 15):
        db = tmp_path / f"twin{amount}.db"
        start_grow(db, moves=[DRAW])
        token, phones = tokens_of(db)
        client = create_app({"DB": str(db), "TESTING": True, "SSE_SECONDS": 0.2, "SSE_POLL": 0.05}).test_client()
        auth = {"X-Companion-Token": token}
        answer = bid(client, "Ann", amount, k=phones["Ann"]).get_json()
        answer2 = bid(client, "Ben", 3, headers=auth).get_json()
        worlds.append((answer, answer2, _observe(client, auth, phones), db))
    (low, low2, seen_low, db_low), (high, high2, seen_high, db_high) = worlds
    assert low == high == {"ok": True, "sealed": True, "revealed": False, "waiting": ["Ben", "Cat"]}
    assert low2 == high2
    assert seen_low == seen_high, "some answer differs between a bid of 0 and a bid of 15"
    assert seen_low["state"]["board"]["bids"]["submitted"] == ["Ann", "Ben"]
    for db, amount in ((db_low, 0), (db_high, 15)):
        sealed = [e for e in events_of(db) if e.kind == SEALED]
        assert [sorted(e.data) for e in sealed] == [["commitment", "player", "rebid", "round", "undo"]] * 2
        assert all(len(e.payload) == len(sealed[0].payload) - len("Ann") + len(e.data["player"]) for e in sealed), "payload size tells nothing"
        with open_store(db) as store:
            opened = json.loads(store.get_secret("gr", SECRET_PREFIX + sealed[0].data["commitment"]))
        assert opened["bid"] == amount and commitment(amount, opened["nonce"]) == sealed[0].data["commitment"]


def test_last_bid_reveals_all_at_once_with_the_pick_order(grow):
    """'Whichever player bid the most gets to select the first card ... players who did not select the first card keep half'."""
    client, auth, phones, db = grow
    assert bid(client, "Ann", 3, k=phones["Ann"]).status_code == 200
    assert bid(client, "Ben", 5, k=phones["Ben"]).status_code == 200
    last = bid(client, "Cat", 0, headers=auth).get_json()
    assert last["revealed"] is True and last["waiting"] == []
    board = client.get("/g/gr/grow/state.json").get_json()["board"]
    assert [(p["name"], p["bid"], p["pays"], p["place"]) for p in board["players"]] == [
        ("Ann", 3, 1, 2), ("Ben", 5, 5, 1), ("Cat", 0, 0, 3)]
    assert board["status"] == "Ben picks a card."
    assert board["history"][0] == "Bids revealed: Ann 3 (own phone), Ben 5 (own phone), Cat 0 (shared tablet)."
    events = events_of(db)
    reveal = [e for e in events if e.kind == "move"][-1]
    assert reveal.data["bids"] == {"Ann": 3, "Ben": 5, "Cat": 0}
    assert audit_bids(events) == []


def test_a_player_may_change_a_sealed_bid_until_the_reveal(grow):
    client, auth, phones, db = grow
    bid(client, "Ann", 2, k=phones["Ann"])
    bid(client, "Ann", 6, k=phones["Ann"])
    bid(client, "Ben", 1, headers=auth)
    bid(client, "Cat", 1, headers=auth)
    assert [e for e in events_of(db) if e.kind == "move"][-1].data["bids"]["Ann"] == 6
    assert audit_bids(events_of(db)) == []


@pytest.mark.parametrize("body, headers, status", [
    ({"player": "Ben", "bid": 2, "k": "PHONE_ANN"}, {"X-Companion-Token": "PHONE_ANN"}, 403),  # Ann's phone bidding for Ben
    ({"player": "Ann", "bid": 2, "k": "PHONE_ANN"}, {}, 403),  # the seat's token in the body only: its body is not read
    ({"player": "Ann", "bid": 2}, {}, 403),                    # no token at all
    ({"player": "Ann", "bid": 16}, "AUTH", 422),                # more than 15 token points
    ({"player": "Ann", "bid": -1}, "AUTH", 422),
    ({"player": "Ann", "bid": "lots"}, "AUTH", 422),
    ({"player": "Zed", "bid": 1}, "AUTH", 422),
])
def test_bad_bids_change_nothing(grow, body, headers, status):
    client, auth, phones, db = grow
    body = {k: (phones["Ann"] if v == "PHONE_ANN" else v) for k, v in body.items()}
    headers = auth if headers == "AUTH" else {k: (phones["Ann"] if v == "PHONE_ANN" else v) for k, v in headers.items()}
    before = events_of(db)
    response = client.post("/g/gr/grow/api/bid", json=body, headers=headers)
    assert response.status_code == status
    assert "error" in response.get_json() and "Traceback" not in response.get_data(as_text=True)
    assert events_of(db) == before


def test_bids_are_refused_outside_bidding(tmp_path):
    db = tmp_path / "g.db"
    start_grow(db)
    token, _ = tokens_of(db)
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    response = client.post("/g/gr/grow/api/bid", json={"player": "Ann", "bid": 1}, headers={"X-Companion-Token": token})
    assert response.status_code == 422 and response.get_json()["error"]["rule"] == "bids.wrong_phase"


def test_sealed_bids_survive_a_restart_and_reveal_catches_up(grow):
    client, auth, phones, db = grow
    bid(client, "Ann", 4, k=phones["Ann"])
    # The server stops; the other two bids were stored, but the reveal never ran (power cut).
    with open_store(db) as store:
        box = SealedBidBox(GameSession(store, "gr"))
        box.seal("Ben", 2)
        box.seal("Cat", 1)
        assert box.waiting() == () and box.submitted() == ("Ann", "Ben", "Cat")
    fresh = create_app({"DB": str(db), "TESTING": True}).test_client()
    assert fresh.get("/g/gr/grow/state.json").get_json()["board"]["status"] == "All bids are in."
    assert fresh.post("/g/gr/grow/api/reveal", json={}).status_code == 403
    assert fresh.post("/g/gr/grow/api/reveal", json={"player": "Ben", "k": phones["Ben"]}).status_code == 403  # token not in the header
    ben = {"X-Companion-Token": phones["Ben"]}
    assert fresh.post("/g/gr/grow/api/reveal", json={"player": "Ben", "k": phones["Ben"]}, headers=ben).status_code == 200
    assert state_of(db).bids == {"Ann": 4, "Ben": 2, "Cat": 1}
    assert fresh.post("/g/gr/grow/api/reveal", json={}, headers=auth).status_code == 409


def test_tie_for_the_highest_bid_means_everyone_rebids_then_dice(grow):
    """'If two players tie for the highest bid, all players rebid. If this occurs a second time, roll the dice'."""
    client, auth, _phones, db = grow
    for player in PLAYERS:
        bid(client, player, 2 if player != "Cat" else 0, headers=auth)
    board = client.get("/g/gr/grow/state.json").get_json()["board"]
    assert board["phase"] == "bid" and board["bids"]["rebid"] is True
    assert board["bids"]["first_tie"] == {"Ann": 2, "Ben": 2, "Cat": 0}
    assert board["status"].startswith("Tie for the highest bid: everyone bids again.")
    assert [p["bid_in"] for p in board["players"]] == [False, False, False], "the first bids do not count again"
    for player in PLAYERS:
        bid(client, player, 3 if player != "Cat" else 1, headers=auth)
    board = client.get("/g/gr/grow/state.json").get_json()["board"]
    assert board["phase"] == "tiebreak" and board["tied"] == ["Ann", "Ben"]
    typed = client.post("/g/gr/grow/api/roll", json={"physical": {"Ann": [2, 2], "Ben": ["6", "5"]}}, headers=auth)
    assert typed.status_code == 200 and typed.get_json()["line"]["rolls"] == {"Ann": [2, 2], "Ben": [6, 5]}
    assert state_of(db).order == (("Ben",), ("Ann",), ("Cat",))
    assert audit_bids(events_of(db)) == []


def test_digital_tiebreak_rolls_come_from_the_committed_seed(grow):
    client, auth, _phones, db = grow
    for amounts in ((1, 1, 0), (1, 1, 0)):
        for player, amount in zip(PLAYERS, amounts):
            bid(client, player, amount, headers=auth)
    rolled = client.post("/g/gr/grow/api/roll", json={}, headers=auth).get_json()
    dice = {e.data["number"]: e.data["values"] for e in events_of(db) if e.kind == "dice"}
    assert rolled["line"]["rolls"] == {"Ann": dice[1], "Ben": dice[2]}


def test_undoing_the_draw_opens_a_fresh_envelope(grow):
    """A reveal is never undone (test_sealed_and_final.py); an undone draw voids the bids sealed for it."""
    client, auth, _phones, db = grow
    for player, amount in zip(PLAYERS[:2], (1, 2)):
        bid(client, player, amount, headers=auth)
    assert client.post("/g/gr/grow/api/undo", headers=auth, json={}).status_code == 200
    assert client.post("/g/gr/grow/api/move", json={"line": DRAW}, headers=auth).status_code == 200
    board = client.get("/g/gr/grow/state.json").get_json()["board"]
    assert board["phase"] == "bid" and board["bids"]["waiting"] == PLAYERS


def test_audit_catches_a_bid_changed_after_sealing(grow):
    client, auth, _phones, db = grow
    for player, amount in zip(PLAYERS, (1, 2, 3)):
        bid(client, player, amount, headers=auth)
    events = events_of(db)
    reveal = events[-1]
    forged = json.loads(reveal.payload)
    forged["bids"]["Ann"] = 0
    tampered = events[:-1] + [replace(reveal, payload=json.dumps(forged))]
    (problem,) = audit_bids(tampered)
    assert "'Ann'" in problem and "does not match the commitment" in problem


# --- dice, picks, actions -----------------------------------------------------

def _reveal(client, auth, amounts=(1, 5, 0)):
    for player, amount in zip(PLAYERS, amounts):
        bid(client, player, amount, headers=auth)


def test_warning_roll_shows_big_with_its_consequence(grow):
    """'For each warning icon on the card, roll the dice. If you roll doubles, you must discard the card.'"""
    client, auth, _phones, db = grow
    _reveal(client, auth)
    assert client.post("/g/gr/grow/api/move", json={"line": {"type": "pick", "player": "Ben", "card": "blue-05"}}, headers=auth).status_code == 200
    board = client.get("/g/gr/grow/state.json").get_json()["board"]
    assert board["phase"] == "roll" and board["pending"]["check_text"] == "warning icon"
    assert board["status"] == "Ben rolls for blue 2."
    bad = client.post("/g/gr/grow/api/roll", json={"physical": [0, 7]}, headers=auth)
    assert bad.status_code == 422 and not [e for e in events_of(db) if e.kind == "dice"]
    typed = client.post("/g/gr/grow/api/roll", json={"physical": ["4", "4"]}, headers=auth).get_json()
    assert typed["message"] == "Ben rolled 4 and 4 for blue 2: doubles: the card is discarded."
    last = client.get("/g/gr/grow/state.json").get_json()["board"]["last_roll"]
    assert last["dice"] == [4, 4] and last["text"] == "doubles: the card is discarded" and last["physical"] is True
    assert state_of(db).discard == ("blue-05",)
    move = [e for e in events_of(db) if e.kind == "move"][-1]
    dice_event = [e for e in events_of(db) if e.kind == "dice"][-1]
    assert move.data["evidence"] == {"dice": dice_event.data["number"], "physical": True}
    assert client.post("/g/gr/grow/api/roll", json={}, headers=auth).status_code == 409, "no roll is due"


def test_digital_warning_roll_is_stored_with_its_dice_event(grow):
    client, auth, _phones, db = grow
    _reveal(client, auth)
    client.post("/g/gr/grow/api/move", json={"line": {"type": "pick", "player": "Ben", "card": "blue-05"}}, headers=auth)
    rolled = client.post("/g/gr/grow/api/roll", json={}, headers=auth).get_json()
    dice_event = [e for e in events_of(db) if e.kind == "dice"][-1]
    assert rolled["line"]["dice"] == dice_event.data["values"] and dice_event.data["physical"] is False
    snake = tuple(dice_event.data["values"]) == (1, 1)
    doubles = dice_event.data["values"][0] == dice_event.data["values"][1]
    assert ("discarded" in rolled["message"]) == doubles and ("whole stack" in rolled["message"]) == snake


def test_pick_choices_name_stacks_and_illegal_moves_are_refused(grow):
    client, auth, _phones, db = grow
    _reveal(client, auth)
    options = client.get("/g/gr/grow/api/options", headers=auth).get_json()
    assert options["phase"] == "pick" and options["player"] == "Ben"
    red = next(p for p in options["picks"] if p["card"]["code"] == "red-02")
    assert [t["text"] for t in red["targets"]] == ["new stack"]
    wrong = client.post("/g/gr/grow/api/move", json={"line": {"type": "pick", "player": "Ann", "card": "red-02"}}, headers=auth)
    assert wrong.status_code == 422 and wrong.get_json()["error"]["rule"] == "pick.not_your_turn"
    assert events_of(db)[-1].kind == "rejected"
    assert client.post("/g/gr/grow/api/move", json={"line": {"type": "sell"}}, headers=auth).status_code == 400
    assert client.post("/g/gr/grow/api/move", json={"line": {"type": "pick", "player": "Ben", "card": "red-02"}}).status_code == 403
    typo = client.post("/g/gr/grow/api/move", json={"line": {"type": "pick", "player": "Ben", "card": "red-02", "stak": "red-02"}},
                       headers=auth)  # issue 14: a key the line type lacks is refused, never stored and ignored
    assert typo.status_code == 422 and "unknown key 'stak'" in typo.get_json()["error"]["message"]
    assert events_of(db)[-1].kind == "rejected"
    assert client.get("/g/gr/grow/api/options", headers=auth).get_json()["player"] == "Ben"  # nothing was picked


def test_break_the_blue_token_any_time(grow):
    """'Players may switch out their blue token for five black tokens at any point throughout the game.'"""
    client, auth, _phones, db = grow
    assert client.post("/g/gr/grow/api/move", json={"line": {"type": "break", "player": "Cat"}}, headers=auth).status_code == 200
    cat = client.get("/g/gr/grow/state.json").get_json()["board"]["players"][2]
    assert cat["tokens"] == {"blue": 0, "black": 15, "worth": 15}
    assert "Cat" not in client.get("/g/gr/grow/api/options", headers=auth).get_json()["break"]


def test_steal_action_offered_after_the_pick(tmp_path):
    db = tmp_path / "act.db"
    start_grow(db, moves=[
        {"type": "draw", "cards": ["green-02", "green-01", "red-02"]},
        {"type": "reveal_bids", "bids": {"Ann": 3, "Ben": 2, "Cat": 1}},
        {"type": "pick", "player": "Ann", "card": "green-02"},
        {"type": "pick", "player": "Ben", "card": "green-01"},
    ])
    token, _ = tokens_of(db)
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    auth = {"X-Companion-Token": token}
    options = client.get("/g/gr/grow/api/options", headers=auth).get_json()
    assert options["phase"] == "act" and [a["text"] for a in options["acts"]] == ["Take green 3 from Ann"]
    assert client.get("/g/gr/grow/state.json").get_json()["board"]["pending"]["card"]["action"] == "may take a green card from another player"
    done = client.post("/g/gr/grow/api/move", json={"line": options["acts"][0]["line"]}, headers=auth).get_json()
    assert done["message"] == "Ben took green 3 from Ann."
    board = client.get("/g/gr/grow/state.json").get_json()["board"]
    assert [c["code"] for c in board["players"][1]["green"]] == ["green-01", "green-02"]
    assert board["players"][1]["score"]["green"] == 5


# --- phones and camera --------------------------------------------------------

def test_phone_needs_its_own_token_and_shows_no_amount(grow):
    client, auth, phones, _db = grow
    assert client.get(f"/g/gr/grow/me/Ann?k={phones['Ben']}").status_code == 403
    assert client.get("/g/gr/grow/me/Zed?k=x").status_code == 404
    bid(client, "Ann", 7, k=phones["Ann"])
    me = client.get(f"/g/gr/grow/me/Ann.json?k={phones['Ann']}").get_json()["me"]
    assert me == {"player": "Ann", "tokens": {"blue": 1, "black": 10, "worth": 15}, "bidding": True,
                  "sealed": True, "rebid": False, "round": 1}
    # Issue 17: the shared tablet hands out no seat's private link (only the host screen does, one seat at a time).
    assert client.get("/g/gr/grow/api/phones", headers=auth).status_code == 404
    table = client.get("/g/gr/grow/", headers=auth).get_data(as_text=True)
    assert "/me/" not in table and not any(k in table for k in phones.values())


def test_camera_reading_proposes_the_draw(tmp_path):
    db = tmp_path / "cam.db"
    start_grow(db)
    token, _ = tokens_of(db)
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    auth = {"X-Companion-Token": token}
    scan = [{"code": "green-02", "zone": "row", "table_mm": [380, 350]},
            {"code": "blue-07", "zone": "row", "table_mm": [470, 350]},
            {"code": "red-09", "zone": "row", "table_mm": [425, 460]},
            {"code": "gold-01", "zone": "seat:1", "table_mm": [200, 600]}]
    body = client.post("/g/gr/grow/api/table", json={"cards": scan}, headers=auth).get_json()
    assert body["proposed"] == {"type": "draw", "cards": ["green-02", "red-09", "blue-07"]}
    assert body["differences"] == [{"message": "cards at Ann's seat that Ann does not hold", "cards": ["gold-01"], "players": ["Ann"]}]
    assert client.post("/g/gr/grow/api/table", json={"cards": "nope"}, headers=auth).status_code == 400
    assert client.post("/g/gr/grow/api/photo", headers=auth, data={}).status_code == 409


def test_photo_check_reads_the_cards_the_live_camera_scanned(tmp_path, monkeypatch):
    """The only PHOTO_HANDLER (LiveCamera.photo, wired by `companion demo`) must hand the grow page a card list."""
    import threading

    import companion.live as live
    from companion.vision.pipeline import CardSeen, FrameResult

    seen = [("green-02", "row", (380.0, 350.0)), ("blue-07", "row", (470.0, 350.0)),
            ("red-09", "row", (425.0, 460.0))]

    class Reader:  # the vision pipeline, reading the photo
        def __init__(self, *args, **kwargs):
            pass

        def process(self, image):
            return FrameResult(cards=tuple(CardSeen(code=c, payload="p", corners=((0, 0),) * 4, centre_px=(0, 0),
                                                    table_mm=mm, zone=z) for c, z, mm in seen))

        def close(self):
            pass

    class Table:  # a running LiveTable, as far as LiveCamera.photo uses it
        pipeline = type("P", (), {"deck": None, "layout": None})()
        fusion = type("F", (), {"time": 0.0})()
        lock = threading.Lock()
        fed = []

        def feed_snapshot(self, snapshot):
            self.fed.append(snapshot)

        def status(self):
            return "settled"

    monkeypatch.setattr(live, "Pipeline", Reader)
    monkeypatch.setattr("companion.vision.sources.decode_image_bytes", lambda data: object())
    db = tmp_path / "photo.db"
    start_grow(db)
    token, _ = tokens_of(db)
    table = Table()
    app = create_app({"DB": str(db), "TESTING": True, "PHOTO_HANDLER": live.LiveCamera(table).photo})
    png = b"\x89PNG\r\n\x1a\n" + b"0" * 32
    response = app.test_client().post("/g/gr/grow/api/photo", headers={"X-Companion-Token": token},
                                      data={"photo": (io.BytesIO(png), "table.png")})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["proposed"] == {"type": "draw", "cards": ["green-02", "red-09", "blue-07"]}
    assert table.fed[0].cards == {"green-02": "row", "blue-07": "row", "red-09": "row"}


def test_serve_starts_a_two_player_grow_game_telling_only_the_dealer(tmp_path, capsys):
    import argparse

    from companion.commands.serve import _new_game
    from companion.games.grow.state import COLOUR

    args = argparse.Namespace(setup=None, players="Ann,Ben", first=None, game_type="grow")
    with open_store(tmp_path / "s.db") as store:
        session = _new_game(store, args)
        removed = session.state.removed
    assert sorted(COLOUR[c] for c in removed) == sorted(["green", "red", "blue", "gold"] * 2)
    printed = capsys.readouterr().out
    assert "Dealer only" in printed and all(c in printed for c in removed)
