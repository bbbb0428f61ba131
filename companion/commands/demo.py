"""`companion demo` (a self-playing game on video, read back live) and `companion play` (a real camera)."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from shlex import quote
from typing import TYPE_CHECKING

from companion.commands.inputs import DEFAULT_DB, add_db_option
from companion.commands.scan import add_wait_option, wait_option
from companion.commands.serve import HOST_HELP
from companion.errors import CompanionError

if TYPE_CHECKING:  # imported where used: the web server and the camera load only when a demo serves
    from companion.vision.sources import FrameSource
    from companion.web.asgi import ServerThread


def add_parser(sub) -> None:
    p = sub.add_parser("demo", help="watch a self-playing game on video, read live by the camera pipeline")
    p.add_argument("--game", help="which game to play (needed when more than one game can be filmed; "
                                  "the games with a demo are listed if it is missing)")
    p.add_argument("--seed", type=int, default=1, help="which random game to play (default 1)")
    p.add_argument("--players", type=int, help="number of players, within the game's own limits (default: from the seed)")
    p.add_argument("--headless", action="store_true", help="do not serve the tablet page; run as fast as possible")
    p.add_argument("--out", help="folder for record.jsonl, video.mp4, state.json, companion.db (needed with --headless)")
    p.add_argument("--fps", type=float, default=10.0, help="frames per second of the video (default 10)")
    p.add_argument("--difficulty", choices=("easy", "medium", "hard"), default="easy",
                   help="camera tilt, light, blur, noise and hands (default easy)")
    p.add_argument("--no-video", action="store_true", help="do not write video.mp4")
    p.add_argument("--moves", type=int, help="play only the game's first N moves (a shorter video)")
    p.add_argument("--host", default="0.0.0.0", help=HOST_HELP)
    p.add_argument("--port", type=int, default=8000, help="port of the tablet page (default 8000)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=run_demo_command)
    p = sub.add_parser("play", help="track a real game from a camera and serve the tablet page")
    p.add_argument("--camera", required=True,
                   help="browser (a phone's or tablet's own camera: open the join link, tap \"Use this device's camera\"), "
                        "camera index (0), stream URL, video file or image folder")
    p.add_argument("--deck", required=True, help="the deck file written when the cards were printed")
    add_db_option(p)
    p.add_argument("--game", required=True, metavar="GAME_ID",
                   help="the stored game to track (see `companion games`); start it with the cards really dealt, "
                        "on the tablet page or with `companion serve --new-game`")
    p.add_argument("--lens", metavar="FILE", help="the camera's lens file (companion calibrate): undistorts marks and the table")
    add_wait_option(p)
    p.add_argument("--host", default="0.0.0.0", help=HOST_HELP)
    p.add_argument("--port", type=int, default=8000, help="port of the tablet page (default 8000)")
    from companion.commands.serve import add_tls_options
    add_tls_options(p)
    p.set_defaults(run=run_play)


def _check_players(game: str, players: int | None) -> None:
    """Refuse a player count the game's deck file does not allow, before anything is filmed."""
    if players is None:
        return
    from companion.cards.decks import load_deck

    deck = load_deck(game)
    limits = deck.data.get("players") or {}
    low, high = limits.get("min"), limits.get("max")
    if isinstance(low, int) and isinstance(high, int) and not low <= players <= high:
        raise CompanionError(f"{deck.title} is played by {low} to {high} players, not {players}")


