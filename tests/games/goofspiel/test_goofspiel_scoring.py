"""The board's lines, cell values, line scoring and the final outcome."""

from __future__ import annotations

import pytest

from games.goofspiel.board import (
    ALL_CELLS,
    column_worth,
    is_cell,
    row_col,
    row_worth,
    value_in_column,
    value_in_row,
)
from games.goofspiel.scoring import final_outcome, line_results, points


def test_board_has_36_distinct_cells_named_by_row_and_column() -> None:
    assert len(set(ALL_CELLS)) == 36
    assert ALL_CELLS[0] == "r1c1"
    assert ALL_CELLS[5] == "r1c6"
    assert ALL_CELLS[-1] == "r6c6"


@pytest.mark.parametrize("name", ["r0c1", "r1c7", "R1C1", "a1", "r1c1 ", "r11c1", ""])
def test_not_cells(name: str) -> None:
    assert not is_cell(name)
    with pytest.raises(ValueError, match="not a cell"):
        row_col(name)


@pytest.mark.parametrize(("index", "worth"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)])
def test_line_worth_is_seven_minus_index(index: int, worth: int) -> None:
    assert row_worth(index) == worth
    assert column_worth(index) == worth


def test_top_right_cell_is_6_in_its_row_and_1_in_its_column() -> None:
    assert value_in_row("r1c6") == 6
    assert value_in_column("r1c6") == 1


def test_cell_values() -> None:
    assert (value_in_row("r3c5"), value_in_column("r3c5")) == (5, 3)
    assert (value_in_row("r6c1"), value_in_column("r6c1")) == (1, 6)


def test_empty_board_wins_no_line() -> None:
    lines = line_results({})
    assert [line.line for line in lines] == [f"row {i}" for i in range(1, 7)] + [
        f"column {i}" for i in range(1, 7)
    ]
    assert all(line.winner is None and line.totals == [0, 0] for line in lines)
    assert points(lines) == [0, 0]


def test_one_top_right_cell_wins_row_1_and_column_6() -> None:
    lines = {line.line: line for line in line_results({"r1c6": 0})}
    assert lines["row 1"].totals == [6, 0]
    assert lines["row 1"].winner == 0
    assert lines["column 6"].totals == [1, 0]
    assert lines["column 6"].winner == 0
    assert points(list(lines.values())) == [6 + 1, 0]


def test_equal_line_sums_win_nothing() -> None:
    # Row 1: seat 0 has value 3, seat 1 has 1 + 2 = 3 -> nobody.
    board = {"r1c3": 0, "r1c1": 1, "r1c2": 1}
    lines = {line.line: line for line in line_results(board)}
    assert lines["row 1"].totals == [3, 3]
    assert lines["row 1"].winner is None
    # Each column holds one row-1 cell, value 1: column 3 (worth 4) to seat 0,
    # columns 1 (6) and 2 (5) to seat 1.
    assert lines["column 3"].winner == 0
    assert lines["column 1"].winner == 1
    assert lines["column 2"].winner == 1
    assert points(list(lines.values())) == [4, 11]


def test_line_goes_by_value_sum_not_cell_count() -> None:
    # In row 2 cells count their column: c1 + c2 + c4 = 7 beats a lone c6 = 6 ...
    board = {"r2c1": 0, "r2c2": 0, "r2c4": 0, "r2c6": 1}
    row_2 = line_results(board)[1]
    assert row_2.totals == [7, 6]
    assert row_2.winner == 0
    # ... and in column 6 cells count their row: r1c6 + r3c6 = 1 + 3 against r2c6 = 2.
    assert line_results({"r2c6": 1, "r1c6": 0, "r3c6": 0})[-1].totals == [1 + 3, 2]


@pytest.mark.parametrize(
    ("won", "remaining", "winner", "reason"),
    [
        ([41, 37], [0, 9], 0, "seat 0 won 41 to 37 in line worth"),
        ([30, 31], [9, 0], 1, "seat 1 won 31 to 30 in line worth"),
        (
            [40, 40],
            [9, 4],
            0,
            "line worth tied 40–40; seat 0 won the tie-break with 9 card strength left to 4",
        ),
        (
            [12, 12],
            [3, 4],
            1,
            "line worth tied 12–12; seat 1 won the tie-break with 4 card strength left to 3",
        ),
        ([7, 7], [5, 5], None, "a draw: line worth tied 7–7 and card strength left tied 5–5"),
    ],
)
def test_final_outcome(
    won: list[int], remaining: list[int], winner: int | None, reason: str
) -> None:
    outcome = final_outcome(won, remaining)
    assert outcome.winner == winner
    assert outcome.scores == (won[0], won[1])
    assert outcome.reason == reason
