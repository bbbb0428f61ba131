"""Entry API: moves, bids, undo and attention items; every bad entry is 4xx, says why and changes nothing."""

from __future__ import annotations

import pytest

from companion.web.access import card_handle, game_key
from tests.web.conftest import CODE, GAME_ID, LINES, kinds, session_of, snapshot

API = f"/g/{GAME_ID}/api"


def handle(db, code: str) -> str:
    store, _session = session_of(db)
    try:
        return card_handle(game_key(store, GAME_ID), code)
    finally:
        store.close()


def test_options_need_the_token(client, auth):
    assert client.get(f"{API}/options").status_code == 403
    assert client.get(f"{API}/options", headers={"X-Companion-Token": "wrong"}).status_code == 403
    options = client.get(f"{API}/options", headers=auth).json
    assert options["player"] == "Ann" and options["can_draw"] and not options["can_broke"]


def test_draw_picker_offers_only_draw_deck_cards(client, auth, db):
    options = client.get(f"{API}/options", headers=auth).json
    offered = {c["code"] for g in options["deck"] for c in g["cards"]} | set(options["timers"])
    store, session = session_of(db)
    from companion.games.bux.state import draw_deck

    assert offered == set(draw_deck(session.state))
    store.close()
    assert "bux-1" not in options["timers"]


def test_cookie_alone_cannot_act(client, token):
    """CSRF: a cross-site form can carry the cookie but not the header."""
    client.set_cookie(f"companion_{GAME_ID}", token)
    response = client.post(f"{API}/move", json={"line": {"type": "broke", "player": "Ann"}})
    assert response.status_code == 403


def test_join_link_sets_cookie_and_unlocks_entry_forms(client, token):
    assert client.get(f"/g/{GAME_ID}?t=wrong").status_code == 403
    response = client.get(f"/g/{GAME_ID}?t={token}")
    assert response.status_code == 302 and "t=" not in response.headers["Location"]
    page = client.get(f"/g/{GAME_ID}").get_data(as_text=True)
    assert 'id="entry"' in page and f'data-token="{token}"' in page


