"""The live loop: camera frames -> vision -> fusion -> BUX interpreter -> the game's event store.

A composition root (like the CLI): it wires the layers together and owns the
side effects the pure layers avoid. Per frame it decodes, fuses, lets the
interpreter propose, and then submits each proposal to the game session, where
the rules engine judges it. Camera-seen changes are stored as `observation`
events; every accepted camera move carries its evidence (observation seqs,
frame times, a key frame id). A proposal the rules reject, and anything the
camera cannot explain, becomes a needs-attention item: never applied silently,
never dropped.
"""

from __future__ import annotations

import json
import threading
import time as _time
from dataclasses import dataclass, field
from typing import Any, Callable

import cv2
import numpy as np

from companion.errors import CompanionError
from companion.store.session import GameSession
from companion.table.readers import TypedBids, reader_for
from companion.table.outputs import Attention, Cleared, Proposal, default_seats
from companion.tracker.fusion import Appeared, Fusion, Hysteresis, Moved, TableSnapshot, Vanished
from companion.vision.pipeline import FrameResult, Pipeline
from companion.vision.sources import NO_PICTURE_S

KEYFRAME_WIDTH = 640
KEYFRAME_QUALITY = 70


@dataclass
class LoopStats:
    """Counts for the status line and the benchmark."""

    frames: int = 0
    submitted: int = 0
    proposed: int = 0
    rejected: int = 0
    attention: int = 0
    ms_vision: list[float] = field(default_factory=list)
    ms_loop: list[float] = field(default_factory=list)
    """Whole-loop time per frame: vision, fusion, interpretation and storing."""
    accepted_at: list[float] = field(default_factory=list)
    """Frame time at which each camera move was accepted by the rules."""


