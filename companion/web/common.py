"""Helpers shared by the blueprints: the game's view, its key, JSON bodies, refusals in the reader's language."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, jsonify, request
from flask_babel import get_locale
from flask_babel import gettext as _

from companion.errors import CompanionError, RecordError
from companion.games.messages import WORDING as COMMON_WORDING
from companion.games.safejson import load_json
from companion.games.wording import render
from companion.store.events import MOVE, RESOLVED
from companion.store.session import GameSession
from companion.web.access import request_key
from companion.web.db import get_session
from companion.web.screens import screens_of


def load(game_id: str) -> tuple[GameSession, bytes, Any]:
    """Return the game's session, its key and its view (None for a game with no tablet view yet)."""
    session = get_session(game_id)
    key = request_key(game_id)
    view_class = screens_of(session.game.name).view
    view = view_class(session, key) if view_class is not None else None
    return session, key, view


def error_body(view: Any, error: CompanionError) -> dict:
    """Return the JSON error body for a refused entry: the rule's sentence in the reader's language.

    The one error handler of every game's screens. A refusal carrying a rule
    id and parameters is worded by its game's table (companion.games.wording)
    in the request's language; cards are named by the view's `sanitise`, which
    shows on this screen only what it may show (a card by its face, never
    a value printed on its back), and the whole sentence passes through `sanitise` again
    so no card code reaches the page. Any other error keeps its message.
    """
    body = error.to_json()
    body["error"]["message"] = error_text(view, error)
    return body


def error_text(view: Any, error: CompanionError) -> str:
    """Return a refusal's sentence for this screen: in the request's language, cards as the view may show them."""
    sanitise = getattr(view, "sanitise", None)
    text = render(error, str(get_locale() or "en"), card=sanitise)
    return sanitise(text) if sanitise is not None else text


def undo_final(session: GameSession) -> str | None:
    """Return the undo control's sentence when the last move cannot be undone (a reveal, a dice roll, a draw
    from a face-down deck), in the reader's language; None when undo may take it back."""
    why = session.final_kind()
    if why is None:
        return None
    return render(COMMON_WORDING.violation(f"undo.final/{why}"), str(get_locale() or "en"))


def undone_text(session: GameSession, view: Any, undo_event: Any) -> str:
    """Return what an Undo took back, as the screen words that move: "Undone: Ann drew …".

    The view's own `describe` names the move as its shared history does
    (nothing hidden); a view that needs the states around the move gets the
    state now (the one before the move) and the move applied to it; a move
    it cannot word is "the last move".
    """
    undone = undo_event.data.get("undoes") if isinstance(undo_event.data, dict) else None
    line = next((e.data for e in session.events if e.seq == undone and e.kind == MOVE), None)
    said = None
    describe = getattr(view, "describe", None)
    if isinstance(line, dict) and describe is not None:
        try:
            said = describe(line)
        except TypeError:  # a view that words a move from the states around it (Grow's round numbers)
            try:
                before = session.state
                said = describe(line, before, session.game.apply(before, session.game.move_from_json(line)))
            except (CompanionError, TypeError, KeyError, AttributeError, ValueError):
                said = None
    if not said:
        return _("The last move was undone.")
    return _("Undone: %(move)s", move=said.rstrip(".") + ".")


def uncached_json(body: Any) -> Response:
    """Return `body` as JSON that no browser or proxy keeps: it is about now (a camera, a link, a new game)."""
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response


IMAGE_MAGIC = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n", b"RIFF")
"""How a JPEG, PNG or WebP file starts: the photos a tablet may send."""


def uploaded_photo() -> bytes:
    """Return the photo a tablet sent (multipart field `photo`), or answer 400: none sent, or not a JPEG, PNG or WebP."""
    upload = request.files.get("photo")
    if upload is None:
        abort(400, description=_("Choose a photo first."))
    data = upload.read()
    upload.close()  # a large upload is spooled to a temporary file; free it now
    if not data or not data.startswith(IMAGE_MAGIC):
        abort(400, description=_("That file is not a JPEG, PNG or WebP photo."))
    return data


def json_body() -> dict:
    """Return the request's JSON object, or answer 400 with a message.

    Read through the shared safe loader: nesting thousands deep or integers
    thousands of digits long are a 400 with a sentence, never a 500.
    """
    try:
        data = load_json(request.get_data(cache=True), "the request body")
    except RecordError as error:
        abort(400, description=error.message)
    if not isinstance(data, dict):
        abort(400, description=_("send a JSON object"))
    return data


def named_attention(session: GameSession, body: dict, stale: str) -> dict | None:
    """Return the open attention item a submitted move names in its body's "attention" (None: it names none).

    A name that is no open item (resolved meanwhile, on this screen or
    another, or not an id at all) ends the request with 409 and `stale`, the
    game's own words for it: the move is not stored.
    """
    named = body.get("attention")
    return None if named is None else open_item(session, named, 409, stale)


def open_item(session: GameSession, item_id: Any, status: int, message: str) -> dict:
    """Return the game's open attention item `item_id`, or answer `status` with `message` (resolved, or never one)."""
    item = next((item for item in session.open_attention() if item["id"] == item_id), None)
    if item is None:
        abort(status, description=message)
    return item


def resolving(item: dict | None, line: dict) -> list[tuple[str, dict]]:
    """Return the event that closes `item` with the move submitted for it, for session.submit's `also`.

    "confirmed" if the move is the one the item proposed, "corrected" if the
    entrant changed it; nothing to close when no item was named.
    """
    if item is None:
        return []
    return [(RESOLVED, {"id": item["id"], "how": "confirmed" if item.get("proposed") == line else "corrected"})]
