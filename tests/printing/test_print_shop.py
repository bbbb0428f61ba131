"""What a print shop (or a hobbyist) checks on the PDFs: edges, fonts, the first sheet, the parts and the print options.

Everything here reads the real PDFs: rasterised with pdfium, text boxes from
pdfium's text layer, fonts from poppler's pdffonts.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from collections import Counter

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from companion.cards.decks import DECKS_DIR, load_deck, parse_deck
from companion.cards.payloads import load_print, new_print
from companion.cli import main
from companion.errors import CompanionError
from companion.printing import extras, sheets
from companion.printing.marks import mark_spec
from companion.printing.render import card_image, deck_layout, rasterise_pdf, write_deck_pdf
from tests.printing.pdf_text import words_with_boxes

GAMES = sorted(p.name.removesuffix(".deck.json") for p in DECKS_DIR.iterdir() if p.name.endswith(".deck.json"))
FORMATS = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)


@pytest.fixture(scope="module")
def printed():
    cache = {}

    def get(game):
        if game not in cache:
            deck = load_deck(game)
            cache[game] = (deck, new_print(deck, "shop tests", secret=f"shop-tests-{game}".encode()))
        return cache[game]

    return get


def _pdf(deck, printed_deck, paper="a4", **options) -> bytes:
    buf = io.BytesIO()
    write_deck_pdf(printed_deck, deck, paper, buf, **options)
    return buf.getvalue()


def _texts(data: bytes) -> list[str]:
    pdf = pdfium.PdfDocument(data)
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def _gray_page(data: bytes, index: int, dpi: float) -> np.ndarray:
    pdf = pdfium.PdfDocument(data)
    try:
        bitmap = pdf[index].render(scale=dpi / 72.0, grayscale=True)
        return np.array(bitmap.to_numpy()).reshape(bitmap.height, bitmap.width)
    finally:
        pdf.close()


# ---------------------------------------------------------------- the paper edge


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_ink_within_5_mm_of_the_paper_edge_on_any_page(paper, printed, tmp_path):
    """Every page of every deck PDF (first sheet, cards, parts) and of the table plates, rasterised at 50 dpi:
    the 5 mm strip along each edge is blank paper."""
    dpi = 50
    strip = int(5 * dpi / 25.4)  # whole pixels inside the strip
    documents = {game: _pdf(*printed(game), paper) for game in GAMES}
    plates = tmp_path / "plates.pdf"
    assert main(["cards", "markers", "--paper", paper, "--out", str(plates), "--names", "Аня,Bob", "--quiet"]) == 0
    documents["markers"] = plates.read_bytes()
    inked = []
    for name, data in documents.items():
        for index, rgb in enumerate(rasterise_pdf(data, dpi)):
            edges = (rgb[:strip], rgb[-strip:], rgb[:, :strip], rgb[:, -strip:])
            if min(int(e.min()) for e in edges) < 245:
                inked.append(f"{name} page {index + 1}")
    assert not inked, inked


# ---------------------------------------------------------------- fonts and viewer preferences


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="needs poppler-utils (scripts/setup.sh installs it for tests)")
def test_deck_and_plate_pdfs_embed_every_font(printed, tmp_path):
    deck_pdf = tmp_path / "cats.pdf"
    deck_pdf.write_bytes(_pdf(*printed("cats")))
    plates = tmp_path / "plates.pdf"
    assert main(["cards", "markers", "--out", str(plates), "--quiet"]) == 0
    for path in (deck_pdf, plates):
        lines = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
        assert lines, path
        for line in lines:
            # name, type, encoding, emb, sub, uni, object id: the "emb" column is 4th from the end.
            assert line.split()[-5] == "yes", line
            assert "DejaVuSans" in line, line


def test_pdf_asks_viewers_for_actual_size_and_long_edge_duplex(printed):
    data = _pdf(*printed("bux"), first_sheet=False, parts=False)
    assert b"/PrintScaling /None" in data
    assert b"/Duplex /DuplexFlipLongEdge" in data


# ---------------------------------------------------------------- the first sheet


def test_first_sheet_lists_the_sheets_and_the_card_counts_and_draws_a_100_mm_ruler(printed):
    deck, printed_deck = printed("bux")
    data = _pdf(deck, printed_deck)
    first = _texts(data)[0]
    for words in ("BUX print-and-play", "Print this sheet first", "Sheet 2", "Sheet 8", "9 x Playing cards", "card stock",
                  "48", "Playing cards", "Timer cards (BUX 1-2-3)", "Rules cards", "55", "Cards in all",
                  "Chips: White 5 x20, Silver 10 x15, Gold 50 x9, Black 100 x9, Red 1000 x7", "100 mm"):
        assert words in first, words
    assert "Sheet 9" not in first  # 55 cards and the chips fill sheets 2-8
    # The ruler: its 0 and 10 cm ticks are 100 mm apart on the page (0.1 mm at 508 dpi).
    dpi = 508
    px = dpi / 25.4
    tpl = sheets.template("a4")
    gray = _gray_page(data, 0, dpi)
    row = int((0.915 * tpl.paper_h - 26 + 4.2) * px)  # through the 5 mm centimetre ticks, under the 3.5 mm half-cm ones
    dark = np.nonzero(gray[row] < 128)[0]
    ticks = np.split(dark, np.nonzero(np.diff(dark) > 1)[0] + 1)
    centres = [(t[0] + t[-1] + 1) / 2 / px for t in ticks if t.size]
    assert len(centres) == 11, centres
    assert centres[-1] - centres[0] == pytest.approx(100.0, abs=0.1)


def test_registration_scale_labels_do_not_overlap(printed):
    words = [(w, box) for w, box in words_with_boxes(_pdf(*printed("bux")), 1) if w.lstrip("+-").isdigit()]
    assert len(words) == 4 * 8
    for i, (a, (l1, t1, r1, b1)) in enumerate(words):
        for b, (l2, t2, r2, b2) in words[i + 1 :]:
            assert min(r1, r2) - max(l1, l2) <= 0 or min(b1, b2) - max(t1, t2) <= 0, (a, b)


# ---------------------------------------------------------------- the marks' quiet zone


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_card_keeps_two_modules_around_each_mark_free_of_any_line(game, printed):
    """The Micro QR quiet zone is 2 modules: within it, on the card, nothing is printed (frames stop short)."""
    deck, printed_deck = printed(game)
    dpi = 300
    px = dpi / 25.4
    one_per_kind = {}
    for card in deck.cards:
        one_per_kind.setdefault(card.kind, card)
    for kind, card in one_per_kind.items():
        spec = mark_spec(deck, card)
        size, inset = float(spec["size_mm"]), float(spec["inset_mm"])
        quiet = 2 * size / 15
        assert inset >= quiet, (game, kind)
        gray = card_image(printed_deck, card.code, dpi=dpi, deck=deck)[..., 1]
        h, w = gray.shape
        corners = [(inset, inset), (63 - inset - size, 88 - inset - size)][2 - int(spec.get("count", 2)) :]
        for x, y in corners:
            ring = np.zeros_like(gray, dtype=bool)
            x0, y0 = max(0, int((x - quiet) * px) + 1), max(0, int((y - quiet) * px) + 1)  # whole pixels inside the zone
            x1, y1 = min(w, int((x + size + quiet) * px)), min(h, int((y + size + quiet) * px))
            ring[y0:y1, x0:x1] = True
            pad = 0.25 * px  # the code's own anti-aliased edge
            ring[int(y * px - pad) : int((y + size) * px + pad), int(x * px - pad) : int((x + size) * px + pad)] = False
            assert gray[ring].min() > 230, (game, kind, card.code, (x, y))
        # and the marks still read
        texts = {r.text for r in zxingcpp.read_barcodes(gray, formats=FORMATS)}
        assert texts == {printed_deck.payload(card.code)}, (game, card.code)


# ---------------------------------------------------------------- parts


def test_bux_chips_follow_the_rules_starting_stack_and_values():
    """Rules: "Each player gets 200 BUX chips- 4 white, 3 silver, 1 gold, and 1 black. [White=5, Silver=10, Gold=50, Black=100, Red=1000]"."""
    deck = load_deck("bux")
    (spec,) = extras.extras(deck)
    chips = deck.data["chips"]
    tokens = {t.name: t for t in extras.tokens(deck, spec)}
    assert {name: int(t.label) for name, t in tokens.items()} == chips["denominations"]
    players = deck.data["players"]["max"]
    for name, count in chips["starting_stack"].items():
        assert tokens[name].count >= count * players, name
    assert sum(int(t.label) * n for t, n in ((tokens[k], v) for k, v in chips["starting_stack"].items())) == chips["starting_chips"]


def test_grow_tokens_follow_the_rules():
    """Rules: "Give each player one blue bid token (worth five black bid tokens) and ten black bid tokens"."""
    deck = load_deck("grow")
    (spec,) = extras.extras(deck)
    tokens = {t.name.lower(): t for t in extras.tokens(deck, spec)}
    players = deck.data["players"]["max"]
    for colour, rule in deck.data["tokens"].items():
        assert int(tokens[colour].label) == rule["worth"]
        assert tokens[colour].count >= rule["count"] * players


def test_cat_hint_board_is_the_rules_hint_table():
    """Rules, setup 1: "Положи на стол поле-подсказку"; the board's cells are the deck file's hint table, one row per card type."""
    deck = load_deck("cats")
    (spec,) = extras.extras(deck)
    rows = extras.table_rows(deck, spec)
    assert len(rows) == 1 + len(deck.data["kinds"])
    assert rows[0][2] == deck.data["number_hint"]
    for (title, _, cells), kind in zip(rows[1:], deck.data["kinds"].values()):
        assert title == kind["title"] and cells == kind["hint"]


def test_parts_are_packed_onto_the_last_card_sheet(printed):
    """BUX's 55th card shares its sheet with the five chip tiles; the cats' last three cards with the hint board;
    Grow's last six cards with its three token tiles."""
    expected = {"bux": (7, ["chips-1", "chips-2", "chips-3", "chips-4", "chips-5"]), "cats": (10, ["hint-board"]), "grow": (6, ["tokens-1", "tokens-2", "tokens-3"]), "match": (8, [])}
    for game, (count, parts) in expected.items():
        deck, printed_deck = printed(game)
        layout = deck_layout(printed_deck, deck, "a4")
        fronts = [side for side in layout if side[0].side == "front"]
        assert len(fronts) == count, game
        assert [p.code for p in fronts[-1] if p.part] == parts, game


