"""Small builders for notices and their plain-JSON data."""

from __future__ import annotations

from typing import Any

from games.core import HOST, PUBLIC, Notice
from games.expression.models import ExpressionState
from games.expression.tiles import COLOURS, GlobalPair, Tile, colour


def public(kind: str, **data: Any) -> Notice:
    return Notice(audience=PUBLIC, kind=kind, data=data)


def private(to: int, kind: str, /, **data: Any) -> Notice:
    return Notice(audience=to, kind=kind, data=data)


def host(kind: str, **data: Any) -> Notice:
    return Notice(audience=HOST, kind=kind, data=data)


def pair_data(pair: GlobalPair) -> dict[str, Any]:
    return {"number": pair.number, "symbol": pair.symbol}


def colours(tiles: list[Tile]) -> list[str]:
    return [COLOURS.get(tile) or colour(tile) for tile in tiles]


def totals(state: ExpressionState) -> list[int]:
    """Each seat's points so far over the whole match."""
    return [sum(bout[seat].total for bout in state.scores) for seat in (0, 1)]


def reserves_ms(state: ExpressionState) -> list[int]:
    return [reserve.left_ms for reserve in state.reserves]


def match_over(state: ExpressionState, forfeit: int | None) -> Notice:
    """The end, once ``state.outcome`` is set; ``forfeit`` is the seat out of reserve."""
    assert state.outcome is not None
    return public(
        "match_over",
        winner=state.outcome.winner,
        reason=state.outcome.reason,
        forfeit=forfeit,
        points=totals(state),
        before_final=[sum(b[s].before_final for b in state.scores) for s in (0, 1)],
        rounds_won=[sum(b[s].rounds for b in state.scores) for s in (0, 1)],
        reserve_ms=reserves_ms(state),
    )
