"""Reading the table: the round's row and each player's stacks, from card zones and positions.

The last tests render a real table (cards printed by the shared printing path,
rasterised, pasted into a synthetic camera frame) and read it with the real
vision pipeline, so the layout rules are checked on what the camera reports.
"""

from __future__ import annotations

import pytest

from companion.errors import RecordError
from companion.games.grow.table.layout import (
    SeenCard,
    cards_from_scan,
    compare,
    propose_draw,
    read_table,
    seat_zones,
)
from companion.games.grow.moves import Draw
from companion.games.grow.state import Holdings
from companion.table.layouts import layout_for
from tests.games.grow.conftest import make_state, picking

PLAYERS = ("Ann", "Ben", "Cat")


def test_row_is_the_row_zone_left_to_right():
    seen = [SeenCard("blue-02", "row", (470, 350)), SeenCard("green-02", "row", (380, 350)),
            SeenCard("red-02", "row", (425, 460))]
    assert read_table(seen, PLAYERS).row == ("green-02", "red-02", "blue-02")


def test_red_and_blue_stacks_are_split_by_distance():
    """'decide whether to place it in an already existing stack of the same color or create a new stack'"""
    seen = [SeenCard("red-01", "seat:1", (220, 600)), SeenCard("red-02", "seat:1", (260, 620)),
            SeenCard("red-05", "seat:1", (440, 617)), SeenCard("blue-01", "seat:1", (150, 600)),
            SeenCard("green-05", "seat:1", (100, 600)), SeenCard("green-06", "seat:1", (480, 600))]
    held = read_table(seen, PLAYERS).holdings["Ann"]
    assert held.red == (("red-01", "red-02"), ("red-05",))
    assert held.blue == (("blue-01",),)
    assert held.green == ("green-05", "green-06"), "green is one stack wherever its cards lie"


def test_a_chain_of_fanned_cards_is_one_stack():
    seen = [SeenCard(f"blue-0{i}", "seat:2", (600 + 60 * i, 600)) for i in range(1, 5)]
    assert read_table(seen, PLAYERS).holdings["Ben"].blue == (("blue-01", "blue-02", "blue-03", "blue-04"),)


def test_discard_strays_and_non_game_cards():
    seen = [SeenCard("gold-01", "discard", (600, 400)), SeenCard("gold-02", "seat:5", (50, 300)),
            SeenCard("gold-03", "off_table", None), SeenCard("rules-1", "seat:1", (100, 600))]
    reading = read_table(seen, PLAYERS)
    assert reading.discard == ("gold-01",)
    assert reading.elsewhere == ("gold-02", "gold-03"), "seat 5 is empty with three players"
    assert reading.ignored == ("rules-1",)


def test_seats_follow_seating_order_or_a_given_map():
    assert seat_zones(PLAYERS) == {"seat:1": "Ann", "seat:2": "Ben", "seat:3": "Cat"}
    reading = read_table([SeenCard("green-02", "seat:4", (500, 100))], PLAYERS, seats={"seat:4": "Cat"})
    assert reading.holdings["Cat"].green == ("green-02",)


def test_propose_draw_between_rounds_only_with_one_card_per_player():
    state = make_state(PLAYERS)
    row = [SeenCard(c, "row", (380 + 40 * i, 350)) for i, c in enumerate(("green-02", "red-02", "blue-02"))]
    assert propose_draw(state, read_table(row, PLAYERS)) == Draw(cards=("green-02", "red-02", "blue-02"))
    assert propose_draw(state, read_table(row[:2], PLAYERS)) is None, "two cards for three players"
    assert propose_draw(picking(PLAYERS), read_table(row, PLAYERS)) is None, "not between rounds"
    held = make_state(PLAYERS, holdings={"Ann": Holdings(green=("green-02",))})
    assert propose_draw(held, read_table(row, PLAYERS)) is None, "green-02 is not in the deck"


