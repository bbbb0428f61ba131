"""Every deck file prints: PDF -> raster -> decode round trips, and what each game's players must see.

Match cards and backs in their own blue or red; Grow warning icons counted on
the rendered card; gold multipliers apart from plus cards; Russian text in a
font that has it and cat-auction values printed large; backs that give
nothing away.
"""

from __future__ import annotations

import doctest
import io

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from companion.cards.decks import DECKS_DIR, load_deck, parse_deck
from companion.cards.payloads import new_print
from companion.errors import CompanionError
from companion.printing import design, fonts, sheets
from companion.printing.design import colour, fill_text
from companion.printing.faces import ICON_MM
from companion.printing.marks import mark_spec, mark_zones
from companion.printing.render import card_image, card_pdf, deck_layout, write_deck_pdf

FORMATS = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)
GAMES = sorted(p.name.removesuffix(".deck.json") for p in DECKS_DIR.iterdir() if p.name.endswith(".deck.json"))
DPI = 150
PX = DPI / 25.4


@pytest.fixture(scope="module")
def prints():
    cache = {}

    def get(game):
        if game not in cache:
            deck = load_deck(game)
            cache[game] = (deck, new_print(deck, "deck tests", secret=f"deck-tests-{game}".encode()))
        return cache[game]

    return get


def _rgb(hex_colour: str) -> np.ndarray:
    c = colour(parse_deck({"game": "x", "cards": []}), hex_colour)
    return np.array([c.red, c.green, c.blue]) * 255


def _patch(img: np.ndarray, x_mm: float, y_mm: float, r_mm: float = 1.0) -> np.ndarray:
    """Return the median colour of a small square around a card point."""
    x, y, r = int(x_mm * PX), int(y_mm * PX), max(1, int(r_mm * PX))
    return np.median(img[y - r : y + r, x - r : x + r].reshape(-1, 3), axis=0)


def test_every_game_has_a_deck_file_with_a_design():
    assert {"bux", "match", "grow", "cats"} <= set(GAMES)
    for game in GAMES:
        assert load_deck(game).data.get("design", {}).get("kinds"), game


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_mark_of_every_deck_decodes_to_the_card_in_its_slot(game, paper, prints):
    """Each deck file's print, rasterised page by page: each mark reads back as its own card (parts carry none)."""
    deck, printed = prints(game)
    buf = io.BytesIO()
    write_deck_pdf(printed, deck, paper, buf, first_sheet=False)
    sides = deck_layout(printed, deck, paper)
    pdf = pdfium.PdfDocument(buf.getvalue())
    seen: dict[str, int] = {}
    try:
        assert len(pdf) == len(sides)
        for index, side in enumerate(sides):
            if side[0].side == "back":
                continue
            bitmap = pdf[index].render(scale=DPI / 72.0, grayscale=True)
            gray = np.array(bitmap.to_numpy()).reshape(bitmap.height, bitmap.width)
            for result in zxingcpp.read_barcodes(gray, formats=FORMATS):
                identity = printed.identify(result.text)
                assert identity.status == "card", result.text
                pos = result.position
                cx = (pos.top_left.x + pos.bottom_right.x) / 2 / PX
                cy = (pos.top_left.y + pos.bottom_right.y) / 2 / PX
                slot = next(p for p in side if p.slot.trim.x < cx < p.slot.trim.right and p.slot.trim.y < cy < p.slot.trim.bottom)
                assert not slot.part, (game, slot.code)
                assert slot.code == identity.code, (game, slot.code, identity.code)
                seen[identity.code] = seen.get(identity.code, 0) + 1
    finally:
        pdf.close()
    assert set(seen) == set(deck.codes()), set(deck.codes()) - set(seen)
    for code, count in seen.items():
        assert count == int(mark_spec(deck, deck.card(code))["count"]), code


# ---------------------------------------------------------------- match: blue and red


@pytest.mark.parametrize("code", ["blue-300-1", "red-300-1", "blue-1000-3", "red-100-2", "blue-trade-1", "red-wild-2", "red-steal-1"])
def test_match_cards_and_backs_print_in_their_colour(code, prints):
    deck, printed = prints("match")
    card = deck.card(code)
    want = _rgb(deck.data["design"]["colours"][card["colour"]])
    other = _rgb(deck.data["design"]["colours"]["red" if card["colour"] == "blue" else "blue"])
    face = card_image(printed, code, DPI, deck=deck)
    # The middle band's left edge, clear of marks and text: the card's own colour.
    got = _patch(face, 4.5, 44)
    assert np.abs(got - want).max() < 12, (code, got, want)
    assert np.abs(got - other).max() > 100
    back = card_image(printed, code, DPI, deck=deck, back=True)
    # Between the back's lattice lines the panel is the deck colour.
    panel = _patch(back, 15, 20, 3.0)
    assert np.abs(panel - want).max() < 25, (code, panel, want)


