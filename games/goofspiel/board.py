"""The 6×6 board: cell names, the 12 lines, and what each cell is worth on them.

A cell is named ``r{row}c{col}`` (DECISIONS: names must never clash with the
auction letters A–F). Rows run 1–6 top to bottom, columns 1–6 left to right.
"""

from __future__ import annotations

import re

SIZE = 6
LETTERS = "ABCDEF"

_CELL = re.compile(r"r([1-6])c([1-6])")


def cell_name(row: int, col: int) -> str:
    return f"r{row}c{col}"


# Sorted by name, which for single-digit rows and columns is row-major order.
ALL_CELLS: tuple[str, ...] = tuple(
    cell_name(row, col) for row in range(1, SIZE + 1) for col in range(1, SIZE + 1)
)


def is_cell(name: str) -> bool:
    return _CELL.fullmatch(name) is not None


def row_col(cell: str) -> tuple[int, int]:
    """``"r3c5"`` -> ``(3, 5)``; ValueError for anything that is not a cell."""
    match = _CELL.fullmatch(cell)
    if match is None:
        raise ValueError(f"{cell!r} is not a cell name (cells run r1c1 … r6c6)")
    return int(match.group(1)), int(match.group(2))


def row_worth(row: int) -> int:
    """Lines are worth more towards the top: row 1 is worth 6, row 6 is worth 1."""
    return SIZE + 1 - row


def column_worth(col: int) -> int:
    """Lines are worth more towards the left: column 1 is worth 6, column 6 is worth 1."""
    return SIZE + 1 - col


def value_in_row(cell: str) -> int:
    """Within its row a cell counts its column number (top-right r1c6 counts 6)."""
    return row_col(cell)[1]


def value_in_column(cell: str) -> int:
    """Within its column a cell counts its row number (top-right r1c6 counts 1)."""
    return row_col(cell)[0]
