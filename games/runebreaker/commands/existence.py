"""Existence: commands that remove objects or add copies of them."""

from __future__ import annotations

from typing import cast

from games.runebreaker.board import Board, Cell
from games.runebreaker.commands import _grid
from games.runebreaker.commands._base import CommandError, Entry, Param, primitive
from games.runebreaker.pieces import COLOUR_NAMES, SHAPE_NAMES, describe


def _objects(board: Board) -> set[str]:
    """The different objects on the board (at most 36, however big the board): each
    command asks about each once, not once per cell."""
    found = set(board.cells)
    found.discard(None)
    return cast("set[str]", found)


def _without(board: Board, objects: set[str], gone: set[str]) -> Board:
    """``board`` with every copy of the ``gone`` objects removed, each cell looked up
    in one C-level pass."""
    table: dict[Cell, Cell] = {piece: None if piece in gone else piece for piece in objects}
    table[None] = None
    return Board(board.size, tuple(map(table.__getitem__, board.cells)))


def delete_colour(board: Board, colour: str) -> Board:
    objects = _objects(board)
    gone = {p for p in objects if p[0] == colour}
    if not gone:
        raise CommandError(f"no {COLOUR_NAMES[colour]} object to delete")
    return _without(board, objects, gone)


def delete_shape(board: Board, shape: str) -> Board:
    objects = _objects(board)
    gone = {p for p in objects if p[1] == shape}
    if not gone:
        raise CommandError(f"no {SHAPE_NAMES[shape]} to delete")
    return _without(board, objects, gone)


def delete_object(board: Board, piece: str) -> Board:
    objects = _objects(board)
    if piece not in objects:
        raise CommandError(f"no {describe(piece)} to delete")
    return _without(board, objects, {piece})


def keep_colour(board: Board, colour: str) -> Board:
    objects = _objects(board)
    gone = {p for p in objects if p[0] != colour}
    if len(gone) == len(objects):  # none of that colour
        raise CommandError(f"no {COLOUR_NAMES[colour]} object to keep")
    return _without(board, objects, gone)


def keep_shape(board: Board, shape: str) -> Board:
    objects = _objects(board)
    gone = {p for p in objects if p[1] != shape}
    if len(gone) == len(objects):  # none of that shape
        raise CommandError(f"no {SHAPE_NAMES[shape]} to keep")
    return _without(board, objects, gone)


def duplicate(board: Board, direction: str) -> Board:
    """Each object copies itself into the next cell in ``direction`` if that cell is empty.

    Every target cell has exactly one source (the cell behind it), so there
    are no ties; copies past the edge are lost.
    """
    padded = (*board.cells, None)
    sources = _grid.translation(board.size, direction, 1)
    cells = tuple(
        [c if c is not None else padded[s] for c, s in zip(board.cells, sources, strict=True)]
    )
    if cells == board.cells:
        raise CommandError(f"no object has an empty cell {_towards(direction)} it to copy into")
    return Board(board.size, cells)


def _towards(direction: str) -> str:
    return {"up": "above", "down": "below", "left": "left of", "right": "right of"}[direction]


def grow(board: Board) -> Board:
    """Each empty cell next to an object takes a copy of its first neighbour in reading order."""
    old = board.cells
    cells: list[Cell] = list(old)
    grew = False
    # Plain loops, no generator per cell: a search runs this on 10×10 boards by
    # the thousand.
    for index, near in enumerate(_grid.neighbours(board.size)):
        if old[index] is None:
            for i in near:
                piece = old[i]
                if piece is not None:
                    cells[index], grew = piece, True
                    break
    if not grew:
        raise CommandError("no object has an empty neighbour to grow into")
    return Board(board.size, tuple(cells))


def remove_isolated(board: Board) -> Board:
    old = board.cells
    cells: list[Cell] = list(old)
    removed = False
    for index, near in enumerate(_grid.neighbours(board.size)):
        if old[index] is not None:
            for i in near:
                if old[i] is not None:
                    break
            else:  # no neighbour: it stands alone
                cells[index], removed = None, True
    if not removed:
        raise CommandError("no object stands alone (every object touches another)")
    return Board(board.size, tuple(cells))


def clear_border(board: Board) -> Board:
    edge = _grid.border(board.size)
    if all(board.cells[i] is None for i in edge):
        raise CommandError("no object on the edge of the board")
    cells: list[Cell] = list(board.cells)
    for index in edge:
        cells[index] = None
    return Board(board.size, tuple(cells))


def remove_copies(board: Board) -> Board:
    seen: set[str] = set()
    cells: list[Cell] = []
    for cell in board.cells:
        cells.append(None if cell in seen else cell)
        if cell is not None:
            seen.add(cell)
    after = tuple(cells)
    if after == board.cells:
        raise CommandError("no two objects are identical")
    return Board(board.size, after)


ENTRIES: tuple[Entry, ...] = (
    primitive(
        "delete-colour",
        "existence",
        "Remove every object of one colour.",
        "ERROR if there is no object of that colour.",
        "delete {colour} objects",
        delete_colour,
        Param("colour", "colour"),
    ),
    primitive(
        "delete-shape",
        "existence",
        "Remove every object of one shape.",
        "ERROR if there is no object of that shape.",
        "delete {shape}s",
        delete_shape,
        Param("shape", "shape"),
    ),
    primitive(
        "delete-object",
        "existence",
        "Remove every copy of one object (one colour and shape).",
        "ERROR if that object is not on the board.",
        "delete every {object}",
        delete_object,
        Param("object", "piece"),
    ),
    primitive(
        "keep-colour",
        "existence",
        "Remove every object that is not of one colour.",
        "ERROR if there is no object of that colour.",
        "keep only {colour} objects",
        keep_colour,
        Param("colour", "colour"),
    ),
    primitive(
        "keep-shape",
        "existence",
        "Remove every object that is not of one shape.",
        "ERROR if there is no object of that shape.",
        "keep only {shape}s",
        keep_shape,
        Param("shape", "shape"),
    ),
    primitive(
        "duplicate",
        "existence",
        "Each object copies itself into the next cell in a direction, if that cell is empty.",
        "ERROR if no object has an empty cell on that side.",
        "duplicate {direction}",
        duplicate,
        Param("direction", "direction"),
    ),
    primitive(
        "grow",
        "existence",
        "Each empty cell beside an object gets a copy of it (first of above, left, right, below).",
        "ERROR if no object has an empty neighbour.",
        "grow",
        grow,
    ),
    primitive(
        "remove-isolated",
        "existence",
        "Remove every object with no object above, below, left or right of it.",
        "ERROR if every object touches another.",
        "remove isolated objects",
        remove_isolated,
    ),
    primitive(
        "clear-border",
        "existence",
        "Remove every object in the outer ring of cells.",
        "ERROR if no object is on the edge.",
        "clear the border",
        clear_border,
    ),
    primitive(
        "remove-copies",
        "existence",
        "Of identical objects, keep only the first in reading order.",
        "ERROR if no two objects are identical.",
        "remove copies",
        remove_copies,
    ),
)
