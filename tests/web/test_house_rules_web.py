"""House rules on the web (issue 36): the club's new-game form offers them, the rules page and the end screen show them."""

from __future__ import annotations

import html
import json

from companion.games.grow.record import write_record
from companion.games.grow.selfplay import random_game
from companion.store.backends import open_store
from companion.store.session import GameSession, import_record
from companion.web import create_app

CONTINUE = "every warning is rolled, even after the card is gone"


def _client(db):
    return create_app({"DB": str(db), "TESTING": True, "CLUB": True}).test_client()


def test_the_new_game_form_offers_each_house_rule_as_a_labelled_select_with_the_default_chosen(tmp_path):
    page = html.unescape(_client(tmp_path / "c.db").get("/club/").get_data(as_text=True))
    fieldset = page[page.index('data-game="grow"'):]
    fieldset = fieldset[:fieldset.index("</fieldset>")]
    assert "<legend>House rules</legend>" in fieldset
    assert '<label>Order of warning rolls <select name="rule" data-rule="warning-rolls">' in fieldset
    assert '<option value="stop" selected>rolls stop once the card is gone</option>' in fieldset
    assert f'<option value="continue">{CONTINUE}</option>' in fieldset
    assert 'data-rule="gold-red-warnings"' in fieldset and 'data-rule="discarded-card-action"' in fieldset


def test_a_game_started_with_a_rule_keeps_it_and_its_rules_page_says_which_it_plays(tmp_path):
    db = tmp_path / "c.db"
    client = _client(db)
    refused = client.post("/club/new", json={"game": "grow", "table": "T1", "players": "Ann, Ben, Cat",
                                             "rules": {"warning-rolls": "sometimes"}})
    assert refused.status_code == 400 and "warning-rolls can be continue, stop" in refused.json["error"]["message"]
    assert client.get("/club/tables.json").json["tables"] == []
    started = client.post("/club/new", json={"game": "grow", "table": "T1", "players": "Ann, Ben, Cat",
                                             "rules": {"warning-rolls": "continue", "discarded-card-action": "lost"}})
    assert started.status_code == 201, started.json
    game_id = started.json["game_id"]
    with open_store(db) as store:
        setup = json.loads(GameSession(store, game_id).export_record().splitlines()[0])
    assert setup["rules"] == {"warning-rolls": "continue"}
    page = html.unescape(client.get(f"/g/{game_id}/rules").get_data(as_text=True))
    assert f'<li class="playing">{CONTINUE} — <strong>this game plays it</strong></li>' in page
    assert "<li>rolls stop once the card is gone <span class=\"fine\">(the companion's reading)</span></li>" in page
    assert "house rule warning-rolls" in page
    plain = html.unescape(client.get("/rules/grow").get_data(as_text=True))
    assert CONTINUE in plain and "this game plays it" not in plain


def test_a_finished_game_says_what_it_was_played_with(tmp_path):
    db = tmp_path / "c.db"
    record = write_record(random_game(11, 3, house={"warning-rolls": "continue", "discarded-card-action": "taken"}))
    plain = write_record(random_game(11, 3))
    with open_store(db) as store:
        import_record(store, record.splitlines(keepends=True), game_id="g1")
        import_record(store, plain.splitlines(keepends=True), game_id="g2")
    client = _client(db)
    seal = client.get("/g/g1/seal.json").json
    assert seal["over"] is True
    assert seal["played_with"] == f"Played with: {CONTINUE}; a discarded card's action is still taken"
    assert client.get("/g/g2/seal.json").json["played_with"] == ""
