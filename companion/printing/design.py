"""Look up a deck's card design: colours, per-kind settings, text templates, icon styles.

Why: card designs are data. The deck file's "design" section names, per card
kind, a face style and a back style, colours, texts and icons. Texts and colour
names are format strings over the card's attributes ("{colour}",
"{title[ru]}"), so one kind can print each card in its own colour. Adding a
game needs a deck file, not a renderer change. Everything here reads that data
and draws nothing, so the face, back and mark modules share one reading of it.
"""

from __future__ import annotations

import string
from typing import Any, Mapping

from reportlab.lib.colors import Color, HexColor

from companion.cards.decks import CardSpec, Deck
from companion.errors import CompanionError
from companion.printing import fonts, icons

DEFAULT_COLOURS = {"ink": "#1a1a1a", "back": "#14325c", "accent": "#5b2a86"}


def design(deck: Deck) -> Mapping[str, Any]:
    """Return the deck's design section (empty when the deck file has none)."""
    return deck.data.get("design", {}) or {}


def kind_design(deck: Deck, kind: str) -> Mapping[str, Any]:
    """Return the design of one card kind (empty: fallback face, plain back)."""
    return design(deck).get("kinds", {}).get(kind, {}) or {}


def colour(deck: Deck, name: str, attrs: Mapping[str, Any] | None = None) -> Color:
    """Return a named colour of the deck's design (or a hex string as given).

    With attrs, the name is first filled as a format string ("{colour}" -> "blue"),
    so a kind's colour can follow each card. An unknown name gives the ink colour.
    """
    if attrs is not None and isinstance(name, str) and "{" in name:
        name = fill_text(name, attrs)
    if isinstance(name, str) and name.startswith("#"):
        return HexColor(name)
    table = {**DEFAULT_COLOURS, **design(deck).get("colours", {})}
    return HexColor(table.get(name, table["ink"]))


def card_design(deck: Deck, card: CardSpec) -> Mapping[str, Any]:
    """Return the design of one card: its kind's, merged with the first matching variant.

    A kind's "variants" is a list of {"if": attribute, ...overrides}; a variant
    matches a card whose attribute is present and not null/false (Grow's gold
    cards: "times" draws a multiplier differently from "plus").
    """
    kd = kind_design(deck, card.kind)
    for variant in kd.get("variants", ()) or ():
        if card.attrs.get(variant.get("if", "")) not in (None, False, "", 0):
            return {**kd, **{k: v for k, v in variant.items() if k != "if"}}
    return kd


def deck_fonts(deck: Deck) -> tuple[str, str]:
    """Return the (regular, bold) fonts of a deck's design ("font": dejavu, the default and only family: embedded)."""
    return fonts.family(design(deck).get("font"))


def card_attrs(deck: Deck, card: CardSpec) -> dict[str, Any]:
    """Return the card's attributes plus its design-only extras (code, kind, derived, card_attrs).

    design.derived names a word picked by another attribute's value, so a
    design text can say what a colour means without colour (match: "+" for
    blue, "\u2212" for red; issue 34).
    """
    extra = design(deck).get("card_attrs", {}).get(card.code, {})
    attrs = {"code": card.code, "kind": card.kind, **card.attrs}
    for name, rule in (design(deck).get("derived") or {}).items():
        attrs[name] = (rule.get("values") or {}).get(str(attrs.get(rule.get("of", ""), "")), "")
    return {**attrs, **extra}


class _DesignFormatter(string.Formatter):
    """str.format with two additions for design texts: "!u" upper-cases, and a list prints as its items joined by spaces."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "u":
            return self.format_field(value, "").upper()
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, (list, tuple)):
            return " ".join(str(v) for v in value)
        return super().format_field(value, format_spec)


_FORMATTER = _DesignFormatter()


def fill_text(template: str, attrs: Mapping[str, Any]) -> str:
    """Return a design text template filled from card attributes ("" for a missing one).

    >>> fill_text("{title[en]!u} {lines}", {"title": {"en": "Wild"}, "lines": ["a", "b"]})
    'WILD a b'
    """
    try:
        return _FORMATTER.vformat(str(template), (), attrs)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return ""


def tint(c: Color, amount: float) -> Color:
    """Return the colour mixed with white: amount 0 = white, 1 = the colour."""
    return Color(1 - (1 - c.red) * amount, 1 - (1 - c.green) * amount, 1 - (1 - c.blue) * amount)


def icon_style(deck: Deck, card: CardSpec, name: str) -> icons.IconStyle:
    """Return how a named icon looks, from the design's "icons" table.

    Raises:
        CompanionError: if a card names an icon the design does not define.
    """
    spec = design(deck).get("icons", {}).get(name)
    if not spec:
        raise CompanionError(f"deck {deck.game!r}: card {card.code!r} shows icon {name!r}, which design.icons does not define")
    glyph = spec.get("glyph")
    return icons.IconStyle(
        shape=str(spec.get("shape", "triangle")),
        fill=colour(deck, spec.get("fill", "accent")),
        outline=colour(deck, spec.get("outline", "ink")),
        glyph=colour(deck, glyph) if glyph else None,
    )
