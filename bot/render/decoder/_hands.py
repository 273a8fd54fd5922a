"""The hands as a PNG: each player's letter tiles in a row.

For the room, a hand is its hidden tiles (dark, "?") followed by the letters
that left it in public: a guessed letter is struck through and says GUESSED,
a given-up one is hatched and says GAVE UP, each with its turn. A seat's own
picture shows its letters face up. Readable without colour: every state has
its own fill, mark and word, every letter its rarity (C, U, R), and players
are told apart by the shared seat marks (circle "1", square "2").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import ImageDraw

from bot.render.base import Image, NoticeHandler, Rendered, as_int, as_list, seat_name
from bot.render.decoder._data import letters
from bot.render.draw import (
    GRID,
    INK,
    MUTED,
    PAPER,
    SCALE,
    SEAT_TINTS,
    canvas,
    drawable_text,
    fit,
    png,
    seat_mark,
    text,
)
from games.core import PUBLIC, Audience, Notice
from games.decoder.tiles import ALPHABET, HAND_SIZE, rarity_of

HANDS_FILENAME = "tiles.png"

TileState = Literal["hidden", "held", "guessed", "given_up"]
CAPTIONS: dict[TileState, str] = {
    "hidden": "HIDDEN",
    "held": "HELD",
    "guessed": "GUESSED",
    "given_up": "GAVE UP",
}

PAD = 16
TITLE_H = 34
HEADER_H = 34
CELL_W = 86
TILE = 56
LABEL_H = 40
LEGEND_H = 30
ROW_H = HEADER_H + TILE + LABEL_H
#: The rarity corner: ink on the tile's fill (WCAG contrast at least 4.5:1 on
#: every tile that shows a letter), big enough to read at 100%.
RARITY_SIZE = 13
RARITY_INK = INK
RARITY_INSET = 11  # the corner letter's centre, from the tile's top-left


@dataclass(frozen=True)
class TileCell:
    """One tile as the viewer may see it: ``letter`` None when hidden."""

    state: TileState
    letter: str | None = None
    turn: int | None = None


@dataclass(frozen=True)
class HandRow:
    seat: int
    tiles: Sequence[TileCell]
    note: str = ""


def room_rows(data: Mapping[str, object]) -> list[HandRow]:
    """Both hands as the room knows them, from a notice's ``hand_sizes`` and
    ``revealed`` (the letters that left each hand, in order)."""
    sizes = [as_int(n) for n in [*as_list(data.get("hand_sizes")), 0, 0][:2]]
    revealed = [entry for entry in as_list(data.get("revealed")) if isinstance(entry, Mapping)]
    rows = []
    for seat in (0, 1):
        gone = [
            TileCell(
                "guessed" if entry.get("how") == "guessed" else "given_up",
                str(entry.get("letter")),
                as_int(entry.get("turn")) or None,
            )
            for entry in revealed
            if entry.get("seat") == seat and str(entry.get("letter")) in ALPHABET
        ]
        hidden = [TileCell("hidden")] * max(0, min(sizes[seat], 3 * HAND_SIZE))
        rows.append(HandRow(seat, [*hidden, *gone], note=f"{sizes[seat]} left"))
    return rows


def own_row(seat: int, hand: object) -> HandRow:
    """A seat's own hand, face up."""
    return HandRow(seat, [TileCell("held", letter) for letter in letters(hand)], note="your hand")


