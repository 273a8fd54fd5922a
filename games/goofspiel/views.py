"""What each audience may see. Everything is public in this game except the
current auction's sealed bids: a seat sees its own, the host sees both, and
everyone else learns only whether a bid is in."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from games.core import HOST, PUBLIC, Audience
from games.goofspiel.board import LETTERS
from games.goofspiel.models import AuctionRecord, GoofspielState, PhaseRecord
from games.goofspiel.scoring import line_standings, standing_points


def view(state: GoofspielState, audience: Audience) -> dict[str, Any]:
    shown = public_view(state)
    if audience == PUBLIC:
        return shown
    if audience == HOST:
        return {**shown, "bids": list(state.bids)}
    if audience in (0, 1):
        return {**shown, "seat": audience, "my_bid": state.bids[audience]}
    raise ValueError(f"unknown audience {audience!r}")


# The whole history in one call into pydantic's serializer, not one per record.
_HISTORY: TypeAdapter[list[AuctionRecord]] = TypeAdapter(list[AuctionRecord])
_PHASES: TypeAdapter[list[PhaseRecord]] = TypeAdapter(list[PhaseRecord])


def public_view(state: GoofspielState) -> dict[str, Any]:
    over = state.outcome is not None
    lines = line_standings(state.board)
    return {
        "phase": state.phase,
        "number": None if over else state.auction_number,
        "letter": None if over else state.letter,
        "cell": None if over else state.cell,
        "phase_cells": [
            {"letter": letter, "cell": cell}
            for letter, cell in zip(LETTERS, state.phase_cells, strict=True)
        ],
        "board": dict(state.board),
        "hands": [list(hand) for hand in state.hands],
        "bids_in": [not over and bid is not None for bid in state.bids],
        "history": _HISTORY.dump_python(state.history, mode="json"),
        "phases": _PHASES.dump_python(state.phases, mode="json"),
        "lines": lines,
        "points": standing_points(lines),
        "remaining": [sum(hand) for hand in state.hands],
        "seconds": state.config.move_seconds,
        "deadline_ms": None if over else state.window.end_ms,
        "outcome": None if state.outcome is None else state.outcome.model_dump(mode="json"),
    }