def test_part_backs_land_behind_their_fronts(printed):
    """Each chip shows its value on both sides; the hint board is Russian on the front and English on the back."""
    deck, printed_deck = printed("bux")
    data = _pdf(deck, printed_deck, first_sheet=False)
    tpl = sheets.template("a4")
    front = Counter((w, round(b[0] + b[2], 0)) for w, b in words_with_boxes(data, 12) if w in ("5", "10", "50", "100", "1000"))
    back = Counter((w, round(2 * tpl.paper_w - b[0] - b[2], 0)) for w, b in words_with_boxes(data, 13) if w in ("5", "10", "50", "100", "1000"))
    assert sum(front.values()) == 60 and front == back
    deck, printed_deck = printed("cats")
    texts = _texts(_pdf(deck, printed_deck, first_sheet=False))
    front = " ".join(texts[-2].split())  # conditions wrap over lines
    back = " ".join(texts[-1].split())
    assert "поле-подсказка" in front and "Волшебная подстава" in front and "Предыдущая «Золотая ставка»" in front
    assert "hint board" in back and "Magic frame-up" in back and "The previous card was «Golden stake»" in back
    assert "a tick allows the move" not in front and "На пересечении" not in back


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"id": "dice", "type": "dice"}, "type 'dice'; known: permission_table, tokens"),
        ({"id": "board", "type": "permission_table", "span": [4, 1]}, "needs 4 x 1 card places"),
        ({"id": "board", "type": "permission_table", "columns": "nowhere", "rows": []}, "names 'nowhere', which is not a mapping"),
    ],
)
def test_a_bad_extra_in_a_deck_file_is_one_clear_sentence(extra, message):
    deck = parse_deck({"game": "t", "title": "T", "design": {"extras": [extra]}, "cards": [{"code": "x-1", "kind": "x"}]})
    printed_deck = new_print(deck, "t", secret=b"extras-test-secret")
    with pytest.raises(CompanionError, match=re.escape(message)):
        _pdf(deck, printed_deck)


