"""A realistic stored BUX game for the demo report, the tests and the benchmark.

Plays a seeded random legal game (games.bux.selfplay) into an event store the
way the table would: camera observations of each settled change, moves
proposed by the camera with their evidence and a keyframe (a rendered scene
of the table, or a plain drawn frame without card art), some moves typed on
the tablet, event times spread over a realistic evening. Chance stays here,
outside the engine.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from typing import Callable, Mapping

import cv2
import numpy as np

from companion.audit.keyframes import encode_keyframe
from companion.games.bux import rules
from companion.games.bux.record import move_to_json
from companion.games.bux.moves import Setup
from companion.games.bux.selfplay import Style, random_game
from companion.games.bux.state import BuxState
from companion.store.events import DICE, MOVE, OBSERVATION, SEED, SEED_REVEAL
from companion.store.backends import Store, open_store

START = dt.datetime(2024, 11, 16, 19, 30, tzinfo=dt.timezone.utc)


def card_zones(state: BuxState) -> dict[str, str]:
    """Return where each card on the table lies: seat:N (spreads), discard, timer_area."""
    where = {}
    for seat, spread in enumerate(state.spreads, start=1):
        for card in spread:
            where[card] = f"seat:{seat}"
    for card in state.discard:
        where[card] = "discard"
    for card in state.timers_out:
        where[card] = "timer_area"
    return where


def changes_between(before: BuxState | None, after: BuxState) -> list[dict]:
    """Return the table changes a camera would settle on between two states ({"code","from","to"})."""
    old = card_zones(before) if before is not None else {}
    new = card_zones(after)
    return [{"code": code, "from": old.get(code), "to": new.get(code)}
            for code in sorted(set(old) | set(new)) if old.get(code) != new.get(code)]


@dataclass(frozen=True)
class SampleGame:
    """What build_game() stored."""

    game_id: str
    moves: int
    observations: int
    keyframes: int


def build_game(store: Store, *, seed: int = 7, players: int = 4, game_id: str = "demo",
               render: Callable[[BuxState], np.ndarray] | None = None, tablet_share: float = 0.15,
               frames_per_move: int = 0, max_moves: int | None = None, style: Style | None = None) -> SampleGame:
    """Store a complete random game as the table would, and return what was stored.

    `render(state)` draws the table for a move's keyframe (default: plain_frame);
    `frames_per_move` adds that many per-frame observation events without a
    change between moves (the raw camera log of the benchmark).
    """
    rng = random.Random(seed)
    moves = random_game(seed, players, style) if style else random_game(seed, players)
    if max_moves:
        moves = moves[:max_moves]
    render = render or plain_frame
    clock = START
    setup = moves[0]
    assert isinstance(setup, Setup), "a game's record starts with its setup"
    state = rules.initial_state(setup)
    store.create_game(game_id, "bux", "sample game", events=[(MOVE, move_to_json(moves[0]))], source="tablet",
                      time=_iso(clock))
    t = 0.0
    observations = keyframes = 0
    for move in moves[1:]:
        after = rules.apply(state, move)
        step = rng.uniform(20, 75)
        if frames_per_move:
            batch = []
            for i in range(frames_per_move):
                batch.append((OBSERVATION, {"t": round(t + step * i / frames_per_move, 3), "changes": [],
                                            "seen": _seen(after, rng)}))
            store.append_many(game_id, batch, "camera", time=_iso(clock))
            observations += len(batch)
        t += step
        clock += dt.timedelta(seconds=step)
        line = move_to_json(move)
        if rng.random() < tablet_share:
            store.append(game_id, MOVE, line, "tablet", time=_iso(clock))
        else:
            obs = store.append(game_id, OBSERVATION, {"t": round(t, 3), "changes": changes_between(state, after)}, "camera",
                               time=_iso(clock))
            observations += 1
            frame_id = store.put_keyframe(game_id, encode_keyframe(render(after)))
            keyframes += 1
            line["evidence"] = {"observations": [obs.seq], "frames": [round(t, 3)], "keyframe": frame_id}
            store.append(game_id, MOVE, line, "camera", time=_iso(clock + dt.timedelta(seconds=1)))
        state = after
    return SampleGame(game_id=game_id, moves=len(moves), observations=observations, keyframes=keyframes)


def _iso(when: dt.datetime) -> str:
    return when.isoformat(timespec="milliseconds")


def _seen(state: BuxState, rng: random.Random) -> list:
    """Return a frame's detections: a few (code, zone) pairs of the cards on the table."""
    zones = list(card_zones(state).items())
    return [list(item) for item in rng.sample(zones, min(5, len(zones)))]


