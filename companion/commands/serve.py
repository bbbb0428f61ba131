"""`companion serve`: the tablet page on the LAN, with the live server (uvicorn; not Flask's dev server).

Prints the join link and its QR code (also shown on the host screen, which
only this machine may open). Event streams cost no thread (one broadcaster
on the server's event loop feeds them all: companion/web/asgi.py), so a
room full of screens can watch; pages and API calls run in a thread pool.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
from pathlib import Path
from shlex import quote

from companion.commands.inputs import DEFAULT_DB, add_db_option
from companion.errors import CompanionError, RecordError
from companion.games import games
from companion.games.house import game_deck, parse_rule_options
from companion.games.wording import render_line
from companion.store.new_game import start_new_game
from companion.store.session import GameSession
from companion.store.backends import Store, normalize, open_store


HOST_HELP = ("address to listen on (default 0.0.0.0: every interface, so the tablet can reach it; anyone on the "
             "same network can open the pages, and entering moves needs the join link's token); 127.0.0.1: this machine only")


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="serve the tablet page (scoreboard, bids, dice) on the local network")
    add_db_option(p)
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", help="id of a stored game to serve")
    which.add_argument("--new-game", action="store_true", help="start a new game (of --game-type)")
    which.add_argument("--club", action="store_true",
                       help="serve every game in the store: the club index (/club: every table, live), standings, new games")
    p.add_argument("--players", help="new game: player names in seating order (clockwise), comma-separated; "
                                     "--club: the club's player list (JSON file, as for companion stats)")
    types = [game.name for game in games() if game.new_setup is not None]
    p.add_argument("--game-type", default=types[0] if types else None, choices=types,
                   help=f"new game: which game ({', '.join(types)}); default: the first by name ({types[0] if types else 'none'})")
    p.add_argument("--first", help="new game: who plays first (default: the first name)")
    p.add_argument("--setup", help="new game: a setup record line (JSON file) with the cards really dealt")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="new game: a house rule, the table's reading where the rule sheet allows another (repeatable; "
                        "the rules page lists each game's, e.g. warning-rolls=continue)")
    p.add_argument("--host", default="0.0.0.0", help=HOST_HELP)
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--deck", metavar="DECKFILE", help="the print's deck file (companion cards export --deck), to read table photos")
    p.add_argument("--public-url", help="address other devices use (default: this machine's LAN address)")
    add_seat_seconds_option(p)
    add_tls_options(p)
    p.set_defaults(run=run)


SEAT_SECONDS = (60, 10, 600)
"""A seat's QR code on the host screen hides after this many seconds (default, least, most): long enough for a
player who needs a while to find their phone's camera, short enough that it does not stay up for the table to see."""


def seat_seconds(text: str) -> int:
    """Read --seat-seconds: a whole number of seconds within SEAT_SECONDS' bounds, or argparse's clear refusal."""
    _default, least, most = SEAT_SECONDS
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not least <= value <= most:
        raise argparse.ArgumentTypeError(f"give a whole number of seconds from {least} to {most}, not {text!r}")
    return value


def add_seat_seconds_option(p) -> None:
    """--seat-seconds: how long the host screen shows a seat's QR code before hiding it (HOST_SEAT_SECONDS)."""
    default, least, most = SEAT_SECONDS
    p.add_argument("--seat-seconds", type=seat_seconds, default=default, metavar="SECONDS",
                   help=f"how long the host screen shows a seat's QR code before hiding it, {least} to {most} "
                        f"(default {default}; more for players who take a while to scan)")


def add_tls_options(p) -> None:
    """--no-tls and --http-port: https by default (a phone's browser gives its camera only to an https page)."""
    p.add_argument("--no-tls", action="store_true",
                   help="plain http on --port, as before 2026-12 (a phone or tablet cannot be the camera then: "
                        "browsers give the camera only to https pages)")
    p.add_argument("--http-port", type=int, default=None,
                   help="also serve plain http here, for screens that only watch and cannot accept the table's "
                        "certificate (default: --port + 1; 0: none)")


def table_tls(args):
    """Return the table's certificate (companion/web/tls.py), made beside the database on first use, or None for --no-tls."""
    if getattr(args, "no_tls", False):
        return None
    from companion.web.tls import ensure_certificate, machine_names, tls_directory

    extra = ()
    if getattr(args, "public_url", None):
        from urllib.parse import urlsplit
        extra = (urlsplit(args.public_url).hostname or "",)
    if args.host not in ("0.0.0.0", "::"):
        extra += (args.host,)
    return ensure_certificate(tls_directory(args.db), machine_names(tuple(n for n in extra if n)))


def public_address(args, tls) -> str:
    """Return the address other devices use: --public-url, else https (or http) on this machine's LAN address."""
    scheme = "https" if tls is not None else "http"
    return (args.public_url or f"{scheme}://{lan_address() if args.host in ('0.0.0.0', '::') else args.host}:{args.port}").rstrip("/")


