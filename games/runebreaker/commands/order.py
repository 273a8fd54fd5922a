"""Order: commands that rearrange objects among cells, line by line or half by half.

Sorting and reversing keep the occupied cells where they are and only change
which object sits in which of them, so the board's silhouette survives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import cast

from games.runebreaker.board import Board, Cell
from games.runebreaker.commands import _grid
from games.runebreaker.commands._base import Entry, Param, primitive, unchanged
from games.runebreaker.pieces import COLOUR_RANK, SHAPE_RANK


# Cached: a sort asks for the key of the same few objects over and over.
@cache
def _colour_major(piece: str) -> tuple[int, int]:
    return COLOUR_RANK[piece[0]], SHAPE_RANK[piece[1]]


@cache
def _shape_major(piece: str) -> tuple[int, int]:
    return SHAPE_RANK[piece[1]], COLOUR_RANK[piece[0]]


_SORT_KEYS: dict[str, Callable[[str], tuple[int, int]]] = {
    "colour": _colour_major,
    "shape": _shape_major,
}


def _rearrange(
    board: Board, lines: tuple[_grid.Line, ...], order: Callable[[list[str]], list[str]]
) -> Board:
    """Each line's objects reordered by ``order``, put back into the cells they occupied."""
    # Lines never share a cell, so each reads the board as it was; a line whose
    # order stays is not written back, and a board no line changes is returned
    # as it is (the callers' ``unchanged`` then answers ERROR).
    old = board.cells
    cells: list[Cell] | None = None
    for line in lines:
        occupied = [i for i in line if old[i] is not None]
        if len(occupied) < 2:  # one object or none: no order to change
            continue
        pieces = cast("list[str]", [old[i] for i in occupied])
        reordered = order(pieces)
        if reordered == pieces:
            continue
        if cells is None:
            cells = list(old)
        for index, piece in zip(occupied, reordered, strict=True):
            cells[index] = piece
    return board if cells is None else Board(board.size, tuple(cells))


def sort_rows(board: Board, key: str) -> Board:
    after = _rearrange(board, _grid.rows(board.size), lambda ps: sorted(ps, key=_SORT_KEYS[key]))
    return unchanged(board, after, f"every row is already sorted by {key}")


def sort_columns(board: Board, key: str) -> Board:
    after = _rearrange(board, _grid.columns(board.size), lambda ps: sorted(ps, key=_SORT_KEYS[key]))
    return unchanged(board, after, f"every column is already sorted by {key}")


def reverse_rows(board: Board) -> Board:
    after = _rearrange(board, _grid.rows(board.size), lambda ps: ps[::-1])
    return unchanged(board, after, "every row reads the same backwards")


def reverse_columns(board: Board) -> Board:
    after = _rearrange(board, _grid.columns(board.size), lambda ps: ps[::-1])
    return unchanged(board, after, "every column reads the same backwards")


def symmetrize(board: Board, source: str) -> Board:
    after = _grid.remap(board, _grid.half_mirror(board.size, source))
    return unchanged(board, after, f"the board is already symmetric with its {source} half")


_KEY = Param("key", "key")

ENTRIES: tuple[Entry, ...] = (
    primitive(
        "sort-rows",
        "order",
        "Sort each row's objects left to right by colour or by shape, in the cells the row fills.",
        "ERROR if every row is already sorted that way.",
        "sort rows by {key}",
        sort_rows,
        _KEY,
    ),
    primitive(
        "sort-columns",
        "order",
        "Sort each column's objects top to bottom by colour or by shape, in the cells it fills.",
        "ERROR if every column is already sorted that way.",
        "sort columns by {key}",
        sort_columns,
        _KEY,
    ),
    primitive(
        "reverse-rows",
        "order",
        "Reverse the order of each row's objects, in the cells the row fills.",
        "ERROR if every row already reads the same backwards.",
        "reverse each row",
        reverse_rows,
    ),
    primitive(
        "reverse-columns",
        "order",
        "Reverse the order of each column's objects, in the cells the column fills.",
        "ERROR if every column already reads the same backwards.",
        "reverse each column",
        reverse_columns,
    ),
    primitive(
        "symmetrize",
        "order",
        "Mirror one half (left, right, up or down) onto the other half; an odd middle line stays.",
        "ERROR if the board is already symmetric that way.",
        "symmetrize {source} half over the other",
        symmetrize,
        Param("source", "direction"),
    ),
)
