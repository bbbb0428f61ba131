"""Every reader of user JSON (replay, import, audit, score, the web) answers hostile input with one line.

Huge integers, deep nesting, invalid UTF-8, NUL bytes, a BOM, lists where
objects belong: the command line exits 1 with one `companion: ...` line and the
web answers 4xx with a JSON message. None may show a traceback (python-chess fuzz/).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main

RECORDS = Path(__file__).parent / "records"
BUX = (RECORDS / "bux-worked-example.jsonl").read_text(encoding="utf-8")
SETUP = BUX.splitlines()[0]

HOSTILE: list[bytes] = [
    b"",
    b"\n\n\n",
    b"\x00" * 64,
    b"\xef\xbb\xbf",
    b"[]\n",
    b"[[[[[[]]]]]]\n",
    b"[" * 100_000 + b"\n",
    b'{"a": ' * 30_000 + b"\n",
    b'{"type": "setup", "game": "bux", "players": [' + b"9" * 5000 + b"]}\n",
    b'{"type": "setup", "game": "grow", "players": ["Ann", "Ben"], "n": -' + b"1" * 4400 + b"}\n",
    b'{"type": "setup", "game": "match", "x": 1e999}\n',
    b'{"type": "setup", "game": "cats", "x": NaN}\n',
    b"\xff\xfe\xfd\n",
    SETUP.encode() + b"\n\xc3\x28\n",
    SETUP.encode() + b"\n" + b"[" * 50_000 + b"\n",
    SETUP.encode() + b'\n{"type": "draw", "player": "Ann", "price": ' + b"5" * 6000 + b"}\n",
]


def commands(path: Path, tmp_path: Path) -> list[list[str]]:
    db = str(tmp_path / "c.db")
    return [["replay", str(path)], ["replay", str(path), "--json"], ["import", str(path), "--db", db],
            ["audit", str(path), "--out", str(tmp_path / "report.html")],
            ["score", "grow", str(path)], ["score", "match", str(path)]]


def assert_one_clear_line(argv: list[str], status: int, out: str, err: str) -> None:
    assert status == 1, (argv, status, out, err)
    assert "Traceback" not in out + err
    text = out if "--json" in argv else err
    assert len(text.strip().splitlines()) == 1, (argv, text)
    if "--json" in argv:
        assert json.loads(text)["error"]["message"]
    else:
        assert text.startswith("companion: ")


@pytest.mark.parametrize("data", HOSTILE, ids=range(len(HOSTILE)))
def test_every_cli_reader_refuses_hostile_json_in_one_line(tmp_path, capsys, data):
    path = tmp_path / "input.jsonl"
    path.write_bytes(data)
    for argv in commands(path, tmp_path):
        status = main(argv)
        captured = capsys.readouterr()
        assert_one_clear_line(argv, status, captured.out, captured.err)


def test_import_names_what_is_wrong_instead_of_an_empty_game(tmp_path, capsys):
    """Issue 14: empty, blank, NUL, BOM, list and nested files all answered "unsupported game: ''"."""
    messages = {}
    for name, data in {"empty": b"", "blank": b"\n\n", "nul": b"\x00" * 8, "bom": b"\xef\xbb\xbf\n",
                       "list": b"[1]\n", "nested": b"[" * 10_000 + b"\n"}.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_bytes(data)
        assert main(["import", str(path), "--db", str(tmp_path / "c.db")]) == 1
        messages[name] = capsys.readouterr().err
    assert all("unsupported game: ''" not in m for m in messages.values()), messages
    assert "empty record" in messages["empty"] and "empty record" in messages["blank"] and "empty record" in messages["bom"]
    assert "not valid JSON" in messages["nul"] and "not list" in messages["list"] and "levels deep" in messages["nested"]


def test_a_bom_and_trailing_blank_lines_read_everywhere(tmp_path, capsys):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + BUX.encode() + b"\n\n")
    assert main(["replay", str(path)]) == 0
    assert main(["import", str(path), "--db", str(tmp_path / "c.db")]) == 0
    assert main(["audit", str(path), "--out", str(tmp_path / "r.html")]) == 0
    capsys.readouterr()


def test_a_setup_without_game_says_so_instead_of_blaming_bux(tmp_path, capsys):
    path = tmp_path / "grow.jsonl"
    path.write_text(json.dumps({"type": "setup", "players": ["Ann", "Ben"]}) + "\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert '"game"' in err and "bux" not in err.split("(")[0] and 'must be "bux"' not in err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(
    st.binary(max_size=300),
    st.builds(lambda head, n, tail: head + b"[" * n + tail, st.sampled_from([b"", SETUP.encode() + b"\n"]),
              st.integers(0, 5000), st.binary(max_size=20)),
    st.builds(lambda n: SETUP.encode() + b'\n{"type": "draw", "player": "Ann", "price": ' + b"1" * n + b"}\n",
              st.integers(1, 6000)),
))
def test_fuzzed_files_never_crash_a_reader(tmp_path, capsys, data):
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(data)
    for argv in commands(path, tmp_path):
        status = main(argv)
        captured = capsys.readouterr()
        assert status in (0, 1, 3), (argv, status)  # 3: the audit found problems in a readable record
        assert "Traceback" not in captured.out + captured.err
