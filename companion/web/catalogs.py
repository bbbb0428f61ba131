"""The message catalogs, one for the shared screens and one per game, and how scripts/web_catalogs.sh rebuilds them.

Why: one translation mechanism (gettext catalogs, read by Flask-Babel) and no
game's strings in a shared file. The shared catalog (companion/web/translations/)
holds the strings of companion/web/; each game's (<its screens package>/translations/)
holds those of its screens package, its history.py and its deck file. A game named
in COMPANION_GAMES is found through the same registry (companion.web.screens), so
its catalog sits in its own folder too.

Flask-Babel reads every catalog (i18n.translation_directories) and merges them
into one table per language, so a text in two catalogs must read the same in
both; tests/web/test_i18n.py checks that, and that each catalog holds exactly
the strings its sources use.

The Russian texts are kept as Python dicts (RU in ru_source*.py) beside the
sources: the shared ones in companion/web/translations/, a game's in its screens
package. A game's catalog also takes a common word ("Cancel") from the shared
dicts, so it is translated once. The English catalog has no texts (the ids are
English); it exists so both languages load the same way.

The catalogs are rebuilt from scratch every run (extract, fill, compile), so the
result depends only on the sources, whatever state the .po files were left in.
"""

from __future__ import annotations

import importlib.util
import io
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

LANGUAGES = ("en", "ru")
SHARED = Path(__file__).resolve().parent
"""companion/web/: the shared screens' code and templates."""
SHARED_TRANSLATIONS = SHARED / "translations"
KEYWORDS = {**DEFAULT_KEYWORDS, "_l": None, "lazy_gettext": None}
"""gettext, ngettext and friends, plus the lazy forms the screens use at import time."""
DECK_EXTRACTOR = "companion.web.i18n:extract_deck"
DOMAIN = "messages"


@dataclass(frozen=True)
class MessageCatalog:
    """One catalog: where it lives, the files its strings come from, where its Russian comes from."""

    name: str
    """"shared", or the game's name."""
    folder: Path
    """The translations folder (<lang>/LC_MESSAGES/messages.po and .mo under it)."""
    sources: tuple[tuple[Path, str], ...]
    """(file, Babel extraction method) for every file whose strings the catalog holds."""
    russian: tuple[Path, ...]
    """The ru_source*.py files whose RU dicts hold this catalog's own Russian texts."""

    def po(self, language: str) -> Path:
        """Return the path of this catalog's .po file for `language`."""
        return self.folder / language / "LC_MESSAGES" / f"{DOMAIN}.po"

    def mo(self, language: str) -> Path:
        """Return the path of this catalog's compiled .mo file for `language`."""
        return self.folder / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _code(folder: Path) -> list[tuple[Path, str]]:
    """Return the Python files and Jinja templates under a screens folder (never its translations)."""
    found = [(path, "python") for path in sorted(folder.rglob("*.py")) if "translations" not in path.relative_to(folder).parts]
    found += [(path, "jinja2") for path in sorted(folder.rglob("templates/**/*.html"))]
    return found


def shared_catalog() -> MessageCatalog:
    """Return the shared screens' catalog: companion/web/ (its code and templates)."""
    return MessageCatalog("shared", SHARED_TRANSLATIONS, tuple(_code(SHARED)), tuple(sorted(SHARED_TRANSLATIONS.glob("ru_source*.py"))))


def game_catalogs() -> list[MessageCatalog]:
    """Return each known game's catalog, in its screens package: the package, the game's history.py, its deck file."""
    from companion.cards.decks import deck_path
    from companion.web.screens import all_screens

    found = []
    for name, screens in all_screens().items():
        home = screens.home
        if home is None:
            continue
        sources = _code(home)
        history = home.parent / "history.py"
        if history.is_file():
            sources.append((history, "python"))
        deck = deck_path(name)
        if deck is not None:
            sources.append((Path(str(deck)), DECK_EXTRACTOR))
        found.append(MessageCatalog(name, home / "translations", tuple(sources), tuple(sorted(home.glob("ru_source*.py")))))
    return found


def all_catalogs() -> list[MessageCatalog]:
    """Return the shared catalog, then every game's."""
    return [shared_catalog(), *game_catalogs()]


def extract(catalog: MessageCatalog) -> Catalog:
    """Return the strings the catalog's sources use (ids only), as pybabel extract --no-location would."""
    template = Catalog(domain=DOMAIN, fuzzy=False)
    for path, method in catalog.sources:
        for _line, message, comments, context in extract_from_file(method, str(path), keywords=KEYWORDS):
            template.add(message, None, auto_comments=comments, context=context)
    return template


