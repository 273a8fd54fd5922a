"""Index maps over a flat row-major board, computed once per size.

A map is a tuple giving, for every target cell, the index of the source cell
it takes its content from, or -1 for "empty": ``remap`` pads the cells with a
trailing None so -1 lands on it. This keeps commands to one tuple build each.
"""

from __future__ import annotations

from collections.abc import Callable
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


def remap(board: Board, sources: IndexMap) -> Board:
    return Board(board.size, _gatherer(sources)((*board.cells, None)))


@cache
def _gatherer(sources: IndexMap) -> Callable[[tuple[Cell, ...]], tuple[Cell, ...]]:
    """The cells ``sources`` picks, in one C-level call (a remap is a command's whole work)."""
    if len(sources) == 1:  # itemgetter of one index gives the item, not a tuple
        only = sources[0]
        return lambda cells: (cells[only],)
    return itemgetter(*sources)


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


def fill(board: Board, lines: tuple[Line, ...], contents: list[list[Cell]]) -> Board:
    """``board`` with each line's cells overwritten by its contents (then emptied)."""
    cells: list[Cell] = list(board.cells)
    for line, content in zip(lines, contents, strict=True):
        for index, cell in zip(line, content + [None] * (len(line) - len(content)), strict=True):
            cells[index] = cell
    return Board(board.size, tuple(cells))