def test_compare_names_missing_extra_and_restacked_cards():
    state = picking(PLAYERS, holdings={"Ann": Holdings(red=(("red-03", "red-04"),)), "Ben": Holdings(gold=("gold-01",))})
    same = [SeenCard(c, "row", (400, 350)) for c in state.row] + [
        SeenCard("red-03", "seat:1", (200, 600)), SeenCard("red-04", "seat:1", (240, 610)),
        SeenCard("gold-01", "seat:2", (700, 600))]
    assert compare(state, read_table(same, PLAYERS)) == []
    split = [s if s.code != "red-04" else SeenCard("red-04", "seat:1", (480, 610)) for s in same]
    (diff,) = compare(state, read_table(split, PLAYERS))
    assert "different stacks" in diff.message and diff.players == ("Ann",)
    moved = [s for s in same if s.code != "gold-01"] + [SeenCard("gold-01", "seat:3", (950, 300))]
    messages = {d.message: d.cards for d in compare(state, read_table(moved, PLAYERS))}
    assert messages == {"Ben holds cards the camera does not see at their seat": ("gold-01",),
                        "cards at Cat's seat that Cat does not hold": ("gold-01",)}
    no_row = [s for s in same if s.zone != "row"]
    assert compare(state, read_table(no_row, PLAYERS))[0].cards == tuple(sorted(state.row))


@pytest.mark.parametrize("bad", [None, [{"zone": "seat:1"}], [{"code": "red-01", "zone": 3}],
                                 [{"code": "red-01", "table_mm": [1]}], [{"code": "red-01", "table_mm": [1, float("nan")]}]])
def test_malformed_scan_is_a_record_error(bad):
    with pytest.raises(RecordError):
        cards_from_scan(bad)


@pytest.fixture(scope="module")
def rendered():
    """A rendered table: three face-up cards in the row, Ann's and Ben's stacks, one discarded card."""
    from companion.cards.decks import load_deck
    from companion.cards.payloads import new_print
    from companion.printing.render import card_image
    from companion.vision import synth

    deck = load_deck("grow")
    printed = new_print(deck, "layout-test", secret=b"grow-layout-test")
    placements = [
        synth.Placement("green-02", (380, 400)), synth.Placement("blue-07", (470, 400)), synth.Placement("red-09", (425, 505)),
        synth.Placement("green-05", (130, 617)), synth.Placement("red-01", (230, 617)), synth.Placement("red-02", (270, 627)),
        synth.Placement("red-05", (440, 617)), synth.Placement("blue-01", (650, 617)), synth.Placement("blue-02", (690, 627)),
        synth.Placement("gold-01", (900, 617)), synth.Placement("gold-09", (785, 420)),
    ]
    arts = {}
    for p in placements:
        face = card_image(printed, p.code, dpi=150, deck=deck)[..., ::-1].copy()  # RGB -> BGR like cv2.imread
        back = card_image(printed, p.code, dpi=150, deck=deck, back=True)[..., ::-1].copy()
        arts[p.code] = synth.card_art(p.code, printed.payload(p.code), face, back)
    scene = synth.render_scene(arts, placements, synth.Camera(width=2560, height=1440), synth.Nuisance(noise=2, jpeg=90),
                               layout=layout_for("grow"))
    return printed, scene


def test_rendered_table_read_through_the_pipeline(rendered):
    from companion.vision.pipeline import Pipeline

    printed, scene = rendered
    with Pipeline(printed, layout=layout_for("grow"), track=False) as pipeline:
        result = pipeline.process(scene.image)
    scan = [card.to_json() for card in result.cards]  # the `companion scan --json` form
    reading = read_table(cards_from_scan(scan), ("Ann", "Ben"))
    assert reading.row == ("green-02", "red-09", "blue-07")
    assert reading.holdings["Ann"] == Holdings(green=("green-05",), red=(("red-01", "red-02"), ("red-05",)))
    assert reading.holdings["Ben"] == Holdings(gold=("gold-01",), blue=(("blue-01", "blue-02"),))
    assert reading.discard == ("gold-09",)
    state = make_state(("Ann", "Ben"), holdings={"Ann": reading.holdings["Ann"], "Ben": reading.holdings["Ben"]},
                       discard=("gold-09",))
    assert compare(state, reading) == [], "between rounds the stacks agree and the row is not compared"
    assert propose_draw(state, reading) is None, "three cards in the row for two players"
