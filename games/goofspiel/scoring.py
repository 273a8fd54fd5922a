"""Line scoring: each of the 12 lines goes to the seat with the higher sum of
claimed cell values on it, and is worth 7−r (rows) or 7−c (columns)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from games.core import Outcome
from games.goofspiel.board import SIZE, cell_name, column_worth, row_worth


class LineResult(BaseModel):
    line: str
    worth: int
    totals: list[int]
    winner: int | None


def _winner(totals: list[int]) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


#: The 12 lines, rows 1–6 then columns 1–6: name, worth, and each cell with the
#: value it counts on that line. Worked out once: scoring runs on every view.
LINES: tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...] = (
    *(
        (f"row {r}", row_worth(r), tuple((cell_name(r, c), c) for c in range(1, SIZE + 1)))
        for r in range(1, SIZE + 1)
    ),
    *(
        (f"column {c}", column_worth(c), tuple((cell_name(r, c), r) for r in range(1, SIZE + 1)))
        for c in range(1, SIZE + 1)
    ),
)


def line_standings(board: dict[str, int]) -> list[dict[str, Any]]:
    """The 12 lines scored on the claimed cells so far, as plain data (views, notices)."""
    standings = []
    for name, worth, cells in LINES:
        totals = [0, 0]
        for cell, value in cells:
            seat = board.get(cell)
            if seat is not None:
                totals[seat] += value
        winner = _winner(totals)
        standings.append({"line": name, "worth": worth, "totals": totals, "winner": winner})
    return standings


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
