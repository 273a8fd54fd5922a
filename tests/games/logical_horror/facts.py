"""What the shared tests need to know about Logical Horror (see tests/facts.py)."""

from __future__ import annotations

from typing import Any

from games.logical_horror.models import LogicalHorrorState
from games.logical_horror.rules import RULES

MOVES = [
    "public lh1-00",
    "private ##.. ..## #.#. .#.#",
    "public #.#./.#.#|##..",
    "hint red",
    "hint r",
    "pause the power went out",
    "confirm",
    "deny",
    "```text\nprivate #..#\n.##.\n```",
    "private lh1-",
]

#: No phases of play: a claimed win waiting for the host's word is what differs.
PHASES = frozenset({"playing", "claimed win"})


def phase(state: LogicalHorrorState) -> str:
    return "claimed win" if state.pending_win is not None else "playing"


def situation(state: LogicalHorrorState) -> tuple[Any, ...]:
    """What a seat may do is what it holds."""
    return tuple(
        (seat.tokens > 0, seat.hints > 0, bool(seat.solved), bool(seat.hinted))
        for seat in state.seats
    )


#: The host confirms a win (a phase the demo never reaches).
FUZZ_MATCHES: list[dict[str, Any]] = [{"host_confirms_win": True, "hint_seconds": 60, "size": 8}]

_GRID = "\n".join("#." * 5 for _ in range(10))
LONGEST_MOVES = [f"private ```\n{_GRID}\n```", "public " + "x" * 1000]
HEAVY_MOVES = [("public ", "#."), ("private ", "# / "), ("pause ", "a ")]
SOAK_OPTIONS: list[dict[str, Any]] = [
    {"size": 8, "colours": 2, "token_seconds": 5, "hint_seconds": 30}
]


def secrets(state: LogicalHorrorState) -> list[str]:
    """Every clue colour's rule."""
    return [RULES[rule].name for rule in state.puzzle.rules.values()]


REVEAL_PICTURED = True
