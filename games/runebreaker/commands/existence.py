"""Existence: commands that remove objects or add copies of them."""

from __future__ import annotations

from collections.abc import Callable

from games.runebreaker.board import Board, Cell
from games.runebreaker.commands import _grid
from games.runebreaker.commands._base import CommandError, Entry, Param, primitive
from games.runebreaker.pieces import COLOUR_NAMES, SHAPE_NAMES, colour_of, describe, shape_of


def _picked(board: Board, picks: Callable[[str], bool]) -> frozenset[Cell]:
    """The different objects on the board that ``picks`` picks (at most 36, however
    big the board): each is asked about once, not once per cell."""
    present = set(board.cells)
    present.discard(None)
    return frozenset(piece for piece in present if piece is not None and picks(piece))


def _without(board: Board, gone: frozenset[Cell]) -> Board:
    return Board(board.size, tuple([None if c in gone else c for c in board.cells]))


def _remove(board: Board, doomed: Callable[[str], bool], reason: str) -> Board:
    """``board`` without the objects ``doomed`` picks; CommandError(reason) if it picks none."""
    gone = _picked(board, doomed)
    if not gone:
        raise CommandError(reason)
    return _without(board, gone)


def _require(board: Board, wanted: Callable[[str], bool], reason: str) -> None:
    if not _picked(board, wanted):
        raise CommandError(reason)


def delete_colour(board: Board, colour: str) -> Board:
    return _remove(board, lambda p: p[0] == colour, f"no {COLOUR_NAMES[colour]} object to delete")


def delete_shape(board: Board, shape: str) -> Board:
    return _remove(board, lambda p: p[1] == shape, f"no {SHAPE_NAMES[shape]} to delete")


def delete_object(board: Board, piece: str) -> Board:
    return _remove(board, lambda p: p == piece, f"no {describe(piece)} to delete")


def keep_colour(board: Board, colour: str) -> Board:
    _require(board, lambda p: colour_of(p) == colour, f"no {COLOUR_NAMES[colour]} object to keep")
    return _remove_or_same(board, lambda p: colour_of(p) != colour)


def keep_shape(board: Board, shape: str) -> Board:
    _require(board, lambda p: shape_of(p) == shape, f"no {SHAPE_NAMES[shape]} to keep")
    return _remove_or_same(board, lambda p: shape_of(p) != shape)


def _remove_or_same(board: Board, doomed: Callable[[str], bool]) -> Board:
    return _without(board, _picked(board, doomed))


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
