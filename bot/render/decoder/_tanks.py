"""The tank board as a PNG: each player's 7 timer tanks in a row.

Readable without colour: a ready tank is solid and says READY, a used one is
hatched and says USED, a sabotaged one carries a black triangle and "SAB xN".
Recharge units are written in a tank only where the viewer may know them (a
seat: its own; the host: all); elsewhere the tank shows "?". Players are told
apart by the shared seat marks: a circle "1" and a square "2".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.render.base import Image, seat_name
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

TANKS_FILENAME = "tanks.png"

PAD = 16
TITLE_H = 34
HEADER_H = 34
CELL_W = 104
TANK_W = 46
TANK_H = 74
CAP_H = 6
LABEL_H = 66
LEGEND_H = 30
ROW_H = HEADER_H + CAP_H + TANK_H + LABEL_H


@dataclass(frozen=True)
class TankCell:
    """One tank as a viewer may see it: ``units`` None when hidden from them."""

    number: int
    name: str
    used: bool
    units: int | None
    sabotaged: int = 0


@dataclass(frozen=True)
class TankRow:
    seat: int
    tanks: Sequence[TankCell]
    note: str = ""


def _hatch(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    """Diagonal lines across a used tank."""
    s = SCALE
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    for d in range(10, int(width + height), 10):
        x0, y0 = left + max(0, d - height), top + min(d, height)
        x1, y1 = left + min(d, width), top + max(0, d - width)
        draw.line((x0 * s, y0 * s, x1 * s, y1 * s), fill=GRID, width=s)


def _draw_badge(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A black warning triangle with its top at (x, y)."""
    s = SCALE
    points = [(x * s, y * s), ((x + 9) * s, (y + 16) * s), ((x - 9) * s, (y + 16) * s)]
    draw.polygon(points, fill=INK)
    text(draw, (x, y + 10), "!", 11, PAPER, bold=True)


def _draw_tank(
    draw: ImageDraw.ImageDraw, seat: int, cell: TankCell, left: float, top: float
) -> None:
    s = SCALE
    cx = left + CELL_W / 2
    body = (cx - TANK_W / 2, top + CAP_H, cx + TANK_W / 2, top + CAP_H + TANK_H)
    cap = (cx - TANK_W / 5, top, cx + TANK_W / 5, top + CAP_H + 2)
    draw.rectangle(tuple(v * s for v in cap), fill=INK)
    fill = PAPER if cell.used else SEAT_TINTS[seat]
    scaled = tuple(v * s for v in body)
    draw.rounded_rectangle(scaled, radius=8 * s, fill=fill, outline=INK, width=2 * s)
    if cell.used:
        _hatch(draw, (body[0] + 3, body[1] + 3, body[2] - 3, body[3] - 3))
    shown = "?" if cell.units is None else str(cell.units)
    text(draw, (cx, top + CAP_H + TANK_H / 2), shown, 24, INK if cell.units else MUTED, bold=True)
    if cell.sabotaged:
        _draw_badge(draw, body[2] + 4, body[1] - 4)
    label_top = top + CAP_H + TANK_H + 12
    name = drawable_text(f"{cell.number} {cell.name}", f"{cell.number} Tank")
    for i, line in enumerate(_two_lines(name, 13, CELL_W - 6)):
        text(draw, (cx, label_top + 15 * i), line, 13, INK)
    state = "USED" if cell.used else "READY"
    if cell.sabotaged:
        state += f" - SAB x{cell.sabotaged}"
    text(draw, (cx, label_top + 34), state, 12, MUTED if cell.used else INK, bold=not cell.used)


def _two_lines(line: str, size: int, width: float) -> list[str]:
    """``line`` on at most two lines of ``width``, broken between words."""
    words = line.split()
    first = words[0]
    for count in range(len(words), 0, -1):
        candidate = " ".join(words[:count])
        if fit(candidate, size, width) == candidate:
            first, rest = candidate, " ".join(words[count:])
            break
    else:
        rest = " ".join(words[1:])
    lines = [fit(first, size, width)]
    return [*lines, fit(rest, size, width)] if rest else lines


def _draw_row(
    draw: ImageDraw.ImageDraw, row: TankRow, names: Sequence[str], top: float, width: int
) -> None:
    seat_mark(draw, row.seat, PAD + 12, top + HEADER_H / 2, 24)
    label = drawable_text(seat_name(names, row.seat), f"Player {row.seat + 1}")
    heading = fit(
        f"{label}'s tanks" + (f" - {row.note}" if row.note else ""), 17, width - 3 * PAD - 30
    )
    text(draw, (PAD + 32, top + HEADER_H / 2), heading, 17, INK, anchor="lm", bold=True)
    for i, cell in enumerate(row.tanks):
        _draw_tank(draw, row.seat, cell, PAD + i * CELL_W, top + HEADER_H)


def tank_board(rows: Sequence[TankRow], *, names: Sequence[str], title: str = "") -> Image:
    """The rows of tanks (one per player shown) under an optional title."""
    width = 2 * PAD + 7 * CELL_W
    top = PAD + (TITLE_H if title else 0)
    height = top + len(rows) * ROW_H + LEGEND_H + PAD
    img, draw = canvas(width, height)
    if title:
        shown = fit(drawable_text(title, "Tanks"), 19, width - 2 * PAD)
        text(draw, (PAD, PAD + 12), shown, 19, anchor="lm", bold=True)
    for i, row in enumerate(rows):
        _draw_row(draw, row, names, top + i * ROW_H, width)
    legend_y = top + len(rows) * ROW_H + LEGEND_H / 2
    s = SCALE
    draw.line(
        (PAD * s, (legend_y - 14) * s, (width - PAD) * s, (legend_y - 14) * s), fill=GRID, width=s
    )
    note = (
        "Solid: ready. Hatched: used. Triangle: sabotaged (SAB x times). "
        "Number: recharge units (? = secret)."
    )
    text(draw, (PAD, legend_y + 2), fit(note, 13, width - 2 * PAD), 13, MUTED, anchor="lm")
    return png(img, TANKS_FILENAME)
