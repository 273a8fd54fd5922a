"""Clue rules: the catalog, each rule on hand-made boards, the examples a hint
shows, the declared trends and reads, and the verdicts a query gets."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from games.logical_horror.clauses import ENCODERS
from games.logical_horror.puzzlefiles import load_puzzle
from games.logical_horror.rules import (
    COLOURS,
    RULES,
    colours_solved,
    satisfied,
    solves,
)
from tests.games.logical_horror.puzzle_support import board

DOC = Path(__file__).resolve().parents[3] / "docs" / "logical-horror-puzzles.md"

# Shaded: r1c2 r2c4 r3c1 r3c5 r4c3 r5c2; the clue sits at r3c3 (C).
MIXED = """
    . # . . .
    . . . # .
    # . C . #
    . . # . .
    . # . . .
"""
# Walls round r1c1 and r2c2; the rest of the unshaded cells join up.
WALLED = """
    . # . .
    # . # .
    . # . .
    . . . .
"""
# Runs: r1c1–r1c3 in row 1, r3c4–r3c5 and r4c2–r5c2 in column 2.
RUNS = """
    # # # . .
    . . . . #
    . C . # #
    . # . . .
    . # . # #
"""


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        ("sightline", 5),  # itself, 2 up, 0 down, 1 left, 1 right
        ("neighbours", 1),  # only below
        ("diagonals", 1),  # only up-right
        ("surround", 2),
        ("row", 2),
        ("cross", 3),  # 2 in the row, 1 in the column
        ("region", 19),  # every unshaded cell joins up
        ("distance", 1),
        ("longest-run", 1),
        ("row-blocks", 2),
        ("directions", 3),  # all but up
    ],
)
def test_each_rule_on_a_mixed_board(rule: str, value: int) -> None:
    assert RULES[rule].evaluate(5, 5, board(MIXED), 2, 2) == value


@pytest.mark.parametrize(
    ("rule", "row", "col", "value"),
    [
        ("region", 0, 0, 1),
        ("region", 1, 1, 1),
        ("region", 3, 3, 10),
        ("sightline", 1, 1, 1),
        ("neighbours", 1, 1, 4),
        ("neighbours", 0, 0, 2),  # a corner has two neighbours
        ("surround", 1, 1, 4),
        ("diagonals", 1, 1, 0),
        ("distance", 3, 3, 3),
        ("directions", 3, 3, 0),
        ("directions", 3, 1, 1),
    ],
)
def test_walled_cells(rule: str, row: int, col: int, value: int) -> None:
    assert RULES[rule].evaluate(4, 4, board(WALLED), row, col) == value


@pytest.mark.parametrize(
    ("rule", "value"),
    [("longest-run", 2), ("row-blocks", 1), ("row", 2), ("cross", 5), ("sightline", 4)],
)
def test_runs_in_row_and_column(rule: str, value: int) -> None:
    assert RULES[rule].evaluate(5, 5, board(RUNS), 2, 1) == value


def test_distance_is_0_with_nothing_shaded_and_counts_steps_otherwise() -> None:
    assert RULES["distance"].evaluate(5, 5, (False,) * 25, 0, 0) == 0
    far_corner = (False,) * 24 + (True,)
    assert RULES["distance"].evaluate(5, 5, far_corner, 0, 0) == 8


def test_rows_and_columns_are_not_confused_on_a_wide_grid() -> None:
    # 3 rows × 6 columns: r1c5, r2c1 and r3c5 shaded.
    shading = board("....#. #..... ....#.")
    assert RULES["row"].evaluate(3, 6, shading, 1, 3) == 1
    assert RULES["cross"].evaluate(3, 6, shading, 1, 3) == 1
    assert RULES["cross"].evaluate(3, 6, shading, 1, 4) == 3
    assert RULES["longest-run"].evaluate(3, 6, shading, 1, 3) == 1
    assert RULES["sightline"].evaluate(3, 6, shading, 1, 3) == 1 + 2 + 2 + 1 + 1
    assert RULES["sightline"].evaluate(3, 6, shading, 1, 4) == 1 + 3 + 1
    assert RULES["directions"].evaluate(3, 6, shading, 1, 4) == 3


def test_the_rules_text_example_rules_on_the_doc_puzzle() -> None:
    """Red counts the unshaded cells seen in the 4 directions, itself included;
    blue the shaded cells among the 4 orthogonal neighbours (the rules text's)."""
    (text,) = re.findall(r"```puzzle\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    puzzle = load_puzzle(text)
    assert puzzle.rules == {"red": "sightline", "blue": "neighbours"}
    solution = puzzle.solution
    red, blue = RULES["sightline"].evaluate, RULES["neighbours"].evaluate
    # r2c5: sees r2c1–r2c4 to the left, r2c6 to the right, r3c5 below, nothing above.
    assert red(6, 6, solution, 1, 4) == 1 + 4 + 1 + 1
    # r1c4: shaded r1c5 on the right, nothing else.
    assert blue(6, 6, solution, 0, 3) == 1
    assert all(satisfied(puzzle, solution))


def test_the_catalog() -> None:
    assert len(RULES) >= 8
    assert {"sightline", "neighbours", "surround", "region", "cross", "distance"} <= set(RULES)
    assert set(RULES) == set(ENCODERS)
    assert COLOURS == ("red", "blue", "green", "yellow")
    for key, rule in RULES.items():
        assert rule.key == key
        assert rule.name
        assert rule.description.endswith(".")


@pytest.mark.parametrize("key", list(RULES))
def test_each_example_shows_its_value(key: str) -> None:
    rule = RULES[key]
    example = rule.example
    assert example.value == rule.evaluate(
        example.height, example.width, example.shading, example.row, example.col
    )
    assert example.caption.startswith(f"{example.value}:")
    assert not example.shading[example.row * example.width + example.col]
    assert example.marked
    lines = example.text.splitlines()
    assert len(lines) == example.height + 1
    assert str(example.value) in lines[example.row].split()
    data = json.loads(json.dumps(rule.example_data()))
    assert data["value"] == example.value
    assert len(data["shading"]) == example.height * example.width


@pytest.mark.parametrize("key", list(RULES))
def test_the_declared_trend_and_reads_hold(key: str) -> None:
    rule = RULES[key]
    draw = random.Random(key)
    height, width = 5, 7
    for _ in range(300):
        row, col = draw.randrange(height), draw.randrange(width)
        clue = row * width + col
        shading = [draw.random() < 0.35 and cell != clue for cell in range(height * width)]
        before = rule.evaluate(height, width, shading, row, col)
        cell = draw.choice([c for c in range(height * width) if c != clue])
        shading[cell] = True
        after = rule.evaluate(height, width, shading, row, col)
        if cell not in rule.reads(height, width, row, col):
            assert after == before
        if rule.trend == "up":
            assert after >= before
        elif rule.trend == "down" and (before != 0 or key != "distance"):
            assert after <= before


def _puzzle_text(grid: str) -> str:
    return "size 4\nformat no-pools\ncolour red = row\ncolour blue = neighbours\ngrid\n" + grid


def test_verdicts_per_clue_and_per_colour() -> None:
    puzzle = load_puzzle(_puzzle_text("B1 R1 R1 .\n. . . R1\n. . B3 .\nB1 R1 . ."))
    assert puzzle.solution == list(board("...# #... ##.# ..#."))
    # Clues in reading order: B1 R1 R1 R1 B3 B1 R1.
    red_only = board("...# #... .... ...#")
    assert satisfied(puzzle, red_only) == [True, True, True, True, False, False, True]
    assert colours_solved(puzzle, red_only) == {"blue": False, "red": True}
    assert not solves(puzzle, red_only)
    assert solves(puzzle, tuple(puzzle.solution))
    assert colours_solved(puzzle, tuple(puzzle.solution)) == {"red": True, "blue": True}
