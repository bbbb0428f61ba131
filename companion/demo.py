"""The self-playing demo: a whole BUX game filmed on a synthetic table and read back live.

A random legal game (companion.games.bux.selfplay) is acted out with printed
card images on the default table layout: cards turned over one by one into
the bid area, carried to spreads, sold onto the discard pile, hands reaching
in, the lamp's colour drifting, sensor noise and JPEG. Every frame goes
through the same live loop a real camera feeds (companion.live.LiveTable),
and a "tablet bot" types what players would type: the price of a bid, broke,
keep, and a tap to confirm (or correct) a proposed sale. At the end the state
the loop reached is compared with the replay of the source record.

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
from typing import Callable

import cv2
import numpy as np

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print, save_print
from companion.errors import CompanionError
from companion.games.bux import rules
from companion.games.bux.moves import Broke, Draw, Move, Sell, Setup, Swap
from companion.games.bux.record import move_to_json, replay, state_to_json, write_record
from companion.games.bux.selfplay import Style, random_game
from companion.games.bux.state import TIMER_CARDS
from companion.live import LiveTable
from companion.printing.render import card_image
from companion.store.session import GameSession
from companion.store.sqlite import EventStore
from companion.tracker.fusion import Hysteresis
from companion.table.layouts import layout_for
from companion.vision.geometry import TableLayout, rotate_mm
from companion.vision.pipeline import Pipeline
from companion.vision.synth import Camera, CardArt, Nuisance, Placement, card_art, render_scene

CARD_W, CARD_H = 63.0, 88.0
COLUMN_STEP = 42.0
"""Fan step along a spread: wide enough that each card's top-left mark stays uncovered."""
ZONE_END_MM = 40.0
MIN_COLUMN_STEP = 36.0
ROW_STEP = 45.0


