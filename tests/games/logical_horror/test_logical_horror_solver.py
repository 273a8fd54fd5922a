"""The SAT solver against plain enumeration: for every format and rule, random
clue sets on small grids, the solver's full answer set (solve, block, solve
again, no limit) equals the set of shadings the definitions accept.

4×4 and 3×5: all 65,536 / 32,768 shadings. 5×5 (2^25 shadings, too many to
enumerate in Python): every one of the 55,447 shadings with no two shaded
cells side by side, so exhaustive for the two no-touch formats; the other
formats are compared on 5×5 with the independent checker
(test_logical_horror_checker.py).
"""

from __future__ import annotations

import random

import pytest

from games.logical_horror.formats import FORMATS
from games.logical_horror.generator import generate
from games.logical_horror.puzzle import Clue
from games.logical_horror.rules import RULES
from games.logical_horror.solver import OutOfBudget, Parts, ShadingSolver, is_unique, solutions
from tests.games.logical_horror.puzzle_support import (
    brute_force,
    fitting,
    random_clues,
    random_rules,
)

#: Enough clues are added that the answers stay few enough to enumerate quickly.
MAX_ANSWERS = 1500
NO_TOUCH = [key for key, answer in FORMATS.items() if answer.no_touch]
CONNECTED = [key for key, answer in FORMATS.items() if answer.connected]


def _clue_set(
    draw: random.Random, format_key: str, size: tuple[int, int], rules: dict[str, str]
) -> tuple[Parts, set[tuple[bool, ...]]]:
    """Random clues (read off a random fitting shading), and their brute-force answers."""
    pool = fitting(format_key, *size)
    base = draw.choice(pool)
    for count in range(1, size[0] * size[1]):
        parts = random_clues(draw, Parts(*size, format_key, (), rules), base, count)
        answers = brute_force(parts, pool)
        if len(answers) <= MAX_ANSWERS:
            return parts, answers
    return parts, answers


@pytest.mark.parametrize("size", [(4, 4), (3, 5)])
@pytest.mark.parametrize("rule", list(RULES))
@pytest.mark.parametrize("format_key", list(FORMATS))
def test_each_rule_under_each_format_matches_enumeration(
    format_key: str, rule: str, size: tuple[int, int]
) -> None:
    draw = random.Random(f"{format_key}/{rule}/{size}")
    for _ in range(3):
        parts, answers = _clue_set(draw, format_key, size, {"red": rule})
        found = solutions(parts, None)
        assert len(found) == len(set(found))
        assert set(found) == answers, parts.clues


@pytest.mark.parametrize("format_key", list(FORMATS))
def test_mixed_colours_match_enumeration(format_key: str) -> None:
    draw = random.Random(format_key)
    for _ in range(12):
        rules = random_rules(draw, draw.randint(2, 4))
        parts, answers = _clue_set(draw, format_key, (4, 4), rules)
        assert set(solutions(parts, None)) == answers, (rules, parts.clues)


@pytest.mark.parametrize("format_key", CONNECTED)
def test_the_level_encoding_matches_enumeration_too(format_key: str) -> None:
    draw = random.Random(format_key)
    for rule in RULES:
        parts, answers = _clue_set(draw, format_key, (4, 4), {"red": rule})
        assert set(solutions(parts, None, connectivity="levels")) == answers, parts.clues


@pytest.mark.parametrize("format_key", list(FORMATS))
def test_a_format_alone_matches_enumeration(format_key: str) -> None:
    found = solutions(Parts(3, 4, format_key), None)
    assert len(found) == len(set(found))
    assert set(found) == set(fitting(format_key, 3, 4))


@pytest.mark.parametrize("rule", list(RULES))
@pytest.mark.parametrize("format_key", NO_TOUCH)
def test_5x5_no_touch_formats_match_enumeration(format_key: str, rule: str) -> None:
    draw = random.Random(f"5x5/{format_key}/{rule}")
    parts, answers = _clue_set(draw, format_key, (5, 5), {"red": rule, "blue": "neighbours"})
    assert set(solutions(parts, None)) == answers, parts.clues


@pytest.mark.parametrize(
    ("rule", "value"),
    [("sightline", 0), ("neighbours", 5), ("distance", -1), ("region", 0), ("longest-run", 6)],
)
def test_impossible_values_have_no_answer(rule: str, value: int) -> None:
    clue = Clue(row=1, col=1, colour="red", value=value)
    assert solutions(Parts(5, 5, "no-pools", [clue], {"red": rule}), None) == []


def test_limit_and_uniqueness() -> None:
    open_grid = Parts(4, 4, "no-touch")
    assert len(solutions(open_grid, 2)) == 2
    assert not is_unique(open_grid)
    zero = Clue(row=0, col=0, colour="red", value=0)
    nothing_shaded = Parts(4, 4, "no-touch", [zero], {"red": "distance"})
    assert solutions(nothing_shaded, None) == [(False,) * 16]
    assert is_unique(nothing_shaded)


def test_selectors_switch_clues_and_a_core_names_a_clash() -> None:
    with ShadingSolver(4, 4, "no-pools") as solver:
        none = solver.clue(Clue(row=0, col=0, colour="red", value=0), "row")
        two = solver.clue(Clue(row=0, col=1, colour="red", value=2), "row")
        free = solver.clue(Clue(row=3, col=3, colour="red", value=0), "neighbours")
        assert solver.solve([none, free]) is not None
        assert solver.solve([two, free]) is not None
        assert solver.solve([none, two, free]) is None
        assert set(solver.core()) <= {none, two, free}
        assert {none, two} <= set(solver.core())


def test_unknown_rule_is_refused() -> None:
    clue = Clue(row=0, col=0, colour="red", value=1)
    with pytest.raises(ValueError, match="unknown rule"):
        solutions(Parts(4, 4, "no-pools", [clue], {"red": "?"}))


def test_a_budget_caps_the_whole_solve_cuts_included() -> None:
    """A connected format is solved in rounds (each answer cut off until one is
    connected): the budget is of conflicts over all of them, not of each. This
    puzzle's rounds meet 54, 42, 83, 77 and 114 conflicts: 370 in all."""
    puzzle = generate(35, 10, 10, 3)
    assert FORMATS[puzzle.format].connected
    answers = []
    for budget in (None, 400, 120):
        with ShadingSolver(10, 10, puzzle.format) as solver:
            selectors = [solver.clue(clue, puzzle.rules[clue.colour]) for clue in puzzle.clues]
            try:
                answers.append(solver.solve(selectors, budget=budget))
            except OutOfBudget:
                answers.append(None)
    assert answers[0] is not None
    assert answers[1] == answers[0]
    assert answers[2] is None  # each round within 120, the five of them not
