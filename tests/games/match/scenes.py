"""Rendered photos of a three-round blue/red game laid out at each round's end (shared by game and web tests).

Cards are the real printed faces (companion.printing.render.card_image of a
fresh print), placed by the docs/match.md convention: the hand in a row along
the player's edge, the stacks fanned into two columns beyond it, first match
farthest. Scores below are worked by hand from the rule sheet's reading.
The game is an advanced one (with no action card left on the table): fewer than
10 cards a player fit a photo, and only the advanced game leaves a player fewer
than 10 (each Trade, Steal or Wild played can cost one card, 12 in all: every
round shows at least 30 - 12 = 18 cards, scoring.verify_counts); in the basic
game they would be refused as unseen. Blue cards in hand cost nothing: they make
up the count without changing a score.
"""

from __future__ import annotations

import functools

from companion.cards.decks import load_deck
from companion.cards.payloads import PrintDeck, new_print
from companion.games.match.table.layout import SeatArea
from companion.vision import synth
from companion.table.layouts import layout_for

PLAYERS = ("Ann", "Ben", "Cat")
SEATS = {"Ann": 1, "Ben": 2, "Cat": 4}
"""Seat plates: Cat sits across the table, so her cards are read upside down from seats 1-2."""
HAND_Y = 56.0
ROW_STEP = 40.0
"""Fan step (mm): enough of each covered card shows for its top-left mark (30 mm + inset)."""
CARD_W = 63.0
STACK_X = {"Ann": 50.0, "Ben": 215.0, "Cat": 330.0}
HAND_X = {"Ann": 200.0, "Ben": 40.0, "Cat": 40.0}
"""Where each player lays stacks and hand across their seat (mm from their left), clear of the discard area."""

ROUNDS = (
    {  # Ann 1300 - 300 = 1000; Ben 0 - 300 = -300; Cat 900 - 100 = 800 (out of cards).
        "Ann": ([("blue-500-1", "red-500-1"), ("red-200-1", "blue-200-1"), ("blue-1000-1", "red-1000-1")], ["red-300-1", "blue-700-1"]),
        "Ben": ([("blue-400-1", "red-400-1"), ("blue-400-2", "red-400-2")], ["red-100-1", "red-200-2"]),
        "Cat": ([("blue-900-1", "red-900-1"), ("blue-100-1", "red-100-2")], []),
    },
    {  # Ann 300 - 1300 = -1000; Ben 800 - 200 + 600 = 1200 (out); Cat |100 - 700| = 600 - 400 = 200.
        "Ann": ([("blue-300-1", "red-300-1")], ["red-600-1", "red-700-1", "blue-1000-1"]),
        "Ben": ([("blue-800-1", "red-800-1"), ("blue-200-1", "red-200-1"), ("blue-600-1", "red-600-2")], []),
        "Cat": ([("blue-100-1", "red-100-1"), ("red-700-2", "blue-700-1")], ["blue-500-1", "red-400-1", "blue-900-1"]),
    },
    {  # Ann 1000 - 900 + 300 = 400 (out); Ben 500 - 800 = -300; Cat 600 - 200 = 400 - 100 = 300.
        "Ann": ([("blue-1000-1", "red-1000-1"), ("blue-900-1", "red-900-1"), ("blue-300-1", "red-300-2")], []),
        "Ben": ([("blue-500-1", "red-500-1")], ["red-800-1", "blue-100-1"]),
        "Cat": ([("blue-600-1", "red-600-1"), ("blue-200-1", "red-200-1")], ["red-100-1", "blue-400-1", "blue-700-1", "blue-800-1"]),
    },
)
SCORES = ({"Ann": 1000, "Ben": -300, "Cat": 800}, {"Ann": -1000, "Ben": 1200, "Cat": 200}, {"Ann": 400, "Ben": -300, "Cat": 300})
TOTALS = {"Ann": 400, "Ben": 600, "Cat": 1300}
DISCARD_TOP = ("blue-800-2", "red-900-3", "blue-600-3")
"""A face-up card on the discard piles each round: in the discard zone, never anyone's."""


@functools.cache
def print_deck() -> PrintDeck:
    """Return one fixed print of the match deck (a fixed secret, so payloads repeat between runs)."""
    return new_print(load_deck("match"), "test-print", secret=b"match-test-print")


@functools.cache
def art(code: str) -> synth.CardArt:
    """Return a card's printed face and back as the synthetic camera sees them."""
    from companion.printing.render import card_image

    printed = print_deck()
    face = card_image(printed, code, dpi=150)[..., ::-1].copy()
    back = card_image(printed, code, dpi=150, back=True)[..., ::-1].copy()
    return synth.card_art(code, printed.payload(code), face, back)


def areas() -> dict[str, SeatArea]:
    """Return each player's seat area from the match's table layout."""
    layout = layout_for("match")
    out = {}
    for name, number in SEATS.items():
        zone = layout.zone(f"seat:{number}")
        out[name] = SeatArea(zone.rect, zone.facing)
    return out


def placements(number: int, *, hidden: tuple[str, ...] = ()) -> list[synth.Placement]:
    """Return the cards of round `number` (1-3) laid out; `hidden` cards lie face down (the camera misses them)."""
    out: list[synth.Placement] = []
    seat_areas = areas()
    for name, (matches, hand) in ROUNDS[number - 1].items():
        area = seat_areas[name]
        n = len(matches)
        for row, (left, right) in enumerate(matches):  # first match farthest, later ones on top
            y = HAND_Y + 88.0 + 12.0 + (n - 1 - row) * ROW_STEP
            for k, code in enumerate((left, right)):
                x = STACK_X[name] + k * (CARD_W + 6.0)
                out.append(synth.Placement(code, area.to_table((x, y)), area.facing, face_up=code not in hidden))
        for i, code in enumerate(hand):
            x = HAND_X[name] + i * (CARD_W + 6.0)
            out.append(synth.Placement(code, area.to_table((x, HAND_Y)), area.facing, face_up=code not in hidden))
    layout = layout_for("match")

    def beside_plate(zone: str) -> tuple[float, float]:  # each pile lies at its cell's right, its plate at the left
        x0, y0, x1, y1 = layout.zone(zone).rect
        return (x1 - 35.0, (y0 + y1) / 2.0)

    top = DISCARD_TOP[number - 1]
    out.append(synth.Placement(top, beside_plate(f"discard_{top.split('-')[0]}"), 4.0))
    for colour in ("blue", "red"):  # the draw decks, face down
        out.append(synth.Placement(f"{colour}-1000-3", beside_plate(f"deck_{colour}"), 0.0, face_up=False))
    return out


def render(number: int, *, hidden: tuple[str, ...] = (), seed: int = 0):
    """Return a rendered photo (BGR) of round `number` laid out on the table."""
    cards = placements(number, hidden=hidden)
    arts = {p.code: art(p.code) for p in cards}
    camera = synth.Camera(width=3264, height=2448, tilt=8.0, roll=1.5)  # a tablet camera's 8 MP photo
    nuisance = synth.Nuisance(warm=0.2, light_falloff=0.2, noise=2.0, jpeg=90, seed=seed)
    return synth.render_scene(arts, cards, camera, nuisance, layout=layout_for("match")).image
