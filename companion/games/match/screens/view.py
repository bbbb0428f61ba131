"""What the blue/red match game looks like on the tablet: the three-round scoreboard and each scored round.

What each viewer may see is the engine's (companion/games/match/view.py,
GAME.view_for): hands are hidden while a round is played, a phone gets its
own; once a round is scored, its stacks and the cards left in hand were laid
out face up on the table, so the shared page shows them. Cards appear as their printed face (blue 300, red <300>).
Typed corrections ("<300>", "blue wild") are turned into card faces here.
Reads state only; moves are judged by the engine through GameSession.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.errors import RecordError
from companion.games.base import SHARED
from companion.games.match import history, rules
from companion.games.match.moves import Layout, Score, Setup
from companion.games.match.record import move_from_json
from companion.games.match.scoring import FACES, score_layout
from companion.games.match.state import ALL_CARDS, COLOUR, KIND, ROUNDS, SCORE, DEAL, OVER
from companion.games.history import Say
from companion.store.session import GameSession
from companion.web.common import undo_final

_CODE = re.compile(r"\b(?:blue|red)-(?:\d+|trade|steal|wild)-\d+\b")
_TYPED = re.compile(r"^(?P<colour>blue|red|b|r)?\s*-?\s*(?P<what>\d+|trade|steal|wild)$")
SAY = Say(_, ngettext)
"""The game's history wording (companion/games/match/history.py) in this request's language."""


def face_text(code: str) -> str:
    """Return what is printed large on a card: '300' (blue), '<300>' (red), 'Red Wild'."""
    return history.face_text(code)


def face(code: str) -> dict:
    """Return a card as the page draws it: code, colour, printed text, kind."""
    return {"code": code, "colour": COLOUR[code], "text": face_text(code), "kind": KIND[code]}


def card_from_text(text: Any) -> str:
    """Return the card code or face name a person typed: '300' blue, '<300>' or '-300' red, 'red wild'.

    >>> [card_from_text(t) for t in ("300", "<300>", "r 300", "Blue Wild", "red-300-2", "-1000")]
    ['blue-300', 'red-300', 'red-300', 'blue-wild', 'red-300-2', 'red-1000']

    Raises:
        RecordError: if the text names no card of this game.
    """
    if not isinstance(text, str):
        raise RecordError(_("«%(text)s» is not a card", text=text))
    raw = " ".join(text.strip().lower().split())
    if raw in ALL_CARDS or raw in FACES:
        return raw
    red = raw.startswith("<") and raw.endswith(">")
    inner = raw[1:-1].strip() if red else raw
    found = _TYPED.match(inner)
    if found:
        colour = found["colour"] or ""
        what = found["what"]
        if red or inner.startswith("-") or colour in ("r", "red"):
            name = f"red-{what}"
        elif colour in ("b", "blue") or what.isdigit():
            name = f"blue-{what}"
        else:
            name = ""
        if name in FACES:
            return name
    raise RecordError(_("«%(text)s» is not a card: type 300 for a blue card, <300> for a red one, or e.g. red wild", text=text))


def typed_players(players: Any) -> dict:
    """Return a {name: {"matches", "hand"}} body with every typed card turned into a code or face.

    Raises:
        RecordError: if the shape is wrong or a card is not understood.
    """
    if not isinstance(players, dict) or not players:
        raise RecordError(_("send each player's matches and hand"))
    out: dict[str, dict] = {}
    for name, entry in players.items():
        if not isinstance(entry, dict):
            raise RecordError(_("Send the matches and the hand of %(name)s", name=name))
        matches, hand = entry.get("matches", []), entry.get("hand", [])
        if not isinstance(matches, list) or not isinstance(hand, list):
            raise RecordError(_("Send the matches and the hand of %(name)s", name=name))
        pairs = []
        for number, pair in enumerate(matches, start=1):
            if not isinstance(pair, list) or len(pair) != 2 or any(c in (None, "") for c in pair):
                raise RecordError(_("Match %(number)s of %(name)s needs two cards", name=name, number=number))
            pairs.append([card_from_text(c) for c in pair])
        out[str(name)] = {"matches": pairs, "hand": [card_from_text(c) for c in hand if c not in (None, "")]}
    return out


class MatchView:
    """Views of one stored blue/red match game for one request."""

    def __init__(self, session: GameSession, key: bytes):
        self.session = session
        self.key = key

    def sanitise(self, text: str) -> str:
        """Return a message with card codes shown as their printed faces."""
        return _CODE.sub(lambda m: face_text(m.group(0)) if m.group(0) in ALL_CARDS else m.group(0), str(text))

    def scored_rounds(self) -> list[dict]:
        """Return each scored round: number, and per player the laid-out cards, both stack sums and the score."""
        out = []
        state = None
        for line in self.session.record_lines():
            move = move_from_json(line, first=state is None)
            if state is None:
                assert isinstance(move, Setup), "move_from_json(first=True) reads only a setup"
                state = rules.initial_state(move)
            else:
                state = rules.apply(state, move)
            if not isinstance(move, Score):  # a "score" line
                continue
            players = {}
            for name, layout in move.players.items():
                result = score_layout(layout)
                players[name] = {
                    "matches": [[face(c) for c in pair] for pair in layout.matches],
                    "hand": [face(c) for c in layout.hand],
                    "stacks": list(result.stacks),
                    "positive_stack": result.positive_stack,
                    "red_in_hand": result.red_in_hand,
                    "score": result.score,
                }
            out.append({"number": move.round, "players": players})
        return out

    def public(self) -> dict:
        """Return the scoreboard's data from GAME.view_for(state, SHARED): scores per round, totals, and the scored rounds' layouts.

        The scored rounds come from the record's score lines: their cards
        were laid face up to be counted, so they are no longer hidden.
        """
        view = self.session.game.view_for(self.session.state, SHARED)
        board = view["scoreboard"]
        winners = view["winners"]
        return {
            "game": "match",
            "rounds_total": ROUNDS,
            "round": view["round"],
            "phase": view["phase"],
            "can_score": view["phase"] in (DEAL, SCORE),
            "over": view["phase"] == OVER,
            "turn": view["turn"],
            "dealer": view["dealer"],
            "advanced": view["advanced"],
            "winners": winners,
            "leaders": view.get("leaders", winners),  # over: the leaders are the winners
            "players": [
                {"name": name, "rounds": [board[name].get(f"round_{n}") for n in range(1, ROUNDS + 1)],
                 "total": board[name]["total"], "winner": name in winners}
                for name in view["players"]
            ],
            "scored": self.scored_rounds(),
            "attention": len(self.session.open_attention()),
            "undo_final": undo_final(self.session),
        }

    def private(self, player: str) -> dict:
        """Return one player's own view from GAME.view_for(state, player): their scores, and their hand while a round is tracked."""
        view = self.session.game.view_for(self.session.state, player)
        mine = view["players"][player]
        return {"player": player, "scores": mine["scores"], "total": mine["total"], "hand": [face(c) for c in view["hand"]]}

    def options(self) -> dict:
        """Return the entry choices: the round to score next, the players and whether the game is advanced."""
        state = self.session.state
        return {"round": state.round, "can_score": state.phase in (DEAL, SCORE), "players": list(state.players),
                "advanced": state.advanced}

    def describe(self, line: dict) -> str:
        """Return a record line in words (the game's own wording: companion/games/match/history.py)."""
        return history.describe(line, SAY)

    def score_line(self, players: Any) -> dict:
        """Return the `score` record line for the next round from typed or read cards (not yet judged).

        Raises:
            RecordError, RuleViolation: if a card is not understood or the round end is not legal.
        """
        from companion.games.match.scoring import parse_layouts, score_layouts

        state = self.session.state
        layouts: dict[str, Layout] = parse_layouts(typed_players(players), "round", faces=True)
        score_layouts(layouts, advanced=state.advanced)
        return {"type": "score", "round": state.round,
                "players": {name: {"matches": [list(p) for p in l.matches], "hand": list(l.hand)} for name, l in layouts.items()}}


