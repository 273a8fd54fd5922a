"""Reading Logical Horror notice and view data (tolerating odd values) and the
small text pieces every message shares: clue names, colour labels, boards as
text, resources.

A grid is what is public about the puzzle: its size and its clues. Notices
that show a board carry it as ``grid`` (or, for the opening, as the puzzle
itself); without it a board is still shown, only without its clues.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.render.base import as_int, as_list, escape_md, plural
from bot.web.palette import clue_colour


@dataclass(frozen=True)
class GridClue:
    row: int  # 0-based
    col: int
    colour: str
    value: int | None

    @property
    def name(self) -> str:
        return f"r{self.row + 1}c{self.col + 1}"


@dataclass(frozen=True)
class Grid:
    height: int
    width: int
    clues: tuple[GridClue, ...] = ()

    @property
    def colours(self) -> list[str]:
        """The clue colours in the order the clues first show them (as the engine orders them)."""
        seen: list[str] = []
        for clue in self.clues:
            if clue.colour not in seen:
                seen.append(clue.colour)
        return seen


def mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def mappings(value: object) -> list[Mapping[str, Any]]:
    return [entry for entry in as_list(value) if isinstance(entry, Mapping)]


def seat_or_none(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    return None


def clue_of(entry: Mapping[str, Any]) -> GridClue:
    value = entry.get("value")
    return GridClue(
        row=as_int(entry.get("row")),
        col=as_int(entry.get("col")),
        colour=str(entry.get("colour") or "?"),
        value=None if value is None else as_int(value),
    )


def grid_of(data: object) -> Grid | None:
    """A grid from a puzzle's public data (``height``, ``width``, ``clues``)."""
    found = mapping(data)
    height, width = as_int(found.get("height")), as_int(found.get("width"))
    if height < 1 or width < 1:
        return None
    clues = tuple(clue_of(entry) for entry in mappings(found.get("clues")))
    return Grid(height, width, tuple(c for c in clues if c.row < height and c.col < width))


def board_of(value: object) -> list[bool]:
    return [bool(cell) for cell in as_list(value)]


def grid_for(data: Mapping[str, Any], board: Sequence[bool]) -> Grid | None:
    """The notice's grid, else a clue-less square one that fits the board."""
    grid = grid_of(data.get("grid"))
    if grid is not None and grid.height * grid.width == len(board):
        return grid
    side = math.isqrt(len(board))
    return Grid(side, side) if board and side * side == len(board) else None


# -- words ------------------------------------------------------------------------------


def colour_label(colour: str) -> str:
    """``red (R)``: the name with the letter the pictures print on its clues."""
    return f"{escape_md(colour)} ({clue_colour(colour).letter})"


def clue_label(clue: GridClue) -> str:
    value = "" if clue.value is None else f" {clue.value}"
    return f"{clue.name} {escape_md(clue.colour)}{value}"


def colours_text(colours: Sequence[str]) -> str:
    return ", ".join(colour_label(c) for c in colours) if colours else "none"


def board_text(board: Sequence[bool], width: int) -> str:
    """The board as the grammar reads it: rows of ``#`` and ``.`` in a code block."""
    rows = [
        "".join("#" if cell else "." for cell in board[start : start + width])
        for start in range(0, len(board), max(width, 1))
    ]
    return "```\n" + "\n".join(rows) + "\n```"


def flat_board(board: Sequence[bool], width: int) -> str:
    """The board on one line, rows split by ``/`` (status lines; a move accepts it)."""
    rows = [
        "".join("#" if cell else "." for cell in board[start : start + width])
        for start in range(0, len(board), max(width, 1))
    ]
    return "/".join(rows)


def seconds(value: object) -> str:
    """A wait in words: ``45 s`` or ``3 min 20 s``."""
    total = as_int(value)
    minutes, rest = divmod(max(total, 0), 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


def resources_text(data: Mapping[str, Any]) -> str:
    """A seat's tokens, next token, hint uses and solved colours, on two lines."""
    most, tokens = as_int(data.get("most")), as_int(data.get("tokens"))
    if data.get("free_queries"):
        token_part = f"🎟️ Tokens **{tokens}/{most}** · every colour solved: queries are free"
    else:
        token_part = f"🎟️ Tokens **{tokens}/{most}**"
        if data.get("next_token_in") is not None:
            token_part += (
                f" · next in **{seconds(data.get('next_token_in'))}** "
                f"(one every {seconds(data.get('interval_seconds'))} now)"
            )
    hints = as_int(data.get("hints"))
    hint_part = f"💡 Hint uses **{hints}**"
    if data.get("next_hint_in") is not None:
        hint_part += f" · next in {seconds(data.get('next_hint_in'))}"
    cost = as_int(data.get("hint_cost"), most)
    hint_part += f" · a hint costs one use and {plural(cost, 'token')}"
    solved = [str(c) for c in as_list(data.get("solved"))]
    return f"{token_part}\n{hint_part} · solved: {colours_text(solved)}."
