"""Issue 36: every house reading says what it is, in the reader's language.

A reading is a choice: the rules page gives, for each one, the choice, why,
the rule sheet's own words it rests on (or that the sheet says nothing), and
the other plausible reading with what it would change. These tests check the
deck files hold all five parts for every reading of every game, that each part
has its Russian where the catalog build takes it (the game's ru_source dicts,
which for cats read the deck file's _ru fields), that each quote is really in
the customer's rule sheet, and that the page shows the quote and the other
reading in English and in Russian.

The Russian page is checked against catalogs built here, into a temporary
folder, by the same functions scripts/web_catalogs.sh runs
(companion/web/catalogs.py): the committed .mo files are rebuilt only by the
lead after merges, so a new reading is not yet in them.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from companion.cards.decks import READING_PARTS, SHEET_SILENT, deck_path, load_deck, reading_texts
from companion.web import catalogs, create_app
from companion.web.i18n import translation_directories

GAMES = ("bux", "cats", "grow", "match")
RULE_SHEETS = {
    "bux": ("bux-rules.txt", "bux-chart.txt"),
    "cats": ("cat-auction-ru.txt",),
    "grow": ("grow-your-assets.txt",),
    "match": ("blue-red-match.txt",),
}
"""The customer's rule sheets (kept outside the repository, in shared/rules/ beside the checkouts)."""
REPO = Path(__file__).resolve().parents[2]


def _game_catalog(game: str) -> catalogs.MessageCatalog:
    return next(c for c in catalogs.game_catalogs() if c.name == game)


def _russian(game: str) -> dict:
    """Return the Russian texts the catalog build gives this game: the shared dicts, then the game's own."""
    return {**catalogs.russian_texts(catalogs.shared_catalog().russian), **catalogs.russian_texts(_game_catalog(game).russian)}


def _deck_ids(game: str) -> set[str]:
    """Return the ids the deck extractor (the one the catalog build uses) takes from the game's deck file."""
    return {message for _line, message, _comments, _context in extract_from_file(catalogs.DECK_EXTRACTOR, str(deck_path(game)))}


@pytest.mark.parametrize("game", GAMES)
def test_every_reading_has_all_its_parts_and_their_russian(game):
    readings = load_deck(game).readings
    russian = _russian(game)
    extracted = _deck_ids(game)
    assert readings
    for reading in readings:
        texts = reading_texts(reading)
        for part in READING_PARTS:
            text = texts[part]
            assert text.strip(), f"{game}: {reading['topic']!r} has no {part}"
            assert text in extracted, f"{game}: the catalog build would not take {part} of {reading['topic']!r}"
            assert russian.get(text, "").strip(), f"{game}: no Russian for {part} of {reading['topic']!r}: {text!r}"
        assert texts["alternative"] != texts["why"] and texts["sheet"] != texts["reading"]


def _sheet_folder() -> Path:
    """Return the folder holding the customer's rule sheets: shared/rules/ in the checkout's nearest ancestor that has one."""
    for folder in REPO.parents:
        if (folder / "shared" / "rules" / "bux-rules.txt").is_file():
            return folder / "shared" / "rules"
    pytest.skip("the customer's rule sheets (shared/rules/ beside the checkout) are not on this machine")


def _flat(text: str) -> str:
    """Whitespace made single spaces, none before punctuation: the sheets were copied from page layouts."""
    return re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"\s+", " ", text)).strip()


def _quoted(game: str, reading) -> tuple[str, list[str]]:
    """Return (the quote in the sheet's own language, the pieces that must each be in the sheet).

    An English sheet's quote leaves words out with " ... " only. The cat auction's sheet is
    Russian and laid out as a table, so its quote (sheet_ru) may also join cells with ";" or
    sentences with ". ".
    """
    if game == "cats":
        quote = reading["sheet_ru"]
        return quote, re.split(r"\s*…\s*|;\s*|\.\s+", quote)
    quote = reading["sheet"]
    return quote, quote.split(" ... ")