def test_bid_won_is_stored_and_pays(client, auth, db):
    line = {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": "165"}
    response = client.post(f"{API}/move", json={"line": line}, headers=auth)
    assert response.status_code == 200, response.json
    state, moves, _undos = snapshot(db)
    assert moves == 7 and state.chips == (325, 235, 160)
    assert response.json["message"].startswith("Ann drew") and CODE.search(response.json["message"]) is None


@pytest.mark.parametrize("line, status, rule, words", [
    ({"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": 163}, 422, "bid.not_multiple", "multiple of 5"),
    ({"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Ann", "price": 500}, 422, "bid.over_chips", "160 chips"),
    ({"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": "lots"}, 422, None, "whole number"),
    ({"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat"}, 422, None, "needs a price"),
    ({"type": "draw", "player": "Ben", "cards": LINES[6]["cards"], "winner": None}, 422, "draw.not_your_turn", "Ann"),
    ({"type": "draw", "player": "Ann", "cards": ["heart-x-100", "club-x-100", "spade-square-100"], "winner": None}, 422, "draw.not_in_draw_deck", "not in the draw deck"),
    ({"type": "sell", "player": "Ann", "sets": [["heart-x-100", "club-oval-25", "diamond-square-50"]]}, 422, "sell.not_a_set", "neither a suit nor a shape"),
    ({"type": "swap", "player": "Ann", "give": "heart-x-100", "take": "nothing", "from": "Ben"}, 422, None, "must be a card"),
    ({"type": "broke", "player": "Ann"}, 422, "broke.has_chips", ""),
    ({"type": "setup"}, 400, None, "draw, sell, swap or broke"),
    ({"player": "Ann"}, 400, None, "draw, sell, swap or broke"),
])
def test_bad_entries_are_rejected_with_a_reason_and_change_nothing(client, auth, db, line, status, rule, words):
    before = snapshot(db)
    response = client.post(f"{API}/move", json={"line": line}, headers=auth)
    assert response.status_code == status
    error = response.json["error"]
    assert words in error["message"]
    if rule and rule != "broke.has_chips":
        assert error["rule"] == rule
    assert CODE.search(error["message"]) is None, "codes carry back values; messages show faces"
    assert snapshot(db) == before
    if status == 422:
        assert kinds(db)[-1] == "rejected"


@pytest.mark.parametrize("body", ["not json", "[1, 2]", '{"line": "draw"}', '{"line": null}'])
def test_malformed_requests_are_400(client, auth, db, body):
    before = snapshot(db)
    response = client.post(f"{API}/move", data=body, content_type="application/json", headers=auth)
    assert response.status_code == 400 and response.json["error"]["message"]
    assert snapshot(db) == before


def test_sell_and_swap_use_handles(client, auth, db):
    sets = [[handle(db, c) for c in ["heart-circle-100", "heart-circle-25", "heart-x-100"]]]
    options = client.get(f"{API}/options", headers=auth).json
    assert sorted(sets[0]) in [sorted(s) for s in options["sell_sets"]]
    response = client.post(f"{API}/move", json={"line": {"type": "sell", "player": "Ann", "sets": sets}}, headers=auth)
    assert response.status_code == 200, response.json
    state, _moves, _undos = snapshot(db)
    assert state.chips[0] == 160 + 225 and "heart-x-100" in state.discard
    options = client.get(f"{API}/options", headers=auth).json
    assert options["player"] == "Ben"
    take = options["swap_take"][0]
    give = options["swap_give"][0]["h"]
    line = {"type": "swap", "player": "Ben", "give": give, "take": take["cards"][0]["h"], "from": take["from"]}
    assert client.post(f"{API}/move", json={"line": line}, headers=auth).status_code == 200
    assert snapshot(db)[1] == 8


def test_swap_of_protected_card_names_it_by_face(client, auth, db):
    """"A card is unprotected if it has the only suit or the only shape in its spread.\""""
    # Cat holds diamond-square-100 and diamond-square-25: identical faces protect each other.
    line = {"type": "swap", "player": "Ann", "give": handle(db, "heart-x-100"), "take": handle(db, "diamond-square-100"), "from": "Cat"}
    response = client.post(f"{API}/move", json={"line": line}, headers=auth)
    assert response.status_code == 422 and response.json["error"]["rule"] == "swap.take_protected"
    assert "♦ square" in response.json["error"]["message"]


def test_undo_is_a_compensating_event(client, auth, db):
    before = snapshot(db)
    response = client.post(f"{API}/undo", headers=auth)
    assert response.status_code == 200
    state, moves, undos = snapshot(db)
    assert undos == 1 and moves == before[1]
    assert state.chips == (200, 145, 200) or state != before[0]
    assert client.post(f"{API}/undo").status_code == 403


def test_undo_with_nothing_left_says_so(client, auth, db, tmp_path):
    from tests.web.conftest import start_game
    from companion.web import create_app

    path = tmp_path / "fresh.db"
    start_game(path, 0, game_id="fresh")
    fresh = create_app({"DB": str(path)}).test_client()
    from companion.store.sqlite import EventStore
    from companion.web.access import game_token

    with EventStore(path) as store:
        token = game_token(game_key(store, "fresh"))
    response = fresh.post("/g/fresh/api/undo", headers={"X-Companion-Token": token})
    assert response.status_code == 409 and "no move to undo" in response.json["error"]["message"]


def _raise(db, proposed):
    store, session = session_of(db)
    try:
        return session.raise_attention("camera: a draw was seen", cards=proposed.get("cards", []), players=["Ann"], proposed=proposed)
    finally:
        store.close()


def test_attention_confirm_submits_the_proposed_move(client, auth, db):
    item = _raise(db, {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": 165})
    board = client.get(f"/g/{GAME_ID}/state.json").json["board"]
    assert board["attention"][0]["id"] == item and board["attention"][0]["proposal"].startswith("Ann drew")
    response = client.post(f"{API}/attention/{item}", json={"how": "confirm"}, headers=auth)
    assert response.status_code == 200
    assert snapshot(db)[0].chips == (325, 235, 160)
    assert client.get(f"/g/{GAME_ID}/state.json").json["board"]["attention"] == []
    assert client.post(f"{API}/attention/{item}", json={"how": "confirm"}, headers=auth).status_code == 404


def test_attention_correct_submits_an_edited_move_and_resolves_it(client, auth, db):
    item = _raise(db, {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": 165})
    line = {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Ben", "price": 100}
    response = client.post(f"{API}/move", json={"line": line, "attention": item}, headers=auth)
    assert response.status_code == 200
    store, session = session_of(db)
    resolved = [e.data for e in session.events if e.kind == "resolved"]
    store.close()
    assert resolved == [{"id": item, "how": "corrected"}]


def test_attention_bad_confirm_leaves_item_open(client, auth, db):
    item = _raise(db, {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": 10000})
    before = snapshot(db)
    response = client.post(f"{API}/attention/{item}", json={"how": "confirm"}, headers=auth)
    assert response.status_code == 422 and "cannot pay" in response.json["error"]["message"]
    assert snapshot(db) == before
    assert client.post(f"{API}/attention/{item}", json={"how": "maybe"}, headers=auth).status_code == 400
    assert client.post(f"{API}/attention/{item}", json={"how": "dismiss"}, headers=auth).status_code == 200
    assert client.get(f"/g/{GAME_ID}/state.json").json["board"]["attention"] == []


@pytest.mark.parametrize("line, rule, words", [
    ({"type": "sell", "player": "Ann", "sets": [["heart-x-100", "club-oval-25", "diamond-square-50"]]}, "sell.not_a_set",
     "У карт ♥ крест [{a}], ♣ овал [{b}] и ♦ квадрат [{c}] нет ни общей масти, ни общей фигуры."),
    ({"type": "draw", "player": "Ben", "cards": LINES[6]["cards"], "winner": None}, "draw.not_your_turn",
     "Сейчас ход игрока Ann, а не игрока Ben."),
    ({"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": "lots"}, "draw.price_not_integer",
     "Цена — это целое число фишек, а не lots."),
    ({"type": "broke", "player": "Ann"}, "broke.has_chips", "У игрока Ann 160 фишек: «без фишек» — только тот, у кого их нет."),
])
def test_a_refusal_reads_as_a_russian_sentence_and_names_cards_by_face_only(client, auth, db, line, rule, words):
    """Issue 16: the engine's rule id and parameters, worded in the tablet's language; a card by suit, shape and tag, never its value."""
    before = snapshot(db)
    response = client.post(f"{API}/move?lang=ru", json={"line": line}, headers=auth)
    assert response.status_code == 422
    error = response.json["error"]
    assert error["rule"] == rule and "params" not in error, "parameters hold card codes: they never leave the server"
    with session_of(db)[0] as store:
        key = game_key(store, GAME_ID)
    from companion.web.access import card_tag

    tags = [card_tag(card_handle(key, c)) for c in (line.get("sets") or [[]])[0]]
    assert error["message"] == words.format(**dict(zip("abc", tags)))
    assert CODE.search(error["message"]) is None and not any(v in error["message"] for v in ("100", "25 ", "50"))
    assert snapshot(db) == before
