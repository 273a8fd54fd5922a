"""What ``/match reveal`` tells the room once the match is over: every
expression played (the opponent only ever saw its colours) and the tiles each
seat had left."""

from __future__ import annotations

from typing import Any

from games.core import PUBLIC, Notice
from games.expression.models import ExpressionState, RoundRecord, Submission
from games.expression.notices import pair_data


def secrets(state: ExpressionState) -> list[Notice]:
    data = {
        "rounds": [_round(record) for record in state.rounds],
        "tiles_left": [
            {"numbers": list(state.numbers[seat]), "symbols": list(state.symbols[seat])}
            for seat in (0, 1)
        ],
    }
    return [Notice(audience=PUBLIC, kind="secrets_revealed", data=data)]


def _round(record: RoundRecord) -> dict[str, Any]:
    return {
        "bout": record.bout,
        "round": record.round,
        "pair": pair_data(record.pair),
        "plays": [_play(play) for play in record.plays],
        "winner": record.winner,
    }


def _play(play: Submission | None) -> dict[str, Any] | None:
    if play is None:
        return None
    return {"tiles": play.tiles(), "own": play.own.tiles(), "value": play.value}
