"""A GET never writes: every GET route, as every holder, on every game at every stage, leaves the store as it was.

Reads used to write: the scoreboard page stored the dice seed's commitment,
the state endpoint stored the seed's reveal once the game was over, and the
first request of a game made its web key. A screen watching a game then
changed it (a new event after the last seal, a stale entry on the tablet),
and a read-only view of the database could not even be opened. Now the
write that creates a game stores its key and the seed's commitment, and the
move that ends it stores the reveal (companion/store/game_secrets.py).

The crawl takes every GET rule of the app (its url_map: a route added later
is crawled too, or the test says which of its arguments it cannot fill),
fills it for each game of a real SQLite file (all four games, each fresh,
mid-game and finished), and asks it over real HTTP on loopback as each
holder: nobody, the tablet (game token as header, cookie and join link) and
each seat (its private key as `k` and as header). After every request the
tables' row counts must be unchanged (so a failure names the request that
wrote), and at the end a full dump of every table (events, secrets, replies,
games, keyframes) must equal the one taken before.
"""

from __future__ import annotations

import http.client
import json
import sqlite3
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from companion.games import find_game
from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web import create_app
from companion.web.access import cookie_name, game_key, game_token, player_token
from tests.web.serving import serving

RECORDS = Path(__file__).resolve().parents[1] / "records"
GAMES = {"bux": "bux-3p-full", "grow": "grow-2p", "cats": "cats-3p", "match": "match-basic-2p"}
"""Each built-in game and the golden record its three stages are cut from."""
STAGES = ("fresh", "mid", "over")
UNKNOWN = "Nobody"
"""A seat name no game has: the 404 paths are crawled too."""


