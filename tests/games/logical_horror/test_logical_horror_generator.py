"""The generator: 200 seeds, each puzzle with exactly one answer — by the SAT
solver and again by the independent checker — and the same puzzle again from
the same arguments.

The 200: 8×8 with 2 colours (seeds 0–89), with 3 (0–89) and with 4 (0–9),
and ten 10×10 (3 colours: seeds 6–11; 4 colours: 0–3). The checker proves
most 10×10 puzzles unique in well under a second, but its tail is long (seed
1 with 3 colours takes about 40 s), so the 10×10 share is small and fixed.
The whole file runs in about 15 s.
"""

from __future__ import annotations

from functools import cache

import pytest

from games.logical_horror import checker
from games.logical_horror.formats import FORMATS
from games.logical_horror.generator import MIN_CLUES_PER_COLOUR, generate, suitable_rules
from games.logical_horror.puzzle import Clue, Puzzle
from games.logical_horror.rules import COLOURS, solves
from games.logical_horror.solver import Parts, solutions

CASES = (
    [(8, 2, seed) for seed in range(90)]
    + [(8, 3, seed) for seed in range(90)]
    + [(8, 4, seed) for seed in range(10)]
    + [(10, 3, seed) for seed in range(6, 12)]
    + [(10, 4, seed) for seed in range(4)]
)


@cache
def _puzzle(size: int, colours: int, seed: int) -> Puzzle:
    return generate(seed, size, size, colours)


def test_two_hundred_cases() -> None:
    assert len(CASES) == len(set(CASES)) == 200


@pytest.mark.parametrize(("size", "colours", "seed"), CASES)
def test_each_puzzle_has_one_answer_and_comes_back_the_same(
    size: int, colours: int, seed: int
) -> None:
    puzzle = _puzzle(size, colours, seed)
    solution = tuple(puzzle.solution)
    assert solutions(puzzle, 2) == [solution]
    assert checker.verify(puzzle, solution)
    assert generate(seed, size, size, colours) == puzzle
    assert solves(puzzle, solution)
    assert (puzzle.height, puzzle.width) == (size, size)


@pytest.mark.parametrize(("size", "colours", "seed"), CASES[::10])
def test_each_puzzle_is_well_formed(size: int, colours: int, seed: int) -> None:
    puzzle = _puzzle(size, colours, seed)
    assert list(puzzle.rules) == list(COLOURS[:colours])
    assert len(set(puzzle.rules.values())) == colours
    assert set(puzzle.rules.values()) <= set(suitable_rules(puzzle.format))
    for colour in puzzle.rules:
        assert sum(clue.colour == colour for clue in puzzle.clues) >= MIN_CLUES_PER_COLOUR
    cells = [(clue.row, clue.col) for clue in puzzle.clues]
    assert cells == sorted(cells)
    assert FORMATS[puzzle.format].broken(puzzle, puzzle.solution) is None


@pytest.mark.parametrize(("size", "colours", "seed"), CASES[::10])
def test_no_clue_is_redundant_and_the_format_alone_decides_nothing(
    size: int, colours: int, seed: int
) -> None:
    puzzle = _puzzle(size, colours, seed)
    for index, clue in enumerate(puzzle.clues):
        if sum(other.colour == clue.colour for other in puzzle.clues) <= MIN_CLUES_PER_COLOUR:
            continue
        rest = puzzle.clues[:index] + puzzle.clues[index + 1 :]
        assert len(solutions(Parts(size, size, puzzle.format, rest, puzzle.rules), 2)) == 2
    bare = [Clue(row=c.row, col=c.col, colour=c.colour) for c in puzzle.clues]
    assert len(solutions(Parts(size, size, puzzle.format, bare, puzzle.rules), 2)) == 2


def test_a_format_can_be_asked_for_and_every_format_is_drawn() -> None:
    for key in FORMATS:
        assert generate(1, 8, 8, 2, key).format == key
    assert {_puzzle(8, 2, seed).format for seed in range(90)} == set(FORMATS)


def test_different_seeds_give_different_puzzles() -> None:
    assert len({_puzzle(8, 3, seed).model_dump_json() for seed in range(20)}) == 20


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((1, 3, 8, 2), "4–10 cells a side"),
        ((1, 8, 11, 2), "4–10 cells a side"),
        ((1, 8, 8, 5), "1–4 colours"),
        ((1, 8, 8, 0), "1–4 colours"),
    ],
)
def test_bad_arguments(args: tuple[int, int, int, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate(*args)


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        generate(1, 8, 8, 2, "nope")


def test_progress_hears_each_attempt() -> None:
    heard: list[str] = []
    generate(5, 8, 8, 3, progress=heard.append)
    assert heard
    assert heard[0].startswith("attempt 1:")