@pytest.mark.parametrize("game", GAMES)
def test_each_quote_is_the_rule_sheets_own_words(game):
    folder = _sheet_folder()
    sheet = _flat(" ".join((folder / name).read_text(encoding="utf-8") for name in RULE_SHEETS[game]))
    quotes = 0
    for reading in load_deck(game).readings:
        quote, pieces = _quoted(game, reading)
        if quote == SHEET_SILENT:
            continue
        quotes += 1
        for piece in pieces:
            assert _flat(piece) in sheet, f"{game}: {reading['topic']!r} quotes words the sheet does not have: {piece!r}"
    assert quotes >= len(load_deck(game).readings) - 2


def test_a_quote_that_is_not_in_the_sheet_is_caught():
    sheet = _flat("Each round, draw the top number of cards\nfrom the deck matching the number of players")
    assert _flat("draw the top number of cards from the deck") in sheet
    assert _flat("draw the top two cards from the deck") not in sheet


@pytest.fixture(scope="module")
def fresh_client(tmp_path_factory):
    """A client whose Russian includes catalogs built now from the deck files and rules.html (as web_catalogs.sh would)."""
    root = tmp_path_factory.mktemp("catalogs")
    shared_russian = catalogs.russian_texts(catalogs.shared_catalog().russian)
    template = REPO / "companion" / "web" / "templates" / "rules.html"
    folders = []
    for game in GAMES:
        real = _game_catalog(game)
        sources = ((Path(str(deck_path(game))), catalogs.DECK_EXTRACTOR), (template, "jinja2"))
        partial = catalogs.MessageCatalog(game, root / game, sources, real.russian)
        problems = list(catalogs.build(partial, catalogs.extract(partial), shared_russian))
        assert not problems, problems
        folders.append(partial.folder)
    directories = ";".join(str(folder) for folder in [*translation_directories(), *folders])
    app = create_app({"DB": str(root / "s.db"), "TESTING": True, "BABEL_TRANSLATION_DIRECTORIES": directories})
    return app.test_client()


def _page(client, game: str, language: str) -> str:
    response = client.get(f"/rules/{game}?lang={language}")
    assert response.status_code == 200
    return html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_shows_each_quote_and_other_reading_in_english_and_russian(fresh_client, game):
    en, ru = _page(fresh_client, game, "en"), _page(fresh_client, game, "ru")
    russian = _russian(game)
    readings = load_deck(game).readings
    for reading in readings:
        texts = reading_texts(reading)
        for part in ("sheet", "alternative"):
            assert texts[part] in en, f"{game}: {part} of {reading['topic']!r} missing from the English rules page"
            assert russian[texts[part]] in ru, f"{game}: {part} of {reading['topic']!r} missing from the Russian rules page"
    quoted = sum(reading_texts(r)["sheet"] != SHEET_SILENT for r in readings)
    assert en.count("The sheet says:") == quoted and ru.count("На листе правил сказано:") == quoted
    assert en.count("Other reading:") == len(readings) and ru.count("Другое толкование:") == len(readings)
    assert "The sheet says:" not in ru and "Other reading:" not in ru


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_names_its_other_reading_and_a_forced_one_says_why_there_is_none(game):
    """A topic marked "(our choice)" is the companion's invention, so another reading is plausible; a reading with
    "None plausible" is forced by the sheet, and says why, in both languages."""
    russian = _russian(game)
    forced = 0
    for reading in load_deck(game).readings:
        texts = reading_texts(reading)
        alternative = texts["alternative"]
        if "(our choice)" in texts["topic"]:
            assert not alternative.startswith("None plausible"), texts["topic"]
        if alternative.startswith("None plausible"):
            forced += 1
            assert len(alternative) > len("None plausible: ") + 20, f"{game}: {texts['topic']!r} does not say why no other reading fits"
            assert russian[alternative].startswith("Других правдоподобных нет: "), texts["topic"]
    assert forced < len(load_deck(game).readings)