def _hatch(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    s = SCALE
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    for d in range(8, int(width + height), 8):
        x0, y0 = left + max(0, d - height), top + min(d, height)
        x1, y1 = left + min(d, width), top + max(0, d - width)
        draw.line((x0 * s, y0 * s, x1 * s, y1 * s), fill=GRID, width=s)


def _draw_rarity(
    draw: ImageDraw.ImageDraw, letter: str, box: tuple[float, float, float, float], fill: str
) -> None:
    """The rarity (C, U or R) in the top-left corner, in ink on a patch of the
    tile's own fill: readable at 100% over hatching, and clear of the strike
    that runs to the top-right corner."""
    s = SCALE
    x, y = box[0] + RARITY_INSET, box[1] + RARITY_INSET
    half = RARITY_SIZE * 0.6
    patch = ((x - half) * s, (y - half) * s, (x + half) * s, (y + half) * s)
    draw.rounded_rectangle(patch, radius=3 * s, fill=fill)
    text(draw, (x, y), rarity_of(letter)[0].upper(), RARITY_SIZE, RARITY_INK, bold=True)


def _draw_tile(
    draw: ImageDraw.ImageDraw, seat: int, cell: TileCell, left: float, top: float
) -> None:
    s = SCALE
    cx = left + CELL_W / 2
    box = (cx - TILE / 2, top, cx + TILE / 2, top + TILE)
    scaled = tuple(v * s for v in box)
    fill = {"hidden": INK, "held": SEAT_TINTS[seat]}.get(cell.state, PAPER)
    draw.rounded_rectangle(scaled, radius=7 * s, fill=fill, outline=INK, width=2 * s)
    if cell.state == "given_up":
        _hatch(draw, (box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3))
    if cell.letter:  # before the big letter, so its patch never covers a stroke of it
        _draw_rarity(draw, cell.letter, box, fill)
    shown = cell.letter if cell.letter else "?"
    colour = PAPER if cell.state == "hidden" else INK
    text(draw, (cx, top + TILE / 2), shown, 28, colour, bold=True)
    if cell.state == "guessed":  # struck out of the hand
        draw.line((box[0] * s, box[3] * s, box[2] * s, box[1] * s), fill=INK, width=3 * s)
    caption = CAPTIONS[cell.state] + (f" T{cell.turn}" if cell.turn else "")
    text(draw, (cx, top + TILE + 14), caption, 12, INK if cell.state != "hidden" else MUTED)


def _draw_row(
    draw: ImageDraw.ImageDraw, row: HandRow, names: Sequence[str], top: float, width: int
) -> None:
    seat_mark(draw, row.seat, PAD + 12, top + HEADER_H / 2, 24)
    label = drawable_text(seat_name(names, row.seat), f"Player {row.seat + 1}")
    heading = fit(
        f"{label}'s hand" + (f" - {row.note}" if row.note else ""), 17, width - 3 * PAD - 30
    )
    text(draw, (PAD + 32, top + HEADER_H / 2), heading, 17, INK, anchor="lm", bold=True)
    if not row.tiles:
        text(draw, (PAD + 32, top + HEADER_H + TILE / 2), "no tiles", 15, MUTED, anchor="lm")
    for i, cell in enumerate(row.tiles):
        _draw_tile(draw, row.seat, cell, PAD + i * CELL_W, top + HEADER_H)


def hand_board(rows: Sequence[HandRow], *, names: Sequence[str], title: str = "") -> Image:
    """The rows of tiles (one per player shown) under an optional title."""
    cells = max([HAND_SIZE, *(len(row.tiles) for row in rows)])
    width = 2 * PAD + cells * CELL_W
    top = PAD + (TITLE_H if title else 0)
    height = top + len(rows) * ROW_H + LEGEND_H + PAD
    img, draw = canvas(width, height)
    if title:
        shown = fit(drawable_text(title, "Tiles"), 19, width - 2 * PAD)
        text(draw, (PAD, PAD + 12), shown, 19, anchor="lm", bold=True)
    for i, row in enumerate(rows):
        _draw_row(draw, row, names, top + i * ROW_H, width)
    legend_y = top + len(rows) * ROW_H + LEGEND_H / 2
    s = SCALE
    draw.line(
        (PAD * s, (legend_y - 14) * s, (width - PAD) * s, (legend_y - 14) * s), fill=GRID, width=s
    )
    note = "Dark ?: hidden. Struck: guessed. Hatched: given up. Corner: C/U/R rarity."
    text(draw, (PAD, legend_y + 2), fit(note, 13, width - 2 * PAD), 13, MUTED, anchor="lm")
    return png(img, HANDS_FILENAME)


def _emptied(notice: Notice) -> bool:
    """A match that ends with an empty hand: the guess or give-up that emptied
    it, in the same message, carries the picture already."""
    sizes = as_list(notice.data.get("hand_sizes"))
    return notice.kind == "match_over" and any(as_int(n) == 0 for n in sizes)


def with_room_tiles(handler: NoticeHandler) -> NoticeHandler:
    """``handler``, plus the room's picture of both hands when the notice
    carries what the room knows of them (older stored notices do not)."""

    def render(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
        rendered = handler(notice, audience, names)
        if audience != PUBLIC or "revealed" not in notice.data or _emptied(notice):
            return rendered
        turn = as_int(notice.data.get("turn"))
        title = f"Tiles after turn {turn}" if turn else "Tiles at the end"
        board = hand_board(room_rows(notice.data), names=names, title=title)
        return Rendered(text=rendered.text, images=[*rendered.images, board])

    return render


def with_own_hand(handler: NoticeHandler) -> NoticeHandler:
    """``handler``, plus a picture of the seat's own hand (in its channel only)."""

    def render(notice: Notice, audience: Audience, names: Sequence[str]) -> Rendered:
        rendered = handler(notice, audience, names)
        if audience not in (0, 1) or "hand" not in notice.data:
            return rendered
        board = hand_board([own_row(int(audience), notice.data.get("hand"))], names=names)
        return Rendered(text=rendered.text, images=[*rendered.images, board])

    return render
