"""The square board of objects: Reagent and Product Boards (10×10, 8×8) and probes (4×4).

A Board is immutable and hashable; commands build new ones. Cells are stored
row-major in one flat tuple (``None`` is an empty cell) because commands are
mostly index permutations, which a flat tuple makes cheap.
Rows and columns are 0-based here; the notation and players count from 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Cell = str | None


@dataclass(frozen=True, slots=True)
class Board:
    size: int
    cells: tuple[Cell, ...]

    # Boards key the caches of results and are compared after every command: the
    # cells alone decide both (they fix the size too), in one C-level hash or
    # compare, without the pair of fields a generated method builds each time.
    def __hash__(self) -> int:
        return hash(self.cells)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Board:
            return NotImplemented
        return self.cells == other.cells

    # Written out (the dataclass keeps it): commands build boards by the million,
    # and the generated one sets each field through ``object.__setattr__`` and
    # then calls a check, where the slots' own setters are one C call each.
    def __init__(self, size: int, cells: tuple[Cell, ...]) -> None:
        if size < 1:
            raise ValueError(f"a board is at least 1×1, not {size}×{size}")
        if len(cells) != size * size:
            raise ValueError(f"a {size}×{size} board has {size * size} cells, not {len(cells)}")
        _set_size(self, size)
        _set_cells(self, cells)

    @classmethod
    def empty(cls, size: int) -> Board:
        return cls(size, (None,) * (size * size))

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Cell]]) -> Board:
        """A board from its rows, top to bottom; ValueError unless they make a square."""
        size = len(rows)
        if any(len(row) != size for row in rows):
            raise ValueError(f"{size} rows need {size} cells each")
        return cls(size, tuple(cell for row in rows for cell in row))

    def at(self, row: int, col: int) -> Cell:
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise IndexError(f"({row}, {col}) is off a {self.size}×{self.size} board")
        return self.cells[row * self.size + col]

    def rows(self) -> tuple[tuple[Cell, ...], ...]:
        n = self.size
        return tuple(self.cells[start : start + n] for start in range(0, n * n, n))

    def count(self) -> int:
        """How many objects are on the board."""
        return self.size * self.size - self.cells.count(None)

    def with_cell(self, row: int, col: int, piece: Cell) -> Board:
        self.at(row, col)  # bounds check
        index = row * self.size + col
        return Board(self.size, (*self.cells[:index], piece, *self.cells[index + 1 :]))

    @property
    def is_empty(self) -> bool:
        return self.cells.count(None) == len(self.cells)

    def pieces(self) -> Iterable[str]:
        """The objects in reading order (row by row, left to right)."""
        return (cell for cell in self.cells if cell is not None)


# The slots' setters, which a frozen dataclass's own ``__setattr__`` refuses.
_set_size = Board.size.__set__  # type: ignore[attr-defined,misc]
_set_cells = Board.cells.__set__  # type: ignore[attr-defined,misc]
