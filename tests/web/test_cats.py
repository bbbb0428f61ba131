"""Cat auction pages on a real SQLite store: who may enter what, and that no hidden card leaks.

Hands and the lot are secret (docs/cats.md, `companion.knowledge`): the tablet enters
only face-up facts, each phone only its owner's facts, and shared HTML/JSON/SSE carry
hand sizes, never a hand.
"""

from __future__ import annotations

import json
import re

import pytest

from companion.games.cats.selfplay import as_table_records, random_game
from companion.games.cats.record import move_to_json
from companion.games.cats.state import ALL_CARDS
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token
from tests.web.cats_entries import table_entry

GAME = "c1"
PLAYERS = ["Аня", "Борис", "Вика"]
HANDS = {
    "Аня": ["1", "1", "1000", "1000", "2000", "2000", "5000", "zero", "peek"],
    "Борис": ["1", "1", "1000", "1000", "2000", "2000", "5000", "shish", "random"],
    "Вика": ["1", "1", "1000", "1000", "2000", "5000", "5000", "top-up", "cancel-double"],
}
CODE = re.compile("|".join(re.escape(c) for c in sorted(ALL_CARDS, key=len, reverse=True)))


@pytest.fixture
def db(store_target):
    """A cat auction just set up, once per backend."""
    path = store_target
    with open_store(path) as store:
        GameSession.start(store, {"type": "setup", "game": "cats", "players": PLAYERS, "first": "Аня"}, game_id=GAME)
    return path


@pytest.fixture
def client(db):
    return create_app({"DB": str(db), "TESTING": True, "SSE_SECONDS": 0.3, "SSE_POLL": 0.05}).test_client()


@pytest.fixture
def keys(db):
    with open_store(db) as store:
        key = game_key(store, GAME)
    return {"game": game_token(key), **{p: player_token(key, p) for p in PLAYERS}}


def tablet(client, keys, entry, lang="en"):
    return client.post(f"/g/{GAME}/cats/api/move?lang={lang}", json=entry, headers={"X-Companion-Token": keys["game"]})


def phone(client, keys, player, entry, lang="en"):
    return client.post(f"/g/{GAME}/cats/me/{player}/move?lang={lang}", json=entry, headers={"X-Companion-Token": keys[player]})


def moves_stored(db) -> int:
    with open_store(db) as store:
        return sum(e.kind == "move" for e in GameSession(store, GAME).events)


def deal_all(client, keys):
    for player, cards in HANDS.items():
        assert phone(client, keys, player, {"type": "deal", "cards": cards}).status_code == 200


def test_the_game_link_opens_the_cat_auction_page(client):
    response = client.get(f"/g/{GAME}")
    assert response.status_code == 302 and response.location.endswith(f"/g/{GAME}/cats/")
    page = client.get(f"/g/{GAME}/cats/?lang=ru").get_data(as_text=True)
    assert "Котики" in page and "Ставка" in page and "Планшет" not in page  # no entry panel without the token


def test_each_phone_enters_its_own_hand_and_the_deal_then_opens_the_first_round(client, keys, db):
    state = client.get(f"/g/{GAME}/cats/state.json").get_json()["board"]
    assert state["phase"] == "deal" and state["waiting_for_hands"] == PLAYERS
    deal_all(client, keys)
    board = client.get(f"/g/{GAME}/cats/state.json?lang=ru").get_json()["board"]
    assert board["phase"] == "lot" and board["phase_text"].startswith("Выложите верхнюю карту")
    assert [p["cards"] for p in board["players"]] == [9, 9, 9]


