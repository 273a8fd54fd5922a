"""Puzzle files: the doc's example, round trips, and every error with its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.logical_horror.generator import generate
from games.logical_horror.puzzle import Puzzle
from games.logical_horror.puzzlefiles import (
    GivenPuzzleError,
    PuzzleFileError,
    board_text,
    format_puzzle,
    load_puzzle,
    prove_given,
)
from tests.games.logical_horror.puzzle_support import board

DOC = Path(__file__).resolve().parents[3] / "docs" / "logical-horror-puzzles.md"
DOC_TEXT = DOC.read_text(encoding="utf-8")
(EXAMPLE,) = re.findall(r"```puzzle\n(.*?)```", DOC_TEXT, re.S)

HEAD = "size 4\nformat no-pools\ncolour red = row\ncolour blue = neighbours\ngrid\n"
UNIQUE = HEAD + "B1 R1 R1 .\n.  .  .  R1\n.  .  B3 .\nB1 R1 .  .\n"


def test_the_doc_example_loads_with_its_documented_solution() -> None:
    puzzle = load_puzzle(EXAMPLE)
    assert (puzzle.height, puzzle.width, puzzle.format) == (6, 6, "no-touch-connected")
    assert puzzle.rules == {"red": "sightline", "blue": "neighbours"}
    assert len(puzzle.clues) == 8
    solved = board_text(puzzle, puzzle.solution)
    assert f"```\n{solved}\n```" in DOC_TEXT


def test_the_doc_example_round_trips() -> None:
    puzzle = load_puzzle(EXAMPLE)
    assert load_puzzle(format_puzzle(puzzle)) == puzzle


@pytest.mark.parametrize(("seed", "size", "colours"), [(1, 8, 2), (2, 8, 4), (3, 10, 3)])
def test_generated_puzzles_round_trip(seed: int, size: int, colours: int) -> None:
    puzzle = generate(seed, size, size, colours)
    assert load_puzzle(format_puzzle(puzzle)) == puzzle


def test_comments_spellings_and_case() -> None:
    text = (
        "// a comment line\n\nSIZE 4x4   // trailing comment\nFormat NO-POOLS\n"
        "color RED: row\ncolour blue neighbours\nGRID\n"
        "b1 r1 r1 .\n.  .  .  R1\n\n.  .  B3 .   // comment in the grid\nB1 R1 .  .\n"
    )
    assert load_puzzle(text) == load_puzzle(UNIQUE)
    assert load_puzzle(UNIQUE).solution == list(board("...# #... ##.# ..#."))


def test_a_non_square_grid() -> None:
    text = "size 4x5\nformat no-touch\ncolour red = distance\ncolour blue = row\ngrid\n"
    text += "R1 . . . B1\n. . . . .\n. . . . .\n. . . . ."
    with pytest.raises(PuzzleFileError, match="two shadings"):
        load_puzzle(text)


def _error(text: str) -> PuzzleFileError:
    with pytest.raises(PuzzleFileError) as caught:
        load_puzzle(text)
    return caught.value


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("sizes 4\n", 1, "unknown keyword 'sizes'"),
        ("size four\n", 1, "write the size as 'size 10' or 'size 8x10'"),
        ("size 12\n", 1, "a side is 4 to 10 cells, not 12"),
        ("size 4x3\n", 1, "a side is 4 to 10 cells, not 3"),
        (
            "size 4\nformat spirals\n",
            2,
            "unknown format 'spirals'; the formats are no-touch-connected",
        ),
        ("size 4\nformat no-pools\ncolour red\n", 3, "write a colour's rule as"),
        ("size 4\nformat no-pools\ncolour purple = row\n", 3, "unknown colour 'purple'"),
        ("size 4\nformat no-pools\ncolour red = rows\n", 3, "unknown rule 'rows'; the rules are"),
        (
            "size 4\nformat no-pools\ncolour red = row\ncolour red = cross\n",
            4,
            "red already has a rule (line 3)",
        ),
        (
            "size 4\nformat no-pools\ncolour red = row\ncolour blue = row\n",
            4,
            "red already uses row: give each colour its own rule",
        ),
        ("format no-pools\ngrid\n", 2, "the 'size' line must come before the grid"),
        (HEAD + ". . .\n", 6, "grid row 1 has 3 cells, not 4"),
        (HEAD + ". . . .\n. . . .\n", 7, "the grid has 2 rows, not 4"),
        (HEAD + ". X3 . .\n", 6, "'X3' in r1c2 is not a cell: write '.' or a colour letter"),
        (HEAD + ". . 3 .\n", 6, "'3' in r1c3 is not a cell"),
        (HEAD + ". . R-1 .\n", 6, "'R-1' in r1c3 is not a cell"),
        (HEAD + ". . . .\n. G2 . .\n", 7, "G2 in r2c2 is green, which has no rule"),
        (HEAD + ". . . .\n. . . B\n", 7, "B in r2c4 needs a number, like B3"),
        (UNIQUE + "grid\n", 10, "a second grid (the first is on line 5)"),
        ("size 4\ngrid\n. . . .\n. . . .\n. . . .\n. . . .\n", 6, "the file has no 'format' line"),
        ("format no-pools\n", 1, "the file has no 'size' line"),
        ("size 4\nformat no-pools\n", 2, "the file has no 'grid'"),
        (
            HEAD.replace("grid", "colour green = cross\ngrid") + UNIQUE.split("grid\n")[1],
            5,
            "green has a rule but no clue in the grid",
        ),
        (
            HEAD + ". . . R0\n. B5 . .\n. . . .\n. . . .\n",
            7,
            "B5 in r2c2 can never hold: no shading in the no-pools format gives r2c2 a "
            "shaded neighbours of 5",
        ),
        (
            HEAD.replace("no-pools", "no-touch") + "R3 . . .\n. . . .\n. . . .\n. . . B0\n",
            6,
            "R3 in r1c1 can never hold",
        ),
    ],
)
def test_each_error_names_its_line(text: str, line: int, words: str) -> None:
    error = _error(text)
    assert error.line == line
    assert words in error.message
    assert str(error).startswith(f"Line {line}: ")


def test_clues_that_clash_are_named() -> None:
    # Row 1 must hold 0 shaded cells and 2 at once; the blue clue is not involved.
    error = _error(HEAD + "R0 . R2 .\n. . . .\n. . . .\n. . . B0\n")
    assert error.line == 5
    assert error.message == (
        "no shading fits the format and every clue; these clues cannot all hold: "
        "R0 in r1c1, R2 in r1c3"
    )


def test_two_answers_are_both_shown() -> None:
    error = _error(HEAD + ". R1 . .\n. B2 . .\nR1 . . .\n. . B1 .\n")
    assert error.line == 5
    head, *grids = error.message.splitlines()
    assert head.startswith("two shadings fit the format and every clue (they differ at ")
    assert head.endswith("add or change clues so that only one does:")
    assert grids[0].split() == ["first", "second"]
    assert len(grids) == 5
    left = [row[: len(row) // 2] for row in grids[1:]]
    right = [row[len(row) // 2 :] for row in grids[1:]]
    assert left != right
    assert all("R1" in row or "B" in row or "#" in row or "." in row for row in left + right)
    differ = re.search(r"differ at ([^)]*)\)", head)
    assert differ is not None
    assert all(re.fullmatch(r"r\dc\d", name) for name in differ.group(1).split(", "))


# -- a puzzle given whole (the settings or a match's options) ------------------------------


def test_a_puzzle_given_whole_with_one_answer_is_proven() -> None:
    prove_given(load_puzzle(UNIQUE))
    prove_given(generate(3, 8, 8, 3))


def test_a_puzzle_given_whole_with_two_answers_is_refused_with_both_drawn() -> None:
    puzzle = load_puzzle(UNIQUE)
    # Without r1c1's clue a second shading fits: the given solution is no longer the only one.
    loose = puzzle.model_copy(update={"clues": puzzle.clues[1:]})
    with pytest.raises(GivenPuzzleError) as caught:
        prove_given(loose)
    head, fence, titles, *rows = str(caught.value).splitlines()
    assert head.startswith("it has more than one solution (another differs at r")
    assert head.endswith("so that only one shading fits the format and every clue:")
    assert (fence, rows[-1]) == ("```", "```")
    assert titles.split() == ["the", "solution", "given", "another"]
    given = [row[: len(row) // 2].split() for row in rows[:-1]]
    assert [mark for row in given for mark in row if mark in "#."] == [
        "#" if shaded else "." for shaded, clue in _cells(loose) if not clue
    ]


def _cells(puzzle: Puzzle) -> list[tuple[bool, bool]]:
    """Each cell of the given solution: shaded, and whether a clue sits there."""
    clue_cells = {puzzle.index(c.row, c.col) for c in puzzle.clues}
    return [(shaded, i in clue_cells) for i, shaded in enumerate(puzzle.solution)]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "no-gaps"}, "unknown format 'no-gaps'; the formats are no-touch-connected"),
        ({"rules": {"red": "row", "blue": "glow"}}, "blue's rule 'glow' is unknown; the rules are"),
        ({"solution": [True] * 16}, "its solution breaks the format or a clue."),
    ],
)
def test_a_puzzle_given_whole_that_is_no_puzzle_is_refused(
    change: dict[str, object], words: str
) -> None:
    with pytest.raises(GivenPuzzleError, match=re.escape(words)):
        prove_given(load_puzzle(UNIQUE).model_copy(update=change))
