"""Bounded cost: oversized inputs are refused with one sentence; a huge log gives a bounded report."""

from __future__ import annotations

import json

from companion.audit.limits import MAX_KEPT, MAX_REPORT_ANOMALIES
from companion.cli import main
from companion.store.backends import open_store
from tests.store import damage


def _huge_setup(path, size):
    setup = json.loads(damage.GOLDEN.read_text().splitlines()[0])
    setup["title"] = "x" * size
    path.write_text(json.dumps(setup) + "\n")


def test_a_huge_single_line_setup_is_refused_not_imported(tmp_path, capsys):
    record = tmp_path / "huge.jsonl"
    _huge_setup(record, 20 * 1024 * 1024)
    db = tmp_path / "games.db"
    assert main(["import", str(record), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "a game record is at most 16 MiB" in err and "Traceback" not in err
    assert main(["audit", str(record), "--out", str(tmp_path / "r.html")]) == 1
    assert "longer than 1024 KiB" in capsys.readouterr().err


def test_a_line_over_a_mebibyte_is_refused(tmp_path, capsys):
    record = tmp_path / "long.jsonl"
    _huge_setup(record, 2 * 1024 * 1024)
    assert main(["import", str(record), "--db", str(tmp_path / "games.db")]) == 1
    assert "longer than 1024 KiB" in capsys.readouterr().err


def test_the_report_lists_a_bounded_number_of_anomalies(tmp_path, capsys):
    path = damage.golden_db(tmp_path)
    with open_store(path) as store:
        store.append_many("g", [("rejected", {"line": {"type": "draw"}, "rule": "draw.test", "message": "no"})] * (MAX_REPORT_ANOMALIES + 50))
    assert main(["audit", "g", "--db", str(path), "--out", str(tmp_path / "r.html")]) == 0
    html = (tmp_path / "r.html").read_text()
    assert "more (all of them are in the JSON)" in html
    assert html.count('class="badge sev-notice"') <= MAX_REPORT_ANOMALIES + 100


def test_a_log_longer_than_any_game_is_checked_to_the_end_in_bounded_memory(tmp_path, capsys):
    path = damage.golden_db(tmp_path)
    change = {"t": 1.0, "changes": [{"code": "heart-x-100", "from": "seat:1", "to": "discard"}]}
    with open_store(path) as store:
        store.append_many("g", [("observation", change)] * (MAX_KEPT + 10))
        store.append("g", "note", {"text": "the end"})
    assert main(["audit", "g", "--db", str(path), "--out", str(tmp_path / "r.html"), "--json"]) == 3
    body = json.loads(capsys.readouterr().out)
    assert body["chain"]["ok"] is True and body["chain"]["seal"].startswith(f"#{47 + MAX_KEPT + 11} ")
    assert any(a["kind"] == "audit.too_long" for a in body["anomalies"])
