"""How a person at the BUX tablet names a drawn card: suit, shape and value, then Add card (a BUX card is one tap)."""

from __future__ import annotations


def face_of(code: str) -> dict | str:
    """Return a card as the entrant names it from the turned-over card: face and value (a timer by its code)."""
    if code.startswith("bux-"):
        return code
    suit, shape, value = code.split("-")
    return {"suit": suit, "shape": shape, "value": int(value)}


def name_card(page, code: str) -> None:
    """Tap the draw picker for one card, as read from the turned-over card (e.g. "club-x-100", "bux-3")."""
    if code.startswith("bux-"):
        page.click(f"#draw-timers [data-timer='{code}']")
        return
    suit, shape, value = code.split("-")
    page.click(f"#pick-suit [data-suit='{suit}']")
    page.click(f"#pick-shape [data-shape='{shape}']")
    page.click(f"#pick-value [data-value='{value}']")
    page.click("#draw-add")


def name_cards(page, codes: list[str]) -> None:
    """Name a whole draw's cards in the order they were turned over."""
    for code in codes:
        name_card(page, code)
