"""Order: commands that rearrange objects among cells, line by line or half by half.

Sorting and reversing keep the occupied cells where they are and only change
which object sits in which of them, so the board's silhouette survives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
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


#: Lines remembered per way of ordering them, at most (then the memory starts over).
LINES_KEPT = 1 << 15

Line = tuple[Cell, ...]


class _Reordering:
    """One way of reordering a line's objects (``order``, given the objects in
    reading order), with what it did to every line met so far: a search's boards
    differ from one another by a cell or two, so most of their lines were met
    before, and a line's new order is one dict lookup instead of a loop over
    its cells."""

    def __init__(self, order: Callable[[list[str]], list[str]]) -> None:
        self.order = order
        #: Each line met, to the line reordered; an empty tuple when its order
        #: stays (no line is empty).
        self.met: dict[Line, Line] = {}

    def learn(self, cells: Line) -> Line:
        """What the order does to a line not met yet (remembered)."""
        # An object is never empty text: ``filter`` keeps exactly the objects,
        # and ``and`` leaves an empty cell empty and fills the others in turn.
        pieces = cast("list[str]", list(filter(None, cells)))
        after: Line = ()
        if len(pieces) > 1:  # one object or none: no order to change
            reordered = self.order(pieces)
            if reordered != pieces:
                placed = iter(reordered).__next__
                after = tuple([cell and placed() for cell in cells])
        if len(self.met) >= LINES_KEPT:
            self.met.clear()
        self.met[cells] = after
        return after


def _rearrange(board: Board, across: str, reordering: _Reordering) -> Board:
    """Each line's objects reordered, put back into the cells they occupied: rows
    (``across`` "left") or columns ("up"), read as the falling lines that way."""
    # Lines never share a cell, so each reads the board as it was. A board no
    # line changes is returned as it is (the callers' ``unchanged`` then answers
    # ERROR); else the lines, laid end to end, go back on the board in one gather.
    size, old = board.size, board.cells
    met = reordering.met
    laid: list[Cell] = []
    changed = False
    for take in _grid.takers(_grid.falling_lines, size, across):
        cells = take(old)
        after = met.get(cells)
        if after is None:
            after = reordering.learn(cells)
        if after:
            laid += after
            changed = True
        else:
            laid += cells
    if not changed:
        return board
    return Board(size, _grid.moving(_grid.unfolding, size, across)(laid))


_SORTED = {key: _Reordering(partial(sorted, key=by)) for key, by in _SORT_KEYS.items()}
_REVERSED = _Reordering(lambda ps: ps[::-1])


def sort_rows(board: Board, key: str) -> Board:
    after = _rearrange(board, "left", _SORTED[key])
    return unchanged(board, after, f"every row is already sorted by {key}")


def sort_columns(board: Board, key: str) -> Board:
    after = _rearrange(board, "up", _SORTED[key])
    return unchanged(board, after, f"every column is already sorted by {key}")


def reverse_rows(board: Board) -> Board:
    after = _rearrange(board, "left", _REVERSED)
    return unchanged(board, after, "every row reads the same backwards")


def reverse_columns(board: Board) -> Board:
    after = _rearrange(board, "up", _REVERSED)
    return unchanged(board, after, "every column reads the same backwards")


def symmetrize(board: Board, source: str) -> Board:
    after = _grid.remap(board, _grid.moving(_grid.half_mirror, board.size, source))
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