def test_private_entries_need_that_players_own_token(client, keys, db):
    before = moves_stored(db)
    entry = {"type": "deal", "cards": HANDS["Аня"]}
    assert client.post(f"/g/{GAME}/cats/me/Аня/move", json=entry).status_code == 403
    assert client.post(f"/g/{GAME}/cats/me/Аня/move", json=entry, headers={"X-Companion-Token": keys["Борис"]}).status_code == 403
    assert client.post(f"/g/{GAME}/cats/me/Аня/move", json=entry, headers={"X-Companion-Token": keys["game"]}).status_code == 403
    assert client.get(f"/g/{GAME}/cats/me/Аня.json", headers={"X-Companion-Token": keys["Борис"]}).status_code == 403
    assert client.get(f"/g/{GAME}/cats/me/Аня?k=wrong").status_code == 403
    assert client.get(f"/g/{GAME}/cats/me/Дима.json").status_code == 404
    assert moves_stored(db) == before


def test_the_tablet_enters_only_the_lot_and_refuses_every_hand_entry_in_a_sentence(client, keys, db):
    """docs/cats.md: the shared tablet cannot enter what only a hand's holder knows (no oracle on a hidden hand)."""
    deal_all(client, keys)
    assert client.post(f"/g/{GAME}/cats/api/move", json={"type": "lot"}).status_code == 403
    assert tablet(client, keys, {"type": "lot"}).status_code == 200
    before, rejected = moves_stored(db), kinds_stored(db).count("rejected")
    for entry in ({"type": "bid", "player": "Аня", "cards": ["1000", "1"]}, {"type": "bid", "player": "Аня", "cards": ["5000", "5000"]},
                  {"type": "play", "player": "Аня", "card": "zero"}, {"type": "play", "player": "Аня", "card": "golden"},
                  {"type": "pass", "player": "Аня", "card": "1"}, {"type": "deal", "player": "Аня", "cards": []},
                  {"type": "draw", "player": "Аня", "cards": ["1"]}, {"type": "reveal", "player": "Аня", "cards": ["zero"]}):
        response = tablet(client, keys, entry, lang="ru")
        assert response.status_code == 422
        assert response.get_json()["error"]["message"] == (
            "На планшете вводят только лот. Ставки, карты котиков и пасы каждый игрок вводит на своём телефоне."), entry
    assert moves_stored(db) == before and kinds_stored(db).count("rejected") == rejected
    assert phone(client, keys, "Аня", {"type": "bid", "cards": ["1000", "1"]}).status_code == 200


def kinds_stored(db) -> list[str]:
    with open_store(db) as store:
        return [e.kind for e in GameSession(store, GAME).events]


def test_a_violation_comes_back_in_the_devices_language_and_changes_nothing(client, keys, db):
    deal_all(client, keys)
    tablet(client, keys, {"type": "lot"})
    phone(client, keys, "Аня", {"type": "bid", "cards": ["1000"]})
    before = moves_stored(db)
    ru = phone(client, keys, "Борис", {"type": "bid", "cards": ["1000"]}, lang="ru").get_json()["error"]
    en = phone(client, keys, "Борис", {"type": "bid", "cards": ["1000"]}, lang="en").get_json()["error"]
    assert ru["rule"] == "bid.too_low" and "вдвое" in ru["message"] and "2000" in ru["message"]
    assert "does not double" in en["message"]
    cat = phone(client, keys, "Вика", {"type": "play", "card": "top-up"}, lang="ru").get_json()["error"]
    assert cat["rule"] == "play.not_your_turn" and "ход игрока Борис" in cat["message"]
    assert moves_stored(db) == before


def test_a_phone_is_told_in_the_second_person_that_its_hand_lacks_the_cards(client, keys, db):
    """Only the hand's holder checks a bid against the hand, and hears it as «you»: «У вас нет таких карт.»"""
    deal_all(client, keys)
    tablet(client, keys, {"type": "lot"})
    before = moves_stored(db)
    ru = phone(client, keys, "Аня", {"type": "bid", "cards": ["5000", "5000"]}, lang="ru").get_json()["error"]["message"]
    en = phone(client, keys, "Аня", {"type": "pass", "card": "shish"}, lang="en").get_json()["error"]["message"]
    assert ru == "У вас нет таких карт." and en == "You do not hold these cards."
    assert moves_stored(db) == before


