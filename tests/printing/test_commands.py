"""The `companion cards` command: print, export, list, markers, and its error messages."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
import zxingcpp

from companion.cards.payloads import load_print
from companion.cli import main
from companion.printing.render import rasterise_pdf

FORMATS = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)


def test_print_writes_pdf_and_deck_file_then_reuses_it(tmp_path, capsys):
    out = tmp_path / "bux.pdf"
    assert main(["cards", "print", "--game", "bux", "--paper", "letter", "--out", str(out), "--deck-name", "club night", "--quiet"]) == 0
    deck_file = tmp_path / "bux.deck.json"
    printed = load_print(deck_file)
    assert printed.name == "club night"
    assert out.read_bytes().startswith(b"%PDF")
    # Reprint one lost card from the same print: same payload.
    again = tmp_path / "lost.pdf"
    assert main(["cards", "print", "--out", str(again), "--deck", str(deck_file), "--cards", "spade-x-50", "--quiet"]) == 0
    page = rasterise_pdf(again.read_bytes(), 150)[0][..., 1]
    assert {r.text for r in zxingcpp.read_barcodes(page, formats=FORMATS)} == {printed.payload("spade-x-50")}
    assert "used deck file" in capsys.readouterr().out


def test_export_writes_pngs_and_manifest(tmp_path):
    deck_file = tmp_path / "prints" / "export.deck.json"
    deck_file.parent.mkdir()  # no command makes a missing folder for its output (tests/test_cli_grammar.py)
    png_dir = tmp_path / "png"
    assert main(["cards", "export", "--game", "bux", "--png", str(png_dir), "--deck", str(deck_file), "--dpi", "150", "--quiet"]) == 0
    printed = load_print(deck_file)
    manifest = json.loads((png_dir / "manifest.json").read_text())
    assert [m["code"] for m in manifest] == list(printed.codes())
    for entry in manifest[::9]:
        image = cv2.imread(str(png_dir / entry["file"]), cv2.IMREAD_GRAYSCALE)
        assert abs(image.shape[1] - 63 / 25.4 * 150) <= 1
        texts = {r.text for r in zxingcpp.read_barcodes(image, formats=FORMATS)}
        assert texts == {entry["payload"]}
        assert printed.identify(entry["payload"]).code == entry["code"]


def test_an_export_that_cannot_write_a_file_says_which_and_leaves_no_part_file(tmp_path, capsys):
    png_dir = tmp_path / "png"
    (png_dir / "manifest.json").mkdir(parents=True)  # a folder where the manifest goes: the last write fails
    argv = ["cards", "export", "--game", "cats", "--png", str(png_dir), "--deck", str(tmp_path / "x.deck.json"), "--dpi", "50", "--quiet"]
    assert main(argv) == 1
    assert f"cannot write {str(png_dir / 'manifest.json')!r}" in capsys.readouterr().err
    assert not list(png_dir.glob("*.part"))


def test_a_print_without_game_is_of_the_game_its_deck_file_records(tmp_path):
    """No game is assumed: the existing print's deck file says which game it is (here not BUX)."""
    deck_file = tmp_path / "cats.deck.json"
    assert main(["cards", "export", "--game", "cats", "--png", str(tmp_path / "first"), "--deck", str(deck_file), "--dpi", "50", "--quiet"]) == 0
    assert main(["cards", "export", "--png", str(tmp_path / "again"), "--deck", str(deck_file), "--dpi", "50", "--quiet"]) == 0
    manifest = json.loads((tmp_path / "again" / "manifest.json").read_text())
    assert manifest == json.loads((tmp_path / "first" / "manifest.json").read_text()) and manifest[0]["code"] == "bank-1-01"


def test_list_shows_every_card(capsys):
    assert main(["cards", "list", "--game", "bux", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 55 and rows[0]["code"] == "heart-x-25"


@pytest.mark.parametrize("game, plates, count", [
    (["--game", "bux"], {10, 11, 12}, 5), (["--game", "match"], {6, 7, 8, 9}, 6), ([], set(), 4)])
def test_markers_pdf_reads_back_every_table_marker(tmp_path, game, plates, count):
    """The frame's seat and corner plates always; the game's own middle plates with --game (none without)."""
    out = tmp_path / "plates.pdf"
    assert main(["cards", "markers", *game, "--paper", "a4", "--out", str(out), "--names", "Ann,Bob", "--quiet"]) == 0
    pages = rasterise_pdf(out.read_bytes(), 100)
    table_dict = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    detector = cv2.aruco.ArucoDetector(table_dict)
    found = set()
    for page in pages:
        _, ids, _ = detector.detectMarkers(cv2.cvtColor(page, cv2.COLOR_RGB2GRAY))
        found |= set(np.ravel(ids).tolist()) if ids is not None else set()
    assert found == {1, 2, 3, 4, 5, 20, 21, 22, 23} | plates
    assert len(pages) == count, "pages of two plates, then one of corners: no lens-calibration board any more"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["cards", "list", "--game", "nosuchgame"], "no deck definition"),
        (["cards", "print", "--game", "bux", "--out", "{tmp}/x.txt", "--quiet"], "must be a .pdf"),
        (["cards", "print", "--game", "bux", "--out", "{tmp}/x.pdf", "--cards", "heart-x-26", "--quiet"], "no card 'heart-x-26'"),
        (["cards", "print", "--out", "{tmp}/x.pdf", "--deck", "{tmp}/bad.json", "--quiet"], "not valid JSON"),
        (["cards", "export", "--png", "{tmp}/png", "--deck", "{tmp}/bad.json", "--quiet"], "not valid JSON"),
        (["cards", "list"], "which game? Give --game, one of bux, cats, grow, match"),
        (["cards", "print", "--out", "{tmp}/x.pdf", "--quiet"], "which game? Give --game, one of bux, cats, grow, match (or --deck"),
        (["cards", "export", "--png", "{tmp}/png", "--deck", "{tmp}/new.deck.json", "--quiet"], "which game? Give --game"),
    ],
)
def test_bad_input_gives_a_clear_message_and_writes_nothing(tmp_path, capsys, argv, message):
    (tmp_path / "bad.json").write_text("{oops")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "png").exists()
