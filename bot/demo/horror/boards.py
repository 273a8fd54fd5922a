"""Boards to query: each one the shading a guessed rule mapping makes unique
(found with python-sat, as the generator does), weighed by how much its
answers would split the rules still possible.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import lru_cache

from bot.demo.horror.knowledge import CONFLICTS, Grid, Mapping_, answers
from games.logical_horror.puzzle import Shading
from games.logical_horror.solver import OutOfBudget, ShadingSolver


@lru_cache(maxsize=4096)
def solved_under(grid: Grid, mapping: Mapping_) -> Shading | None:
    """A shading in the format meeting every clue if the colours meant ``mapping``
    (None: none does, so the mapping is not the puzzle's). A fresh solver each
    time, so the answer depends on nothing but the question."""
    rule_of = dict(zip(grid.colours, mapping, strict=True))
    with ShadingSolver(grid.height, grid.width, grid.format) as solver:
        selectors = [solver.clue(clue, rule_of[clue.colour]) for clue in grid.clues]
        try:
            return solver.solve(selectors, budget=CONFLICTS)
        except OutOfBudget:
            return None  # too hard to tell in time: another guess will do


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