def watch_port(args, tls) -> int | None:
    """Return the plain-http port for watching screens beside https, or None (--no-tls, or --http-port 0)."""
    if tls is None:
        return None
    port = args.http_port if args.http_port is not None else args.port + 1
    return port or None


def print_tls(tls, public: str, port: int, http_port: int | None, host_path: str) -> str:
    """Print the certificate's fingerprint and where a device installs it; return the host screen's address on this
    machine (plain http when there is a plain-http port: no warning for the organiser)."""
    if tls is None:
        return f"http://127.0.0.1:{port}{host_path}"
    print("This server speaks https with its own certificate: each device's browser warns once (docs/web.md, "
          "\"The table's certificate\"). Its SHA-256 fingerprint, to compare on the warning page:\n  " + tls.fingerprint)
    print(f"To skip the warning for good, install the certificate on the device: {public}/table-certificate.crt")
    if http_port:
        print(f"Screens that only watch may also use plain http on port {http_port} (no camera there).")
        return f"http://127.0.0.1:{http_port}{host_path}"
    return f"https://127.0.0.1:{port}{host_path}"


def lan_address() -> str:
    """Return this machine's LAN IP address (a UDP socket is pointed outward; nothing is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def _new_game(store: Store, args) -> GameSession:
    if args.setup:
        try:
            setup = json.loads(Path(args.setup).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise RecordError(f"cannot read the setup line from {args.setup!r}: {exc}") from None
        if not isinstance(setup, dict):
            raise RecordError("the setup file must hold one JSON object (a setup record line)")
        return GameSession.start(store, setup)
    players = [p.strip() for p in args.players.split(",")] if args.players else []  # an empty name is refused by the setup, not dropped
    if not players:
        raise CompanionError("--new-game needs --players Ann,Ben,Cat (or --setup FILE)")
    return start_new_game(store, args.game_type, players, args.first, rules=getattr(args, "house_rules", None))


def new_game_rules(args) -> dict[str, str]:
    """Return the house rules given with --rule for --new-game, checked against the game's deck ({} for none).

    Raises:
        CompanionError: a word not NAME=VALUE, a rule or value the game does not offer, or --rule without a dealt new game.
    """
    options = getattr(args, "rule", None) or []
    if not options:
        return {}
    if not getattr(args, "new_game", False) or getattr(args, "setup", None):
        raise CompanionError("--rule goes with --new-game --players (a --setup line carries its own \"rules\")")
    return dict(parse_rule_options(game_deck(args.game_type), options))


def open_table(args) -> tuple[str, str]:
    """Start or open the game `serve` is for, and return (game id, the tablet's join token).

    A game stored by an older version gets its key and its dice seed's commitment here (a write of the
    command, before any screen asks: no request ever writes them); a new game was created with both.

    The game is read here into the fold the server's requests share
    (GameSession(shared=True)), so the first screen to connect after a restart
    does not wait while a long game is read a second time.
    """
    from companion.store.game_secrets import give_key
    from companion.web.access import game_token
    from companion.web.dice_service import DiceService

    with open_store(args.db) as store:
        session = _new_game(store, args) if args.new_game else GameSession(store, args.game, shared=True)
        key = bytes.fromhex(give_key(store, session.game_id))
        DiceService(session).ensure_seed()
        return session.game_id, game_token(key)


def app_config(db: str | Path, public_url: str | None = None, deck: str | Path | None = None, *, club: bool = False,
               roster: dict[str, str] | None = None, tls=None, seat_seconds: int = SEAT_SECONDS[0]) -> dict:
    """Return the web app's config: the store, the public address, the photo reader built from vision, club mode and
    its player list, the table's certificate (None: plain http), how long a seat's QR code stays up."""
    from companion.table.layouts import layout_for
    from companion.vision.photo import PhotoReader

    return {"DB": normalize(db), "PUBLIC_URL": public_url,
            "PHOTO_READER": PhotoReader(str(Path(deck).resolve()), layout_for) if deck else None,
            "CLUB": club, "CLUB_ROSTER": roster, "TLS": tls, "HOST_SEAT_SECONDS": seat_seconds}


def run(args) -> int:
    """Serve one game until Ctrl-C. What can fail without touching the store (the port, the deck file) is
    checked first, so `--new-game` on a busy port deals and stores nothing."""
    import segno

    from companion.web import create_app
    from companion.web.asgi import make_server

    if args.club and not args.rule:
        return run_club(args)
    try:
        args.house_rules = new_game_rules(args)
    except CompanionError as error:
        print(f"companion: {render_line(error)}", file=sys.stderr)
        return 2  # a usage error, like argparse's: nothing is dealt or stored
    check_deck(args.deck)
    tls = table_tls(args)
    http_port = watch_port(args, tls)
    sock = listen(args.host, args.port)
    watch_sock = None
    try:
        watch_sock = listen_watch(args.host, http_port)
        game_id, token = open_table(args)
        public = public_address(args, tls)
        app = create_app(app_config(args.db, public, args.deck, tls=tls, seat_seconds=args.seat_seconds))
        app.test_client().get(f"/g/{game_id}/state.json", base_url="http://127.0.0.1")  # built once, before the first screen asks
        server = make_server(app, **(tls.uvicorn_options() if tls else {}))
    except BaseException:
        sock.close()
        if watch_sock is not None:
            watch_sock.close()
        raise
    watching = start_watch_server(app, watch_sock)
    join = f"{public}/g/{game_id}?t={token}"
    print(f"Game {game_id}. Join link for the table's tablet (anyone with it can enter moves):\n  {join}")
    segno.make(join, error="m").terminal(out=sys.stdout, compact=True)
    print(f"Scoreboard for everyone: {public}/g/{game_id}  (on a TV across the room: {public}/g/{game_id}?wall=1)")
    host = print_tls(tls, public, args.port, http_port, f"/g/{game_id}/host/")
    print(f"Host screen (this machine only): {host}")
    sys.stdout.flush()
    try:
        server.run(sockets=[sock])  # until Ctrl-C: open streams are ended first, then it stops
    except KeyboardInterrupt:
        pass
    finally:
        if watching is not None:
            watching.stop()
    print(f"Stopped; game {game_id} is saved. To continue it: {resume_command(args, game_id)}", file=sys.stderr)
    return 0


def resume_command(args, game_id: str) -> str:
    """Return the command that serves this game again (with the --db, --port and --deck it was served with)."""
    parts = ["companion serve --game", quote(game_id)]
    if str(args.db) != DEFAULT_DB:
        parts.append(f"--db {quote(str(args.db))}")
    if args.port != 8000:
        parts.append(f"--port {args.port}")
    if args.deck:
        parts.append(f"--deck {quote(str(args.deck))}")
    if getattr(args, "seat_seconds", SEAT_SECONDS[0]) != SEAT_SECONDS[0]:
        parts.append(f"--seat-seconds {args.seat_seconds}")
    return " ".join(parts)


def check_deck(deck: str | None) -> None:
    """Read the --deck file now, so a wrong path is said before anything is stored (not at the first photo)."""
    if deck:
        from companion.cards.payloads import load_print

        load_print(deck)


def listen_watch(host: str, port: int | None):
    """Take the plain-http port for the watching screens (beside the https one), or return None for none.

    Taken before anything is stored, like the main port: a busy one is a sentence, not an orphan game."""
    if not port:
        return None
    from companion.web.asgi import listen_socket

    try:
        return listen_socket(host, port)
    except OSError as exc:
        raise CompanionError(f"cannot listen on {host}:{port} for the plain-http screens: {exc.strerror or exc} "
                             f"(another server? try --http-port with another port, or --http-port 0 for none)") from None


def start_watch_server(app, sock):
    """Serve the watching screens over plain http on `sock` (a background thread), or return None without one."""
    if sock is None:
        return None
    from companion.web.asgi import ServerThread

    return ServerThread(app, sock=sock).start()


def run_club(args) -> int:
    """Serve every game of the store: the club index, its standings, each table's screens as for one game."""
    from companion.club.stats import read_roster
    from companion.web import create_app
    from companion.web.asgi import make_server

    roster = read_roster(args.players) if args.players else None
    check_deck(args.deck)
    from companion.store.game_secrets import give_missing_keys

    with open_store(args.db) as store:  # an unreachable database or a newer schema is one sentence now, not at the first page
        give_missing_keys(store)  # games stored by an older version: their screens read a key, no request makes one
    tls = table_tls(args)
    public = public_address(args, tls)
    app = create_app(app_config(args.db, public, args.deck, club=True, roster=roster, tls=tls, seat_seconds=args.seat_seconds))
    http_port = watch_port(args, tls)
    sock = listen(args.host, args.port)
    try:
        watching = start_watch_server(app, listen_watch(args.host, http_port))
    except CompanionError:
        sock.close()
        raise
    server = make_server(app, **(tls.uvicorn_options() if tls else {}))
    print(f"Club index for every screen (every table, live): {public}/club")
    print(f"Standings: {public}/club/standings")
    organiser = print_tls(tls, public, args.port, http_port, "/club")
    print(f"Organiser's view, with each table's host screen and new games (this machine only): {organiser}")
    sys.stdout.flush()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        if watching is not None:
            watching.stop()
    print("Stopped; every game is saved. To serve them again: companion serve --club"
          + (f" --db {quote(str(args.db))}" if str(args.db) != DEFAULT_DB else ""), file=sys.stderr)
    return 0


def listen(host: str, port: int):
    """Return the listening socket, or say in words why the address cannot be used.

    Raises:
        CompanionError: if the port is taken or the address is not this machine's.
    """
    from companion.web.asgi import listen_socket

    try:
        return listen_socket(host, port)
    except OSError as exc:
        raise CompanionError(f"cannot listen on {host}:{port}: {exc.strerror or exc} (is another server using that port? try --port)") from None