def preview(line: dict) -> dict:
    """Return each player's score for a score line: {name: {"stacks", "positive_stack", "red_in_hand", "score"}}."""
    from companion.games.match.scoring import parse_layouts

    layouts = parse_layouts(line["players"], "round", faces=False)
    out = {}
    for name, layout in layouts.items():
        result = score_layout(layout)
        out[name] = {"stacks": list(result.stacks), "positive_stack": result.positive_stack,
                     "red_in_hand": result.red_in_hand, "score": result.score}
    return out


def js_strings() -> str:
    """Return the match page's UI strings, translated, as JSON for its script."""
    strings = {
        "round": _("Round %(n)s", n="{n}"), "total": _("Total"), "winner": _("Winner"), "leader": _("Leading"),
        "hand": _("Hand"), "stacks": _("Stacks"), "stack": _("Stack %(n)s", n="{n}"),
        "positive": _("positive stack"), "red_in_hand": _("red in hand"), "score": _("score"),
        "no_rounds": _("No round scored yet."), "game_over": _("Game over"),
        "round_of": _("Round %(n)s of %(total)s", n="{n}", total="{total}"),
        "deals": _("%(name)s deals", name="{name}"), "to_draw": _("%(name)s to draw", name="{name}"),
        "to_play": _("%(name)s to play", name="{name}"), "hand_empty": _("A hand is empty: score the round"),
        "in_play": _("Round %(n)s in play", n="{n}"),
        "score_later": _("Score the round here when a player's hand is empty."),
        "add_match": _("+ match"), "remove": _("Remove"), "up": _("Move up"), "missing": _("missing card"), "no_photo": _("Choose a photo of the table first."),
        "reading": _("Reading the photo…"), "read_ok": _("%(cards)s cards read in %(ms)s ms.", cards="{cards}", ms="{ms}"),
        "ignored": _("Ignored (discard pile): %(cards)s", cards="{cards}"),
        "unplaced": _("Not in anyone's area: %(cards)s", cards="{cards}"),
        "confirmed": _("Round %(n)s recorded.", n="{n}"), "undone": _("Last round undone."),
        "undo_round": _("Undo the last round"), "undo_move": _("Undo last move"), "move_undone": _("Last move undone"),
        "empty_hand": _("empty hand"), "offline": _("Connection lost. Reconnecting…"), "online": _("Live"),
        "hand_hint": _("cards left in hand, e.g. <300> 700"),
    }
    return json.dumps(strings, ensure_ascii=False).replace("<", "\\u003c")