def run_demo_command(args) -> int:
    from companion.demo import DemoOptions, run_demo

    if args.headless and not args.out:
        raise CompanionError("--headless needs --out DIR (where record.jsonl, video.mp4 and state.json go)")
    game = _filmed_game(args.game)
    _check_players(game, args.players)
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="companion-demo-"))
    if args.headless:
        result = run_demo(args.seed, out, DemoOptions(players=args.players, fps=args.fps, video=not args.no_video,
                                                      difficulty=args.difficulty, max_moves=args.moves),
                          game=game, log=_progress)
        return _report(result, out, args.json)
    server = _Server(args.host, args.port)
    holder: dict = {}

    def started(live) -> None:
        from companion.live import LiveCamera

        server.start(out / "companion.db", live.session.game_id, camera=LiveCamera(live))
        holder["live"] = live

    options = DemoOptions(players=args.players, fps=args.fps, video=not args.no_video, realtime=True,
                          difficulty=args.difficulty, max_moves=args.moves)
    result = run_demo(args.seed, out, options, game=game, log=_progress, on_start=started)
    if "live" in holder:
        holder["live"].end_of_frames()  # the page says the game's video is over, not that the camera stopped
    _report(result, out, args.json)
    print("The game is over. The page stays up; press Ctrl-C to stop.")
    try:
        server.wait()
    except KeyboardInterrupt:
        pass
    return 0


def _filmed_game(asked: str | None) -> str:
    """Return the game the demo plays: the one asked for, else the only game that can be filmed.

    Raises:
        CompanionError: no game asked while several can be filmed, or one that cannot be.
    """
    from companion.table.readers import readers

    filmed = sorted(name for name, reader in readers().items() if reader.demo is not None)
    if asked is None:
        if len(filmed) == 1:
            return filmed[0]
        raise CompanionError(f"say which game to play with --game: {', '.join(filmed) or 'none can be filmed yet'}")
    if asked not in filmed:
        raise CompanionError(f"there is no self-playing demo of {asked!r}; the games with one: {', '.join(filmed) or 'none'}")
    return asked


def _report(result, out: Path, as_json: bool) -> int:
    summary = result.to_json()
    if as_json:
        print(json.dumps(summary))
    else:
        print(f"\nDemo finished: {result.moves} moves; camera right {result.right}, raised {result.raised}, "
              f"wrong {result.wrong}, missed {result.missed}; {result.frames} frames in {result.seconds:.0f} s.")
        print(f"Final state {'matches' if result.matches else 'DIFFERS FROM'} the replay of {out / 'record.jsonl'}")
        print(f"Files: {out}")
    return 0 if result.matches else 1


def _progress(message: str) -> None:
    print(f"  {message}", file=sys.stderr)


class _Server:
    """The tablet page in a background thread (the live server, companion/web/asgi.py), for the demo and a live camera."""

    def __init__(self, host: str, port: int, tls=None, http_port: int | None = None):
        self.host, self.port = host, port
        self.tls = tls
        """The table's certificate (companion/web/tls.py), or None: plain http."""
        self.http_port = http_port
        self._server: ServerThread | None = None
        self._watching = None

    def start(self, db: Path | str, game_id: str, camera=None, browser=None) -> None:
        import segno

        from companion.commands.serve import lan_address, listen
        from companion.store.backends import normalize, open_store
        from companion.web import create_app
        from companion.store.game_secrets import give_key
        from companion.web.access import game_token
        from companion.store.session import GameSession
        from companion.web.asgi import ServerThread
        from companion.web.dice_service import DiceService

        with open_store(db) as store:
            DiceService(GameSession(store, game_id)).ensure_seed()
            token = game_token(bytes.fromhex(give_key(store, game_id)))
        sock = listen(self.host, self.port)
        self.port = sock.getsockname()[1]
        scheme = "https" if self.tls is not None else "http"
        public = f"{scheme}://{lan_address() if self.host in ('0.0.0.0', '::') else self.host}:{self.port}"
        config = {"DB": normalize(db), "PUBLIC_URL": public, "CAMERA": camera,
                  "PHOTO_HANDLER": camera.photo if camera is not None else None,
                  "TRACKER": camera.live if camera is not None else None, "TLS": self.tls, "BROWSER_CAMERA": browser}
        app = create_app(config)
        if self.http_port:
            from companion.commands.serve import listen_watch, start_watch_server

            try:
                self._watching = start_watch_server(app, listen_watch(self.host, self.http_port))
            except CompanionError:
                sock.close()
                raise
        self._server = ServerThread(app, sock=sock, **(self.tls.uvicorn_options() if self.tls is not None else {}))
        join = f"{public}/g/{game_id}?t={token}"
        print(f"Tablet page: {public}/g/{game_id}   (join link to enter moves: {join})")
        segno.make(join, error="m").terminal(out=sys.stdout, compact=True)
        if browser is not None:
            print("Open the join link on the phone or tablet that will watch the table, then tap "
                  "\"Use this device's camera\" on its Camera page.")
        if self.tls is not None:
            from companion.commands.serve import print_tls
            print_tls(self.tls, public, self.port, self.http_port, "")
        sys.stdout.flush()
        self._server.start()

    def wait(self) -> None:
        """Block until the server stops or Ctrl-C (then stop it: open streams end first)."""
        if self._server is None:
            return
        try:
            while self._server.thread.is_alive():
                self._server.thread.join(0.5)
        finally:
            self.stop()

    def stop(self) -> None:
        """End the open streams and stop the server."""
        if self._server is not None:
            self._server.stop()
        if self._watching is not None:
            self._watching.stop()


