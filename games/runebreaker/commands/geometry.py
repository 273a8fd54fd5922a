"""Geometry: commands that move objects without changing them.

Anything moved past the edge is cut off (rules: the probe shows only the
region centred on its own 4×4 board).
"""

from __future__ import annotations

from functools import cache

from games.runebreaker.board import Board, Cell
from games.runebreaker.commands import _grid
from games.runebreaker.commands._base import CommandError, Entry, Param, primitive, unchanged


def rotate(board: Board, turns: int) -> Board:
    after = _grid.remap(board, _grid.moving(_grid.rotation, board.size, turns))
    return unchanged(board, after, f"the board looks the same rotated {turns}°")


def flip(board: Board, axis: str) -> Board:
    after = _grid.remap(board, _grid.moving(_grid.mirror, board.size, axis))
    return unchanged(board, after, f"the board looks the same flipped {axis}")


def transpose(board: Board) -> Board:
    after = _grid.remap(board, _grid.moving(_grid.transposition, board.size))
    return unchanged(board, after, "the board looks the same transposed")


def shift(board: Board, direction: str, count: int) -> Board:
    after = _grid.remap(board, _grid.moving(_grid.translation, board.size, direction, count))
    if after.is_empty:
        raise CommandError(f"no object would stay on the board after shifting {direction}")
    return after


def gravity(board: Board, direction: str) -> Board:
    # Each falling line's objects (an object is never empty text, so ``filter``
    # keeps exactly the objects), then its empty cells, laid end to end and put
    # back on the board in one gather.
    size, cells = board.size, board.cells
    laid: list[Cell] = []
    for take in _grid.takers(_grid.falling_lines, size, direction):
        fallen = list(filter(None, take(cells)))
        laid += fallen
        laid += [None] * (size - len(fallen))
    after = Board(size, _grid.moving(_grid.unfolding, size, direction)(laid))
    return unchanged(board, after, f"nothing would fall {direction}")


def slide(board: Board, line: int, direction: str) -> Board:
    across = "row" if direction in ("left", "right") else "column"
    if line > board.size:
        raise CommandError(f"there is no {across} {line} on a {board.size}×{board.size} board")
    move, take = _slide_map(board.size, line, direction)
    in_line = take(board.cells)
    if in_line.count(None) == len(in_line):
        raise CommandError(f"{across} {line} has no object to slide")
    return _grid.remap(board, move)


@cache
def _slide_map(size: int, line: int, direction: str) -> tuple[_grid.Gather, _grid.Gather]:
    """The map moving one row (left/right) or column (up/down) by a cell, and that
    line's cells, each as a gather."""
    lines = _grid.rows(size) if direction in ("left", "right") else _grid.columns(size)
    moved = _grid.translation(size, direction, 1)
    cells = lines[line - 1]
    in_line = frozenset(cells)
    sources = tuple(moved[i] if i in in_line else i for i in range(size * size))
    return _grid.gather(sources), _grid.gather(cells)


_DIRECTION = Param("direction", "direction")

ENTRIES: tuple[Entry, ...] = (
    primitive(
        "rotate",
        "geometry",
        "Turn the whole board clockwise by 90°, 180° or 270°.",
        "ERROR if the board would look the same afterwards (for example when it is empty).",
        "rotate {turns} clockwise",
        rotate,
        Param("turns", "turns"),
    ),
    primitive(
        "flip",
        "geometry",
        "Mirror the board: left-right swaps the columns, top-bottom the rows.",
        "ERROR if the board would look the same afterwards.",
        "flip {axis}",
        flip,
        Param("axis", "axis"),
    ),
    primitive(
        "transpose",
        "geometry",
        "Mirror the board in its top-left to bottom-right diagonal: rows become columns.",
        "ERROR if the board would look the same afterwards.",
        "transpose",
        transpose,
    ),
    primitive(
        "shift",
        "geometry",
        "Move every object n cells in a direction; objects pushed off the edge are lost.",
        "ERROR if no object would stay on the board.",
        "shift {direction} by {count}",
        shift,
        _DIRECTION,
        Param("count", "count"),
    ),
    primitive(
        "gravity",
        "geometry",
        "Every object falls in a direction until it meets the edge or another object.",
        "ERROR if nothing would move.",
        "gravity {direction}",
        gravity,
        _DIRECTION,
    ),
    primitive(
        "slide",
        "geometry",
        "Move row n (left/right) or column n (up/down) one cell; an object pushed off is lost.",
        "ERROR if that row or column is empty or not on the board.",
        "slide line {line} {direction}",
        slide,
        Param("line", "index"),
        _DIRECTION,
    ),
)
