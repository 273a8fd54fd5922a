"""The Square Goofspiel board as a PNG, drawn with Pillow.

Built from the primitives in :mod:`bot.render.draw`: everything is drawn at
``SCALE``× and reduced at the end; the coordinates the helpers take are
unscaled pixels.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from PIL import ImageDraw

from bot.render.base import DEFAULT_NAMES, Image, seat_name
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
    font,
    png,
    seat_mark,
    text,
)
from bot.render.goofspiel._data import _cell, _clean_board
from games.goofspiel.board import LETTERS, SIZE, cell_name, column_worth, row_col, row_worth
from games.goofspiel.scoring import LineResult, line_results, points

BOARD_FILENAME = "board.png"
HIGHLIGHT_FILL = "#FFF6B0"  # the cell up for auction
VOID_FILL = "#ECEEF1"  # auctioned, nobody claimed it

# Layout, in unscaled pixels.
CELL = 64
PAD = 16
ROW_LABEL_W = 34
COL_LABEL_H = 26
WORTH_D = 34
MARK_D = 38
SMALL_MARK_D = 22
LEGEND_H = 106  # names, then up to three lines of notes
TITLE_H = 34

GRID_SPAN = CELL * SIZE  # the grid's width and height
SIDE_W = 10 + WORTH_D + 6 + SMALL_MARK_D  # worth circles and leader marks beside the grid

# -- layout, title and axis labels -------------------------------------------------


def _grid_origin(titled: bool) -> tuple[int, int]:
    return PAD + ROW_LABEL_W, PAD + (TITLE_H if titled else 0) + COL_LABEL_H


def cell_box(cell: str, *, titled: bool = False) -> tuple[int, int, int, int]:
    """Where ``cell`` sits in a :func:`board_image` (left, top, right, bottom),
    for an image drawn with (``titled``) or without a title."""
    row, col = row_col(cell)
    grid_x, grid_y = _grid_origin(titled)
    left, top = grid_x + (col - 1) * CELL, grid_y + (row - 1) * CELL
    return left, top, left + CELL, top + CELL


def _draw_title(draw: ImageDraw.ImageDraw, title: str, width: int) -> None:
    shown = fit(drawable_text(title, ""), 19, width - 2 * PAD)
    text(draw, (PAD, PAD + 12), shown, 19, anchor="lm", bold=True)


def _draw_axis_labels(draw: ImageDraw.ImageDraw, grid_x: int, grid_y: int) -> None:
    """Column and row numbers: c1…c6 across the top, r1…r6 down the left."""
    for i in range(1, SIZE + 1):
        cx = grid_x + (i - 0.5) * CELL
        cy = grid_y + (i - 0.5) * CELL
        text(draw, (cx, grid_y - COL_LABEL_H / 2), f"c{i}", 17, MUTED)
        text(draw, (PAD + ROW_LABEL_W / 2 - 2, cy), f"r{i}", 17, MUTED)


# -- the cells ---------------------------------------------------------------------


def _cell_letters(
    phase_cells: Sequence[str], current: str | None, current_letter: str | None
) -> dict[str, str]:
    """Auction letters by cell: this phase's cells A–F, plus ``current``'s letter."""
    letters = {str(c): LETTERS[i] for i, c in enumerate(list(phase_cells)[: len(LETTERS)])}
    if current and current_letter and current not in letters:
        letters[current] = current_letter
    return letters


def _unclaimed(
    auctioned: Collection[str],
    letters: Mapping[str, str],
    current: str | None,
    claims: Mapping[str, int],
) -> set[str]:
    """Cells auctioned without a winner: ``auctioned``, plus this phase's cells
    before ``current``, less the claimed ones and ``current`` itself."""
    gone = {str(c) for c in auctioned}
    order = list(letters)
    if current in order:
        gone.update(order[: order.index(current)])
    gone -= set(claims)
    gone.discard(current or "")
    return gone


def _hatch(draw: ImageDraw.ImageDraw, x0: float, y0: float, step: int = 12) -> None:
    """Diagonal hatching over one cell: auctioned, nobody claimed it."""
    s = SCALE
    for d in range(step, 2 * CELL, step):
        a = (x0 + max(0, d - CELL), y0 + min(d, CELL))
        b = (x0 + min(d, CELL), y0 + max(0, d - CELL))
        draw.line((a[0] * s, a[1] * s, b[0] * s, b[1] * s), fill=GRID, width=s)


def _cell_fill(seat: int | None, *, current: bool, gone: bool) -> str:
    if current and seat is None:
        return HIGHLIGHT_FILL
    if gone:
        return VOID_FILL
    return SEAT_TINTS[seat] if seat is not None else PAPER


def _draw_cell(
    draw: ImageDraw.ImageDraw,
    x0: float,
    y0: float,
    seat: int | None,
    letter: str | None,
    *,
    current: bool,
    gone: bool,
) -> None:
    """One cell: its fill, hatching if it went unclaimed, the claimant's mark and
    the auction letter (small in the corner once the cell is decided)."""
    s = SCALE
    fill = _cell_fill(seat, current=current, gone=gone)
    draw.rectangle((x0 * s, y0 * s, (x0 + CELL) * s, (y0 + CELL) * s), fill=fill)
    cx, cy = x0 + CELL / 2, y0 + CELL / 2
    if gone:
        _hatch(draw, x0, y0)
    if seat is not None or gone:
        if seat is not None:
            seat_mark(draw, seat, cx, cy, MARK_D)
        if letter:
            text(draw, (x0 + 10, y0 + 11), letter, 14, INK, bold=True)
    elif letter:
        colour = INK if current else MUTED
        text(draw, (cx, cy), letter, 30, colour, bold=current)


def _draw_cells(
    draw: ImageDraw.ImageDraw,
    grid_x: int,
    grid_y: int,
    *,
    claims: Mapping[str, int],
    letters: Mapping[str, str],
    gone: Collection[str],
    current: str | None,
) -> None:
    for row in range(1, SIZE + 1):
        for col in range(1, SIZE + 1):
            name = cell_name(row, col)
            x0 = grid_x + (col - 1) * CELL
            y0 = grid_y + (row - 1) * CELL
            seat, letter = claims.get(name), letters.get(name)
            _draw_cell(draw, x0, y0, seat, letter, current=name == current, gone=name in gone)


def _draw_grid(draw: ImageDraw.ImageDraw, grid_x: int, grid_y: int) -> None:
    """Grid lines, then the frame around them."""
    s = SCALE
    for i in range(SIZE + 1):
        x = (grid_x + i * CELL) * s
        y = (grid_y + i * CELL) * s
        draw.line((x, grid_y * s, x, (grid_y + GRID_SPAN) * s), fill=GRID, width=s)
        draw.line((grid_x * s, y, (grid_x + GRID_SPAN) * s, y), fill=GRID, width=s)
    frame = (grid_x * s, grid_y * s, (grid_x + GRID_SPAN) * s, (grid_y + GRID_SPAN) * s)
    draw.rectangle(frame, outline=INK, width=2 * s)


def _draw_current_frame(
    draw: ImageDraw.ImageDraw, grid_x: int, grid_y: int, current: str | None
) -> None:
    """A thick frame around the cell up for auction (or just resolved)."""
    rc = _cell(current) if current else None
    if rc is None:
        return
    s = SCALE
    x0 = grid_x + (rc[1] - 1) * CELL
    y0 = grid_y + (rc[0] - 1) * CELL
    draw.rectangle(
        ((x0 - 1) * s, (y0 - 1) * s, (x0 + CELL + 1) * s, (y0 + CELL + 1) * s),
        outline=INK,
        width=4 * s,
    )


# -- line worths and the legend ----------------------------------------------------


def _draw_leader(draw: ImageDraw.ImageDraw, x: float, y: float, line: LineResult | None) -> None:
    """Who leads ``line``: a small mark, "=" for a tie, nothing while it is empty."""
    if line is None or (line.totals[0] == 0 and line.totals[1] == 0):
        return
    if line.winner is None:
        text(draw, (x, y), "=", 20, MUTED, bold=True)
    else:
        seat_mark(draw, line.winner, x, y, SMALL_MARK_D)


def _draw_worth(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    value: int,
    line: LineResult | None,
    *,
    along_x: bool,
) -> None:
    """A line's worth in a circle, its leader beside it (``along_x``) or below it."""
    s = SCALE
    r = WORTH_D / 2
    draw.ellipse(
        ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s),
        fill=PAPER,
        outline=INK,
        width=2 * s,
    )
    text(draw, (cx, cy + 1), str(value), 17, INK, bold=True)
    offset = r + 6 + SMALL_MARK_D / 2
    mx, my = (cx + offset, cy) if along_x else (cx, cy + offset)
    _draw_leader(draw, mx, my, line)


