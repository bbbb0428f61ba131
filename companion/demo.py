"""The self-playing demo: a whole game filmed on a synthetic table and read back live.

A random legal game (the game's selfplay) is acted out with printed card images
on the game's table layout, as the game's stage directions say (its table part's
DemoScript, companion/table/stage.py): cards turned over, carried, laid down,
hands reaching in, the lamp's colour drifting, sensor noise and JPEG. Every
frame goes through the same live loop a real camera feeds
(companion.live.LiveTable), and a "tablet bot" types what players would type and
taps to confirm (or correct) a proposal. At the end the state the loop reached
is compared with the replay of the source record.

After each move the camera gets up to 6 s of film to show it (or to raise it). A move it did not
produce is entered by the bot as a player would on the tablet, and counted as
"raised" when the camera had flagged a needs-attention item for it, else as
"missed"; a move the camera got wrong is undone, entered right and counted as
"wrong". The demo never hides a miss to look good.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

import cv2
import numpy as np

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print, save_print
from companion.errors import CompanionError
from companion.games import find_game
from companion.games.base import Game
from companion.games.jsonl import write_lines
from companion.live import LiveTable
from companion.printing.render import card_image
from companion.store.session import GameSession
from companion.store.sqlite import EventStore
from companion.table.outputs import default_seats
from companion.table.readers import reader_for
from companion.table.stage import DemoScript, Props
from companion.tracker.fusion import Hysteresis
from companion.table.layouts import layout_for
from companion.vision.geometry import TableLayout
from companion.vision.pipeline import Pipeline
from companion.vision.synth import Camera, CardArt, Nuisance, card_art, render_scene


@dataclass(frozen=True)
class Difficulty:
    """How hard the demo table is to read: camera tilt, light, blur, noise, hands."""

    tilt: float
    noise: float
    jpeg: int
    defocus: float = 0.0
    motion: float = 0.0
    glare: int = 0
    hands: int = 1
    falloff: float = 0.25
    warm_swing: float = 0.2


DIFFICULTIES = {
    "easy": Difficulty(tilt=8.0, noise=2.5, jpeg=85),
    "medium": Difficulty(tilt=20.0, noise=4.0, jpeg=75, defocus=0.6, hands=2, falloff=0.4, warm_swing=0.3),
    "hard": Difficulty(tilt=30.0, noise=5.0, jpeg=65, defocus=0.9, motion=2.0, glare=1, hands=3, falloff=0.5,
                       warm_swing=0.35),
}


@dataclass
class DemoResult:
    """What a demo run produced and how well the camera followed the game."""

    source_state: dict
    pipeline_state: dict
    moves: int
    right: int
    """Moves the camera produced (possibly after a confirm tap)."""
    raised: int
    """Moves the camera did not produce but flagged as needing attention; entered by hand."""
    wrong: int
    missed: int
    corrected: int
    frames: int
    seconds: float
    ms_vision: list[float]
    attention: list[dict]
    ms_loop: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    """Seconds from the cards coming to rest to the move being accepted, per camera move."""
    difficulty: str = "easy"

    @property
    def matches(self) -> bool:
        """True when the camera-fed game ended exactly where the source record does."""
        return self.source_state == self.pipeline_state

    def to_json(self) -> dict:
        """Return a JSON-ready summary (without the per-frame timings)."""
        return {"matches": self.matches, "moves": self.moves, "right": self.right, "raised": self.raised, "wrong": self.wrong,
                "missed": self.missed, "corrected_grouping": self.corrected, "frames": self.frames,
                "seconds": round(self.seconds, 1), "difficulty": self.difficulty,
                "vision_ms_median": _median(self.ms_vision), "loop_ms_median": _median(self.ms_loop),
                "latency_s_median": _median(self.latencies), "latency_s_max": round(max(self.latencies), 2) if self.latencies else None,
                "attention": self.attention}


def demo_print(game: str, seed: int):
    """Return a print of the game's deck keyed from the seed (the same seed makes the same cards)."""
    secret = hashlib.sha256(f"companion-demo-{seed}".encode()).digest()
    return new_print(load_deck(game), f"demo-{seed}", secret=secret)


