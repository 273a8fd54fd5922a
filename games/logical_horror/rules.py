"""The clue-rule catalog: what a colour can mean.

Each rule is a small pure function of the shading giving the value a clue's
cell has (:mod:`.measures`); a clue is satisfied when that value equals the
clue's number. Each has a plain-language description and an illustrated
example, which is what a hint reveals.

``trend`` says how the value moves when one more cell is shaded (the clue's
own cell staying unshaded): "up" never falls, "down" never rises — except
that ``distance`` is 0 on a grid with no shaded cell at all. The independent
checker prunes with it; the tests check it on random shadings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from games.logical_horror import measures as m
from games.logical_horror.formats import FORMATS
from games.logical_horror.puzzle import Puzzle

Evaluate = Callable[[int, int, Sequence[bool], int, int], int]
Reads = Callable[[int, int, int, int], tuple[int, ...]]
Trend = Literal["up", "down"]

#: Clue colours, in the order a puzzle uses them.
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")

_SHADED_MARKS, _COUNTED_MARKS = "#x", "xo"


@dataclass(frozen=True)
class Example:
    """A small shaded grid with one clue, its value and the cells it counts
    (``marked``), as data a renderer draws and as text (:attr:`text`)."""

    height: int
    width: int
    shading: tuple[bool, ...]
    row: int
    col: int
    value: int
    marked: tuple[int, ...]
    caption: str

    @property
    def text(self) -> str:
        """The grid as text: ``#`` shaded, ``.`` unshaded, ``X``/``o`` the shaded and
        unshaded cells the clue counts, the clue as its number; then the caption."""
        rows = []
        for r in range(self.height):
            cells = []
            for c in range(self.width):
                index = r * self.width + c
                if (r, c) == (self.row, self.col):
                    cells.append(str(self.value))
                elif index in self.marked:
                    cells.append("X" if self.shading[index] else "o")
                else:
                    cells.append("#" if self.shading[index] else ".")
            rows.append(" ".join(f"{cell:>2}" for cell in cells))
        return "\n".join([*rows, self.caption])

    def data(self) -> dict[str, Any]:
        """JSON-able, for a renderer: grid size, shading, clue cell and value,
        the counted cells, the caption and the text form."""
        return {
            "height": self.height,
            "width": self.width,
            "shading": list(self.shading),
            "row": self.row,
            "col": self.col,
            "value": self.value,
            "marked": list(self.marked),
            "caption": self.caption,
            "text": self.text,
        }


@dataclass(frozen=True)
class Rule:
    key: str
    name: str
    description: str
    evaluate: Evaluate
    trend: Trend | None
    reads: Reads
    example: Example

    def example_data(self) -> dict[str, Any]:
        return self.example.data()


def _example(evaluate: Evaluate, pattern: str, caption: str) -> Example:
    """An example from a picture: ``@`` the clue, ``#``/``.`` shaded/unshaded,
    ``x``/``o`` shaded/unshaded cells the clue counts."""
    rows = [line.split() for line in pattern.strip().splitlines()]
    height, width = len(rows), len(rows[0])
    marks = [mark for line in rows for mark in line]
    shading = tuple(mark in _SHADED_MARKS for mark in marks)
    row, col = divmod(marks.index("@"), width)
    value = evaluate(height, width, shading, row, col)
    marked = tuple(i for i, mark in enumerate(marks) if mark in _COUNTED_MARKS)
    return Example(height, width, shading, row, col, value, marked, caption)


def _rule(
    key: str,
    name: str,
    description: str,
    evaluate: Evaluate,
    trend: Trend | None,
    reads: Reads,
    pattern: str,
    caption: str,
) -> Rule:
    example = _example(evaluate, pattern, caption)
    return Rule(key, name, description, evaluate, trend, reads, example)


_CATALOG = (
    _rule(
        "sightline",
        "Line of sight",
        "The number of unshaded cells the clue sees in a straight line up, down, left "
        "and right, counting its own cell. A shaded cell blocks the view.",
        m.sightline,
        "down",
        m.reads_lines,
        ". . # . .\n. . o . .\n# o @ o o\n. . o . .\n. . o . .",
        "7: it sees 1 cell up, 2 down, 1 left and 2 right, plus its own cell.",
    ),
    _rule(
        "neighbours",
        "Shaded neighbours",
        "The number of shaded cells among the 4 cells directly above, below, left "
        "and right of the clue.",
        m.orthogonal,
        "up",
        m.reads_orthogonal,
        ". . . . .\n. . x . .\n. . @ x .\n. # . . .\n. . . . #",
        "2: the cells above and right of it are shaded; left and below are not.",
    ),
    _rule(
        "surround",
        "Shaded cells around",
        "The number of shaded cells among the 8 cells around the clue (its 3×3 "
        "block, diagonals included).",
        m.surround,
        "up",
        m.reads_surround,
        ". . . . .\n. x . x .\n. . @ x .\n. . x . .\n# . . . #",
        "4: four of the 8 cells around it are shaded; the bottom corners are too far away.",
    ),
    _rule(
        "diagonals",
        "Shaded corners",
        "The number of shaded cells among the 4 cells that touch the clue only at a corner.",
        m.diagonal,
        "up",
        m.reads_diagonal,
        ". . . . .\n. x # . .\n. # @ . .\n. . . x .\n. . . . .",
        "2: the corner cells up-left and down-right are shaded; the shaded cells "
        "directly above and left do not count.",
    ),
    _rule(
        "row",
        "Shaded in the row",
        "The number of shaded cells in the clue's row.",
        m.in_row,
        "up",
        m.reads_row,
        ". # . . .\nx . @ x .\n. . # . .\n. . . . .\n# . . . .",
        "2: two shaded cells share its row; shaded cells in its column do not count.",
    ),
    _rule(
        "cross",
        "Shaded in the row and column",
        "The number of shaded cells in the clue's row plus those in its column.",
        m.in_cross,
        "up",
        m.reads_lines,
        ". . x . .\n. . . . #\nx . @ . x\n. . . # .\n. . x . .",
        "4: two in its row and two in its column.",
    ),
    _rule(
        "region",
        "Size of the unshaded area",
        "The number of cells in the clue's unshaded area: its own cell and every "
        "unshaded cell joined to it through unshaded cells, stepping up, down, left or right.",
        m.region,
        "down",
        m.reads_all,
        ". # o o o\n# o o # o\n. # @ # #\n. . # . .\n# . . . .",
        "7: its own cell and the 6 unshaded cells joined to it; the rest is walled off.",
    ),
    _rule(
        "distance",
        "Distance to shading",
        "The fewest steps up, down, left or right (over any cells) from the clue to "
        "a shaded cell; 0 if no cell is shaded.",
        m.distance,
        "down",
        m.reads_all,
        ". . . . .\n. . . . .\n. . @ . .\n. . . . x\n# . . . .",
        "3: the nearest shaded cell is 1 down and 2 right; the other one is 4 steps away.",
    ),
    _rule(
        "longest-run",
        "Longest shaded line",
        "The length of the longest unbroken line of shaded cells in the clue's row or "
        "in its column (0 if both are empty).",
        m.longest_run,
        "up",
        m.reads_lines,
        ". . # . .\n# # @ . #\n. . x . .\n. . x . .\n. . x . .",
        "3: the three shaded cells below it; the two to its left are a shorter line.",
    ),
    _rule(
        "row-blocks",
        "Shaded groups in the row",
        "The number of separate groups of shaded cells in the clue's row; a group is "
        "one shaded cell or several side by side.",
        m.row_blocks,
        None,
        m.reads_row,
        ". . . . .\n. # . . .\nx x @ x .\n. . # . .\n. . . . .",
        "2: a group of two left of it and one cell right of it.",
    ),
    _rule(
        "directions",
        "Directions with shading",
        "The number of directions — up, down, left, right — in which at least one "
        "shaded cell lies in a straight line from the clue, however far.",
        m.directions,
        "up",
        m.reads_lines,
        ". . x . .\n. . . . .\n. . @ . x\n# . . . .\n. . . # .",
        "2: shading lies straight up and straight right; nothing is in line left or below.",
    ),
)

#: Every clue rule by key, in catalog order.
RULES: Mapping[str, Rule] = MappingProxyType({rule.key: rule for rule in _CATALOG})


def clue_holds(puzzle: Puzzle, shading: Sequence[bool], index: int) -> bool:
    """Whether clue ``index`` is satisfied. A clue with no number asks nothing
    but that its cell stay unshaded."""
    clue = puzzle.clues[index]
    if clue.value is None:
        return not shading[puzzle.index(clue.row, clue.col)]
    evaluate = RULES[puzzle.rules[clue.colour]].evaluate
    return evaluate(puzzle.height, puzzle.width, shading, clue.row, clue.col) == clue.value


def satisfied(puzzle: Puzzle, shading: Sequence[bool]) -> list[bool]:
    """For each clue, in ``puzzle.clues`` order: does ``shading`` satisfy it?"""
    return [clue_holds(puzzle, shading, i) for i in range(len(puzzle.clues))]


def colours_solved(puzzle: Puzzle, shading: Sequence[bool]) -> dict[str, bool]:
    """For each colour (in ``puzzle.colours`` order): are all its clues satisfied?"""
    solved = dict.fromkeys(puzzle.colours, True)
    for clue, holds in zip(puzzle.clues, satisfied(puzzle, shading), strict=True):
        solved[clue.colour] = solved[clue.colour] and holds
    return solved


def solves(puzzle: Puzzle, shading: Sequence[bool]) -> bool:
    """The board fits the answer format and satisfies every clue."""
    if FORMATS[puzzle.format].broken(puzzle, shading) is not None:
        return False
    return all(satisfied(puzzle, shading))
