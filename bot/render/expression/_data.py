"""Reading Expression notice and view data (tolerating odd values) and the small
text pieces every message shares: tiles, expressions, colours, clocks, points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from bot.render.base import as_int, as_list, escape_md
from games.expression.tiles import HIGHEST, LOWEST, ROUNDS, SYMBOL_ALIASES, SYMBOLS, Symbol, colour

Tile = int | str

#: How each colour reads in text: a square that works without colour, and a letter.
COLOUR_SQUARES = {"black": "⬛", "white": "⬜"}
COLOUR_LETTERS = {"black": "B", "white": "W"}
#: Symbols as a player types them on an ordinary keyboard (the grammar reads these).
TYPED_SYMBOLS = {"+": "+", "−": "-", "×": "*", "÷": "/"}
ROUNDS_PER_BOUT = ROUNDS

# -- reading ---------------------------------------------------------------------------


def symbol_of(value: object) -> Symbol | None:
    return SYMBOL_ALIASES.get(value) if isinstance(value, str) else None


def tile_of(value: object) -> Tile | None:
    """A number 1–12 or one of + − × ÷; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if LOWEST <= value <= HIGHEST else None
    return symbol_of(value)


def tiles_of(value: object) -> list[Tile]:
    return [tile for tile in (tile_of(v) for v in as_list(value)) if tile is not None]


def numbers_of(value: object) -> list[int]:
    return sorted(t for t in tiles_of(value) if isinstance(t, int))


def symbols_of(value: object) -> list[str]:
    return sorted((t for t in tiles_of(value) if isinstance(t, str)), key=SYMBOLS.index)


def colours_of(value: object) -> list[str]:
    return [c for c in (str(v) for v in as_list(value)) if c in COLOUR_SQUARES]


def pair_of(value: object) -> tuple[int, str] | None:
    """A global pair ``(number, symbol)`` from ``{"number", "symbol"}``."""
    if not isinstance(value, Mapping):
        return None
    number, symbol = tile_of(value.get("number")), symbol_of(value.get("symbol"))
    if not isinstance(number, int) or symbol is None:
        return None
    return number, symbol


def pairs_of(value: object) -> list[tuple[int, tuple[int, str]]]:
    """``[(round, (number, symbol))]`` from a list of ``{round, number, symbol}``."""
    found = []
    for i, entry in enumerate(as_list(value), start=1):
        pair = pair_of(entry)
        if pair is not None and isinstance(entry, Mapping):
            found.append((as_int(entry.get("round"), i), pair))
    return found


def mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def mappings(value: object) -> list[Mapping[str, Any]]:
    return [entry for entry in as_list(value) if isinstance(entry, Mapping)]


# -- writing ---------------------------------------------------------------------------


def tile_text(tile: object) -> str:
    return str(tile)


def tiles_text(tiles: Sequence[object]) -> str:
    """``12 3 ×`` — tiles in a code span, or ``none``."""
    return f"`{' '.join(tile_text(t) for t in tiles)}`" if tiles else "none"


def expression_text(tiles: Sequence[object]) -> str:
    return f"`{' '.join(tile_text(t) for t in tiles)}`"


def typed(tiles: Sequence[object]) -> str:
    """Tiles as a player types them (``*`` for ×, ``/`` for ÷)."""
    return " ".join(TYPED_SYMBOLS.get(str(t), str(t)) for t in tiles)


def example_play(pair: tuple[int, str] | None, numbers: list[int], symbols: list[str]) -> str:
    """A legal expression from a seat's own tiles (``numbers`` sorted), as typed."""
    if pair is None or len(numbers) < 2 or not symbols:
        return "7 + 12 * 3"
    return typed([pair[0], pair[1], numbers[-1], symbols[0], numbers[-2]])


def pair_text(pair: tuple[int, str] | None) -> str:
    return "—" if pair is None else f"**{pair[0]}** and **{pair[1]}**"


def colours_text(colours: Sequence[str]) -> str:
    """``⬛⬜⬛⬛⬜ (B W B B W)``: squares for the eye, letters for everyone."""
    if not colours:
        return "—"
    squares = "".join(COLOUR_SQUARES[c] for c in colours)
    letters = " ".join(COLOUR_LETTERS[c] for c in colours)
    return f"{squares} ({letters})"


def tile_colour(tile: Tile) -> str:
    return colour(tile)  # type: ignore[arg-type]


def clock_text(ms: object) -> str:
    """``2:05`` for 125,000 ms."""
    seconds = max(0, as_int(ms)) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def value_text(value: object) -> str:
    """An exact value as text: ``43``, ``−3``, ``7/2 (≈ 3.5)``."""
    try:
        number = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return escape_md(str(value))
    sign = "−" if number < 0 else ""
    if number.denominator == 1:
        return f"{sign}{abs(number.numerator)}"
    approx = f"{float(abs(number)):.2f}".rstrip("0").rstrip(".")
    return f"{sign}{abs(number.numerator)}/{number.denominator} (≈ {sign}{approx})"


def signed(points: object) -> str:
    value = as_int(points)
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "±0"
