"""Reading Square Goofspiel's notice and view data, tolerating odd values."""

from __future__ import annotations

from collections.abc import Mapping

from bot.render.base import as_int, as_list
from games.goofspiel.board import LETTERS, row_col


def _cell(value: object) -> tuple[int, int] | None:
    """(row, column) of a cell name, or None if it is not one."""
    try:
        return row_col(str(value))
    except ValueError:
        return None


def _clean_board(board: object) -> dict[str, int]:
    """Claimed cells from view or notice data, dropping anything malformed."""
    if not isinstance(board, Mapping):
        return {}
    clean: dict[str, int] = {}
    for cell, seat in board.items():
        if _cell(cell) is not None and isinstance(seat, int) and seat in (0, 1):
            clean[str(cell)] = seat
    return clean


def _phase_cells(value: object) -> list[str]:
    """This phase's cells in order A–F, from a list of names or of
    ``{"letter": "A", "cell": "r3c5"}`` entries (the engine's view uses those)."""
    cells: list[str] = []
    for entry in as_list(value):
        if isinstance(entry, Mapping):
            entry = entry.get("cell")
        if entry is not None:
            cells.append(str(entry))
    return cells[: len(LETTERS)]


def _auctioned(history: object) -> list[str]:
    """Cells already auctioned, from the view's history records (or plain names)."""
    cells = []
    for record in as_list(history):
        cell = record.get("cell") if isinstance(record, Mapping) else record
        if cell is not None:
            cells.append(str(cell))
    return cells


def _hand(value: object) -> list[int]:
    return sorted(as_int(card) for card in as_list(value))
