"""One command-line grammar: games found the same way, files said plainly, checks before anything is stored.

Each test is a finding of a newcomer's first hour (issue 28): `replay GAME_ID` did not
look in ./companion.db as `audit`, `export` and `games` do; a missing file was "line 1:
cannot read"; `serve --new-game` on a busy port dealt and stored a game, then failed;
Ctrl-C said only "companion: interrupted"; options without help; the plates' progress
counted "0/6" pages for a 5-page PDF; --out into a missing folder made the folder;
another print's deck gave one line per card.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
import segno

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print, save_print
from companion.cli import build_parser, main
from companion.store.backends import open_store

ROOT = Path(__file__).resolve().parents[1]
GOOD = Path(__file__).parent / "records" / "bux-worked-example.jsonl"


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """Run in an empty folder, as a newcomer does: ./companion.db is the default store."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stored_games(db: Path) -> list:
    if not db.exists():
        return []
    with open_store(db, read_only=True) as store:
        return list(store.games())


def test_replay_finds_a_stored_game_in_companion_db_as_export_does(in_tmp, capsys):
    assert main(["import", str(GOOD), "--id", "7a304220c1d6"]) == 0
    capsys.readouterr()
    assert main(["replay", "7a304220c1d6"]) == 0
    replayed = capsys.readouterr().out
    assert "BUX: deck 2, timer 0/3" in replayed
    assert main(["replay", "nosuchgame"]) == 1
    assert "no stored game 'nosuchgame'" in capsys.readouterr().err


def test_replay_of_an_id_without_a_store_says_where_it_looked(in_tmp, capsys):
    assert main(["replay", "7a304220c1d6"]) == 1
    err = capsys.readouterr().err
    assert "'7a304220c1d6' is no record file, and there is no event store at 'companion.db'" in err
    assert "line 1" not in err


@pytest.mark.parametrize("command", ["replay", "import"])
def test_a_missing_record_file_is_said_without_a_line_number(in_tmp, capsys, command):
    assert main([command, "missing.jsonl"]) == 1
    assert capsys.readouterr().err == "companion: cannot open missing.jsonl: no such file\n"
    assert not (in_tmp / "companion.db").exists()


def test_serve_new_game_on_a_busy_port_stores_nothing(in_tmp, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        status = main(["serve", "--new-game", "--players", "Ann,Ben,Cat", "--host", "127.0.0.1", "--port", str(port)])
    assert status == 1
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
    assert _stored_games(in_tmp / "companion.db") == []


def test_serve_new_game_with_a_missing_deck_file_stores_nothing(in_tmp):
    """In a child process: before, the deck file was read only at the first photo, so this served for ever."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "companion", "serve", "--new-game", "--players", "Ann,Ben,Cat",
                           "--host", "127.0.0.1", "--port", str(_free_port()), "--deck", "nosuch.deck.json"],
                          cwd=in_tmp, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "nosuch.deck.json" in done.stderr, done.stderr
    assert _stored_games(in_tmp / "companion.db") == []


def test_ctrl_c_during_serve_says_how_to_continue_the_game(in_tmp):
    assert main(["import", str(GOOD), "--id", "g-resume"]) == 0
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--game", "g-resume", "--host", "127.0.0.1",
                             "--port", str(port)], cwd=in_tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().startswith("Game g-resume.")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # the server answers: it is running
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "companion serve --game g-resume" in err and "interrupted" not in err, err
    assert proc.returncode == 0


def _options_without_help(parser: argparse.ArgumentParser, path: tuple = ()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _options_without_help(sub, path + (name,))
        elif not isinstance(action, (argparse._HelpAction, argparse._VersionAction)) and not action.help:
            yield " ".join(path), action.option_strings or [action.dest]


def test_every_option_has_help():
    assert list(_options_without_help(build_parser())) == []


def test_options_that_take_a_game_list_the_games(capsys):
    with pytest.raises(SystemExit):
        main(["cards", "print", "--help"])
    assert "bux, cats, grow, match" in " ".join(capsys.readouterr().out.split())
    assert main(["cards", "list", "--game", "chess"]) == 1
    assert "the games with a deck are bux, cats, grow, match" in capsys.readouterr().err


def test_the_plates_progress_counts_their_five_pages(tmp_path, capsys):
    assert main(["cards", "markers", "--game", "bux", "--out", str(tmp_path / "plates.pdf")]) == 0
    shown = capsys.readouterr().err.replace("\r", "\n")
    assert "5/5" in shown and "/6" not in shown, shown


@pytest.mark.parametrize("argv", [
    ["cards", "print", "--game", "bux", "--out", "{missing}/deck.pdf", "--quiet"],
    ["cards", "markers", "--out", "{missing}/plates.pdf", "--quiet"],
    ["cards", "lens-board", "--out", "{missing}/board.pdf"],
    ["cards", "export", "--game", "bux", "--png", "{missing}/png", "--deck", "{tmp}/x.deck.json", "--quiet"],
    ["export", "g1", "--out", "{missing}/g1.jsonl", "--db", "{tmp}/companion.db"],
    ["camera-check", "{tmp}/none.png", "--deck", "{tmp}/x.deck.json", "--overlay", "{missing}/check.png"],
    ["calibrate", "--camera", "{tmp}", "--out", "{missing}/lens.json"],
])
def test_out_into_a_missing_folder_is_refused_and_no_folder_is_made(tmp_path, capsys, argv):
    if argv[0] == "export":
        assert main(["import", str(GOOD), "--id", "g1", "--db", str(tmp_path / "companion.db")]) == 0
        capsys.readouterr()
    missing = tmp_path / "no" / "such"
    argv = [a.replace("{missing}", str(missing)).replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert f"the folder {str(missing)!r} does not exist" in err and "Traceback" not in err, err
    assert not (tmp_path / "no").exists()
    assert not list(tmp_path.glob("*.deck.json")), "a deck file was written before the refusal"


def test_cards_of_another_print_are_said_once_with_the_fix(tmp_path, capsys):
    """Scanning with another print's deck file: one sentence naming --deck, not one line per card."""
    theirs = new_print(load_deck("bux"), "theirs", secret=b"the-print-on-the-table")
    ours = tmp_path / "ours.deck.json"
    save_print(new_print(load_deck("bux"), "ours", secret=b"a-different-print!!"), ours)
    page = np.full((720, 1280), 255, np.uint8)
    for i, code in enumerate(["club-x-50", "heart-x-25", "spade-oval-50"]):
        matrix = np.array([[0 if v else 255 for v in row] for row in segno.make(theirs.payload(code), micro=False).matrix],
                          np.uint8)
        qr = cv2.resize(matrix, None, fx=6, fy=6, interpolation=cv2.INTER_NEAREST)
        page[100:100 + qr.shape[0], 80 + 400 * i:80 + 400 * i + qr.shape[1]] = qr
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), page)
    assert main(["scan", str(photo), "--deck", str(ours)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:] == ["  3 cards here are from another print: pass its deck file with --deck"], lines
