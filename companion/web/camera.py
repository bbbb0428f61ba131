"""Camera screens: live MJPEG preview, calibration steps, camera choice, photo upload.

The vision pipeline is not imported here. The app receives, in its config,
CAMERA: an object with latest_jpeg() -> bytes | None (already annotated with
detected cards and zones), sources() -> list[str] and optionally
select(source); and PHOTO_HANDLER: callable(image_bytes) -> dict ({"cards": scan card list, ...}), which feeds
a photo to the same tracker. Without them the page says the camera is off
and manual entry works as before. A CAMERA that has check() -> dict | None and
check_jpeg() -> bytes | None also offers the setup check: its advice (ids and
figures, no card codes), worded here in the reader's language, and the frame
annotated with each zone's px/module. A CAMERA with picture_state() -> "ok" | "waiting" | "none" |
"stalled" | "ended" lets the page say when the camera sends no picture, instead of waiting for ever. A CAMERA with
`placing` (companion.live.PlacingCheck) also runs the check by itself while the camera is being placed: the phone
that is the table's camera shows the advice as it is moved, without a tap.
"""

from __future__ import annotations

import time
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, url_for
from flask_babel import get_locale, gettext as _

from companion.errors import CompanionError
from companion.table.check_messages import word, zone_names
from companion.web.access import game_token, presented_token, require_token, same
from companion.web.common import error_body, json_body, load, uncached_json, uploaded_photo
from companion.web.screens import screens_of

bp = Blueprint("camera", __name__, url_prefix="/g/<game_id>/camera")
BOUNDARY = "frame"


@bp.get("/")
def page(game_id: str):
    """Show the preview, the calibration steps, the camera choice and the photo upload."""
    session, key, _view = load(game_id)
    can_act = same(presented_token(game_id, allow_cookie=True), game_token(key))
    camera = current_app.config.get("CAMERA")
    sources = list(camera.sources()) if camera is not None else []
    layout = screens_of(session.game.name).camera_layout  # where this game's plates go; the other steps fit any game
    return render_template("camera.html", game_id=game_id, can_act=can_act, token=game_token(key) if can_act else "",
                           camera=camera is not None, sources=sources, layout=layout,
                           photo=current_app.config.get("PHOTO_HANDLER") is not None,
                           setup_check=camera is not None and hasattr(camera, "check"))


@bp.get("/live.mjpg")
def live(game_id: str):
    """Stream the annotated camera frames as MJPEG for MJPEG_SECONDS (the page re-opens it)."""
    load(game_id)
    camera = current_app.config.get("CAMERA")
    if camera is None:
        abort(404, description=_("The camera is off."))
    seconds = float(current_app.config["MJPEG_SECONDS"])
    interval = float(current_app.config.get("MJPEG_INTERVAL", 0.2))
    stop = current_app.config.get("STOP")  # a threading.Event set when the server shuts down

    def frames():
        end = time.monotonic() + seconds
        last = None
        while time.monotonic() < end and not (stop is not None and stop.is_set()):
            jpeg = camera.latest_jpeg()
            if jpeg and jpeg is not last:
                last = jpeg
                yield (f"--{BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: {len(jpeg)}\r\n\r\n").encode() + jpeg + b"\r\n"
            time.sleep(interval)

    return Response(frames(), mimetype=f"multipart/x-mixed-replace; boundary={BOUNDARY}",
                    headers={"Cache-Control": "no-cache"})


def picture_words() -> dict[str, str]:
    """Return what the page says for each picture state that needs saying (in the reader's language)."""
    return {"waiting": _("Waiting for the camera's first picture…"),
            "none": _("The camera sends no picture: is it plugged in, and is the address right?"),
            "stalled": _("The camera stopped sending pictures; the companion keeps trying to reconnect. "
                         "Moves can be entered on the scoreboard meanwhile.")}


@bp.get("/state.json")
def picture(game_id: str):
    """Return {"picture": state, "message": sentence or null}: whether the camera sends pictures (no image, no card)."""
    load(game_id)
    camera = current_app.config.get("CAMERA")
    if camera is None:
        return jsonify({"picture": "off", "message": _("The camera is off.")})
    state = camera.picture_state() if hasattr(camera, "picture_state") else "ok"
    return jsonify({"picture": state, "message": picture_words().get(state)})


@bp.post("/source")
@require_token
def choose_source(game_id: str):
    """Switch the camera: {"source": name} (one of sources())."""
    camera = _camera()
    source = json_body().get("source")
    if source not in list(camera.sources()):
        abort(400, description=_("Unknown camera %(source)r.", source=source))
    if not hasattr(camera, "select"):
        abort(409, description=_("This camera cannot be switched."))
    camera.select(source)
    return jsonify({"ok": True, "source": source})


