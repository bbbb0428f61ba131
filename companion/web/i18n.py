"""Language per device: English or Russian, through Flask-Babel message catalogs.

The language comes from ?lang= (remembered in a cookie for a year), then the
cookie, then the browser's Accept-Language. The shared screens' catalog lives
in companion/web/translations/<lang>/LC_MESSAGES/messages.po, each game's in its
screens package (companion/games/<game>/screens/translations/); Flask-Babel
reads them all (translation_directories) as one domain. The compiled .mo files
are committed and a test checks they match the .po files (regenerate with
scripts/web_catalogs.sh; companion/web/catalogs.py says how). JavaScript gets
its strings from the page, translated on the server, so there is one mechanism only.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

from flask import Flask, request
from flask_babel import Babel, get_locale
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

LANGUAGES = ("en", "ru")
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
COOKIE = "lang"
TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def select_locale() -> str:
    """Return the language for this request."""
    asked = request.args.get("lang") or request.cookies.get(COOKIE)
    if asked in LANGUAGES:
        return asked
    return request.accept_languages.best_match(LANGUAGES) or "en"


def language_of(query_string: str, cookie_header: str | None, accept_language: str | None) -> str:
    """Return select_locale's choice from a raw request's parts (the live server's answers given before Flask runs)."""
    asked = (parse_qs(query_string).get("lang") or [""])[0] or parse_cookie(cookie_header or "").get(COOKIE)
    if asked in LANGUAGES:
        return asked
    return parse_accept_header(accept_language, LanguageAccept).best_match(LANGUAGES) or "en"


def remember_language(response):
    """Store ?lang= in a cookie so the device keeps its language."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        response.set_cookie(COOKIE, asked, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def translation_directories() -> list[Path]:
    """Return the catalogs' folders: the shared one, then each known game's that has one (from the screens registry).

    Flask-Babel merges them into one table per language, a later folder's text
    winning; tests/web/test_i18n.py checks no two catalogs disagree on a text.
    """
    from companion.web.screens import all_screens

    games = [screens.home / "translations" for screens in all_screens().values() if screens.home is not None]
    return [TRANSLATIONS, *(folder for folder in games if folder.is_dir())]


def init_app(app: Flask) -> None:
    """Install Babel (gettext in templates and Python, every catalog) and the language cookie."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", ";".join(str(folder) for folder in translation_directories()))
    Babel(app, locale_selector=select_locale)
    app.after_request(remember_language)
    app.jinja_env.globals["LANGUAGE_NAMES"] = LANGUAGE_NAMES
    app.jinja_env.globals["get_locale"] = get_locale
    app.jinja_env.globals["count_forms"] = count_forms


def extract_deck(fileobj, keywords, comment_tags, options):
    """Babel extractor for deck files: the rules-counter texts and house readings shown on the rules page.

    Used by companion/web/catalogs.py (scripts/web_catalogs.sh) for each game's
    deck file, into that game's catalog. A game whose deck file holds more page
    texts, in its own shape, gives its screens package an `extract_deck(data)`
    yielding (text, comment).
    """
    import importlib
    import json

    from companion.web.screens import all_screens

    data = json.load(fileobj)
    screens = all_screens().get(data.get("game"))
    own = getattr(importlib.import_module(screens.package), "extract_deck", None) if screens and screens.package else None
    if own is not None:
        for text, comment in own(data):
            yield 1, "gettext", text, [comment]
        return
    for card in data.get("cards", []):
        if card.get("kind") == "rules":
            for text in [card.get("title", ""), *card.get("lines", [])]:
                yield 1, "gettext", text, ["deck: " + card["code"]]
    from companion.cards.decks import reading_texts

    for reading in data.get("readings", []):
        for text in reading_texts(reading).values():
            if text:
                yield 1, "gettext", text, ["deck reading"]
        for words in ((reading.get("rule") or {}).get("choices") or {}).values():
            yield 1, "gettext", words, ["deck house rule choice"]


def plural_forms(translate) -> dict[str, str]:
    """Return {CLDR plural category: text with {n}} for this request's language, for the page's JavaScript.

    `translate(number)` calls ngettext with literal strings (so they are
    extracted) and n="{n}"; the script picks the form with Intl.PluralRules,
    which uses the same CLDR categories (Russian: one, few, many).
    """
    locale = get_locale()
    forms: dict[str, str] = {}
    for number in (1, 2, 5, 0, 21, 22, 25, 11, 101, 111):
        forms.setdefault(locale.plural_form(number), translate(number))
    return forms


def count_forms() -> dict[str, dict[str, str]]:
    """Return the counted words the pages' scripts show ("3 cards", «3 карты», «5 карт»), as plural_forms()."""
    from flask_babel import ngettext

    return {
        "cards": plural_forms(lambda k: ngettext("%(n)s card", "%(n)s cards", k, n="{n}")),
        "tokens": plural_forms(lambda k: ngettext("%(n)s token", "%(n)s tokens", k, n="{n}")),
    }
