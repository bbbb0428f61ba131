"""The match deck file: playable counts, matching values, printable faces, readings written down."""

from __future__ import annotations

from collections import Counter

from companion.cards.decks import load_deck

DECK = load_deck("match")


def test_every_blue_number_has_red_partners_in_equal_count():
    """'Matches can only be created with corresponding values. - (Ex. <1000> must be matched to 1000'"""
    numbers = [c for c in DECK.cards if c.kind == "number"]
    blue = Counter(c["value"] for c in numbers if c["colour"] == "blue")
    red = Counter(c["value"] for c in numbers if c["colour"] == "red")
    assert blue == red and 1000 in blue


def test_deck_deals_five_of_each_colour_to_the_most_players_and_leaves_a_deck():
    most = DECK.data["players"]["max"]
    for colour in ("blue", "red"):
        basic = [c for c in DECK.cards if c.kind == "number" and c["colour"] == colour]
        assert len(basic) - 5 * most >= 5


def test_advanced_cards_of_both_colours():
    kinds = Counter((c.kind, c["colour"]) for c in DECK.cards if c.kind != "number")
    assert {k for k, _ in kinds} == {"trade", "steal", "wild"}
    assert all(kinds[(k, col)] >= 1 for k in ("trade", "steal", "wild") for col in ("blue", "red"))


def test_faces_are_printable():
    """Red values print as <1000>, blue as 1000; action cards carry a title."""
    for card in DECK.cards:
        face = card["face"]
        assert face["colour"] == card["colour"] and face["colour"] in DECK.data["colours"]
        if card.kind == "number":
            expected = f"<{card['value']}>" if card["colour"] == "red" else str(card["value"])
            assert face["text"] == expected
        else:
            assert face["title"] == card.kind.title() and face["lines"] and card["title"] == f"{card['colour'].title()} {face['title']}"


def test_readings_cover_the_damaged_and_silent_parts():
    topics = " ".join(r["topic"] for r in DECK.readings)
    for needed in ("Damaged turn steps", "Scoring", "Damaged advanced set-up", "Deck contents", "record"):
        assert needed in topics
    scoring = next(r for r in DECK.readings if r["topic"].startswith("Scoring"))
    assert "Worked example 1" in scoring["reading"] and "Worked example 2" in scoring["reading"]
