"""One picture per bout for ``/match reveal``: every round's two expressions,
tile by tile (shape, colour letter and value, as in every other Expression
picture), each with its value."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from bot.render.base import Image, as_int, pair
from bot.render.draw import INK, MUTED, canvas, drawable_text, fit, png, text
from bot.render.expression._data import tile_colour, tiles_of
from bot.render.expression._draw import TileLook, tile

PAD = 16
TITLE_H = 40
HEAD_H = 26
ROW_H = 48
LABEL_W = 48  # "R12"
TILE = 34
TILE_STEP = 40
VALUE_W = 96
SEAT_W = 5 * TILE_STEP + VALUE_W


def sheet_filename(bout: int) -> str:
    return f"expressions-bout{bout}.png"


def expressions_sheet(
    bout: int, rounds: Sequence[Mapping[str, object]], names: Sequence[str]
) -> Image:
    """The bout's rounds, one row each: each seat's expression and its value."""
    width = 2 * PAD + LABEL_W + 2 * SEAT_W
    height = PAD + TITLE_H + HEAD_H + len(rounds) * ROW_H + PAD
    image, draw = canvas(width, height)
    text(draw, (width / 2, PAD + TITLE_H / 2), f"Bout {bout}: every expression", 20, bold=True)
    head_y = PAD + TITLE_H + HEAD_H / 2
    for seat in (0, 1):
        left = PAD + LABEL_W + seat * SEAT_W
        name = fit(drawable_text(names[seat], f"Player {seat + 1}"), 15, SEAT_W - 8)
        text(draw, (left + SEAT_W / 2, head_y), name, 15, bold=True)
    for row, record in enumerate(rounds):
        cy = PAD + TITLE_H + HEAD_H + row * ROW_H + ROW_H / 2
        label = f"R{as_int(record.get('round'))}"
        text(draw, (PAD, cy), label, 15, MUTED, anchor="lm", bold=True)
        for seat, play in enumerate(pair(record.get("plays"))):
            _expression(draw, play, PAD + LABEL_W + seat * SEAT_W, cy)
    return png(image, sheet_filename(bout))


def _expression(draw: ImageDraw.ImageDraw, play: object, left: float, cy: float) -> None:
    if not isinstance(play, Mapping):
        text(draw, (left + SEAT_W / 2, cy), "no expression", 14, MUTED)
        return
    for i, value in enumerate(tiles_of(play.get("tiles"))):
        look = TileLook(tile_colour(value), str(value), symbol=isinstance(value, str))
        size = TILE if not look.symbol else TILE - 4
        tile(draw, look, left + TILE_STEP * i + TILE_STEP / 2, cy, size)
    # The exact value as the engine keeps it ("99/10", "-65"): the font has no "≈" or "−".
    shown = drawable_text(f"= {play.get('value')}", "")
    text(draw, (left + 5 * TILE_STEP + 6, cy), fit(shown, 14, VALUE_W - 8), 14, INK, anchor="lm")