class LiveTable:
    """One game watched by one camera, read by its game's table reader. Thread-safe: the web page may enter bids meanwhile.

    Raises (on creation):
        CompanionError: for a game the camera cannot follow (its folder has no table reader).
    """

    def __init__(self, session: GameSession, pipeline: Pipeline, *, seats: dict[str, str] | None = None,
                 hysteresis: Hysteresis = Hysteresis(), auto_confirm: Callable[[dict], dict | None] | None = None,
                 keyframes: bool = True, tick_every: int = 5, log: Callable[[str], None] | None = None):
        self.session = session
        self.pipeline = pipeline
        self.fusion = Fusion(hysteresis)
        state = session.state
        self.reader = reader_for(session.game.name)
        self.interpreter = self.reader.interpreter(seats or default_seats(state.players))
        self.auto_confirm = auto_confirm
        """Demo only: given a proposal needing a tap, return the line the 'player' confirms (or None)."""
        self.keyframes = keyframes
        self.tick_every = tick_every
        self.log = log or (lambda message: None)
        self.stats = LoopStats()
        self.lock = threading.RLock()
        self._attention_ids: dict[str, str] = {}
        self._observations: list[int] = []
        self._frame: np.ndarray | None = None
        self.last_result: FrameResult | None = None
        self.now = 0.0
        self.frame_at: float | None = None
        """Monotonic clock time the last frame arrived (None before the first): how the camera page tells a camera
        that sends nothing, or stopped sending, from one that is fine."""
        self.frames_ended = False
        """The source has no more frames by design (a video's end, the demo's game over): not a camera fault."""

    # --- frames ---------------------------------------------------------------

    def feed(self, frame: np.ndarray, t: float) -> FrameResult:
        """Process one frame taken at time `t` (seconds); return what vision saw in it."""
        with self.lock:
            started = _time.perf_counter()
            self.now = t
            self.frame_at = _time.monotonic()
            result = self.pipeline.process(frame)
            self.last_result = result
            self._frame = frame
            self.stats.frames += 1
            self.stats.ms_vision.append(result.ms)
            items = self.fusion.feed(result, t)
            changes = [i for i in items if isinstance(i, (Appeared, Moved, Vanished))]
            if changes:
                self._record_observation(changes, t)
            state = self.session.state
            outputs = self.interpreter.observe(items, state)
            if self.stats.frames % self.tick_every == 0:
                if self.reader.positions:
                    outputs += self.interpreter.observe([self.fusion.snapshot()], self.session.state)
                outputs += self.interpreter.tick(self.session.state, t, settled=self.fusion.is_settled(),
                                                 unread=self.fusion.unread())
            self._handle(outputs)
            self.stats.ms_loop.append((_time.perf_counter() - started) * 1000.0)
            return result

    def end_of_frames(self) -> None:
        """Note that the source has ended on purpose (a video file's end, the demo's game over), so no screen
        reports the camera as stopped."""
        self.frames_ended = True

    def feed_snapshot(self, snapshot: TableSnapshot) -> None:
        """Take a settled table read from a single photo (the tablet's camera-less mode)."""
        with self.lock:
            self._handle(self.interpreter.observe([snapshot], self.session.state))

    # --- tablet ---------------------------------------------------------------

    def enter_bid(self, *, winner: str | None = None, price: int | None = None, all_passed: bool = False,
                  keep: bool = False) -> None:
        """The tablet's settlement of the draw in progress (the winner may come from the camera).

        Raises:
            CompanionError: for a game whose bids the camera never waits for (no TypedBids).
        """
        with self.lock:
            if not isinstance(self.interpreter, TypedBids):
                raise CompanionError("this game takes no bid on the camera's tablet screen: enter its moves instead")
            self._handle(self.interpreter.enter_bid(self.session.state, winner=winner, price=price,
                                                    all_passed=all_passed, keep=keep))

    def pending_bid(self) -> dict | None:
        """Return the draw waiting for its bid to be typed, for the tablet, or None.

        {"drawer", "cards": count of playing cards turned, "winner_guess": the player whose
        spread the cards went to (None while they lie in the bid area), "can_keep"}. Card
        codes are not given: they carry the back values, and the tablet is a shared screen.
        """
        with self.lock:
            if not isinstance(self.interpreter, TypedBids):
                return None
            return self.interpreter.pending_bid(self.session.state)

    def submit_manual(self, line: dict) -> None:
        """A move typed on the tablet (broke, keep, or anything the camera missed).

        Raises:
            RecordError, RuleViolation: if the move is malformed or illegal.
        """
        with self.lock:
            if isinstance(self.interpreter, TypedBids):
                self.interpreter.forget_bid()
            self.session.submit(line, source="tablet")

    def status(self) -> str:
        """Return what the table is waiting for."""
        with self.lock:
            return self.interpreter.status(self.session.state)

    # --- internals --------------------------------------------------------------

    def _record_observation(self, changes, t: float) -> None:
        payload: dict[str, Any] = {"t": round(t, 3), "changes": [
            {"code": c.code, "from": getattr(c, "from_zone", None) if isinstance(c, Moved) else (c.zone if isinstance(c, Vanished) else None),
             "to": None if isinstance(c, Vanished) else c.zone} for c in changes]}
        event = self.session.observe(payload["changes"], payload["t"], source="camera")
        self._observations = (self._observations + [event.seq])[-50:]

    def _handle(self, outputs) -> None:
        for output in outputs:
            if isinstance(output, Proposal):
                self._propose(output)
            elif isinstance(output, Attention):
                item = self.session.raise_attention(output.message, cards=output.cards, players=output.players,
                                                    evidence=_with_words(output.evidence, output.say), source="camera")
                self._attention_ids[output.key] = item
                self.stats.attention += 1
                self.log(f"needs attention: {output.message}")
            elif isinstance(output, Cleared):
                cleared = self._attention_ids.pop(output.key) if output.key in self._attention_ids else None
                if cleared is not None:
                    try:
                        self.session.resolve(cleared, "cleared", source="camera")
                    except CompanionError:
                        pass  # already resolved on the tablet

    def _evidence(self, proposal: Proposal) -> dict:
        evidence: dict[str, Any] = {**proposal.evidence, "observations": list(self._observations[-10:])}
        if self.keyframes and self._frame is not None and hasattr(self.session.store, "put_keyframe"):
            evidence["keyframe"] = self.session.store.put_keyframe(self.session.game_id, _keyframe_jpeg(self._frame))
        return evidence

    def _propose(self, proposal: Proposal) -> None:
        self.stats.proposed += 1
        evidence = self._evidence(proposal)
        if proposal.confirm:
            chosen = self.auto_confirm(proposal.line) if self.auto_confirm else None
            if chosen is None:
                self.session.raise_attention(f"confirm: {proposal.message}", cards=_cards(proposal.line),
                                                    players=[proposal.line.get("player")], proposed=proposal.line,
                                                    evidence=_with_words(evidence, proposal.say and {"id": "camera.confirm", "inner": proposal.say}),
                                                    source="camera")
                self.log(f"waiting for a tap: {proposal.message}")
                return
            line = chosen
        else:
            line = proposal.line
        try:
            self.session.submit(line, source="camera", evidence=evidence)
            self.stats.submitted += 1
            self.stats.accepted_at.append(self.now)
            self.log(f"accepted: {proposal.message}")
        except CompanionError as error:
            self.stats.rejected += 1
            # The refused line goes into the evidence, not `proposed`: there is nothing to confirm,
            # but the tablet's Correct can open the form filled with what the camera saw.
            refusal = {"rule": error.rule, "params": _json_safe(error.params), "message": error.message}
            self.session.raise_attention(f"the camera saw {proposal.message}, but the rules say: {error.message}",
                                         cards=_cards(line), players=[line.get("player")],
                                         evidence=_with_words({**evidence, "refused": line}, proposal.say and {
                                             "id": "camera.refused", "inner": proposal.say, "refusal": refusal}),
                                         source="camera")
            self.log(f"rejected by the rules: {proposal.message}: {error.message}")