def card_arts(printed, dpi: float = 150) -> dict[str, CardArt]:
    """Return the rendered face and back of every card of the print, ready to place on the table."""
    arts = {}
    for code in printed.codes():
        if code.startswith("rules-"):
            continue
        face = cv2.cvtColor(card_image(printed, code, dpi), cv2.COLOR_RGB2BGR)
        back = cv2.cvtColor(card_image(printed, code, dpi, back=True), cv2.COLOR_RGB2BGR)
        arts[code] = card_art(code, printed.payload(code), face, back)
    return arts


@dataclass(frozen=True)
class DemoOptions:
    """What game is played and how it is filmed."""

    players: int | None = None
    width: int = 1920
    height: int = 1080
    fps: float = 10.0
    hold: int = 12
    """Frames each physical step is held still."""
    video: bool = True
    """Write out/video.mp4 (when an `out` folder is given)."""
    realtime: bool = False
    """Pace frames at `fps` for a person watching."""
    difficulty: str = "easy"
    max_moves: int | None = None
    """Play only the game's first moves (a shorter video)."""


class TabletBot:
    """Types what the players would: a tap to confirm a proposal (or the game's correction of it)."""

    def __init__(self, game: Game, script: DemoScript, moves: list):
        self.game, self.script, self.moves = game, script, moves
        self.index = 1
        self.corrected = 0

    def confirm(self, line: dict) -> dict | None:
        """Return the line the 'player' confirms for a proposal."""
        chosen, corrected = self.script.confirm(line, self.game.move_to_json(self.moves[self.index]))
        self.corrected += corrected
        return chosen


class Film:
    """Renders the demo table and feeds each frame to the live loop (and the video, the page preview)."""

    def __init__(self, live: LiveTable, options: DemoOptions, seed: int, layout: TableLayout, arts: dict[str, CardArt],
                 writer=None, on_frame: Callable[[np.ndarray, LiveTable], None] | None = None):
        self.live, self.options, self.seed, self.layout, self.arts = live, options, seed, layout, arts
        self.writer, self.on_frame = writer, on_frame
        self.level = DIFFICULTIES[options.difficulty]
        self.camera = Camera(width=options.width, height=options.height, tilt=self.level.tilt, hfov=62.0)
        rng = np.random.default_rng(seed)
        self.noise_bank = [rng.normal(0, self.level.noise, (options.height, options.width, 3)).astype(np.int16) for _ in range(3)]
        self.frames = 0
        self.configs = 0

    @property
    def now(self) -> float:
        """The film's time: seconds since the first frame."""
        return self.frames / self.options.fps

    def show(self, image: np.ndarray) -> None:
        self.live.feed(image, self.now)
        if self.writer is not None:
            self.writer.write(image)
        if self.on_frame is not None:
            self.on_frame(image, self.live)
        if self.options.realtime:
            time.sleep(max(0.0, 1.0 / self.options.fps - 0.002))
        self.frames += 1

    def still(self, image: np.ndarray, k: int) -> None:
        """Show a still table again, with the k-th frame's sensor noise."""
        self.show(np.clip(image.astype(np.int16) + self.noise_bank[k % len(self.noise_bank)], 0, 255).astype(np.uint8))

    def arrange(self, table: Props, hands: int) -> np.ndarray:
        """Film the hands moving over the table as it now is, and return the still view after them."""
        self.configs += 1
        level = self.level
        warm = 0.25 + level.warm_swing * math.sin(self.configs / 15.0)
        base = Nuisance(texture="felt", warm=warm, light_falloff=level.falloff, glare=level.glare,
                        defocus=level.defocus, seed=self.seed * 1000 + self.configs)
        placements = table.placements()
        for h in range(hands * level.hands):
            moving = replace(base, hands=1, motion=level.motion, seed=base.seed + 7 * (h + 1))
            self.show(_jpeg(render_scene(self.arts, placements, self.camera, moving, self.layout).image, level.jpeg))
        return _jpeg(render_scene(self.arts, placements, self.camera, base, self.layout).image, level.jpeg)


