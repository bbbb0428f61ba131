"""`companion replay` on valid, illegal and garbage input: exit codes, JSON errors, never a traceback."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main

RECORDS = Path(__file__).parent / "records"
GOOD = RECORDS / "bux-worked-example.jsonl"


def run(tmp_path, text: str | bytes, *args: str, capsys=None):
    path = tmp_path / "record.jsonl"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return main(["replay", str(path), *args])


def test_replay_prints_a_readable_table(capsys):
    assert main(["replay", str(GOOD)]) == 0
    out = capsys.readouterr().out
    assert "BUX: deck 2, timer 0/3" in out and "Ben" in out and "1260 chips" in out


def test_illegal_line_exits_1_with_line_and_rule_in_json(tmp_path, capsys):
    lines = GOOD.read_text().splitlines()
    bad = json.loads(lines[1])
    bad["price"] = 42
    lines[1] = json.dumps(bad)
    assert run(tmp_path, "\n".join(lines) + "\n", "--json") == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["line"] == 2 and "multiple of 5" in error["message"] and error["rule"] == "bid.not_multiple"


def test_illegal_line_without_json_goes_to_stderr(tmp_path, capsys):
    assert run(tmp_path, '{"type": "setup", "game": "bux"}\n') == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "line 1" in captured.err


def test_missing_file_and_binary_garbage(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.jsonl"), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["message"] == f"cannot open {tmp_path / 'nope.jsonl'}: no such file"
    assert run(tmp_path, b"\xff\xfe\x00garbage\n", "--json") == 1
    assert json.loads(capsys.readouterr().out)["error"]["line"] == 1


def test_unknown_game_is_a_clear_error(tmp_path, capsys):
    assert run(tmp_path, '{"type": "setup", "game": "chess"}\n', "--json") == 1
    assert "chess" in json.loads(capsys.readouterr().out)["error"]["message"]


def _mutate(lines: list[str], rng: random.Random) -> str:
    lines = list(lines)
    i = rng.randrange(len(lines))
    choice = rng.randrange(6)
    if choice == 0:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    elif choice == 1:
        data = json.loads(lines[i])
        key = rng.choice(sorted(data))
        data[key] = rng.choice([None, 0, -5, 7.5, "", "x", [], {}, [[]], True, "heart-x-25", 10**30])
        lines[i] = json.dumps(data)
    elif choice == 2:
        del lines[i]
    elif choice == 3:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif choice == 4:
        lines[i] = "".join(rng.sample(lines[i], len(lines[i])))
    else:
        lines[i] = "[" * rng.randrange(1, 5000)
    return "\n".join(lines) + "\n"


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzzed_records_exit_cleanly(tmp_path_factory, seed):
    """Mutated records: exit 0 or 1 with a JSON body, never an exception."""
    rng = random.Random(seed)
    source = rng.choice(sorted(RECORDS.glob("bux-*.jsonl")))
    text = _mutate(source.read_text().splitlines(), rng)
    path = tmp_path_factory.mktemp("fuzz") / "r.jsonl"
    path.write_text(text)
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(["replay", str(path), "--json"])
    body = json.loads(buffer.getvalue())
    assert code in (0, 1)
    assert ("error" in body) == (code == 1)
    if code == 1:
        assert isinstance(body["error"]["line"], int) and body["error"]["message"]


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=400))
def test_random_bytes_never_raise(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("bytes") / "r.jsonl"
    path.write_bytes(data)
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["replay", str(path), "--json"]) == 1


def test_console_script_runs_without_traceback(tmp_path):
    """The installed entry point, as a user runs it."""
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "draw"}\n')
    result = subprocess.run([sys.executable, "-m", "companion", "replay", str(bad), "--json"],
                            capture_output=True, text=True, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert json.loads(result.stdout)["error"]["line"] == 1


# --- Unknown keys (issue 14): read past, but reported with their line -------------------

GROW = RECORDS / "grow-2p.jsonl"


def with_typo(path: Path, kind: str, old: str, new: str) -> tuple[str, int]:
    """Return the record with `old` renamed `new` on its last `kind` line holding `old`, and that line's number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, text in reversed(list(enumerate(lines, start=1))):
        data = json.loads(text)
        if data["type"] == kind and old in data:
            data[new] = data.pop(old)
            lines[number - 1] = json.dumps(data)
            return "\n".join(lines) + "\n", number
    raise AssertionError(f"no {kind} line with {old!r} in {path.name}")


def test_replay_warns_of_an_unknown_key_with_its_line(tmp_path, capsys):
    """A "stak" typo on a Grow pick starts a new stack and changes the score: replay must say so."""
    text, number = with_typo(GROW, "pick", "stack", "stak")
    assert run(tmp_path, text) == 0
    captured = capsys.readouterr()
    assert f"companion: warning: line {number}: pick: unknown key 'stak' was ignored; a pick line has type, player, card, stack" \
        in captured.err
    assert run(tmp_path, text, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert [(w["line"], w["type"], w["key"]) for w in summary["warnings"]] == [(number, "pick", "stak")]


def test_the_warning_comes_also_when_the_ignored_key_breaks_the_replay(tmp_path, capsys):
    lines = GROW.read_text(encoding="utf-8").splitlines()
    number = next(n for n, text in enumerate(lines, start=1) if '"stack"' in text and '"pick"' in text)
    lines[number - 1] = lines[number - 1].replace('"stack"', '"stak"')
    assert run(tmp_path, "\n".join(lines) + "\n") == 1
    err = capsys.readouterr().err
    assert err.index(f"warning: line {number}: pick: unknown key 'stak'") < err.index("companion: line ")
    assert run(tmp_path, "\n".join(lines) + "\n", "--json") == 1
    body = json.loads(capsys.readouterr().out)
    assert body["error"]["line"] > number and body["warnings"][0]["line"] == number


def test_replay_of_a_clean_record_has_no_warnings(tmp_path, capsys):
    """A note is welcome on any line; a record without typos prints no warning and no "warnings" key."""
    assert main(["replay", str(GROW)]) == 0
    assert capsys.readouterr().err == ""
    assert main(["replay", str(GROW), "--json"]) == 0
    assert "warnings" not in json.loads(capsys.readouterr().out)


def test_match_cardz_is_reported(tmp_path, capsys):
    lines = (RECORDS / "match-basic-2p.jsonl").read_text(encoding="utf-8").splitlines()
    data = json.loads(lines[3])
    assert data["type"] == "match"
    lines[3] = json.dumps({**data, "cardz": data["cards"]})
    assert run(tmp_path, "\n".join(lines) + "\n", "--json") == 0
    assert [(w["line"], w["key"]) for w in json.loads(capsys.readouterr().out)["warnings"]] == [(4, "cardz")]
