"""Grow Your Assets screens and API: the tablet page, the players' phones, sealed bids, dice, camera reading.

Pages: /g/<id>/grow/ (scoreboard for everyone; entry forms with the game
token), /g/<id>/grow/me/<player>?k=... (a player's phone: their tokens and
the sealed-bid form). API under /g/<id>/grow/api/: a bid needs the game token
(the tablet passed around) or that player's own token (their phone); every
other action needs the game token. Views translate HTTP to the engine and the
store through GameSession, SealedBidBox and DiceService; they never touch SQL
or vision. A rejected entry answers 4xx with the engine's reason and changes
nothing; no answer carries a bid amount before the reveal.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, jsonify, render_template, request
from flask_babel import gettext as _

from companion.errors import CompanionError, REFUSALS, RuleViolation
from companion.games.grow.checks import is_dice
from companion.games.grow.table.layout import cards_from_scan, compare, propose_draw, read_table
from companion.games.grow.record import move_to_json
from companion.store.events import DICE, MOVE
from companion.games.grow.state import ROLL, TIEBREAK, phase, tied_players, to_move
from companion.web.access import game_token, player_token, presented_token, require_token, same
from companion.web.camera import read_photo
from companion.web.common import error_body, json_body, load
from companion.web.entry import undo_reply
from companion.web.db import get_store
from companion.web.dice_service import DiceService
from companion.games.grow.screens.bids import PHONE, TABLET
from companion.games.grow.screens.view import GrowView, card_info
from companion.web.i18n import count_forms

bp = Blueprint("grow", __name__, url_prefix="/g/<game_id>/grow")
MOVE_TYPES = ("draw", "pick", "act", "decline", "break")


def _load(game_id: str):
    session, key, view = load(game_id)
    if not isinstance(view, GrowView):
        abort(404, description=_("no Grow Your Assets game %(game_id)r", game_id=game_id))
    return session, key, view


def _error(view: GrowView | None, error: CompanionError, status: int = 422):
    return jsonify(error_body(view, error)), status


def _strings() -> dict:
    """Return the UI strings the page's JavaScript shows, translated."""
    return {
        "colours": {"green": _("green"), "red": _("red"), "blue": _("blue"), "gold": _("gold")},
        "tokens": _("tokens"), "blue_token": _("blue"), "black_tokens": _("black"), "points": _("points"),
        "total": _("total"), "you": _("you"), "bid_in": _("bid sealed"), "bid_waiting": _("no bid yet"),
        "bid": _("bid"), "pays": _("pays"), "place": _("picks #%(n)s", n="{n}"),
        "new_stack": _("new stack"), "no_cards": _("no cards"), "deck": _("deck"), "discard": _("discard pile"),
        "bank": _("bank"), "round": _("Round"), "winner": _("Winner"), "game_over": _("Game over"),
        "offline": _("Connection lost. Reconnecting…"), "online": _("Live"), "accepted": _("Accepted"),
        "undone": _("Last move undone"), "roll_of": _("roll %(i)s of %(n)s", i="{i}", n="{n}"),
        "pass_to": _("Pass the tablet to %(name)s", name="{name}"), "sealed": _("Sealed. Pass the tablet on."),
        "sealed_for": _("%(name)s's bid is sealed.", name="{name}"), "pass_on": _("Pass the tablet on."),
        "roll_dice": _("Roll the dice"), "roll_for": _("Roll the dice for %(names)s", names="{names}"),
        "enter_typed": _("Enter the dice rolled by hand"), "enter_cards": _("Enter these cards"),
        "reveal_bids": _("Reveal the bids"),
        "your_bid_sealed": _("Your bid is sealed. You may change it until everyone has bid."),
        "you_typed": _("You bid %(n)s (shown only on this screen).", n="{n}"),
        "not_bidding": _("No bidding now."), "first_tie": _("First bids (tie, not paid)"),
        "steal": _("steal"), "shift": _("move"), "pick_n": _("Tap %(n)s cards in the order they were turned up.", n="{n}"),
        "decline": _("Let the action go"), "camera_agrees": _("The camera agrees with the game."),
        "proposed_draw": _("The camera sees this round's cards:"), "use_it": _("Use these cards"),
        "bad_number": _("Type a whole number."), "break_token": _("%(name)s: blue 5 → five black", name="{name}"), "no_rolls": _("No rolls yet."), "physical": _("typed in"),
        "commitment": _("Dice seed hash"), "seed": _("Dice seed (revealed)"),
        "steps": {"draw": _("Turn up the cards"), "bid": _("Sealed bids: tap your name"), "tiebreak": _("Tie-break roll"),
                  "roll": _("Warning dice"), "pick": _("Pick a card"), "act": _("The card's action"), "over": _("Game over")}, "warnings": _("warnings"), "red_warnings": _("red warnings"), "counts": count_forms(),
    }


# --- pages ------------------------------------------------------------------

