"""Fill ru/LC_MESSAGES/messages.po from the RU dicts of ru_source*.py (run by scripts/web_catalogs.sh).

Each game's screens keep their Russian in their own ru_source_<game>.py, so
adding a game adds a file instead of editing a shared one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent


def main() -> int:
    import importlib

    sys.path.insert(0, str(HERE))
    RU: dict[str, str] = {}
    for source in sorted(HERE.glob("ru_source*.py")):
        RU.update(importlib.import_module(source.stem).RU)

    path = HERE / "ru" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    missing = []
    for message in catalog:
        if not message.id:
            continue
        text = RU.get(message.id)
        if text is None:
            missing.append(message.id)
            continue
        message.string = text
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False)
    for item in missing:
        print(f"ru: untranslated: {item!r}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
