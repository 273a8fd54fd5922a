"""What ``/match reveal`` tells the room once the match is over: the runes of
every round played or in play (the command each stands for), each round's
Command Sequence, Reagent and Product. A finished round was told to the room
when it ended; a round cut short by an abort was not."""

from __future__ import annotations

from typing import Any

from games.core import PUBLIC, Notice
from games.runebreaker.match import revealed
from games.runebreaker.models import RuneBreakerState
from games.runebreaker.rounds import RoundSpec


def secrets(state: RuneBreakerState) -> list[Notice]:
    rounds = [_round(result.number, result.spec, finished=True) for result in state.results]
    current = state.round
    if current is not None and current.number not in {r.number for r in state.results}:
        rounds.append(_round(current.number, current.spec, finished=False))
    return [Notice(audience=PUBLIC, kind="secrets_revealed", data={"rounds": rounds})]


def _round(number: int, spec: RoundSpec, *, finished: bool) -> dict[str, Any]:
    return {"number": number, "finished": finished, **revealed(spec)}
