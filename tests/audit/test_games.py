"""The audit report of every game, as played on the tablet: the game's own words, scores per move, no anomaly
for a camera that was never there, and nothing the rules hide while the game runs (issues 28 and 29)."""

from __future__ import annotations

import json
import re

import pytest

from companion.audit.audit import run_audit
from companion.audit.report import render
from companion.audit.sample import build_game
from companion.audit.source import from_store
from companion.cli import main
from companion.games.cats import history as cats_history
from companion.games.grow import history as grow_history
from companion.store.backends import open_store
from tests.audit.played import record_lines, store_played

GAMES = ("grow", "cats", "match")
CODE = re.compile(r"\b(?:(?:green|red|blue|gold)-\d\d|bank-\d+-\d\d|cat-[a-z-]+-\d|(?:blue|red)-(?:\d+|trade|steal|wild)-\d+)\b")
PYTHON = re.compile(r"\[\s*'|\{\s*'|': ")
"""Python's repr of a list or dict (['green-08', … / {'Ann': 3, …): what a person should never read."""


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "club.db"
    with open_store(path) as store:
        for game in GAMES:
            store_played(store, game, seed=3, players=3)
            store_played(store, game, seed=3, players=3, game_id=f"{game}-part", cut=30)
    return path


def _rows(html: str) -> list[str]:
    """Return the "What happened" cell of every move row, tags stripped."""
    rows = re.findall(r'<tr id="e\d+"[^>]*>(.*?)</tr>', html, re.S)
    cells = [re.search(r'<span class="badge src-[^"]*">[^<]*</span></td>\s*<td[^>]*>(.*?)</td>', row, re.S) for row in rows]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell[1])).strip() if cell else "" for cell in cells]


def _audit(db, game_id, **kw):
    with open_store(db, read_only=True) as store:
        return run_audit(from_store(store, game_id), **kw)


@pytest.mark.parametrize("game", GAMES)
def test_moves_read_as_the_tablet_words_them(db, game):
    audit = _audit(db, game)
    rows = _rows(render(audit, thumbnails=False))
    assert len(rows) == len(audit.moves) > 30
    for text in rows:
        assert text and not PYTHON.search(text) and not CODE.search(text), text


def test_grow_names_cards_by_their_face_as_the_tablet_does(db):
    audit = _audit(db, "grow")
    lines = record_lines("grow", 3, 3)
    rows = _rows(render(audit, thumbnails=False))
    draw = next(i for i, line in enumerate(lines) if line["type"] == "draw")
    assert rows[draw].startswith("Round 1: ") and rows[draw].endswith("turned face up.")
    for code in lines[draw]["cards"]:
        assert grow_history.card_text(code) in rows[draw]  # "green 7", the tablet's words
    reveal = next(i for i, line in enumerate(lines) if line["type"] == "reveal_bids")
    assert rows[reveal].startswith("Bids revealed: ") and "{" not in rows[reveal]


def test_the_cat_auction_reads_as_its_shared_history(db):
    audit = _audit(db, "cats")
    rows = _rows(render(audit, thumbnails=False))
    lines = record_lines("cats", 3, 3)
    passed = next(i for i, line in enumerate(lines) if line["type"] == "pass")
    assert rows[passed].startswith(cats_history.describe(lines[passed]))
    assert any("won the round" in text for text in rows)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_score_after_every_move(db, game):
    audit = _audit(db, game)
    players = list(audit.final["players"])
    assert all(set(m["standing"]) == set(players) for m in audit.moves)
    html = render(audit, thumbnails=False)
    standings = html[html.index("Final standings"):html.index("</table>", html.index("Final standings"))]
    cells = re.findall(r'<td class="num">([^<]*)</td>', standings)
    assert len(cells) >= len(players) and all(c.strip().lstrip("-").isdigit() for c in cells[:1]), cells
    assert "<polyline" in html