def read_photo() -> Any:
    """Return what the app's PHOTO_HANDLER reads in the photo the tablet sent ({"cards": [...], ...}); answer 409 when
    photos are not read at this table, 400 when no photo came (web.common.uploaded_photo).

    Raises:
        CompanionError: the photo could not be read.
    """
    handler = current_app.config.get("PHOTO_HANDLER")
    if handler is None:
        abort(409, description=_("Photo reading is not available; enter moves by hand."))
    return handler(uploaded_photo())


@bp.post("/photo")
@require_token
def photo(game_id: str):
    """Take a photo from the tablet's own camera (multipart field `photo`) and hand it to the tracker."""
    try:
        result = read_photo()
    except CompanionError as error:
        return jsonify(error_body(None, error)), 422
    if isinstance(result, dict) and isinstance(result.get("cards"), list):
        # The page shows how many cards were read, never which: codes and payloads carry the backs.
        result = {**result, "cards": len(result["cards"])}
    return jsonify({"ok": True, "result": result})


@bp.post("/check")
@require_token
def setup_check(game_id: str):
    """Run the setup check on the newest frame: {"ok", "advice": [sentences in the reader's language],
    "said": [{"id", "params"}], "zones": [...], "glare": [...]}."""
    load(game_id)
    camera = _camera("check")
    try:
        report = camera.check()
    except CompanionError as error:
        return jsonify(error_body(None, error)), 422
    if report is None:
        if hasattr(camera, "picture_state") and camera.picture_state() == "none":
            abort(409, description=picture_words()["none"])
        abort(409, description=_("No picture from the camera yet; wait a moment and check again."))
    return jsonify(worded(report, game_id, int(time.time() * 1000)))


def worded(report: dict, game_id: str, version: int) -> dict:
    """Return a check's report with its advice in the reader's language ("said" keeps the ids) and its picture's
    address (`version` changes with each check, so the browser fetches the new picture)."""
    lang = str(get_locale() or "en")
    advice = [word(said, lang) if isinstance(said, dict) else str(said) for said in report.get("advice", [])]
    return {**report, "advice": advice, "said": report.get("advice", []),
            "overlay": url_for("camera.setup_check_image", game_id=game_id, v=version)}


def _camera(able: str | None = None):
    """Return the app's camera, or answer 409 "The camera is off." (also when it has no method `able`)."""
    camera = current_app.config.get("CAMERA")
    if camera is None or (able is not None and not hasattr(camera, able)):
        abort(409, description=_("The camera is off."))
    return camera


def _placing_check(game_id: str):
    """Return the camera's check that runs by itself while it is placed (LiveCamera.placing), or answer 409."""
    load(game_id)
    camera = current_app.config.get("CAMERA")
    placing = getattr(camera, "placing", None)
    if placing is None:
        abort(409, description=_("The camera is off."))
    return placing


@bp.get("/placing.json")
@require_token
def placing_advice(game_id: str):
    """While the camera is being placed: start the setup check if one is due (at most every 2 s, one at a time, in
    its own thread) and return {"placing", "ended", "checking", "checks", "check": the last check worded, or null}.
    The token is needed as for the check itself: a poll may cost a check's CPU."""
    state = _placing_check(game_id).poll()
    report = state.pop("report")
    state["check"] = worded(report, game_id, state["checks"]) if report is not None else None
    return uncached_json(state)


@bp.post("/placing")
@require_token
def placing_switch(game_id: str):
    """{"placing": true}: the camera is being placed, check it by itself; {"placing": false}: done placing."""
    check = _placing_check(game_id)
    wanted = json_body().get("placing")
    if not isinstance(wanted, bool):
        abort(400, description=_("Say whether the camera is being placed: true or false."))
    if wanted:
        check.begin()
    else:
        check.finish()
    return jsonify({"ok": True, "placing": check.placing})


@bp.get("/check.jpg")
def setup_check_image(game_id: str):
    """Return the last setup check's annotated picture (zones coloured by px/module, glare marked)."""
    load(game_id)
    camera = current_app.config.get("CAMERA")
    lang = str(get_locale() or "en")
    names = zone_names(lang) if lang != "en" else None  # the picture labels its zones in the reader's language
    data = None
    if camera is not None and hasattr(camera, "check_jpeg"):
        data = camera.check_jpeg(names, "," if lang == "ru" else ".") if names else camera.check_jpeg()
    if not data:
        abort(404, description=_("No setup check yet."))
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-cache"})
