"""Translations: every catalog (the shared screens' and each game's) holds exactly its sources' strings,
each has a Russian text with its placeholders, its .mo is up to date, and Flask-Babel reads them all."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.mofile import read_mo, write_mo

from companion.web import catalogs
from companion.web.catalogs import read_catalog, table

PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]")
REBUILD = "run scripts/web_catalogs.sh"


def _ids(catalog) -> set:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalog if m.id}


@pytest.fixture(scope="module")
def every_catalog():
    return catalogs.all_catalogs()


@pytest.fixture(scope="module")
def extracted(every_catalog) -> dict[str, set]:
    return {catalog.name: _ids(catalogs.extract(catalog)) for catalog in every_catalog}


def test_the_shared_catalog_and_one_per_game_each_in_its_own_folder(every_catalog):
    from companion.games import game_modules

    names = [catalog.name for catalog in every_catalog]
    assert names == ["shared", *game_modules()]
    for catalog in every_catalog[1:]:
        assert catalog.folder.parent.name == "screens" and catalog.folder.parent.parent.name == catalog.name
        assert {path.name for path, _method in catalog.sources} >= {"history.py", f"{catalog.name}.deck.json"}
    shared = every_catalog[0]
    assert all(path.is_relative_to(catalogs.SHARED) for path, _method in shared.sources)


def test_each_catalog_holds_exactly_the_strings_its_sources_use(every_catalog, extracted):
    for catalog in every_catalog:
        for language in catalogs.LANGUAGES:
            held = _ids(read_catalog(catalog.po(language), language))
            missing, stale = extracted[catalog.name] - held, held - extracted[catalog.name]
            assert not missing and not stale, f"{REBUILD} ({catalog.name}/{language}): missing {sorted(map(str, missing))[:3]}, stale {sorted(map(str, stale))[:3]}"


def test_a_games_strings_stay_out_of_the_shared_catalog(extracted):
    # Strings the BUX history, rules page and deck file show: in BUX's catalog, not the shared one.
    for text in ("%(winner)s won the bid for %(price)s.", "Timer card order", "Third BUX card: the deck is over, reshuffle."):
        assert text in extracted["bux"] and text not in extracted["shared"]
    assert not [text for text in extracted["shared"] if "BUX" in str(text)]


def test_every_russian_text_is_filled_and_keeps_placeholders(every_catalog):
    for catalog in every_catalog:
        for message in read_catalog(catalog.po("ru"), "ru"):
            if not message.id:
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            texts = [message.string] if isinstance(message.string, str) else list(message.string)
            assert all(texts), f"untranslated in {catalog.name}: {message.id!r}"
            wanted = set(PLACEHOLDER.findall(ids[-1])) - {"num"}
            for text in texts:
                assert wanted <= set(PLACEHOLDER.findall(text)), (catalog.name, message.id, text)


def test_compiled_catalogs_match_their_po_files(every_catalog):
    for catalog in every_catalog:
        for language in catalogs.LANGUAGES:
            po = read_catalog(catalog.po(language), language)
            with catalog.mo(language).open("rb") as handle:
                committed = read_mo(handle)
            buffer = io.BytesIO()
            write_mo(buffer, po)
            buffer.seek(0)
            assert table(committed) == table(read_mo(buffer)), f"recompile {catalog.name}/{language}: {REBUILD}"
            assert language == "en" or len(table(committed)) > 50, catalog.name


def test_no_two_catalogs_translate_a_string_differently(every_catalog):
    # Flask-Babel merges the catalogs into one table per language: a text in two must read the same in both.
    seen: dict = {}
    for catalog in every_catalog:
        for message_id, text in table(read_catalog(catalog.po("ru"), "ru")).items():
            first = seen.setdefault(message_id, (catalog.name, text))
            assert first[1] == text, f"{message_id!r}: {first[0]} says {first[1]!r}, {catalog.name} says {text!r}"


def test_each_russian_text_sits_beside_the_strings_that_use_it(every_catalog, extracted):
    russian = {catalog.name: catalogs.russian_texts(catalog.russian) for catalog in every_catalog}
    assert not list(catalogs.misplaced_russian(extracted, russian))


def test_misplaced_russian_names_a_games_string_in_the_shared_dicts():
    ids = {"shared": {"Camera"}, "bux": {"Dice", "Sell"}, "grow": {"Dice"}}
    russian = {"shared": {"Camera": "Камера", "Dice": "Кубики", "Sell": "Продать", "Gone": "Нет"}, "bux": {}, "grow": {"Plant": "Посадить"}}
    assert list(catalogs.misplaced_russian(ids, russian)) == [
        "shared: ru_source: no string uses 'Gone'", "shared: ru_source: 'Sell' is only bux's: move it to that game's ru_source.py",
        "grow: ru_source: no string uses 'Plant'"]


def test_flask_babel_reads_the_shared_and_every_games_catalog(app):
    from companion.web.i18n import TRANSLATIONS, translation_directories

    directories = app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";")
    assert directories == [str(folder) for folder in translation_directories()]
    assert directories[0] == str(TRANSLATIONS) and len(directories) == 1 + len(catalogs.game_catalogs())


def test_a_game_named_in_companion_games_brings_its_own_catalog(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_GAMES", "tests.high_card")
    from companion.web import create_app

    high = [catalog for catalog in catalogs.all_catalogs() if catalog.name == "high"]
    assert high and high[0].folder.parent.parent.name == "high_card"
    assert table(read_catalog(high[0].po("ru"), "ru"))["High Card"] == "Старшая карта", REBUILD + " with COMPANION_GAMES=tests.high_card"
    app = create_app({"DB": str(tmp_path / "games.db"), "TESTING": True})
    with app.test_request_context("/?lang=ru"):
        from companion.web.screens import all_screens

        assert str(all_screens()["high"].title) == "Старшая карта"


def test_russian_pages_and_api_speak_russian(client):
    page = client.get("/g/g1/rules?lang=ru").get_data(as_text=True)
    assert "Наши толкования" in page and "Порядок карт-таймеров" in page
    history = client.get("/g/g1/state.json").json["board"]["history"]
    assert history[0]["text"] == "Cat открыл(а) ♥ круг, ♥ круг, ♣ квадрат. Торг выиграл(а) Ann за 125."
    assert "продал(а) 1 набор за 175." in history[1]["text"]
    error = client.post("/g/g1/api/undo").json["error"]["message"]
    assert "ссылка подключения" in error
