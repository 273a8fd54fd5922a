"""The text notation for boards (DECISIONS: Rune Breaker).

One token per cell: colour letter + shape letter (``Rc``), ``.`` or ``..`` for
an empty cell. Rows are separated by new lines or ``/``; tokens by spaces (or
commas). Case does not matter, and since colour and shape letters never
overlap, ``cR`` is read as ``Rc`` too. Code fences and backticks are ignored.

The engine's parser hands us text that was lower-cased and single-spaced, so
new lines may already be gone: a flat run of exactly size × size tokens with
no separator at all is read row by row.
"""

from __future__ import annotations

import re

from games.core import Rejected, quote
from games.runebreaker.board import Board, Cell
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette

EMPTY_TOKENS = frozenset({".", ".."})
EMPTY_TEXT = ".."

_ROW_BREAK = re.compile(r"\s*(?:/|\r?\n|\r)\s*")
_TOKEN_GAP = re.compile(r"[\s,]+")
# A language tag after an opening fence (```text): longer than any token.
_FENCE = re.compile(r"```[^\s`]{3,}(?=\s)|`")


def format_board(board: Board) -> str:
    """Canonical text: one row per line, tokens separated by one space, ``..`` for empty."""
    return "\n".join(" ".join(cell or EMPTY_TEXT for cell in row) for row in board.rows())


def parse_board(text: str, size: int, palette: Palette = DEFAULT_PALETTE) -> Board:
    """The ``size``×``size`` board in ``text``; Rejected naming the row and column at fault."""
    rows = _split_rows(_FENCE.sub(" ", text))
    if len(rows) == 1 and size > 1:
        return _parse_run(rows[0], size, palette)
    cells = [
        _read_token(token, row_number, column_number, palette)
        for row_number, row in enumerate(rows, start=1)
        for column_number, token in enumerate(row, start=1)
    ]
    _check_shape(rows, size)
    return Board(size, tuple(cells))


def _parse_run(tokens: list[str], size: int, palette: Palette) -> Board:
    """A board written with no row separators: every ``size`` tokens make a row."""
    cells = [
        _read_token(token, index // size + 1, index % size + 1, palette)
        for index, token in enumerate(tokens)
    ]
    if len(cells) != size * size:
        raise Rejected(
            f"I count {len(cells)} cells; a {size}×{size} board needs {size * size} — "
            f"{size} rows of {size}, rows separated by `/` or new lines."
        )
    return Board(size, tuple(cells))


def _split_rows(text: str) -> list[list[str]]:
    # Blank lines (and a trailing "/") separate nothing.
    rows = ([token for token in _TOKEN_GAP.split(line) if token] for line in _ROW_BREAK.split(text))
    return [row for row in rows if row]


def _read_token(token: str, row: int, col: int, palette: Palette) -> Cell:
    if token in EMPTY_TOKENS:
        return None
    if len(token) == 2:
        first, second = token[0].upper() + token[1].lower(), token[1].upper() + token[0].lower()
        for piece in (first, second):
            if palette.has(piece):
                return piece
    problem = "is not in this game's palette" if _in_full_palette(token) else "is not an object"
    raise Rejected(
        f"Row {row}, column {col}: {quote(token, limit=12)} {problem} — "
        f"colours are {' '.join(palette.colour_letters)}, "
        f"shapes {' '.join(palette.shape_letters)}. Write `..` for an empty cell."
    )


def _in_full_palette(token: str) -> bool:
    return len(token) == 2 and (
        DEFAULT_PALETTE.has(token[0].upper() + token[1].lower())
        or DEFAULT_PALETTE.has(token[1].upper() + token[0].lower())
    )


def _check_shape(rows: list[list[str]], size: int) -> None:
    dims = f"a {size}×{size} board needs"
    if not rows:
        raise Rejected(f"That board is blank: {dims} {size} rows of {size} cells.")
    for number, row in enumerate(rows, start=1):
        if len(row) != size:
            raise Rejected(f"Row {number} has {len(row)} cells; {dims} {size}.")
    if len(rows) != size:
        raise Rejected(f"The board has {len(rows)} rows; {dims} {size}.")