def test_match_backs_do_not_tell_an_action_card_from_a_number(prints):
    deck, printed = prints("match")
    for colour_name in ("blue", "red"):
        backs = {code: card_image(printed, code, 40, deck=deck, back=True) for code in deck.codes() if deck.card(code)["colour"] == colour_name}
        first = next(iter(backs.values()))
        assert all(np.array_equal(b, first) for b in backs.values()), colour_name
    blue, red = (card_image(printed, c, 40, deck=deck, back=True) for c in ("blue-100-1", "red-100-1"))
    assert not np.array_equal(blue, red)


# ---------------------------------------------------------------- grow: warnings, multipliers, actions


def _blobs(img: np.ndarray, rgb: np.ndarray, box: sheets.Rect, tol: int = 18) -> int:
    """Count icon-sized blobs of one colour inside a card box (mm)."""
    x0, y0, x1, y1 = (int(v * PX) for v in (box.x, box.y, box.right, box.bottom))
    region = img[y0:y1, x0:x1].astype(int)
    mask = (np.abs(region - rgb).max(axis=2) < tol).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    icon_area = (ICON_MM * 0.78 * PX) ** 2 * 0.43  # the triangle, less its "!"
    return sum(1 for i in range(1, n) if 0.4 * icon_area < stats[i, cv2.CC_STAT_AREA] < 1.6 * icon_area)


@pytest.fixture(scope="module")
def grow_faces(prints):
    deck, printed = prints("grow")
    return {code: card_image(printed, code, DPI, deck=deck) for code in deck.codes() if deck.card(code).kind != "rules"}


def test_grow_cards_show_each_warning_icon_in_both_corners(grow_faces, prints):
    """Rules: "For each warning icon on the card, roll the dice ... For a red warning icon, you must roll the dice four times.\""""
    deck, _ = prints("grow")
    icons = deck.data["design"]["icons"]
    yellow = _rgb(deck.data["design"]["colours"][icons["warning"]["fill"]])
    red = _rgb(deck.data["design"]["colours"][icons["red-warning"]["fill"]])
    w, h = sheets.CARD_W_MM, sheets.CARD_H_MM
    counted = set()
    for code, img in grow_faces.items():
        card = deck.card(code)
        index, _ = mark_zones(deck, card, w, h)
        twin = sheets.Rect(w - index.right, h - index.bottom, index.w, index.h)
        for box in (index, twin):
            assert _blobs(img, yellow, box) == card["warnings"], (code, "warnings")
            assert _blobs(img, red, box) == card["red_warnings"], (code, "red warnings")
        counted.add((card["warnings"], card["red_warnings"]))
    assert {(0, 0), (1, 0), (2, 0), (0, 1)} <= counted  # the test saw every kind of card


def test_red_warning_reads_apart_from_warning_in_grey(grow_faces, prints):
    """Colour-blind players: the red warning is dark with a light "!", the warning light with a dark one."""
    deck, _ = prints("grow")
    design = deck.data["design"]
    lum = lambda name: float(np.dot(_rgb(design["colours"][design["icons"][name]["fill"]]), [0.299, 0.587, 0.114]))
    assert lum("warning") - lum("red-warning") > 80


def _white_share(img: np.ndarray, box: sheets.Rect) -> float:
    x0, y0, x1, y1 = (int(v * PX) for v in (box.x, box.y, box.right, box.bottom))
    return float((img[y0:y1, x0:x1].min(axis=2) > 235).mean())


def test_gold_multipliers_print_apart_from_plus_cards(grow_faces, prints):
    """Rules: "add up the total of all your plus (+) gold cards. Then, multiply that number by each multiplication (x) gold card.\""""
    deck, _ = prints("grow")
    gold = [deck.card(c) for c in deck.codes("gold")]
    assert any("times" in c.attrs for c in gold) and any("plus" in c.attrs for c in gold)
    for card in gold:
        index, _ = mark_zones(deck, card, sheets.CARD_W_MM, sheets.CARD_H_MM)
        number_area = sheets.Rect(index.x, index.y, index.w, index.h - ICON_MM - 1.5)
        share = _white_share(grow_faces[card.code], number_area)
        if card.get("times"):
            assert share > 0.35, (card.code, share)  # the number inverted in a white disc
        else:
            assert share < 0.2, (card.code, share)  # a plain white number on gold
        assert card["face"]["number"][0] == ("×" if card.get("times") else "+")


