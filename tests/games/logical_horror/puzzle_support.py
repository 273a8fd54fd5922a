"""Shared by the puzzle-side tests: boards from text, every shading of a small
grid, plain enumeration, and random clue sets."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from games.logical_horror.formats import FORMATS
from games.logical_horror.puzzle import Clue, Shading
from games.logical_horror.rules import COLOURS, RULES
from games.logical_horror.solver import Parts


def board(text: str) -> Shading:
    """``#`` shaded; any other mark unshaded; spaces and newlines ignored."""
    return tuple(mark == "#" for mark in "".join(text.split()))


@cache
def every_shading(height: int, width: int) -> tuple[Shading, ...]:
    cells = height * width
    return tuple(tuple(bool(n >> i & 1) for i in range(cells)) for n in range(1 << cells))


@cache
def no_touch_shadings(height: int, width: int) -> tuple[Shading, ...]:
    """Every shading with no two shaded cells side by side (55,447 on 5×5)."""
    found: list[Shading] = []
    cells = height * width

    def extend(prefix: list[bool]) -> None:
        cell = len(prefix)
        if cell == cells:
            found.append(tuple(prefix))
            return
        extend([*prefix, False])
        up = cell >= width and prefix[cell - width]
        left = cell % width > 0 and prefix[cell - 1]
        if not (up or left):
            extend([*prefix, True])

    extend([])
    return tuple(found)


@cache
def fitting(format_key: str, height: int, width: int) -> tuple[Shading, ...]:
    """Every shading of the grid that meets the format (no clue cells yet)."""
    answer = FORMATS[format_key]
    pool = no_touch_shadings(height, width) if answer.no_touch else every_shading(height, width)
    return tuple(s for s in pool if answer.broken((height, width), s, ()) is None)


def brute_force(parts: Parts, pool: Sequence[Shading]) -> set[Shading]:
    """The answers among ``pool`` (shadings meeting the format), by the definitions."""
    # Clue cells first: that cheap test leaves few shadings to measure.
    found = list(pool)
    for clue in parts.clues:
        cell = clue.row * parts.width + clue.col
        found = [shading for shading in found if not shading[cell]]
    for clue in parts.clues:
        evaluate = RULES[parts.rules[clue.colour]].evaluate
        height, width, row, col = parts.height, parts.width, clue.row, clue.col
        found = [s for s in found if evaluate(height, width, s, row, col) == clue.value]
    return set(found)


def random_clues(
    draw: random.Random,
    parts: Parts,
    base: Shading,
    count: int,
    wrong: float = 0.15,
) -> Parts:
    """``parts`` with ``count`` clues on cells unshaded in ``base``: values read
    off ``base`` (so it answers them), now and then one off by one."""
    open_cells = [cell for cell, shaded in enumerate(base) if not shaded]
    colours = list(parts.rules)
    clues = []
    for cell in draw.sample(open_cells, min(count, len(open_cells))):
        row, col = divmod(cell, parts.width)
        colour = draw.choice(colours)
        value = RULES[parts.rules[colour]].evaluate(parts.height, parts.width, base, row, col)
        if draw.random() < wrong:
            value += draw.choice((-1, 1))
        clues.append(Clue(row=row, col=col, colour=colour, value=value))
    return Parts(parts.height, parts.width, parts.format, clues, parts.rules)


def random_rules(draw: random.Random, colours: int) -> dict[str, str]:
    return dict(zip(COLOURS[:colours], draw.sample(list(RULES), colours), strict=True))
