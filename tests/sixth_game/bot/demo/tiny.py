"""Race to Five's built-in player: ready at once, then adds 2 when that wins, else
either at random."""

from __future__ import annotations

import random
from typing import Any

from games.tiny import GOAL


def player(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    if view["step"] == "ready":
        return None if view["ready"][seat] else "ready"
    if view["turn"] != seat:
        return None
    return "add 2" if view["total"] + 2 >= GOAL else rng.choice(["add 1", "add 2"])


PLAYER = player