def run_play(args) -> int:
    from companion.cards.payloads import load_print
    from companion.commands.games import open_store
    from companion.commands.scan import load_lens_option
    from companion.live import LiveCamera, LiveTable
    from companion.store.session import GameSession
    from companion.table.layouts import layout_for
    from companion.vision.pipeline import Pipeline
    from companion.vision.sources import frames, open_source

    wait_s = wait_option(args)
    printed = load_print(args.deck)
    lens = load_lens_option(args.lens)
    store = open_store(args.db)
    session = GameSession(store, args.game)
    from companion.commands.serve import table_tls, watch_port

    tls = table_tls(args)
    server = _Server(args.host, args.port, tls, watch_port(args, tls))
    browser = None
    source: FrameSource
    if args.camera == "browser":
        from companion.vision.browser_source import BrowserCameraSource

        source = browser = BrowserCameraSource(session.game_id)
    else:
        source = open_source(args.camera)
    live = LiveTable(session, Pipeline(printed, layout=layout_for(printed.game), lens=lens), log=_progress)
    camera = LiveCamera(live, sources=(args.camera,))
    try:
        if browser is not None:
            # The pictures come through the page, so it is served first; the wait is the device's tap, which the
            # camera page and every screen show ("Camera lost" / no picture yet), not a deadline here.
            server.start(args.db, session.game_id, camera=camera, browser=browser)
            print("Tracking. Press Ctrl-C to stop; the game is saved after every move.", flush=True)
            pictures = frames(source, say=_progress)
        else:
            print(f"Waiting for the first picture from {args.camera} (up to {wait_s:g} s)…", flush=True)
            pictures = frames(source, wait_s=wait_s, say=_progress)
            first = next(pictures, None)  # a camera that sends nothing is a sentence and exit 1, before the page is up
            if first is None:
                raise CompanionError(f"no frame came from {args.camera!r}")
            server.start(args.db, session.game_id, camera=camera)
            print("Tracking. Press Ctrl-C to stop; the game is saved after every move.", flush=True)
            live.feed(first.image, first.time)
        for frame in pictures:
            live.feed(frame.image, frame.time)
        live.end_of_frames()
    except KeyboardInterrupt:
        pass
    finally:
        source.close()
        server.stop()
    print(json.dumps(session.game.state_to_json(session.state)))
    print(f"To continue this game: companion play --game {quote(session.game_id)} --camera {quote(args.camera)} "
          f"--deck {quote(args.deck)}" + (f" --db {quote(str(args.db))}" if str(args.db) != DEFAULT_DB else ""), file=sys.stderr)
    return 0