def test_grow_action_text_prints_in_a_white_box_only_on_action_cards(grow_faces, prints):
    deck, printed = prints("grow")
    for code, img in grow_faces.items():
        card = deck.card(code)
        _, band = mark_zones(deck, card, sheets.CARD_W_MM, sheets.CARD_H_MM)
        share = _white_share(img, band)
        if card["face"]["text"]:
            assert share > 0.6, (code, share)
        else:
            assert share < 0.25, (code, share)
    action = next(c for c in deck.cards if c.kind != "rules" and c["face"]["text"])
    printed_words = set(_pdf_text(card_pdf(printed, action.code, deck=deck)).replace(".", " ").split())
    assert set(action["face"]["text"].replace(".", " ").split()) <= printed_words


# ---------------------------------------------------------------- cats: Cyrillic, values, backs


def _pdf_text(data: bytes) -> str:
    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[0]
        return page.get_textpage().get_text_range()
    finally:
        pdf.close()


def _pdf_fonts(data: bytes) -> set[str]:
    return {name.decode() for name in __import__("re").findall(rb"/BaseFont\s*/([A-Za-z0-9+\-]+)", data)}


@pytest.mark.parametrize("code", ["cat-zero-1", "cat-top-up-2", "cat-shish-1", "cat-random-1"])
def test_cat_cards_print_russian_and_english_titles_in_dejavu(code, prints):
    deck, printed = prints("cats")
    card = deck.card(code)
    data = card_pdf(printed, code, deck=deck)
    assert any(name.endswith("DejaVuSans-Bold") for name in _pdf_fonts(data))
    text = " ".join(_pdf_text(data).split())
    for language in ("ru", "en"):
        assert " ".join(card["title"][language].split()) in text, (language, text)
        assert card["effect"][language].split()[0] in text
    # The Russian title is ink of the kind's colour, not empty boxes: the corner holds coloured pixels.
    img = card_image(printed, code, DPI, deck=deck)
    index, _ = mark_zones(deck, card, sheets.CARD_W_MM, sheets.CARD_H_MM)
    orange = _rgb(deck.data["design"]["colours"]["cat"])
    x0, y0, x1, y1 = (int(v * PX) for v in (index.x, index.y, index.right, index.bottom))
    assert (np.abs(img[y0:y1, x0:x1].astype(int) - orange).max(axis=2) < 40).sum() > 150


def _glyph_height_mm(data: bytes, digits: str) -> float:
    """Return the tallest printed run of these digits on a one-page PDF (mm, from the text layer)."""
    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[0]
        tp = page.get_textpage()
        text = tp.get_text_range()
        best = 0.0
        start = text.find(digits)
        while start >= 0:
            boxes = [tp.get_charbox(start + k) for k in range(len(digits))]
            best = max(best, max(abs(top - bottom) for _, bottom, _, top in boxes) * 25.4 / 72)
            start = text.find(digits, start + 1)
        return best
    finally:
        pdf.close()


@pytest.mark.parametrize("code", ["bank-1-01", "bank-1000-01", "bank-2000-01", "bank-5000-01"])
def test_cat_auction_number_cards_show_their_value_large(code, prints):
    deck, printed = prints("cats")
    value = str(deck.card(code)["value"])
    height = _glyph_height_mm(card_pdf(printed, code, deck=deck), value)
    assert height >= 5.5, (code, height)  # digit height: readable across the table


def test_cat_auction_backs_show_the_deck_but_never_the_value(prints):
    deck, printed = prints("cats")
    backs = {code: card_image(printed, code, 40, deck=deck, back=True) for code in deck.codes()}
    bank = [b for c, b in backs.items() if deck.card(c).kind == "number"]
    prize = [b for c, b in backs.items() if deck.card(c).kind == "cat"]
    assert all(np.array_equal(b, bank[0]) for b in bank)
    assert all(np.array_equal(b, prize[0]) for b in prize)
    assert not np.array_equal(bank[0], prize[0])
    assert "ПРИЗ" in _pdf_text(card_pdf(printed, "cat-zero-1", deck=deck, back=True))


def test_grow_backs_are_all_alike(prints):
    deck, printed = prints("grow")
    backs = [card_image(printed, c, 40, deck=deck, back=True) for c in deck.codes() if deck.card(c).kind != "rules"]
    assert all(np.array_equal(b, backs[0]) for b in backs)


