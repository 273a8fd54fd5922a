"""Line scoring: each of the 12 lines goes to the seat with the higher sum of
claimed cell values on it, and is worth 7−r (rows) or 7−c (columns)."""

from __future__ import annotations

from pydantic import BaseModel

from games.core import Outcome
from games.goofspiel.board import (
    SIZE,
    cell_name,
    column_worth,
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


def _line(
    name: str, worth: int, cells: list[str], board: dict[str, int], by_row: bool
) -> LineResult:
    totals = [0, 0]
    for cell in cells:
        seat = board.get(cell)
        if seat is not None:
            totals[seat] += value_in_row(cell) if by_row else value_in_column(cell)
    return LineResult(line=name, worth=worth, totals=totals, winner=_winner(totals))


def line_results(board: dict[str, int]) -> list[LineResult]:
    """The 12 lines, rows 1–6 then columns 1–6, scored on the claimed cells so far."""
    span = range(1, SIZE + 1)
    rows = [
        _line(f"row {r}", row_worth(r), [cell_name(r, c) for c in span], board, by_row=True)
        for r in span
    ]
    columns = [
        _line(f"column {c}", column_worth(c), [cell_name(r, c) for r in span], board, by_row=False)
        for c in span
    ]
    return rows + columns


def points(lines: list[LineResult]) -> list[int]:
    """Total line worth each seat has won."""
    won = [0, 0]
    for line in lines:
        if line.winner is not None:
            won[line.winner] += line.worth
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
