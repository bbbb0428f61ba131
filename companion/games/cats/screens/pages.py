"""Cat auction pages: the shared table screen, each player's phone, the rules; their JSON and entry APIs.

Who enters what (docs/cats.md, "Hidden hands at the table"): the shared
tablet (game token) enters only what names no card of anybody's hand: that
the lot was laid face down, and undo. Every entry judged against a hand (the
dealt hand, a bid, a cat card, a pass with its penalty card, drawn cards, the
cards of a won lot) comes from that player's own phone (their player token,
sent in the X-Companion-Token header), so a refusal tells only the hand's
holder about their hand. Only the phone's JSON carries a hand, and only its
owner's.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from companion.errors import REFUSALS
from companion.games.cats import hints
from companion.web.access import TOKEN_HEADER, game_token, player_token, presented_token, require_token, same
from companion.games.cats.screens.view import KINDS, CatsView, EntryError, lang
from companion.web.common import error_body, json_body, load
from companion.web.entry import undo_reply
from companion.web.db import get_store
from companion.web.i18n import plural_forms

bp = Blueprint("cats", __name__)
PREFIX = "/g/<game_id>/cats"


def _view(game_id: str) -> tuple:
    session, key, view = load(game_id)
    if not isinstance(view, CatsView):
        abort(404, description=_("this game is not a cat auction"))
    return session, key, view


DEAL_BANK = 7
"""Bank cards dealt to each player (the sheet's deal; the cats engine checks the deal itself)."""


def cats_counts() -> dict[str, dict[str, str]]:
    """Return the cats scripts' counted sentences as plural forms (i18n.plural_forms), for cats/strings.html."""
    return {
        "pick": plural_forms(lambda k: ngettext("Pick exactly %(n)s card.", "Pick exactly %(n)s cards.", k, n="{n}")),
        "took": plural_forms(lambda k: ngettext("You took %(n)s cat card from the lot: look at it.",
                                                "You took %(n)s cat cards from the lot: look at them.", k, n="{n}")),
        "face_down": plural_forms(lambda k: ngettext("%(n)s card face down", "%(n)s cards face down", k, n="{n}")),
    }


@bp.get(PREFIX + "/")
def page(game_id: str):
    """The shared table screen; with the game token (cookie) also the tablet's entry panel."""
    session, key, _view_ = _view(game_id)
    token = game_token(key)
    can_act = same(presented_token(game_id, allow_cookie=True), token)
    # No seat's private link here: a player's link reaches them only through the host screen, one seat at a time.
    return render_template("cats/table.html", game_id=game_id, game=session.game, can_act=can_act,
                           token=token if can_act else "", cats_counts=cats_counts())


@bp.get(PREFIX + "/state.json")
def state_json(game_id: str):
    """Return the shared view (hand sizes only) and the latest event seq."""
    _session, _key, view = _view(game_id)
    return jsonify({"game_id": game_id, "seq": get_store().last_seq(game_id), "board": view.public()})


@bp.post(PREFIX + "/api/move")
@require_token
def move(game_id: str):
    """The tablet enters the one fact that names no hidden card: {"type": "lot"} (a lot laid face down)."""
    session, _key, view = _view(game_id)
    return _submit(session, view, json_body(), player=None, source="tablet")


@bp.post(PREFIX + "/api/undo")
@require_token
def undo(game_id: str):
    """Undo the last move in effect (a compensating event)."""
    session, _key, view = _view(game_id)
    return undo_reply(session, view)


def _player(game_id: str, player: str, *, header: bool) -> tuple:
    session, key, view = _view(game_id)
    if player not in session.state.players:
        abort(404, description=_("no player %(player)r in this game", player=player))
    given = request.headers.get(TOKEN_HEADER) if header else request.args.get("k")
    if not same(given, player_token(key, player)):
        abort(403, description=_("this private link is not valid (ask the host for your seat's QR code)"))
    return session, key, view


@bp.get(PREFIX + "/me/<player>")
def phone(game_id: str, player: str):
    """A player's phone: their own hand and the forms for their private entries."""
    session, key, _v = _player(game_id, player, header=False)
    cats = len(session.state.players) - 1
    deal_hint = ngettext("Enter %(bank)s Bank cards and %(num)s cat card. Only you see this screen.",
                         "Enter %(bank)s Bank cards and %(num)s cat cards. Only you see this screen.", cats, bank=DEAL_BANK)
    return render_template("cats/phone.html", game_id=game_id, game=session.game, player=player,
                           token=player_token(key, player), cats_counts=cats_counts(), deal_hint=deal_hint,
                           deal_bank=DEAL_BANK, deal_cats=cats)


@bp.get(PREFIX + "/me/<player>.json")
def phone_json(game_id: str, player: str):
    """Return one player's view (their hand, what they may do); needs their token in the header."""
    _session, _key, view = _player(game_id, player, header=True)
    return jsonify({"seq": get_store().last_seq(game_id), "me": view.private(player)})


@bp.post(PREFIX + "/me/<player>/move")
def phone_move(game_id: str, player: str):
    """The phone enters one of its owner's moves (deal, bid, play, pass, draw, reveal)."""
    session, _key, view = _player(game_id, player, header=True)
    return _submit(session, view, json_body(), player=player, source="tablet")


def _submit(session, view: CatsView, entry: dict, *, player: str | None, source: str):
    try:
        line = view.line_from_entry(entry, player)
        event = session.submit(line, source=source)
    except EntryError as error:
        # The line was built from the freshest state: if the screen had not shown a move stored
        # meanwhile (its hand may have changed), answer the conflict, not "cards do not match".
        session.check_seen()
        return jsonify({"error": {"message": error.message}}), 422
    except REFUSALS as error:
        return jsonify(error_body(view, error)), 422
    return jsonify({"ok": True, "seq": event.seq, "message": view.describe(line)})


def rules_context() -> dict:
    """Return the hint table for the rules page (board._rules renders rules/cats.html with it)."""
    table = hints.table("en")
    columns = [(key, _(text["en"])) for key, text in hints.STAKE_STATES.items()]
    rows = []
    for row in table:
        title = row["title"] if row["kind"] == "number" else _(row["title"])
        if row["kind"] == "number":
            title = _("1, 1000, 2000 or 5000")
        cells = [{"allowed": cell["allowed"], "condition": _(cell["condition"]) if cell["condition"] else None}
                 for cell in row["cells"].values()]
        effect = _(KINDS[row["kind"]]["effect"]["en"]) if row["kind"] in KINDS else _("Bids its face value.")
        rows.append({"title": title, "cells": cells, "effect": effect})
    return {"columns": columns, "rows": rows, "lang": lang()}


@bp.get(PREFIX + "/rules")
def rules_page(game_id: str):
    """The rules moved to /g/<id>/rules, reached the same way for every game; old links land there."""
    _view(game_id)
    kept: dict[str, Any] = request.args.to_dict()  # the page's own query (e.g. lang), passed on as it came
    return redirect(url_for("board.rules_page", game_id=game_id, **kept))