def _draw_line_worths(
    draw: ImageDraw.ImageDraw, grid_x: int, grid_y: int, standings: Mapping[str, LineResult]
) -> None:
    """Each row's worth right of it and each column's below it, with their leaders."""
    side_x = grid_x + GRID_SPAN + 10 + WORTH_D / 2
    below_y = grid_y + GRID_SPAN + 10 + WORTH_D / 2
    for i in range(1, SIZE + 1):
        row_y = grid_y + (i - 0.5) * CELL
        _draw_worth(draw, side_x, row_y, row_worth(i), standings.get(f"row {i}"), along_x=True)
        column_x = grid_x + (i - 0.5) * CELL
        column = standings.get(f"column {i}")
        _draw_worth(draw, column_x, below_y, column_worth(i), column, along_x=False)


def _draw_player_key(
    draw: ImageDraw.ImageDraw, seat: int, left: float, y: float, half: float, label: str, won: int
) -> None:
    """One player in the legend: their mark, name (shortened to fit) and points."""
    s = SCALE
    seat_mark(draw, seat, left + 13, y, 26)
    score = f"  {won} pts"
    room = half - 44 - font(16).getlength(score) / s
    label = fit(drawable_text(label, f"Player {seat + 1}"), 18, room)
    text(draw, (left + 34, y), label, 18, INK, anchor="lm")
    after = left + 34 + font(18).getlength(label) / s
    text(draw, (after, y + 1), score, 16, MUTED, anchor="lm")