# ---------------------------------------------------------------- options


def test_fronts_and_backs_files_hold_only_their_side(tmp_path):
    deck_file = tmp_path / "bux.deck.json"
    pages = {}
    for sides in ("fronts", "backs"):
        out = tmp_path / f"{sides}.pdf"
        assert main(["cards", "print", "--game", "bux", "--out", str(out), "--deck", str(deck_file), "--sides", sides, "--paper", "letter", "--quiet"]) == 0
        pages[sides] = out.read_bytes()
    both = tmp_path / "both.pdf"
    assert main(["cards", "print", "--out", str(both), "--deck", str(deck_file), "--paper", "letter", "--quiet"]) == 0
    printed_deck = load_print(deck_file)
    all_pages = rasterise_pdf(both.read_bytes(), 100)
    fronts, backs = rasterise_pdf(pages["fronts"], 100), rasterise_pdf(pages["backs"], 100)
    assert len(fronts) == len(backs) == len(all_pages) // 2 == 8
    cards = slice(int(8.0 / 25.4 * 100), None)  # right of Letter's footer, which names the file's sides
    assert np.array_equal(backs[0][:, cards], all_pages[1][:, cards])  # the registration scales (the contents' notes differ)
    for k in (1, 4, 7):
        assert np.array_equal(fronts[k][:, cards], all_pages[2 * k][:, cards])
        assert np.array_equal(backs[k][:, cards], all_pages[2 * k + 1][:, cards])
    read = {r.text for page in fronts[1:3] for r in zxingcpp.read_barcodes(page[..., 1], formats=FORMATS)}
    assert read and all(printed_deck.identify(t).status == "card" for t in read)
    assert not [r for page in backs for r in zxingcpp.read_barcodes(page[..., 1], formats=FORMATS)]
    assert "registration test: back" in _texts(pages["backs"])[0]


