"""One cell's pictures: a clue in its colour, fill pattern and letter (so it
reads in greyscale and for colour-blind players: the letter and the pattern
carry the colour), and the tick or cross that says whether a query satisfied
it (a tick and a cross differ in shape, not only in colour).

Colours, letters and patterns come from :func:`bot.web.palette.clue_colour`,
so the bot's pictures and the board editor's clues look alike. Tiles are
drawn at the final scale (``SCALE``× the layout's pixels) and pasted.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image as PILImage
from PIL import ImageDraw

from bot.render.draw import INK, PAPER, SCALE, stamp
from bot.web.palette import clue_colour

TICK_FILL = "#009E73"  # Okabe–Ito bluish green
CROSS_FILL = "#D55E00"  # Okabe–Ito vermillion

Pen = ImageDraw.ImageDraw
Pattern = Callable[[Pen, int, str, int], None]


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def tint(hex_colour: str, share: float = 0.45) -> str:
    """``hex_colour`` mixed with white: light enough for ink to read on."""
    red, green, blue = (round(255 - (255 - part) * share) for part in _rgb(hex_colour))
    return f"#{red:02X}{green:02X}{blue:02X}"


# -- fill patterns (``size``: the tile's side, ``step``: the pattern's pitch) ------------


def _diagonal(pen: Pen, size: int, ink: str, step: int) -> None:
    for start in range(0, 2 * size, step):
        pen.line((start, 0, start - size, size), fill=ink, width=max(1, step // 4))


def _back_diagonal(pen: Pen, size: int, ink: str, step: int) -> None:
    for start in range(-size, size, step):
        pen.line((start, 0, start + size, size), fill=ink, width=max(1, step // 4))


def _crosshatch(pen: Pen, size: int, ink: str, step: int) -> None:
    _diagonal(pen, size, ink, step)
    _back_diagonal(pen, size, ink, step)


def _horizontal(pen: Pen, size: int, ink: str, step: int) -> None:
    for y in range(step // 2, size, step):
        pen.line((0, y, size, y), fill=ink, width=max(1, step // 4))


def _vertical(pen: Pen, size: int, ink: str, step: int) -> None:
    for x in range(step // 2, size, step):
        pen.line((x, 0, x, size), fill=ink, width=max(1, step // 4))


def _grid(pen: Pen, size: int, ink: str, step: int) -> None:
    _horizontal(pen, size, ink, step)
    _vertical(pen, size, ink, step)


def _dots(pen: Pen, size: int, ink: str, step: int) -> None:
    r = max(1, step // 5)
    for y in range(step // 2, size, step):
        for x in range(step // 2, size, step):
            pen.ellipse((x - r, y - r, x + r, y + r), fill=ink)


def _rings(pen: Pen, size: int, ink: str, step: int) -> None:
    r = max(2, step // 3)
    for y in range(step // 2, size, step):
        for x in range(step // 2, size, step):
            pen.ellipse((x - r, y - r, x + r, y + r), outline=ink, width=max(1, step // 8))


def _checks(pen: Pen, size: int, ink: str, step: int) -> None:
    half = max(1, step // 2)
    for row, y in enumerate(range(0, size, half)):
        for col, x in enumerate(range(0, size, half)):
            if (row + col) % 2 == 0:
                pen.rectangle((x, y, x + half // 2, y + half // 2), fill=ink)


def _zigzag(pen: Pen, size: int, ink: str, step: int) -> None:
    half = max(1, step // 2)
    for y in range(step // 2, size + step, step):
        points = [(x, y - (step // 3) * (i % 2)) for i, x in enumerate(range(0, size + step, half))]
        pen.line(points, fill=ink, width=max(1, step // 5))


def _bricks(pen: Pen, size: int, ink: str, step: int) -> None:
    _horizontal(pen, size, ink, step)
    for row, y in enumerate(range(step // 2, size, step)):
        offset = 0 if row % 2 else step // 2
        for x in range(offset, size, step):
            pen.line((x, y, x, y + step), fill=ink, width=max(1, step // 5))


PATTERNS: dict[str, Pattern] = {
    "diagonal": _diagonal,
    "dots": _dots,
    "grid": _grid,
    "horizontal": _horizontal,
    "vertical": _vertical,
    "crosshatch": _crosshatch,
    "checks": _checks,
    "rings": _rings,
    "zigzag": _zigzag,
    "bricks": _bricks,
}


# -- tiles ---------------------------------------------------------------------------------


def _centred(pen: Pen, xy: tuple[float, float], words: str, pixels: float, fill: str) -> None:
    """Bold ``words`` centred at ``xy``, ``pixels`` high (scaled pixels)."""
    stamp(pen, xy, words, max(4, round(pixels / SCALE)), fill, "mm", SCALE // 2)


def swatch(colour: str, side: int) -> PILImage.Image:
    """The colour's fill and pattern on a ``side``×``side`` tile (scaled pixels)."""
    look = clue_colour(colour)
    tile = PILImage.new("RGB", (side, side), tint(look.hex))
    pen = ImageDraw.Draw(tile)
    PATTERNS.get(look.pattern, _diagonal)(pen, side, look.hex, max(6, side // 5))
    return tile


def clue_tile(colour: str, value: int | None, side: int) -> PILImage.Image:
    """A clue cell: its colour's fill and pattern, its letter in the corner, its value
    large on a white disc in the middle (``side`` in scaled pixels)."""
    tile = swatch(colour, side)
    pen = ImageDraw.Draw(tile)
    letter = clue_colour(colour).letter
    badge = side * 0.34
    pen.rounded_rectangle((2, 2, badge, badge), radius=side // 14, fill=PAPER, outline=INK,
                          width=max(1, SCALE))  # fmt: skip
    _centred(pen, (badge / 2 + 1, badge / 2 + 1), letter, badge * 0.7, INK)
    if value is not None:
        r = side * 0.27
        mid = side / 2
        pen.ellipse((mid - r, mid - r, mid + r, mid + r), fill=PAPER, outline=INK, width=SCALE)
        _centred(pen, (mid, mid + SCALE), str(value), side * 0.36, INK)
    return tile


def mark(pen: Pen, cx: float, cy: float, r: float, satisfied: bool) -> None:
    """A tick on green (satisfied) or a cross on vermillion (not), centred at
    (cx, cy) with radius ``r`` (scaled pixels)."""
    fill = TICK_FILL if satisfied else CROSS_FILL
    pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=SCALE)
    width = max(2, round(r / 3.2))
    if satisfied:
        points = [(cx - r * 0.5, cy), (cx - r * 0.12, cy + r * 0.42), (cx + r * 0.55, cy - r * 0.4)]
        pen.line(points, fill=PAPER, width=width, joint="curve")
        return
    d = r * 0.45
    pen.line((cx - d, cy - d, cx + d, cy + d), fill=PAPER, width=width)
    pen.line((cx - d, cy + d, cx + d, cy - d), fill=PAPER, width=width)
