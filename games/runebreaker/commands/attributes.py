"""Attributes: commands that change what objects are, never where they are."""

from __future__ import annotations

from typing import cast

from games.runebreaker.board import Board, Cell
from games.runebreaker.commands._base import CommandError, Entry, Param, primitive
from games.runebreaker.pieces import (
    COLOUR_NAMES,
    COLOUR_RANK,
    SHAPE_NAMES,
    SHAPE_RANK,
)


def _objects(board: Board) -> set[str]:
    """The different objects on the board (a board holds at most 36, however big)."""
    found = set(board.cells)
    found.discard(None)
    return cast("set[str]", found)


def _recast(board: Board, table: dict[Cell, Cell]) -> Board:
    """Every cell looked up in ``table`` (each different object worked out once by
    the caller, mapped to what it becomes), in one C-level pass; empty stays empty."""
    table[None] = None
    return Board(board.size, tuple(map(table.__getitem__, board.cells)))


# Each command below reads the board's different objects once and builds its
# table with a comprehension, not a call per object: a search runs these on
# 10×10 boards by the thousand.


def recolour(board: Board, source: str, target: str) -> Board:
    objects = _objects(board)
    if source not in {p[0] for p in objects}:
        raise CommandError(f"no {COLOUR_NAMES[source]} object to recolour")
    return _recast(board, {p: target + p[1] if p[0] == source else p for p in objects})


def reshape(board: Board, source: str, target: str) -> Board:
    objects = _objects(board)
    if source not in {p[1] for p in objects}:
        raise CommandError(f"no {SHAPE_NAMES[source]} to reshape")
    return _recast(board, {p: p[0] + target if p[1] == source else p for p in objects})


def swap_colours(board: Board, first: str, second: str) -> Board:
    objects = _objects(board)
    present = {p[0] for p in objects}
    missing = [c for c in (first, second) if c not in present]
    if missing:
        raise CommandError(f"no {COLOUR_NAMES[missing[0]]} object to swap")
    swapped = {first: second, second: first}
    return _recast(board, {p: swapped.get(p[0], p[0]) + p[1] for p in objects})


def swap_shapes(board: Board, first: str, second: str) -> Board:
    objects = _objects(board)
    present = {p[1] for p in objects}
    missing = [s for s in (first, second) if s not in present]
    if missing:
        raise CommandError(f"no {SHAPE_NAMES[missing[0]]} to swap")
    swapped = {first: second, second: first}
    return _recast(board, {p: p[0] + swapped.get(p[1], p[1]) for p in objects})


def _cycle(present: set[str], rank: dict[str, int]) -> dict[str, str]:
    """Each present letter to the next present one in palette order, the last to the first.

    Cycling among the letters on the board (not the whole palette) keeps the
    command the same whatever palette the round uses.
    """
    ordered = sorted(present, key=rank.__getitem__)
    return dict(zip(ordered, ordered[1:] + ordered[:1], strict=True))


def cycle_colours(board: Board) -> Board:
    objects = _objects(board)
    present = {p[0] for p in objects}
    if len(present) < 2:
        raise CommandError("fewer than two colours on the board to cycle")
    nxt = _cycle(present, COLOUR_RANK)
    return _recast(board, {p: nxt[p[0]] + p[1] for p in objects})


def cycle_shapes(board: Board) -> Board:
    objects = _objects(board)
    present = {p[1] for p in objects}
    if len(present) < 2:
        raise CommandError("fewer than two shapes on the board to cycle")
    nxt = _cycle(present, SHAPE_RANK)
    return _recast(board, {p: p[0] + nxt[p[1]] for p in objects})


def paint(board: Board, colour: str) -> Board:
    objects = _objects(board)
    if not {p[0] for p in objects} - {colour}:
        raise CommandError(f"no object that is not {COLOUR_NAMES[colour]} to paint")
    return _recast(board, {p: colour + p[1] for p in objects})


def paint_rows(board: Board) -> Board:
    # One pass over the flat cells, copying them only once an object changes:
    # a search runs this on 10×10 boards by the thousand.
    n = board.size
    old = board.cells
    cells: list[Cell] | None = None
    for start in range(0, n * n, n):
        colour: str | None = None
        for index in range(start, start + n):
            piece = old[index]
            if piece is None:
                continue
            if colour is None:
                colour = piece[0]  # the leftmost object's colour
            painted = colour + piece[1]
            if painted != piece:
                if cells is None:
                    cells = list(old)
                cells[index] = painted
    if cells is None:
        raise CommandError("every row is already one colour")
    return Board(n, tuple(cells))


_COLOUR = Param("colour", "colour")

ENTRIES: tuple[Entry, ...] = (
    primitive(
        "recolour",
        "attributes",
        "Every object of one colour takes another colour.",
        "ERROR if there is no object of the first colour.",
        "recolour {source} → {target}",
        recolour,
        Param("source", "colour"),
        Param("target", "colour"),
        distinct=True,
    ),
    primitive(
        "reshape",
        "attributes",
        "Every object of one shape takes another shape.",
        "ERROR if there is no object of the first shape.",
        "reshape {source} → {target}",
        reshape,
        Param("source", "shape"),
        Param("target", "shape"),
        distinct=True,
    ),
    primitive(
        "swap-colours",
        "attributes",
        "Objects of two colours trade colours.",
        "ERROR unless both colours are on the board.",
        "swap {first} and {second}",
        swap_colours,
        Param("first", "colour"),
        Param("second", "colour"),
        distinct=True,
    ),
    primitive(
        "swap-shapes",
        "attributes",
        "Objects of two shapes trade shapes.",
        "ERROR unless both shapes are on the board.",
        "swap {first}s and {second}s",
        swap_shapes,
        Param("first", "shape"),
        Param("second", "shape"),
        distinct=True,
    ),
    primitive(
        "cycle-colours",
        "attributes",
        "Each colour on the board becomes the next one on the board (order R O Y G B P, wrapping).",
        "ERROR if fewer than two colours are on the board.",
        "cycle the colours",
        cycle_colours,
    ),
    primitive(
        "cycle-shapes",
        "attributes",
        "Each shape on the board becomes the next one on the board (order c s t d h x, wrapping).",
        "ERROR if fewer than two shapes are on the board.",
        "cycle the shapes",
        cycle_shapes,
    ),
    primitive(
        "paint",
        "attributes",
        "Every object takes one colour.",
        "ERROR if no object has a different colour.",
        "paint everything {colour}",
        paint,
        _COLOUR,
    ),
    primitive(
        "paint-rows",
        "attributes",
        "Every object takes the colour of the leftmost object in its row.",
        "ERROR if every row is already one colour.",
        "paint each row like its leftmost object",
        paint_rows,
    ),
)
