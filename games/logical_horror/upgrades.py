"""Logical Horror's stored formats (games.core.formats): the version, the steps
from each older one, and the schema hashes recorded for each."""

from __future__ import annotations

from typing import Any

from games.core.formats import Formats, Schemas, Upgrade


def _seats_from_zero(state: dict[str, Any]) -> dict[str, Any]:
    """A win stored before reasons counted seats from 0 said "seat 1's board…" for
    seat 0 (the room, reading "seat 1" as the second player's name, named the
    loser). The winner tells the two spellings apart, so a reason already counted
    from 0 is left as it is."""
    outcome = state.get("outcome")
    if outcome and isinstance(winner := outcome.get("winner"), int):
        old = f"seat {winner + 1}'s board satisfies every clue"
        if outcome.get("reason") == old:
            outcome["reason"] = f"seat {winner}'s board satisfies every clue"
    return state


FORMATS = Formats(
    version=2,
    steps={2: Upgrade(why="the win's reason counts seats from 0", state=_seats_from_zero)},
    schemas={
        1: Schemas(state="13120958ae175acd", action="456bd680ff5de979"),
        2: Schemas(state="13120958ae175acd", action="456bd680ff5de979"),
    },
)
