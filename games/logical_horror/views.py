"""What each audience may know.

Everyone: the grid, the answer format, the clues in their colours, every
public query (board and count) but a winning one held for the host, that
private queries were made, and a claimed win. A seat also: its resources,
solved colours, the rules it was hinted, and its own queries with what they
told it. The host: everything, the colour → rule mapping and the solution
included.
"""

from __future__ import annotations

from typing import Any

from games.core import HOST, SEATS, Audience
from games.logical_horror import checks, tokens
from games.logical_horror.formats import FORMATS
from games.logical_horror.models import LogicalHorrorState, QueryRecord


def view(state: LogicalHorrorState, audience: Audience) -> dict[str, Any]:
    shown = _public(state)
    if audience == HOST:
        shown["pending_board"] = state.pending_board
        shown["rules"] = dict(state.puzzle.rules)
        shown["solution"] = list(state.puzzle.solution)
        shown["seats"] = [_seat(state, seat) for seat in SEATS]
    elif isinstance(audience, int) and audience in SEATS:
        shown.update(_seat(state, audience))
    return shown


def puzzle_data(state: LogicalHorrorState) -> dict[str, Any]:
    """The public face of the puzzle: grid, format and clues."""
    puzzle = state.puzzle
    answer_format = FORMATS[puzzle.format]
    return {
        "height": puzzle.height,
        "width": puzzle.width,
        "format": {
            "key": answer_format.key,
            "name": answer_format.name,
            "sentence": answer_format.sentence,
            "genres": list(answer_format.genres),
        },
        "colours": puzzle.colours,
        "clues": [clue.model_dump() for clue in puzzle.clues],
    }


def _public(state: LogicalHorrorState) -> dict[str, Any]:
    return {
        "puzzle": puzzle_data(state),
        "public_queries": [_shown(q) for q in state.queries if q.public and not q.held],
        "private_queries": [
            sum(1 for q in state.queries if q.seat == s and not q.public) for s in SEATS
        ],
        "pending_win": state.pending_win,
    }


def _shown(record: QueryRecord) -> dict[str, Any]:
    return {"seat": record.seat, "board": record.board, "satisfied": record.satisfied}


def _seat(state: LogicalHorrorState, seat: int) -> dict[str, Any]:
    resources = state.seats[seat]
    return {
        "seat": seat,
        "tokens": resources.tokens,
        "most_tokens": tokens.most_tokens(state),
        "free_queries": tokens.free_queries(state, seat),
        "next_token_ms": resources.next_token_ms,
        "interval_seconds": resources.interval_ms // 1000,
        "hints": resources.hints,
        "next_hint_ms": state.next_hint_ms,
        "solved": list(resources.solved),
        "hinted": {c: checks.rule_card(state.puzzle.rules[c]) for c in resources.hinted},
        "my_queries": [q.model_dump() for q in state.queries if q.seat == seat],
    }
