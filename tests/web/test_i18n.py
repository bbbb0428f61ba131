"""Translations: every string of the tablet page has a Russian text, placeholders intact, .mo up to date."""

from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
T = ROOT / "companion" / "web" / "translations"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]")


def _po(lang: str):
    with (T / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def _extracted() -> set:
    # The same map scripts/web_catalogs.sh extracts with: read from babel.cfg, not copied here.
    cfg = (ROOT / "companion/web/babel.cfg").read_text(encoding="utf-8")
    method_map = [(m.group(2).strip(), m.group(1).strip()) for m in re.finditer(r"^\[([^:\]]+):([^\]]+)\]", cfg, re.M)]
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "_l": None, "lazy_gettext": None}
    found = set()
    for directory in ("companion/web", "companion/games", "cards_printable"):
        prefix = directory + "/"
        mapping = [(pattern[len(prefix):], method) for pattern, method in method_map if pattern.startswith(prefix)]
        for _file, _line, message, _comments, _ctx in extract_from_dir(ROOT / directory, mapping, keywords=keywords):
            found.add(message if isinstance(message, str) else tuple(message))
    return found


def test_every_string_in_the_code_is_in_the_russian_catalog():
    catalog = {m.id if isinstance(m.id, str) else tuple(m.id) for m in _po("ru") if m.id}
    missing = _extracted() - catalog
    assert not missing, f"run scripts/web_catalogs.sh and translate: {sorted(map(str, missing))[:5]}"


def test_every_russian_text_is_filled_and_keeps_placeholders():
    for message in _po("ru"):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(texts), f"untranslated: {message.id!r}"
        wanted = set(PLACEHOLDER.findall(ids[-1])) - {"num"}
        for text in texts:
            assert wanted <= set(PLACEHOLDER.findall(text)), (message.id, text)


def test_compiled_catalogs_match_their_po_files():
    for lang in ("en", "ru"):
        po = _po(lang)
        with (T / lang / "LC_MESSAGES" / "messages.mo").open("rb") as handle:
            committed = read_mo(handle)
        buffer = io.BytesIO()
        write_mo(buffer, po)
        buffer.seek(0)
        fresh = read_mo(buffer)
        def table(catalog):
            return {str(m.id): str(m.string) for m in catalog if m.id}
        assert table(committed) == table(fresh), f"recompile {lang}: scripts/web_catalogs.sh"
        assert lang == "en" or len(table(committed)) > 150


def test_russian_pages_and_api_speak_russian(client):
    page = client.get("/g/g1/rules?lang=ru").get_data(as_text=True)
    assert "Наши толкования" in page and "Порядок карт-таймеров" in page
    history = client.get("/g/g1/state.json").json["board"]["history"]
    assert history[0]["text"] == "Cat открыл(а) ♥ круг, ♥ круг, ♣ квадрат. Торг выиграл(а) Ann за 125."
    assert "продал(а) 1 набор за 175." in history[1]["text"]
    error = client.post("/g/g1/api/undo").json["error"]["message"]
    assert "ссылка подключения" in error
