"""A small fixed Logical Horror puzzle for the bot's tests, and its twin: the same
grid and clues (so the same public face) with the mirrored solution.

Every clue sits in the middle column and every rule reads the grid
symmetrically, so the mirror image of the solution satisfies every clue too:
changing the secret solution changes nothing the room may see.

    # . R . .        red    (row): shaded cells in the clue's row
    . . B # .        blue   (sightline): unshaded cells seen up, down, left, right
    # . . . #
    . # R . .
    . . B # .
"""

from __future__ import annotations

import json
from typing import Any

from games.logical_horror.puzzle import Clue, Puzzle
from games.logical_horror.rules import RULES

FORMAT = "no-touch"
RULES_BY_COLOUR = {"red": "row", "blue": "sightline"}
SOLUTION_ROWS = ("#....", "...#.", "#...#", ".#...", "...#.")
CLUE_CELLS = ((0, 2, "red"), (1, 2, "blue"), (3, 2, "red"), (4, 2, "blue"))
SIDE = 5


def cells(rows: tuple[str, ...] | list[str]) -> list[bool]:
    return [mark == "#" for row in rows for mark in row]


def mirrored(rows: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(row[::-1] for row in rows)


def _puzzle(rows: tuple[str, ...]) -> Puzzle:
    shading = cells(rows)
    clues = [
        Clue(
            row=r,
            col=c,
            colour=colour,
            value=RULES[RULES_BY_COLOUR[colour]].evaluate(SIDE, SIDE, shading, r, c),
        )
        for r, c, colour in CLUE_CELLS
    ]
    return Puzzle(
        height=SIDE, width=SIDE, format=FORMAT, clues=clues, rules=RULES_BY_COLOUR,
        solution=shading,
    )  # fmt: skip


PUZZLE = _puzzle(SOLUTION_ROWS)
TWIN = _puzzle(mirrored(SOLUTION_ROWS))
assert [c.value for c in PUZZLE.clues] == [c.value for c in TWIN.clues]

#: The solution as a move takes it (rows split by /).
SOLUTION = "/".join(SOLUTION_ROWS)
TWIN_SOLUTION = "/".join(mirrored(SOLUTION_ROWS))
#: Satisfies some clues, not all, and fits the format.
NEAR = "#..../...#./#...#/...../....."
#: Breaks the format: r1c1 and r1c2 are both shaded, side by side.
TOUCHING = "##.../...../...../...../....."


def options(puzzle: Puzzle = PUZZLE, **extra: Any) -> dict[str, Any]:
    return {"puzzle": puzzle.model_dump(mode="json"), **extra}


def options_json(puzzle: Puzzle = PUZZLE, **extra: Any) -> str:
    """``/match new``'s options text for a match on ``puzzle``."""
    return json.dumps(options(puzzle, **extra))
