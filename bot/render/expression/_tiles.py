"""The Expression pictures, as pure functions from tiles to PNG bytes:

- :func:`pairs_image` — a bout's 12 global pairs, one column per round (the
  rounds already played faded, the round under way framed);
- :func:`colours_image` — a submission as the opponent sees it: five tiles known
  only by colour, each with its position;
- :func:`expression_image` — a seat's own expression, tiles and colours, with the
  global tiles marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image as PILImage
from PIL import ImageDraw

from bot.render.base import Image
from bot.render.draw import GRID, INK, MUTED, SCALE, canvas, fit, png, text
from bot.render.expression._data import Tile, tile_colour
from bot.render.expression._draw import TileLook, frame, tile

PAD = 16
TITLE_H = 36
ELLIPSIS = "..."
LEGEND = (
    "B = black tiles: even numbers, plus and times.",
    "W = white tiles: odd numbers, minus and divide.",
)
SHAPES = "Squares are number tiles, circles symbol tiles."

# The pair strip, in unscaled pixels.
COLUMN = 60
PAIR_TILE = 46
HEADER_H = 24
PAIR_GAP = 8

# The five-tile strips.
STRIP_TILE = 64
STRIP_GAP = 16
POSITION_H = 22
CAPTION_H = 22


def _title(draw: ImageDraw.ImageDraw, words: str, width: int) -> None:
    shown = fit(words, 19, width - 2 * PAD, ELLIPSIS)
    text(draw, (PAD, PAD + 12), shown, 19, anchor="lm", bold=True)


def _notes(draw: ImageDraw.ImageDraw, top: float, width: int, notes: Sequence[str]) -> None:
    s = SCALE
    draw.line((PAD * s, top * s, (width - PAD) * s, top * s), fill=GRID, width=s)
    for i, note in enumerate(notes):
        y = top + 16 + 18 * i
        text(draw, (PAD, y), fit(note, 13, width - 2 * PAD, ELLIPSIS), 13, MUTED, "lm")


def pair_tile_centres(index: int) -> tuple[float, float, float]:
    """Where the ``index``-th pair sits in :func:`pairs_image`: its column's centre,
    and the centres of its number and symbol tiles."""
    cx = PAD + index * COLUMN + COLUMN / 2
    number_y = PAD + TITLE_H + HEADER_H + PAIR_TILE / 2
    return cx, number_y, number_y + PAIR_TILE + PAIR_GAP


def _strip_width(count: int) -> int:
    return max(2 * PAD + count * STRIP_TILE + (count - 1) * STRIP_GAP, 460)


def strip_tile_centre(index: int, count: int = 5) -> tuple[float, float]:
    """Where the ``index``-th tile of a five-tile strip sits (unscaled pixels)."""
    span = count * STRIP_TILE + (count - 1) * STRIP_GAP
    left = (_strip_width(count) - span) / 2
    return left + index * (
        STRIP_TILE + STRIP_GAP
    ) + STRIP_TILE / 2, PAD + TITLE_H + POSITION_H + STRIP_TILE / 2


def pairs_filename(bout: int) -> str:
    return f"pairs-bout{bout}.png"


def pairs_image(
    pairs: Sequence[tuple[int, tuple[int, str]]],
    *,
    bout: int,
    played: int = 0,
    current: int | None = None,
    title: str | None = None,
) -> Image:
    """The bout's global pairs: round number, number tile, symbol tile.

    Rounds up to ``played`` are faded (their tiles are spent); ``current`` is
    framed.
    """
    columns = max(len(pairs), 1)
    width = 2 * PAD + columns * COLUMN
    notes = [*LEGEND, SHAPES]
    grid_top = PAD + TITLE_H
    tiles_bottom = grid_top + HEADER_H + 2 * PAIR_TILE + PAIR_GAP + 8
    height = tiles_bottom + 12 + 18 * len(notes) + PAD
    image, draw = canvas(width, height)
    _title(draw, title or f"Bout {bout}: the global pairs", width)
    for i, (round_, (number, symbol)) in enumerate(pairs):
        left = PAD + i * COLUMN
        cx, number_y, symbol_y = pair_tile_centres(i)
        faded = round_ <= played and round_ != current
        if round_ == current:
            frame(draw, (left + 3, grid_top - 2, left + COLUMN - 3, tiles_bottom), 2)
        label_ink = MUTED if faded else INK
        text(draw, (cx, grid_top + HEADER_H / 2), f"R{round_}", 15, label_ink, bold=not faded)
        number_look = TileLook(tile_colour(number), str(number), faded=faded)
        tile(draw, number_look, cx, number_y, PAIR_TILE)
        symbol_look = TileLook(tile_colour(symbol), symbol, symbol=True, faded=faded)
        tile(draw, symbol_look, cx, symbol_y, PAIR_TILE - 4)
    _notes(draw, tiles_bottom + 6, width, notes)
    return png(image, pairs_filename(bout))


def _strip(
    looks: Sequence[TileLook], captions: Sequence[str], title: str, notes: Sequence[str]
) -> PILImage.Image:
    """Five tiles in a row, their positions above and ``captions`` below."""
    count = len(looks)
    image = _blank_strip(count, tuple(captions[:count]), tuple(notes)).copy()
    draw = ImageDraw.Draw(image)
    _title(draw, title, _strip_width(count))
    tiles_y = strip_tile_centre(0, count)[1]
    for i, look in enumerate(looks):
        cx = strip_tile_centre(i, count)[0]
        tile(draw, look, cx, tiles_y, STRIP_TILE if not look.symbol else STRIP_TILE - 6)
    return image


@lru_cache(maxsize=32)
def _blank_strip(count: int, captions: tuple[str, ...], notes: tuple[str, ...]) -> PILImage.Image:
    """A strip's text without its title and tiles: the same for every round's
    picture of a kind, so drawn once (its text was most of a picture's time).
    Nothing drawn here overlaps the title or a tile, so the picture is the same
    as if all were drawn in turn. Callers copy it, never draw on it."""
    width = _strip_width(count)
    top = PAD + TITLE_H
    tiles_y = strip_tile_centre(0, count)[1]
    bottom = tiles_y + STRIP_TILE / 2 + CAPTION_H + 6
    height = round(bottom + 12 + 18 * len(notes) + PAD)
    image, draw = canvas(width, height)
    for i in range(count):
        cx = strip_tile_centre(i, count)[0]
        text(draw, (cx, top + POSITION_H / 2), str(i + 1), 15, MUTED, bold=True)
        caption = captions[i] if i < len(captions) else ""
        text(draw, (cx, tiles_y + STRIP_TILE / 2 + CAPTION_H / 2 + 2), caption, 13, MUTED)
    _notes(draw, bottom, width, notes)
    return image


def colours_filename(bout: int, round_: int) -> str:
    return f"colours-b{bout}-r{round_}.png"


def colours_image(colours: Sequence[str], *, bout: int, round_: int, title: str) -> Image:
    """A submission known only by its colours, in expression order."""
    looks = [TileLook(c, None, symbol=i % 2 == 1) for i, c in enumerate(colours)]
    captions = ["number" if i % 2 == 0 else "symbol" for i in range(len(looks))]
    notes = [*LEGEND, "Two of these five tiles are the round's global pair."]
    return png(_strip(looks, captions, title, notes), colours_filename(bout, round_))


def expression_filename(bout: int, round_: int) -> str:
    return f"expression-b{bout}-r{round_}.png"


def global_positions(tiles: Sequence[Tile], own: Sequence[Tile]) -> set[int]:
    """Where the global tiles sit: the tiles left once the own ones are taken out
    (when a global tile's value is also an own tile's, the later one counts as global)."""
    spare = list(own)
    positions = set()
    for i, t in enumerate(tiles):
        if t in spare:
            spare.remove(t)
        else:
            positions.add(i)
    return positions


def expression_image(
    tiles: Sequence[Tile], own: Sequence[Tile], *, bout: int, round_: int, title: str
) -> Image:
    """A seat's own expression: every tile with its value and colour; the global
    tiles captioned "global", the rest "yours"."""
    globals_at = global_positions(tiles, own)
    looks = [TileLook(tile_colour(t), str(t), symbol=isinstance(t, str)) for t in tiles]
    captions = ["global" if i in globals_at else "yours" for i in range(len(tiles))]
    notes = [*LEGEND, "Your opponent sees only the colours, in this order."]
    return png(_strip(looks, captions, title, notes), expression_filename(bout, round_))