def _lines(game: str) -> list[dict]:
    text = (RECORDS / f"{GAMES[game]}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _store_games(db: Path) -> dict[str, dict]:
    """Store every game at every stage in `db`; return game id -> {"game", "players", "items"} (open attention ids)."""
    stored = {}
    with open_store(db) as store:
        for game, _record in GAMES.items():
            lines = _lines(game)
            for stage in STAGES:
                game_id = f"{game}-{stage}"
                session = GameSession.start(store, lines[0], game_id=game_id)
                moves = {"fresh": [], "mid": lines[1:len(lines) // 2], "over": lines[1:]}[stage]
                for line in moves:
                    session.submit(line, source="import")
                items = []
                if stage == "mid":
                    items.append(session.raise_attention("the camera sees a card it cannot place", proposed=lines[len(lines) // 2]))
                    if game == "grow":
                        _seal_a_bid(session)
                assert find_game(game).is_over(session.state) == (stage == "over"), game_id
                stored[game_id] = {"game": game, "players": list(session.state.players), "items": items}
    return stored


def _seal_a_bid(session: GameSession) -> None:
    """Seal the first waiting seat's bid if the game waits for bids (a secret and a sealed_bid event to keep still)."""
    from companion.games.grow.screens.bids import SealedBidBox

    box = SealedBidBox(session)
    waiting = box.waiting()
    if waiting:
        box.seal(waiting[0], 1)


def dump(db: Path) -> dict[str, list[tuple]]:
    """Return every row of every table of the SQLite file, in a stable order."""
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {table: sorted(connection.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr) for table in tables}
    finally:
        connection.close()


def counts(connection: sqlite3.Connection) -> dict[str, int]:
    """Return each table's row count (cheap enough to take after every request)."""
    tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {table: connection.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0] for table in tables}


def holders(game_id: str, key: bytes, players: list[str]) -> dict[str, tuple[dict, dict]]:
    """Return holder -> (headers, query): nobody, the tablet, and each seat."""
    token = game_token(key)
    found = {"nobody": ({}, {}),
             "tablet": ({"X-Companion-Token": token, "Cookie": f"{cookie_name(game_id)}={token}"}, {"t": token})}
    for player in players:
        seat = player_token(key, player)
        found[f"seat {player}"] = ({"X-Companion-Token": seat}, {"k": seat})
    return found


def fill(rule, game_id: str, info: dict, static: dict[str, str]) -> list[str]:
    """Return the paths of one GET rule for one game: every value each argument can sensibly take."""
    values = {
        "game_id": [game_id],
        "player": [*info["players"], UNKNOWN],
        "item_id": [*info["items"], "00000000"],
        "name": [info["game"]],
        "filename": [static.get(rule.endpoint, "nothing.js")],
    }
    unknown = set(rule.arguments) - set(values)
    assert not unknown, f"the read crawl cannot fill {sorted(unknown)} of {rule.rule}: add values for it in fill()"
    paths = [{}]
    for argument in sorted(rule.arguments):
        paths = [{**done, argument: value} for done in paths for value in values[argument]]
    return [rule.build(arguments, append_unknown=False)[1] for arguments in paths]


def _static_files(app) -> dict[str, str]:
    """Return a file each static endpoint serves (a static read is crawled like any other)."""
    found = {}
    for name, blueprint in [("static", app), *[(f"{b.name}.static", b) for b in app.blueprints.values()]]:
        folder = getattr(blueprint, "static_folder", None)
        if folder and Path(folder).is_dir():
            first = next((p for p in sorted(Path(folder).rglob("*")) if p.is_file()), None)
            if first is not None:
                found[name] = first.relative_to(folder).as_posix()
    return found


def get(connection: http.client.HTTPConnection, path: str, headers: dict) -> int:
    """GET `path` on a kept-alive connection and read the whole answer; return its status."""
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    return response.status


def _app(db: Path, *, club: bool):
    # A stream renders and offers its state when it is opened (Broadcaster.join): what happens after is waiting,
    # so each of the crawl's ~100 streams ends after 5 ms (at 50 ms they were a third of the crawl's time).
    return create_app({"DB": str(db), "CLUB": club, "STREAM_SECONDS": 0.005, "STREAM_HEARTBEAT": 0.005,
                       "MJPEG_SECONDS": 0.05, "MJPEG_INTERVAL": 0.01})


def test_a_get_never_writes(tmp_path):
    """The club server's app has every route of a table's, and the club's own: each is crawled, for every game."""
    db = tmp_path / "companion.db"
    stored = _store_games(db)
    with open_store(db) as store:
        keys = {game_id: game_key(store, game_id) for game_id in stored}
    before = dump(db)
    app = _app(db, club=True)
    rules = [rule for rule in app.url_map.iter_rules() if "GET" in rule.methods]
    table_rules = {rule.endpoint for rule in _app(db, club=False).url_map.iter_rules() if "GET" in rule.methods}
    assert table_rules <= {rule.endpoint for rule in rules}, "a table's server has a GET route the club's lacks: crawl it too"
    static = _static_files(app)
    watch = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    asked: set[str] = set()
    statuses: dict[int, int] = {}
    try:
        with serving(app) as base:
            parts = urlsplit(base)
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
            last = counts(watch)
            for game_id, info in stored.items():
                for holder, (headers, query) in holders(game_id, keys[game_id], info["players"]).items():
                    for rule in rules:
                        for path in fill(rule, game_id, info, static):
                            url = f"{path}?{urlencode(query)}" if query else path
                            try:
                                status = get(connection, url, headers)
                            except (http.client.HTTPException, OSError):
                                connection.close()
                                connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
                                status = get(connection, url, headers)
                            statuses[status] = statuses.get(status, 0) + 1
                            asked.add(rule.endpoint)
                            now = counts(watch)
                            assert now == last, f"GET {path} as {holder} ({game_id}) wrote: rows {last} -> {now}"
            connection.close()
    finally:
        watch.close()
    assert asked == {rule.endpoint for rule in rules}
    assert statuses.get(200, 0) > len(stored) * 10, f"too few reads were answered to prove anything: {statuses}"
    after = dump(db)
    for table in before:
        assert after[table] == before[table], f"the GET crawl changed the {table} table"
    assert after.keys() == before.keys()


def test_a_game_stored_without_a_key_is_refused_in_words_until_serve_gives_it_one(tmp_path):
    """A game an older version stored has no key: a read says so and stores none; the server's start gives it one."""
    from companion.store.game_secrets import GAME_KEY, give_missing_keys

    db = tmp_path / "companion.db"
    with open_store(db) as store:
        store.create_game("old", "bux", events=[("move", _lines("bux")[0])], source="import")
    before = dump(db)
    client = _app(db, club=False).test_client()
    answer = client.get("/g/old/state.json")
    assert answer.status_code == 503 and "companion serve" in answer.json["error"]["message"]
    assert client.get("/g/old").status_code == 503
    assert dump(db) == before, "the refused read stored nothing"
    with open_store(db) as store:
        assert give_missing_keys(store) == ["old"] and store.get_secret("old", GAME_KEY)
        assert give_missing_keys(store) == []
    assert client.get("/g/old/state.json").status_code == 200
