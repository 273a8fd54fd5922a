"""Reading Rune Breaker notice and view data (tolerating odd values) and the
small text pieces every message shares: boards in notation, commands, scores."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import as_int, as_list, pair, plural, who
from games.runebreaker.board import Board, Cell
from games.runebreaker.notation import format_board

ARROW = "  →  "
ERROR = "ERROR"


# -- reading ---------------------------------------------------------------------------


def mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def mappings(value: object) -> list[Mapping[str, Any]]:
    return [entry for entry in as_list(value) if isinstance(entry, Mapping)]


def board_of(value: object) -> Board | None:
    """A board from flat row-major cells (``"Rc"`` or None); None unless square."""
    cells = as_list(value)
    size = math.isqrt(len(cells))
    if not cells or size * size != len(cells):
        return None
    clean: list[Cell] = [c if isinstance(c, str) and len(c) == 2 else None for c in cells]
    return Board(size, tuple(clean))


def symbols_of(value: object) -> list[str]:
    return [str(symbol) for symbol in as_list(value) if str(symbol).strip()]


def seat_or_none(value: object) -> int | None:
    return (
        value
        if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1)
        else None
    )


# -- writing ---------------------------------------------------------------------------


def commands(value: object) -> str:
    """``A # Q`` in a code span (so ``#`` and ``*`` stay as typed), or ``none``."""
    symbols = symbols_of(value)
    return f"`{' '.join(symbols)}`" if symbols else "none"


def notation(board: Board) -> str:
    """A board's text form in a code block, ready to copy back into a move."""
    return f"```\n{format_board(board)}\n```"


def flat(board: Board) -> str:
    """A board on one line, rows split by ``/`` (status lines)."""
    return " / ".join(format_board(board).splitlines())


def side_by_side(left: Board, right: Board | None) -> str:
    """``left → right`` row by row in one code block; ERROR where ``right`` is None."""
    lines = format_board(left).splitlines()
    if right is not None and right.size == left.size:
        rights = format_board(right).splitlines()
        rows = [f"{a}{ARROW}{b}" for a, b in zip(lines, rights, strict=True)]
    else:
        middle = (len(lines) - 1) // 2
        rows = [f"{a}{ARROW if i == middle else ' ' * len(ARROW)}" for i, a in enumerate(lines)]
        rows[middle] += ERROR
    return "```\n" + "\n".join(rows) + "\n```"


def scores_text(value: object, names: Sequence[str]) -> str:
    scores = [as_int(s) for s in pair(value, 0)]
    return f"{who(names, 0)} **{scores[0]}** – **{scores[1]}** {who(names, 1)}"


def reserves_text(value: object, names: Sequence[str]) -> str:
    left = [as_int(n) for n in pair(value, 0)]
    return " · ".join(f"{who(names, s)} {plural(left[s], 'period')}" for s in (0, 1))


def signed(points: object) -> str:
    value = as_int(points)
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "±0"


def other(seat: object) -> int | None:
    found = seat_or_none(seat)
    return None if found is None else 1 - found
