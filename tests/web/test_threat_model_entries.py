"""The threat model for entries: every answer to a POST is a function of what its sender may see.

tests/web/test_threat_model.py crawls what each holder can read; this module
asks. A refusal is an answer too: "The Bank does not hold these cards" told
Ann's phone what Ben holds, ~30 POSTs rebuilt his hand. So for each game, twin
tables that differ only in a fact hidden from some holders (tests/web/twins.py)
get the same corpus of entries from each of those holders: the wall (no
token), the tablet (the game token) and each seat's private key, posting to
every entry endpoint of the game. The corpus is generated from the game's deck
(every card label or code, in counts a probe would try, legal and illegal
entries, junk), seeded so a failure replays. Each entry must get the same
status, body and headers from both twins, and store the same events (a
refused entry stores a `rejected` event for the audit: it must not differ
either, once the twin's own cards are named as the first table's).

An entry that is stored changes the table; both twins then start again from
their stored copies, so every entry is judged against the same two tables.
Most entries are refused and change nothing a later entry is judged by.
Flask's test client; the same requests over real HTTP are in test_threat_model.py.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Iterator

import pytest

from companion.games.bux.state import DECK as BUX_DECK
from companion.games.bux.state import TIMER_CARDS
from companion.games.cats.copies import LABELS
from companion.games.cats.state import ALL_CARDS as CATS_CARDS
from companion.games.grow.state import GAME_CARDS as GROW_CARDS
from companion.games.match.state import ALL_CARDS as MATCH_CARDS
from tests.web.tables import BUX_SETUP
from tests.web.twins import GROW_REMOVED, GROW_TWIN_REMOVED, PAIRS, Twins

Entry = tuple[str, str, object]
"""(holder, path, JSON body): who sends what where."""
HEADERS = ("Content-Type", "X-Companion-Seq", "X-Repeated-Request", "Location", "Retry-After")
NOISE = [(re.compile(r"[0-9a-f]{24,}"), "HEX")]  # commitments and chain hashes: salted, different in every table
MINIMUM = 1000
"""Entries per game, at least (the brief's floor; each is posted to both twins)."""


def _seat_path(pair, holder: str) -> str:
    return holder if holder in pair.players else "Ann"


def cats_corpus(pair, rng: random.Random) -> list[Entry]:
    """Every holder: each entry type naming every label 1-7 times, every card code, mixed hands, junk."""
    codes = sorted(CATS_CARDS)
    entries: list[Entry] = []
    for holder in pair.holders:
        path = f"/g/cats/cats/me/{_seat_path(pair, holder)}/move" if holder != "tablet" else "/g/cats/cats/api/move"
        bodies: list[dict] = [{"type": "lot"}, {"type": "lot", "card": "cat-golden-1"}, {}, {"type": None}, {"type": "steal"}]
        for label in LABELS:
            for n in (1, 2, 3, 5, 7):
                bodies += [{"type": kind, "cards": [label] * n} for kind in ("draw", "reveal", "deal", "bid")]
            bodies += [{"type": "pass", "card": label}, {"type": "play", "card": label},
                       {"type": "play", "card": "random", "turned": label}]
        for code in rng.sample(codes, 24):
            bodies += [{"type": kind, "cards": [code]} for kind in ("draw", "reveal", "bid")] + [{"type": "pass", "card": code}]
        for _ in range(20):
            hand = [rng.choice(LABELS) for _ in range(rng.randint(1, 9))]
            bodies.append({"type": rng.choice(("deal", "draw", "reveal", "bid")), "cards": hand})
        entries += [(holder, path, body) for body in bodies]
        if holder != "tablet":
            entries.append((holder, "/g/cats/cats/me/Ben/move", {"type": "draw", "cards": ["5000"]}))
            entries.append((holder, "/g/cats/cats/api/undo", {}))
    return entries


def bux_corpus(pair, rng: random.Random) -> list[Entry]:
    """Draws naming every face and value with each settlement, sales and swaps of spread cards by handle, junk."""
    suits, shapes, values = BUX_DECK.data["suits"], BUX_DECK.data["shapes"], BUX_DECK.data["values"]
    faces = [{"suit": s, "shape": h, "value": v} for s in suits for h in shapes for v in values]
    settle = [{"winner": None}, {"keep": True}, {}, {"winner": "Ann", "price": 7}, {"winner": "Zed", "price": 5},
              {"winner": "Cat", "price": 100000}]
    spread_faces = {p: sorted({c.rsplit("-", 1)[0] for c in cards}) for p, cards in BUX_SETUP["spreads"].items()}
    entries: list[Entry] = []
    for holder in pair.holders:
        lines: list[dict] = []
        for face in faces:
            lines += [{"type": "draw", "player": who, "cards": [face], **rng.choice(settle)} for who in ("Ann", "Cat")]
        for _ in range(40):
            lines.append({"type": "draw", "player": rng.choice(pair.players), "cards": rng.sample(faces, 3) + [rng.choice(TIMER_CARDS)],
                          **rng.choice(settle)})
        for player, owned in spread_faces.items():
            for seller in pair.players:
                lines.append({"type": "sell", "player": seller, "sets": [[("H", player, f) for f in owned]]})
                for other, theirs in spread_faces.items():
                    for give in owned:
                        for take in theirs:
                            lines.append({"type": "swap", "player": seller, "give": ("H", player, give),
                                          "take": ("H", other, take), "from": other})
        lines += [{"type": "broke", "player": p} for p in pair.players] + [{"type": "sell", "player": "Ann", "sets": "x"}]
        entries += [(holder, "/g/bux/api/move", {"line": line}) for line in lines]
        entries += [(holder, "/g/bux/api/bid", {"price": 5}), (holder, "/g/bux/api/attention/nope", {"how": "confirm"})]
    return entries


def grow_corpus(pair, rng: random.Random) -> list[Entry]:
    """Bids of every amount for every seat, draws and picks naming every card, the camera's table, junk."""
    codes = list(GROW_CARDS)
    entries: list[Entry] = []
    players = list(pair.players) + ["Zed"]
    for holder in pair.holders:
        for player in players:
            for bid in (-1, 0, 1, 4, 9, 13, 15, 16, "7", "x", None, 2.5):
                body = {"player": player, "bid": bid}
                if holder in pair.players:
                    body["k"] = "OWN"
                entries.append((holder, "/g/grow/grow/api/bid", body))
        lines: list[dict] = []
        for code in codes:
            lines += [{"type": "draw", "cards": [code]}, {"type": "draw", "cards": [code] + rng.sample(codes, len(pair.players))},
                      {"type": "pick", "player": rng.choice(players), "card": code},
                      {"type": "act", "player": rng.choice(players), "card": code}]
        lines += [{"type": "decline", "player": p} for p in players] + [{"type": "break", "player": "Zed"}, {"type": "steal"}]
        entries += [(holder, "/g/grow/grow/api/move", {"line": line}) for line in lines]
        for code in rng.sample(codes, 12):
            row = [code] + rng.sample([c for c in codes if c != code], len(pair.players) - 1)
            entries.append((holder, "/g/grow/grow/api/table", {"cards": [{"code": c, "zone": "row"} for c in row]}))
        entries += [(holder, "/g/grow/grow/api/reveal", {}), (holder, "/g/grow/grow/api/roll", {}),
                    (holder, "/g/grow/grow/api/roll", {"physical": [3, 4]})]
    return entries


def match_corpus(pair, rng: random.Random) -> list[Entry]:
    """Previews and rounds naming every card of the deck in hands and matches, junk."""
    codes = sorted(MATCH_CARDS)
    entries: list[Entry] = []
    for holder in pair.holders:
        for code in codes:
            for path in ("/g/match/match/api/preview", "/g/match/match/api/round"):
                for matches in range(6):
                    players = {p: {"matches": [rng.sample(codes, 2) for _ in range(matches % 3)], "hand": rng.sample(codes, 3)}
                               for p in pair.players}
                    players[rng.choice(pair.players)]["hand" if matches < 3 else "matches"].append(code if matches < 3 else [code, rng.choice(codes)])
                    entries.append((holder, path, {"players": players}))
        for _ in range(40):
            entries.append((holder, "/g/match/match/api/preview", {"players": {p: {"matches": [], "hand": rng.sample(codes, 5)}
                                                                                for p in rng.sample(pair.players, 2)}}))
        entries += [(holder, "/g/match/match/api/round", {"players": "x"}), (holder, "/g/match/match/api/photo", {})]
    return entries


CORPUS = {"bux": bux_corpus, "grow": grow_corpus, "grow2": grow_corpus, "cats": cats_corpus, "cats-ann": cats_corpus,
          "match": match_corpus}
SIZE = {"bux": 1050, "grow": 525, "grow2": 525, "cats": 525, "cats-ann": 525, "match": 1050}
"""Entries drawn from each pair's corpus (each ~25 ms: two POSTs and two reads of the store)."""


def _body(twins: Twins, twin: int, holder: str, body):
    """Return the body as this holder sends it to one twin: its own key, BUX handles of that twin's cards."""
    def walk(value):
        if isinstance(value, tuple) and value and value[0] == "H":
            return twins.handle(twin, value[1], value[2])
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: (twins.seat_keys[holder] if v == "OWN" else walk(v)) for k, v in value.items()}
        return value
    return walk(body)


