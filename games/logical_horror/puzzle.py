"""A Logical Horror puzzle: the grid, its answer format, the clues, and the
secrets — which rule each colour stands for, and the one solution.

A shading is a row-major tuple of booleans (True = shaded). Clue cells are
always unshaded: a board that shades one breaks the answer format.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

Shading = tuple[bool, ...]

MIN_SIDE = 4
MAX_SIDE = 10


class Clue(BaseModel):
    """One clue: a cell (0-based), its colour, and its value (None: a clue with
    no number, for rules that take none)."""

    model_config = ConfigDict(frozen=True)

    row: int = Field(ge=0)
    col: int = Field(ge=0)
    colour: str
    value: int | None = None

    @property
    def name(self) -> str:
        """How players name the cell: r1c1 is the top-left."""
        return f"r{self.row + 1}c{self.col + 1}"


class Puzzle(BaseModel):
    """``rules`` (colour -> rule key) and ``solution`` are secret: only the host
    sees them before the match is over (a hinted rule goes to its seat only)."""

    model_config = ConfigDict(frozen=True)

    height: int = Field(ge=MIN_SIDE, le=MAX_SIDE)
    width: int = Field(ge=MIN_SIDE, le=MAX_SIDE)
    format: str
    clues: list[Clue]
    rules: dict[str, str]
    solution: list[bool]

    @model_validator(mode="after")
    def _fits(self) -> Puzzle:
        if len(self.solution) != self.height * self.width:
            raise ValueError(f"the solution has {len(self.solution)} cells, not {self.cells}")
        seen: set[tuple[int, int]] = set()
        for clue in self.clues:
            if clue.row >= self.height or clue.col >= self.width:
                raise ValueError(f"clue {clue.name} is off the {self.height}×{self.width} grid")
            if (clue.row, clue.col) in seen:
                raise ValueError(f"two clues in {clue.name}")
            seen.add((clue.row, clue.col))
            if clue.colour not in self.rules:
                raise ValueError(f"clue {clue.name} is {clue.colour}, a colour with no rule")
        return self

    @property
    def cells(self) -> int:
        return self.height * self.width

    @property
    def colours(self) -> list[str]:
        """The puzzle's colours with clues, in the rule mapping's order (red, blue,
        green, yellow for a generated puzzle), the same everywhere they are listed."""
        used = {clue.colour for clue in self.clues}
        return [colour for colour in self.rules if colour in used]

    def index(self, row: int, col: int) -> int:
        return row * self.width + col
