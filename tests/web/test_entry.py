"""Entry API: moves, bids, undo and attention items; every bad entry is 4xx, says why and changes nothing."""

from __future__ import annotations

import re

import pytest

from companion.games.bux.state import PLAYING_CARDS as PLAYING
from companion.web.access import card_handle, game_key
from tests.web.bux_entries import face_of
from tests.web.conftest import CODE, GAME_ID, LINES, kinds, session_of, snapshot

API = f"/g/{GAME_ID}/api"


def handle(db, code: str) -> str:
    store, _session = session_of(db)
    try:
        return card_handle(game_key(store, GAME_ID), code)
    finally:
        store.close()


def with_handles(db, value):
    """Return value with every "h:<code>" string replaced by that card's handle."""
    if isinstance(value, str) and value.startswith("h:"):
        return handle(db, value[2:])
    if isinstance(value, list):
        return [with_handles(db, v) for v in value]
    return value


def test_options_need_the_token(client, auth):
    assert client.get(f"{API}/options").status_code == 403
    assert client.get(f"{API}/options", headers={"X-Companion-Token": "wrong"}).status_code == 403
    options = client.get(f"{API}/options", headers=auth).json
    assert options["player"] == "Ann" and options["can_draw"] and not options["can_broke"]


def faced_values(data) -> list:
    """Return every object in a JSON value that pairs a face with a value."""
    found = []
    if isinstance(data, dict):
        if "value" in data and ("suit" in data or "shape" in data):
            found.append(data)
        for v in data.values():
            found += faced_values(v)
    elif isinstance(data, list):
        for v in data:
            found += faced_values(v)
    return found


def test_options_hold_nothing_that_depends_on_the_draw_deck(client, auth, db):
    """The picker offers every suit, shape and value of the deck file; no code or value of the draw deck."""
    import json

    from companion.games.bux.state import DECK, draw_deck

    response = client.get(f"{API}/options", headers=auth)
    text, options = response.get_data(as_text=True), response.json
    store, session = session_of(db)
    deck = draw_deck(session.state)
    store.close()
    assert len(deck) > 20
    assert [c for c in deck if c in text and not c.startswith("bux-")] == [], "all three timer codes are offered, whichever are left"
    assert CODE.search(text) is None, "no card code at all: spread cards go by handle"
    assert faced_values(options) == []
    assert options["values"] == DECK.data["values"] == [25, 50, 100]
    assert options["suits"] == ["heart", "club", "spade", "diamond"] and len(options["shapes"]) == 4
    assert [t["code"] for t in options["timers"]] == ["bux-1", "bux-2", "bux-3"] and options["timers_out"] == 1

    # After a draw the draw deck is smaller, and the picker's choices are exactly the same.
    line = {"type": "draw", "player": "Ann", "cards": [face_of(c) for c in LINES[6]["cards"]], "winner": "Cat", "price": 165}
    assert client.post(f"{API}/move", json={"line": line}, headers=auth).status_code == 200
    after = client.get(f"{API}/options", headers=auth).json
    picker = ("suits", "shapes", "values", "timers", "timers_per_deck")
    assert {k: after[k] for k in picker} == {k: options[k] for k in picker}
    assert json.dumps(after).count("\"value\"") == 0 and faced_values(after) == []


