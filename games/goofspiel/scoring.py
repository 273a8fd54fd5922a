"""Line scoring: each of the 12 lines goes to the seat with the higher sum of
claimed cell values on it, and is worth 7−r (rows) or 7−c (columns)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from games.core import Outcome
from games.goofspiel.board import (
    ALL_CELLS,
    SIZE,
    column_worth,
    row_col,
    row_worth,
    value_in_column,
    value_in_row,
)


class LineResult(BaseModel):
    line: str
    worth: int
    totals: list[int]
    winner: int | None


def _winner(totals: list[int]) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


#: The 12 lines, rows 1–6 then columns 1–6: name and worth. Worked out once,
#: with each cell's two lines (their places in LINES) and what it counts on
#: each: scoring runs on every view, and a board holds at most 36 claims.
LINES: tuple[tuple[str, int], ...] = (
    *((f"row {r}", row_worth(r)) for r in range(1, SIZE + 1)),
    *((f"column {c}", column_worth(c)) for c in range(1, SIZE + 1)),
)
_PLACES: dict[str, tuple[int, int, int, int]] = {
    cell: (row - 1, value_in_row(cell), SIZE + col - 1, value_in_column(cell))
    for cell in ALL_CELLS
    for row, col in [row_col(cell)]
}


def line_standings(board: dict[str, int]) -> list[dict[str, Any]]:
    """The 12 lines scored on the claimed cells so far, as plain data (views, notices)."""
    totals = [[0, 0] for _ in LINES]
    for cell, seat in board.items():
        row, in_row, column, in_column = _PLACES[cell]
        totals[row][seat] += in_row
        totals[column][seat] += in_column
    return [
        {"line": name, "worth": worth, "totals": sums, "winner": _winner(sums)}
        for (name, worth), sums in zip(LINES, totals, strict=True)
    ]


def line_results(board: dict[str, int]) -> list[LineResult]:
    """The 12 lines, rows 1–6 then columns 1–6, scored on the claimed cells so far."""
    return [LineResult.model_validate(line) for line in line_standings(board)]


def points(lines: Iterable[LineResult]) -> list[int]:
    """Total line worth each seat has won."""
    return _won((line.winner, line.worth) for line in lines)


def standing_points(standings: Iterable[dict[str, Any]]) -> list[int]:
    """:func:`points` of :func:`line_standings`."""
    return _won((line["winner"], line["worth"]) for line in standings)


def _won(lines: Iterable[tuple[int | None, int]]) -> list[int]:
    won = [0, 0]
    for winner, worth in lines:
        if winner is not None:
            won[winner] += worth
    return won


def final_outcome(won: list[int], remaining: list[int]) -> Outcome:
    """Line worth decides; a tie goes to more card strength left in hand; else a draw."""
    scores = (float(won[0]), float(won[1]))
    leader = _winner(won)
    if leader is not None:
        reason = f"seat {leader} won {won[leader]} to {won[1 - leader]} in line worth"
        return Outcome(winner=leader, scores=scores, reason=reason)
    tied = f"line worth tied {won[0]}–{won[1]}"
    leader = _winner(remaining)
    if leader is not None:
        reason = (
            f"{tied}; seat {leader} won the tie-break with {remaining[leader]} "
            f"card strength left to {remaining[1 - leader]}"
        )
        return Outcome(winner=leader, scores=scores, reason=reason)
    reason = f"a draw: {tied} and card strength left tied {remaining[0]}–{remaining[1]}"
    return Outcome(winner=None, scores=scores, reason=reason)
