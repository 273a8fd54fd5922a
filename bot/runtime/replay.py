"""Rebuild a match's state from its seed, config and event log.

The log is the match's history of record: replaying it must reproduce the
stored state exactly (tests hold the engines and the runtime to that).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import HOST, Game
from games.core import Actor
from storage.records import EventRecord


def replay(
    game: Game[Any, Any, Any], config: dict[str, Any], seed: int, events: Sequence[EventRecord]
) -> Any:
    state: Any = None
    for event in events:
        if event.kind == "host" and event.payload.get("command") == "start":
            state = game.setup(config, seed=seed, now_ms=event.now_ms).state
        elif event.kind == "action":
            actor: Actor = HOST if event.actor == HOST else int(event.actor or 0)
            state = game.apply(state, actor, game.load_action(event.payload), event.now_ms).state
        elif event.kind == "expire":
            state = game.expire(state, event.payload["key"], event.now_ms).state
    return state
