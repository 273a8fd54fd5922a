"""Tiles: numbers 1–12 and the symbols + − × ÷, their colours, the seats' sets
and the global pairs.

Symbols are stored as the Unicode signs; players may type ``-`` for −, ``*`` or
``x`` for ×, and ``/`` or ``:`` for ÷ (DECISIONS).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, model_validator

from games.core import rng

Symbol: TypeAlias = Literal["+", "−", "×", "÷"]
#: A single tile: a number 1–12 or a symbol.
Tile: TypeAlias = int | Symbol
Colour: TypeAlias = Literal["black", "white"]

SYMBOLS: tuple[Symbol, ...] = ("+", "−", "×", "÷")
LOWEST, HIGHEST = 1, 12
NUMBERS: tuple[int, ...] = tuple(range(LOWEST, HIGHEST + 1))
ROUNDS = 12
NUMBER_COPIES = 2
SYMBOL_COPIES = 3

#: What players type -> the symbol it means.
SYMBOL_ALIASES: dict[str, Symbol] = {
    "+": "+",
    "−": "−",
    "-": "−",
    "–": "−",
    "—": "−",
    "×": "×",
    "*": "×",
    "x": "×",
    "÷": "÷",
    "/": "÷",
    ":": "÷",
}

_BLACK_SYMBOLS = frozenset({"+", "×"})


def to_symbol(text: str) -> Symbol | None:
    return SYMBOL_ALIASES.get(text.strip())


def colour(tile: Tile) -> Colour:
    """Black: even numbers, + and ×. White: odd numbers, − and ÷."""
    if isinstance(tile, int):
        return "black" if tile % 2 == 0 else "white"
    return "black" if tile in _BLACK_SYMBOLS else "white"


#: Every tile's colour, looked up rather than worked out: a view colours every
#: expression of the match so far, each time it is made.
COLOURS: dict[Tile, Colour] = {tile: colour(tile) for tile in (*NUMBERS, *SYMBOLS)}


def symbol_order(symbol: Symbol) -> int:
    return SYMBOLS.index(symbol)


def sort_symbols(symbols: list[Symbol]) -> list[Symbol]:
    return sorted(symbols, key=symbol_order)


def starting_numbers() -> list[int]:
    return [number for number in NUMBERS for _ in range(NUMBER_COPIES)]


def starting_symbols() -> list[Symbol]:
    return [symbol for symbol in SYMBOLS for _ in range(SYMBOL_COPIES)]


def tiles_text(numbers: list[int], symbols: list[Symbol] | None = None) -> str:
    parts = [str(n) for n in numbers] + list(symbols or [])
    return " ".join(parts) if parts else "none"


class GlobalPair(BaseModel):
    """One round's global tiles: a number and a symbol, revealed at the bout start.

    Config may give a pair as ``[7, "+"]``; any accepted spelling of a symbol works.
    """

    model_config = ConfigDict(frozen=True)

    number: int
    symbol: Symbol

    @model_validator(mode="before")
    @classmethod
    def _from_pair(cls, value: object) -> object:
        if isinstance(value, list | tuple):
            if len(value) != 2:
                raise ValueError(f"a global pair is [number, symbol], got {list(value)!r}")
            value = {"number": value[0], "symbol": value[1]}
        if isinstance(value, dict) and isinstance(value.get("symbol"), str):
            symbol = to_symbol(value["symbol"])
            if symbol is None:
                raise ValueError(f"{value['symbol']!r} is not a symbol (use + − × ÷)")
            value = {**value, "symbol": symbol}
        return value

    @model_validator(mode="after")
    def _number_in_range(self) -> GlobalPair:
        if not LOWEST <= self.number <= HIGHEST:
            raise ValueError(f"global numbers run {LOWEST}–{HIGHEST}, got {self.number}")
        return self


def draw_globals(seed: int, bout: int) -> list[GlobalPair]:
    """A bout's 12 pairs: each number 1–12 once and each symbol three times, paired at
    random (a balanced draw, as a host dealing from a spare set would make)."""
    draw = rng(seed, "globals", bout)
    numbers = list(NUMBERS)
    symbols = list(starting_symbols())
    draw.shuffle(numbers)
    draw.shuffle(symbols)
    return [GlobalPair(number=n, symbol=s) for n, s in zip(numbers, symbols[:ROUNDS], strict=True)]
