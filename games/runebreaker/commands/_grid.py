"""Index maps over a flat row-major board, computed once per size.

A map is a tuple giving, for every target cell, the index of the source cell
it takes its content from, or -1 for "empty" (the cells are padded with a
trailing None so -1 lands on it). This keeps commands to one tuple build each:
``moving`` turns a map into one C-level gather, worked out once per map, and
``takers`` does the same for each line of the board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter

from games.runebreaker.board import Board, Cell

IndexMap = tuple[int, ...]
Line = tuple[int, ...]

STEPS: dict[str, tuple[int, int]] = {
    "up": (-1, 0),
    "down": (1, 0),
    "left": (0, -1),
    "right": (0, 1),
}


#: Picks cells out of a board's cells: a map or a line, in one C-level call.
Gather = Callable[[Sequence[Cell]], tuple[Cell, ...]]


def remap(board: Board, gather: Gather) -> Board:
    """``board`` moved by a map made a gather by :func:`moving`."""
    return Board(board.size, gather(board.cells))


@cache
def moving(build: Callable[..., IndexMap], *args: object) -> Gather:
    """The map ``build(*args)`` as one gather, asked for by the map's builder and
    arguments (a remap is a command's whole work: looking its map up by a few
    small values, not by its hundred indexes, is a good part of it)."""
    return gather(build(*args))


def gather(sources: IndexMap) -> Gather:
    """The map ``sources`` as one gather (for maps a caller caches itself)."""
    take = _picker(sources)
    if -1 not in sources:  # no cell becomes empty: no padding to add
        return take
    return lambda cells: take((*cells, None))


def _picker(indexes: tuple[int, ...]) -> Gather:
    if len(indexes) == 1:  # itemgetter of one index gives the item, not a tuple
        only = indexes[0]
        return lambda cells: (cells[only],)
    return itemgetter(*indexes)


@cache
def takers(build: Callable[..., tuple[Line, ...]], *args: object) -> tuple[Gather, ...]:
    """Each of the lines ``build(*args)`` as a gather of its cells, asked for like
    :func:`moving`."""
    return tuple(_picker(line) for line in build(*args))


def _build(size: int, source: Callable[[int, int], tuple[int, int]]) -> IndexMap:
    out = []
    for row in range(size):
        for col in range(size):
            r, c = source(row, col)
            out.append(r * size + c if 0 <= r < size and 0 <= c < size else -1)
    return tuple(out)


@cache
def rotation(size: int, turns: int) -> IndexMap:
    """Clockwise by ``turns`` degrees (90, 180, 270)."""
    last = size - 1
    sources: dict[int, Callable[[int, int], tuple[int, int]]] = {
        90: lambda r, c: (last - c, r),
        180: lambda r, c: (last - r, last - c),
        270: lambda r, c: (c, last - r),
    }
    return _build(size, sources[turns])


@cache
def mirror(size: int, axis: str) -> IndexMap:
    last = size - 1
    if axis == "left-right":
        return _build(size, lambda r, c: (r, last - c))
    return _build(size, lambda r, c: (last - r, c))


@cache
def transposition(size: int) -> IndexMap:
    return _build(size, lambda r, c: (c, r))


@cache
def translation(size: int, direction: str, count: int) -> IndexMap:
    dr, dc = STEPS[direction]
    return _build(size, lambda r, c: (r - dr * count, c - dc * count))


@cache
def half_mirror(size: int, source: str) -> IndexMap:
    """Each cell of the far half takes its mirror image from the ``source`` half."""
    last = size - 1
    pick: dict[str, Callable[[int, int], tuple[int, int]]] = {
        "left": lambda r, c: (r, min(c, last - c)),
        "right": lambda r, c: (r, max(c, last - c)),
        "up": lambda r, c: (min(r, last - r), c),
        "down": lambda r, c: (max(r, last - r), c),
    }
    return _build(size, pick[source])


@cache
def rows(size: int) -> tuple[Line, ...]:
    return tuple(tuple(range(r * size, (r + 1) * size)) for r in range(size))


@cache
def columns(size: int) -> tuple[Line, ...]:
    return tuple(tuple(range(c, size * size, size)) for c in range(size))


@cache
def falling_lines(size: int, direction: str) -> tuple[Line, ...]:
    """The lines objects fall along, each listed from the edge they fall towards."""
    lines = rows(size) if direction in ("left", "right") else columns(size)
    if direction in ("right", "down"):
        return tuple(line[::-1] for line in lines)
    return lines


@cache
def neighbours(size: int) -> tuple[Line, ...]:
    """Each cell's orthogonal neighbours in reading order: up, left, right, down."""
    out = []
    for row in range(size):
        for col in range(size):
            near = ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col))
            out.append(tuple(r * size + c for r, c in near if 0 <= r < size and 0 <= c < size))
    return tuple(out)


@cache
def border(size: int) -> Line:
    last = size - 1
    return tuple(
        r * size + c for r in range(size) for c in range(size) if r in (0, last) or c in (0, last)
    )


@cache
def unfolding(size: int, direction: str) -> IndexMap:
    """Where each cell is in the falling lines read one after another: the map that
    puts those lines' contents, laid end to end, back on the board."""
    order = [index for line in falling_lines(size, direction) for index in line]
    at = [0] * (size * size)
    for position, index in enumerate(order):
        at[index] = position
    return tuple(at)
