"""Replaying a recorded test game: the engines' log of record, in test form."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import Game


def replay_log(
    game: Game[Any, Any, Any], config: Any, seed: int, log: Sequence[tuple[Any, ...]]
) -> Any:
    """The state after setting up ``game`` and applying ``log``: entries are
    ``("apply", actor, action_json, now_ms)`` or ``("expire", key, now_ms)``."""
    state = game.setup(config, seed=seed, now_ms=0).state
    for entry in log:
        if entry[0] == "apply":
            _, actor, action, now = entry
            state = game.apply(state, actor, game.load_action(action), now).state
        else:
            _, key, now = entry
            state = game.expire(state, key, now).state
    return state