def _legend_notes(*, final: bool, hatched: bool) -> list[str]:
    notes = [
        "A cell counts its column number (c) in its row, its row number (r) in its column.",
        "Circles: each line's worth. Beside them: who "
        + ("won" if final else "leads")
        + " the line (= tied).",
    ]
    if hatched:
        notes.append("Hatched cells: auctioned, but nobody claimed them.")
    return notes


def _draw_legend(
    draw: ImageDraw.ImageDraw,
    top: int,
    width: int,
    names: Sequence[str],
    won: Sequence[int],
    *,
    final: bool,
    hatched: bool,
) -> None:
    """Under a rule at ``top``: each player's mark and name, then what the side
    marks (and any hatching) mean."""
    s = SCALE
    rule_y = top + 8
    draw.line((PAD * s, rule_y * s, (width - PAD) * s, rule_y * s), fill=GRID, width=s)
    legend_y = rule_y + 22
    half = (width - 2 * PAD) / 2
    for seat in (0, 1):
        name = seat_name(names, seat)
        _draw_player_key(draw, seat, PAD + seat * half, legend_y, half, name, won[seat])
    for i, note in enumerate(_legend_notes(final=final, hatched=hatched)):
        text(draw, (PAD, legend_y + 28 + 18 * i), fit(note, 13, width - 2 * PAD), 13, MUTED, "lm")


# -- the board ---------------------------------------------------------------------


def board_image(
    board: Mapping[str, int],
    *,
    names: Sequence[str] = DEFAULT_NAMES,
    current: str | None = None,
    phase_cells: Sequence[str] = (),
    title: str = "",
    current_letter: str | None = None,
    final: bool = False,
    auctioned: Collection[str] = (),
) -> Image:
    """The 6×6 board as a PNG.

    Column numbers (a cell's value within its row) run along the top, row
    numbers (its value within its column) down the left; line worths sit in
    circles below each column and right of each row, and beside each circle a
    small mark shows who leads that line now ("=" for a tie). ``phase_cells``
    are labelled A–F; ``current`` (the cell up for auction, or just resolved)
    gets a thick frame and its letter. Cells auctioned without a winner
    (``auctioned``, plus this phase's cells before ``current``) are hatched.
    The legend gives each player's points from the lines they lead
    (``final``: have won).
    """
    claims = _clean_board(board)
    letters = _cell_letters(phase_cells, current, current_letter)
    gone = _unclaimed(auctioned, letters, current, claims)
    results = line_results(claims)

    grid_x, grid_y = _grid_origin(bool(title))
    width = grid_x + GRID_SPAN + SIDE_W + PAD
    height = grid_y + GRID_SPAN + SIDE_W + LEGEND_H + PAD
    img, draw = canvas(width, height)

    if title:
        _draw_title(draw, title, width)
    _draw_axis_labels(draw, grid_x, grid_y)
    _draw_cells(draw, grid_x, grid_y, claims=claims, letters=letters, gone=gone, current=current)
    _draw_grid(draw, grid_x, grid_y)
    _draw_current_frame(draw, grid_x, grid_y, current)
    _draw_line_worths(draw, grid_x, grid_y, {line.line: line for line in results})
    legend_top = grid_y + GRID_SPAN + SIDE_W
    won = points(results)
    _draw_legend(draw, legend_top, width, names, won, final=final, hatched=bool(gone))
    return png(img, BOARD_FILENAME)
