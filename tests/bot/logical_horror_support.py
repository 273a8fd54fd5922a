"""A small fixed Logical Horror puzzle for the bot's tests, and a pair of twins.

PUZZLE has exactly one answer, as ``/match new`` demands of a puzzle given in
its options:

    #  .  R8 .  .      red   (sightline): unshaded cells seen up, down, left, right
    R3 .  .  #  .      blue  (diagonals): shaded cells touching the clue's corners
    #  .  .  .  #
    .  #  .  .  .
    B1 .  .  #  R2

The twins share one grid and clues (so one public face) and differ in a secret.
SYMMETRIC has the same solution with every clue in the middle column (red is
the row's shaded cells, blue the sightline); every rule reads the grid
symmetrically, so the mirror image of the solution satisfies every clue too,
and TWIN is SYMMETRIC with that mirrored solution: changing the secret
solution changes nothing the room may see. Having more than one answer, they
are for the engine and the renderers, never ``/match new``.
"""

from __future__ import annotations

import json
from typing import Any

from games.logical_horror.puzzle import Clue, Puzzle
from games.logical_horror.rules import RULES

FORMAT = "no-touch"
RULES_BY_COLOUR = {"red": "sightline", "blue": "diagonals"}
SOLUTION_ROWS = ("#....", "...#.", "#...#", ".#...", "...#.")
CLUE_CELLS = ((0, 2, "red"), (1, 0, "red"), (4, 0, "blue"), (4, 4, "red"))
#: The twins' rules and clues: the middle column only.
SYMMETRIC_RULES = {"red": "row", "blue": "sightline"}
MIDDLE_CELLS = ((0, 2, "red"), (1, 2, "blue"), (3, 2, "red"), (4, 2, "blue"))
SIDE = 5


def cells(rows: tuple[str, ...] | list[str]) -> list[bool]:
    return [mark == "#" for row in rows for mark in row]


def mirrored(rows: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(row[::-1] for row in rows)


def _puzzle(
    rows: tuple[str, ...], spots: tuple[tuple[int, int, str], ...], rules: dict[str, str]
) -> Puzzle:
    shading = cells(rows)
    clues = [
        Clue(
            row=r,
            col=c,
            colour=colour,
            value=RULES[rules[colour]].evaluate(SIDE, SIDE, shading, r, c),
        )
        for r, c, colour in spots
    ]
    return Puzzle(
        height=SIDE, width=SIDE, format=FORMAT, clues=clues, rules=rules,
        solution=shading,
    )  # fmt: skip


PUZZLE = _puzzle(SOLUTION_ROWS, CLUE_CELLS, RULES_BY_COLOUR)
SYMMETRIC = _puzzle(SOLUTION_ROWS, MIDDLE_CELLS, SYMMETRIC_RULES)
TWIN = _puzzle(mirrored(SOLUTION_ROWS), MIDDLE_CELLS, SYMMETRIC_RULES)
assert [c.value for c in SYMMETRIC.clues] == [c.value for c in TWIN.clues]

#: The solution as a move takes it (rows split by /).
SOLUTION = "/".join(SOLUTION_ROWS)
TWIN_SOLUTION = "/".join(mirrored(SOLUTION_ROWS))
#: Fits the format and satisfies two of the four clues (r1c3 and r2c1 of PUZZLE,
#: r1c3 and r2c3 of the twins), solving no colour.
NEAR = "#..../...#./#...#/...../....."
#: Breaks the format: r1c1 and r1c2 are both shaded, side by side.
TOUCHING = "##.../...../...../...../....."


def options(puzzle: Puzzle = PUZZLE, **extra: Any) -> dict[str, Any]:
    return {"puzzle": puzzle.model_dump(mode="json"), **extra}


def options_json(puzzle: Puzzle = PUZZLE, **extra: Any) -> str:
    """``/match new``'s options text for a match on ``puzzle``."""
    return json.dumps(options(puzzle, **extra))