def plain_frame(state: BuxState, size: tuple[int, int] = (960, 540)) -> np.ndarray:
    """Return a simple drawn table (green cloth, a labelled rectangle per card) for keyframes without card art."""
    w, h = size
    image = np.full((h, w, 3), (40, 95, 45), np.uint8)
    for card, zone in sorted(card_zones(state).items()):
        x, y = _slot(zone, card, state, w, h)
        cv2.rectangle(image, (x, y), (x + 44, y + 62), (245, 245, 240), -1)
        cv2.putText(image, card.split("-")[0][:2], (x + 4, y + 20), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (30, 30, 30), 1, cv2.LINE_AA)
        cv2.putText(image, card.split("-")[-1], (x + 4, y + 50), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (30, 30, 140), 1, cv2.LINE_AA)
    return image


def _slot(zone: str, card: str, state: BuxState, w: int, h: int) -> tuple[int, int]:
    if zone.startswith("seat:"):
        seat = int(zone.split(":")[1]) - 1
        cards = sorted(state.spreads[seat])
        index = cards.index(card)
        return 20 + (seat % 3) * (w // 3) + (index % 6) * 48, (h - 150 if seat < 3 else 20) + (index // 6) * 66
    if zone == "discard":
        return w // 2, h // 2 - 31
    return w // 2 + 120 + 30 * sorted(state.timers_out).index(card), h // 2 - 31


def scene_renderer(arts: Mapping, camera=None) -> Callable[[BuxState], np.ndarray]:
    """Return render(state): a synthetic camera frame (vision.synth) of the table with real card art."""
    from importlib.resources import files

    from companion.vision import synth
    from companion.vision.geometry import load_layout

    layout = load_layout(files("companion.games.bux.table") / "layout.json")  # BUX's table: its discard and timer area
    camera = camera or synth.Camera(width=1280, height=720, tilt=20, fill=0.95)

    def render(state: BuxState) -> np.ndarray:
        placements = []
        for seat, spread in enumerate(state.spreads, start=1):
            zone = layout.zone(f"seat:{seat}")
            placements += _fan(zone, sorted(spread))
        for i, card in enumerate(sorted(state.discard)[-4:]):
            cx, cy = layout.zone("discard").centre()
            placements.append(synth.Placement(card, (cx + 3 * i, cy + 4 * i), rotation=5.0 * (i % 3 - 1)))
        for i, card in enumerate(sorted(state.timers_out)):
            cx, cy = layout.zone("timer_area").centre()
            placements.append(synth.Placement(card, (cx - 40 + 40 * i, cy)))
        placements = [p for p in placements if p.code in arts]
        return synth.render_scene(arts, placements, camera, synth.Nuisance(warm=0.3, light_falloff=0.3, seed=3),
                                  layout=layout).image

    return render


def _fan(zone, cards: list[str]):
    from companion.vision import synth

    x0, y0, x1, y1 = zone.rect
    horizontal = (x1 - x0) >= (y1 - y0)
    span = (x1 - x0) if horizontal else (y1 - y0)
    step = min(70.0, (span - 63) / max(len(cards) - 1, 1))
    out = []
    for i, card in enumerate(cards):
        offset = 31.5 + i * step
        centre = (x0 + offset, (y0 + y1) / 2) if horizontal else ((x0 + x1) / 2, y0 + offset)
        out.append(synth.Placement(card, centre, rotation=float(zone.facing or 0)))
    return out


def add_table_incidents(store: Store, game_id: str) -> None:
    """Add what a real evening brings to a stored game: a rejected entry, an undo, an override, dice.

    Used for the demo report; each lands after the moves already stored.
    """
    from companion import dice
    from companion.errors import CompanionError
    from companion.store.session import GameSession

    session = GameSession(store, game_id)
    state = session.state
    player = state.players[state.to_move]
    try:
        session.submit({"type": "broke", "player": player}, source="tablet")
    except CompanionError:
        pass
    item = session.raise_attention("a card was seen in the bid area that no draw explains", cards=["bux-1"])
    session.resolve(item, "dismissed")
    seed = bytes(range(32))
    store.append(game_id, SEED, {"commitment": dice.commitment(seed)}, "system")
    store.append(game_id, DICE, {"number": 1, "count": 2, "sides": 6, "values": list(dice.roll(seed, 1, 2, 6)), "physical": False}, "tablet")
    store.append(game_id, SEED_REVEAL, {"seed": seed.hex()}, "system")


def main(argv: list[str] | None = None) -> int:
    """Write a demo database: `python -m companion.audit.sample OUT.db [--arts EXPORT_DIR] [--seed N]`."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m companion.audit.sample")
    parser.add_argument("db")
    parser.add_argument("--arts", help="folder from `companion cards export --game bux --png DIR --backs` (real card art keyframes)")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    render = None
    if args.arts:
        from companion.vision.synth import load_card_arts

        render = scene_renderer(load_card_arts(args.arts))
    with open_store(args.db) as store:
        made = build_game(store, seed=args.seed, players=4, game_id="demo", render=render, max_moves=None)
        add_table_incidents(store, "demo")
    print(made)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
