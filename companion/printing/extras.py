"""The parts a game needs besides its cards (chips, tokens, a hint board), drawn from the deck file's design.extras.

Why: a group without a chip set, or without the rules' hint board, can print
them with the deck. Each game declares its own parts as data in its deck file
(design.extras); this module knows only the part types, never a game:

* "tokens": round chips or tokens, `grid` [cols, rows] to a card-sized tile
  (cut apart along the thin lines), each token type with a `label` (its
  value), a `name`, a `colour` (design colour name or #rrggbb) and a count:
  `per_player` times the deck's most players, plus `extra` for the bank. The
  back of each token shows the same token, so a chip reads from both sides.
* "permission_table": a board spanning `span` [cols, rows] card places: a
  table of what may be played when. `columns` and `conditions` name
  mappings of the deck file (key -> {language: text}); each entry of `rows` is
  either one row (`title`, `detail`, and `cells` naming a mapping column ->
  {"allowed", "condition"}) or, with `each`, one row per entry of a mapping of
  the deck file (its `title` and `cells` keys). The front is printed in
  `languages[0]`, the back in `languages[1]`.

Layout of the parts on the sheets is sheets.pages' job; this module draws one
part in the box it is given. Card-local coordinates: mm from the part's
top-left trim corner, y down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from companion.cards.decks import Deck
from companion.errors import CompanionError
from companion.printing import sheets
from companion.printing.design import colour, deck_fonts, design, tint
from companion.printing.fonts import FONT, FONT_BOLD
from companion.printing.pen import CardPen, clip, shade, wrap


@dataclass(frozen=True)
class Token:
    """One kind of token: its value label, name, colour and how many to print."""

    label: str
    name: str
    colour: Color
    count: int


@dataclass(frozen=True)
class Part:
    """One printable piece of a part: its id, size in card places, and the extra it comes from."""

    size: sheets.PartSize
    spec: Mapping[str, Any]
    tile: int = 0
    """For tokens: which card-sized tile of the extra (0-based)."""
    tiles: int = 1


def extras(deck: Deck) -> tuple[Mapping[str, Any], ...]:
    """Return the deck's declared extras (design.extras), each checked for a known type.

    Raises:
        CompanionError: for an extra without an id or of an unknown type.
    """
    out = []
    for spec in design(deck).get("extras", ()) or ():
        if not spec.get("id") or spec.get("type") not in DRAW:
            raise CompanionError(
                f"deck {deck.game!r}: design.extras entry {spec.get('id')!r} has type {spec.get('type')!r}; known: {', '.join(sorted(DRAW))}"
            )
        out.append(spec)
    return tuple(out)


def tokens(deck: Deck, spec: Mapping[str, Any]) -> tuple[Token, ...]:
    """Return the token kinds of a "tokens" extra with their print counts (per_player x most players + extra)."""
    players = int((deck.data.get("players") or {}).get("max", 1))
    return tuple(
        Token(
            label=str(t.get("label", "")),
            name=str(t.get("name", "")),
            colour=colour(deck, t.get("colour", "ink")),
            count=int(t.get("per_player", 0)) * players + int(t.get("extra", 0)),
        )
        for t in spec.get("tokens", ())
    )


def token_cells(deck: Deck, spec: Mapping[str, Any]) -> list[Token]:
    """Return the tokens of an extra in print order, one per cell (tile after tile, reading order)."""
    return [t for t in tokens(deck, spec) for _ in range(t.count)]


def parts(deck: Deck) -> tuple[Part, ...]:
    """Return the printable pieces of all the deck's extras, in the order the deck declares them."""
    out = []
    for spec in extras(deck):
        if spec["type"] == "tokens":
            cols, rows = spec.get("grid", (3, 4))
            count = -(-len(token_cells(deck, spec)) // (cols * rows))
            for k in range(count):
                out.append(Part(size=sheets.PartSize(f"{spec['id']}-{k + 1}"), spec=spec, tile=k, tiles=count))
        else:
            cols, rows = spec.get("span", (1, 1))
            out.append(Part(size=sheets.PartSize(spec["id"], int(cols), int(rows)), spec=spec))
    return tuple(out)


def draw_part(canvas: Canvas, page_h: float, slot: sheets.Slot, deck: Deck, part: Part, *, back: bool, low_ink: bool = False) -> None:
    """Draw one part piece (front, or back as seen from the back of the sheet) in its slot."""
    pen = CardPen(canvas, page_h, slot.trim, deck_fonts(deck), low_ink=low_ink)
    try:
        clip(pen, slot.bleed.x - slot.trim.x, slot.bleed.y - slot.trim.y, slot.bleed.w, slot.bleed.h)
        DRAW[part.spec["type"]](pen, deck, part, slot.trim.w, slot.trim.h, back)
    finally:
        pen.close()


def _text_on(col: Color) -> Color:
    """Return black or white, whichever reads better on col."""
    luminance = 0.2126 * col.red + 0.7152 * col.green + 0.0722 * col.blue
    return Color(0.1, 0.1, 0.1) if luminance > 0.55 else white


def draw_tokens(pen: CardPen, deck: Deck, part: Part, w: float, h: float, back: bool) -> None:
    """Draw one card-sized tile of tokens: a grid of discs with thin cut lines between them."""
    spec = part.spec
    cols, rows = (int(x) for x in spec.get("grid", (3, 4)))
    per_tile = cols * rows
    cells = token_cells(deck, spec)[part.tile * per_tile : (part.tile + 1) * per_tile]
    cw, ch = w / cols, h / rows
    ink = colour(deck, "ink")
    for k, token in enumerate(cells):
        row, col = divmod(k, cols)
        if back:
            col = cols - 1 - col  # behind its own front after the long-edge flip
        cx, cy = (col + 0.5) * cw, (row + 0.5) * ch
        r = min(cw, ch) / 2 - 1.4
        fill = pen.ground(token.colour) if not _is_white(token.colour) else white
        text = pen.on(token.colour) if pen.low_ink else _text_on(token.colour)
        pen.c.setFillColor(fill)
        pen.c.setStrokeColor(shade(token.colour, 0.7) if not _is_white(token.colour) else tint(ink, 0.5))
        pen.c.setLineWidth(0.4)
        pen.c.circle(cx, cy, r, stroke=1, fill=1)
        pen.c.setStrokeColor(text)
        pen.c.setLineWidth(0.25)
        pen.c.setDash([0.8, 0.8])
        pen.c.circle(cx, cy, r - 1.3, stroke=1, fill=0)
        pen.c.setDash()
        size = pen.fit_size(token.label, FONT_BOLD, r * 0.8, 2 * r - 7)
        pen.text(cx, cy + size * 0.3, token.label, size, text)
        name = token.name.upper()
        pen.text(cx, cy + r - 2.6, name, pen.fit_size(name, FONT_BOLD, 1.8, 2 * r - 6), text)
    # Cut lines between the tokens (the tile's own edges are the sheet's cut lines).
    pen.c.setStrokeColor(tint(ink, 0.35))
    pen.c.setLineWidth(0.2)
    for col in range(1, cols):
        pen.c.line(col * cw, 0, col * cw, h)
    for row in range(1, rows):
        pen.c.line(0, row * ch, w, row * ch)


def _is_white(col: Color) -> bool:
    return min(col.red, col.green, col.blue) > 0.95


def _lookup(deck: Deck, key: str) -> Mapping[str, Any]:
    value = deck.data.get(key)
    if not isinstance(value, Mapping):
        raise CompanionError(f"deck {deck.game!r}: design.extras names {key!r}, which is not a mapping of the deck file")
    return value


def _say(text: Any, lang: str) -> str:
    """Return a per-language text in lang (or the text itself when it is a plain string)."""
    if isinstance(text, Mapping):
        return str(text.get(lang) or next(iter(text.values()), ""))
    return "" if text is None else str(text)


def table_rows(deck: Deck, spec: Mapping[str, Any]) -> list[tuple[Any, Any, Mapping[str, Any]]]:
    """Return the rows of a permission table: (title, detail, cells by column key)."""
    rows = []
    for row in spec.get("rows", ()):
        if "each" in row:
            for item in _lookup(deck, row["each"]).values():
                rows.append((item.get(row.get("title", "title")), item.get(row.get("detail", "detail")), item.get(row.get("cells", "cells"), {})))
        else:
            rows.append((row.get("title"), row.get("detail"), _lookup(deck, row["cells"])))
    return rows


def draw_permission_table(pen: CardPen, deck: Deck, part: Part, w: float, h: float, back: bool) -> None:
    """Draw a board: title, note, and a table of card types x states with a tick or a cross and the condition."""
    spec = part.spec
    langs = list(spec.get("languages", ("en",)))
    lang = langs[1 if back and len(langs) > 1 else 0]
    accent = colour(deck, spec.get("colour", "accent"))
    ink = colour(deck, "ink")
    columns = _lookup(deck, spec["columns"])
    conditions = _lookup(deck, spec["conditions"]) if spec.get("conditions") else {}
    rows = table_rows(deck, spec)
    pen.rect(2.0, 2.0, w - 4, h - 4, fill=None, stroke=accent, width=0.8, radius=3)
    title = _say(spec.get("title"), lang)
    pen.text(w / 2, 12, title, pen.fit_size(title, FONT_BOLD, 7, w - 20), accent)
    note_font = pen.font(FONT, _say(spec.get("note"), lang))
    y = 17.5
    for line in wrap(_say(spec.get("note"), lang), note_font, 2.6, w - 24):
        pen.text(w / 2, y, line, 2.6, ink, font=FONT)
        y += 3.3
    # The grid: a name column and one column per state.
    left, right = 8.0, w - 8.0
    name_w = (right - left) * 0.34
    head_top = y + 1.5
    head_h = 11.0
    body_top = head_top + head_h
    grid = _Grid(left=left, right=right, name_w=name_w, col_w=(right - left - name_w) / max(1, len(columns)),
                 head_top=head_top, head_h=head_h, body_top=body_top,
                 row_h=min(16.0, (h - 6 - body_top) / max(1, len(rows))), lang=lang, accent=accent, ink=ink)
    _draw_grid_head(pen, grid, spec, columns)
    for r, row in enumerate(rows):
        _draw_grid_row(pen, grid, r, row, columns, conditions)
    _draw_grid_lines(pen, grid, len(columns), len(rows))


@dataclass(frozen=True)
class _Grid:
    """Where a permission table's grid lies on its board (mm), and its language and colours."""

    left: float
    right: float
    name_w: float
    col_w: float
    head_top: float
    head_h: float
    body_top: float
    row_h: float
    lang: str
    accent: Color
    ink: Color


def _draw_grid_head(pen: CardPen, grid: _Grid, spec: Mapping[str, Any], columns: Mapping[str, Any]) -> None:
    """Draw the grid's head: the corner's label, the title over the state columns, each column's name."""
    left, name_w, col_w, head_top, head_h, lang = grid.left, grid.name_w, grid.col_w, grid.head_top, grid.head_h, grid.lang
    pen.rect(left, head_top, grid.right - left, head_h, fill=tint(grid.accent, 0.18))
    corner = _say(spec.get("corner"), lang)
    pen.text(left + 2, head_top + head_h / 2 + 1.2, corner, pen.fit_size(corner, FONT_BOLD, 3.2, name_w - 4), grid.ink,
             align="left")
    over = _say(spec.get("columns_title"), lang)
    pen.text(left + name_w + col_w * len(columns) / 2, head_top + 4.2, over,
             pen.fit_size(over, FONT_BOLD, 2.8, col_w * len(columns) - 4), grid.ink)
    for k, name in enumerate(columns.values()):
        label = _say(name, lang)
        pen.text(left + name_w + (k + 0.5) * col_w, head_top + 9.0, label, pen.fit_size(label, FONT_BOLD, 3.2, col_w - 3),
                 grid.accent)


def _draw_grid_row(pen: CardPen, grid: _Grid, r: int, row: tuple, columns: Mapping[str, Any],
                   conditions: Mapping[str, Any]) -> None:
    """Draw the grid's row `r`: the card type's name and detail, and per state a tick or a cross and the condition."""
    title_text, detail, cells = row
    left, name_w, col_w, row_h, lang, ink = grid.left, grid.name_w, grid.col_w, grid.row_h, grid.lang, grid.ink
    top = grid.body_top + r * row_h
    if r % 2:
        pen.rect(left, top, grid.right - left, row_h, fill=tint(grid.accent, 0.07))
    name = _say(title_text, lang)
    extra = _say(detail, lang)
    size = pen.fit_size(name, FONT_BOLD, 3.2, name_w - 4)
    pen.text(left + 2, top + row_h / 2 + (size * 0.35 if not extra else -0.4), name, size, ink, align="left")
    if extra:
        pen.text(left + 2, top + row_h / 2 + 3.0, extra, pen.fit_size(extra, FONT, 2.4, name_w - 4), ink, font=FONT, align="left")
    for k, key in enumerate(columns):
        cell = cells.get(key) or {}
        cx = left + name_w + (k + 0.5) * col_w
        allowed = bool(cell.get("allowed"))
        condition_key = cell.get("condition")
        condition = _say(conditions.get(condition_key, ""), lang) if condition_key else ""
        icon_y = top + (row_h / 2 if not condition else 4.2)
        _draw_verdict(pen, cx, icon_y, allowed)
        if condition:
            font = pen.font(FONT, condition)
            lines = wrap(condition, font, 2.2, col_w - 3)[:3]
            for n, line in enumerate(lines):
                pen.text(cx, top + 9.0 + n * 2.6, line, pen.fit_size(line, FONT, 2.2, col_w - 3), ink, font=FONT)


def _draw_grid_lines(pen: CardPen, grid: _Grid, n_columns: int, n_rows: int) -> None:
    """Draw the grid's lines: between the state columns (not across the title over them), round it, between rows."""
    left, right, name_w, col_w, head_top, body_top, row_h = (grid.left, grid.right, grid.name_w, grid.col_w,
                                                             grid.head_top, grid.body_top, grid.row_h)
    pen.c.setStrokeColor(tint(grid.accent, 0.6))
    pen.c.setLineWidth(0.25)
    bottom = body_top + n_rows * row_h
    for k in range(n_columns + 1):
        x = left + name_w + k * col_w
        pen.c.line(x, head_top + (5.5 if 0 < k < n_columns else 0), x, bottom)
    pen.c.line(left, head_top, left, bottom)
    pen.c.line(right, head_top, right, bottom)
    for r in range(n_rows + 1):
        pen.c.line(left, body_top + r * row_h, right, body_top + r * row_h)
    pen.c.line(left, head_top, right, head_top)


ALLOWED = Color(0.18, 0.49, 0.2)
BANNED = Color(0.72, 0.11, 0.11)


def _draw_verdict(pen: CardPen, x: float, y: float, allowed: bool) -> None:
    """Draw a tick in a green disc (allowed) or a cross in a red-outlined disc (banned), as vector paths."""
    c = pen.c
    r = 2.6
    c.saveState()
    if allowed:
        c.setFillColor(pen.ground(ALLOWED))
        c.circle(x, y, r, stroke=0, fill=1)
        c.setStrokeColor(pen.on(ALLOWED))
        c.setLineWidth(0.7)
        path = c.beginPath()
        path.moveTo(x - 1.3, y + 0.1)
        path.lineTo(x - 0.3, y + 1.1)
        path.lineTo(x + 1.4, y - 1.0)
        c.drawPath(path, stroke=1, fill=0)
    else:
        c.setStrokeColor(BANNED)
        c.setLineWidth(0.45)
        c.circle(x, y, r, stroke=1, fill=0)
        c.line(x - 1.1, y - 1.1, x + 1.1, y + 1.1)
        c.line(x - 1.1, y + 1.1, x + 1.1, y - 1.1)
    c.restoreState()


DRAW = {"tokens": draw_tokens, "permission_table": draw_permission_table}


def part_summary(deck: Deck) -> list[tuple[str, int, str]]:
    """Return, per extra: (name, pieces to cut out, what they are) for the contents page's checklist."""
    out = []
    for spec in extras(deck):
        name = str(spec.get("name", spec["id"]))
        if spec["type"] == "tokens":
            kinds = tokens(deck, spec)
            detail = ", ".join(f"{t.name} {t.label} x{t.count}" for t in kinds)
            out.append((name, sum(t.count for t in kinds), detail))
        else:
            out.append((name, 1, str(spec.get("detail", ""))))
    return out


def pieces(parts_: Sequence[Part]) -> dict[str, Part]:
    """Return the parts by their piece id (what a sheets.Placement of a part names)."""
    return {p.size.id: p for p in parts_}
