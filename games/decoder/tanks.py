"""Timer tanks: puzzle seconds to recharge units, sabotage, extra tiles, and the
words a player uses to name a tank.

Tanks are numbered 1–7 in front of players (and in actions and notices); the
lists in the state are indexed 0–6.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

TANKS = 7
#: Puzzle times may be raised to 5 minutes (and lowered again, down to the official time).
MAX_SECONDS = 300
#: A recharge time never goes past 30 units, however often it is sabotaged.
MAX_UNITS = 30


class Tank(BaseModel):
    """One of a seat's tanks. ``units`` starts as ``units_for(seconds)`` and
    only sabotage changes it after the letter selection. Frozen: a change puts a
    new tank in its place, so the engine's copy of a state shares the tanks
    (games.core.copies) rather than copying fourteen of them on every move."""

    model_config = ConfigDict(frozen=True)

    seconds: int
    units: int
    used: bool = False


def units_for(seconds: int) -> int:
    """Seconds / 10 rounded down, but at least 1 (57 s -> 5 units; 9 s -> 1)."""
    return max(1, seconds // 10)


def sabotaged(units: int) -> int:
    """×1.5 rounded up, at most 30 units (5 -> 8; 22 -> 30)."""
    return min(MAX_UNITS, (3 * units + 1) // 2)


def earns_extra(mine: int, theirs: int) -> bool:
    """Strictly less than 75% of the opponent's units, compared in integers."""
    return 4 * mine < 3 * theirs


def extra_tanks(mine: list[Tank], theirs: list[Tank]) -> list[int]:
    """The tank numbers (1–7) that give this seat an extra tile."""
    return [
        number
        for number, (own, other) in enumerate(zip(mine, theirs, strict=True), start=1)
        if earns_extra(own.units, other.units)
    ]


def make_tanks(seconds: list[int]) -> list[Tank]:
    return [Tank(seconds=s, units=units_for(s)) for s in seconds]


def normal_name(name: str) -> str:
    """How a tank name is matched: lower-case, single spaces."""
    return " ".join(name.lower().split())


def tank_label(number: int, names: list[str]) -> str:
    return f"{number} ({names[number - 1]})"


def unused_numbers(tanks: list[Tank]) -> list[int]:
    return [number for number, tank in enumerate(tanks, start=1) if not tank.used]


def used_numbers(tanks: list[Tank]) -> list[int]:
    return [number for number, tank in enumerate(tanks, start=1) if tank.used]