# ---------------------------------------------------------------- design data helpers


def test_colour_names_are_format_strings_over_the_card():
    deck = load_deck("match")
    blue, red = deck.card("blue-300-1"), deck.card("red-300-1")
    assert colour(deck, "{colour}", blue.attrs).hexval() == "0x1f4fb4"
    assert colour(deck, "{colour}", red.attrs).hexval() == "0xc0262d"
    # Unformatted, or a name the design lacks: the ink colour, never an exception.
    assert colour(deck, "{colour}").hexval() == colour(deck, "ink").hexval()
    assert colour(deck, "{nope}", blue.attrs).hexval() == colour(deck, "ink").hexval()


@pytest.mark.parametrize(
    "template, attrs, expected",
    [
        ("{title[ru]}", {"title": {"ru": "Котики", "en": "Cats"}}, "Котики"),
        ("{colour!u}", {"colour": "blue"}, "BLUE"),
        ("{face[lines]}", {"face": {"lines": ["Pick a player;", "swap hands."]}}, "Pick a player; swap hands."),
        ("bank{value}", {"value": 5000}, "bank5000"),
        ("{missing}", {}, ""),
        ("{title[de]}", {"title": {"ru": "x"}}, ""),
        ("{broken", {}, ""),
    ],
)
def test_fill_text(template, attrs, expected):
    assert fill_text(template, attrs) == expected


def test_every_text_is_set_in_dejavu_sans():
    assert fonts.font_for(fonts.FONT_BOLD, "GOLD ×3 «Wild»") == fonts.DEJAVU_BOLD
    assert fonts.font_for(fonts.FONT, "ПРИЗ") == fonts.DEJAVU
    assert fonts.family(None) == fonts.family("dejavu") == (fonts.DEJAVU, fonts.DEJAVU_BOLD)
    with pytest.raises(CompanionError, match="font 'comic'"):
        fonts.family("comic")
    assert doctest.testmod(fonts).failed == 0 and doctest.testmod(design).failed == 0


def test_an_undefined_icon_is_a_clear_error():
    data = {
        "game": "t",
        "title": "T",
        "design": {"icons": {}, "kinds": {"x": {"face": "number_icons"}}},
        "cards": [{"code": "x-1", "kind": "x", "face": {"number": "3", "icons": ["skull"]}}],
    }
    deck = parse_deck(data)
    printed = new_print(deck, "t", secret=b"icon-test-secret")
    with pytest.raises(CompanionError, match="icon 'skull'"):
        card_pdf(printed, "x-1", deck=deck)


def test_russian_names_on_seat_plates_and_page_footers_are_not_dropped(tmp_path):
    from companion.printing.plates import write_plates_pdf

    out = tmp_path / "plates.pdf"
    write_plates_pdf("a4", str(out), names=["Аня", "Bob"])
    pdf = pdfium.PdfDocument(out.read_bytes())
    try:
        text = pdf[0].get_textpage().get_text_range()
    finally:
        pdf.close()
    assert "Аня" in text


def test_the_middle_plates_are_the_games_own_and_none_without_one(tmp_path):
    """BUX's table layout names its plates ("TIMER CARDS"); each game prints its own middle plates; without a game only
    the seat and corner plates print, naming no game."""
    from companion.cli import main

    def texts(*game: str) -> str:
        out = tmp_path / f"plates{'-'.join(game)}.pdf"
        assert main(["cards", "markers", *game, "--out", str(out), "--quiet"]) == 0
        pdf = pdfium.PdfDocument(out.read_bytes())
        try:
            return "\n".join(page.get_textpage().get_text_range() for page in pdf)
        finally:
            pdf.close()

    bux = texts("--game", "bux")
    assert "TIMER CARDS" in bux and "Drawn BUX 1-2-3 timer cards go here." in bux and "Sold cards go here, face up." in bux
    plain = texts()
    assert "TIMER" not in plain and "BID AREA" not in plain and "BUX" not in plain.upper()
    assert plain.count("SEAT ") == bux.count("SEAT ") == 5 and plain.count("CORNER ") == 4
    grow, cats, match = texts("--game", "grow"), texts("--game", "cats"), texts("--game", "match")
    assert "ROUND ROW" in grow and "DISCARD" in grow and "TIMER" not in grow and "BID AREA" not in grow
    assert "LOT" in cats and "STAKE" in cats and "PENALTIES" in cats
    assert all(f"{c} {p}" in match for c in ("BLUE", "RED") for p in ("DECK", "DISCARD")) and "BID AREA" not in match

