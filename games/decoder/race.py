"""The recharge-timer race that decides whose turn it is (logical units, not
clock time; nobody is ever shown a timer)."""

from __future__ import annotations

from games.core import Seat, other


def starting_timers(first_seat: Seat) -> list[int]:
    """The first seat starts at 0 units, the other at 1."""
    return [0, 1] if first_seat == 0 else [1, 0]


def next_turn(timers: list[int], last_turn: Seat | None) -> tuple[Seat, list[int]]:
    """Run both timers down together until one hits zero: that seat moves.

    Both at zero together: the seat that did not take the last turn moves.
    Returns the seat and the timers at that moment.
    """
    drop = min(timers)
    left = [timer - drop for timer in timers]
    if left[0] == 0 and left[1] == 0:
        return (other(last_turn) if last_turn is not None else 0), left
    return (0 if left[0] == 0 else 1), left
