"""What a table enters for one cat-auction record line: cards by label, as the tablet and the phones send them."""

from __future__ import annotations


def table_entry(line: dict) -> dict:
    """Return the entry ({"type", "cards"/"card"/"turned"}) a player types for a full record line (no player key)."""
    from companion.games.cats.copies import label_of

    entry: dict = {"type": line["type"]}
    if "cards" in line:
        entry["cards"] = [label_of(c) for c in line["cards"]]
    if line["type"] == "pass":
        entry["card"] = label_of(line["penalty"])
    if line["type"] == "play":
        entry["card"] = label_of(line["card"])
        if line.get("turned"):
            entry["turned"] = label_of(line["turned"])
    return entry
