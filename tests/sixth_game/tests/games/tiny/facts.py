"""What the shared tests need to know about Race to Five (see tests/facts.py)."""

from __future__ import annotations

from typing import Any

from games.tiny import TinyState

MOVES = ["ready", "add 1", "add 2", "add 3", "add", "i'm ready"]
PHASES = frozenset({"ready", "race"})


def phase(state: TinyState) -> str:
    """Its state calls the phase its ``step``: the game says so here."""
    return state.step


LONGEST_MOVES = ["`add 2`", "  ADD   2  "]
HEAVY_MOVES = [("add ", "1"), ("", "ready ")]
SOAK_OPTIONS: list[dict[str, Any]] = [{"turn_seconds": 5}]


def secrets(state: TinyState) -> list[str]:
    """Nothing is hidden."""
    return []