@pytest.mark.parametrize("game", GAMES)
def test_a_game_without_a_camera_lists_no_move_for_lacking_camera_evidence(db, game):
    audit = _audit(db, game)
    assert [a for a in audit.anomalies if a.kind.startswith("evidence")] == []
    html = render(audit, thumbnails=False)
    assert "no camera evidence" not in html and "camera observation" not in html
    assert "0 notices" in html


def test_bux_entered_on_the_tablet_alone_has_no_evidence_anomaly(tmp_path):
    """BUX is camera-read, but a game nobody filmed expects no evidence; a filmed one still does (test_anomalies)."""
    with open_store(tmp_path / "b.db") as store:
        build_game(store, seed=11, players=4, game_id="typed", tablet_share=1.0, max_moves=20)
        audit = run_audit(from_store(store, "typed"))
    assert audit.observations == 0 and [a for a in audit.anomalies if a.kind == "evidence.none"] == []


def _hidden_codes(lines: list[dict]) -> set[str]:
    """Return the codes a cat auction keeps face down: hands dealt, the lot, penalties, draws, revealed lots."""
    hidden = set()
    for line in lines:
        kind = line["type"]
        if kind == "setup":
            hidden |= {c for hand in (line.get("hands") or {}).values() for c in hand}
        elif kind == "lot":
            hidden.add(line["card"])
        elif kind == "pass":
            hidden.add(line["penalty"])
        elif kind in ("draw", "reveal", "deal"):
            hidden |= set(line["cards"])
    return hidden


