"""Exact evaluation, checked against an independent oracle on every expression the
tiles allow, plus colours and the round winner."""

from __future__ import annotations

import ast
import itertools
from fractions import Fraction

import pytest

from games import Rejected
from games.expression.arithmetic import apply_symbol, distance, evaluate, round_winner
from games.expression.tiles import colour

ASCII = {"+": "+", "−": "-", "×": "*", "÷": "/"}
SYMBOLS = list(ASCII)
NUMBERS = range(1, 13)


def oracle(numbers: tuple[int, int, int], symbols: tuple[str, str]) -> Fraction:
    """Python's own parser decides precedence and associativity; every literal is
    made a Fraction, so the arithmetic is exact too."""
    a, b, c = numbers
    text = f"{a} {ASCII[symbols[0]]} {b} {ASCII[symbols[1]]} {c}"
    return _walk(ast.parse(text, mode="eval").body)


def _walk(node: ast.expr) -> Fraction:
    if isinstance(node, ast.Constant):
        return Fraction(node.value)
    assert isinstance(node, ast.BinOp)
    left, right = _walk(node.left), _walk(node.right)
    operations = {
        ast.Add: left.__add__,
        ast.Sub: left.__sub__,
        ast.Mult: left.__mul__,
        ast.Div: left.__truediv__,
    }
    result = operations[type(node.op)](right)
    assert isinstance(result, Fraction)
    return result


def test_every_expression_matches_the_oracle() -> None:
    """All 12³ × 4² = 27,648 number/symbol sequences (a global and own tiles can
    sit anywhere, so these are all the expressions there are)."""
    checked = fractional = 0
    by_distance: dict[Fraction, int] = {}
    for numbers in itertools.product(NUMBERS, repeat=3):
        for symbols in itertools.product(SYMBOLS, repeat=2):
            value = evaluate(list(numbers), list(symbols))  # type: ignore[arg-type]
            expected = oracle(numbers, symbols)
            assert value == expected, (numbers, symbols)
            assert isinstance(value, Fraction)
            checked += 1
            fractional += value.denominator != 1
            gap = distance(value)
            by_distance[gap] = by_distance.get(gap, 0) + 1
    assert checked == 12**3 * 4**2 == 27_648
    # ÷ produces true fractions, and many expressions share a distance to 10.
    assert fractional > 1000
    assert max(by_distance.values()) > 100


@pytest.mark.parametrize(
    ("numbers", "symbols", "value"),
    [
        ((2, 3, 4), ("+", "×"), Fraction(14)),  # × before +
        ((2, 3, 4), ("×", "+"), Fraction(10)),
        ((12, 6, 2), ("÷", "÷"), Fraction(1)),  # left to right: (12 ÷ 6) ÷ 2
        ((12, 6, 2), ("−", "−"), Fraction(4)),  # (12 − 6) − 2
        ((1, 2, 3), ("−", "÷"), Fraction(1, 3)),  # 1 − 2/3
        ((7, 2, 1), ("÷", "+"), Fraction(9, 2)),
        ((1, 12, 12), ("−", "×"), Fraction(-143)),
        ((5, 3, 7), ("÷", "×"), Fraction(35, 3)),  # (5 ÷ 3) × 7, not 5 ÷ 21
    ],
)
def test_worked_values(
    numbers: tuple[int, int, int], symbols: tuple[str, str], value: Fraction
) -> None:
    assert evaluate(list(numbers), list(symbols)) == value  # type: ignore[arg-type]


def test_division_by_zero_is_refused_not_crashed() -> None:
    with pytest.raises(Rejected, match="divides by zero"):
        apply_symbol(Fraction(3), "÷", Fraction(0))
    with pytest.raises(Rejected, match="divides by zero"):
        evaluate([3, 0, 1], ["÷", "+"])


@pytest.mark.parametrize(
    ("values", "second", "winner"),
    [
        ((Fraction(9), Fraction(12)), 1, 0),  # closer wins, whoever played second
        ((Fraction(12), Fraction(9)), 0, 1),
        ((Fraction(8), Fraction(12)), 0, 0),  # equal distance: the second player
        ((Fraction(8), Fraction(12)), 1, 1),
        ((Fraction(10), Fraction(10)), 0, 0),
        ((Fraction(21, 2), Fraction(19, 2)), 1, 1),
        ((Fraction(-1), Fraction(21)), 0, 0),
        ((Fraction(29, 3), Fraction(31, 3)), 0, 0),
        ((Fraction(29, 3), Fraction(10)), 0, 1),
    ],
)
def test_round_winner(values: tuple[Fraction, Fraction], second: int, winner: int) -> None:
    assert round_winner(list(values), second) == winner


def test_no_float_in_the_winner_decision() -> None:
    # 1/3 and 1/3 + 1e-17 are the same float but not the same fraction.
    close = Fraction(10) + Fraction(1, 3)
    closer = close - Fraction(1, 10**17)
    assert float(close) == float(closer)
    assert round_winner([close, closer], 0) == 1
    assert round_winner([closer, close], 1) == 0


@pytest.mark.parametrize(
    ("tile", "expected"),
    [
        *[(n, "black" if n % 2 == 0 else "white") for n in NUMBERS],
        ("+", "black"),
        ("×", "black"),
        ("−", "white"),
        ("÷", "white"),
    ],
)
def test_colours(tile: int | str, expected: str) -> None:
    assert colour(tile) == expected  # type: ignore[arg-type]