def test_a_draw_named_by_face_and_value_is_stored_as_its_cards(client, auth, db):
    cards = [face_of(c) for c in LINES[6]["cards"]]
    assert cards[2] == "bux-3" and cards[0] == {"suit": "club", "shape": "x", "value": 100}
    cards[3]["value"] = "25"  # a value typed as text is read as the number it is
    line = {"type": "draw", "player": "Ann", "cards": cards, "winner": "Cat", "price": "165"}
    response = client.post(f"{API}/move", json={"line": line}, headers=auth)
    assert response.status_code == 200, response.json
    store, session = session_of(db)
    stored = [e.data for e in session.events if e.kind == "move"][-1]
    store.close()
    assert stored == {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": 165}


@pytest.mark.parametrize("card, words", [
    ({"suit": "heart", "shape": "x", "value": 75}, "values 25, 50, 100"),
    ({"suit": "star", "shape": "x", "value": 25}, "the suits are heart, club, spade, diamond"),
    ({"suit": "heart", "shape": "x"}, "There is no card"),
    (7, "Name each drawn card by its suit, shape and value."),
    ({"suit": ["heart"], "shape": {}, "value": [25]}, "There is no card"),
    ({"suit": "heart", "shape": "x", "value": True}, "There is no card"),
    ({"suit": "heart", "shape": "x", "value": 25.0}, "There is no card"),
])
def test_a_card_that_is_not_in_the_deck_file_is_refused_with_a_sentence(client, auth, db, card, words):
    before, events = snapshot(db), kinds(db)
    line = {"type": "draw", "player": "Ann", "cards": [card, face_of("spade-square-100"), face_of("diamond-oval-25")], "winner": None}
    response = client.post(f"{API}/move", json={"line": line}, headers=auth)
    assert response.status_code == 400
    assert words in response.json["error"]["message"]
    assert snapshot(db) == before and kinds(db) == events


def test_a_handle_in_a_draw_is_never_turned_into_a_card(client, auth, db):
    """A handle stands for a spread card: resolving it in a draw would let the refusal name its value."""
    line = {"type": "draw", "player": "Ann", "cards": [handle(db, "heart-x-100"), face_of("spade-square-100"),
                                                        face_of("diamond-oval-25")], "winner": None}
    response = client.post(f"{API}/move", json={"line": line}, headers=auth)
    assert response.status_code == 422 and "There is no card" in response.json["error"]["message"]
    assert "100" not in response.json["error"]["message"].replace("spade", "")
    history = client.get(f"/g/{GAME_ID}/state.json").json["board"]["history"]
    assert not any(entry.get("refused") for entry in history)


def test_a_draw_naming_a_card_outside_the_draw_deck_is_told_to_the_whole_table(client, auth, db):
    """The refusal tells the entrant the card is not in the draw deck: the scoreboard tells everyone, and no more."""
    line = {"type": "draw", "player": "Ann", "cards": [face_of("heart-x-100"), face_of("spade-square-100"),
                                                        face_of("diamond-oval-25")], "winner": None}
    before = snapshot(db)
    response = client.post(f"{API}/move", json={"line": line}, headers=auth)
    assert response.status_code == 422 and response.json["error"]["rule"] == "draw.not_in_draw_deck"
    said = "Refused: Ann's draw named ♥ X 100, which is not in the draw deck."
    assert response.json["error"]["message"] == said, "not whose spread, not its tag"
    assert snapshot(db) == before and kinds(db)[-1] == "rejected"
    history = client.get(f"/g/{GAME_ID}/state.json").json["board"]["history"]
    assert history[0] == {"n": None, "refused": True, "text": said}
    assert history[1]["n"] == 5 and not history[1].get("refused")

    # The table goes on; the refusal keeps its place between the moves.
    good = {"type": "draw", "player": "Ann", "cards": [face_of(c) for c in LINES[6]["cards"]], "winner": "Cat", "price": 165}
    assert client.post(f"{API}/move", json={"line": good}, headers=auth).status_code == 200
    history = client.get(f"/g/{GAME_ID}/state.json").json["board"]["history"]
    assert [entry["n"] for entry in history[:3]] == [6, None, 5]


def test_a_refused_draw_whose_cards_are_in_the_draw_deck_is_shown_too(client, auth, db):
    """A bad price is refused after the cards were found in the draw deck: that too told the entrant something."""
    cards = [face_of(c) for c in LINES[6]["cards"]]
    bad = {"type": "draw", "player": "Ann", "cards": cards, "winner": "Cat", "price": 7}
    response = client.post(f"{API}/move", json={"line": bad}, headers=auth)
    assert response.status_code == 422 and response.json["error"]["rule"] == "bid.not_multiple"
    # Refused before any card is looked up (not Ben's turn): nothing was told, nothing is shown.
    early = {"type": "draw", "player": "Ben", "cards": cards, "winner": None}
    assert client.post(f"{API}/move", json={"line": early}, headers=auth).json["error"]["rule"] == "draw.not_your_turn"
    history = client.get(f"/g/{GAME_ID}/state.json").json["board"]["history"]
    assert history[0] == {"n": None, "refused": True,
                          "text": "Refused, not stored: Ann's draw of ♣ X 100, ♠ square 100, BUX 3, ♦ oval 25."}
    assert history[1]["n"] == 5
    assert kinds(db)[-2:] == ["rejected", "rejected"]


def test_refusals_of_what_nobody_typed_stay_in_the_audit_only(client, db):
    """The camera's draws carry values nobody typed: a refused one is kept for the audit, never shown."""
    from companion.errors import RuleViolation

    store, session = session_of(db)
    line = {"type": "draw", "player": "Ann", "cards": ["heart-x-100", "spade-square-100", "diamond-oval-25"], "winner": None}
    with pytest.raises(RuleViolation):
        session.submit(line, source="camera")
    store.close()
    assert kinds(db)[-1] == "rejected"
    history = client.get(f"/g/{GAME_ID}/state.json").json["board"]["history"]
    assert not any(entry.get("refused") for entry in history)
    assert "X 100" not in str(history) and "Refused" not in str(history)


def test_confirming_a_proposal_whose_card_left_the_draw_deck_asks_for_a_correction(client, auth, db):
    store, session = session_of(db)
    proposed = {"type": "draw", "player": "Ann", "cards": ["heart-x-100", "spade-square-100", "diamond-oval-25"], "winner": None}
    item = session.raise_attention("the camera saw a draw", proposed=proposed)
    store.close()
    before, events = snapshot(db), kinds(db)
    response = client.post(f"{API}/attention/{item}", json={"how": "confirm"}, headers=auth)
    assert response.status_code == 409 and "Correct" in response.json["error"]["message"]
    assert snapshot(db) == before and kinds(db) == events


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
    ({"type": "sell", "player": "Ann", "sets": [["h:heart-x-100", "h:club-oval-25", "h:diamond-square-50"]]}, 422, "sell.not_a_set", "neither a suit nor a shape"),
    ({"type": "swap", "player": "Ann", "give": "h:heart-x-100", "take": "nothing", "from": "Ben"}, 422, None, "is not a card of this game"),
    ({"type": "sell", "player": "Ann", "sets": [["heart-x-100", "club-oval-25", "diamond-square-50"]]}, 400, None, "not by card codes"),
    ({"type": "swap", "player": "Ann", "give": "h:heart-x-100", "take": "spade-oval-100", "from": "Ben"}, 400, None, "not by card codes"),
    ({"type": "broke", "player": "Ann"}, 422, "broke.has_chips", ""),
    ({"type": "setup"}, 400, None, "draw, sell, swap or broke"),
    ({"player": "Ann"}, 400, None, "draw, sell, swap or broke"),
])
def test_bad_entries_are_rejected_with_a_reason_and_change_nothing(client, auth, db, line, status, rule, words):
    """Spread cards go by handle ("h:code" here): a typed code would make "not in Ann's spread" an oracle."""
    import json

    line = json.loads(json.dumps(line), object_hook=lambda d: {k: with_handles(db, v) for k, v in d.items()})
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