@bp.get("/")
def page(game_id: str):
    """Show the scoreboard; with the game token (cookie) also the entry forms, dice and sealed-bid hand-round."""
    _session, key, _view = _load(game_id)
    can_act = same(presented_token(game_id, allow_cookie=True), game_token(key))
    return render_template("grow/table.html", game_id=game_id, can_act=can_act,
                           token=game_token(key) if can_act else "", strings=_strings(),
                           photo=current_app.config.get("PHOTO_HANDLER") is not None)


@bp.get("/state.json")
def state_json(game_id: str):
    """Return the scoreboard data, the dice summary and the latest event seq (no bid amount before the reveal)."""
    session, _key, view = _load(game_id)
    dice = DiceService(session).summary()  # read only: the seed's reveal is stored by the move that ends the game
    return jsonify({"game_id": game_id, "seq": get_store().last_seq(game_id), "board": view.public(), "dice": dice})


def _player_or_403(game_id: str, player: str, given: str | None):
    session, key, view = _load(game_id)
    if player not in session.state.players:
        abort(404, description=_("no player %(player)r in this game", player=player))
    if not same(given, player_token(key, player)):
        abort(403, description=_("this private link is not valid (ask the host for your seat's QR code)"))
    return session, key, view


@bp.get("/me/<player>")
def phone(game_id: str, player: str):
    """A player's phone: the sealed-bid form, their tokens and cards, the round's cards and one compact score row per seat."""
    _player_or_403(game_id, player, request.args.get("k"))
    return render_template("grow/phone.html", game_id=game_id, player=player, k=request.args.get("k"), strings=_strings())


@bp.get("/me/<player>.json")
def phone_json(game_id: str, player: str):
    """Return the player's own view and the public scoreboard."""
    _session, _key, view = _player_or_403(game_id, player, request.args.get("k"))
    return jsonify({"seq": get_store().last_seq(game_id), "me": view.private(player), "board": view.public()})


# --- sealed bids ------------------------------------------------------------

def _bidding_device(game_id: str, key: bytes, player: object, body: dict) -> str | None:
    """Return which device class may enter this bid: the seat's own phone (its `k`), the tablet (game token), or None.

    The seat's own link is checked first: a phone is the phone even if it also holds the game token.
    """
    if isinstance(player, str) and same(body.get("k"), player_token(key, player)):
        return PHONE
    if same(presented_token(game_id, allow_cookie=False), game_token(key)):
        return TABLET
    return None


def _may_bid(game_id: str, key: bytes, player: object, body: dict) -> bool:
    return _bidding_device(game_id, key, player, body) is not None


@bp.post("/api/bid")
def bid(game_id: str):
    """Seal a bid: {"player", "bid", "k"?}; answers only whether it is sealed and who is still to bid.

    With the seat's own `k` the bid is the phone's and may replace an earlier one; with only the game
    token it is the tablet's, for a seat that has sealed nothing yet (bids.sealed_by_seat otherwise).
    """
    session, key, view = _load(game_id)
    body = json_body()
    player = body.get("player")
    device = _bidding_device(game_id, key, player, body)
    if device is None:
        abort(403, description=_("bidding needs the game's join link or your own private link"))
    amount = body.get("bid")
    if isinstance(amount, str) and amount.strip().isdigit():
        amount = int(amount.strip())
    _say_what_is_blank(player, amount)
    try:
        view.bids.seal(player, amount, source=device)
        revealed = view.bids.reveal()
    except REFUSALS as error:
        return _error(view, error)
    return jsonify({"ok": True, "sealed": True, "revealed": revealed is not None, "waiting": list(view.bids.waiting())})


def _say_what_is_blank(player, amount) -> None:
    """Answer 400 with a sentence for a bid that names no player or no amount (never "not null")."""
    if not isinstance(player, str) or not player:
        abort(400, description=_("Say whose bid this is: choose a player."))
    if amount is None or isinstance(amount, (bool, list, dict)) or amount == "":
        abort(400, description=_("Type %(player)s's bid: a whole number of tokens.", player=player))


@bp.post("/api/reveal")
def reveal(game_id: str):
    """Reveal the bids if every bid is in (normally done by the last bid; this catches up after a restart)."""
    session, key, view = _load(game_id)
    body = request.get_json(silent=True) or {}
    if not _may_bid(game_id, key, body.get("player"), body):
        abort(403, description=_("bidding needs the game's join link or your own private link"))
    try:
        revealed = view.bids.reveal()
    except REFUSALS as error:
        return _error(view, error, 409)
    if revealed is None:
        abort(409, description=_("Not every bid is in yet; nothing is revealed."))
    return jsonify({"ok": True, "seq": revealed.seq})


# --- moves, dice, undo ------------------------------------------------------

@bp.get("/api/options")
@require_token
def options(game_id: str):
    """Return the choices for what the game waits for."""
    _session, _key, view = _load(game_id)
    seq = get_store().last_seq(game_id)
    return jsonify({**view.options(), "seq": seq})


