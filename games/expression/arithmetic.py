"""Exact evaluation of ``number symbol number symbol number``.

No parentheses; × and ÷ bind before + and −, and equal ranks go left to right.
Everything is a :class:`fractions.Fraction`: no float is ever involved.
"""

from __future__ import annotations

from fractions import Fraction

from games.core import Rejected
from games.expression.tiles import Symbol

TARGET = 10
_HIGH_RANK = frozenset({"×", "÷"})


def apply_symbol(left: Fraction, symbol: Symbol, right: Fraction) -> Fraction:
    if symbol == "+":
        return left + right
    if symbol == "−":
        return left - right
    if symbol == "×":
        return left * right
    if right == 0:
        # Tiles run 1–12, so this cannot happen in play; refuse rather than crash.
        raise Rejected("That expression divides by zero.")
    return left / right


def evaluate(numbers: list[int], symbols: list[Symbol]) -> Fraction:
    """The exact value of ``a s1 b s2 c``."""
    a, b, c = (Fraction(n) for n in numbers)
    first, second = symbols
    if second in _HIGH_RANK and first not in _HIGH_RANK:
        return apply_symbol(a, first, apply_symbol(b, second, c))
    return apply_symbol(apply_symbol(a, first, b), second, c)


def distance(value: Fraction) -> Fraction:
    return abs(value - TARGET)


def round_winner(values: list[Fraction], second: int) -> int:
    """The seat whose value is closer to 10; equal distance goes to ``second``."""
    gaps = [distance(value) for value in values]
    if gaps[0] == gaps[1]:
        return second
    return 0 if gaps[0] < gaps[1] else 1


def fraction_text(value: Fraction) -> str:
    """``"7/2"``, ``"-3"``: exact, JSON-able, and read back by ``Fraction(text)``."""
    return str(value)