@dataclass
class DemoTable:
    """Where every card lies on the demo table as the game goes (the props, not the rules)."""

    layout: TableLayout
    seats: dict[str, str]
    spreads: dict[str, list[str]] = field(default_factory=dict)
    bid: list[str] = field(default_factory=list)
    timers: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def placements(self) -> list[Placement]:
        """Return every visible card, bottom first (later ones lie on top)."""
        out: list[Placement] = []
        # Tray cards lie beside their zone's plate (between it and the table's near edge), never on it.
        dcx, dcy = self._beside_plate("discard")
        for i, code in enumerate(self.discard):
            jitter = math.sin(i * 2.3) * 5.0, math.cos(i * 1.7) * 4.0
            out.append(Placement(code, (dcx + jitter[0], dcy + jitter[1]), rotation=math.sin(i * 0.9) * 10.0))
        tcx, tcy = self._beside_plate("timer_area")
        for i, code in enumerate(self.timers):
            out.append(Placement(code, (tcx - 45 + 45 * i, tcy), rotation=0.0))
        bcx, bcy = self._beside_plate("bid_area")
        for i, code in enumerate(self.bid):
            out.append(Placement(code, (bcx - 45 + 45 * i, bcy), rotation=0.0))
        for player, cards in self.spreads.items():
            out.extend(self._spread(self.layout.zone(self.seats[player]), cards))
        return out

    def _beside_plate(self, name: str) -> tuple[float, float]:
        """Return where cards of a tray zone lie: centred across it, below its plate."""
        zone = self.layout.zone(name)
        x0, y0, x1, y1 = zone.rect
        return (x0 + x1) / 2.0, y1 - CARD_H / 2.0 - 6.0

    def _spread(self, zone, cards: list[str]) -> list[Placement]:
        x0, y0, x1, y1 = zone.rect
        # Keep clear of the zone's ends, where seat zones meet at the table's corners.
        along = ((x1 - x0) if zone.facing % 180 == 0 else (y1 - y0)) - 2 * ZONE_END_MM
        across = (y1 - y0) if zone.facing % 180 == 0 else (x1 - x0)
        # As few rows as fit with each card's top-left mark uncovered (columns >= MIN_COLUMN_STEP
        # apart, rows ROW_STEP apart); a long spread spills over the zone's inner edge, as at a table.
        fit = max(int((along - CARD_W) // MIN_COLUMN_STEP) + 1, 1)
        rows = max(math.ceil(len(cards) / fit), 1)
        per_row = max(math.ceil(len(cards) / rows), 1)
        step = COLUMN_STEP if per_row == 1 else min(COLUMN_STEP, (along - CARD_W) / (per_row - 1))
        row_step = ROW_STEP if rows > 1 else 0.0
        inward = (across - CARD_H) / 2 if rows > 1 else 0.0  # start at the player's edge of the zone
        cx, cy = zone.centre()
        width = CARD_W + (min(len(cards), per_row) - 1) * step
        out = []
        for k, code in enumerate(cards):
            row, col = divmod(k, per_row)
            dx = -width / 2 + CARD_W / 2 + col * step
            dy = -inward + row * row_step if rows > 1 else 0.0
            ox, oy = rotate_mm(np.array([[dx, dy]]), zone.facing)[0]
            out.append(Placement(code, (cx + ox, cy + oy), rotation=float(zone.facing)))
        return out


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
class Step:
    """One physical action: how it changes the table, how long to hold it, what the bot types then."""

    note: str
    act: Callable[[DemoTable], None]
    hold: int
    hands: int = 0
    tablet: Callable[[LiveTable], None] | None = None


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


def demo_print(seed: int):
    """Return a print of the BUX deck keyed from the seed (the same seed makes the same cards)."""
    secret = hashlib.sha256(f"companion-demo-{seed}".encode()).digest()
    return new_print(load_deck("bux"), f"demo-{seed}", secret=secret)


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


def steps_of(move: Move, state, hold: int) -> list[Step]:
    """Return the physical steps that act out one move played from `state`."""
    steps: list[Step] = []
    if isinstance(move, Draw):
        for code in move.cards:
            pile = "timers" if code in TIMER_CARDS else "bid"

            def turn_over(t: DemoTable, c: str = code, p: str = pile) -> None:
                getattr(t, p).append(c)
            steps.append(Step(f"{move.player} turns over a card", turn_over, hold, hands=1))
        new = rules.apply(state, move)
        playing = [c for c in move.cards if c not in TIMER_CARDS]
        if new.over:
            steps.append(Step("the third timer card of the third deck: game over", lambda t: None, hold * 2))
        elif new.deck != state.deck:
            def gather(t: DemoTable) -> None:
                t.bid.clear()
                t.timers.clear()
                t.discard.clear()
            steps.append(Step("reshuffle: every unowned card is gathered", gather, hold * 3, hands=2))
        elif move.all_passed:
            steps.append(Step("everyone passes: the cards go to the discard pile",
                              lambda t: _carry(t.bid, t.discard, playing), hold * 2, hands=1))
        elif move.keep:
            steps.append(Step(f"{move.player} keeps the cards",
                              lambda t: _carry(t.bid, t.spreads[move.player], playing), hold, hands=1,
                              tablet=lambda live: live.enter_bid(keep=True)))
        else:
            winner = move.winner
            assert winner is not None, "a draw neither passed nor kept is won"
            steps.append(Step(f"{move.winner} takes the cards; the price is typed",
                              lambda t: _carry(t.bid, t.spreads[winner], playing), hold, hands=1,
                              tablet=lambda live: live.enter_bid(price=move.price)))
    elif isinstance(move, Sell):
        sold = [c for s in move.sets for c in s]
        steps.append(Step(f"{move.player} sells {len(move.sets)} set(s)",
                          lambda t: _carry(t.spreads[move.player], t.discard, sold), hold * 2, hands=1))
    elif isinstance(move, Swap):
        def swap(t: DemoTable) -> None:
            mine, theirs = t.spreads[move.player], t.spreads[move.from_]
            mine[mine.index(move.give)] = move.take
            theirs[theirs.index(move.take)] = move.give
        steps.append(Step(f"{move.player} swaps with {move.from_}", swap, hold, hands=1))
    elif isinstance(move, Broke):
        steps.append(Step(f"{move.player} is broke and takes 100", lambda t: None, max(hold // 2, 1),
                          tablet=lambda live: live.submit_manual(move_to_json(move))))
    return steps


def _carry(source: list[str], target: list[str], cards: list[str]) -> None:
    for code in cards:
        source.remove(code)
    target.extend(cards)


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
    style: Style = Style()
    realtime: bool = False
    """Pace frames at `fps` for a person watching."""
    difficulty: str = "easy"
    max_moves: int | None = None
    """Play only the game's first moves (a shorter video)."""


class TabletBot:
    """Types what the players would: it taps confirm on a proposal, or corrects a sale's grouping."""

    def __init__(self, moves: list[Move]):
        self.moves = moves
        self.index = 1
        self.corrected = 0

    def confirm(self, line: dict) -> dict | None:
        """Return the line the 'player' confirms for a proposal (the truth when only the sets' grouping differs)."""
        truth = move_to_json(self.moves[self.index])
        if line == truth:
            return line
        if line.get("type") == "sell" and truth.get("type") == "sell" and \
                sorted(map(sorted, line["sets"])) != sorted(map(sorted, truth["sets"])) and \
                sorted(c for s in line["sets"] for c in s) == sorted(c for s in truth["sets"] for c in s):
            self.corrected += 1
            return truth
        return line


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

    def arrange(self, table: DemoTable, hands: int) -> np.ndarray:
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


def run_demo(seed: int, out: Path | None = None, options: DemoOptions = DemoOptions(), *,
             on_frame: Callable[[np.ndarray, LiveTable], None] | None = None, log: Callable[[str], None] | None = None,
             db_path: Path | None = None, on_start: Callable[[LiveTable], None] | None = None) -> DemoResult:
    """Play one seeded game on video through the live pipeline and return how it went.

    With `out`, writes out/record.jsonl (the source game), out/video.mp4 (unless
    options.video is False), out/state.json (where the camera-fed game ended) and
    the event store out/companion.db. `on_frame` sees every frame (the web
    preview); `on_start` is called with the live loop once the game is stored
    (to serve the tablet page).
    """
    log = log or (lambda message: None)
    started = time.perf_counter()
    moves = random_game(seed, options.players, options.style)
    if options.max_moves is not None:
        moves = moves[: options.max_moves + 1]
    setup = moves[0]
    assert isinstance(setup, Setup), "a game's record starts with its setup"
    printed = demo_print(seed)
    layout = layout_for("bux")  # BUX's table: its bid area, discard and timer area
    seats = {p: f"seat:{i + 1}" for i, p in enumerate(setup.players)}
    table = DemoTable(layout=layout, seats=seats, spreads={p: list(setup.spreads[p]) for p in setup.players})
    store, session = _start_game(seed, moves, printed, out, db_path)
    bot = TabletBot(moves)
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
        verdict, latency = _film_move(film, table, session, move, state, index, log)
        counts[verdict] = counts.get(verdict, 0) + 1
        if latency is not None:
            latencies.append(latency)
        state = rules.apply(state, move)
    if writer is not None:
        writer.release()
    pipeline.close()
    source_state = state_to_json(replay(write_record(moves).splitlines(True)))
    pipeline_state = state_to_json(session.state)
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


def _start_game(seed: int, moves: list, printed, out: Path | None,
                db_path: Path | None) -> tuple[EventStore, GameSession]:
    """Return the event store and the game session the demo plays into (the setup typed on the tablet).

    With `out`, the source record and the print are written there first, and the store is
    out/companion.db (a new one) unless `db_path` names another."""
    setup = moves[0]
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "record.jsonl").write_text(write_record(moves), encoding="utf-8")
        save_print(printed, out / "deck.json")
    db = db_path or (out / "companion.db" if out is not None else Path(":memory:"))
    if out is not None and db.exists():
        db.unlink()
    store = EventStore(db)
    session = GameSession.start(store, move_to_json(setup), source="tablet", game_id=f"demo-{seed}",
                                title=f"Demo game, seed {seed}")
    return store, session


def _film_move(film: Film, table: DemoTable, session: GameSession, move, state, index: int,
               log: Callable[[str], None]) -> tuple[str, float | None]:
    """Film one move made on the table (and typed on the tablet where the game asks), then the still table
    until the game shows it; return the verdict on it and, when read right, its latency (seconds from the
    cards coming to rest, or the typing, to the move accepted)."""
    live, options = film.live, film.options
    before, after = state_to_json(state), state_to_json(rules.apply(state, move))
    open_before = {item["id"] for item in session.open_attention()}
    accepted_before = len(live.stats.accepted_at)
    rest_t = 0.0
    for step in steps_of(move, state, options.hold):
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
    # Give the camera the moments a person would: keep filming the still table until
    # the game shows the move, or something is raised, or patience runs out.
    for k in range(int(6 * options.fps)):
        if state_to_json(session.state) == after or _raised_since(session, open_before):
            break
        film.still(still, k)
    raised_now = _raised_since(session, open_before)
    verdict = _check_move(session, move, before, after, index, live, log, raised=raised_now)
    accepted = live.stats.accepted_at[accepted_before:]
    if verdict == "right" and accepted and not isinstance(move, Broke):
        return verdict, max(accepted[-1] - rest_t, 0.0)
    return verdict, None


def _raised_since(session: GameSession, open_before: set[str]) -> bool:
    """True when an item raised since `open_before` is still open (items cleared meanwhile do not hide it)."""
    return any(item["id"] not in open_before for item in session.open_attention())


def _check_move(session: GameSession, move: Move, before: dict, after: dict, index: int, live: LiveTable, log, *,
                raised: bool) -> str:
    """After a move's last step: did the camera-fed game reach the source game's state (`after`)?

    If not, the bot enters the move as a player would on the tablet (undoing a wrong
    camera move first) and resolves the attention items the camera raised for it.
    """
    have = state_to_json(session.state)
    if have == after:
        return "right"
    verdict = ("raised" if raised else "missed") if have == before else "wrong"
    if verdict == "wrong":
        try:
            session.undo(source="tablet")
        except CompanionError:
            pass
    try:
        live.submit_manual(move_to_json(move))
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
