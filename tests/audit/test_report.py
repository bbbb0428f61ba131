"""The HTML report: self-contained, complete, honest about hidden information, and for every game."""

from __future__ import annotations

import importlib
import re

import pytest

from companion.audit.audit import run_audit
from companion.audit.report import render
from companion.audit.sample import build_game
from companion.audit.source import from_file, from_store
from companion.store.session import import_record


def _external_references(html: str) -> list[str]:
    """Return every src/href that would fetch something (anything but data: URIs and in-page anchors)."""
    refs = re.findall(r'(?:src|href)="([^"]*)"', html)
    return [r for r in refs if not r.startswith(("data:", "#"))]


def test_report_is_self_contained_and_complete(demo):
    audit = run_audit(from_store(demo, "demo"))
    html = render(audit, json_name="demo.json")
    assert _external_references(html) == []
    assert "<script" not in html and "@import" not in html and "url(" not in html
    kept = [m for m in audit.moves if (m.get("evidence") or {}).get("keyframe") is not None]
    assert html.count('src="data:image/jpeg;base64,') == len(kept) > 0
    players = list(audit.final["players"])
    chart = html[html.index("<svg"):html.index("</svg>")]
    assert chart.count("<polyline") == len(players)
    assert "Double-BUX" in chart  # shaded periods carry a title
    for name in players:
        assert f"<td>{name}</td>" in html
    assert html.count('<tr id="e') == len(audit.moves)
    assert "Money flow" in html and "Timer" in html and "demo.json" in html


def test_in_progress_game_hides_card_values(store):
    build_game(store, seed=11, players=4, game_id="live", max_moves=10)
    audit = run_audit(from_store(store, "live"))
    assert not audit.over
    html = render(audit)
    assert "card values" in html
    assert not re.search(r"(heart|club|spade|diamond)-(x|oval|circle|square)-\d", html)
    assert not re.search(r"[♥♣♠♦] (X|oval|circle|square) \d", html) and re.search(r"[♥♣♠♦] (X|oval|circle|square)", html)


def test_finished_game_shows_card_values(demo):
    """Once the game is over, the moves name each card with the value on its back, as the operator reads it."""
    html = render(run_audit(from_store(demo, "demo")), thumbnails=False)
    assert re.search(r"[♥♣♠♦] (X|oval|circle|square) \d+", html)
    assert "data:image/jpeg" not in html


@pytest.mark.parametrize("game", ["cats", "grow", "match"])
def test_other_games_get_a_generic_report(store, tmp_path, game):
    selfplay = importlib.import_module(f"companion.games.{game}.selfplay")
    record = importlib.import_module(f"companion.games.{game}.record")
    text = record.write_record(selfplay.random_game(4))
    import_record(store, text.splitlines(True), game_id=game)
    audit = run_audit(from_store(store, game))
    assert audit.chain.ok and audit.replay_error is None and audit.final is not None
    html = render(audit)
    assert html.count('<tr id="e') == len(text.splitlines())
    assert _external_references(html) == []
    path = tmp_path / f"{game}.jsonl"
    path.write_text(text)
    plain = run_audit(from_file(path))
    assert not plain.chained and plain.final == audit.final


@pytest.mark.parametrize("game", ["cats", "grow", "match"])
def test_a_report_shown_in_full_mid_game_says_so(store, game):
    """Mid-game, a report hides what the rules hide and says so; with full (`--full`, the organiser's) it shows
    everything and warns to keep it off the table; once the game is over it shows everything without a warning."""
    selfplay = importlib.import_module(f"companion.games.{game}.selfplay")
    record = importlib.import_module(f"companion.games.{game}.record")
    lines = record.write_record(selfplay.random_game(4)).splitlines(True)
    import_record(store, lines[:3], game_id="part")
    import_record(store, lines, game_id="whole")
    part, whole = run_audit(from_store(store, "part")), run_audit(from_store(store, "whole"))
    full = run_audit(from_store(store, "part"), full=True)
    assert not part.over and whole.over
    assert part.masked and not full.masked and not whole.masked
    assert "keep it off the table" not in render(part, thumbnails=False) and "still in progress" in render(part, thumbnails=False)
    assert "keep it off the table" in render(full, thumbnails=False)
    assert "keep it off the table" not in render(whole, thumbnails=False)