def test_a_won_face_down_lot_is_named_on_the_winners_phone_and_losers_draw_there(client, keys, db):
    deal_all(client, keys)
    tablet(client, keys, {"type": "lot"})
    assert phone(client, keys, "Аня", {"type": "bid", "cards": ["1000"]}).status_code == 200
    assert phone(client, keys, "Борис", {"type": "pass", "card": "2000"}).status_code == 200
    assert phone(client, keys, "Вика", {"type": "pass", "card": "1"}).status_code == 200
    me = client.get(f"/g/{GAME}/cats/me/Аня.json", headers={"X-Companion-Token": keys["Аня"]}).get_json()["me"]
    assert me["may"]["reveal"] == 1 and {"label": "2000", "name": "2000", "count": 3, "number": True} in me["hand"]
    wrong = phone(client, keys, "Аня", {"type": "reveal", "cards": ["1000"]}, lang="ru")
    # The rules' own refusal (a number card is no prize card), not a look into the Prize pool.
    assert wrong.status_code == 422 and wrong.get_json()["error"]["message"].startswith("1000 — не карта котика")
    assert phone(client, keys, "Аня", {"type": "reveal", "cards": ["double"]}).status_code == 200
    board = client.get(f"/g/{GAME}/cats/state.json").get_json()["board"]
    assert board["phase"] == "drawing" and board["turn"] == "Борис"
    assert phone(client, keys, "Борис", {"type": "draw", "cards": ["5000", "1"]}).status_code == 200
    assert phone(client, keys, "Вика", {"type": "draw", "cards": ["1000", "1000"]}).status_code == 200
    assert client.get(f"/g/{GAME}/cats/state.json").get_json()["board"]["phase"] == "lot"


def leaked_codes(text: str) -> set[str]:
    return set(CODE.findall(text))


def test_no_hand_leaks_in_shared_html_json_or_sse_and_each_phone_sees_only_its_own(client, keys):
    deal_all(client, keys)
    tablet(client, keys, {"type": "lot"})
    phone(client, keys, "Аня", {"type": "bid", "cards": ["2000"]})
    phone(client, keys, "Борис", {"type": "pass", "card": "shish"})  # a penalty nobody else may learn
    shared = [client.get(f"/g/{GAME}/cats/state.json?lang={lang}").get_data(as_text=True) for lang in ("en", "ru")]
    shared += [client.get(f"/g/{GAME}/cats/").get_data(as_text=True), client.get(f"/g/{GAME}/state.json").get_data(as_text=True),
               client.get(f"/g/{GAME}/stream").get_data(as_text=True), client.get(f"/g/{GAME}/cats/?lang=ru").get_data(as_text=True)]
    for i, text in enumerate(shared):
        if i < 2:  # JSON: compare real text, minus the pickers' list of every card name
            body = json.loads(text)["board"]
            body.pop("labels")
            text = json.dumps(body, ensure_ascii=False)
        assert leaked_codes(text) <= {"bank-2000-01"}, "only the face-up bid may be named"
        assert "ШиШ" not in text and "Nothing doing" not in text
    board = json.loads(shared[0])["board"]
    assert all("hand" not in p for p in board["players"]) and "hand" not in board
    assert "Nothing doing" not in json.dumps(board["history"])
    mine = client.get(f"/g/{GAME}/cats/me/Вика.json", headers={"X-Companion-Token": keys["Вика"]}).get_json()["me"]
    labels = {c["label"] for c in mine["hand"]}
    assert labels == {"1", "1000", "2000", "5000", "top-up", "cancel-double"}
    assert "zero" not in json.dumps(mine) or "zero" in json.dumps(mine["labels"])
    assert not any(k in mine for k in ("hands",)) and all("hand" not in p for p in mine["players"])


