"""Rune Breaker's stored formats (games.core.formats): the version, the steps
from each older one, and the schema hashes recorded for each."""

from __future__ import annotations

from typing import Any

from games.core.formats import Formats, Schemas, Upgrade

_FORFEIT = "ran out of reserve periods without "


def _seats_from_zero(state: dict[str, Any]) -> dict[str, Any]:
    """A forfeit stored before reasons counted seats from 0 said "seat 2 ran out…"
    for seat 1 (and "seat 1" for seat 0, which the room read as the winner's
    name). The loser is the seat that did not win, which tells the two spellings
    apart, so a reason already counted from 0 is left as it is."""
    outcome = state.get("outcome")
    if outcome and isinstance(winner := outcome.get("winner"), int):
        loser = 1 - winner
        reason = str(outcome.get("reason"))
        if reason.startswith(old := f"seat {loser + 1} {_FORFEIT}"):
            outcome["reason"] = f"seat {loser} {_FORFEIT}" + reason.removeprefix(old)
    return state


FORMATS = Formats(
    version=2,
    steps={2: Upgrade(why="a forfeit's reason counts seats from 0", state=_seats_from_zero)},
    schemas={
        1: Schemas(state="bc0e4200d4fd5fb9", action="2537a24cd9e30567"),
        2: Schemas(state="bc0e4200d4fd5fb9", action="2537a24cd9e30567"),
    },
)
