"""Rune Breaker boards as PNGs: Reagent, Product and 4×4 probe boards.

Every object is drawn as its shape, filled with its colour, with its colour
letter on it, so a board reads in greyscale and for colour-blind players: the
shape and the letter carry everything, the colour only helps. Colours are
Okabe–Ito. Rows and columns are numbered from 1, as the notation counts them.

Built on :mod:`bot.render.draw`: drawn at ``SCALE``× and reduced at the end;
coordinates below are unscaled pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from bot.render.draw import (
    GRID,
    INK,
    MUTED,
    PAPER,
    SCALE,
    canvas,
    drawable_text,
    fit,
    font,
    png,
    text,
)
from games.runebreaker.board import Board
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette

BOARD_FILENAME = "board.png"
BOARDS_FILENAME = "boards.png"

#: Okabe–Ito, one per palette colour letter: told apart with every common
#: colour-vision deficiency (and the letter is drawn on top anyway).
FILLS: dict[str, str] = {
    "R": "#D55E00",  # vermillion
    "O": "#E69F00",  # orange
    "Y": "#F0E442",  # yellow
    "G": "#009E73",  # bluish green
    "B": "#0072B2",  # blue
    "P": "#CC79A7",  # reddish purple
}
UNKNOWN_FILL = "#999999"

# Layout, in unscaled pixels.
CELL = 48
PAD = 14
LABEL_W = 24  # row numbers left of the grid
LABEL_H = 20  # column numbers above it
TITLE_H = 30  # a one-line title
TITLE_SIZE = 17
TITLE_LINE = 21  # each further title line
GAP = 40  # between boards laid side by side (room for an arrow)
SHAPE = 0.78  # an object's size as a share of its cell
LETTER = 0.30  # the colour letter's size as a share of the cell


# -- one object ------------------------------------------------------------------


def _letter_ink(fill: str) -> str:
    """Black on light fills, white on dark ones (relative luminance)."""
    red, green, blue = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return INK if luminance > 0.4 else PAPER


def _polygon(cx: float, cy: float, r: float, points: Sequence[tuple[float, float]]) -> list[float]:
    """Unit-shape ``points`` (−1…1) around (cx, cy), radius ``r``, in scaled pixels."""
    s = SCALE
    flat: list[float] = []
    for x, y in points:
        flat += [(cx + x * r) * s, (cy + y * r) * s]
    return flat


_TRIANGLE = ((0.0, -1.0), (1.0, 0.8), (-1.0, 0.8))
_DIAMOND = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))
_ARM = 0.38  # half the width of a cross's arms
_CROSS = (
    (-_ARM, -1.0),
    (_ARM, -1.0),
    (_ARM, -_ARM),
    (1.0, -_ARM),
    (1.0, _ARM),
    (_ARM, _ARM),
    (_ARM, 1.0),
    (-_ARM, 1.0),
    (-_ARM, _ARM),
    (-1.0, _ARM),
    (-1.0, -_ARM),
    (-_ARM, -_ARM),
)


def _heart(cx: float, cy: float, r: float) -> list[float]:
    """A heart outline as one polygon (a smooth curve sampled every few degrees)."""
    points = []
    for step in range(72):
        t = 2 * math.pi * step / 72
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((x / 16, -(y + 2.5) / 15))
    return _polygon(cx, cy, r, points)


def _draw_shape(
    draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill: str
) -> float:
    """One filled, outlined shape; returns where its letter sits (a y offset
    from ``cy``), since a triangle's room is low and a heart's high."""
    s = SCALE
    width = max(1, round(r / 12)) * s
    if shape == "c":
        draw.ellipse(
            ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s),
            fill=fill,
            outline=INK,
            width=width,
        )
        return 0.0
    if shape == "s":
        side = r * 0.86
        box = ((cx - side) * s, (cy - side) * s, (cx + side) * s, (cy + side) * s)
        draw.rectangle(box, fill=fill, outline=INK, width=width)
        return 0.0
    if shape == "t":
        draw.polygon(_polygon(cx, cy, r, _TRIANGLE), fill=fill, outline=INK, width=width)
        return r * 0.28
    if shape == "d":
        draw.polygon(_polygon(cx, cy, r, _DIAMOND), fill=fill, outline=INK, width=width)
        return 0.0
    if shape == "h":
        draw.polygon(_heart(cx, cy, r), fill=fill, outline=INK, width=width)
        return 0.0
    draw.polygon(_polygon(cx, cy, r, _CROSS), fill=fill, outline=INK, width=width)
    return 0.0


def _draw_piece(draw: ImageDraw.ImageDraw, piece: str, x0: float, y0: float) -> None:
    """An object in the cell at (x0, y0): its shape in its colour, its colour letter on top."""
    colour, shape = piece[0], piece[1]
    fill = FILLS.get(colour, UNKNOWN_FILL)
    cx, cy = x0 + CELL / 2, y0 + CELL / 2
    dy = _draw_shape(draw, shape, cx, cy, CELL * SHAPE / 2, fill)
    size = round(CELL * LETTER)
    text(draw, (cx, cy + dy + 1), colour, size, _letter_ink(fill), bold=True)


# -- one board -------------------------------------------------------------------


def title_lines(title: str, width: float) -> list[str]:
    """``title`` as the lines drawn above a board ``width`` wide (unscaled): broken
    at its own newlines and between words, so a probe's result stays whole; only
    a single word wider than the board is shortened."""
    lines: list[str] = []
    for paragraph in title.split("\n"):
        line = ""
        for word in drawable_text(paragraph, "").split():
            wider = f"{line} {word}" if line else word
            if line and title_width(wider) > width:
                lines.append(line)
                wider = word
            line = wider
        lines.append(line if title_width(line) <= width else fit(line, TITLE_SIZE, width - 4))
    return lines


def title_width(line: str) -> float:
    """How wide ``line`` is drawn as a title (bold, so with its stroke), unscaled."""
    left, _, right, _ = font(TITLE_SIZE).getbbox(line, stroke_width=SCALE // 2)
    return (right - left) / SCALE


def _title_h(rows: int) -> int:
    return TITLE_H + (rows - 1) * TITLE_LINE if rows else 0


def _board_size(board: Board, title_rows: int) -> tuple[int, int]:
    span = board.size * CELL
    return LABEL_W + span, _title_h(title_rows) + LABEL_H + span


def _board_width(board: Board) -> int:
    return _board_size(board, 0)[0]


def cell_box(row: int, col: int, *, titled: bool = False) -> tuple[int, int, int, int]:
    """Where the cell at 0-based (row, col) sits in a :func:`board_image`
    (left, top, right, bottom), drawn with (``titled``, one line) or without a title."""
    left = PAD + LABEL_W + col * CELL
    top = PAD + (TITLE_H if titled else 0) + LABEL_H + row * CELL
    return left, top, left + CELL, top + CELL


def _draw_labels(draw: ImageDraw.ImageDraw, size: int, grid_x: float, grid_y: float) -> None:
    for i in range(size):
        text(draw, (grid_x + (i + 0.5) * CELL, grid_y - LABEL_H / 2), str(i + 1), 13, MUTED)
        text(draw, (grid_x - LABEL_W / 2, grid_y + (i + 0.5) * CELL), str(i + 1), 13, MUTED)


def _draw_grid(draw: ImageDraw.ImageDraw, size: int, grid_x: float, grid_y: float) -> None:
    s = SCALE
    span = size * CELL
    draw.rectangle((grid_x * s, grid_y * s, (grid_x + span) * s, (grid_y + span) * s), fill=PAPER)
    for i in range(1, size):
        x, y = (grid_x + i * CELL) * s, (grid_y + i * CELL) * s
        draw.line((x, grid_y * s, x, (grid_y + span) * s), fill=GRID, width=s)
        draw.line((grid_x * s, y, (grid_x + span) * s, y), fill=GRID, width=s)


def _draw_frame(draw: ImageDraw.ImageDraw, size: int, grid_x: float, grid_y: float) -> None:
    s = SCALE
    span = size * CELL
    frame = (grid_x * s, grid_y * s, (grid_x + span) * s, (grid_y + span) * s)
    draw.rectangle(frame, outline=INK, width=2 * s)


def _draw_board(
    draw: ImageDraw.ImageDraw, board: Board, left: float, top: float, title: list[str], rows: int
) -> None:
    """``board`` with its labels from (left, top), below ``title``'s lines in a
    title area ``rows`` lines tall (the same for boards side by side)."""
    for index, line in enumerate(title):
        y = top + TITLE_H / 2 - 2 + index * TITLE_LINE
        text(draw, (left, y), line, TITLE_SIZE, anchor="lm", bold=True)
    top += _title_h(rows)
    grid_x, grid_y = left + LABEL_W, top + LABEL_H
    _draw_labels(draw, board.size, grid_x, grid_y)
    _draw_grid(draw, board.size, grid_x, grid_y)
    for index, piece in enumerate(board.cells):
        if piece is not None:
            row, col = divmod(index, board.size)
            _draw_piece(draw, piece, grid_x + col * CELL, grid_y + row * CELL)
    _draw_frame(draw, board.size, grid_x, grid_y)


def _draw_arrow(draw: ImageDraw.ImageDraw, left: float, y: float) -> None:
    s = SCALE
    x0, x1 = left + 8, left + GAP - 8
    draw.line((x0 * s, y * s, (x1 - 4) * s, y * s), fill=MUTED, width=3 * s)
    head = [(x1 - 10) * s, (y - 7) * s, x1 * s, y * s, (x1 - 10) * s, (y + 7) * s]
    draw.polygon(head, fill=MUTED)


def board_image(
    board: Board, *, title: str | None = None, palette: Palette = DEFAULT_PALETTE
) -> bytes:
    """One board as PNG bytes, with row and column numbers and an optional title.

    ``palette`` is accepted so callers can pass the match's; objects outside
    it are still drawn (grey if their colour is unknown) rather than refused.
    """
    del palette  # every palette is a prefix of the full one: the fills cover it
    lines = title_lines(title, _board_width(board)) if title is not None else []
    width, height = _board_size(board, len(lines))
    img, draw = canvas(width + 2 * PAD, height + 2 * PAD)
    _draw_board(draw, board, PAD, PAD, lines, len(lines))
    return png(img, BOARD_FILENAME).data


def boards_image(
    boards: Sequence[tuple[str, Board]],
    *,
    arrows: bool = False,
    palette: Palette = DEFAULT_PALETTE,
) -> bytes:
    """Several labelled boards side by side, tops aligned (a Reagent and its
    Product, a probe and its result). ``arrows`` draws → between them."""
    del palette
    if not boards:
        raise ValueError("boards_image needs at least one board")
    titles = [title_lines(label, _board_width(board)) for label, board in boards]
    rows = max(len(lines) for lines in titles)  # tops aligned: one title area for all
    sizes = [_board_size(board, rows) for _, board in boards]
    width = sum(w for w, _ in sizes) + GAP * (len(boards) - 1)
    height = max(h for _, h in sizes)
    img, draw = canvas(width + 2 * PAD, height + 2 * PAD)
    left: float = PAD
    for index, ((_, board), lines, (w, _)) in enumerate(zip(boards, titles, sizes, strict=True)):
        if index and arrows:
            grid_top = PAD + _title_h(rows) + LABEL_H
            _draw_arrow(draw, left - GAP, grid_top + board.size * CELL / 2)
        _draw_board(draw, board, left, PAD, lines, rows)
        left += w + GAP
    return png(img, BOARDS_FILENAME).data
