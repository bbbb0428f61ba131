"""The setup check's advice is worded in English and Russian: every id vision can give, every zone and plate."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.table.check_messages import MESSAGES, PHRASES, WORDS, word
from companion.vision import check
from companion.games import game_modules

from companion.table.layouts import layout_for

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""

CHECK_SOURCE = Path(check.__file__)


def _ids_vision_gives() -> set[str]:
    """Every advice id companion.vision.check builds: the first argument of each _said(...) call."""
    tree = ast.parse(CHECK_SOURCE.read_text(encoding="utf-8"))
    return {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_said"
            and node.args and isinstance(node.args[0], ast.Constant)}


LAYOUTS = [layout_for(game) for game in game_modules()]
"""Every game's table: the advice names any game's zones and plates."""
ZONE_NAMES = [*dict.fromkeys(z.name for layout in LAYOUTS for z in layout.zones), "off_table"]
ZONES = [check.zone_phrase(name) for name in ZONE_NAMES]
PLATES = list({marker: check._plate_phrase(layout, marker) for layout in LAYOUTS for marker in sorted(layout.markers)}.values())
SAMPLES = {
    "check.no_plates": {"seen": 1},
    "check.outside": {"things": ZONES[:3] + PLATES[-2:], "framing": {"phrase": "raise", "cm": 15}},
    "check.outside/partly": {"things": ZONES[:1], "framing": {"phrase": "aim"}, "why": "partly"},
    "check.not_seen": {"plates": PLATES},
    "check.too_small": {"zones": ZONES, "min": 2.0, "ppm": 1.74, "worst": ZONES[2], "cm": 25,
                        "hint": {"phrase": "use_1080p"}},
    "check.steep": {"ratio": 1.62},
    "check.near_limit": {"zones": ZONES[5:], "ppm": 2.31, "hint": {"phrase": "use_4k"}},
    "check.mark_size": {"zones": ZONES[:4], "module": 2.1, "mark": 31.5, "ppm": 2.54,
                        "arg": "2.1"},
    "check.blurred": {"zones": ZONES[:2], "blur": 0.93},
    "check.dark": {"white": 74.2},
    "check.washed": {"black": 131.0},
    "check.low_contrast": {"levels": 52.6},
    "check.glare": {"where": [{"phrase": "glare_off"}] + [{"phrase": "glare_over", "zone": z} for z in ZONES],
                    "percent": 2.4},
    "check.good": {"ppm": 2.43, "cards": 6},
}
"""One piece of advice per id, naming every zone and plate of the layout somewhere."""
ALLOWED_LATIN = ("1080p", "4K", "companion cards print --module-mm")
"""Names of camera modes and the command line, the same in Russian."""


def test_every_id_vision_gives_has_a_wording_and_nothing_else_is_worded():
    assert _ids_vision_gives() == {rule.partition("/")[0] for rule in MESSAGES}
    assert set(SAMPLES) == set(MESSAGES)


@pytest.mark.parametrize("rule", sorted(MESSAGES))
def test_every_advice_reads_in_english_and_in_russian_with_no_english_left(rule):
    texts = MESSAGES[rule]
    assert set(texts) == {"en", "ru"}
    params = SAMPLES[rule]
    said = {"id": rule.partition("/")[0], "params": params}
    english, russian = word(said, "en"), word(said, "ru")
    assert "{" not in english + russian and english != russian
    leftover = russian
    for name in ALLOWED_LATIN:
        leftover = leftover.replace(name, "")
    assert not re.search(r"[A-Za-z]", leftover), russian
    # Numbers keep their figures; Russian writes the decimal comma.
    for value in params.values():
        if isinstance(value, float) and value != int(value):
            assert f"{value:.1f}" in english or f"{value:.0f}" in english, (value, english)
            assert f"{value:.1f}".replace(".", ",") in russian or f"{value:.0f}" in russian, (value, russian)


def test_every_zone_and_plate_is_named_in_both_languages():
    for phrase in ZONES + PLATES:
        english = word({"id": "check.not_seen", "params": {"plates": [phrase]}}, "en")
        russian = word({"id": "check.not_seen", "params": {"plates": [phrase]}}, "ru")
        assert "_" not in english and "_" not in russian and "phrase" not in english + russian, (english, russian)
    assert set(WORDS["en"]) == set(WORDS["ru"])
    assert all(set(texts) == {"en", "ru"} for texts in PHRASES.values())


def test_zone_names_read_as_before_in_english():
    """The CLI's sentences are unchanged: "seat 3", "the bid area", "the top-left corner plate"."""
    said = {"id": "check.not_seen", "params": {"plates": [check.zone_phrase("seat:3"), check.zone_phrase("bid_area"),
                                                          check._plate_phrase(BUX_TABLE, 20)]}}
    assert word(said).startswith("seat 3, the bid area and the top-left corner plate are not seen")
    one = {"id": "check.not_seen", "params": {"plates": [check._plate_phrase(BUX_TABLE, 12)]}}
    assert word(one).startswith("the timer area plate is not seen")
    assert word(one, "ru").startswith("не видно: табличка «зона таймера» (закрыта, сдвинута или потерялась в блике)")


def test_russian_counts_take_their_cldr_forms():
    """Few plates are «закрыты», one is «закрыта» (docs/web.md: plurals by CLDR forms)."""
    two = word({"id": "check.not_seen", "params": {"plates": PLATES[:2]}}, "ru")
    assert "(закрыты," in two and "(закрыта," not in two


def test_doctests():
    import doctest

    from companion.table import check_messages

    assert doctest.testmod(check_messages).failed == 0
