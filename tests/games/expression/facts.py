"""What the shared tests need to know about Expression (see tests/facts.py)."""

from __future__ import annotations

from typing import Any, get_args

from games.expression.models import ExpressionState, Stage

MOVES = [
    "ready",
    "i'm ready",
    "first me",
    "first them",
    "them first",
    "play 7 + 12 * 3",
    "7+12x3",
    "play 1 ÷ 2 − 3",
    "guess 5 7 +",
    "guess 5",
    "guess none",
    "reveal 7",
    "reveal +",
    "final 1: 5 7 +; 2: 12 12 -",
    "final 3: none",
    "final done",
    "final guess round 2: 4 9 / done",
    "final r12: 1 2 x",
    "expr 0 : 3 × 4",
]

PHASES = frozenset(get_args(Stage))


def phase(state: ExpressionState) -> str:
    return state.stage


_FINAL_FORM = "final " + "; ".join(f"round {n}: 12 12 ÷" for n in range(1, 13)) + " done"
LONGEST_MOVES = [
    _FINAL_FORM,
    "x" * 1000 + "; " + "; ".join(f"{n}: none" for n in range(13)),
]
HEAVY_MOVES = [("final ", "1"), ("final ", "r1: 1 2 + "), ("guess ", "+1"), ("play ", "7")]
SOAK_OPTIONS: list[dict[str, Any]] = [
    {
        "planning_seconds": 5,
        "submit_seconds": 5,
        "reserve_seconds": 30,
        "guess_seconds": 5,
        "final_seconds": 10,
    }
]
#: Its built-in player weighs thousands of expressions: the dearest to run.
SOAK_AT_ONCE = 1


def secrets(state: ExpressionState) -> list[str]:
    """Every tile each seat played, in order."""
    return [" ".join(str(t) for t in p.tiles()) for r in state.rounds for p in r.plays if p]


REVEAL_PICTURED = True


def on_reserve(state: ExpressionState) -> bool:
    """A seat's play window ran into its reserve time this round."""
    return bool(state.rounds) and state.stage == "play" and any(state.current.overtime)
