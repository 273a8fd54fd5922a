"""Logical Horror pictures: the puzzle grid (clues in their colours, letters and
patterns, the values in the clue cells, shaded cells dark, rows r1..rN and
columns c1..cN), a board with ticks and crosses on its clues, and a hint's
small illustrated example. A legend under the grid names every colour.

Built on :mod:`bot.render.draw`: drawn at ``SCALE``× and reduced at the end;
coordinates below are unscaled pixels unless a name says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PIL import Image as PILImage
from PIL import ImageDraw

from bot.render.draw import GRID, INK, MUTED, PAPER, SCALE, canvas, drawable_text, fit, png, text
from bot.render.logical_horror._data import Grid, GridClue, clue_of
from bot.render.logical_horror._tiles import clue_tile, mark, swatch
from bot.web.palette import clue_colour

if TYPE_CHECKING:
    from games.logical_horror.puzzle import Puzzle

PUZZLE_FILENAME = "puzzle.png"

SHADE = "#30343A"  # shaded cells: dark, whatever the colour vision
CELL = 44
SMALL_CELL = 34  # a hint's example grid
PAD = 14
LABEL_W = 28  # r1..rN left of the grid
LABEL_H = 20  # c1..cN above it
TITLE_H = 30
LEGEND_ROW = 26


def _title(draw: ImageDraw.ImageDraw, words: str, width: int) -> None:
    shown = fit(drawable_text(words, ""), 17, width - 2 * PAD)
    text(draw, (PAD, PAD + TITLE_H / 2 - 2), shown, 17, anchor="lm", bold=True)


def _labels(draw: ImageDraw.ImageDraw, grid: Grid, left: float, top: float, cell: int) -> None:
    for col in range(grid.width):
        text(draw, (left + (col + 0.5) * cell, top - LABEL_H / 2), f"c{col + 1}", 12, MUTED)
    for row in range(grid.height):
        text(draw, (left - LABEL_W / 2, top + (row + 0.5) * cell), f"r{row + 1}", 12, MUTED)


def _cells(
    draw: ImageDraw.ImageDraw, grid: Grid, left: float, top: float, cell: int,
    shading: Sequence[bool],
) -> None:  # fmt: skip
    s = SCALE
    span_x, span_y = grid.width * cell, grid.height * cell
    draw.rectangle((left * s, top * s, (left + span_x) * s, (top + span_y) * s), fill=PAPER)
    for index, shaded in enumerate(shading[: grid.height * grid.width]):
        if shaded:
            row, col = divmod(index, grid.width)
            x, y = left + col * cell, top + row * cell
            draw.rectangle((x * s, y * s, (x + cell) * s, (y + cell) * s), fill=SHADE)
    for i in range(1, grid.width):
        x = (left + i * cell) * s
        draw.line((x, top * s, x, (top + span_y) * s), fill=GRID, width=s)
    for i in range(1, grid.height):
        y = (top + i * cell) * s
        draw.line((left * s, y, (left + span_x) * s, y), fill=GRID, width=s)


def _clues(
    image: PILImage.Image, grid: Grid, left: float, top: float, cell: int,
    marks: Mapping[int, bool] | None,
) -> None:  # fmt: skip
    draw = ImageDraw.Draw(image)
    s = SCALE
    for index, clue in enumerate(grid.clues):
        x, y = left + clue.col * cell, top + clue.row * cell
        corner = (round(x * s) + s // 2, round(y * s) + s // 2)
        image.paste(clue_tile(clue.colour, clue.value, cell * s - s), corner)
        if marks is not None and index in marks:
            mark(draw, (x + cell * 0.8) * s, (y + cell * 0.8) * s, cell * 0.2 * s, marks[index])


def _frame(draw: ImageDraw.ImageDraw, grid: Grid, left: float, top: float, cell: int) -> None:
    s = SCALE
    box = (left * s, top * s, (left + grid.width * cell) * s, (top + grid.height * cell) * s)
    draw.rectangle(box, outline=INK, width=2 * s)


def _legend(image: PILImage.Image, grid: Grid, top: float, with_marks: bool) -> None:
    """One line per colour (its swatch, letter and name), then what the marks mean."""
    draw = ImageDraw.Draw(image)
    s = SCALE
    side = 18
    for i, colour in enumerate(grid.colours):
        y = top + i * LEGEND_ROW
        image.paste(swatch(colour, side * s), (PAD * s, round(y * s)))
        draw.rectangle((PAD * s, y * s, (PAD + side) * s, (y + side) * s), outline=INK, width=s)
        look = clue_colour(colour)
        words = drawable_text(f"{look.letter} = {colour} ({look.pattern})", look.letter)
        text(draw, (PAD + side + 8, y + side / 2), words, 13, INK, "lm")
    if with_marks:
        y = top + len(grid.colours) * LEGEND_ROW + side / 2
        mark(draw, (PAD + side / 2) * s, y * s, side / 2 * s, True)
        text(draw, (PAD + side + 8, y), "satisfied", 13, INK, "lm")
        mark(draw, (PAD + side * 6.5) * s, y * s, side / 2 * s, False)
        text(draw, (PAD + side * 7 + 8, y), "not satisfied", 13, INK, "lm")


def grid_image(
    grid: Grid,
    shading: Sequence[bool] = (),
    *,
    title: str | None = None,
    marks: Mapping[int, bool] | None = None,
) -> bytes:
    """The grid with its clues, ``shading`` dark, and (``marks``: clue index →
    satisfied) a tick or a cross on each clue a query reports."""
    legend_rows = len(grid.colours) + (1 if marks else 0)
    width = max(PAD * 2 + LABEL_W + grid.width * CELL, 260)
    title_h = TITLE_H if title else 0
    grid_top = PAD + title_h + LABEL_H
    height = grid_top + grid.height * CELL + (PAD + legend_rows * LEGEND_ROW if legend_rows else 0)
    image, draw = canvas(width, height + PAD)
    if title:
        _title(draw, title, width)
    left = PAD + LABEL_W
    _labels(draw, grid, left, grid_top, CELL)
    _cells(draw, grid, left, grid_top, CELL, shading)
    _clues(image, grid, left, grid_top, CELL, marks)
    _frame(draw, grid, left, grid_top, CELL)
    if legend_rows:
        _legend(image, grid, grid_top + grid.height * CELL + PAD, bool(marks))
    return png(image, PUZZLE_FILENAME).data


def example_image(colour: str, example: Mapping[str, object], title: str) -> bytes:
    """A hint's example: a small grid, its shading, the clue (in ``colour``) with its
    value, and a thick frame round every cell the clue counts."""
    height, width = int(str(example.get("height", 5))), int(str(example.get("width", 5)))
    raw_shading = example.get("shading")
    shading = [bool(c) for c in raw_shading] if isinstance(raw_shading, list) else []
    clue = clue_of({**example, "colour": colour})
    grid = Grid(height, width, (GridClue(clue.row, clue.col, colour, clue.value),))
    raw_marked = example.get("marked")
    marked = [i for i in raw_marked if isinstance(i, int)] if isinstance(raw_marked, list) else []
    size = max(PAD * 2 + LABEL_W + width * SMALL_CELL, 220)
    top = PAD + TITLE_H + LABEL_H
    image, draw = canvas(size, top + height * SMALL_CELL + PAD)
    _title(draw, title, size)
    left = PAD + LABEL_W
    _labels(draw, grid, left, top, SMALL_CELL)
    _cells(draw, grid, left, top, SMALL_CELL, shading)
    s = SCALE
    for index in marked:
        row, col = divmod(index, width)
        x, y = left + col * SMALL_CELL, top + row * SMALL_CELL
        ring = PAPER if index < len(shading) and shading[index] else INK
        inset = 3
        box = ((x + inset) * s, (y + inset) * s, (x + SMALL_CELL - inset) * s,
               (y + SMALL_CELL - inset) * s)  # fmt: skip
        draw.rectangle(box, outline=ring, width=3 * s)
    _clues(image, grid, left, top, SMALL_CELL, None)
    _frame(draw, grid, left, top, SMALL_CELL)
    return png(image, "example.png").data


def puzzle_image(puzzle: Puzzle, shading: Sequence[bool] | None = None) -> bytes:
    """A puzzle's grid and clues (and a shading, e.g. its solution for the host)."""
    clues = tuple(GridClue(c.row, c.col, c.colour, c.value) for c in puzzle.clues)
    return grid_image(Grid(puzzle.height, puzzle.width, clues), shading or ())
