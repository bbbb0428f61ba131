"""Every refusal any entry form or API can answer is a sentence for a player (issue 28).

Each game's POST endpoints (BUX, Grow, the cat auction, the match; the
tablet's and a seat's) are sent what a confused device might send: an empty
body, a body with one field left out, each field replaced by a wrong type
(null, a number, true, text, a list, an object), and a well-formed entry from
a screen that had not shown the latest move (an old X-Seen-Seq). Every 4xx
answer's message must read as a sentence: no field name, no `null`/`None`,
no `True`/`False`, no brackets or quotes of a Python repr, no rule code, no
card code.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from companion.games.bux.state import PLAYING_CARDS
from companion.games.cats.state import ALL_CARDS
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token
from tests.web.conftest import start_game
from tests.web.test_grow import DRAW, start_grow

WRONG = [None, 5, True, "", "zz", [], [None], {}, {"a": None}]
"""What replaces one field at a time."""

REPR = re.compile(r"""(?<![\w])'[^'\s][^']*'(?![\w])|"[^"]*"|[][{}]""")
TAG = re.compile(r" ?\[[0-9A-Z]{3}\]")
"""Quotes and brackets of a repr (a BUX card's printed tag such as [60A] is allowed)."""
WORDS = re.compile(r"\b(?:None|True|False|null|true|false|NaN|Traceback|dict|list|str|int|object|JSON|field|key)\b")
CODE_LIKE = re.compile(r"^[a-z_]+: |\b[a-z]+_[a-z_]+\b|\b[a-z]{2,}(?:\.[a-z]+)+\b|\b[a-z]+/[a-z]+\b")
"""A rule id (not_your_turn, record.not_a_card, setup.player_name/empty) or a snake_case field name."""
FIELDS = ("give", "take", "from", "line", "sets", "cards", "card", "turned", "winner", "price", "physical", "values",
          "sides", "dice", "players", "matches", "hand", "attention", "how", "bid", "type", "player", "k", "keep")
"""The JSON keys the pages send; none may be named as a key (`give`, "give", the field give)."""


def unreadable(text: str, codes: re.Pattern | None = None) -> list[str]:
    """Return what in a refusal is not for a player (empty: it reads as a sentence)."""
    found = []
    text = TAG.sub("", text)
    for pattern in (REPR, WORDS, CODE_LIKE):
        found += [m.group(0) for m in pattern.finditer(text)]
    for key in FIELDS:
        if re.search(rf"(?:field|key|поле|ключ)\s+[`'\"«]?{key}\b|[`'\"«]{key}[`'\"»]", text, re.IGNORECASE):
            found.append(key)
    if codes is not None:
        found += [m.group(0) for m in codes.finditer(text)]
    return found


def test_the_checker_catches_what_main_said():
    assert unreadable("The field give must be a card of this game, not null.")
    assert unreadable("unknown key 'foo' in a sell line")
    assert unreadable("undo.nothing")
    assert unreadable("undo: there is no move to undo")
    assert unreadable("dice: write dice as NdM, e.g. 2d6, not 'zz'")
    assert not unreadable("It is Ann's turn, not Cat's.")
    assert not unreadable("Ann has 160 chips; only a player with none may go broke. [60A]")


def variants(body: dict):
    """Yield (name, body): empty, each field left out, each field replaced by each wrong value (nested too)."""
    yield "empty", {}
    yield "good", body

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                yield (*path, key), value
                yield from walk(value, (*path, key))

    for path, _value in list(walk(body, ())):
        without = copy.deepcopy(body)
        parent = without
        for key in path[:-1]:
            parent = parent[key]
        del parent[path[-1]]
        yield "-" + ".".join(path), without
        for wrong in WRONG:
            changed = copy.deepcopy(body)
            parent = changed
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = copy.deepcopy(wrong)
            yield f"{'.'.join(path)}={wrong!r}", changed


