"""Notice builders and the end of the match (kinds and keys: see the package docstring)."""

from __future__ import annotations

from typing import Any

from games.core import PUBLIC, Notice, Outcome, Seat
from games.decoder.models import DecoderState


def public(kind: str, **data: Any) -> Notice:
    return Notice(audience=PUBLIC, kind=kind, data=data)


def private(seat: int, kind: str, **data: Any) -> Notice:
    return Notice(audience=seat, kind=kind, data=data)


def hand_sizes(state: DecoderState) -> list[int]:
    return [len(hand) for hand in state.hands]


def tile_board(state: DecoderState) -> dict[str, Any]:
    """What the room knows of the hands: their sizes and every letter revealed."""
    revealed = [entry.model_dump() for entry in state.revealed]
    return {"hand_sizes": hand_sizes(state), "revealed": revealed}


def finish(state: DecoderState, winner: Seat, reason: str) -> Notice:
    """End the match: nothing is pending any more."""
    state.outcome = Outcome(winner=winner, reason=reason)
    state.phase = "over"
    state.pending = [None, None]
    return public("match_over", winner=winner, reason=reason, **tile_board(state))