def test_sell_sets_are_listed_by_face_and_handle_never_by_code(client, auth, db):
    """The sets a player could sell name spread cards by handle; their order must not follow the hidden values.

    The engine lists combinations of codes sorted as strings (heart-circle-100 before
    heart-circle-25 before heart-x-100), so on the tablet three cards of one face came
    out in value order 100, 25, 50. Each set and the list are ordered by suit, shape and
    handle, what the tablet shows anyway.
    """
    from companion.games.bux.state import DECK, SHAPE, SUIT

    store, _session = session_of(db)
    try:
        key = game_key(store, GAME_ID)
    finally:
        store.close()
    code_of = {card_handle(key, c): c for c in PLAYING}
    suits, shapes = list(DECK.data["suits"]), list(DECK.data["shapes"])

    def shown(h: str) -> tuple:
        return (suits.index(SUIT[code_of[h]]), shapes.index(SHAPE[code_of[h]]), h)

    sets = client.get(f"{API}/options", headers=auth).json["sell_sets"]
    assert any(len({(SUIT[code_of[h]], SHAPE[code_of[h]]) for h in s}) < 3 for s in sets), "a set with two cards of a face"
    for cards in sets:
        assert cards == sorted(cards, key=shown), f"a set is listed in code order: {[code_of[h] for h in cards]}"
    assert sets == sorted(sets, key=lambda s: [shown(h) for h in s])


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
    from companion.store.backends import open_store
    from companion.web.access import game_token

    with open_store(path) as store:
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


@pytest.mark.parametrize("named", ["no-such-item", ["a", "list"], {"id": "x"}])
def test_a_move_naming_no_open_attention_item_is_refused_unstored(client, auth, db, named):
    """A resolved item, or an "attention" that is no id at all (a list used to be a 500), is a 409 and stores nothing."""
    _raise(db, {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": 165})
    before = snapshot(db)
    line = {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Ben", "price": 100}
    response = client.post(f"{API}/move", json={"line": line, "attention": named}, headers=auth)
    assert response.status_code == 409 and "already resolved" in response.json["error"]["message"]
    assert snapshot(db) == before


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
    sent = {**line, "sets": [[handle(db, c) for c in group] for group in line["sets"]]} if "sets" in line else line
    response = client.post(f"{API}/move?lang=ru", json={"line": sent}, headers=auth)  # spread cards go by handle
    assert response.status_code == 422
    error = response.json["error"]
    assert error["rule"] == rule and "params" not in error, "parameters hold card codes: they never leave the server"
    with session_of(db)[0] as store:
        key = game_key(store, GAME_ID)
    from companion.web.access import card_tag

    tags = [card_tag(card_handle(key, c)) for c in (line.get("sets") or [[]])[0]]
    assert error["message"] == words.format(**dict(zip("abc", tags)))
    untagged = re.sub(r"\[[0-9A-F]{3}\]", "", error["message"])  # a tag is 3 hex digits and may read "050"
    assert CODE.search(error["message"]) is None and not any(v in untagged for v in ("100", "25", "50"))
    assert snapshot(db) == before