def _with_words(evidence, said) -> dict:
    """Return the evidence with the item's message as words to say in each reader's language (`say`), if it has them.

    The stored `message` is English, for the log and the audit; a screen words
    `say` ({"id", "params"}, or a wrapper {"id", "inner", "refusal"}) itself.
    """
    return {**evidence, "say": dict(said)} if said else dict(evidence)


def _json_safe(params: dict) -> dict:
    """Return a refusal's parameters as plain JSON values (sets become sorted lists), for the event store."""
    return json.loads(json.dumps(params, default=lambda o: sorted(o) if isinstance(o, (set, frozenset)) else str(o)))


def _cards(line: dict) -> list[str | None]:
    if line.get("type") == "draw":
        return list(line.get("cards", []))
    if line.get("type") == "sell":
        return [c for s in line.get("sets", []) for c in s]
    if line.get("type") == "swap":
        return [line.get("give"), line.get("take")]
    return []


def _keyframe_jpeg(frame: np.ndarray) -> bytes:
    height, width = frame.shape[:2]
    scale = KEYFRAME_WIDTH / width
    small = cv2.resize(frame, (KEYFRAME_WIDTH, max(int(height * scale), 1)), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, KEYFRAME_QUALITY])
    return data.tobytes() if ok else b""


class LiveCamera:
    """What the tablet page's camera screen needs from a running LiveTable.

    `latest_jpeg()` is the last frame with the cards read and the zones drawn
    over it (re-encoded at most a few times a second); `photo(bytes)` reads a
    still photo from the tablet's own camera as one settled table view.
    """

    def __init__(self, live: LiveTable, *, sources: tuple[str, ...] = ("camera",), min_interval_s: float = 0.2,
                 no_picture_s: float = NO_PICTURE_S):
        self.live = live
        self.started_at = _time.monotonic()
        self.no_picture_s = no_picture_s
        """No frame for this long (since the start, or since the last one) is reported on the camera page."""
        self._sources = sources
        self.min_interval_s = min_interval_s
        self._jpeg: bytes | None = None
        self._made = 0.0
        self._check_jpeg: bytes | None = None
        self._checked: tuple | None = None  # (frame, report) of the last check, to word its picture for other readers
        self._worded_jpeg: dict[tuple, bytes] = {}
        self._check_lock = threading.Lock()
        self.placing = PlacingCheck(self)
        """The setup check run by itself while the camera is being placed (the camera page asks for it)."""

    def sources(self) -> tuple[str, ...]:
        """Return the camera names the page can offer."""
        return self._sources

    def picture_state(self) -> str:
        """Return how the camera's pictures come: "ok"; "waiting" for the first, "none" when none came in
        `no_picture_s` (not plugged in, wrong address); "stalled" when they stopped that long ago (the source
        is being retried); "ended" when the source ended on purpose."""
        if self.live.frames_ended:
            return "ended"
        now, last = _time.monotonic(), self.live.frame_at
        if last is None:
            return "waiting" if now - self.started_at < self.no_picture_s else "none"
        return "stalled" if now - last >= self.no_picture_s else "ok"

    def latest_jpeg(self) -> bytes | None:
        """Return the newest annotated frame as JPEG, or None before the first frame."""
        now = _time.monotonic()
        if self._jpeg is not None and now - self._made < self.min_interval_s:
            return self._jpeg
        with self.live.lock:
            frame, result = self.live._frame, self.live.last_result
        if frame is None:
            return self._jpeg
        image = annotate(frame, result)
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 75])
        if ok:
            self._jpeg, self._made = data.tobytes(), now
        return self._jpeg

    def check(self) -> dict | None:
        """Run the setup check on the newest frame; return its report (JSON: advice, zones, glare), or None before
        the first frame. The annotated picture is kept for `check_jpeg()`. One check at a time."""
        from companion.commands.mark_size import printable_for
        from companion.vision.check import check_setup, draw_overlay

        with self.live.lock:
            frame = self.live._frame
        if frame is None:
            return None
        pipeline = self.live.pipeline
        with self._check_lock:
            report = check_setup(frame, pipeline.deck, layout=pipeline.layout, lens=pipeline.lens,
                                 module_sizes=printable_for(pipeline.deck))
            ok, data = cv2.imencode(".jpg", draw_overlay(frame, report), [cv2.IMWRITE_JPEG_QUALITY, 80])
            self._check_jpeg = data.tobytes() if ok else None
            self._checked, self._worded_jpeg = (frame, report), {}
        return report.to_json()

    def check_jpeg(self, names: dict[str, str] | None = None, decimal: str = ".") -> bytes | None:
        """Return the last setup check's annotated picture (JPEG), or None before the first check.

        `names` words the zones for a reader of another language ({"seat:3": "место 3"}), `decimal` is its
        decimal mark; each wording is drawn once per check.
        """
        if not names:
            return self._check_jpeg
        from companion.vision.check import draw_overlay

        key = (tuple(sorted(names.items())), decimal)
        with self._check_lock:
            if self._checked is None:
                return None
            if key not in self._worded_jpeg:
                frame, report = self._checked
                ok, data = cv2.imencode(".jpg", draw_overlay(frame, report, names=names, decimal=decimal), [cv2.IMWRITE_JPEG_QUALITY, 80])
                self._worded_jpeg = {key: data.tobytes()} if ok else {}
            return self._worded_jpeg.get(key)

    def photo(self, data: bytes) -> dict:
        """Read a still photo as a settled table view and feed it to the tracker; return what was seen.

        Returns {"cards": [...], "unknown": n, "other_print": n, "status": text}, the card
        list being `companion scan --json`'s (what the grow page's photo check compares).

        Raises:
            CompanionError: if the bytes are not an image.
        """
        from companion.vision.sources import decode_image_bytes

        image = decode_image_bytes(data)
        reader = Pipeline(self.live.pipeline.deck, layout=self.live.pipeline.layout, use_zbar=False, track=False, photo=True)
        try:
            result = reader.process(image)
        finally:
            reader.close()
        cards = {c.code: c.zone for c in result.cards}
        positions = {c.code: c.table_mm for c in result.cards if c.table_mm is not None}
        self.live.feed_snapshot(TableSnapshot(time=self.live.fusion.time, cards=cards, settled=True, positions=positions))
        return {"cards": [c.to_json() for c in result.cards], "unknown": len(result.unknown),
                "other_print": len(result.other_print), "status": self.live.status()}