@bp.post("/api/move")
@require_token
def move(game_id: str):
    """Submit a draw, pick, action, decline or blue-token break: {"line": {...}}."""
    session, _key, view = _load(game_id)
    line = json_body().get("line")
    if not isinstance(line, dict) or line.get("type") not in MOVE_TYPES:
        abort(400, description=_("Say which move: draw, pick, act, decline or break."))
    try:
        before = session.state
        event = session.submit(line, source="tablet")
    except REFUSALS as error:
        return _error(view, error)
    return jsonify({"ok": True, "seq": event.seq, "message": view.describe(line, before, session.state)})


def _typed(values) -> list | None:
    if isinstance(values, list):
        return [int(v) if isinstance(v, str) and v.strip().isdigit() else v for v in values]
    return None


@bp.post("/api/roll")
@require_token
def roll(game_id: str):
    """Roll the dice the game waits for: a warning check or the tiebreak.

    {} rolls the companion's provably fair dice; {"physical": [a, b]} (warning)
    or {"physical": {player: [a, b]}} (tiebreak) stores dice rolled by hand.
    """
    session, _key, view = _load(game_id)
    physical = json_body().get("physical")
    dice = DiceService(session)
    dice.ensure_seed()
    judged: dict = {}

    def decide(folded, events):
        """The dice and the move they decide, judged together and stored in one transaction."""
        before = folded.state
        now = phase(before)
        if now == ROLL:
            if physical is not None:
                values = _typed(physical)
                if not is_dice(values):
                    raise RuleViolation("roll.bad_dice", _("Type two dice, each 1 to 6."))
                items = dice.physical_items(events, values, 6)
            else:
                items = dice.roll_items(events, 2, 6)
            rolled = items[0][1]
            line = {"type": "roll", "player": to_move(before), "dice": rolled["values"]}
            evidence = {"dice": rolled["number"], "physical": rolled["physical"]}
        elif now == TIEBREAK:
            tied = tied_players(before)
            items = []
            if physical is not None:
                typed = {p: _typed(physical.get(p)) for p in tied} if isinstance(physical, dict) else {}
                if not typed or not all(is_dice(v) for v in typed.values()):
                    raise RuleViolation("tiebreak.bad_dice", _("Type two dice, each 1 to 6, for every tied player."))
            first = sum(1 for e in events if e.kind == DICE) + 1
            for offset, p in enumerate(tied):
                items += (dice.physical_items(events, typed[p], 6, first_number=first + offset) if physical is not None
                          else dice.roll_items(events, 2, 6, first_number=first + offset))
            rolled_all = dict(zip(tied, (payload for _kind, payload in items)))
            line = {"type": "tiebreak", "rolls": {p: r["values"] for p, r in rolled_all.items()}}
            evidence = {"dice": {p: r["number"] for p, r in rolled_all.items()},
                        "physical": any(r["physical"] for r in rolled_all.values())}
        else:
            raise RuleViolation("roll.not_due", _("No roll is due now."))
        session.game.apply(before, session.game.move_from_json(line))
        judged.update(line=line, before=before)
        return items + [(MOVE, {**line, "evidence": evidence})]

    try:
        events = session.write(decide, source="tablet")
    except REFUSALS as error:
        return _error(view, error, 409 if getattr(error, "rule", None) == "roll.not_due" else 422)
    line = judged["line"]
    return jsonify({"ok": True, "seq": events[-1].seq, "line": line,
                    "message": view.describe(line, judged["before"], session.state)})


@bp.post("/api/undo")
@require_token
def undo(game_id: str):
    """Undo the last move in effect (a compensating event); bids sealed for an undone reveal no longer count."""
    session, _key, view = _load(game_id)
    return undo_reply(session, view)


# --- camera -----------------------------------------------------------------

def _interpret(session, cards) -> dict:
    state = session.state
    reading = read_table(cards_from_scan(cards), state.players)
    draw = propose_draw(state, reading)
    return {
        "row": [card_info(c) for c in reading.row],
        "differences": [{"message": d.message, "cards": list(d.cards), "players": list(d.players)} for d in compare(state, reading)],
        "proposed": move_to_json(draw) if draw is not None else None,
    }


@bp.post("/api/table")
@require_token
def table(game_id: str):
    """Compare what the camera reports ({"cards": `companion scan --json` card list}) with the game; propose the draw."""
    session, _key, _view = _load(game_id)
    try:
        return jsonify(_interpret(session, json_body().get("cards")))
    except CompanionError as error:
        return _error(_view, error, 400)


@bp.post("/api/photo")
@require_token
def photo(game_id: str):
    """Read a photo with the configured PHOTO_HANDLER (it returns {"cards": [...]}) and compare it with the game."""
    session, _key, _view = _load(game_id)
    try:
        result = read_photo()
        return jsonify(_interpret(session, (result or {}).get("cards")))
    except CompanionError as error:
        return _error(_view, error, 422)

