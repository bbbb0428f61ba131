"""Helpers for racing real HTTP clients against the served app: whole golden games as tablet/phone posts.

A golden record becomes a list of Steps: the record line the step must store
and the HTTP posts a table's devices send for it (one per line, but a Grow
`reveal_bids` line is one sealed bid per player). Each step also knows, from
the engine alone, whether a second copy of its post would still be legal after
it (then clients without request id or seen seq cannot be told apart from a
real second move) and which earlier post is illegal both before and after it
(a stale rival entry that must always be refused).
"""

from __future__ import annotations

import http.client
import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable
from urllib.parse import quote, urlsplit

from companion.errors import CompanionError
from companion.games import find_game
from companion.store.session import GameSession, import_record
from companion.store.backends import Store, open_store
from companion.web.access import card_handle, game_key, game_token, player_token
from tests.web.cats_entries import table_entry

RECORDS = Path(__file__).resolve().parents[1] / "records"
TOKEN = "X-Companion-Token"


@dataclass
class Post:
    """One HTTP post a device sends: path (under the base URL), JSON body, its token."""

    path: str
    body: dict
    token: str
    bid: bool = False
    """A Grow sealed bid: every racer may seal (a later bid replaces), only the reveal is a move."""


@dataclass
class Step:
    """One record line to store, the posts that enter it, and what racing them may do."""

    line: dict
    posts: list[Post]
    dup_legal: list[bool] = field(default_factory=list)
    """Per post: a second identical post right after it would be accepted (e.g. two rolls in a row)."""
    rival: Post | None = None
    """An earlier step's post, illegal before and after this step: a stale entry racing this one."""


@dataclass
class Game:
    """A game created in the store from its golden setup line, and the steps that play it through."""

    game_id: str
    name: str
    lines: list[dict]
    """The intended record (the golden record, or its table version for cats)."""
    steps: list[Step]
    expected: dict | None
    """The golden .expected.json (None when only the engine's replay of `lines` is the reference)."""
    state_path: str
    token: str
    """The game token (the shared tablet's)."""
    ignore: tuple[str, ...] = ()
    alike: Callable[[Any], Any] = lambda summary: summary
    """Makes summaries comparable: for cats each card code becomes its label (copies are alike)."""


