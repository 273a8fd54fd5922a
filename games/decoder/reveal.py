"""What ``/match reveal`` tells the room once the match is over: each seat's
letters (those still hidden and those found), the letters it was dealt, and
its timer tanks' recharge times (secret from the opponent all match)."""

from __future__ import annotations

from typing import Any

from games.core import PUBLIC, SEATS, Notice
from games.decoder.models import DecoderState


def secrets(state: DecoderState) -> list[Notice]:
    data = {
        "hands": [sorted(state.hands[seat]) for seat in SEATS],
        "found": [[r.letter for r in state.revealed if r.seat == seat] for seat in SEATS],
        "dealt": [sorted(state.seen[seat]) for seat in SEATS],
        "tanks": [_tanks(state, seat) for seat in SEATS],
    }
    return [Notice(audience=PUBLIC, kind="secrets_revealed", data=data)]


def _tanks(state: DecoderState, seat: int) -> list[dict[str, Any]]:
    return [
        {
            "tank": number,
            "tank_name": name,
            "seconds": tank.seconds,
            "units": tank.units,
            "used": tank.used,
        }
        for number, (name, tank) in enumerate(
            zip(state.tank_names, state.tanks[seat], strict=False), start=1
        )
    ]
