"""Boards written once for every size, and the sizes the tables run on.

A *stretch* text is the board notation with two extra marks, so one readable
picture describes the same situation on a 4×4 probe and on 8×8 and 10×10
boards: ``*`` inside a row stands for as many empty cells as the row needs to
be ``size`` wide, and a line ``~`` for as many empty rows as the board needs.
Objects keep their distance to the nearest edges, which is what commands
that move things care about.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from games.runebreaker.board import Board
from games.runebreaker.commands import Bound, CommandError, execute, parse_bound
from games.runebreaker.notation import format_board, parse_board

SIZES = (4, 8, 10)

#: One row of a table: a program, a stretch board, and the board it makes (an
#: effect) or words from the reason it answers ERROR (an error).
Row = tuple[str, str, str]
#: The empty board, at every size.
EMPTY = "~"


def stretch(text: str, size: int) -> Board:
    lines = [line.split() for line in text.strip().splitlines()]
    assert lines.count(["~"]) <= 1, "one '~' at most"
    filler_rows = size - (len(lines) - lines.count(["~"]))
    rows: list[str] = []
    for line in lines:
        if line == ["~"]:
            rows += [" ".join([".."] * size)] * filler_rows
            continue
        assert line.count("*") == 1, f"every row needs one '*': {line}"
        fill = [".."] * (size - len(line) + 1)
        at = line.index("*")
        rows.append(" ".join(line[:at] + fill + line[at + 1 :]))
    return parse_board("\n".join(rows), size)


def run(program: str, board: Board) -> Board:
    """``board`` after a program written as bound texts separated by ``;``."""
    return execute(board, [parse_bound(part) for part in program.split(";") if part.strip()])


def bounds(program: str) -> list[Bound]:
    return [parse_bound(part) for part in program.split(";") if part.strip()]


def error_of(program: str, board: Board) -> str:
    """The reason ``program`` fails on ``board``; AssertionError if it does not fail."""
    try:
        after = run(program, board)
    except CommandError as error:
        return error.reason
    raise AssertionError(f"{program!r} ran without ERROR:\n{format_board(after)}")


def table_tests(
    effects: Sequence[Row], errors: Sequence[Row]
) -> tuple[Callable[..., None], Callable[..., None]]:
    """A group's ``test_effect`` and ``test_error``: every row of its tables, on
    every size. A test module takes them as its own: ``test_effect, test_error =
    table_tests(EFFECTS, ERRORS)``."""

    @pytest.mark.parametrize("size", SIZES)
    @pytest.mark.parametrize(("program", "before", "after"), effects)
    def test_effect(program: str, before: str, after: str, size: int) -> None:
        assert run(program, stretch(before, size)) == stretch(after, size)

    @pytest.mark.parametrize("size", SIZES)
    @pytest.mark.parametrize(("program", "board", "reason"), errors)
    def test_error(program: str, board: str, reason: str, size: int) -> None:
        assert reason in error_of(program, stretch(board, size))

    return test_effect, test_error
