"""Fill ru/LC_MESSAGES/messages.po from the RU dicts of ru_source*.py (run by scripts/web_catalogs.sh).

The shared screens keep their Russian in ru_source*.py here; each game's
screens keep theirs in their own package (companion/games/<game>/screens/ru_source.py),
so adding a game adds a file instead of editing a shared one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent


def main() -> int:
    import importlib.util

    RU: dict[str, str] = {}
    sources = sorted(HERE.glob("ru_source*.py")) + sorted((HERE.parents[1] / "games").glob("*/screens/ru_source*.py"))
    for source in sources:
        spec = importlib.util.spec_from_file_location(f"_ru_{source.parent.parent.name}_{source.parent.name}_{source.stem}", source)
        assert spec is not None and spec.loader is not None, f"{source} is a Python file"
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        RU.update(module.RU)

    path = HERE / "ru" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    missing = []
    for message in catalog:
        if not message.id:
            continue
        text = RU.get(message.id) if isinstance(message.id, str) else None  # a plural's id is a tuple: none here
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