def test_a_whole_game_plays_through_the_pages(client, keys, db):
    """A random legal game, entered as a real table would: the lot on the tablet, everything else on each player's phone."""
    moves = as_table_records(random_game(7, 3))
    names = {old: new for old, new in zip(moves[0].players, PLAYERS)}
    first = names[moves[0].first]
    with open_store(db) as store:
        GameSession.start(store, {"type": "setup", "game": "cats", "players": PLAYERS, "first": first}, game_id="c2")
        key = game_key(store, "c2")
    for move in moves[1:]:
        line = move_to_json(move)
        kind, player = line["type"], names.get(line.get("player"))
        entry = table_entry(line)
        if kind == "lot":
            response = client.post("/g/c2/cats/api/move", json=entry, headers={"X-Companion-Token": game_token(key)})
        else:
            response = client.post(f"/g/c2/cats/me/{player}/move", json=entry, headers={"X-Companion-Token": player_token(key, player)})
        assert response.status_code == 200, (line, response.get_json())
    board = client.get("/g/c2/cats/state.json?lang=ru").get_json()["board"]
    assert board["over"] and board["phase_text"].startswith("Игра окончена")
    with open_store(db) as store:
        session = GameSession(store, "c2")
        exported = session.export_record()
    assert exported.count("\n") == len(moves)


def test_rules_page_shows_the_hint_table_and_every_reading_in_both_languages(client):
    from companion.cards.decks import load_deck

    readings = load_deck("cats").data["readings"]
    ru = client.get("/rules/cats?lang=ru").get_data(as_text=True)
    en = client.get(f"/g/{GAME}/rules?lang=en").get_data(as_text=True)
    old = client.get(f"/g/{GAME}/cats/rules?lang=en")
    assert old.status_code == 302 and old.headers["Location"].endswith(f"/g/{GAME}/rules?lang=en"), "old links still land"
    import html

    ru, en = html.unescape(ru), html.unescape(en)
    for reading in readings:
        assert reading["reading_ru"] in ru and reading["topic_ru"] in ru
        assert reading["reading"] in en and reading["why"] in en
    assert "Отмени золотую ставку" in ru and "Предыдущая «Золотая ставка»" in ru and "Кто что вводит" in ru
    assert "Cancel the golden stake" in en and "Who enters what" in en
    assert "3 to 5 players" not in en  # not the BUX summary


def test_serve_starts_a_cat_auction_with_a_secret_deal(tmp_path):
    import argparse

    from companion.commands.serve import _new_game

    args = argparse.Namespace(setup=None, players="Аня,Борис,Вика", first="Борис", game_type="cats")
    with open_store(tmp_path / "s.db") as store:
        session = _new_game(store, args)
        assert session.game.name == "cats" and session.state.phase == "deal" and session.state.players[session.state.starter] == "Борис"


def test_a_phone_says_your_turn_to_its_owner_and_offers_only_what_the_stake_allows(client, keys):
    deal_all(client, keys)
    tablet(client, keys, {"type": "lot"})

    def phase(player):
        return client.get(f"/g/{GAME}/cats/me/{player}.json?lang=ru", headers={"X-Companion-Token": keys[player]}).get_json()["me"]["phase_text"]
    assert phase("Аня") == "Ваш ход: ставка числовыми картами или пас."  # zero stake: no cat card may open
    assert phase("Борис") == "Ход: Аня — ставка числовыми картами или пас."
    phone(client, keys, "Аня", {"type": "bid", "cards": ["1000"]})
    assert phase("Борис") == "Ваш ход: ставка, карта котика или пас."


def test_a_refusal_names_cards_as_players_do_never_by_code(client):
    """No raw codes: «Обнули ставку», not 'cat-zero-1' (nor the code in brackets after the name)."""
    from companion.games.cats.messages import W
    from companion.web.common import error_body
    from companion.games.cats.screens.view import CatsView

    view = CatsView.__new__(CatsView)  # sanitise needs no session
    with client.application.test_request_context("/?lang=ru"):
        said = error_body(view, W.violation("deal.card_taken", card="cat-zero-1"))
        turned = error_body(view, W.violation("play.turned_not_in_deck", turned="bank-1000-03", deck="bank"))
    assert said["error"]["message"] == "Карта «Обнули ставку» уже у другого игрока."
    assert "bank-1000-03" not in turned["error"]["message"] and "1000" in turned["error"]["message"]