def crawl(client, posts, headers_of, codes, langs=("en", "ru")) -> tuple[list[str], int]:
    """POST every variant of every body; return the unreadable refusals and how many refusals were read."""
    bad, read = [], 0
    for url, body, who in posts:
        for name, sent in variants(body):
            for lang in langs:
                for seen in (None, "0"):
                    headers = dict(headers_of(who))
                    if seen is not None:
                        headers["X-Seen-Seq"] = seen
                    response = client.post(f"{url}?lang={lang}", json=sent, headers=headers)
                    if response.status_code < 400:
                        continue
                    data = response.get_json(silent=True)
                    assert data is not None, (url, name, response.status_code, response.get_data(as_text=True)[:200])
                    message = data["error"]["message"]
                    read += 1
                    assert message.strip(), (url, name)
                    found = unreadable(message, codes)
                    if found:
                        bad.append(f"{url} {name} [{lang}{' stale' if seen else ''}] {response.status_code}: {message!r} {found}")
    return bad, read


def codes_of(cards) -> re.Pattern:
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(c) for c in sorted(cards, key=len, reverse=True) if len(c) > 2) + r")(?![\w-])")


def token_of(db, game_id) -> tuple[str, bytes]:
    with open_store(db) as store:
        key = game_key(store, game_id)
    return game_token(key), key


def app_of(db):
    return create_app({"DB": str(db), "TESTING": True, "SSE_SECONDS": 0.3, "SSE_POLL": 0.05})


def report(bad: list[str], read: int) -> None:
    assert read > 50, read
    assert not bad, f"{len(bad)} unreadable refusals of {read}:\n" + "\n".join(dict.fromkeys(bad))


def test_every_bux_refusal_is_a_sentence(tmp_path):
    db = tmp_path / "bux.db"
    start_game(db, 5)
    token, _key = token_of(db, "g1")
    client = app_of(db).test_client()
    options = client.get("/g/g1/api/options", headers={"X-Companion-Token": token}).get_json()
    player = options["player"]
    spread = [f["h"] for f in options["spread"]]
    give = options["swap_give"][0]["h"] if options["swap_give"] else (spread[0] if spread else "h1")
    take = options["swap_take"][0] if options["swap_take"] else {"from": "Ben", "cards": [{"h": "h2"}]}
    posts = [
        ("/g/g1/api/move", {"line": {"type": "draw", "player": player, "cards": [{"suit": "hearts", "shape": "circle", "value": 10}],
                                     "winner": player, "price": 10}}, "tablet"),
        ("/g/g1/api/move", {"line": {"type": "sell", "player": player, "sets": [spread[:3]]}}, "tablet"),
        ("/g/g1/api/move", {"line": {"type": "swap", "player": player, "give": give, "take": take["cards"][0]["h"],
                                     "from": take["from"]}}, "tablet"),
        ("/g/g1/api/move", {"line": {"type": "broke", "player": player}}, "tablet"),
        ("/g/g1/api/undo", {}, "tablet"),
        ("/g/g1/api/dice/roll", {"dice": "2d6"}, "tablet"),
        ("/g/g1/api/dice/physical", {"values": [3, 4], "sides": 6}, "tablet"),
        ("/g/g1/api/attention/nosuchitem", {"how": "confirm"}, "tablet"),
    ]
    report(*crawl(client, posts, lambda who: {"X-Companion-Token": token}, codes_of(PLAYING_CARDS)))


def test_every_grow_refusal_is_a_sentence(tmp_path):
    db = tmp_path / "grow.db"
    start_grow(db, moves=[DRAW])
    token, key = token_of(db, "gr")
    client = app_of(db).test_client()
    posts = [
        ("/g/gr/grow/api/bid", {"player": "Ann", "bid": 1}, "tablet"),
        ("/g/gr/grow/api/bid", {"player": "Ben", "bid": 2, "k": player_token(key, "Ben")}, "phone"),
        ("/g/gr/grow/api/move", {"line": {"type": "draw", "cards": ["green-02", "red-02", "blue-05"]}}, "tablet"),
        ("/g/gr/grow/api/move", {"line": {"type": "decline", "player": "Ann"}}, "tablet"),
        ("/g/gr/grow/api/move", {"line": {"type": "break", "player": "Ann"}}, "tablet"),
        ("/g/gr/grow/api/roll", {"physical": [3, 4]}, "tablet"),
        ("/g/gr/grow/api/reveal", {}, "tablet"),
        ("/g/gr/grow/api/undo", {}, "tablet"),
    ]
    report(*crawl(client, posts, lambda who: {"X-Companion-Token": token} if who == "tablet" else {}, None))


