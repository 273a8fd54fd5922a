"""What the shared tests need to know about Decoder (see tests/facts.py)."""

from __future__ import annotations

from typing import Any, get_args

from games.decoder.models import DecoderState, Phase

MOVES = [
    "time 3 120",
    "raise tank 2 to 300 s",
    "rarities 2 1 0",
    "hand a b c d e f",
    "hand abcdef",
    "ask decoder not any tank 3",
    "ask word not odd tank 1 evidence surge",
    "guess q tank 2 insurance",
    "restore tank 5 surge",
    "clue odd",
    "clue any unexpected",
    "giveup e",
    "give up e",
    "swap e",
    "keep",
    "no swap",
    "total 17",
    "total none",
    "sabotage 4",
    "sabotage 4 unexpected",
    "unexpected",
    "pass",
    "start selection",
    "begin",
    "ask a not two #7 power surge new evidence",
]

PHASES = frozenset(get_args(Phase))


def phase(state: DecoderState) -> str:
    return state.phase


def situation(state: DecoderState) -> tuple[Any, ...]:
    """The decision each seat owes (a clue, a give-up, a swap…)."""
    return tuple(getattr(pending, "decision", None) for pending in state.pending)


LONGEST_MOVES = [
    "ask " + "a" * 30 + " not any tank " + "n" * 80 + " new evidence power surge",
    "hand " + " ".join("abcdefghijklmnopqrstuvwxyz"),
]
HEAVY_MOVES = [("sabotage ", "1 "), ("ask a not any ", "tank "), ("hand ", "a ")]
SOAK_OPTIONS: list[dict[str, Any]] = [
    {"selection_seconds": 10, "turn_seconds": 10, "response_seconds": 10, "bank_seconds": 60}
]
SOAK_AT_ONCE = 5


def secrets(state: DecoderState) -> list[str]:
    """Every letter each seat saw, and the tank names."""
    return [f"`{letter}`" for seen in state.seen for letter in seen] + list(state.tank_names)


REVEAL_PICTURED = True


def on_reserve(state: DecoderState) -> bool:
    """A seat is spending bank steps on the decision it owes."""
    return any(p is not None and p.steps > 0 for p in state.pending)
