"""This device's camera as the table's: the camera page's frames arrive here as JPEG POSTs.

The vision pipeline is not imported here (web sits above it). The app
receives, in its config, BROWSER_CAMERA: the live loop's source
(companion/vision/browser_source.py: put(device, label, jpeg, take_over=) ->
index | Refused, wait_read(index, timeout), status(), game_id), set by
`companion play --camera browser`. Without it the page offers no button.

A frame's answer comes once the loop has read it, so the page (one frame in
flight) sends as fast as the reader reads while the table changes, and one
frame a second while it is still (static/browser_camera.js decides). The game token is checked before
the body is read, and the body is bounded (FRAME_MAX_BYTES).
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from flask import Blueprint, abort, current_app, jsonify, request
from flask_babel import gettext as _

from companion.errors import CompanionError
from companion.web.access import game_token, presented_token, require_token, same
from companion.web.common import load, uncached_json

bp = Blueprint("browser_camera", __name__, url_prefix="/g/<game_id>/camera")

FRAME_MAX_BYTES = 8 * 1024 * 1024
"""A 4K frame at JPEG quality 0.9 is 1.5-3 MB; twice the worst, and no more."""
READ_WAIT_S = 10.0
"""The longest a frame's answer waits for the loop to read it (a reader busy that long is stuck; the page sends again)."""
DEVICE_HEADER = "X-Camera-Device"
LABEL_HEADER = "X-Camera-Label"


def source_for(game_id: str):
    """Return the browser camera source of this game's live loop, or None."""
    source = current_app.config.get("BROWSER_CAMERA")
    return source if source is not None and source.game_id == game_id else None


@bp.app_context_processor
def _page_helpers() -> dict:
    return {"own_camera": own_camera}


def own_camera(game_id: str) -> dict:
    """Return what the camera page's "this device's camera" panel needs: whether it is offered, whether this
    device holds the join link, and, on a plain-http page away from this machine, the https address to use."""
    if source_for(game_id) is None:
        return {"enabled": False}
    _session, key, _view = load(game_id)
    can_act = same(presented_token(game_id, allow_cookie=True), game_token(key))
    host = urlsplit("//" + request.host).hostname or ""
    insecure = request.scheme != "https" and host not in ("localhost", "127.0.0.1", "::1")  # http on loopback is secure
    public = (current_app.config.get("PUBLIC_URL") or "").rstrip("/")
    secure_url = public + request.full_path.rstrip("?") if public.startswith("https://") else None
    return {"enabled": True, "can_act": can_act, "insecure": insecure, "secure_url": secure_url,
            "token": game_token(key) if can_act else ""}


@bp.get("/device.json")
def device(game_id: str):
    """Return which device is the table's camera and whether its frames still arrive (every screen asks twice a second)."""
    load(game_id)
    source = source_for(game_id)
    body = {"enabled": source is not None, **(source.status() if source is not None else {})}
    return uncached_json(body)


@bp.post("/frame")
@require_token
def frame(game_id: str):
    """Take one JPEG frame (the raw body) from the device named by X-Camera-Device; answer once the loop has read it.

    409 with the current camera's name when another device is the camera (?take_over=1 takes its place).
    """
    source = source_for(game_id)
    if source is None:
        abort(409, description=_("This game has no camera loop running; start it with companion play --camera browser."))
    device_id = (request.headers.get(DEVICE_HEADER) or "").strip()[:64]
    if not device_id:
        abort(400, description=_("The camera page did not say which device it is; reload it."))
    length = request.content_length
    if length is None:
        abort(411, description=_("Send each frame with its length."))
    if length > FRAME_MAX_BYTES:
        abort(413, description=_("A camera frame may be at most %(mb)s MB; lower the resolution.", mb=FRAME_MAX_BYTES // (1024 * 1024)))
    data = request.get_data(cache=False)
    label = unquote(request.headers.get(LABEL_HEADER) or "").strip()[:80] or _("a browser")  # the page percent-encodes it
    try:
        index = source.put(device_id, label, data, take_over=request.args.get("take_over") == "1")
    except CompanionError:
        abort(400, description=_("That frame is not a JPEG picture."))
    if not isinstance(index, int):
        body = {"error": {"message": _("%(device)s is the table's camera now. Tap \u201cUse this device instead\u201d to take over.",
                                       device=index.camera), "status": 409}, "camera": index.camera}
        return jsonify(body), 409
    read = source.wait_read(index, READ_WAIT_S)
    status = source.status()
    return jsonify({"ok": True, "read": read, "width": status["width"], "height": status["height"], "frames": status["frames"]})