def test_an_unfinished_cat_auction_names_no_hidden_card(db, tmp_path, capsys):
    lines = record_lines("cats", 3, 3)[:30]
    hidden = _hidden_codes(lines)
    assert any(line["type"] == "pass" for line in lines) and hidden
    from companion.errors import CompanionError
    from companion.games.cats.record import state_to_json
    from companion.store.session import GameSession

    with open_store(db) as store:  # a phone's entry the rules refuse: its reason names a card of a hand
        session = GameSession(store, "cats-part")
        turn = state_to_json(session.state)["turn"]
        other = next(hand for name, hand in lines[0]["hands"].items() if name != turn)
        with pytest.raises(CompanionError) as refused:
            session.submit({"type": "pass", "player": turn, "penalty": other[0]}, source="phone")
    out = tmp_path / "part.html"
    assert main(["audit", "cats-part", "--db", str(db), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    html, body = out.read_text(encoding="utf-8"), out.with_suffix(".json").read_text(encoding="utf-8")
    assert "still in progress" in html and json.loads(body)["masked"] is True and "rejected pass" in html
    assert not CODE.search(html) and not CODE.search(body), CODE.search(html + body)[0]
    assert not CODE.search(said) and refused.value.message not in html + body + said
    # The organiser, after the game, asks for everything: the lines are there, with the warning.
    assert main(["audit", "cats-part", "--db", str(db), "--out", str(out), "--full"]) == 0
    html, body = out.read_text(encoding="utf-8"), out.with_suffix(".json").read_text(encoding="utf-8")
    assert "keep it off the table" in html and all(code in body for code in hidden)


def test_an_unfinished_two_player_grow_game_names_no_removed_card(tmp_path, capsys):
    path = tmp_path / "two.db"
    with open_store(path) as store:
        lines = store_played(store, "grow", seed=5, players=2, game_id="two", cut=20)
    removed = lines[0]["removed"]
    assert removed
    out = tmp_path / "two.html"
    assert main(["audit", "two", "--db", str(path), "--out", str(out)]) == 0
    said = out.read_text(encoding="utf-8") + out.with_suffix(".json").read_text(encoding="utf-8")
    assert not any(code in said for code in removed)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_shows_everything(db, game):
    body = _audit(db, game).to_json()
    assert body["masked"] is False and all("line" in m for m in body["moves"])
    assert _audit(db, f"{game}-part", full=True).to_json()["masked"] is False


def _ticks(html: str) -> list[str]:
    """Return the chart's x-axis labels (the ticks under the plot, not the y grid's numbers or stage names)."""
    chart = html[html.index("<svg"):html.index("</svg>")]
    return re.findall(r'text-anchor="middle" class="tick">([^<]*)<', chart)


@pytest.fixture
def bux_with_an_undo(tmp_path):
    """A 30-move BUX game filmed by the camera (about 25 minutes), its last move undone: one warning."""
    from companion.store.session import GameSession

    path = tmp_path / "bux.db"
    with open_store(path) as store:
        build_game(store, seed=11, players=4, game_id="g", tablet_share=0.0, max_moves=30)
        GameSession(store, "g").undo()
        audit = run_audit(from_store(store, "g"))
    return path, audit, render(audit, thumbnails=False)


def test_one_warning_is_a_warning(bux_with_an_undo, tmp_path, capsys):
    path, audit, html = bux_with_an_undo
    assert audit.counts()["warning"] == 1
    assert "· 1 warning</span>" in html and "1 warnings" not in html
    assert main(["audit", "g", "--db", str(path), "--out", str(tmp_path / "r.html")]) == 0
    assert "0 errors, 1 warning, " in capsys.readouterr().out


def test_the_money_flow_signs_no_zero(bux_with_an_undo):
    """A player who bought nothing bought "0", not "−0"."""
    _, _, html = bux_with_an_undo
    flow = html[html.index("Money flow"):]
    assert re.search(r">0<", flow) and not re.search(r">[−+]0<", flow)


def test_time_labels_say_each_time_once(bux_with_an_undo):
    """A 25-minute game's labels are minutes and seconds, each said once (h:mm gave "0:05" again and again)."""
    _, _, html = bux_with_an_undo
    ticks = _ticks(html)
    assert len(ticks) > 4 and len(set(ticks)) == len(ticks), ticks
    assert all(re.fullmatch(r"\d\d:\d\d", t) for t in ticks), ticks


def test_a_record_imported_at_once_is_charted_by_move_number(tmp_path):
    """Every move of an imported record has the same time: the chart numbers the moves, the table shows no time."""
    from companion.store.session import import_record

    with open_store(tmp_path / "i.db") as store:
        lines = [json.dumps(line) + "\n" for line in record_lines("grow", 3, 3)]
        import_record(store, lines, game_id="imported")
        html = render(run_audit(from_store(store, "imported")), thumbnails=False)
    ticks = _ticks(html)
    assert ticks and all(t.isdigit() for t in ticks) and len(set(ticks)) == len(ticks)
    assert "<th>Time</th>" not in html


@pytest.mark.parametrize("game", GAMES + ("bux",))
def test_a_running_games_standings_are_the_engines_shared_view(tmp_path, game):
    """What the report shows of a state comes from GAME.view_for(state, SHARED), not from masked text (issue 30).

    The final summary of a game in progress is that view as the engine gives
    it, before any text mask, so a BUX report holds no card code at all; with
    --full, and once the game is over, it is the whole public summary.
    """
    from companion.games import find_game
    from companion.games.base import SHARED

    rules = find_game(game)
    with open_store(tmp_path / "g.db") as store:
        lines = store_played(store, game, seed=3, players=3, game_id="part", cut=30)
        part = run_audit(from_store(store, "part"))
        full = run_audit(from_store(store, "part"), full=True)
    state = rules.replay(json.dumps(line) + "\n" for line in lines)
    assert not rules.is_over(state)
    assert part.final == rules.view_for(state, SHARED) and full.final == rules.state_to_json(state)
    if game == "bux":
        bux_code = re.compile(r"\b(?:heart|club|spade|diamond)-(?:x|oval|circle|square)-\d+\b")
        assert not bux_code.search(json.dumps(part.final)) and bux_code.search(json.dumps(full.final))
        assert all(set(row.get("standing") or {}) <= set(state.players) for row in part.moves)