def _headers(twins: Twins, holder: str) -> dict:
    if holder == "tablet":
        return {"X-Companion-Token": twins.token}
    if holder in twins.seat_keys:
        return {"X-Companion-Token": twins.seat_keys[holder]}
    return {}


def _normal(twins: Twins, twin: int, text: str, *, codes: bool = False) -> str:
    if twin:
        text = twins.to_first(text, codes=codes)
    for pattern, repl in NOISE:
        text = pattern.sub(repl, text)
    return text


def _stored(twins: Twins, twin: int, kind: str, data) -> tuple:
    """Return what an event stores, for comparing twins.

    A `rejected` event is the audit's note of an entry and why it was refused:
    the audit reads every hidden fact, so its line (cards named by handle
    resolve to the twin's own cards) and its message ("it is in Ann's
    spread") may name them. Which rule refused it may not differ; every other
    event must be the same.
    """
    if kind == "rejected":
        return kind, data.get("rule") if isinstance(data, dict) else None
    return kind, _normal(twins, twin, json.dumps(data, sort_keys=True), codes=True)


def ask(twins: Twins, holder: str, path: str, body) -> Iterator[tuple[str, str]]:
    """Post one entry to both twins; yield (what, difference) for every way their answers or stores differ."""
    answers, stored = [], []
    for twin in (0, 1):
        response = twins.clients[twin].post(path, json=_body(twins, twin, holder, body), headers=_headers(twins, holder))
        headers = {h: response.headers.get(h) for h in HEADERS}
        answers.append((response.status_code, _normal(twins, twin, response.get_data(as_text=True)), headers))
        stored.append([_stored(twins, twin, kind, data) for kind, data in twins.appended(twin)])
    if answers[0] != answers[1]:
        yield "answer", f"{answers[0]} vs {answers[1]}"
    if stored[0] != stored[1]:
        yield "stored", f"{stored[0]} vs {stored[1]}"
    if any(kind != "rejected" for added in stored for kind, _data in added):
        twins.fresh()  # the entry was stored: judge the next one against the tables as they were


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Where the twins' SQLite files live: in memory (/dev/shm) where there is one, so each write's fsync is
    not a disk's (it is the same SQLite, the corpus takes ~25 ms an entry instead of ~45)."""
    import shutil
    import tempfile
    from pathlib import Path

    if not Path("/dev/shm").is_dir():
        yield tmp_path_factory.mktemp("twins")
        return
    path = Path(tempfile.mkdtemp(prefix="twins-", dir="/dev/shm"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def _differences(twins: Twins, entries: list[Entry]) -> list[str]:
    out = []
    for holder, path, body in entries:
        for what, difference in ask(twins, holder, path, body):
            out.append(f"{holder} POST {path} {json.dumps(body, default=str)[:160]}: {what} differs: {difference[:600]}")
    return out


GAMES = {"bux": ("bux",), "grow": ("grow", "grow2"), "cats": ("cats", "cats-ann"), "match": ("match",)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_twins_answer_every_entry_alike(folder, game):
    """Known to fail before issue 29's fix: cats phones were told what the Bank and the Prize pool hold; a
    one-card grow draw naming a removed card said "not in play" where a card of the deck got "one card per player"."""
    rng = random.Random(29)
    total, differences = 0, []
    for name in GAMES[game]:
        twins = Twins(PAIRS[name], folder)
        entries = CORPUS[name](PAIRS[name], rng)
        entries = rng.sample(entries, min(SIZE[name], len(entries)))
        total += len(entries)
        differences += _differences(twins, entries)
    assert total >= MINIMUM, f"only {total} entries for {game}"
    assert not differences, f"{len(differences)} of {total} {game} entries tell the twins apart, e.g.\n" + "\n".join(differences[:8])


def test_a_draw_naming_a_card_removed_unseen_is_taken_like_any_card_of_the_deck(folder):
    """Two-player grow: a draw the rules allow but for a card on the companion's list of cards removed unseen was
    refused in one twin and taken in the other, so a tablet could find the list by trying cards and undoing.
    Now a turned-up card counts (grow.deck.json's reading): both twins take the draw, the list keeps two of each
    colour, and only a draw naming more cards of a colour than the deck can hold is refused, alike in both."""
    for card in GROW_REMOVED:
        twins = Twins(PAIRS["grow2"], folder)
        answers = []
        for client in twins.clients:
            answer = client.post("/g/grow/grow/api/move", json={"line": {"type": "draw", "cards": [card, "green-09"]}},
                                 headers={"X-Companion-Token": twins.token})
            answers.append((answer.status_code, (answer.get_json() or {}).get("error")))
        assert answers[0] == answers[1] and answers[0][0] == 200, (card, answers)
    # The engine's side, on both twins' lists: 9 greens seen (all but green-01..03), so 1 green is left in the deck
    # beyond the 2 removed, whichever they are.
    from companion.errors import RuleViolation
    from companion.games.grow import rules
    from companion.games.grow.moves import Draw, Setup
    from companion.games.grow.state import COLOUR, draw_pile

    seen = tuple(f"green-{n:02d}" for n in range(4, 13))
    for removed in (GROW_REMOVED, GROW_TWIN_REMOVED):
        state = rules.initial_state(Setup(players=("Ann", "Ben"), removed=tuple(removed)))
        state = dataclasses.replace(state, discard=seen)
        with pytest.raises(RuleViolation) as refused:
            rules.apply_draw(state, Draw(cards=("green-01", "green-03")))
        assert refused.value.rule == "draw.colour_left"
        after = rules.apply_draw(state, Draw(cards=("green-01", "red-09")))
        assert sorted(COLOUR[c] for c in after.removed) == sorted(COLOUR[c] for c in removed)
        assert "green-01" not in after.removed | draw_pile(after) and not {"green-01", "red-09"} & after.removed


def test_cats_phone_cannot_rebuild_another_hand_from_refusals(folder):
    """The attack: Ann's phone asks to draw N copies of each label; the refusal said whether the Bank holds N.

    On the twins (Ben holds a 2000 or a 5000 more, Random or Zero, the lot is «Golden» or «Double»),
    every count of every label gets the same answer, and the phone's JSON says nothing of the difference.
    """
    twins = Twins(PAIRS["cats"], folder)
    headers = {"X-Companion-Token": twins.seat_keys["Ann"]}
    differences = []
    for label in LABELS:
        for n in range(1, 8):
            for kind in ("draw", "reveal", "deal"):
                answers = [c.post("/g/cats/cats/me/Ann/move", json={"type": kind, "cards": [label] * n}, headers=headers)
                           for c in twins.clients]
                if [(a.status_code, a.get_json()) for a in answers] != [(answers[0].status_code, answers[0].get_json())] * 2:
                    differences.append(f"{kind} {n}x{label}: {answers[0].get_json()} vs {answers[1].get_json()}")
    assert not differences, f"{len(differences)} probes tell Ben's hand: " + "; ".join(differences[:4])
    mine = [c.get("/g/cats/cats/me/Ann.json", headers=headers).get_json()["me"] for c in twins.clients]
    for key in ("bank_pool", "prize_pool"):
        assert mine[0][key] == mine[1][key], f"Ann's phone JSON {key} tells the twins apart: {mine[0][key]} vs {mine[1][key]}"


def test_the_twins_differ_and_their_owner_tells_them_apart(folder):
    """The instrument can fail: the holder who may see the hidden fact gets different answers to the same entry."""
    cats = Twins(PAIRS["cats"], folder)
    found = list(ask(cats, "Ben", "/g/cats/cats/me/Ben/move", {"type": "pass", "card": "zero"}))
    assert found and found[0][0] == "answer", "Ben's own phone is refused a «Zero» he does not hold in one twin only"
