"""Boards to query: each one the shading a guessed rule mapping makes unique
(found with python-sat, as the generator does), weighed by how much its
answers would split the rules still possible.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import lru_cache

from bot.demo.horror.knowledge import Grid, Mapping_, answers
from bot.demo.horror.work import Allowance, Answer, ask
from games.logical_horror.puzzle import Shading
from games.logical_horror.solver import ShadingSolver


@lru_cache(maxsize=4096)
def solved_under(grid: Grid, mapping: Mapping_) -> Answer[Shading | None]:
    """A shading in the format meeting every clue if the colours meant ``mapping``
    (None: none does, so the mapping is not the puzzle's, or none was found in
    time). A fresh solver each time, so the answer depends on nothing but the
    question."""
    rule_of = dict(zip(grid.colours, mapping, strict=True))
    with ShadingSolver(grid.height, grid.width, grid.format) as solver:
        selectors = [solver.clue(clue, rule_of[clue.colour]) for clue in grid.clues]
        return ask(solver, selectors)


@lru_cache(maxsize=4096)
def meeting(grid: Grid, colour: str, rule: str) -> Answer[Shading | None]:
    """A shading in the format meeting every clue of ``colour`` if it meant ``rule``
    (the other colours' clues left aside; None: none does, or not in time). Its
    private answer for ``colour`` tells whether ``rule`` may be right: a question
    about one colour, which a guess of every colour at once, on a large board,
    seldom leaves with any answer at all. The other colours' clue cells stay
    blank (a clue under no rule), as every answer format asks."""
    ours = set(grid.clues_of(colour))
    with ShadingSolver(grid.height, grid.width, grid.format) as solver:
        selectors = [
            solver.clue(clue, rule if i in ours else None) for i, clue in enumerate(grid.clues)
        ]
        return ask(solver, selectors)


#: Rules :func:`one_colour` tries at most: each try is a question of up to
#: ``work.CONFLICTS`` (about 0.3 s on a 10×10 board), and a decision must stay under 1 s.
ONE_COLOUR_TRIES = 4


def one_colour(
    grid: Grid,
    candidates: dict[str, list[str]],
    asked: set[Shading],
    draw: random.Random,
    allowance: Allowance,
) -> Shading | None:
    """A board not asked before that tests one rule of the colour least known
    (None: none among the first ``ONE_COLOUR_TRIES`` rules tried, or among
    those tried before the decision's ``allowance`` was spent: one at least)."""
    open_colours = sorted(
        (c for c, rules in candidates.items() if len(rules) > 1),
        key=lambda c: -len(candidates[c]),
    )
    tries = [
        (colour, rule)
        for colour in open_colours
        for rule in draw.sample(candidates[colour], len(candidates[colour]))
    ]
    for tried, (colour, rule) in enumerate(tries[:ONE_COLOUR_TRIES]):
        if allowance.spent and tried:
            break
        board = allowance.take(meeting(grid, colour, rule))
        if board is not None and board not in asked:
            return board
    return None


def guesses(
    candidates: dict[str, list[str]], listed: list[Mapping_] | None, count: int, draw: random.Random
) -> list[Mapping_]:
    """Up to ``count`` different mappings to try, drawn from those still possible."""
    if listed is not None:
        return draw.sample(listed, min(count, len(listed)))
    found: dict[Mapping_, None] = {}
    for _ in range(count * 3):
        found[tuple(draw.choice(rules) for rules in candidates.values())] = None
        if len(found) == count:
            break
    return list(found)


def left_after(grid: Grid, candidates: dict[str, list[str]], board: Shading) -> float:
    """How many rules a public query of ``board`` would leave, expected, summed over
    colours in log2 (0: every colour settled whatever the answer)."""
    total = 0.0
    for colour, rules in candidates.items():
        if len(rules) < 2:
            continue
        split = Counter(answers(grid, rule, colour, board) for rule in rules)
        expected = sum(n * n for n in split.values()) / len(rules)
        total += math.log2(expected)
    return total