def russian_texts(files: tuple[Path, ...]) -> dict:
    """Return the RU dicts of these ru_source*.py files, merged (a later file wins)."""
    texts: dict = {}
    for source in files:
        spec = importlib.util.spec_from_file_location(f"_ru_{abs(hash(str(source)))}", source)
        assert spec is not None and spec.loader is not None, source
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        texts.update(module.RU)
    return texts


def fill(template: Catalog, language: str, texts: dict) -> tuple[Catalog, list]:
    """Return (the catalog for `language` with the given texts, the ids that have none); English keeps empty texts."""
    catalog = Catalog(locale=language, domain=DOMAIN, fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    missing = []
    for message in catalog:
        if not message.id or language == "en":
            continue
        text = texts.get(message.id)
        if text is None:
            missing.append(message.id)
        else:
            message.string = text
    return catalog, missing


def table(catalog: Catalog) -> dict[str, str]:
    """Return {id: text} of a catalog's translated messages (what a .mo holds), for comparing a .mo with its .po."""
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string}


def _po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True)
    return buffer.getvalue()


def _without_dates(text: bytes) -> bytes:
    return b"\n".join(line for line in text.split(b"\n") if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


def build(catalog: MessageCatalog, template: Catalog, shared_russian: dict) -> Iterator[str]:
    """Write the catalog's .po and .mo files for every language; yield a line per untranslated string.

    A file is rewritten only when its messages changed, so a rebuild with no new
    strings leaves the repository untouched (the headers' dates would otherwise change).
    """
    own = russian_texts(catalog.russian)
    texts = own if catalog.name == "shared" else {**shared_russian, **own}
    for language in LANGUAGES:
        po, missing = fill(template, language, texts)
        for item in missing:
            yield f"{catalog.name}: {language}: untranslated: {item!r}"
        path = catalog.po(language)
        fresh = _po_bytes(po)
        if not path.is_file() or _without_dates(path.read_bytes()) != _without_dates(fresh):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(fresh)
        mo_path = catalog.mo(language)
        compiled = io.BytesIO()
        write_mo(compiled, po)
        if _mo_table(mo_path) != table(read_mo(io.BytesIO(compiled.getvalue()))):
            mo_path.write_bytes(compiled.getvalue())


def misplaced_russian(ids: dict[str, set], russian: dict[str, dict]) -> Iterator[str]:
    """Yield a line per Russian text kept in the wrong place: used by no string of its catalog, or a game's kept in the shared dicts.

    `ids`: catalog name -> the ids its sources use; `russian`: catalog name -> its own RU texts.
    A shared text must be used by the shared screens or by two games or more (a common
    word); one only a single game uses belongs in that game's ru_source.py.
    """
    games = [name for name in ids if name != "shared"]
    for name, texts in russian.items():
        for key in sorted(texts, key=str):
            if key in ids[name]:
                continue
            users = [game for game in games if key in ids[game]]
            if name == "shared" and len(users) >= 2:
                continue
            if name == "shared" and users:
                yield f"shared: ru_source: {key!r} is only {users[0]}'s: move it to that game's ru_source.py"
            else:
                yield f"{name}: ru_source: no string uses {key!r}"


def _mo_table(path: Path) -> dict[str, str] | None:
    """Return the table a compiled file holds; None when it is missing or unreadable (then it is rewritten)."""
    try:
        with path.open("rb") as handle:
            return table(read_mo(handle))
    except (OSError, ValueError, IndexError, UnicodeDecodeError, struct.error):
        return None


def read_catalog(path: Path, language: str) -> Catalog:
    """Return a .po file's catalog."""
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def main() -> int:
    """Rebuild every catalog; report untranslated strings and misplaced Russian texts on stderr (exit status 0)."""
    catalogs = all_catalogs()
    templates = {catalog.name: extract(catalog) for catalog in catalogs}
    shared_russian = russian_texts(catalogs[0].russian)
    for catalog in catalogs:
        for problem in build(catalog, templates[catalog.name], shared_russian):
            print(problem, file=sys.stderr)
    ids = {name: {m.id for m in template if m.id} for name, template in templates.items()}
    for problem in misplaced_russian(ids, {catalog.name: russian_texts(catalog.russian) for catalog in catalogs}):
        print(problem, file=sys.stderr)
    print(f"{len(catalogs)} catalogs: " + ", ".join(f"{name} ({len(found)} strings)" for name, found in ids.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