def read_lines(name: str) -> list[dict]:
    return [json.loads(line) for line in (RECORDS / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def _legal(game, state, line: dict | None) -> bool:
    if line is None or state is None:
        return False
    try:
        game.apply(state, game.move_from_json(line))
    except (CompanionError, ValueError, KeyError, TypeError):
        return False
    return True


def _plan(game, lines: list[dict], steps: list[Step], as_posted: Callable[[Post, Any], dict | None]) -> None:
    """Fill each step's dup_legal and rival from the engine's states along the intended record."""
    states = [s[2] for s in game.steps(lines)]  # states[i]: after lines[i]
    for index, step in enumerate(steps, start=1):
        before, after = states[index - 1], states[index]
        step.dup_legal = [_bid_phase(after) if post.bid else _legal(game, after, as_posted(post, after))
                          for post in step.posts]
        for back in (1, 2, 3):
            if index - back < 1:
                break
            candidate = steps[index - 1 - back]
            if len(candidate.posts) != 1 or candidate.posts[0].bid:
                continue
            post = candidate.posts[0]
            if not _legal(game, before, as_posted(post, before)) and not _legal(game, after, as_posted(post, after)):
                step.rival = post
                break


def _bid_phase(state) -> bool:
    from companion.games.grow.state import BID, phase

    return getattr(state, "rounds", None) is not None and phase(state) == BID


def create(store: Store, record: str, game_id: str) -> Game:
    """Store the record's setup line as game `game_id` and return the game with its steps."""
    lines = read_lines(record)
    name = lines[0]["game"]
    expected_path = (RECORDS / record).with_suffix("").with_suffix(".expected.json")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    ignore: tuple[str, ...] = ()
    if name == "cats":
        from companion.games.cats.record import move_to_json
        from companion.games.cats.selfplay import as_table_records

        engine = find_game("cats")
        moves = [engine.move_from_json(line, first=i == 0) for i, line in enumerate(lines)]
        lines = [move_to_json(m) for m in as_table_records(moves)]
        # Entered as a real table does (hidden hands, face-down lots): the golden
        # summary holds except the discard pile, which counts cards the table never named.
        ignore = ("discard_size",)
    import_record(store, [json.dumps(lines[0])], game_id=game_id)
    key = game_key(store, game_id)
    token = game_token(key)
    game = find_game(name)
    prefix = f"/g/{game_id}"
    steps: list[Step] = []
    as_posted: Callable[[Post, Any], dict | None]
    if name == "bux":
        from companion.games.bux.state import PLAYING_CARDS

        # As the tablet sends them: spread cards (sell, swap) by handle, drawn cards by code as typed.
        handle_of = {code: card_handle(key, code) for code in PLAYING_CARDS}
        code_of = {h: c for c, h in handle_of.items()}

        def posted(line: dict) -> dict:
            if line["type"] not in ("sell", "swap"):
                return line
            return json.loads(json.dumps(line), object_hook=lambda d: {
                k: [[handle_of.get(c, c) for c in s] for s in v] if k == "sets" else handle_of.get(v, v) if isinstance(v, str) else v
                for k, v in d.items()})

        steps = [Step(line, [Post(f"{prefix}/api/move", {"line": posted(line)}, token)]) for line in lines[1:]]
        state_path = f"{prefix}/state.json"

        def as_posted(post, _state):
            line = post.body["line"]
            return json.loads(json.dumps(line), object_hook=lambda d: {
                k: [[code_of.get(c, c) for c in s] for s in v] if k == "sets" else code_of.get(v, v) if isinstance(v, str) else v
                for k, v in d.items()})
    elif name == "match":
        steps = [Step(line, [Post(f"{prefix}/match/api/round", {"players": line["players"]}, token)]) for line in lines[1:]]
        state_path = f"{prefix}/state.json"

        def as_posted(post, state):  # the server numbers the round from the state it judges against
            return {"type": "score", "round": state.round, "players": post.body["players"]}
    elif name == "grow":
        from companion.games.grow.state import ROLL, TIEBREAK, phase, tied_players, to_move

        for line in lines[1:]:
            if line["type"] == "reveal_bids":
                posts = [Post(f"{prefix}/grow/api/bid", {"player": p, "bid": b}, token, bid=True) for p, b in line["bids"].items()]
            elif line["type"] == "roll":
                posts = [Post(f"{prefix}/grow/api/roll", {"physical": line["dice"]}, token)]
            elif line["type"] == "tiebreak":
                posts = [Post(f"{prefix}/grow/api/roll", {"physical": line["rolls"]}, token)]
            else:
                posts = [Post(f"{prefix}/grow/api/move", {"line": line}, token)]
            steps.append(Step(line, posts))
        state_path = f"{prefix}/grow/state.json"

        def as_posted(post, state):
            if post.path.endswith("/roll"):
                physical = post.body["physical"]
                if isinstance(physical, list):
                    return {"type": "roll", "player": to_move(state), "dice": physical} if phase(state) == ROLL else None
                if phase(state) != TIEBREAK:
                    return None
                return {"type": "tiebreak", "rolls": {p: physical.get(p) for p in tied_players(state)}}
            return post.body["line"]
    elif name == "cats":
        from companion.games.cats.screens.view import CatsView, EntryError

        for line in lines[1:]:
            kind, player = line["type"], line.get("player")
            entry = table_entry(line)
            if kind == "lot":  # the tablet lays the lot; everything judged against a hand comes from its phone
                post = Post(f"{prefix}/cats/api/move", entry, token)
            else:
                post = Post(f"{prefix}/cats/me/{player}/move", entry, player_token(key, player))
            steps.append(Step(line, [post]))
        state_path = f"{prefix}/cats/state.json"

        def as_posted(post, state):  # the server turns card labels into codes from the hand it judges against
            phone = "/me/" in post.path
            who = post.path.split("/me/")[1].split("/")[0] if phone else None
            try:
                return CatsView(SimpleNamespace(state=state, game=game), b"").line_from_entry(post.body, who)
            except (EntryError, CompanionError, KeyError, IndexError, TypeError, ValueError):
                return None
        # Copies of a card are alike at the table: the phone names a label and the server takes
        # the first copy of it in the hand. The intended record is the golden game so entered.
        state = game.initial_state(game.move_from_json(lines[0], first=True))
        for step in steps:
            step.line = as_posted(step.posts[0], state)
            state = game.apply(state, game.move_from_json(step.line))
        lines = [lines[0]] + [step.line for step in steps]
    else:  # pragma: no cover
        raise ValueError(name)
    _plan(game, lines, steps, as_posted)
    alike = _labels if name == "cats" else (lambda summary: summary)
    return Game(game_id, name, lines, steps, expected, state_path, token, ignore, alike)


def _labels(value: Any) -> Any:
    from companion.games.cats.copies import label_of

    if isinstance(value, str):
        return label_of(value)
    if isinstance(value, list):
        return sorted((_labels(v) for v in value), key=str)
    if isinstance(value, dict):
        return {k: _labels(v) for k, v in value.items()}
    return value


def record_lines(store: Store, game_id: str) -> list[dict]:
    return GameSession(store, game_id).record_lines()


# --- HTTP -------------------------------------------------------------------

@dataclass
class Answer:
    status: int
    body: Any
    text: str
    headers: dict


def connect(base: str, timeout: float = 30.0) -> http.client.HTTPConnection:
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    conn.connect()
    return conn


def send(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None,
         headers: dict | None = None) -> Answer:
    """Send one request on an open connection, read the whole answer and close the connection."""
    try:
        data = json.dumps(body).encode("utf-8") if body is not None else None
        all_headers = {"Content-Type": "application/json", "Connection": "close", **(headers or {})}
        conn.request(method, quote(path, safe="/?=&"), body=data, headers=all_headers)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        return Answer(response.status, parsed, text, {k.lower(): v for k, v in response.getheaders()})
    finally:
        conn.close()


def get(base: str, path: str) -> Answer:
    return send(connect(base), "GET", path)


class Viewers:
    """Stream viewers (SSE) attached for a whole game: each reconnects until stopped and keeps the seqs it saw."""

    def __init__(self, base: str, game_id: str, count: int):
        self.base, self.path = base, f"/g/{game_id}/stream"
        self.stop = threading.Event()
        self.seen: list[set[int]] = [set() for _ in range(count)]
        self.errors: list[BaseException] = []
        self.statuses: set[int] = set()
        self.threads = [threading.Thread(target=self._watch, args=(i,), daemon=True) for i in range(count)]

    def __enter__(self) -> "Viewers":
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=30)

    def _watch(self, index: int) -> None:
        while not self.stop.is_set():
            conn = None
            try:
                conn = connect(self.base, timeout=0.5)  # a quiet stream is re-read, so stopping is prompt
                conn.request("GET", self.path, headers={"Accept": "text/event-stream"})
                response = conn.getresponse()
                self.statuses.add(response.status)
                while not self.stop.is_set():
                    line = response.fp.readline()
                    if not line:
                        break
                    if line.startswith(b"data: "):
                        self.seen[index].add(json.loads(line[6:])["seq"])
            except TimeoutError:
                continue
            except (OSError, http.client.HTTPException, ValueError) as error:
                if not self.stop.is_set():
                    self.errors.append(error)
            finally:
                if conn is not None:
                    conn.close()
