"""What every command shares: its catalog entry, its parameters and its ERROR.

A primitive is a pure function ``(board, *params) -> Board`` that raises
CommandError when its precondition fails on the board it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from games.runebreaker.board import Board
from games.runebreaker.pieces import COLOUR_NAMES, SHAPE_NAMES, Palette, describe

Group: TypeAlias = Literal["geometry", "attributes", "existence", "order", "structure"]
GROUPS: tuple[Group, ...] = ("geometry", "attributes", "existence", "order", "structure")

ParamKind: TypeAlias = Literal[
    "colour", "shape", "piece", "direction", "count", "axis", "turns", "key", "index", "times"
]
Value: TypeAlias = str | int

DIRECTIONS: tuple[str, ...] = ("up", "down", "left", "right")
AXES: tuple[str, ...] = ("left-right", "top-bottom")
KEYS: tuple[str, ...] = ("colour", "shape")

# Parameter values that do not depend on the palette. Counts stay small so a
# 4×4 probe still shows something; indexes stop at 4 so every one exists on a probe.
_FIXED_CHOICES: dict[ParamKind, tuple[Value, ...]] = {
    "direction": DIRECTIONS,
    "count": (1, 2, 3),
    "axis": AXES,
    "turns": (90, 180, 270),
    "key": KEYS,
    "index": (1, 2, 3, 4),
    "times": (2, 3),
}


class CommandError(Exception):
    """A command's precondition failed: the probe or sequence answers ERROR.

    ``reason`` says why in a player's words ("no red object to recolour").
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Param:
    name: str
    kind: ParamKind

    def choices(self, palette: Palette) -> tuple[Value, ...]:
        """Every legal value, in a fixed order (the generator draws from it)."""
        if self.kind == "colour":
            return palette.colour_letters
        if self.kind == "shape":
            return palette.shape_letters
        if self.kind == "piece":
            return palette.pieces
        return _FIXED_CHOICES[self.kind]


def value_text(kind: ParamKind, value: Value) -> str:
    """A parameter value in words: ``R`` -> ``red``, ``90`` (turns) -> ``90°``."""
    if kind == "colour":
        return COLOUR_NAMES.get(str(value), str(value))
    if kind == "shape":
        return SHAPE_NAMES.get(str(value), str(value))
    if kind == "piece":
        return describe(str(value))
    if kind == "turns":
        return f"{value}°"
    return str(value)


@dataclass(frozen=True)
class Entry:
    """One catalog command.

    ``phrase`` describes a bound use, with ``{param}`` placeholders filled with
    the values in words. ``distinct`` means the parameters must differ
    (``recolour R R`` would be no command at all).
    """

    name: str
    group: Group
    summary: str
    params: tuple[Param, ...]
    errors: str
    phrase: str
    structural: bool = False
    distinct: bool = False
    run: Callable[..., Board] | None = field(default=None, compare=False, repr=False)

    def apply(self, board: Board, params: tuple[Value, ...]) -> Board:
        """Run a primitive on ``board``; CommandError if its precondition fails."""
        if self.run is None:
            raise ValueError(f"{self.name} is structural: only execute() can run it")
        return self.run(board, *params)

    def describe(self, params: tuple[Value, ...]) -> str:
        words = {p.name: value_text(p.kind, v) for p, v in zip(self.params, params, strict=True)}
        return self.phrase.format(**words)


def primitive(
    name: str,
    group: Group,
    summary: str,
    errors: str,
    phrase: str,
    run: Callable[..., Board],
    *params: Param,
    distinct: bool = False,
) -> Entry:
    return Entry(name, group, summary, params, errors, phrase, distinct=distinct, run=run)


def unchanged(before: Board, after: Board, reason: str) -> Board:
    """``after``, or CommandError when the command would change nothing."""
    if after.cells == before.cells:
        raise CommandError(reason)
    return after