def run_demo(seed: int, out: Path | None = None, options: DemoOptions = DemoOptions(), *, game: str,
             on_frame: Callable[[np.ndarray, LiveTable], None] | None = None, log: Callable[[str], None] | None = None,
             db_path: Path | None = None, on_start: Callable[[LiveTable], None] | None = None) -> DemoResult:
    """Play one seeded game of `game` on video through the live pipeline and return how it went.

    With `out`, writes out/record.jsonl (the source game), out/video.mp4 (unless
    options.video is False), out/state.json (where the camera-fed game ended) and
    the event store out/companion.db. `on_frame` sees every frame (the web
    preview); `on_start` is called with the live loop once the game is stored
    (to serve the tablet page).

    Raises:
        CompanionError: for a game the camera cannot follow, or one with no stage directions for the demo.
    """
    log = log or (lambda message: None)
    started = time.perf_counter()
    rules, script = find_game(game), demo_script(game)
    moves = script.random_game(seed, options.players)
    if options.max_moves is not None:
        moves = moves[: options.max_moves + 1]
    setup = moves[0]
    printed = demo_print(game, seed)
    layout = layout_for(game)
    seats = default_seats(rules.initial_state(setup).players)
    table = script.props(layout, seats, setup)
    store, session = _start_game(rules, seed, moves, printed, out, db_path)
    bot = TabletBot(rules, script, moves)
    hysteresis = Hysteresis(appear_frames=3, appear_window_s=1.0, move_frames=3, vanish_s=1.0, vanish_frames=4, settle_s=0.3)
    pipeline = Pipeline(printed, layout=layout, use_zbar=False)
    live = LiveTable(session, pipeline, seats=seats, hysteresis=hysteresis, auto_confirm=bot.confirm, log=log)
    if on_start is not None:
        on_start(live)
    writer = None
    if out is not None and options.video:
        writer = cv2.VideoWriter(str(out / "video.mp4"), cv2.VideoWriter.fourcc(*"mp4v"), options.fps, (options.width, options.height))
    film = Film(live, options, seed, layout, card_arts(printed), writer, on_frame)
    counts: dict[str, int] = {}
    latencies: list[float] = []
    state = rules.initial_state(setup)
    for index, move in enumerate(moves[1:], start=1):
        bot.index = index
        verdict, latency = _film_move(film, script, table, session, move, state, index, log)
        counts[verdict] = counts.get(verdict, 0) + 1
        if latency is not None:
            latencies.append(latency)
        state = rules.apply(state, move)
    if writer is not None:
        writer.release()
    pipeline.close()
    source_state = rules.state_to_json(rules.replay(write_lines(moves, rules.move_to_json).splitlines(True)))
    pipeline_state = rules.state_to_json(session.state)
    attention = [{"message": item["message"], "seq": item["seq"]} for item in session.open_attention()]
    result = DemoResult(source_state=source_state, pipeline_state=pipeline_state, moves=len(moves) - 1,
                        right=counts.get("right", 0), raised=counts.get("raised", 0), wrong=counts.get("wrong", 0),
                        missed=counts.get("missed", 0), corrected=bot.corrected, frames=film.frames,
                        seconds=time.perf_counter() - started, ms_vision=list(live.stats.ms_vision),
                        ms_loop=list(live.stats.ms_loop), latencies=latencies, difficulty=options.difficulty,
                        attention=attention)
    if out is not None:
        (out / "state.json").write_text(json.dumps(pipeline_state, indent=2) + "\n", encoding="utf-8")
        (out / "summary.json").write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")
    store.close()
    return result


def demo_script(game: str) -> DemoScript:
    """Return the game's stage directions for the demo.

    Raises:
        CompanionError: for a game the camera cannot follow yet, or one whose table part has no demo.
    """
    script = reader_for(game).demo
    if script is None:
        raise CompanionError(f"the camera follows {game!r}, but it has no self-playing demo yet")
    return script


