"""The independent checker (plain search, no SAT): against enumeration of
every 4×4 shading, against the solver on 5×5, and its verdict on puzzles."""

from __future__ import annotations

import random

import pytest

from games.logical_horror import checker
from games.logical_horror.formats import FORMATS
from games.logical_horror.puzzle import Clue
from games.logical_horror.rules import RULES
from games.logical_horror.solver import Parts, solutions
from tests.games.logical_horror.puzzle_support import (
    brute_force,
    fitting,
    random_clues,
    random_rules,
)


@pytest.mark.parametrize("format_key", list(FORMATS))
def test_matches_enumeration_on_4x4(format_key: str) -> None:
    draw = random.Random(f"checker/{format_key}")
    pool = fitting(format_key, 4, 4)
    for _ in range(40):
        rules = random_rules(draw, draw.randint(1, 3))
        parts = random_clues(
            draw, Parts(4, 4, format_key, (), rules), draw.choice(pool), draw.randint(1, 5)
        )
        found = checker.solutions(parts, None)
        assert len(found) == len(set(found))
        assert set(found) == brute_force(parts, pool), (rules, parts.clues)


@pytest.mark.parametrize("rule", list(RULES))
def test_each_rule_matches_enumeration_on_4x4(rule: str) -> None:
    draw = random.Random(f"checker/{rule}")
    for format_key in FORMATS:
        pool = fitting(format_key, 4, 4)
        parts = random_clues(draw, Parts(4, 4, format_key, (), {"red": rule}), draw.choice(pool), 3)
        assert set(checker.solutions(parts, None)) == brute_force(parts, pool), parts.clues


@pytest.mark.parametrize("format_key", list(FORMATS))
def test_agrees_with_the_solver_on_5x5(format_key: str) -> None:
    draw = random.Random(f"5x5/{format_key}")
    base = solutions(Parts(5, 5, format_key), 1)[0]
    for trial in range(15):
        if trial % 3 == 0:
            # A fresh answer to read clues off: the solver's, with a random clue to steer it.
            steer = random_clues(
                draw, Parts(5, 5, format_key, (), {"red": "row"}), base, 1, wrong=0.5
            )
            base = (solutions(steer, 1) or [base])[0]
        rules = random_rules(draw, draw.randint(2, 3))
        parts = random_clues(draw, Parts(5, 5, format_key, (), rules), base, draw.randint(4, 8))
        expected = set(solutions(parts, 60))
        found = set(checker.solutions(parts, 60))
        if len(expected) < 60:
            assert found == expected, (rules, parts.clues)
        else:
            assert len(found) == 60


def test_verify_says_unique_only_for_the_one_answer() -> None:
    zero = Clue(row=0, col=0, colour="red", value=0)
    nothing_shaded = Parts(4, 4, "no-touch", [zero], {"red": "distance"})
    assert checker.verify(nothing_shaded, (False,) * 16)
    assert not checker.verify(nothing_shaded, (True,) + (False,) * 15)
    assert not checker.verify(Parts(4, 4, "no-touch"), (False,) * 16)
    assert checker.count(Parts(4, 4, "no-touch"), 5) == 5