def test_every_cats_refusal_is_a_sentence(tmp_path):
    db = tmp_path / "cats.db"
    players = ["Ann", "Ben", "Cat"]
    with open_store(db) as store:
        GameSession.start(store, {"type": "setup", "game": "cats", "players": players, "first": "Ann"}, game_id="c1")
    token, key = token_of(db, "c1")
    client = app_of(db).test_client()
    hand = ["1", "1", "1000", "1000", "2000", "2000", "5000", "zero", "peek"]
    assert client.post("/g/c1/cats/me/Ben/move", json={"type": "deal", "cards": hand},
                       headers={"X-Companion-Token": player_token(key, "Ben")}).status_code == 200
    posts = [
        ("/g/c1/cats/api/move", {"type": "lot", "cards": ["1000"]}, "tablet"),
        ("/g/c1/cats/api/move", {"type": "play", "card": "1000", "turned": "1"}, "tablet"),
        ("/g/c1/cats/api/undo", {}, "tablet"),
        ("/g/c1/cats/me/Ann/move", {"type": "deal", "cards": hand}, "Ann"),
        ("/g/c1/cats/me/Ben/move", {"type": "play", "card": "1000"}, "Ben"),
        ("/g/c1/cats/me/Ben/move", {"type": "pass", "card": "1"}, "Ben"),
    ]
    def headers_of(who):
        return {"X-Companion-Token": token if who == "tablet" else player_token(key, who)}
    report(*crawl(client, posts, headers_of, codes_of([c for c in ALL_CARDS if "-" in c or "_" in c])))


def test_every_match_refusal_is_a_sentence(tmp_path):
    db = tmp_path / "match.db"
    players = ["Ann", "Ben", "Cat"]
    with open_store(db) as store:
        GameSession.start(store, {"type": "setup", "game": "match", "players": players, "dealer": "Cat", "advanced": True},
                          game_id="m1")
    token, _key = token_of(db, "m1")
    client = app_of(db).test_client()
    round_ = {"players": {"Ann": {"matches": [["blue-1", "red-1"]], "hand": ["red-200"]},
                          "Ben": {"matches": [], "hand": []}, "Cat": {"matches": [], "hand": []}}}
    posts = [
        ("/g/m1/match/api/preview", round_, "tablet"),
        ("/g/m1/match/api/round", round_, "tablet"),
        ("/g/m1/match/api/round", {**round_, "attention": "nosuchitem"}, "tablet"),
    ]
    report(*crawl(client, posts, lambda who: {"X-Companion-Token": token}, None))


def test_a_stale_screen_is_told_in_player_words_what_was_entered_meanwhile(tmp_path):
    """Main said "Тем временем уже внесено: setup, Ben: draw, …": every change since the game began, record type names."""
    db = tmp_path / "bux.db"
    start_game(db, 5)
    token, _key = token_of(db, "g1")
    client = app_of(db).test_client()
    headers = {"X-Companion-Token": token, "X-Seen-Seq": "1"}
    line = {"line": {"type": "broke", "player": "Ann"}}
    english = client.post("/g/g1/api/move?lang=en", json=line, headers=headers)
    russian = client.post("/g/g1/api/move?lang=ru", json=line, headers=headers)
    assert english.status_code == russian.status_code == 409
    said, сказано = english.get_json()["error"]["message"], russian.get_json()["error"]["message"]
    assert said.startswith("Meanwhile another screen entered earlier entries (1), Cat's draw, Ann's draw, Ben's sale and Cat's draw."), said
    assert "not stored" in said and not unreadable(said)
    assert сказано.startswith("Тем временем на другом экране внесено: более ранние вводы (1), Cat: взятие карт,"), сказано
    assert not re.findall(r"\b(?!(?:Ann|Ben|Cat)\b)[A-Za-z]+\b", сказано), сказано
