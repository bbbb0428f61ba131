"""House rules on the web (issue 36): the club's new-game form offers them, the rules page and the end screen show them."""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.games.grow.record import write_record
from companion.games.grow.selfplay import random_game
from companion.store.backends import open_store
from companion.store.session import GameSession, import_record
from companion.web import create_app
from tests.chromium import skip_without_chromium

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


@pytest.mark.browser
@skip_without_chromium
def test_in_a_browser_the_organiser_starts_a_game_with_a_house_rule_and_its_pages_say_so(tmp_path, browser):
    """The form's selects follow the chosen game; the rule reaches the setup line, the rules page and the seal footer."""
    from playwright.sync_api import expect

    from companion.web.asgi import ServerThread, listen_socket

    db = tmp_path / "c.db"
    app = create_app({"DB": str(db), "CLUB": True})
    server = ServerThread(app, sock=listen_socket("127.0.0.1", 0), threads=4).start()
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{server.port}/club/")
        page.locator("#club-new summary").click()
        page.select_option("#new-type", "grow")
        rules = page.locator('fieldset.house-rules[data-game="grow"]')
        expect(rules).to_be_visible()
        expect(page.get_by_label("Order of warning rolls")).to_have_value("stop")
        page.get_by_label("Order of warning rolls").select_option("continue")
        page.fill("#new-table", "Table 1")
        page.fill("#new-players", "Ann, Ben, Cat")
        page.click("#new-go")
        expect(page.locator("#new-host")).to_have_attribute("href", re.compile(r"^/g/[0-9a-f]+/host/$"))
        game_id = page.locator("#new-host").get_attribute("href").split("/")[2]
        with open_store(db) as store:
            assert json.loads(GameSession(store, game_id).export_record().splitlines()[0])["rules"] == {"warning-rolls": "continue"}
        page.goto(f"http://127.0.0.1:{server.port}/g/{game_id}/rules")
        expect(page.locator("li.playing").first).to_have_text(f"{CONTINUE} — this game plays it")
        expect(page.locator("#seal .played-with")).to_have_text(f"Played with: {CONTINUE}")
    finally:
        server.stop()