def _start_game(rules: Game, seed: int, moves: list, printed, out: Path | None,
                db_path: Path | None) -> tuple[EventStore, GameSession]:
    """Return the event store and the game session the demo plays into (the setup typed on the tablet).

    With `out`, the source record and the print are written there first, and the store is
    out/companion.db (a new one) unless `db_path` names another."""
    setup = moves[0]
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "record.jsonl").write_text(write_lines(moves, rules.move_to_json), encoding="utf-8")
        save_print(printed, out / "deck.json")
    db = db_path or (out / "companion.db" if out is not None else Path(":memory:"))
    if out is not None and db.exists():
        db.unlink()
    store = EventStore(db)
    session = GameSession.start(store, rules.move_to_json(setup), source="tablet", game_id=f"demo-{seed}",
                                title=f"Demo game, seed {seed}")
    return store, session


def _film_move(film: Film, script: DemoScript, table: Props, session: GameSession, move, state, index: int,
               log: Callable[[str], None]) -> tuple[str, float | None]:
    """Film one move made on the table (and typed on the tablet where the game asks), then the still table
    until the game shows it; return the verdict on it and, when read right, its latency (seconds from the
    cards coming to rest, or the typing, to the move accepted)."""
    live, options, rules = film.live, film.options, session.game
    before, after = rules.state_to_json(state), rules.state_to_json(rules.apply(state, move))
    open_before = {item["id"] for item in session.open_attention()}
    accepted_before = len(live.stats.accepted_at)
    rest_t = 0.0
    still = None
    for step in script.steps_of(move, state, options.hold):
        step.act(table)
        still = film.arrange(table, step.hands)
        rest_t = film.now
        for k in range(step.hold):
            film.still(still, k)
            if k == step.hold // 2 and step.tablet is not None:
                rest_t = film.now  # latency counts from the typing, not from the cards
                try:
                    step.tablet(live)
                except CompanionError as error:
                    log(f"the tablet entry for move {index} was refused: {error.message}")
    if still is None:
        still = film.arrange(table, 0)
    # Give the camera the moments a person would: keep filming the still table until
    # the game shows the move, or something is raised, or patience runs out.
    for k in range(int(6 * options.fps)):
        if rules.state_to_json(session.state) == after or _raised_since(session, open_before):
            break
        film.still(still, k)
    raised_now = _raised_since(session, open_before)
    verdict = _check_move(session, move, before, after, index, live, log, raised=raised_now)
    accepted = live.stats.accepted_at[accepted_before:]
    if verdict == "right" and accepted and not script.unfilmed(move):
        return verdict, max(accepted[-1] - rest_t, 0.0)
    return verdict, None


def _raised_since(session: GameSession, open_before: set[str]) -> bool:
    """True when an item raised since `open_before` is still open (items cleared meanwhile do not hide it)."""
    return any(item["id"] not in open_before for item in session.open_attention())


def _check_move(session: GameSession, move: Any, before: dict, after: dict, index: int, live: LiveTable, log, *,
                raised: bool) -> str:
    """After a move's last step: did the camera-fed game reach the source game's state (`after`)?

    If not, the bot enters the move as a player would on the tablet (undoing a wrong
    camera move first) and resolves the attention items the camera raised for it.
    """
    have = session.game.state_to_json(session.state)
    if have == after:
        return "right"
    verdict = ("raised" if raised else "missed") if have == before else "wrong"
    if verdict == "wrong":
        try:
            session.undo(source="tablet")
        except CompanionError:
            pass
    try:
        live.submit_manual(session.game.move_to_json(move))
    except CompanionError as error:
        log(f"bot could not enter move {index}: {error.message}")
    if raised:
        for item in session.open_attention():
            try:
                session.resolve(item["id"], "corrected", source="tablet")
            except CompanionError:
                pass
    log(f"move {index} {verdict} by the camera; entered on the tablet")
    return verdict


def _median(values: list[float]) -> float | None:
    ordered = sorted(values)
    return round(ordered[len(ordered) // 2], 2) if ordered else None


def _jpeg(image: np.ndarray, quality: int = 85) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    return decoded if decoded is not None else image
