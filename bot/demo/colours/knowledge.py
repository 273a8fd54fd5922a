"""What the opponent's own tiles in one round may have been, weighed.

A round shows this seat the colours of the opponent's five tiles in order.
Every expression of those colours that holds the round's global pair is a
candidate; who won the round tells whether its value lay nearer 10 than this
seat's own (ties go to the seat that played second); guesses and the reveal
name tiles it held or did not. A player aims near 10, so a candidate counts
more the nearer its value is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any

from games.expression.arithmetic import TARGET, evaluate
from games.expression.tiles import NUMBERS, SYMBOLS, Symbol, colour

#: The opponent's own tiles in a round: its two numbers (sorted) and its symbol.
Own = tuple[int, int, Symbol]


@lru_cache(maxsize=4096)
def _shapes(
    number: int, symbol: Symbol, shades: tuple[str, ...]
) -> tuple[tuple[Fraction, Own], ...]:
    """Every (value, own tiles) of an expression in these colours that holds the pair."""
    found: set[tuple[Fraction, Own]] = set()
    options = [
        [n for n in NUMBERS if colour(n) == shades[i]]
        if i % 2 == 0
        else [s for s in SYMBOLS if colour(s) == shades[i]]
        for i in range(5)
    ]
    for tiles in product(*options):
        numbers, symbols = [tiles[0], tiles[2], tiles[4]], [tiles[1], tiles[3]]
        if number not in numbers or symbol not in symbols:
            continue
        own_numbers = list(numbers)
        own_numbers.remove(number)
        own_symbols = list(symbols)
        own_symbols.remove(symbol)
        a, b = sorted(int(n) for n in own_numbers)
        found.add((evaluate(numbers, symbols), (a, b, own_symbols[0])))  # type: ignore[arg-type]
    return tuple(sorted(found, key=lambda item: (item[1], item[0])))


def _nearness(value: Fraction) -> float:
    return 1.0 / (1.0 + float(abs(value - TARGET))) ** 2


def weighed(
    record: Mapping[str, Any], mine: Mapping[str, Any] | None, seat: int
) -> dict[Own, float]:
    """The opponent's possible own tiles in ``record``'s round, each with its weight."""
    opponent = 1 - seat
    shades = (record.get("colours") or [None, None])[opponent]
    if not shades:
        return {}
    pair = record["pair"]
    mine_gap = abs(Fraction(mine["value"]) - TARGET) if mine is not None else None
    second = 1 - record["first"]
    held, not_held = _told(record, opponent)
    found: dict[Own, float] = {}
    for value, own in _shapes(pair["number"], pair["symbol"], tuple(shades)):
        if mine_gap is not None and record.get("winner") is not None:
            gap = abs(value - TARGET)
            won = gap < mine_gap or (gap == mine_gap and second == opponent)
            if won != (record["winner"] == opponent):
                continue
        tiles = [own[0], own[1], own[2]]
        if any(tile not in tiles for tile in held) or any(tile in tiles for tile in not_held):
            continue
        found[own] = found.get(own, 0.0) + _nearness(value)
    return found


def _told(record: Mapping[str, Any], opponent: int) -> tuple[list[Any], list[Any]]:
    """Tiles the opponent's own tiles are known to hold, and known not to: this
    seat's guesses (when it lost the round) and the opponent's reveal."""
    held: list[Any] = []
    not_held: list[Any] = []
    if record.get("winner") != opponent:
        return held, not_held
    guesses = record.get("guesses") or {}
    for entry in guesses.get("numbers", []):
        (held if entry["correct"] else not_held).append(entry["number"])
    symbol = guesses.get("symbol")
    if symbol:
        (held if symbol["correct"] else not_held).append(symbol["symbol"])
    if record.get("revealed") is not None:
        held.append(record["revealed"])
    return held, not_held


def chances(found: Mapping[Own, float]) -> tuple[dict[int, float], dict[str, float]]:
    """Each number's and each symbol's chance of being among the own tiles."""
    total = sum(found.values()) or 1.0
    numbers: dict[int, float] = {}
    symbols: dict[str, float] = {}
    for (a, b, sign), weight in found.items():
        for n in {a, b}:
            numbers[n] = numbers.get(n, 0.0) + weight / total
        symbols[sign] = symbols.get(sign, 0.0) + weight / total
    return numbers, symbols


def likeliest(found: Mapping[Own, float], spent: Mapping[Any, int]) -> Own | None:
    """The heaviest candidate whose tiles the opponent still had (``spent``: tiles
    already given to other rounds' answers, against its 2 of each number, 3 of
    each symbol)."""

    def fits(own: Own) -> bool:
        a, b, sign = own
        numbers = [a, b]
        return all(spent.get(n, 0) + numbers.count(n) <= 2 for n in numbers) and (
            spent.get(sign, 0) < 3
        )

    ranked = sorted(found.items(), key=lambda item: (-item[1], item[0]))
    return next((own for own, _ in ranked if fits(own)), None)


def plays_of(view: Mapping[str, Any]) -> Sequence[Mapping[str, Any] | None]:
    return view.get("my_plays") or []
