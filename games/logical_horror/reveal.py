"""What ``/match reveal`` tells the room once the match is over: every colour's
rule and the solution (told at a win too, not at an abort), each seat's private
queries and what they showed it, and the hints each seat took."""

from __future__ import annotations

from typing import Any

from games.core import PUBLIC, SEATS, Notice
from games.logical_horror.models import LogicalHorrorState, QueryRecord
from games.logical_horror.play import grid


def secrets(state: LogicalHorrorState) -> list[Notice]:
    data = {
        "rules": dict(state.puzzle.rules),
        "solution": list(state.puzzle.solution),
        "grid": grid(state),
        "private_queries": [_query(q) for q in state.queries if not q.public],
        "hinted": [list(state.seats[seat].hinted) for seat in SEATS],
    }
    return [Notice(audience=PUBLIC, kind="secrets_revealed", data=data)]


def _query(query: QueryRecord) -> dict[str, Any]:
    solved = sorted(c for c, ok in (query.colours or {}).items() if ok)
    return {"seat": query.seat, "at_ms": query.at_ms, "board": query.board, "solved": solved}
