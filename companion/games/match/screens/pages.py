"""The blue/red match page: the three-round scoreboard, and scoring a round from a photo or by hand.

At a round's end the players lay out stacks and hands; the tablet sends a
photo, the camera's reading comes back as a proposal (stored as an attention
item for the audit), a person corrects what the camera missed, and the
confirmed round goes to the engine as the game's `score` line. Every refusal
answers 4xx with a message and changes no state. The photo is read by
app.config["PHOTO_READER"] (built by `companion serve --deck` from the
vision pipeline), so this layer never imports vision.
"""

from __future__ import annotations

import json

from flask import Blueprint, abort, current_app, jsonify, render_template, request
from flask_babel import gettext as _

from companion.errors import CompanionError, REFUSALS
from companion.web.access import game_token, presented_token, require_token, same
from companion.web.common import error_body, error_text, json_body, load, named_attention, resolving, uploaded_photo
from companion.games.match.table import photo as match_photo
from companion.games.match.screens.view import MatchView, face, js_strings, preview

bp = Blueprint("match", __name__, url_prefix="/g/<game_id>/match")
PHOTO_SOURCE = "match-photo"


def _view(game_id: str):
    session, key, view = load(game_id)
    if not isinstance(view, MatchView):
        abort(404, description=_("this is not a blue/red match game"))
    return session, key, view


def _error(view: MatchView, error: CompanionError, status: int = 422):
    return jsonify(error_body(view, error)), status


@bp.get("/")
def page(game_id: str):
    """Show the scoreboard; with the game token also the round-scoring panel."""
    session, key, view = _view(game_id)
    can_act = same(presented_token(game_id, allow_cookie=True), game_token(key))
    players = list(session.state.players)
    return render_template("match/page.html", game_id=game_id, game=session.game, can_act=can_act,
                           token=game_token(key) if can_act else "", strings=js_strings(), players=players,
                           photo=match_photo.reader_for_match(current_app.config.get("PHOTO_READER")) is not None)


@bp.post("/api/photo")
@require_token
def photo(game_id: str):
    """Read a photo of the laid-out round (multipart `photo`, optional `seats` JSON) and propose the round."""
    session, _key, view = _view(game_id)
    reader = match_photo.reader_for_match(current_app.config.get("PHOTO_READER"))
    if reader is None:
        abort(409, description=_("Photos are not read at this table; enter the round by hand."))
    state = session.state
    if not view.options()["can_score"]:
        abort(409, description=_("There is no round to score now."))
    data = uploaded_photo()
    try:
        seats_text = request.form.get("seats")
        seats = json.loads(seats_text) if seats_text else match_photo.default_seats(state.players)
        seats = match_photo.check_seats(seats, state.players)
        frame, sha256 = reader(data)
        reading = match_photo.reading_from_frame(frame, seats, round_number=state.round, sha256=sha256)
    except ValueError:
        abort(400, description=_("The seats must be sent as JSON {player: plate number}."))
    except CompanionError as error:
        return _error(view, error)
    body = reading.to_json()
    codes = {c for rows in reading.reading.rows.values() for row in rows for c in row if c}
    codes |= {c for p in reading.reading.round["players"].values() for c in p["hand"]}
    codes |= set(reading.ignored) | set(reading.unplaced)
    body["faces"] = {c: face(c) for c in sorted(codes)}
    body["problems"] = [view.sanitise(p) for p in reading.reading.problems]
    proposed = None
    if not reading.reading.problems:
        try:
            proposed = view.score_line(reading.reading.round["players"])
        except CompanionError as error:
            body["problems"].append(error_text(view, error))
    # A newer photo of the same round replaces any earlier reading still open.
    for item in session.open_attention():
        if item.get("source") == "camera" and (item.get("evidence") or {}).get("kind") == PHOTO_SOURCE:
            session.resolve(item["id"], "dismissed")
    evidence = {"kind": PHOTO_SOURCE, "round": state.round, "sha256": reading.sha256, "seats": seats,
                "read": reading.reading.round["players"], "problems": list(reading.reading.problems),
                "ignored": list(reading.ignored), "unplaced": list(reading.unplaced)}
    body["attention"] = session.raise_attention(
        _("Round %(n)s read from a photo: check and confirm.", n=state.round),
        players=state.players, proposed=proposed, evidence=evidence, source="camera")
    return jsonify({"ok": True, "reading": body})


@bp.post("/api/preview")
@require_token
def score_preview(game_id: str):
    """Score a proposed round without storing it: {"players": {name: {"matches": [[a, b]], "hand": [...]}}}."""
    _session, _key, view = _view(game_id)
    try:
        line = view.score_line(json_body().get("players"))
    except CompanionError as error:
        return _error(view, error)
    return jsonify({"ok": True, "scores": preview(line), "line": line})


@bp.post("/api/round")
@require_token
def confirm_round(game_id: str):
    """Record the confirmed round as the game's score line: {"players": ..., "attention": id?}."""
    session, _key, view = _view(game_id)
    body = json_body()
    attention = named_attention(session, body, _("That photo reading is already resolved; read the photo again."))
    try:
        line = view.score_line(body.get("players"))
        evidence = ({"attention": attention["id"], "sha256": (attention.get("evidence") or {}).get("sha256")}
                    if attention is not None else None)
        event = session.submit(line, source="tablet", evidence=evidence, also=resolving(attention, line))
    except REFUSALS as error:
        return _error(view, error)
    return jsonify({"ok": True, "seq": event.seq, "round": line["round"], "message": view.describe(line)})
