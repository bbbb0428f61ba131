"""The host screen (only on the machine running the server): join link, its QR code, one seat's QR code at a time.

The join link carries the game token, so this page answers only requests
from this machine (loopback: the socket's peer, never a proxy's forwarding
header, see access.is_loopback), like the terminal the server prints it on, and
only under one of this machine's own names: a web page whose name was made to
point at 127.0.0.1 (DNS rebinding) sends its own name in the Host header.

The page itself names the seats but carries no seat's private link: a player
taps their seat and the page fetches that one seat's QR code (host.js), shows
it until "Done" or HOST_SEAT_SECONDS (60 s), then removes it. So the screen
never shows two seats' codes at once, and a neighbour cannot scan yours from
across the table while you are not looking.
"""

from __future__ import annotations

from flask_babel import gettext as _

import socket
from urllib.parse import urlsplit

import segno
from flask import Blueprint, abort, current_app, render_template, request, url_for

from companion.web.access import game_token, is_loopback, player_token
from companion.web.common import load, uncached_json
from companion.web.screens import screens_of

bp = Blueprint("host", __name__, url_prefix="/g/<game_id>/host")


def base_url() -> str:
    """Return the address other devices use: PUBLIC_URL if configured, else this request's host."""
    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def qr_svg(text: str, scale: int = 6) -> str:
    """Return an inline SVG QR code (no external image, works offline); a viewBox, so CSS sets its size."""
    return segno.make(text, error="m").svg_inline(scale=scale, dark="#111", light="#fff", omitsize=True)


LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


def own_host_names() -> frozenset[str]:
    """Return the names this machine answers the host screen to: loopback, its hostname, the public address's host."""
    names = set(LOOPBACK_NAMES) | {socket.gethostname().lower()}
    public = current_app.config.get("PUBLIC_URL")
    if public:
        names.add((urlsplit(public).hostname or "").lower())
    return frozenset(names)


def names_this_machine() -> bool:
    """Return True if the request's Host header names this machine (DNS rebinding sends another site's name)."""
    host = urlsplit("//" + request.host).hostname if request.host else None
    return bool(host and host.lower() in own_host_names())


def _only_this_machine() -> None:
    if not is_loopback() or not names_this_machine():
        abort(403, description=_("the host screen is shown only on the machine running the companion"))


@bp.get("/")
def page(game_id: str):
    """Show the join link with its QR code, and one button per seat (a seat's QR code appears only when tapped)."""
    _only_this_machine()
    session, key, view = load(game_id)
    join = base_url() + url_for("board.game", game_id=game_id, t=game_token(key))
    pages = screens_of(session.game.name)
    seats = list(session.state.players) if view is not None and pages.phone is not None else []
    return render_template("host.html", game_id=game_id, join=join, qr=qr_svg(join), seats=seats,
                           phone_blurb=pages.phone_blurb, title=pages.title,
                           seconds=int(current_app.config.get("HOST_SEAT_SECONDS", 60)),
                           board=base_url() + url_for("board.game", game_id=game_id),
                           tls=current_app.config.get("TLS"), certificate=base_url() + url_for("certificate.authority"))


@bp.get("/seat/<player>.json")
def seat(game_id: str, player: str):
    """Return one seat's private link and its QR code, for the host screen to show until Done (never cached)."""
    _only_this_machine()
    session, key, view = load(game_id)
    pages = screens_of(session.game.name)
    if view is None or pages.phone is None:
        abort(404, description=_("this game has no private phone page"))
    if player not in session.state.players:
        abort(404, description=_("no player %(player)r in this game", player=player))
    link = base_url() + url_for(pages.phone, game_id=game_id, player=player, k=player_token(key, player))
    return uncached_json({"name": player, "link": link, "qr": qr_svg(link)})