PLACING_EVERY_S = 2.0
"""While the camera is being placed, the setup check runs at most this often (270 ms CPU per 1080p frame: about
14 % of one core while placing, none after)."""
PLACING_GOOD_S = 4.0
"""Placing ends once the setup has looked good this long: three checks of different frames in a row, 2 s apart."""
PLACING_MAX_S = 600.0
"""Placing ends after this long in any case: a device left in a bad place all game would cost the reader the
check's CPU every 2 s. The page's button starts it again."""


class PlacingCheck:
    """The setup check, run by itself on the newest frame while the table's camera is being placed (issue 31).

    The camera page asks `poll()` about once a second while its device is the camera; a poll starts a check in
    a thread of its own when one is due: placing, none running, the last started `every_s` ago or more, and a
    frame arrived since the last one checked. So a frame's request never waits for a check, at most one runs
    (LiveCamera.check's lock also keeps the tablet's manual check from running beside it), and nothing runs
    when nobody looks. Placing ends when the setup has looked good for `good_s` (the phone can be left), when
    the page says it is done, or after `max_s`.
    """

    def __init__(self, camera: "LiveCamera", *, every_s: float = PLACING_EVERY_S, good_s: float = PLACING_GOOD_S,
                 max_s: float = PLACING_MAX_S, clock: Callable[[], float] = _time.monotonic):
        self.camera = camera
        self.every_s, self.good_s, self.max_s = every_s, good_s, max_s
        self._clock = clock
        self._lock = threading.Lock()
        self.placing = True
        self.ended: str | None = None
        """Why placing ended: "good" (the setup looked good for good_s), "done" (the page's button), "timeout"."""
        self.began = clock()
        self.report: dict | None = None
        self.checks = 0
        """Checks finished since the start (the page shows a report once)."""
        self._running = False
        self._last_start: float | None = None
        self._frame_checked = 0
        self._good_since: float | None = None
        self.thread: threading.Thread | None = None

    def begin(self) -> None:
        """Start placing again (the device became the camera, or the page asked): checks resume."""
        with self._lock:
            self.placing, self.ended, self.began = True, None, self._clock()
            self._last_start, self._good_since = None, None

    def finish(self) -> None:
        """End placing now (the page's "Done placing"): no more checks until begin()."""
        with self._lock:
            if self.placing:
                self.placing, self.ended = False, "done"

    def poll(self) -> dict:
        """Start a check if one is due; return {"placing", "ended", "checking", "checks", "report"} (the last
        report as LiveCamera.check gives it, or None)."""
        with self._lock:
            now = self._clock()
            if self.placing and now - self.began >= self.max_s:
                self.placing, self.ended = False, "timeout"
            frame = self.camera.live.stats.frames
            due = self.placing and not self._running and frame > self._frame_checked and (
                self._last_start is None or now - self._last_start >= self.every_s)
            if due:
                self._running, self._last_start, self._frame_checked = True, now, frame
                self.thread = threading.Thread(target=self._run, args=(now,), name="placing-check", daemon=True)
                self.thread.start()
            return {"placing": self.placing, "ended": self.ended, "checking": self._running, "checks": self.checks,
                    "report": self.report}

    def _run(self, started: float) -> None:
        report = None
        try:
            report = self.camera.check()
        except CompanionError as error:
            self.camera.live.log(f"setup check: {error.message}")
        finally:
            with self._lock:
                self._running = False
                if report is not None:
                    self._judge(report, started)

    def _judge(self, report: dict, started: float) -> None:
        """Keep the report; end placing once the setup has looked good for good_s (the lock is held)."""
        self.report, self.checks = report, self.checks + 1
        if started < self.began:
            return  # a check from before placing began again says nothing about the new place
        if not report.get("ok"):
            self._good_since = None
            return
        self._good_since = started if self._good_since is None else self._good_since
        if self.placing and started - self._good_since >= self.good_s:
            self.placing, self.ended = False, "good"


def annotate(frame: np.ndarray, result: FrameResult | None) -> np.ndarray:
    """Return a downscaled copy of the frame with the zones and each read card's mark outlined.

    Card codes are never drawn (they carry the back values).
    """
    scale = min(1.0, 960 / frame.shape[1])
    image = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else frame.copy()
    if result is None:
        return image
    geometry = result.geometry
    if geometry is not None:
        for zone in geometry.layout.zones:
            x0, y0, x1, y1 = geometry.zone_rect(zone)
            corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
            pts = (geometry.to_image(corners) * scale).astype(np.int32)
            cv2.polylines(image, [pts], True, (230, 180, 40), 1)
            cv2.putText(image, zone.name, tuple(int(v) for v in pts[0] + [3, 12]), cv2.FONT_HERSHEY_SIMPLEX, 0.4,
                        (230, 180, 40), 1)
    for card in result.cards:
        pts = (np.array(card.corners, dtype=np.float64) * scale).astype(np.int32)
        cv2.polylines(image, [pts], True, (60, 220, 60), 2)
    return image