def test_no_first_sheet_and_no_parts_leave_them_out(tmp_path):
    deck_file = tmp_path / "bux.deck.json"
    runs = {}
    for name, flags in (("plain", []), ("no-first", ["--no-first-sheet"]), ("no-parts", ["--no-parts"])):
        out = tmp_path / f"{name}.pdf"
        assert main(["cards", "print", "--game", "bux", "--out", str(out), "--deck", str(deck_file), "--quiet", *flags]) == 0
        runs[name] = _texts(out.read_bytes())
    assert len(runs["plain"]) == 16 and "print-and-play" in runs["plain"][0]
    assert len(runs["no-first"]) == 14 and "print-and-play" not in runs["no-first"][0]
    unnumbered = lambda texts: [re.sub(r"sheet \d+/\d+", "sheet", t) for t in texts]  # noqa: E731
    assert unnumbered(runs["no-first"]) == unnumbered(runs["plain"][2:])
    assert "WHITE" in runs["plain"][-2] and "WHITE" not in runs["no-parts"][-2]
    assert "Chips" not in runs["no-parts"][0] and "Chips" in runs["plain"][0]


def test_low_ink_prints_much_less_ink_and_still_reads(printed):
    """Match fronts and backs are full colour: in low ink their fills are pale tints."""
    deck, printed_deck = printed("match")
    ink = {}
    for low in (False, True):
        pages = rasterise_pdf(_pdf(deck, printed_deck, first_sheet=False, low_ink=low), 60)
        ink[low] = [1 - page.mean() / 255 for page in pages[:2]]
        if low:
            gray = _gray_page(_pdf(deck, printed_deck, first_sheet=False, low_ink=True), 0, 200)
            read = {r.text for r in zxingcpp.read_barcodes(gray, formats=FORMATS)}
            assert len(read) == 9 and all(printed_deck.identify(t).status == "card" for t in read)
    for normal, low in zip(ink[False], ink[True]):
        assert low < normal / 2, (normal, low)
