"""Points: guesses after a round, the Final Guess, and the match result."""

from __future__ import annotations

from games.core import Outcome
from games.expression.models import (
    BoutScore,
    Guess,
    GuessScore,
    NumberResult,
    OwnTiles,
    SymbolResult,
)

RIGHT_NUMBER, WRONG_NUMBER = 2, -1
RIGHT_SYMBOL, WRONG_SYMBOL = 1, -1
RIGHT_FINAL = 2


def score_guess(own: OwnTiles, guess: Guess) -> GuessScore:
    """A number is right if the winner used at least one own tile of it."""
    numbers = tuple(
        NumberResult(
            number=n,
            correct=n in own.numbers,
            points=RIGHT_NUMBER if n in own.numbers else WRONG_NUMBER,
        )
        for n in guess.numbers
    )
    symbol = None
    if guess.symbol is not None:
        right = guess.symbol == own.symbol
        symbol = SymbolResult(
            symbol=guess.symbol, correct=right, points=RIGHT_SYMBOL if right else WRONG_SYMBOL
        )
    points = sum(r.points for r in numbers) + (symbol.points if symbol else 0)
    return GuessScore(numbers=numbers, symbol=symbol, points=points)


def final_right(guess: OwnTiles, used: OwnTiles) -> bool:
    """Right only if all three tiles match, order aside (OwnTiles keeps numbers sorted)."""
    return guess == used


def _sum(scores: list[list[BoutScore]], seat: int, part: str) -> int:
    return sum(getattr(bout[seat], part) for bout in scores)


def _leader(values: list[int]) -> int | None:
    if values[0] == values[1]:
        return None
    return 0 if values[0] > values[1] else 1


def final_outcome(scores: list[list[BoutScore]], advantage: int) -> Outcome:
    """Total points; ties: more points before the Final Guesses, then more rounds won,
    then the Advantage holder. There are no draws."""
    total = [_sum(scores, seat, "total") for seat in (0, 1)]
    pair = (float(total[0]), float(total[1]))
    leader = _leader(total)
    if leader is not None:
        reason = f"seat {leader} won {total[leader]} to {total[1 - leader]} on points"
        return Outcome(winner=leader, scores=pair, reason=reason)
    tied = f"points tied {total[0]}–{total[1]}"
    before = [_sum(scores, seat, "before_final") for seat in (0, 1)]
    leader = _leader(before)
    if leader is not None:
        reason = (
            f"{tied}; seat {leader} had more points before the Final Guesses "
            f"({before[leader]} to {before[1 - leader]})"
        )
        return Outcome(winner=leader, scores=pair, reason=reason)
    rounds = [_sum(scores, seat, "rounds") for seat in (0, 1)]
    leader = _leader(rounds)
    if leader is not None:
        reason = (
            f"{tied}, and before the Final Guesses too; seat {leader} won more rounds "
            f"({rounds[leader]} to {rounds[1 - leader]})"
        )
        return Outcome(winner=leader, scores=pair, reason=reason)
    reason = (
        f"{tied}, before the Final Guesses too, and rounds won tied {rounds[0]}–{rounds[1]}; "
        f"seat {advantage} holds the Advantage"
    )
    return Outcome(winner=advantage, scores=pair, reason=reason)


def forfeit_outcome(scores: list[list[BoutScore]], seat: int) -> Outcome:
    total = [_sum(scores, s, "total") for s in (0, 1)]
    return Outcome(
        winner=1 - seat,
        scores=(float(total[0]), float(total[1])),
        reason=f"seat {seat} ran out of reserve time",
    )
