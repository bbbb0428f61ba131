"""The tablet page: a Flask app serving the scoreboard, entry forms, dice, camera and host screens.

create_app(config) is the factory (flaskr). Views translate HTTP to store and
engine calls and back; they never touch SQL or vision. Only the views (and
the CLI) turn CompanionError into answers: JSON {"error": {...}} with 4xx.
"""

from __future__ import annotations

from http import HTTPStatus
from types import SimpleNamespace
from typing import Any, Mapping

from flask import Flask, jsonify, render_template, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException

from companion.errors import RecordError, StoreError
from companion.games.safejson import load_json
from companion.web import db, i18n
from companion.web.seq_cache import SeqCache

DEFAULTS: dict[str, Any] = {
    "DB": "companion.db",
    "CAMERA": None,
    "TRACKER": None,
    "PHOTO_HANDLER": None,
    "MAX_CONTENT_LENGTH": 16 * 1024 * 1024,
    "STREAM_SECONDS": 600.0,
    "STREAM_HEARTBEAT": 15.0,
    "STREAM_SEND_SECONDS": 60.0,
    "PUBLIC_URL": None,
    "HOST_PROXY": None,
    "MJPEG_SECONDS": 60.0,
    "STOP": None,
    "CLUB": False,
    "CLUB_ROSTER": None,
    "TLS": None,
    "BROWSER_CAMERA": None,
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Return the configured app (config keys: DB, CAMERA, PHOTO_HANDLER, TRACKER, PUBLIC_URL, STREAM_SECONDS, ...)."""
    app = Flask(__name__)
    app.json = SafeJSONProvider(app)
    app.config.from_mapping(DEFAULTS)
    if config:
        app.config.update(config)
    db.init_app(app)
    app.extensions["companion.state_cache"] = SeqCache()
    i18n.init_app(app)
    from companion.web import gate, writes

    gate.init_app(app)

    writes.init_app(app)
    from companion.web import board, camera, camera_items, dice_views, entry, host

    for module in (board, entry, dice_views, camera, camera_items, host):
        app.register_blueprint(module.bp)
    from companion.web import seal
    app.register_blueprint(seal.bp)
    from companion.web import browser_camera, certificate
    app.register_blueprint(certificate.bp)
    app.register_blueprint(browser_camera.bp)
    from companion.web import screens

    for blueprint in screens.blueprints():
        app.register_blueprint(blueprint)
    from companion.web import club

    club.init_app(app)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(StoreError, _store_error)

    @app.after_request
    def _headers(response):
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'")
        return response

    return app


def _wants_json() -> bool:
    return (request.method != "GET" or "/api/" in request.path or request.path.endswith(".json")
            or request.accept_mimetypes.best == "application/json")


def _store_error(error: StoreError):
    """The storage failed, not the entry: 503 (read-only, unreadable), 507 (disk full), 409 (damaged game), with its sentence."""
    status = getattr(error, "status", 503)
    body = {"error": {"message": error.message, "status": status, "rule": getattr(error, "rule", None) or "store"}}
    if _wants_json():
        return jsonify(body), status
    page = SimpleNamespace(code=status, name=HTTPStatus(status).phrase, description=error.message)
    return render_template("error.html", error=page), status


class SafeJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider, parsing through the shared safe loader.

    Every `request.get_json()` in every blueprint then refuses deep nesting and
    huge integers as a ValueError (Flask's "bad JSON": None when silent, else
    400) instead of a RecursionError that would be a 500.
    """

    def loads(self, s, **kwargs):
        try:
            return load_json(s, "the request body")
        except RecordError as error:
            raise ValueError(error.message) from None


def _http_error(error: HTTPException):
    """Answer errors as JSON for the API, as a small page otherwise; never a traceback."""
    body = {"error": {"message": error.description or error.name, "status": error.code}}
    if _wants_json():
        return jsonify(body), error.code
    return render_template("error.html", error=error), error.code
